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
from .tagindex import Article, Tag, TagIndex

SLUG_SAFE = "/-._~"
"""What stays as written in a slug in the explorer's URL: the unreserved characters, and `/`
(a level's slug is its path, `ml/rl`). The rest is percent-encoded as UTF-8; `+` separates
slugs, and no slug holds one."""


@dataclass(frozen=True)
class Narrowing:
    """Another tag that shares `shared` articles and `sections` sections with the tag of a
    page: what the explorer shows for both tags."""

    tag: Tag
    shared: int
    of: str = field(repr=False)
    """The slug of the page's own tag."""
    sections: int = 0
    """Sections the explorer shows for both tags (issue 41): a section carries its own tags
    and its page's, and shows where its page does not."""

    @property
    def query(self) -> str:
        """The explorer's query for both tags (`?t=grpo+rl&match=all`), to append to the
        all-tags page's URL; `&` still to be escaped where it lands (`&amp;` in HTML)."""
        both = "+".join(quote(slug, safe=SLUG_SAFE) for slug in (self.of, self.tag.slug))
        return f"?t={both}&match=all"


def narrowings(index: TagIndex, limit: int) -> dict[str, tuple[Narrowing, ...]]:
    """For each tag of `index`, up to `limit` other tags of it sharing at least one article or
    section, the most shared first, ties in the index's order. With the hierarchy a tag's
    ancestors and descendants are left out: they share its articles by construction, and say
    nothing.

    Counted from each tag's cards and their tags, never over pairs of tags: the cost is the
    sum over cards of (tags of the card, levels included) × (tags it is listed under).
    Tags without a page here (hidden ones, those of no page in this language) never appear.
    """
    if limit <= 0:
        return {}
    place = {tag.key: i for i, tag in enumerate(index.tags)}
    pages = {article.src_uri: article for article in index.articles}
    tagged: dict[str, tuple[list[str], list[list[str]]]] = {}
    """Each page's tags with a page here, and those each of its sections adds."""

    def of(page: Article) -> tuple[list[str], list[list[str]]]:
        if page.src_uri not in tagged:
            extra = [index.section_keys(page, s) for s in page.sections]
            tagged[page.src_uri] = (index.keys_of(page), [keys for keys in extra if keys])
        return tagged[page.src_uri]

    out: dict[str, tuple[Narrowing, ...]] = {}
    for tag in index.tags:
        shared: dict[str, list[int]] = {}  # tag → [articles, sections] shown for both
        for article in tag.articles:
            keys, extra = of(article)
            _add(shared, keys, 0)
            for more in extra:  # a section adding a tag to a page of this one
                _add(shared, more, 1)
        for card in tag.sections:  # a section of this tag on a page without it
            page = pages[card.page_src]
            assert card.section is not None  # a tag's sections are sections' cards
            _add(shared, of(page)[0] + index.section_keys(page, card.section), 1)
        for key in _related_by_tree(tag.key, shared, index.hierarchical):
            del shared[key]
        best = heapq.nsmallest(
            limit, shared.items(), key=lambda kv: (-kv[1][0] - kv[1][1], place[kv[0]])
        )
        out[tag.key] = tuple(
            Narrowing(index.by_key[k], n, tag.slug, sections=m) for k, (n, m) in best
        )
    return out


def _add(shared: dict[str, list[int]], keys: list[str], at: int) -> None:
    for key in keys:
        shared.setdefault(key, [0, 0])[at] += 1


def _related_by_tree(key: str, shared: Mapping[str, object], hierarchical: bool) -> list[str]:
    """The tag itself and, with the hierarchy, its ancestors and descendants among `shared`."""
    if not hierarchical:
        return [key] if key in shared else []
    below = key + "/"
    above = set(hierarchy.lineage(key))
    return [k for k in shared if k in above or k.startswith(below)]
