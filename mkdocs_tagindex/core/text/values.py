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


def unbuildable(text: str, loader_class: Any) -> tuple[int, str, str] | None:
    """The first value YAML parses but cannot build: its 0-based line, the key it is under
    (dotted from the top: `a.date`; a list's items by index: `tags.0`) and the value as
    written. Such an error comes without a mark, so each scalar is built on its own (an
    alias's node once) to find it, and a message can name the key and the value (issue 39,
    fault 9: `date: 2026-02-30`)."""
    loader = loader_class(text)
    try:
        root = loader.get_single_node()
        stack: list[tuple[Any, str]] = [(root, "")] if root is not None else []
        seen: set[int] = set()
        while stack:
            node, key = stack.pop()
            if id(node) in seen:
                continue
            seen.add(id(node))
            if isinstance(node, yaml.ScalarNode):
                try:
                    loader.construct_object(node)
                except (*BUILD_ERRORS, yaml.YAMLError):
                    return int(node.start_mark.line), key, str(node.value)
            elif isinstance(node, yaml.SequenceNode):
                items = [(item, _under(key, str(n))) for n, item in enumerate(node.value)]
                stack.extend(reversed(items))
            elif isinstance(node, yaml.MappingNode):
                pairs = [(k, _under(key, str(k.value)), v) for k, v in node.value]
                stack.extend(reversed([part for k, at, v in pairs for part in ((k, key), (v, at))]))
    except yaml.YAMLError:
        return None
    finally:
        loader.dispose()
    return None


def _under(key: str, name: str) -> str:
    return f"{key}.{name}" if key else name


def unbuildable_where(found: tuple[int, str, str] | None, first_line: int) -> tuple[str, str]:
    """`unbuildable`'s find as the two parts of a message: " (line N)" (`first_line`: the
    number of the text's first line in its file) and " (key 'date', value '2026-02-30')"."""
    if found is None:
        return "", ""
    line, key, value = found
    named = f"key '{key}', " if key else ""
    return f" (line {line + first_line})", f" ({named}value {short(value)})"


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
