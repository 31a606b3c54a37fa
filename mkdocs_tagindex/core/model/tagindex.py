"""Tags and articles of one language build, as frozen data for the templates.

Built once per build after every page has been read and rendered; nothing in here knows about
MkDocs objects, so it can be tested and reasoned about on its own.
"""

from __future__ import annotations

import datetime
import math
import re
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property, lru_cache
from typing import Any, Literal

from ..records.article import Article
from ..records.sections import Section
from . import hierarchy

SortBy = Literal["date", "title", "read_time", "weight"]
IndexSort = Literal["name", "count", "tags_file"]

__all__ = ["Article", "Card", "IndexSort", "Pagination", "SortBy", "Tag", "TagIndex", "build"]


@dataclass(frozen=True)
class Card:
    """An article at its place on a tag page; `number` is zero-padded (`01`, `001`)."""

    number: str
    article: Article


@dataclass(frozen=True)
class Pagination:
    """Where a page of a long tag stands: `number` of `count`, and every page's URL."""

    number: int
    count: int
    urls: tuple[str, ...]

    @property
    def previous_url(self) -> str | None:
        return self.urls[self.number - 2] if self.number > 1 else None

    @property
    def next_url(self) -> str | None:
        return self.urls[self.number] if self.number < self.count else None


class Facets:
    """The filter values of some articles (a tag's; on the all-tags page, every article's)."""

    articles: tuple[Article, ...]

    @property
    def types(self) -> list[str]:
        """Distinct article types, lower case, for a type filter."""
        return sorted({a.type.lower() for a in self.articles if a.type})

    @property
    def categories(self) -> list[str]:
        """Distinct categories, collated, for a category filter."""
        return sorted({c for a in self.articles for c in a.categories}, key=collation_key)


@dataclass(frozen=True)
class Tag(Facets):
    """A tag with its articles in card order."""

    key: str
    name: str
    slug: str
    url: str
    articles: tuple[Article, ...]
    description: str | None = None
    parent: str | None = None
    """With the hierarchy: the id of the level above (None at the top, or when flat)."""
    children: tuple[str, ...] = ()
    """With the hierarchy: ids of the levels below that have a page, in the index's order."""
    path: str = ""
    """With the hierarchy: the names of every level to this one (`ML/RL/GRPO`); else empty."""
    sections: tuple[Article, ...] = ()
    """Cards of sections with this tag whose page has it not (issue 41), in card order."""
    listed: tuple[Article, ...] | None = None
    """With sections: every card's article in card order (a page's sections after it)."""

    @property
    def count(self) -> int:
        return len(self.articles)

    @property
    def section_count(self) -> int:
        return len(self.sections)

    @property
    def entries(self) -> tuple[Article, ...]:
        """What its cards show, in order: its articles, and its sections among them."""
        return self.listed if self.listed is not None else self.articles

    def audience_counts(self, audiences: Iterable[str]) -> dict[str, int]:
        """Articles per audience (`""`: all); an article without audience counts for each."""
        return _per_audience(self.articles, audiences)

    def section_audience_counts(self, audiences: Iterable[str]) -> dict[str, int]:
        """Section cards per audience (their page's), as `audience_counts`."""
        return _per_audience(self.sections, audiences)

    @property
    def cards(self) -> tuple[Card, ...]:
        return cards(self.entries)


def _per_audience(cards: Sequence[Article], audiences: Iterable[str]) -> dict[str, int]:
    counts = {"": len(cards)}
    for audience in audiences:
        counts[audience] = sum(1 for a in cards if not a.audience or audience in a.audience)
    return counts


