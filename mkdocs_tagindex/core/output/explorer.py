"""What the explorer of the all-tags page fetches (issue 40, item 6): a small index of which tag
and which filter value lists which article, and the articles' cards in pieces.

The all-tags page carries no card: a page that carried every article's card grew with the site
(about 19 MB at 10,000 articles). The script fetches `explorer.json` on the first choice, counts
from it, and fetches the pieces that hold the cards it shows, a screenful at a time. Pieces are
rendered by the host with the all-tags page's own template context and URL base (the results
block of `tagindex/explorer.html`, `tagindex.explorer_piece` true), so card overrides render
as on the page; this module only says which cards go in which piece and writes the index.

`explorer.json` (version 1), beside `tags.json`, kept small (the first choice fetches it):

    {"version": 1, "size": N, "piece": 8, "pieces": 13, "count": T, "check": "9dc5…",
     "names": "explorer-names.json", "sections": [4, 1, 6], "tags": [[3, 1, 9], …],
     "facets": {"audience": {"values": ["pros", "students"], "of": [3, 1, …]}, …}}

Its items (`size` of them) are `tags.json`'s `articles`, in its order, each followed by its
sections that are listed as cards of their own (`TagIndex.explorer_items`, issue 41). Where
there are such sections, `sections` lists their places (as gaps, below) and each belongs to the
nearest page before it; a section is listed under the tags it adds to its page's, matches a
choice by those and its page's, and is shown only where its page is not. Without such
sections (every site that tags none) there is no `sections` field, and the items are the
articles.

`tags` holds each tag's articles in the order of its slug (by UTF-16 code units, as a script
sorts strings) without the slugs, which are the page's own (`data-tagindex-tag`): `check` is a
hash of them (FNV-1a over the slugs joined by newlines, in UTF-16 code units) and `count` their
number; a page whose list differs (an override) or that has none (a tag page) reads them from
`names`. A tag's list is places of items (the cards' numbers less one), ascending, written as
gaps (the first place, then each one's distance from the one before). A facet gives each item
its values as a bit mask over `values` (a list of indices where there are more than 30): an
article without an audience has every audience (it is for everyone); a section has its page's.
Piece n (from 1) is `explorer-0001.json`…: `{"html": "…"}`, the results block
rendered for its cards.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from ..model import tagindex as model
from .feeds import compact_json

VERSION = 1
INDEX_NAME = "explorer.json"
NAMES = "explorer-names.json"
PIECE = 8
"""Cards per piece: a first screenful whose matches lie far apart fetches a piece per card."""
MASK_VALUES = 30


def piece_name(number: int) -> str:
    """The file name of piece `number` (from 1), beside `explorer.json` (at least four
    digits: the script writes the name the same way)."""
    return f"explorer-{number:04d}.json"


def pieces(index: model.TagIndex) -> list[tuple[str, tuple[model.Card, ...]]]:
    """(file name, cards) of each piece, in card order."""
    cards = index.explorer_cards
    starts = range(0, len(cards), PIECE)
    return [(piece_name(n // PIECE + 1), tuple(cards[n : n + PIECE])) for n in starts]


def _gaps(places: Iterable[int]) -> list[int]:
    out: list[int] = []
    last = 0
    for place in sorted(set(places)):
        out.append(place - last)
        last = place
    return out


def slug_order(slugs: Iterable[str]) -> list[str]:
    """Slugs as a script's `sort()` orders them (UTF-16 code units)."""
    return sorted(slugs, key=lambda slug: slug.encode("utf-16-be", "surrogatepass"))


def check(slugs: Sequence[str]) -> str:
    """FNV-1a (32 bits) of the slugs joined by newlines, over UTF-16 code units."""
    data = "\n".join(slugs).encode("utf-16-le", "surrogatepass")
    value = 0x811C9DC5
    for i in range(0, len(data), 2):
        value = ((value ^ (data[i] | data[i + 1] << 8)) * 0x01000193) & 0xFFFFFFFF
    return f"{value:08x}"


def explorer_index(index: model.TagIndex, audiences: Sequence[str]) -> Iterator[str]:
    """`explorer.json`'s text, in pieces (a line per tag)."""
    numbers = index.item_numbers
    by_slug = {tag.slug: tag for tag in index.tags}
    slugs = slug_order(by_slug)
    head: dict[str, object] = {
        "version": VERSION,
        "size": len(index.explorer_items),
        "piece": PIECE,
        "pieces": -(-len(index.explorer_cards) // PIECE),  # the count, not the pieces' cards
        "count": len(slugs),
        "check": check(slugs),
        "names": NAMES,
    }
    sections = [i for i, item in enumerate(index.explorer_items) if item.section is not None]
    if sections:  # only where a section is its own item: other sites publish the same bytes
        head["sections"] = _gaps(sections)
    yield compact_json(head).removesuffix("}") + ',"tags":['
    for n, slug in enumerate(slugs):
        places = _gaps(numbers[a.src_uri] for a in by_slug[slug].entries)
        yield ("\n" if n == 0 else ",\n") + compact_json(places)
    yield '],\n"facets":' + compact_json(_facets(index, audiences)) + "}\n"


def names_json(index: model.TagIndex) -> str:
    """`explorer-names.json`: the slugs of `explorer.json`'s `tags`, in its order."""
    return compact_json(slug_order(tag.slug for tag in index.tags)) + "\n"


def _facets(index: model.TagIndex, audiences: Sequence[str]) -> dict[str, dict[str, object]]:
    """Each item's values of each filter facet (the values `Article.facets` gives its card: a
    section's are its page's)."""
    per: dict[str, list[list[str]]] = {}
    for article in index.explorer_items:
        for facet, values in article.facets.items():
            named = values if facet != "audience" or values else list(audiences)
            per.setdefault(facet, []).append(named)
    out: dict[str, dict[str, object]] = {}
    for facet, lists in sorted(per.items()):
        values = sorted({value for named in lists for value in named})
        at = {value: i for i, value in enumerate(values)}
        if len(values) <= MASK_VALUES:
            of: list[object] = [sum(1 << at[v] for v in set(named)) for named in lists]
        else:
            of = [sorted(at[v] for v in set(named)) for named in lists]
        out[facet] = {"values": values, "of": of}
    return out


def piece_json(html: str) -> str:
    """A piece's file: the rendered results block, as JSON (a copied static file on every
    host, where an `.html` file might be taken for a page)."""
    return compact_json({"html": html}) + "\n"
