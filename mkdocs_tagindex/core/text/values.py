"""Small helpers for values read from YAML: bounded reprs for messages, clean text, dates, and
the text of one language from a per-language mapping (pure, no MkDocs imports).

Front matter, `mkdocs.yml` and the tags file all need them; they live here once so that every
message bounds a huge value the same way and every per-language table falls back alike.
"""

from __future__ import annotations

import datetime
import reprlib
import unicodedata
from collections.abc import Mapping, Sequence
from typing import Any

import yaml

_REPR = reprlib.Repr()
_REPR.maxlevel, _REPR.maxlist, _REPR.maxdict, _REPR.maxstring, _REPR.maxother = 2, 4, 4, 60, 60


def short(value: object) -> str:
    """A bounded repr for messages: YAML aliases can make a value billions of items long."""
    return _REPR.repr(value)


def shown(value: object) -> str:
    """Type and bounded repr, for messages (`list ['x']`)."""
    return "null" if value is None else f"{type(value).__name__} {short(value)}"


def clean_text(value: str) -> str:
    """Drop control characters (NUL and friends) and surrounding white space."""
    if value.isprintable():  # the usual case, checked in C: nothing to drop
        return value.strip()
    return "".join(ch for ch in value if unicodedata.category(ch) != "Cc" or ch in "\t\n").strip()


def one_date(value: object) -> datetime.date | None:
    """A date from YAML's date or date-time, or from an ISO 8601 string; None otherwise."""
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


def pick(texts: Mapping[str, Any], lang: str, last: Sequence[str] = ("*", "en")) -> str | None:
    """The text for `lang` from a per-language mapping: exact, base language, then `last`
    (every language's `*`, then English, unless the caller wants fewer)."""
    base = lang.replace("-", "_").split("_")[0]
    for key in (lang, base, *last):
        if texts.get(key):
            return str(texts[key])
    return None


# -- YAML errors: where and what, for front matter and the tags file ---------------------------

BUILD_ERRORS = (ValueError, TypeError, LookupError, AttributeError, OverflowError, RecursionError)
"""What PyYAML raises, without a mark, for a value it parses but cannot build: `2026-02-30`
(ValueError), `!!bool x` (KeyError), `!!timestamp x` (AttributeError)."""


def build_problem(exc: BaseException) -> str:
    """A build error in words."""
    if isinstance(exc, (ValueError, OverflowError, RecursionError)):
        return str(exc)
    return "a value does not fit its YAML tag (such as !!bool or !!timestamp)"


def unbuildable_line(text: str, loader_class: Any) -> int | None:
    """The 0-based line of the first value YAML parses but cannot build: such an error comes
    without a mark, so each scalar is built on its own (an alias's node once) to find it."""
    loader = loader_class(text)
    try:
        root = loader.get_single_node()
        stack = [root] if root is not None else []
        seen: set[int] = set()
        while stack:
            node = stack.pop()
            if id(node) in seen:
                continue
            seen.add(id(node))
            if isinstance(node, yaml.ScalarNode):
                try:
                    loader.construct_object(node)
                except (*BUILD_ERRORS, yaml.YAMLError):
                    return int(node.start_mark.line)
            elif isinstance(node, yaml.SequenceNode):
                stack.extend(reversed(node.value))
            elif isinstance(node, yaml.MappingNode):
                stack.extend(reversed([part for pair in node.value for part in pair]))
    except yaml.YAMLError:
        return None
    finally:
        loader.dispose()
    return None


def reader_problem(text: str, exc: yaml.reader.ReaderError) -> tuple[int, str]:
    """A character YAML refuses (a control character): its 0-based line and the problem. The
    error has no mark, only a UTF-8 byte offset (libyaml) and the character's code."""
    line = text.encode("utf-8", "surrogatepass")[: exc.position].count(b"\n")
    code = exc.character if isinstance(exc.character, int) else ord(exc.character[:1] or "?")
    return line, f"the character U+{code:04X} is not allowed ({exc.reason})"


def mark_line(text: str, mark: Any) -> int:
    """The 0-based line of a YAML error's mark as an editor counts lines: YAML also breaks lines
    at U+0085, U+2028 and U+2029, so its own `mark.line` runs ahead after one of them."""
    return text[: mark.index].count("\n")
