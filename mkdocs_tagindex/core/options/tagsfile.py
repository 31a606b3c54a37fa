"""The optional tags file: per-language names and descriptions of tags, and their aliases.

With it, `Robotics` on English pages and `ロボティクス` on Japanese pages are one tag with one
slug, shown in each language's own word.

```yaml
robotics:
  name: {en: Robotics, ja: ロボティクス}
  description: {en: Robots that learn., ja: 学習するロボット。}
  aliases: [ロボティクス, robot]
grpo:
  name: GRPO
  color: "#e91e63"
  icon: material/robot
categories:  # not a tag: a category's name per language (`model/categories.py`)
  Agents: {ja: エージェント, de: Agenten}
```

`color` (a CSS hex colour, quoted: an unquoted `#` starts a YAML comment) and `icon` (Material's
icon syntax) style the tag's chips, its page's heading and its all-tags item (`tagstyle.py`).

The file is the author's data, like front matter, so its problems are warnings naming the file,
the entry and the key (every problem of an entry, not only the first), and the rest of the file
still counts. The top-level `categories:` is the categories table, unless it reads as the entry of
a tag named so (empty, or only a tag entry's keys: a site with that tag keeps it). Nothing is
merged silently: two entries that are one tag (`Grpo:`, `grpo:`) and a
name or alias claimed by two entries are reported, and the first entry in the file keeps it; an
entry's own key always stays its own tag.
"""

from __future__ import annotations

import gc
import hashlib
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import yaml
from mkdocs.config.base import BaseConfigOption, ValidationError

from ..model import hierarchy
from ..text.slugs import tag_key
from ..text.values import (
    BUILD_ERRORS,
    build_problem,
    mark_line,
    pick,
    reader_problem,
    short,
    unbuildable,
    unbuildable_where,
)
from .optiontypes import TagList, language_problem
from .tagstyle import Icons, TagColor, TagIcon

try:  # libyaml: a tags file of 100,000 entries loads in seconds instead of a minute
    _Loader: Any = yaml.CSafeLoader
except AttributeError:  # pragma: no cover - PyYAML built without libyaml
    _Loader = yaml.SafeLoader


def _kind(value: object) -> str:
    return "null" if value is None else f"{type(value).__name__} {short(value)}"


def _text(value: object) -> str | None:
    """Text as the tags file may write it: a string, or a number such as `2024`."""
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        return None
    return str(value).strip()


class LocalizedText(BaseConfigOption[dict[str, str]]):
    """One text for every language (`*`), or a mapping of language code → text.

    A bad language or text is reported and left out; the entry's other languages stay."""

    def __init__(self) -> None:
        super().__init__()
        self.default = {}

    def run_validation(self, value: object) -> dict[str, str]:
        if value is None:
            return {}
        if not isinstance(value, dict):
            text = _text(value)
            if text is None:
                raise ValidationError(
                    f"expected text or a mapping of language code to text, got {_kind(value)}"
                )
            if not text:
                self.warnings.append("empty text; ignored")
                return {}
            return {"*": text}
        out: dict[str, str] = {}
        for lang, item in value.items():
            problem = language_problem(lang)
            text = _text(item)
            if problem:
                self.warnings.append(f"{problem}; ignored")
            elif text is None:
                self.warnings.append(f"'{lang}': expected text, got {_kind(item)}; ignored")
            elif not text:
                self.warnings.append(f"'{lang}': empty text; ignored")
            else:
                out[lang] = text
        return out


class HiddenFlag(BaseConfigOption[bool]):
    """`hidden: true`: the tag still classifies articles but gets no page and no chip."""

    def run_validation(self, value: object) -> bool:
        if value is None:
            return False
        if not isinstance(value, bool):
            raise ValidationError(f"expected true or false, got {short(value)}")
        return value


class Aliases(TagList):
    """A tag list, as in front matter; a list of clean names skips the per-character cleaning
    (what a generated file of 100,000 entries has), with the same result."""

    def run_validation(self, value: object) -> tuple[str, ...]:
        if isinstance(value, list) and all(
            type(item) is str and item and item.isprintable() and item.strip() == item
            for item in value
        ):
            return tuple(dict.fromkeys(value))
        return super().run_validation(value)


class GroupBy(BaseConfigOption[str]):
    """`group_by: year`: this tag's page grouped otherwise than the plugin's `group_by`."""

    CHOICES = ("none", "category", "type", "year", "month")

    def run_validation(self, value: object) -> str:
        if not isinstance(value, str) or value not in self.CHOICES:
            raise ValidationError(f"expected one of {', '.join(self.CHOICES)}, got {short(value)}")
        return value


ENTRY_KEYS = ("name", "description", "aliases", "hidden", "group_by", "color", "icon")


