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
