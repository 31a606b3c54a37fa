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

from . import slugs
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


def clean_text(value: str) -> str:
    """Drop control characters (NUL and friends) and surrounding white space."""
    if value.isprintable():  # the usual case, checked in C: nothing to drop
        return value.strip()
    return "".join(ch for ch in value if unicodedata.category(ch) != "Cc" or ch in "\t\n").strip()


def tags_of(meta: Mapping[str, Any], keys: FrontMatterKeys) -> tuple[str, ...]:
    """Just the tag names of a page's front matter, quietly (the first pass: what a page says
    is validated, with its messages, from its final meta)."""
    option = TagList()
    try:
        return option.run_validation(meta.get(keys.tags))
    except ValidationError:
        return ()


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
            name = slugs.strip_format(clean_text(str(item)))  # no zero-width or bidi tricks
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


def _one_date(value: object) -> datetime.date | None:
    if isinstance(value, datetime.datetime):
        return value.date()
    if isinstance(value, datetime.date):
        return value
    if isinstance(value, str):
        try:
            return datetime.datetime.fromisoformat(value.strip().replace("Z", "+00:00")).date()
        except ValueError:
            return None
    return None


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
            created = _one_date(value.get("created"))
            updated = _one_date(value.get("updated")) if value.get("updated") is not None else None
            if created is None or (value.get("updated") is not None and updated is None):
                raise ValidationError(
                    "expected a date like 2026-05-31, or {created: 2026-05-31, updated: …}, "
                    f"got {short(value)}"
                )
            return Dates(created, updated)
        date = _one_date(value)
        if date is None:
            raise ValidationError(f"expected a date like 2026-05-31, got {short(value)}")
        return Dates(date)


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
    authors = TextList()
    draft = Flag()


FALLBACK_KEYS = {"category": "categories", "authors": "author"}
"""Keys read when the configured one is absent: Material's blog writes `categories`, and
mkdocs-rss-plugin and many themes read `author`."""


@dataclass(frozen=True)
class Article:
    """One page as a card shows it: what its front matter says (validated), what MkDocs and the
    other plugins made of it (URL, title), and what its rendered HTML gives (read time, summary).

    Built once per page per build from the page's final state; the templates receive it as is.
    """

    src_uri: str
    url: str
    """Site-relative and percent-encoded, as MkDocs' `File.url`; templates pass it to `url`."""
    title: str
    tags: tuple[str, ...]
    """Tag ids (see `tag_key`) in the page's own order."""
    categories: tuple[str, ...] = ()
    member: bool = False
    type: str | None = None
    summary: str | None = None
    date: datetime.date | None = None
    updated: datetime.date | None = None
    weight: float | None = None
    read_time: int | None = None
    lang: str | None = None
    """Language of the page's text."""
    fallback: bool = False
    """An untranslated page that mkdocs-static-i18n publishes in another language's site."""
    audience: tuple[str, ...] = ()
    """Audience ids; none means the article is for everyone."""
    authors: tuple[str, ...] = ()
    """Author names (Material's blog authors resolved from its `.authors.yml`)."""
    draft: bool = False
    """Listed only under `mkdocs serve`, with a "Draft" mark."""

    @property
    def facets(self) -> dict[str, list[str]]:
        """Values the tag page's filters match against (rendered as JSON on each card)."""
        return {
            "audience": list(self.audience),
            "type": [self.type.lower()] if self.type else [],
            "member": ["1" if self.member else "0"],
            "category": list(self.categories),
        }


@dataclass(frozen=True)
class FrontMatter:
    """A page's validated front matter, before MkDocs and the HTML add what they know."""

    title: str | None = None
    tags: tuple[str, ...] = ()
    categories: tuple[str, ...] = ()
    member: bool = False
    type: str | None = None
    summary: str | None = None
    dates: Dates = Dates()
    weight: float | None = None
    read_time: int | None = None
    lang: str | None = None
    audience: tuple[str, ...] = ()
    authors: tuple[str, ...] = ()
    draft: bool = False


Warn = Callable[[str], None]