@dataclass(frozen=True)
class TagIndex(Facets):
    """Every tag of one build, in the all-tags page's order."""

    tags: tuple[Tag, ...]
    by_key: Mapping[str, Tag] = field(repr=False)
    hierarchical: bool = False
    """Tags are levels of a tree (`hierarchy: true`): the all-tags page shows it nested."""
    articles: tuple[Article, ...] = ()
    """Every article some tag lists, once, in card order: the explorer's cards and the
    `articles` of `tags.json`, whose place in this tuple is the article's number there."""
    explorer_part: tuple[Card, ...] | None = field(default=None, compare=False, repr=False)
    """The explorer's cards one render holds (None: all): none on the all-tags page, a piece's
    own in a piece (`output/explorer.py`), so that a template looping over `explorer_cards`
    renders the cards of where it lands."""

    @cached_property
    def explorer_cards(self) -> tuple[Card, ...]:
        """Every item of the explorer as a card numbered by its place in `explorer_items`
        (`0001`, …): the explorer on the all-tags page shows some of them and numbers the shown
        ones anew."""
        if self.explorer_part is not None:
            return self.explorer_part
        return cards(self.explorer_items)

    @cached_property
    def article_numbers(self) -> dict[str, int]:
        """Source path → place in `articles` (from 0)."""
        return {a.src_uri: i for i, a in enumerate(self.articles)}

    @cached_property
    def explorer_items(self) -> tuple[Article, ...]:
        """What the explorer matches and shows (issue 41): each of `articles`, followed in
        document order by the cards of its sections that carry a tag with a page here which the
        article has not. A section matches a choice by its own tags and its page's and is shown
        only where its page is not, so a section whose tags its page has would never show.
        Without such sections, `articles` itself."""
        out: list[Article] = []
        for article in self.articles:
            out.append(article)
            out.extend(
                article.of_section(section)
                for section in article.sections
                if self.section_keys(article, section)
            )
        return tuple(out)

    @cached_property
    def item_numbers(self) -> dict[str, int]:
        """Source path (a section's: `page.md#anchor`) → place in `explorer_items` (from 0)."""
        return {a.src_uri: i for i, a in enumerate(self.explorer_items)}

    def keys_of(self, article: Article) -> list[str]:
        """An article's tags that have a page here, each once (with the hierarchy, with every
        level above them: a parent's page lists its subtree)."""
        every = hierarchy.expand(article.tags) if self.hierarchical else article.tags
        return [key for key in dict.fromkeys(every) if key in self.by_key]

    def section_keys(self, article: Article, section: Section) -> list[str]:
        """The tags with a page here that a section of `article` adds to its page's: those it
        is listed under as a card of its own."""
        adds = section_adds(article, section, hierarchical=self.hierarchical)
        return [key for key in adds if key in self.by_key]

    @property
    def article_count(self) -> int:
        return len(self.articles)

    @property
    def roots(self) -> list[Tag]:
        """The top of the tree: tags whose parent has no page here (every tag when flat)."""
        return [t for t in self.tags if t.parent is None or t.parent not in self.by_key]

    def children_of(self, tag: Tag) -> list[Tag]:
        """The levels below a tag, in the index's order."""
        return [self.by_key[key] for key in tag.children]

    def ancestors(self, tag: Tag) -> list[Tag]:
        """The levels above a tag, from the top (for breadcrumbs)."""
        out: list[Tag] = []
        up = tag.parent
        while up is not None and up in self.by_key:
            out.insert(0, self.by_key[up])
            up = self.by_key[up].parent
        return out


_DIGITS = re.compile(r"(\d+)")
_KATAKANA = {code: code - 0x60 for code in range(0x30A1, 0x30F7)}
"""Katakana → hiragana, so that both sort together in the order of the kana table."""


@lru_cache(maxsize=16384)
def collation_key(text: str) -> tuple[Any, ...]:
    """Sort key for names and titles a reader would accept in any language we know of.

    Python has no collation without a heavy dependency (ICU), so this approximates one: leading
    and trailing space trimmed, NFKC (full-width letters and digits as ASCII), case folded,
    diacritics ignored at first (`Éclair` next to `eclair`), katakana read as hiragana (so
    Japanese kana follow the kana table), and numbers compared as numbers (`Part 2` before
    `Part 10`). Kanji and hanzi follow code-point order (their readings are not knowable here).
    Ties go to the exact text, so the order is total and deterministic.
    """
    if text.isascii():  # NFKC and NFD change no ASCII text, which has no marks and no kana
        exact = text.strip()
        base = folded = exact.casefold()
    else:
        exact = unicodedata.normalize("NFKC", text).strip()
        folded = exact.casefold()
        base = "".join(
            ch for ch in unicodedata.normalize("NFD", folded) if unicodedata.category(ch) != "Mn"
        ).translate(_KATAKANA)
    parts = _DIGITS.split(base)
    natural = tuple(int(part) if i % 2 else part for i, part in enumerate(parts))
    return (natural, folded, exact)


def _order(sort_by: SortBy) -> Callable[[Article], tuple[Any, ...]]:
    """Sort key with deterministic ties: title (collated), then source path."""

    def tie(a: Article) -> tuple[Any, ...]:
        return (collation_key(a.title), a.src_uri)

    if sort_by == "date":
        # newest first; undated pages after dated ones
        return lambda a: (a.date is None, -(a.date or datetime.date.min).toordinal(), *tie(a))
    if sort_by == "read_time":
        return lambda a: (a.read_time is None, a.read_time or 0, *tie(a))
    if sort_by == "weight":
        return lambda a: (a.weight is None, a.weight or 0.0, *tie(a))
    return tie