@dataclass(frozen=True)
class TagCatalog:
    """Known tags: which names and aliases mean which tag, and how each language shows it."""

    keys: Mapping[str, str] = field(default_factory=dict)
    """tag_key(name or alias) → tag id."""
    names: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    descriptions: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    hidden: frozenset[str] = frozenset()
    """Tags that classify (filters, related articles) but get no page and no chip."""
    order: Mapping[str, int] = field(default_factory=dict)
    """Tag id → its entry's place in the file, for `index_sort: tags_file`."""
    separator: str | None = None
    """With the hierarchy: the levels' separator; entries and aliases may be paths."""
    group_by: Mapping[str, str] = field(default_factory=dict)
    """Tag id → how its page groups its cards, where its entry says (`group_by`)."""
    colors: Mapping[str, str] = field(default_factory=dict)
    """Tag id → its chips' background (`#rrggbb`), where its entry gives a valid `color`."""
    icons: Mapping[str, str] = field(default_factory=dict)
    """Tag id → its icon (`material/robot`), where its entry names one the theme has."""
    categories: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    """Category as the articles write it → language → its name there (the `categories:`
    table), for the articles a language shows from another (`model/categories.py`)."""

    def resolve(self, name: str) -> tuple[str, bool]:
        """The tag id a front-matter name stands for, and whether the catalog knows it."""
        if self.separator is not None:
            return self._resolve_path(name, self.separator)
        key = tag_key(name)
        known = self.keys.get(key)
        return (known, True) if known is not None else (key, False)

    def _resolve_path(self, name: str, separator: str) -> tuple[str, bool]:
        """Level by level, so that an alias of a parent renames its children's paths too
        (`ml: aliases` of `machine-learning` makes `ml/rl` `machine-learning/rl`)."""
        written = ""
        resolved = ""
        known = False
        for level in hierarchy.split(name, separator).levels:
            key = tag_key(level)
            written = f"{written}/{key}" if written else key
            here = f"{resolved}/{key}" if resolved else key
            found = self.keys.get(here) or self.keys.get(written)
            known = found is not None
            resolved = found or here
        return resolved, known

    def name(self, tag_id: str, lang: str) -> str | None:
        return pick(self.names.get(tag_id, {}), lang, last=("*",))

    def description(self, tag_id: str, lang: str) -> str | None:
        return pick(self.descriptions.get(tag_id, {}), lang, last=("*",))

    @property
    def enabled(self) -> bool:
        return bool(self.keys)


_STR, _NULL = "tag:yaml.org,2002:str", "tag:yaml.org,2002:null"
_SEQ, _MAP, _MERGE = "tag:yaml.org,2002:seq", "tag:yaml.org,2002:map", "tag:yaml.org,2002:merge"


def _parse(text: str) -> object:
    """`yaml.load(text, Loader=_Loader)`, built faster: libyaml parses and resolves the nodes,
    and the plain strings, nulls, lists and mappings a tags file is made of are built here in
    one pass (PyYAML's constructor costs more than the parsing). Every other node (numbers,
    booleans, dates, merge keys, unknown tags) goes to PyYAML's own safe constructor, so the
    result and the errors are PyYAML's."""
    loader = _Loader(text)
    try:
        root = loader.get_single_node()
        if root is None:
            return None
        built: dict[int, object] = {}  # id(node) → value: aliases share, as in PyYAML

        def build(node: yaml.Node) -> object:
            done = built.get(id(node), built)
            if done is not built:
                return done
            tag = node.tag
            if isinstance(node, yaml.ScalarNode) and tag in (_STR, _NULL):
                return node.value if tag == _STR else None
            if isinstance(node, yaml.SequenceNode) and tag == _SEQ:
                items: list[object] = []
                built[id(node)] = items
                items.extend(build(item) for item in node.value)
                return items
            if (
                isinstance(node, yaml.MappingNode)
                and tag == _MAP
                and all(key.tag != _MERGE for key, _ in node.value)
            ):
                mapping: dict[object, object] = {}
                built[id(node)] = mapping
                for key_node, value_node in node.value:
                    key = build(key_node)
                    try:
                        hash(key)
                    except TypeError:
                        raise yaml.constructor.ConstructorError(
                            "while constructing a mapping",
                            node.start_mark,
                            "found unhashable key",
                            key_node.start_mark,
                        ) from None
                    mapping[key] = build(value_node)
                return mapping
            value = loader.construct_object(node, deep=True)
            built[id(node)] = value
            return value

        return build(root)
    finally:
        loader.dispose()