def _yaml_problem(block: str, exc: yaml.YAMLError) -> tuple[int | None, str]:
    """Where a front-matter YAML error really is (a file line) and what it is, in words.

    PyYAML notices a bad indentation one line late and names it "could not find expected ':'";
    a full-width space (U+3000, typed by a Japanese input method) or a tab in the indentation is
    the usual cause, so it is looked for first.
    """
    for number, line in enumerate(block.splitlines(), start=2):
        indent = line[: len(line) - len(line.lstrip(" \t\u3000"))]
        if "\u3000" in indent:
            return number, "the indentation has a full-width space (U+3000); use ASCII spaces"
        if "\t" in indent:
            return number, "the indentation has a tab; YAML allows only spaces there"
    mark = getattr(exc, "problem_mark", None)
    problem = getattr(exc, "problem", None) or "invalid YAML"
    return (mark.line + 2 if mark is not None else None), str(problem)


def front_matter(source: str, path: str, warn: Warn) -> dict[str, Any]:
    """Parse a page's YAML front matter the way MkDocs does, but say what is wrong with it.

    MkDocs silently treats broken front matter as body text; a site author needs to know.
    """
    if not source.startswith("---"):
        return {}
    match = _FRONT_MATTER.match(source)
    if match is None:
        return {}
    block = match.group(1) or ""
    try:
        data = yaml.load(block, Loader=_Loader)
    except yaml.YAMLError as exc:
        line, problem = _yaml_problem(block, exc)
        where = f" (line {line})" if line is not None else ""
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


def has_tags(meta: Mapping[str, Any], keys: FrontMatterKeys) -> bool:
    """Whether a page is an article: it has at least one tag (an empty `tags:` is not one)."""
    value = meta.get(keys.tags)
    return bool(value) and value != [None]


def read(src_uri: str, meta: Mapping[str, Any], keys: FrontMatterKeys, warn: Warn) -> FrontMatter:
    """Validate one page's front matter; a bad key is reported and falls back to its default."""
    names: dict[str, str] = {canonical: keys[canonical] for canonical in keys}
    names.update(title="title", authors="authors", draft="draft")
    for canonical, fallback in FALLBACK_KEYS.items():
        if names[canonical] not in meta and fallback in meta:
            names[canonical] = fallback
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
    return FrontMatter(
        title=config.title,
        tags=config.tags,
        categories=config.category,
        member=config.member,
        type=config.type,
        summary=config.summary or config.description,
        dates=config.date,
        weight=config.weight,
        read_time=config.read_time,
        lang=config.lang,
        audience=tuple(dict.fromkeys(tag_key(a) for a in config.audience)),
        authors=config.authors,
        draft=config.draft,
    )


def tag_key(name: str) -> str:
    """Identity of a tag, the key of its slug: `ABC`, `abc`, `ＡＢＣ` and `#abc` are one tag,
    `web development` and `web-development` too (see `slugs.key`)."""
    return slugs.key(name)


_TAG = re.compile(r"<[^>]+>")


def plain(html: str) -> str:
    """Text of an HTML fragment with white space collapsed (a heading, a paragraph)."""
    return " ".join(unescape(_TAG.sub("", html)).split())


_BLOCK = re.compile(
    r"<(/?)(p|div|details|table|figure|blockquote|pre|ul|ol|dl|aside|nav|section|header|footer|"
    r"form|fieldset|script|style|template|svg|math|iframe|video|audio|object)\b[^>]*?(/?)>",
    re.I,
)


def first_paragraph(html: str, limit: int) -> str | None:
    """Text of the page's first real paragraph, cut at a word boundary after `limit`.

    The card's last-resort summary: only a `<p>` at the top level of the content counts, so
    admonitions ("Info"), details, code, tables, figures, lists and quotes are skipped, and so
    is a paragraph with no text (an image alone). Tags are stripped; templates escape the text.
    """
    depth = 0
    start: int | None = None
    for match in _BLOCK.finditer(html):
        closing, name, self_closing = match.group(1), match.group(2).lower(), match.group(3)
        if self_closing:
            continue
        if name == "p":
            if not closing and depth == 0:
                start = match.end()
            elif closing and start is not None:
                text = plain(html[start : match.start()])
                start = None
                if text:
                    return _cut(text, limit)
            continue
        depth = max(0, depth - 1) if closing else depth + 1
    return None