def cards(articles: Sequence[Article]) -> tuple[Card, ...]:
    """Articles as numbered cards: `01`, `02`, …; three digits from 100 on."""
    width = max(2, len(str(len(articles))))
    return tuple(Card(f"{i:0{width}d}", a) for i, a in enumerate(articles, 1))


def ordered(
    articles: Iterable[Article], sort_by: SortBy, *, reverse: bool = False
) -> list[Article]:
    """Articles in card order (the same order as on tag pages)."""
    return sorted(articles, key=_order(sort_by), reverse=reverse)


def in_page_order(
    pairs: Iterable[tuple[Article, Article]], sort_by: SortBy, *, reverse: bool = False
) -> list[Article]:
    """(page, card) pairs as cards in card order: by the page's sort key, then in the order
    given (a page's section cards in document order: the sort is stable)."""
    order = _order(sort_by)
    return [card for _, card in sorted(pairs, key=lambda pair: order(pair[0]), reverse=reverse)]


def section_adds(article: Article, section: Section, *, hierarchical: bool) -> list[str]:
    """The tags a section adds to its page's, each once (with the hierarchy, with every level
    above them): the tags it is a card of its own under (issue 41), on every page that counts."""
    expand = hierarchy.expand if hierarchical else list
    page = set(expand(article.tags))
    return [key for key in dict.fromkeys(expand(section.ids)) if key not in page]


def sections_saying(
    tag: Tag | None, key: str, articles: Mapping[str, Article]
) -> list[tuple[Article, Article]]:
    """(page, card) of each section card of `tag` that says `key` itself: a listing that nests
    the levels of a tag lists each level's own."""
    pairs = []
    for card in tag.sections if tag is not None else ():
        page = articles.get(card.page_src)
        if page is not None and key in card.tags:
            pairs.append((page, card))
    return pairs


def listed_sections(
    tag: Tag, articles: Mapping[str, Article], sort_by: SortBy, *, reverse: bool = False
) -> list[tuple[str | None, int]]:
    """Where a tool that lists the pages whose own tags have `tag` (Zensical's listings) puts
    each section card of the tag that says it itself, in the order of the tag page's rule
    (`in_page_order`): after which listed page's URL (None: first); with the card's place among
    the tag page's cards, whose markup it is."""
    pages = [(article, article) for article in tag.articles if tag.key in article.tags]
    order = in_page_order(pages + sections_saying(tag, tag.key, articles), sort_by, reverse=reverse)
    place = {card.article.src_uri: i for i, card in enumerate(tag.cards)}
    after: str | None = None
    out = []
    for card in order:
        if card.section is None:
            after = card.url
        else:
            out.append((after, place[card.src_uri]))
    return out


def display_names(spellings: Iterable[tuple[str, str]]) -> dict[str, str]:
    """Pick how each tag is shown: its most used spelling; among equals, one without a leading
    `#` (the heading adds its own), then the first in sorted order."""
    counts = Counter(spellings)
    best: dict[str, tuple[int, bool, str]] = {}
    for (key, name), n in counts.items():
        rank = (-n, name.startswith("#"), name)
        if key not in best or rank < best[key]:
            best[key] = rank
    return {key: name for key, (_, _, name) in sorted(best.items())}


def build(
    articles: Iterable[Article],
    *,
    names: Mapping[str, str],
    slugs: Mapping[str, str],
    descriptions: Mapping[str, str] | None = None,
    urls: Mapping[str, str],
    sort_by: SortBy = "date",
    reverse: bool = False,
    index_sort: IndexSort = "name",
    tag_order: Mapping[str, int] | None = None,
    separator: str | None = None,
) -> TagIndex:
    """Group articles by tag and order cards and tags. With the hierarchy (`separator`), an
    article belongs to its tags and every level above them, once: a parent lists its subtree."""
    members: dict[str, list[Article]] = {}
    parts: dict[str, list[tuple[Article, Article]]] = {}
    """Tag → (page, card) of each section card, in document order (issue 41)."""
    for article in articles:
        keys = hierarchy.expand(article.tags) if separator is not None else article.tags
        for key in keys:
            members.setdefault(key, []).append(article)
        for section in article.sections:
            for key in section_adds(article, section, hierarchical=separator is not None):
                parts.setdefault(key, []).append((article, article.of_section(section)))
    order = _order(sort_by)
    tags = [
        _tag(key, members.get(key, []), parts.get(key, []), order, reverse)
        for key in {**members, **parts}
        if key in urls
    ]
    tags = [
        replace(
            tag,
            name=names.get(tag.key, tag.key if separator is None else hierarchy.leaf(tag.key)),
            slug=slugs[tag.key],
            url=urls[tag.key],
            description=(descriptions or {}).get(tag.key),
        )
        for tag in tags
    ]
    if index_sort == "count":
        tags.sort(key=lambda t: (-t.count - t.section_count, collation_key(t.name), t.key))
    elif index_sort == "tags_file":  # the author's order; tags not in the file after, by name
        place = tag_order or {}
        last = len(place)
        tags.sort(key=lambda t: (place.get(t.key, last), collation_key(t.name), t.key))
    else:
        tags.sort(key=lambda t: (collation_key(t.name), t.key))
    if separator is not None:
        tags = _tree(tags, names, separator)
    by_key = {t.key: t for t in tags}
    listed = {a.src_uri: a for t in tags for a in t.articles}
    for key in {t.key for t in tags}.intersection(parts):  # a page listed by a section alone
        listed.update((page.src_uri, page) for page, _ in parts[key] if page.src_uri not in listed)
    return TagIndex(
        tags=tuple(tags),
        by_key=by_key,
        hierarchical=separator is not None,
        articles=tuple(sorted(listed.values(), key=order, reverse=reverse)),
    )


