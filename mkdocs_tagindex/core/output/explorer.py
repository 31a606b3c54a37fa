"""What the explorer of the all-tags page fetches (issue 40, item 6): a small index of which tag
and which filter value lists which article, and the articles' cards in pieces.

The all-tags page carries no card: a page that carried every article's card grew with the site
(about 19 MB at 10,000 articles). The script fetches `explorer.json` on the first choice, counts
from it, and fetches the pieces that hold the cards it shows, a screenful at a time. Pieces are
rendered by the host with the all-tags page's own template context and URL base (the results
block of `tagindex/explorer.html`, `tagindex.explorer_piece` true), so card overrides render
as on the page; this module only says which cards go in which piece and writes the index.

`explorer.json` (version 1), beside `tags.json`:

    {"version": 1, "size": N, "pieces": ["explorer-0001.json", ...], "piece": 32,
     "tags": {"grpo": [3, 1, 9], ...},
     "facets": {"audience": {"students": [...], ...}, "category": {...}, ...}}

Lists are places in `tags.json`'s `articles` (the cards' numbers less one), ascending and
written as gaps (the first place, then each one's distance from the one before), which keeps
the file a few bytes per tag of each article. An audience lists the articles without one too
(they are for everyone). A piece is `{"html": "…"}`: the results block rendered for its cards.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from ..model import tagindex as model
from .feeds import compact_json

VERSION = 1
INDEX_NAME = "explorer.json"
PIECE = 32
"""Cards per piece: a first screenful whose matches lie far apart fetches a piece per card."""


def piece_name(number: int) -> str:
    """The file name of piece `number` (from 1), beside `explorer.json`."""
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


def explorer_index(index: model.TagIndex, audiences: Sequence[str]) -> Iterator[str]:
    """`explorer.json`'s text, in pieces (a line per tag)."""
    numbers = index.article_numbers
    head = {
        "version": VERSION,
        "size": len(index.articles),
        "piece": PIECE,
        "pieces": [name for name, _ in pieces(index)],
    }
    yield compact_json(head).removesuffix("}") + ',"tags":{'
    for n, tag in enumerate(index.tags):
        places = _gaps(numbers[a.page_src] for a in tag.entries)
        yield ("\n" if n == 0 else ",\n") + compact_json(tag.slug) + ":" + compact_json(places)
    yield '},\n"facets":' + compact_json(_facets(index, audiences)) + "}\n"


def _facets(index: model.TagIndex, audiences: Sequence[str]) -> dict[str, dict[str, list[int]]]:
    """Each filter value's articles (the values `Article.facets` gives its card)."""
    found: dict[str, dict[str, list[int]]] = {}
    for place, article in enumerate(index.articles):
        facets = article.facets
        for facet, values in facets.items():
            named = values if facet != "audience" or values else list(audiences)
            for value in named:
                found.setdefault(facet, {}).setdefault(value, []).append(place)
    return {
        facet: {value: _gaps(places) for value, places in sorted(values.items())}
        for facet, values in sorted(found.items())
    }


def piece_json(html: str) -> str:
    """A piece's file: the rendered results block, as JSON (a copied static file on every
    host, where an `.html` file might be taken for a page)."""
    return compact_json({"html": html}) + "\n"
