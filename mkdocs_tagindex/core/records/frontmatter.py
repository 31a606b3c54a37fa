"""Front matter: parsed as MkDocs parses it, validated field by field.

Front matter is validated with MkDocs' config machinery (one ``Config`` per page, as Material's
blog does with ``PostConfig``). Real sites write loose YAML, so the options accept every spelling
whose meaning is clear and reject the rest with a message that names the file and the key; the
field then falls back to its default and the page is still listed.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import yaml
from mkdocs.config import config_options as c
from mkdocs.config.base import Config, ValidationError

from ..options.config import FrontMatterKeys
from ..options.optiontypes import Dates, DateValue, Flag, Minutes, Number, TagList, Text, TextList
from ..text.slugs import tag_key
from ..text.values import (
    BUILD_ERRORS,
    build_problem,
    mark_line,
    reader_problem,
    unbuildable,
    unbuildable_where,
)
from .cardfields import read_fields

try:  # libyaml is several times faster, and front matter is read once per page per build
    yaml_loader: Any = yaml.CSafeLoader
except AttributeError:  # pragma: no cover - PyYAML built without libyaml
    yaml_loader = yaml.SafeLoader

# The same delimiters MkDocs accepts (mkdocs.utils.meta), so we see what MkDocs sees.
_FRONT_MATTER = re.compile(r"\A-{3}[ \t]*\r?\n(.*?\r?\n)?(?:\.{3}|-{3})[ \t]*(?:\r?\n|\Z)", re.S)


def tags_of(meta: Mapping[str, Any], keys: FrontMatterKeys) -> tuple[str, ...]:
    """Just the tag names of a page's front matter, quietly (the first pass: what a page says
    is validated, with its messages, from its final meta)."""
    option = TagList()
    try:
        return option.run_validation(meta.get(keys.tags))
    except ValidationError:
        return ()


def categories_of(meta: Mapping[str, Any], keys: FrontMatterKeys) -> tuple[str, ...]:
    """Just the categories of a page's front matter (its `category` key, else `categories`),
    quietly, as `read` gives them (the first pass: which name a translation gives a category,
    `model/categories.py`)."""
    key = keys.category if keys.category in meta else FALLBACK_KEYS["category"]
    option = TextList()
    try:
        return option.run_validation(meta.get(key))
    except ValidationError:
        return ()


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
class FrontMatter:
    """A page's validated front matter, before MkDocs and the HTML add what they know."""

    title: str | None = None
    tags: tuple[str, ...] = ()
    categories: tuple[str, ...] = ()
    member: bool = False
    type: str | None = None
    summary: str | None = None
    dates: Dates = field(default_factory=Dates)
    weight: float | None = None
    read_time: int | None = None
    lang: str | None = None
    audience: tuple[str, ...] = ()
    authors: tuple[str, ...] = ()
    draft: bool = False
    fields: tuple[tuple[str, Any], ...] = ()
    """The declared card fields (`cardfields.py`) it gives."""


Warn = Callable[[str], None]


def _yaml_problem(block: str, exc: yaml.YAMLError, first: int = 2) -> tuple[int | None, str]:
    """Where a front-matter YAML error really is (a file line) and what it is, in words.

    PyYAML notices a bad indentation one line late and names it "could not find expected ':'";
    a full-width space (U+3000, typed by a Japanese input method) or a tab in the indentation is
    the usual cause, so it is looked for first.
    """
    for number, line in enumerate(block.split("\n"), start=first):  # lines as editors count
        indent = line[: len(line) - len(line.lstrip(" \t\u3000"))]
        if "\u3000" in indent:
            return number, "the indentation has a full-width space (U+3000); use ASCII spaces"
        if "\t" in indent:
            return number, "the indentation has a tab; YAML allows only spaces there"
    if isinstance(exc, yaml.reader.ReaderError):
        at, problem = reader_problem(block, exc)
        return at + first, problem
    mark = getattr(exc, "problem_mark", None)
    problem = getattr(exc, "problem", None) or "invalid YAML"
    return (mark_line(block, mark) + first if mark is not None else None), str(problem)