def _tag(
    key: str,
    found: list[Article],
    parts: list[tuple[Article, Article]],
    order: Callable[[Article], tuple[Any, ...]],
    reverse: bool,
) -> Tag:
    """A tag's articles in card order; with section cards, every card in order: by the sort
    key of the page, then the page's own order (a stable sort keeps a page's sections in it)."""
    articles = tuple(sorted(found, key=order, reverse=reverse))
    if not parts:
        return Tag(key, key, "", "", articles)
    every = [(a, a) for a in found] + parts
    listed = [card for _, card in sorted(every, key=lambda pair: order(pair[0]), reverse=reverse)]
    sections = tuple(card for card in listed if card.section is not None)
    return Tag(key, key, "", "", articles, sections=sections, listed=tuple(listed))


def _tree(tags: list[Tag], names: Mapping[str, str], separator: str) -> list[Tag]:
    """The same tags, each with its parent, its children (in the same order) and its path."""
    keys = {t.key for t in tags}
    children: dict[str, list[str]] = {}
    for tag in tags:
        up = hierarchy.parent(tag.key)
        if up is not None and up in keys:
            children.setdefault(up, []).append(tag.key)
    return [
        replace(
            tag,
            parent=hierarchy.parent(tag.key),
            children=tuple(children.get(tag.key, ())),
            path=hierarchy.full_name(tag.key, names, separator),
        )
        for tag in tags
    ]


def _related_tags(article: Article) -> dict[str, None]:
    """The tags an article is related by: its own, then its sections' (issue 41), each once."""
    return dict.fromkeys([*article.tags, *(t for s in article.sections for t in s.ids)])


RELATED_SCAN = 64
"""How many articles of one tag are looked at as candidates for each of its articles: the newest
ones. It keeps related articles linear in the number of articles (a tag on every page would
otherwise make it quadratic) and costs little, since a tag that common weighs almost nothing."""


def related(
    articles: Iterable[Article], *, limit: int, scan: int = RELATED_SCAN
) -> dict[str, tuple[Article, ...]]:
    """For each article, up to `limit` others that share its tags, the rarer tags counting more
    (inverse document frequency, `log(1 + N / n_t)`), in one language (fallback pages apart).

    Ties: more shared tags, then newer, then title and source path, so the choice is stable.
    Cost: O(articles × tags per article × `scan`), not quadratic in articles.
    """
    if limit <= 0:
        return {}
    groups: dict[tuple[bool, str | None], list[Article]] = {}
    for article in articles:
        groups.setdefault(
            (article.fallback, article.lang if article.fallback else None), []
        ).append(article)
    newest = _order("date")
    out: dict[str, tuple[Article, ...]] = {}
    for group in groups.values():
        group.sort(key=newest)
        members: dict[str, list[Article]] = {}
        for article in group:
            for tag in _related_tags(article):
                members.setdefault(tag, []).append(article)
        total = len(group)
        weight = {tag: math.log(1 + total / len(found)) for tag, found in members.items()}
        rank = {article.src_uri: i for i, article in enumerate(group)}
        by_src = {article.src_uri: article for article in group}
        for article in group:
            scores: dict[str, list[float]] = {}
            for tag in _related_tags(article):
                for other in members[tag][:scan]:
                    if other.src_uri != article.src_uri:
                        score = scores.setdefault(other.src_uri, [0.0, 0])
                        score[0] += weight[tag]
                        score[1] += 1
            best = sorted(scores.items(), key=lambda s: (-s[1][0], -s[1][1], rank[s[0]]))
            out[article.src_uri] = tuple(by_src[src] for src, _ in best[:limit])
    return out
