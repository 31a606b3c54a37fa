"""Option types shared by the plugin's options, front matter, listing markers and the tags file.

Typed with MkDocs' config machinery (`mkdocs.config`, a library of typed options, not MkDocs'
build): real sites write loose YAML, so each type accepts every spelling whose meaning is clear
and rejects the rest with a message that names the value.
"""

from __future__ import annotations

import datetime
import functools
import re
from collections.abc import Mapping
from dataclasses import dataclass

from mkdocs.config.base import BaseConfigOption, ValidationError

from ..text import slugs
from ..text.values import clean_text, one_date, short, shown

MAX_READ_TIME = 600
"""Largest `read_time` taken at face value (ten hours); larger values are typos."""
MAX_TAGS = 100
"""Most tags one page lists: each tag is a page, a feed and a line of `tags.json`, and every
feed item names its article's tags, so a page's cost grows with the square of its tag count.
Past this a list is a mistake (a generated list, a pasted table), not a page's topics."""
MAX_TAG_CHARS = 1000
"""Longest tag name taken: a longer one is a paragraph pasted where a tag belongs, and would be
repeated on every page and feed that names the tag."""


class TagList(BaseConfigOption[tuple[str, ...]]):
    """A list of tag names; also a comma-separated string, and numbers (`2024`) as text."""

    def __init__(self) -> None:
        super().__init__()
        self.default = ()

    def run_validation(self, value: object) -> tuple[str, ...]:
        if value is None:
            return ()
        if type(value) is list and all(
            type(i) is str and i.isascii() and i.isprintable() for i in value
        ):  # the usual list, read on every page of every build: only spaces to drop
            names = [i.strip() for i in value]
            if "" not in names and max(map(len, names), default=0) <= MAX_TAG_CHARS:
                return self._capped(list(dict.fromkeys(names)))  # (the rest: warned below)
        if isinstance(value, str):
            items: list[object] = list(value.split(","))
        elif isinstance(value, (list, tuple)):
            items = list(value)
        else:
            raise ValidationError(
                f"expected a list of tag names, got {type(value).__name__} {short(value)}"
            )
        tags: list[str] = []
        for item in items:
            if isinstance(item, bool) or not isinstance(item, (str, int, float)):
                self.warnings.append(  # drop this item only: the page keeps its other tags
                    f"a tag must be text, but one item is {type(item).__name__} {short(item)}; "
                    "that item was ignored"
                )
                continue
            name = slugs.strip_format(clean_text(str(item)))  # no zero-width or bidi tricks
            if not name:
                self.warnings.append("an empty tag name was ignored")
                continue
            if len(name) > MAX_TAG_CHARS:
                self.warnings.append(
                    f"a tag of {len(name):,} characters (more than {MAX_TAG_CHARS}) was ignored: "
                    f"{short(name)}"
                )
                continue
            if name not in tags:
                tags.append(name)
        return self._capped(tags)

    def _capped(self, tags: list[str]) -> tuple[str, ...]:
        """The first `MAX_TAGS` tags, and one warning for the rest."""
        if len(tags) > MAX_TAGS:
            self.warnings.append(
                f"{len(tags):,} tags, more than {MAX_TAGS}: the first {MAX_TAGS} are listed, "
                f"the other {len(tags) - MAX_TAGS:,} ({short(tags[MAX_TAGS])}, …) were ignored"
            )
        return tuple(tags[:MAX_TAGS])


class TextList(BaseConfigOption[tuple[str, ...]]):
    """One text or a list of texts (`category: [Agents]` is as clear as `category: Agents`)."""

    def __init__(self) -> None:
        super().__init__()
        self.default = ()

    def run_validation(self, value: object) -> tuple[str, ...]:
        if value is None:
            return ()
        if isinstance(value, (list, tuple)):
            items: list[object] = list(value)
        elif isinstance(value, (str, int, float)) and not isinstance(value, bool):
            items = [value]
        else:
            raise ValidationError(f"expected text, got {type(value).__name__} {short(value)}")
        out: list[str] = []
        for item in items:
            if isinstance(item, bool) or not isinstance(item, (str, int, float)):
                self.warnings.append(
                    f"expected text, but one item is {type(item).__name__} {short(item)}; "
                    "that item was ignored"
                )
                continue
            text = clean_text(str(item))
            if text and text not in out:
                out.append(text)
        return tuple(out)


class Text(BaseConfigOption[str | None]):
    """Optional text; numbers are taken as text, anything else is an error."""

    def run_validation(self, value: object) -> str | None:
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, (str, int, float)):
            raise ValidationError(f"expected text, got {type(value).__name__} {short(value)}")
        return clean_text(str(value)) or None


class OneOf(BaseConfigOption[str | None]):
    """One word of a fixed list, in any case (`Advanced` is `advanced`)."""

    def __init__(self, words: tuple[str, ...]) -> None:
        super().__init__()
        self.words = words

    def run_validation(self, value: object) -> str | None:
        if value is None:
            return None
        word = clean_text(str(value)).lower() if isinstance(value, str) else None
        if word not in self.words:
            raise ValidationError(f"expected one of {', '.join(self.words)}, got {shown(value)}")
        return word


_TRUE = {"true", "yes", "y", "on", "1"}


_FALSE = {"false", "no", "n", "off", "0", ""}