def front_matter(source: str, path: str, warn: Warn) -> dict[str, Any]:
    """Parse a page's YAML front matter the way MkDocs does, but say what is wrong with it.

    MkDocs silently treats broken front matter as body text; a site author needs to know.
    """
    if not source.startswith("---"):
        return {}
    match = _FRONT_MATTER.match(source)
    if match is None:
        return {}
    return yaml_mapping(match.group(1) or "", path, warn)


def yaml_mapping(
    block: str, path: str, warn: Warn, what: str = "front matter", first_line: int = 2
) -> dict[str, Any]:
    """The keys of a YAML mapping an author wrote (`what`: front matter, whose block starts on
    the file's line 2, or a `.meta.yml`, from line 1), or `{}` and one line naming the file,
    the line, the key and the value when it cannot be read: never a traceback."""
    try:
        data = yaml.load(block, Loader=yaml_loader)
    except yaml.YAMLError as exc:
        line, problem = _yaml_problem(block, exc, first_line)
        where = f" (line {line})" if line is not None else ""
        warn(f"{path}: {what} is not valid YAML{where}: {problem}; its keys are ignored")
        return {}
    except BUILD_ERRORS as exc:  # a value PyYAML parses but cannot build, such as 2026-02-30
        where, value = unbuildable_where(unbuildable(block, yaml_loader), first_line)
        problem = build_problem(exc)
        warn(f"{path}: {what} cannot be read{where}: {problem}{value}; its keys are ignored")
        return {}
    if data is None:
        return {}
    if not isinstance(data, dict):
        warn(f"{path}: {what} is a {type(data).__name__}, not a mapping of keys; it is ignored")
        return {}
    return data


def refused_keys_out(
    meta: Mapping[str, Any], where: str, keys: FrontMatterKeys, warn: Warn
) -> dict[str, Any]:
    """A `.meta.yml`'s keys without those whose value the front matter's validation refuses,
    each said once naming the meta file (`where`), the key and the value: its pages would
    each be blamed for it as their own front matter (issue 39, fault 9). A page then falls
    back to the key's default, as it does for a value of its own refused."""
    names: dict[str, str] = {canonical: keys[canonical] for canonical in keys}
    names.update(title="title", authors="authors", draft="draft")
    patch = {canonical: meta[key] for canonical, key in names.items() if key in meta}
    out = dict(meta)
    for _ in range(len(patch) + 1):
        config = ArticleConfig(config_file_path=where)
        config.load_dict(dict(patch))
        errors, _warnings = config.validate()  # warnings: said for each page, as its own
        if not errors:
            break
        canonical, error = errors[0]
        warn(f"{where}: meta file '{names.get(canonical, canonical)}': {error}; ignored")
        patch.pop(canonical, None)
        out.pop(names.get(canonical, canonical), None)
    return out


def has_tags(meta: Mapping[str, Any], keys: FrontMatterKeys) -> bool:
    """Whether a page is read as an article: it says something under `tags` (an empty `tags:`,
    `[]` or `""` says nothing). `tags: 0`, `false` or `{}` are read, to be warned about like
    `tags: 2024`; a page whose tags are all unusable is not listed."""
    value = meta.get(keys.tags)
    return value is not None and not (isinstance(value, (str, list)) and value in ("", [], [None]))


def read(
    src_uri: str,
    meta: Mapping[str, Any],
    keys: FrontMatterKeys,
    warn: Warn,
    note: Warn | None = None,
) -> FrontMatter:
    """Validate one page's front matter; a bad key is reported and falls back to its default
    (`note`: where a declared card field's value it does not know goes, `cardfields.py`)."""
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
        fields=read_fields(src_uri, meta, warn, note or warn),
    )


# -- listing markers: cards in any page -------------------------------------------------------
