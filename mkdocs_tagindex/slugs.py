"""Tag names → URL slugs (pure functions).

A slug is one path segment: Unicode letters are kept (``強化学習`` stays ``強化学習``; MkDocs
percent-encodes it in links), everything else becomes ``-``. A slug can never be ``.``, ``..``,
empty, or contain ``/``, so no tag reaches outside the tag folder.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass

MAX_SLUG_BYTES = 120
"""Longest slug in UTF-8 bytes; file systems allow 255 per path segment."""

_NOT_WORD = re.compile(r"[^\w]+|_+")


def digest(name: str) -> str:
    """A short, stable suffix made from a name, for slugs that would otherwise collide."""
    return hashlib.sha1(name.encode("utf-8")).hexdigest()[:8]


def slugify(name: str) -> str:
    """The slug of one tag name, before collisions are resolved.

    >>> slugify("LLM/Serving"), slugify("強化学習"), slugify("C++")
    ('llm-serving', '強化学習', 'c')
    """
    text = unicodedata.normalize("NFKC", name).lower()
    slug = _NOT_WORD.sub("-", text).strip("-")
    if len(slug.encode("utf-8")) > MAX_SLUG_BYTES:
        cut = slug.encode("utf-8")[: MAX_SLUG_BYTES - 9].decode("utf-8", "ignore").rstrip("-")
        slug = f"{cut}-{digest(name)}"
    if not slug:
        slug = f"tag-{digest(name)}"
    return slug


@dataclass(frozen=True)
class Collision:
    """Tags whose slugs would have been the same; each got its own."""

    slug: str
    names: tuple[str, ...]


def assign(names: Iterable[str]) -> tuple[dict[str, str], list[Collision]]:
    """Give every tag name a distinct slug.

    When names share a slug, the first in sorted order keeps it and the others get a suffix
    derived from their own name, so a slug does not change when unrelated tags come and go.
    """
    by_slug: dict[str, list[str]] = {}
    for name in sorted(set(names)):
        by_slug.setdefault(slugify(name), []).append(name)
    result: dict[str, str] = {}
    collisions: list[Collision] = []
    taken = set(by_slug)
    for slug, group in sorted(by_slug.items()):
        result[group[0]] = slug
        for name in group[1:]:
            candidate = f"{slug}-{digest(name)}"
            while candidate in taken:  # practically never: a hash prefix clash
                candidate = f"{candidate}-{digest(candidate)}"
            taken.add(candidate)
            result[name] = candidate
        if len(group) > 1:
            collisions.append(Collision(slug, tuple(group)))
    return result, collisions