class Flag(BaseConfigOption[bool]):
    """A yes/no value: YAML booleans, `"yes"`/`"no"`, `1`/`0`."""

    def __init__(self) -> None:
        super().__init__()
        self.default = False

    def run_validation(self, value: object) -> bool:
        if value is None:
            return False
        if isinstance(value, bool):
            return value
        if isinstance(value, int) and value in (0, 1):
            return bool(value)
        if isinstance(value, str) and value.strip().lower() in _TRUE | _FALSE:
            return value.strip().lower() in _TRUE
        raise ValidationError(f"expected true or false, got {short(value)}")


@dataclass(frozen=True)
class Dates:
    """When an article was published and last updated."""

    created: datetime.date | None = None
    updated: datetime.date | None = None


class DateValue(BaseConfigOption[Dates]):
    """A date or date-time, as YAML writes it or as an ISO 8601 string; or Material's blog form
    `{created: 2025-07-06, updated: 2025-08-01}`, which blog authors use on ordinary pages too."""

    def __init__(self) -> None:
        super().__init__()
        self.default = Dates()

    def run_validation(self, value: object) -> Dates:
        if value is None:
            return Dates()
        if isinstance(value, Dates):  # the default
            return value
        if isinstance(value, Mapping):
            created = one_date(value.get("created"))
            updated = one_date(value.get("updated")) if value.get("updated") is not None else None
            if created is None or (value.get("updated") is not None and updated is None):
                raise ValidationError(
                    "expected a date like 2026-05-31, or {created: 2026-05-31, updated: …}, "
                    f"got {short(value)}"
                )
            return Dates(created, updated)
        date = one_date(value)
        if date is None:
            raise ValidationError(f"expected a date like 2026-05-31, got {short(value)}")
        return Dates(date)


def _as_number(value: object) -> float | None:
    """A YAML number or a numeric string as a float; None for anything else (NaN included)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        try:
            number = float(value)
        except OverflowError:  # an int past 1.8e308: a typo, not a number to sort by
            return None
    elif isinstance(value, str):
        try:
            number = float(value.strip())
        except ValueError:
            return None
    else:
        return None
    return None if number != number else number


class Number(BaseConfigOption[float | None]):
    """A number (`weight`); numeric strings are accepted."""

    def run_validation(self, value: object) -> float | None:
        if value is None:
            return None
        number = _as_number(value)
        if number is None:
            raise ValidationError(f"expected a number, got {short(value)}")
        return number


class Minutes(BaseConfigOption[int | None]):
    """Whole minutes from 1 to `MAX_READ_TIME`; `"12"` and `12.0` are accepted."""

    def run_validation(self, value: object) -> int | None:
        if value is None:
            return None
        minutes = _as_number(value)
        if minutes is None:
            raise ValidationError(f"expected a number of minutes, got {short(value)}")
        if not 1 <= minutes <= MAX_READ_TIME:
            raise ValidationError(
                f"expected minutes between 1 and {MAX_READ_TIME}, got {short(value)}"
            )
        return round(minutes)


_LANGUAGE = re.compile(r"[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*")


@functools.cache
def _cldr_languages() -> frozenset[str]:
    """Primary language subtags CLDR has data for (Babel comes with Material)."""
    from babel import localedata

    return frozenset(code.split("_")[0].lower() for code in localedata.locale_identifiers())


def language_problem(code: object) -> str | None:
    """Why `code` is not a language code (`en`, `ja`, `pt-BR`, `zh_Hant`), or None if it is.

    `english` or `jp` would match no build language and be silently unused."""
    if not isinstance(code, str):
        return f"a language code must be text, got {shown(code)}"
    return _code_problem(code)


@functools.lru_cache(maxsize=4096)  # a tags file repeats the same few codes on every entry
def _code_problem(code: str) -> str | None:
    primary = re.split(r"[-_]", code, maxsplit=1)[0].lower()
    if not _LANGUAGE.fullmatch(code) or primary not in _cldr_languages():
        return f"'{code}' is not a language code (such as en, ja, pt-BR, zh-Hant)"
    return None


def language_key(code: str) -> str:
    """One spelling per language, to catch the same language given twice (`ja`, `JA`)."""
    return code.lower().replace("_", "-")


class LanguageCode(BaseConfigOption[str | None]):
    """An optional language code, checked against CLDR's languages."""

    def run_validation(self, value: object) -> str | None:
        if value is None:
            return None
        problem = language_problem(value)
        if problem:
            raise ValidationError(problem)
        assert isinstance(value, str)
        return value


class Count(BaseConfigOption[int]):
    """A whole number ≥ 0. `true` is not 1: YAML booleans are a mistake here, not a number."""

    def __init__(self, default: int) -> None:
        super().__init__()
        self.default = default

    def run_validation(self, value: object) -> int:
        if value is None:
            return int(self.default)
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValidationError(f"expected a whole number, 0 or more, got {shown(value)}")
        if value < 0:
            raise ValidationError(f"expected a whole number, 0 or more, got {value}")
        return value


class KeyName(BaseConfigOption[str]):
    """A front-matter key name: non-empty text."""

    def __init__(self, default: str) -> None:
        super().__init__()
        self.default = default

    def run_validation(self, value: object) -> str:
        if value is None:
            return str(self.default)
        if not isinstance(value, str):
            raise ValidationError(f"expected a front-matter key name, got {shown(value)}")
        if not value.strip():
            raise ValidationError("a front-matter key name must not be empty")
        return value


class Positive(Count):
    """A whole number ≥ 1."""

    def run_validation(self, value: object) -> int:
        number = super().run_validation(value)
        if number < 1:
            raise ValidationError(f"expected a whole number, 1 or more, got {number}")
        return number
