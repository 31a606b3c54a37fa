"""Tags that share articles with a tag: the "narrow with…" links of its page (`narrow_with`).

Each link opens the tag explorer on the all-tags page with both tags selected, so the count
shown is what that selection finds: the articles the two tags' pages have in common (with the
hierarchy, a parent's page lists its subtree, and so does the count).
"""

from __future__ import annotations

import heapq
from collections.abc import Mapping
from dataclasses import dataclass, field
from urllib.parse import quote

from . import hierarchy
from .tagindex import Tag, TagIndex

SLUG_SAFE = "/-._~"
"""What stays as written in a slug in the explorer's URL: the unreserved characters, and `/`
(a level's slug is its path, `ml/rl`). The rest is percent-encoded as UTF-8; `+` separates
slugs, and no slug holds one."""


@dataclass(frozen=True)
class Narrowing:
    """Another tag that shares `shared` articles with the tag of a page."""

    tag: Tag
    shared: int
    of: str = field(repr=False)
    """The slug of the page's own tag."""

    @property
    def query(self) -> str:
        """The explorer's query for both tags (`?t=grpo+rl&match=all`), to append to the
        all-tags page's URL; `&` still to be escaped where it lands (`&amp;` in HTML)."""
        both = "+".join(quote(slug, safe=SLUG_SAFE) for slug in (self.of, self.tag.slug))
        return f"?t={both}&match=all"


def narrowings(index: TagIndex, limit: int) -> dict[str, tuple[Narrowing, ...]]:
    """For each tag of `index`, up to `limit` other tags of it sharing at least one article,
    the most shared first, ties in the index's order. With the hierarchy a tag's ancestors and
    descendants are left out: they share its articles by construction, and say nothing.

    Counted from each tag's articles and their tags, never over pairs of tags: the cost is the
    sum over articles of (tags of the article, levels included) × (tags it is listed under).
    Tags without a page here (hidden ones, those of no page in this language) never appear.
    """
    if limit <= 0:
        return {}
    place = {tag.key: i for i, tag in enumerate(index.tags)}
    tagged: dict[str, list[str]] = {}  # each article's tags with a page here, levels included
    out: dict[str, tuple[Narrowing, ...]] = {}
    for tag in index.tags:
        shared: dict[str, int] = {}
        for article in tag.articles:
            keys = tagged.get(article.src_uri)
            if keys is None:
                every = hierarchy.expand(article.tags) if index.hierarchical else article.tags
                keys = tagged[article.src_uri] = [k for k in dict.fromkeys(every) if k in place]
            for key in keys:
                shared[key] = shared.get(key, 0) + 1
        for key in _related_by_tree(tag.key, shared, index.hierarchical):
            del shared[key]
        best = heapq.nsmallest(limit, shared.items(), key=lambda kv: (-kv[1], place[kv[0]]))
        out[tag.key] = tuple(Narrowing(index.by_key[k], n, tag.slug) for k, n in best)
    return out


def _related_by_tree(key: str, shared: Mapping[str, int], hierarchical: bool) -> list[str]:
    """The tag itself and, with the hierarchy, its ancestors and descendants among `shared`."""
    if not hierarchical:
        return [key] if key in shared else []
    below = key + "/"
    above = set(hierarchy.lineage(key))
    return [k for k in shared if k in above or k.startswith(below)]