def _cut(text: str, limit: int) -> str:
    if limit and len(text) > limit:
        cut = text[:limit]
        space = cut.rfind(" ")
        text = (cut[:space] if space > limit // 2 else cut).rstrip(" ,;:.-—") + "…"
    return text


# -- listing markers: cards in any page -------------------------------------------------------

_MARKER = re.compile(r"<!--\s*tagindex(?![\w-])(?P<options>.*?)-->", re.S)


class ListingConfig(Config):
    """Options of a `<!-- tagindex { … } -->` marker (README "Cards in any page")."""

    tags = TagList()
    """Articles with any of these tags; none: every article of the page's language."""
    limit = c.Optional(c.Type(int))
    """At most this many cards (1 or more)."""
    sort_by = c.Optional(c.Choice(("date", "title", "read_time", "weight")))
    """Card order; the plugin's `sort_by` when not given."""
    reverse = c.Type(bool, default=False)
    """Reverse that order."""
    type = Text()
    """Only articles of this type (`paper`)."""
    audience = Text()
    """Only articles for this audience id (articles for everyone included)."""
    category = Text()
    """Only articles in this category."""
    member = c.Optional(c.Type(bool))
    """Only members-only articles (`true`) or only free ones (`false`)."""


@dataclass(frozen=True)
class Listing:
    """One marker: where it stands in the HTML (`placeholder`) and what it asks for."""

    placeholder: str
    tags: tuple[str, ...] = ()
    limit: int | None = None
    sort_by: str | None = None
    reverse: bool = False
    type: str | None = None
    audience: str | None = None
    category: str | None = None
    member: bool | None = None


def listings(html: str, src_uri: str, warn: Warn) -> tuple[str, list[Listing]]:
    """Find the listing markers of a rendered page and put a placeholder at each.

    Markers are looked for in the HTML, not the Markdown, so that one shown in a code block
    (where Markdown escapes it) stays an example. A bad option is reported, naming the file
    and the key, and left out; the listing is still rendered with the others.
    """
    found: list[Listing] = []

    def replace(match: re.Match[str]) -> str:
        placeholder = f"<!-- tagindex-listing {len(found)} -->"
        text = unescape(match.group("options")).strip()
        try:
            options = yaml.load(text, Loader=_Loader) if text else {}
        except yaml.YAMLError as exc:
            problem = getattr(exc, "problem", None) or "invalid YAML"
            warn(f"{src_uri}: tagindex listing: the options are not valid YAML: {problem}")
            options = {}
        if options is None:
            options = {}
        if not isinstance(options, dict):
            warn(f"{src_uri}: tagindex listing: expected options like {{ tags: [grpo] }}")
            options = {}
        config = ListingConfig(config_file_path=src_uri)
        config.load_dict(options)
        errors, warnings = config.validate()
        for key, message in [*errors, *warnings]:
            warn(f"{src_uri}: tagindex listing option '{key}': {message}")
        if errors:  # validate again without what was wrong, so the rest still applies
            for key, _ in errors:
                options.pop(key, None)
            config = ListingConfig(config_file_path=src_uri)
            config.load_dict(options)
            config.validate()
        if config.limit is not None and config.limit < 1:
            got = short(config.limit)
            warn(f"{src_uri}: tagindex listing option 'limit': expected 1 or more, got {got}")
            config.limit = None
        found.append(
            Listing(
                placeholder=placeholder,
                tags=tuple(config.tags),
                limit=config.limit if config.limit and config.limit > 0 else None,
                sort_by=config.sort_by,
                reverse=config.reverse,
                type=config.type,
                audience=tag_key(config.audience) if config.audience else None,
                category=config.category,
                member=config.member,
            )
        )
        return placeholder

    return _MARKER.sub(replace, html), found
