"""Front matter → validated article records.

Front matter is validated with MkDocs' config machinery (one ``Config`` per page, as Material's
blog does with ``PostConfig``). Real sites write loose YAML, so the options accept every spelling
whose meaning is clear and reject the rest with a message that names the file and the key; the
field then falls back to its default and the page is still listed.
"""

from __future__ import annotations

import datetime
import re
import reprlib
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from html import unescape
from typing import Any

import yaml
from mkdocs.config import config_options as c
from mkdocs.config.base import BaseConfigOption, Config, ValidationError

from .config import FrontMatterKeys

try:  # libyaml is several times faster, and front matter is read once per page per build
    _Loader: Any = yaml.CSafeLoader
except AttributeError:  # pragma: no cover - PyYAML built without libyaml
    _Loader = yaml.SafeLoader

# The same delimiters MkDocs accepts (mkdocs.utils.meta), so we see what MkDocs sees.
_FRONT_MATTER = re.compile(r"\A-{3}[ \t]*\r?\n(.*?\r?\n)?(?:\.{3}|-{3})[ \t]*(?:\r?\n|\Z)", re.S)

_REPR = reprlib.Repr()
_REPR.maxlevel, _REPR.maxlist, _REPR.maxdict, _REPR.maxstring, _REPR.maxother = 2, 4, 4, 60, 60


def short(value: object) -> str:
    """A bounded repr for messages: YAML aliases can make a value billions of items long."""
    return _REPR.repr(value)


MAX_READ_TIME = 600
"""Largest `read_time` taken at face value (ten hours); larger values are typos."""


def _clean_text(value: str) -> str:
    """Drop control characters (NUL and friends) and surrounding white space."""
    return "".join(ch for ch in value if unicodedata.category(ch) != "Cc" or ch in "\t\n").strip()


class TagList(BaseConfigOption[tuple[str, ...]]):
    """A list of tag names; also a comma-separated string, and numbers (`2024`) as text."""

    def __init__(self) -> None:
        super().__init__()
        self.default = ()

    def run_validation(self, value: object) -> tuple[str, ...]:
        if value is None:
            return ()
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
            name = _clean_text(str(item))
            if not name:
                self.warnings.append("an empty tag name was ignored")
                continue
            if name not in tags:
                tags.append(name)
        return tuple(tags)


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
            text = _clean_text(str(item))
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
        return _clean_text(str(value)) or None


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


class DateValue(BaseConfigOption[datetime.date | None]):
    """A date or date-time, as YAML writes it or as an ISO 8601 string."""

    def run_validation(self, value: object) -> datetime.date | None:
        if value is None:
            return None
        if isinstance(value, datetime.datetime):
            return value.date()
        if isinstance(value, datetime.date):
            return value
        if isinstance(value, str):
            text = value.strip()
            try:
                return datetime.datetime.fromisoformat(text.replace("Z", "+00:00")).date()
            except ValueError:
                pass
        raise ValidationError(f"expected a date like 2026-05-31, got {short(value)}")


def _as_number(value: object) -> float | None:
    """A YAML number or a numeric string as a float; None for anything else (NaN included)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        number = float(value)
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


class ArticleConfig(Config):
    """The front matter this plugin reads, under its canonical names."""

    title = Text()
    tags = TagList()
    category = TextList()
    member = Flag()
    type = Text()
    summary = Text()
    description = Text()
    date = DateValue()
    weight = Number()
    read_time = Minutes()
    lang = c.Optional(c.Type(str))
    audience = TagList()


@dataclass(frozen=True)
class ArticleMeta:
    """What one page's front matter says, validated."""

    src_uri: str
    title: str | None
    tags: tuple[str, ...]
    categories: tuple[str, ...]
    member: bool
    type: str | None
    summary: str | None
    date: datetime.date | None
    weight: float | None
    read_time: int | None
    lang: str | None
    audience: tuple[str, ...] = ()


Warn = Callable[[str], None]


def split_front_matter(source: str, path: str, warn: Warn) -> dict[str, Any]:
    """Parse a page's YAML front matter the way MkDocs does, but say what is wrong with it.

    MkDocs silently treats broken front matter as body text; a site author needs to know.
    """
    if not source.startswith("---"):
        return {}
    match = _FRONT_MATTER.match(source)
    if match is None:
        return {}
    try:
        data = yaml.load(match.group(1) or "", Loader=_Loader)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" (line {mark.line + 2})" if mark is not None else ""
        problem = getattr(exc, "problem", None) or "invalid YAML"
        warn(f"{path}: front matter is not valid YAML{where}: {problem}; its keys are ignored")
        return {}
    except (ValueError, TypeError, OverflowError, RecursionError) as exc:
        # PyYAML raises these for values it parses but cannot build, such as 2026-02-30
        warn(f"{path}: front matter cannot be read: {exc}; its keys are ignored")
        return {}
    if data is None:
        return {}
    if not isinstance(data, dict):
        warn(
            f"{path}: front matter is a {type(data).__name__}, not a mapping of keys; it is ignored"
        )
        return {}
    return data


def validate(
    src_uri: str, meta: Mapping[str, Any], keys: FrontMatterKeys, warn: Warn
) -> ArticleMeta:
    """Validate one page's front matter; a bad key is reported and falls back to its default."""
    names: dict[str, str] = {canonical: keys[canonical] for canonical in keys}
    names["title"] = "title"
    patch = {canonical: meta[key] for canonical, key in names.items() if key in meta}
    for _ in range(len(patch) + 1):
        config = ArticleConfig(config_file_path=src_uri)
        config.load_dict(dict(patch))
        errors, warnings = config.validate()
        for canonical, message in warnings:
            warn(f"{src_uri}: front matter '{names.get(canonical, canonical)}': {message}")
        if not errors:
            break
        canonical, error = errors[0]
        warn(f"{src_uri}: front matter '{names.get(canonical, canonical)}': {error}; ignored")
        patch.pop(canonical, None)
    summary = config.summary or config.description
    return ArticleMeta(
        src_uri=src_uri,
        title=config.title,
        tags=config.tags,
        categories=config.category,
        member=config.member,
        type=config.type,
        summary=summary,
        date=config.date,
        weight=config.weight,
        read_time=config.read_time,
        lang=config.lang,
        audience=tuple(dict.fromkeys(tag_key(a) for a in config.audience)),
    )


def tag_key(name: str) -> str:
    """Identity of a tag: `ABC`, `abc` and `ＡＢＣ` are one tag."""
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())


_FIRST_P = re.compile(r"<p\b[^>]*>(.*?)</p>", re.S | re.I)
_TAG = re.compile(r"<[^>]+>")


def first_paragraph(html: str, limit: int) -> str | None:
    """Text of the first paragraph of rendered HTML, cut at a word boundary after `limit`.

    The card's last-resort summary; tags are stripped here and the template escapes the text.
    """
    match = _FIRST_P.search(html)
    if match is None:
        return None
    text = " ".join(unescape(_TAG.sub("", match.group(1))).split())
    if limit and len(text) > limit:
        cut = text[:limit]
        space = cut.rfind(" ")
        text = (cut[:space] if space > limit // 2 else cut).rstrip(" ,;:.-—") + "…"
    return text or None