def _read(raw: bytes) -> tuple[object, str | None]:
    """The file's YAML data, or why there is none."""
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        return None, (
            f"not UTF-8 text (byte 0x{raw[exc.start]:02x} on line {line}); "
            "save the tags file as UTF-8"
        )
    try:
        return _parse(text), None
    except yaml.reader.ReaderError as exc:  # a control character: no mark
        line, problem = reader_problem(text, exc)
        return None, f"not valid YAML (line {line + 1}): {problem}"
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" (line {mark_line(text, mark) + 1})" if mark is not None else ""
        problem = getattr(exc, "problem", None) or "invalid YAML"
        return None, f"not valid YAML{where}: {problem}"
    except BUILD_ERRORS as exc:  # a value PyYAML parses but cannot build, such as 2026-02-30
        where, value = unbuildable_where(unbuildable(text, _Loader), 1)
        return None, f"cannot be read{where}: {build_problem(exc)}{value}"


@contextmanager
def _without_cyclic_gc() -> Iterator[None]:
    """Building 100,000 entries allocates millions of containers, and every few hundred of them
    CPython's cyclic collector walks all that is alive: two thirds of the load time. The data
    has no reference cycles to collect (a recursive YAML alias is the exception, and the
    collector runs again right after), so it is paused while the file is built."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


_LAST: dict[str, tuple[bytes, TagCatalog, tuple[str, ...]]] = {}
"""The last file loaded, by path: its SHA-256, catalog and problems. `mkdocs serve` rebuilds
with a fresh plugin and reads the file again; a large file (100,000 entries take PyYAML
seconds) is parsed again only when its content changed."""


def load(
    path: str, separator: str | None = None, icons: Icons | None = None
) -> tuple[TagCatalog, list[str]]:
    """Read and validate a tags file; problems come back as messages naming the file, the
    entry and the key. A file that cannot be read at all is one message and an empty catalog.
    `icons`: where an entry's `icon` must be found (None: its syntax alone is checked)."""
    try:
        with open(path, "rb") as handle:
            raw = handle.read()
    except OSError as exc:
        return TagCatalog(), [
            f"{path}: cannot read the tags file: {exc.strerror or exc}; the tags file is ignored"
        ]
    digest = hashlib.sha256(raw).digest()
    digest += (separator or "").encode("utf-8")
    digest += repr(icons).encode("utf-8")
    last = _LAST.get(path)
    if last is not None and last[0] == digest:
        return last[1], list(last[2])
    with _without_cyclic_gc():
        catalog, problems = _load(path, raw, separator, icons)
    _LAST.clear()
    _LAST[path] = (digest, catalog, tuple(problems))
    return catalog, problems


Entry = tuple[str, str, dict[str, Any]]
"""A tag's entry: the tag as written, its id, and its checked values."""


def _load(
    path: str, raw: bytes, separator: str | None = None, icons: Icons | None = None
) -> tuple[TagCatalog, list[str]]:
    data, error = _read(raw)
    if error is not None:
        return TagCatalog(), [f"{path}: {error}; the tags file is ignored"]
    if data is None:
        data = {}
    if not isinstance(data, dict):
        return TagCatalog(), [
            f"{path}: the tags file must be a mapping of tag to its entry, got {_kind(data)}; "
            "it is ignored"
        ]
    problems: list[str] = []
    categories: dict[str, dict[str, str]] = {}
    if is_categories_table(data.get(CATEGORIES_KEY)):
        data = dict(data)
        categories = _categories(path, data.pop(CATEGORIES_KEY), problems)
    key_of = tag_key if separator is None else lambda n: hierarchy.path_key(n, separator)
    entries, owners = _entries(path, data, problems, key_of, icons)
    keys: dict[str, str] = {tag_id: tag_id for tag_id in owners}
    claimed: dict[str, str] = {}  # alias key → the entry as written that has it
    names: dict[str, dict[str, str]] = {}
    descriptions: dict[str, dict[str, str]] = {}
    for written, tag_id, values in entries:
        shown = written if separator is None else hierarchy.split(written, separator).levels[-1]
        names[tag_id] = dict(values.get("name", {})) or {"*": shown}
        descriptions[tag_id] = dict(values.get("description", {}))
        own = [("name", n) for n in values.get("name", {}).values()]
        own += [("aliases", a) for a in values.get("aliases", ())]
        for key, alias in own:
            alias_key = key_of(alias)
            if alias_key == tag_id or claimed.get(alias_key) == written:
                continue
            if alias_key in owners:
                problems.append(
                    f"{path}: tag '{written}', key '{key}': '{alias}' is the tag "
                    f"'{owners[alias_key]}', which has its own entry; it stays with "
                    f"'{owners[alias_key]}'"
                )
            elif alias_key in claimed:
                problems.append(
                    f"{path}: tag '{written}', key '{key}': '{alias}' is also given for "
                    f"'{claimed[alias_key]}'; it stays with '{claimed[alias_key]}'"
                )
            else:
                claimed[alias_key] = written
                keys[alias_key] = tag_id
    hidden = frozenset(tag_id for _, tag_id, values in entries if values.get("hidden"))
    order = {tag_id: place for place, (_, tag_id, _) in enumerate(entries)}
    group_by = {tag_id: values["group_by"] for _, tag_id, values in entries if "group_by" in values}
    colors = {tag_id: values["color"] for _, tag_id, values in entries if "color" in values}
    found = {tag_id: values["icon"] for _, tag_id, values in entries if "icon" in values}
    catalog = TagCatalog(
        keys=keys,
        names=names,
        descriptions=descriptions,
        hidden=hidden,
        order=order,
        separator=separator,
        group_by=group_by,
        colors=colors,
        icons=found,
        categories=categories,
    )
    return catalog, problems


