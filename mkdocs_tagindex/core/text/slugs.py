"""Tag names → tag identities and URL slugs (pure functions).

A tag's identity is the key its slug is made from, so two names share a page exactly when they
would share a URL: `web development` and `web-development`, `#grpo` and `grpo`, `ＡＢＣ` and
`abc` are one tag to a reader, and one tag here. Names that mean different things keep different
keys without any warning: symbols that carry meaning in common names are spelled out (`C++` →
`c-plus-plus`, `C#` → `c-sharp`, `F#` → `f-sharp`, `.NET` → `dotnet`), so `C`, `C++` and `C#`
are three tags.

Rules, in order:

1. Unicode NFKC (full-width letters become ASCII), then every format character (category Cf:
   zero-width spaces, bidi overrides, soft hyphens) is removed, except the zero-width joiner
   inside an emoji sequence (👩‍💻).
2. Case folding (`GRPO` → `grpo`; `Straße` → `strasse`).
3. `+` and `#` after a letter or digit become `-plus` / `-sharp`; a `.` before a word at the
   start becomes `dot` (`.net` → `dotnet`); a `#` at the start is a hashtag mark and dropped.
4. Every run of characters that are not Unicode letters or digits becomes one `-`; leading and
   trailing `-` are removed. Letters of any script stay (`強化学習`; MkDocs percent-encodes them).
5. A name left with nothing (`+++`, `🚀`) gets `tag-` and a hash of the name; a key longer than
   120 UTF-8 bytes is cut and gets a hash; Windows' reserved device names (`con`, `nul`, `aux`,
   `prn`, `com1`…`com9`, `lpt1`…`lpt9`) get `-tag` so that the folder can exist everywhere.

A slug is therefore always one safe path segment: never empty, `.` or `..`, never with `/`,
`\\`, `%` or a control character.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache

MAX_SLUG_BYTES = 120
"""Longest slug in UTF-8 bytes; file systems allow 255 per path segment."""

RESERVED = frozenset(
    {
        "con",
        "prn",
        "aux",
        "nul",
        *(f"com{i}" for i in range(1, 10)),
        *(f"lpt{i}" for i in range(1, 10)),
    }
)
"""Windows' reserved device names: no file or folder may have them, whatever the extension."""

_ZWJ = "\u200d"
_SYMBOLS = (
    (re.compile(r"(?<=[^\W_])\++"), "-plus"),
    (re.compile(r"(?<=[^\W_])#+"), "-sharp"),
    (re.compile(r"^\.(?=[^\W_])"), "dot"),
)
_NOT_WORD = re.compile(r"[^\w]+|_+")


def digest(name: str) -> str:
    """A short, stable suffix made from a name, for keys that would otherwise be empty or cut."""
    return hashlib.sha1(name.encode("utf-8")).hexdigest()[:8]


def _is_emoji(char: str) -> bool:
    return unicodedata.category(char) == "So" or "\U0001f000" <= char <= "\U0001faff"


def strip_format(text: str) -> str:
    """Remove Unicode format characters (Cf), keeping a zero-width joiner between emoji."""
    if text.isascii():  # no format character is ASCII: the usual case, checked in C
        return text
    return _strip_format(text)


@lru_cache(maxsize=8192)
def _strip_format(text: str) -> str:
    """`strip_format` of a tag name with other than ASCII: each read once a build per page."""
    out = []
    for i, char in enumerate(text):
        if unicodedata.category(char) != "Cf":
            out.append(char)
        elif char == _ZWJ and 0 < i < len(text) - 1:
            before, after = text[i - 1], text[i + 1]
            if (_is_emoji(before) or unicodedata.category(before) == "Mn") and _is_emoji(after):
                out.append(char)
    return "".join(out)


def _spelled(word: str) -> Callable[[re.Match[str]], str]:
    """`++` → `-plus-plus`: the word once for every symbol."""

    def spell(match: re.Match[str]) -> str:
        return word * len(match.group())

    return spell


@lru_cache(maxsize=8192)
def tag_key(name: str) -> str:
    """The identity of a tag name, which is also its slug before rule 5 (see the module);
    pure, and asked for the same few names thousands of times: remembered."""
    text = strip_format(unicodedata.normalize("NFKC", name)).casefold().strip()
    text = text.lstrip("#")
    for pattern, word in _SYMBOLS:
        text = pattern.sub(_spelled(word), text)
    text = _NOT_WORD.sub("-", text).strip("-")
    if not text:
        return f"tag-{digest(strip_format(unicodedata.normalize('NFKC', name)).casefold())}"
    return text


def slugify(tag: str) -> str:
    """The URL segment of a tag key (rule 5: length and reserved names)."""
    slug = tag
    if len(slug.encode("utf-8")) > MAX_SLUG_BYTES:
        cut = slug.encode("utf-8")[: MAX_SLUG_BYTES - 9].decode("utf-8", "ignore").rstrip("-")
        slug = f"{cut}-{digest(tag)}"
    if slug in RESERVED:
        slug = f"{slug}-tag"
    return slug


@dataclass(frozen=True)
class Merge:
    """Spellings that are one tag: shown as the most used one."""

    tag: str
    shown_as: str
    spellings: tuple[str, ...]


def merges(spellings: Iterable[tuple[str, str]], shown_as: dict[str, str]) -> list[Merge]:
    """The tags written in more than one way, for an INFO line naming the spellings."""
    seen: dict[str, set[str]] = {}
    for tag, name in spellings:
        seen.setdefault(tag, set()).add(name)
    return [
        Merge(tag, shown_as.get(tag, tag), tuple(sorted(names)))
        for tag, names in sorted(seen.items())
        if len(names) > 1
    ]


def assign(tags: Iterable[str], taken: dict[str, str] | None = None) -> dict[str, str]:
    """A distinct slug for every tag key, added to `taken` (tag → slug) and returned. Keys are
    distinct; only a hash clash of two cut keys could meet, and then the later one in sorted
    order (or the one added later) gets a second hash."""
    result = taken if taken is not None else {}
    used = set(result.values())
    for tag in sorted(set(tags) - result.keys()):
        slug = slugify(tag)
        while slug in used:  # practically never
            slug = f"{slug}-{digest(slug)}"
        used.add(slug)
        result[tag] = slug
    return result
