"""Front matter that MkDocs accepts and Zensical 0.0.73 refuses: its compiled core reads a
page's metadata with its own YAML reader and stops the whole `zensical build` with a traceback
on each of these (each rule was seen to fail the real build, tests/build/
test_zensical_refusals.py). `tagindex check` and `tagindex build` say them first, naming the
file and the key."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from pathlib import Path

import yaml

_FRONT = re.compile(r"\A\ufeff?---[ \t]*\r?\n(.*?)^(?:---|\.\.\.)[ \t]*\r?$", re.S | re.M)
_STANDARD = "tag:yaml.org,2002:"
_NULL = re.compile(r"\A(?:~|null|Null|NULL|)\Z")
_CORE = re.compile(
    r"\A(?:true|True|TRUE|false|False|FALSE|[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+"
    r"|[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?"
    r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))\Z"
)
"""YAML 1.2 core schema's plain scalars that are not strings (null apart)."""
_STOPS = "Zensical stops the build"
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
"""libyaml's where PyYAML has it (a build reads every page's front matter once more here);
its plain scalars have the style "" where PyYAML's have None."""


def refusals(text: str, tags_key: str = "tags") -> Iterator[str]:
    """What Zensical will refuse in a page's front matter, each as "key: why"."""
    found = _FRONT.match(text)
    if found is None:
        return
    block = found.group(1)
    if not block.strip() or not _has_content(block):
        yield f"front matter: an empty block; {_STOPS} (one YAML document expected)"
        return
    try:
        node = yaml.compose(block, Loader=_LOADER)
    except yaml.YAMLError:
        return  # not YAML to MkDocs either (a tab in indentation…): the plugin's check says it
    if node is None:
        return
    custom = next(_custom_tags(node), None)
    if custom is not None:
        yield f"{custom[0] or 'front matter'}: the YAML tag {custom[1]}; {_STOPS} (custom tags)"
        return
    if not isinstance(node, yaml.MappingNode):
        yield f"front matter: not a mapping; {_STOPS} (its root must be a mapping)"
        return
    yield from _keys_and_tags(node, tags_key)


def _has_content(block: str) -> bool:
    return any(line.strip() and not line.lstrip().startswith("#") for line in block.splitlines())


def _custom_tags(node: yaml.Node, key: str = "") -> Iterator[tuple[str, str]]:
    """(key, tag) of each node with a tag beyond YAML's own (`!ENV`, `!!python/…`)."""
    if not node.tag.startswith(_STANDARD) or node.tag.startswith(_STANDARD + "python"):
        yield key, node.tag
    if isinstance(node, yaml.MappingNode):
        for k, v in node.value:
            name = key or (str(k.value) if isinstance(k, yaml.ScalarNode) else "")
            yield from _custom_tags(k, name)
            yield from _custom_tags(v, name)
    elif isinstance(node, yaml.SequenceNode):
        for item in node.value:
            yield from _custom_tags(item, key)


def _keys_and_tags(node: yaml.MappingNode, tags_key: str) -> Iterator[str]:
    """Keys and tags as Zensical reads them: YAML 1.2's core schema, where a date or `yes` is
    a string (unlike PyYAML's YAML 1.1) but `1`, `true` and `~` are not."""
    for key, value in node.value:
        if not isinstance(key, yaml.ScalarNode) or _not_string(key):
            shown = key.value if isinstance(key, yaml.ScalarNode) else "a collection"
            yield f"{shown!r}: a key that is not a string; {_STOPS} (keys must be strings)"
        elif key.value == tags_key:
            yield from _tags(value, tags_key)


def _tags(value: yaml.Node, tags_key: str) -> Iterator[str]:
    if not isinstance(value, yaml.SequenceNode):
        shown = "empty" if _is_null(value) else f"{_kind(value)}, not a list"
        yield f"{tags_key}: {shown}; {_STOPS} (it expects a list; write `{tags_key}: []`)"
        return
    for i, item in enumerate(value.value):
        if not isinstance(item, yaml.ScalarNode) or _is_null(item):
            kind = "empty" if _is_null(item) else _kind(item)
            yield f"{tags_key}[{i}]: {kind}; {_STOPS} (each tag must be a string or number)"


def _kind(node: yaml.Node) -> str:
    if isinstance(node, yaml.MappingNode):
        return "a mapping"
    return "a list" if isinstance(node, yaml.SequenceNode) else "a single value"


def _is_null(node: yaml.Node) -> bool:
    return isinstance(node, yaml.ScalarNode) and not node.style and bool(_NULL.match(node.value))


def _not_string(node: yaml.ScalarNode) -> bool:
    return not node.style and bool(_NULL.match(node.value) or _CORE.match(node.value))


def find(docs_dir: Path, srcs: Iterable[str], tags_key: str = "tags") -> Iterator[str]:
    """Each refusal in the Markdown files `srcs` (relative to `docs_dir`), as a message."""
    for src in srcs:
        if not src.endswith(".md"):
            continue
        try:
            text = (docs_dir / src).read_text("utf-8")
        except (OSError, UnicodeDecodeError):
            continue  # said by the reader that needs it
        for why in refusals(text, tags_key):
            yield f"{src}: {why} on Zensical"
