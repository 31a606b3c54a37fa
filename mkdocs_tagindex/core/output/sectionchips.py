"""Chips beside a tagged heading (issue 41): a section's tags, linked to their tag pages as the
page's own chips are (this language's pages, hidden tags left out, the tag's slug for the tags
file's colours); and where section cards go in Zensical's tags listings.

The MkDocs host renders the chips under the heading (`tagindex/section-tags.html`). Zensical
renders the article pages itself and runs no code of ours there, so each language also publishes
`sections.json` beside `tags.json`, from which `tagindex.js` draws the same chips in the page:

    {"version": 1, "root": "../", "pages": {"a/": {"method": [{"name": "#grpo",
      "url": "tags/grpo/", "slug": "grpo"}, …], …}, …}}

`pages` maps a page's URL to its tagged headings' ids, each with its chips (`title`: with the
hierarchy, the tag's whole path); URLs are the site's own (site-relative), and `root` leads from
the file's folder to the site's root. Only a site that tags sections publishes the file.

Zensical renders its tags listings in the `tagindex` layout itself, with only the pages whose
`tags:` have the tag, under the tag's name as written. Where a tag has section cards, each
language also publishes `listings.json`, read by the pages that have such a listing alone (not
by every article, as `sections.json` is):

    {"version": 1, "root": "../", "tags": [{"names": ["GRPO", "grpo"],
      "cards": [["c/", "tags/grpo/", "02"], …]}, …]}

per tag, every way pages write it (`names`), and each of its section cards that says it itself,
as `[after, page, number]`: the listed page it follows (`tagindex.listed_sections`; null:
first), and the tag page whose card numbered `number` it is.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import Any, Protocol

from markupsafe import Markup

from ..model import tagindex as model
from ..model.routes import page_of
from ..records.article import Article
from .contexts import Chip
from .feeds import compact_json


class Chips(Protocol):
    """What makes a page's chips (`Edition.chips`): this module asks it for a section's."""

    def chips(
        self, article: Article, locale: str | None, *, icons: bool, shadows_shown: bool
    ) -> list[Chip]: ...


class Source(Chips, Protocol):
    """One language's edition (`Edition`): its chips, articles, tags and tag pages."""

    @property
    def articles(self) -> Mapping[str, Article]: ...
    @property
    def index(self) -> model.TagIndex: ...
    @property
    def options(self) -> Any: ...
    @property
    def outputs(self) -> Pages: ...


class Pages(Protocol):
    """The language's outputs (`Outputs`): the pages generated for each tag, how many cards
    one holds, and the files beside `tags.json`."""

    @property
    def tag_pages(self) -> Mapping[str, Sequence[str]]: ...
    @property
    def plan(self) -> Any: ...
    def publish_beside(self, name: str, make: Callable[[str], str | None]) -> None: ...


VERSION = 1
NAME = "sections.json"
LISTINGS = "listings.json"


def publish(source: Source, spellings: Mapping[str, Sequence[str]]) -> None:
    """`sections.json` and `listings.json` beside `tags.json`, each where it has anything."""
    source.outputs.publish_beside(NAME, partial(sections_json, source))
    source.outputs.publish_beside(LISTINGS, partial(listings_json, source, spellings))


def section_chips(
    edition: Chips, article: Article, locale: str | None, *, icons: bool
) -> dict[str, list[Chip]]:
    """Each tagged heading's id → its chips that link to a tag page, as `Edition.chips` makes
    the page's own; a heading none of whose tags has a page is left out."""
    out = {}
    for section in article.sections:
        chips = edition.chips(article.of_section(section), locale, icons=icons, shadows_shown=False)
        linked = [chip for chip in chips if chip.url]
        if linked:
            out[section.anchor] = linked
    return out


def _entry(chip: Chip) -> dict[str, str]:
    entry = {"name": Markup(chip.name).unescape(), "url": chip.url, "slug": chip.slug}
    if chip.title:
        entry["title"] = chip.title
    return entry


def listings(source: Source, spellings: Mapping[str, Sequence[str]]) -> list[dict[str, Any]]:
    """`listings.json`'s tags: each with section cards that say it, on pages of ours."""
    options, per_page = source.options, source.outputs.plan.per_page
    out: list[dict[str, Any]] = []
    for tag in source.index.tags:
        urls = source.outputs.tag_pages.get(tag.key)
        if not tag.sections or not urls:
            continue
        placed = model.listed_sections(
            tag, source.articles, options.sort_by, reverse=options.sort_reverse
        )
        cards = [
            [after, urls[min(page_of(i, per_page), len(urls)) - 1], tag.cards[i].number]
            for after, i in placed
        ]
        if cards:
            names = spellings.get(tag.key) or (tag.name,)
            out.append({"names": list(names), "cards": cards})
    return out


def listings_json(source: Source, spellings: Mapping[str, Sequence[str]], at: str) -> str | None:
    """The text of `listings.json` published at site-relative `at`; None where no tag has a
    section card."""
    tags = listings(source, spellings)
    if not tags:
        return None
    return compact_json({"version": VERSION, "root": "../" * at.count("/"), "tags": tags}) + "\n"


def sections_json(source: Source, at: str) -> str | None:
    """The text of `sections.json` published at site-relative `at`; None where no page
    tags a section (or none of its tags has a page)."""
    pages: dict[str, dict[str, list[dict[str, str]]]] = {}
    for article in sorted(source.articles.values(), key=lambda a: a.url):
        if not article.sections:
            continue
        chips = section_chips(source, article, None, icons=False)
        if chips:
            pages[article.url] = {
                anchor: [_entry(c) for c in found] for anchor, found in chips.items()
            }
    if not pages:
        return None
    return compact_json({"version": VERSION, "root": "../" * at.count("/"), "pages": pages}) + "\n"