CATEGORIES_KEY = "categories"
"""The top-level key of the categories table (`categories: {Agents: {ja: エージェント}}`)."""


def is_categories_table(value: object) -> bool:
    """Whether the top-level `categories:` is the categories table: anything but what reads as
    the entry of a tag named `categories` (empty, or a mapping of a tag entry's keys only), so
    that a site with such a tag keeps it as it was."""
    if value is None:
        return False
    return not (isinstance(value, dict) and value and set(value) <= set(ENTRY_KEYS))


def _categories(path: str, data: object, problems: list[str]) -> dict[str, dict[str, str]]:
    """The categories table: category as written → language code → its name there. A bad
    shape is one problem naming the file and the key; the table's other rows still count."""
    where = f"{path}: '{CATEGORIES_KEY}'"
    if not isinstance(data, dict):
        problems.append(
            f"{where}: expected a mapping of category to its name per language, such as "
            f"{{Agents: {{ja: エージェント}}}}, got {_kind(data)}; ignored"
        )
        return {}
    table: dict[str, dict[str, str]] = {}
    for raw, names in data.items():
        written = _text(raw)
        if not written:
            problems.append(
                f"{where}: entry {short(raw)}: a category must be non-empty text, "
                f"got {_kind(raw)}; ignored"
            )
            continue
        if not isinstance(names, dict):
            problems.append(
                f"{where}, category '{written}': expected a mapping of language code to the "
                f"category's name, such as {{ja: エージェント}}, got {_kind(names)}; ignored"
            )
            continue
        option = LocalizedText()
        named = option.validate(names)
        problems.extend(f"{where}, category '{written}': {w}" for w in option.warnings)
        if written in table:
            problems.append(f"{where}, category '{written}': given twice; the first stays")
        elif named:
            table[written] = named
    return table


def _entries(
    path: str,
    data: dict[Any, Any],
    problems: list[str],
    key_of: Callable[[str], str] = tag_key,
    icons: Icons | None = None,
) -> tuple[list[Entry], dict[str, str]]:
    """Every usable entry in file order (the first entry of a tag keeps it), and tag id → the
    tag as its first entry writes it."""
    options: dict[str, BaseConfigOption[Any]] = {
        "name": LocalizedText(),
        "description": LocalizedText(),
        "aliases": Aliases(),
        "hidden": HiddenFlag(),
        "group_by": GroupBy(),
        "color": TagColor(),
        "icon": TagIcon(icons),
    }
    entries: list[Entry] = []
    owners: dict[str, str] = {}
    for raw_id, entry in data.items():
        written = _text(raw_id)
        if not written:
            problems.append(
                f"{path}: entry {short(raw_id)}: a tag must be non-empty text, "
                f"got {_kind(raw_id)}; the entry is ignored"
            )
            continue
        tag_id = key_of(written)
        if tag_id in owners:
            problems.append(
                f"{path}: tag '{written}': the same tag as '{owners[tag_id]}' (tags that differ "
                f"only in case or width are one tag); this entry is ignored, merge it into "
                f"'{owners[tag_id]}'"
            )
            continue
        owners[tag_id] = written
        where = f"{path}: tag '{written}'"
        if entry is not None and not isinstance(entry, dict):
            problems.append(
                f"{where}: expected a mapping with {', '.join(ENTRY_KEYS)}, got {_kind(entry)}; "
                "the tag is known, with no names"
            )
            entry = {}
        values: dict[str, Any] = {}
        for key, value in (entry or {}).items():
            option = options.get(key) if isinstance(key, str) else None
            if option is None:
                problems.append(
                    f"{where}, key {short(key)}: not a key of a tag entry "
                    f"({', '.join(ENTRY_KEYS)}); ignored"
                )
                continue
            try:
                values[key] = option.validate(value)
            except ValidationError as exc:
                problems.append(f"{where}, key '{key}': {exc}; ignored")
            problems.extend(f"{where}, key '{key}': {warning}" for warning in option.warnings)
            option.reset_warnings()
        entries.append((written, tag_id, values))
    return entries, owners
