"""Cards in groups by another facet: a tag page or listing by year, month, category or type
(`group_by`, issue 27). Pure: articles and labels in, order and groups out.

The numbers a reader sees run 01, 02, … down the page, so grouping comes first: articles are
put in group order (inside a group they keep the `sort_by` order they came in), and only then
numbered. A tag split into pages is cut from that order, so a page that starts inside a group
repeats the group's heading (`continued`), and no page ends with a heading without its cards.
"""

from __future__ import annotations

import datetime
import functools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

import babel
from babel.dates import format_skeleton

from ..records.article import Article
from ..text.labels import Labels
from ..text.slugs import slugify, tag_key
from .tagindex import Card, collation_key

GroupBy = Literal["none", "category", "type", "year", "month"]
GROUP_BY: tuple[str, ...] = ("none", "category", "type", "year", "month")
"""The values of `group_by` (plugin option, tags file entry, listing marker)."""

MISSING = ""
"""Key of the group of articles without the facet: no date, no category, no type."""

_MISSING_LABEL = {"year": "no_date", "month": "no_date", "category": "no_category"}

_MARKDOWN_SPECIAL = str.maketrans(
    {ch: f"\\{ch}" for ch in "\\`*_{}[]()#+-.!"}  # Python-Markdown's own escapes
    | {ch: f"&#{ord(ch)};" for ch in "|~^="}  # extensions' marks: not escapable everywhere
)


@dataclass(frozen=True)
class Group:
    """One heading of a grouped page and its cards, in display order."""

    key: str
    """The facet's value: `2026`, `2026-03`, a category, a type (lower case); "" for none."""
    label: str
    """The heading, in the page's language (months and years by Babel)."""
    anchor: str
    """The heading's id, unique on the page (`g-2026`, `g-2026-03`, `g-paper`, `g-none`)."""
    cards: tuple[Card, ...]
    continued: bool = False
    """The group started on the previous page of a paginated tag: its heading is repeated."""

    @property
    def start(self) -> int:
        """Number of the first card, for the `<ol start=…>` of the group."""
        return int(self.cards[0].number) if self.cards else 1

    @property
    def markdown_label(self) -> str:
        """The label as the text of a Markdown heading (Zensical's pages): on one line,
        HTML-escaped, with Markdown's punctuation backslash-escaped and the marks of extensions
        (`==`, `~~`, `^^`, `|`) as entities, so a category `C++ *fast*` stays text."""
        text = " ".join(self.label.split())  # a line break would end the heading
        text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        return text.translate(_MARKDOWN_SPECIAL)


def key_of(article: Article, facet: str) -> str:
    """The group an article goes in; a list-valued category groups by its first item."""
    if facet in ("year", "month"):
        if article.date is None:
            return MISSING
        year, month = article.date.year, article.date.month
        return f"{year:04d}" if facet == "year" else f"{year:04d}-{month:02d}"
    if facet == "category":
        return article.categories[0] if article.categories else MISSING
    if facet == "type":
        return article.type.lower() if article.type else MISSING
    return MISSING


def ordered_keys(keys: Iterable[str], facet: str, labels: Labels) -> list[str]:
    """Groups in reading order: years and months newest first, categories by the plugin's
    collation, types as the labels' `types` table lists them and then the rest by name; the
    group without the facet last."""
    found = set(keys)
    present = [k for k in found if k != MISSING]
    if facet in ("year", "month"):
        present.sort(reverse=True)  # zero-padded: text order is date order
    elif facet == "type":
        known = {name.lower(): i for i, name in enumerate(labels.table.get("types", {}))}
        present.sort(key=lambda k: (known.get(k, len(known)), collation_key(k), k))
    else:
        present.sort(key=lambda k: (collation_key(k), k))
    return present + ([MISSING] if MISSING in found else [])


def arrange(articles: Sequence[Article], facet: str, labels: Labels) -> list[Article]:
    """Articles in group order, each group keeping the order they came in (`sort_by`)."""
    if facet not in GROUP_BY or facet == "none":
        return list(articles)
    keys = [key_of(a, facet) for a in articles]
    rank = {key: i for i, key in enumerate(ordered_keys(keys, facet, labels))}
    places = sorted(range(len(articles)), key=lambda i: rank[keys[i]])
    return [articles[i] for i in places]


@functools.lru_cache(maxsize=4096)
def _when(key: str, language: str, lang: str) -> str:
    """A year (`2026`) or month (`2026-03`) as the language writes it, by Babel (CLDR); each
    once per build and language, not once per page."""
    locale = _locale(language, lang)
    if "-" not in key:
        return str(format_skeleton("y", datetime.date(int(key), 1, 1), locale=locale))
    year, month = (int(part) for part in key.split("-"))
    return str(format_skeleton("yMMMM", datetime.date(year, month, 1), locale=locale))


def _locale(*codes: str) -> babel.Locale:
    for code in codes:
        try:
            return babel.Locale.parse(code, sep="-")
        except (ValueError, TypeError, babel.UnknownLocaleError):
            continue
    return babel.Locale("en")


def label_of(key: str, facet: str, labels: Labels) -> str:
    """A group's heading: the year or month as the language writes it, the category as
    written, the type as its badge, or the translated "no date"/"no category"/"no type"."""
    if key == MISSING:
        return labels.t(_MISSING_LABEL.get(facet, "no_type"))
    if facet in ("year", "month"):
        return _when(key, labels.language, labels.lang)
    if facet == "type":
        return labels.type(key)
    return key


def _anchor(key: str, facet: str) -> str:
    if key == MISSING:
        return "g-none"
    if facet in ("year", "month"):
        return f"g-{key}"
    return f"g-{slugify(tag_key(key))}"


def grouped(
    cards: Sequence[Card],
    facet: str,
    labels: Labels,
    *,
    previous: Card | None = None,
) -> tuple[Group, ...]:
    """Cards (already in group order and numbered) as groups: one per run of cards with the
    same key. `previous`: the card before these on a paginated tag's earlier page, if any; a
    first group that goes on from it is marked `continued`."""
    if facet not in GROUP_BY or facet == "none" or not cards:
        return ()
    runs: list[tuple[str, list[Card]]] = []
    for card in cards:
        key = key_of(card.article, facet)
        if runs and runs[-1][0] == key:
            runs[-1][1].append(card)
        else:
            runs.append((key, [card]))
    before = key_of(previous.article, facet) if previous is not None else None
    taken: set[str] = set()
    out = []
    for i, (key, members) in enumerate(runs):
        anchor = base = _anchor(key, facet)
        n = 1
        while anchor in taken:  # two categories with one slug
            n += 1
            anchor = f"{base}-{n}"
        taken.add(anchor)
        label = label_of(key, facet, labels)
        out.append(Group(key, label, anchor, tuple(members), continued=i == 0 and key == before))
    return tuple(out)


def page_groups(
    all_cards: Sequence[Card], start: int, stop: int, facet: str, labels: Labels
) -> tuple[Group, ...]:
    """The groups of one page of a paginated tag: cards `start:stop` of the whole order."""
    previous = all_cards[start - 1] if start > 0 else None
    return grouped(all_cards[start:stop], facet, labels, previous=previous)
