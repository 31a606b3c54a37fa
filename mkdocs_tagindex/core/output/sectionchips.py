"""Chips beside a tagged heading (issue 41): a section's tags, linked to their tag pages as the
page's own chips are (this language's pages, hidden tags left out, the tag's slug for the tags
file's colours).

The MkDocs host renders them under the heading (`tagindex/section-tags.html`). Zensical renders
the article pages itself and runs no code of ours there, so each language also publishes
`sections.json` beside `tags.json`, from which `tagindex.js` draws the same chips in the page:

    {"version": 1, "root": "../", "pages": {"a/": {"method": [{"name": "#grpo",
      "url": "tags/grpo/", "slug": "grpo"}, …], …}, …}}

`pages` maps a page's URL to its tagged headings' ids, each with its chips (`title`: with the
hierarchy, the tag's whole path); URLs are the site's own (site-relative), and `root` leads from
the file's folder to the site's root. Only a site that tags sections publishes the file.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

from markupsafe import Markup

from ..records.article import Article
from .contexts import Chip
from .feeds import compact_json


class Chips(Protocol):
    """What makes a page's chips (`Edition.chips`): this module asks it for a section's."""

    def chips(
        self, article: Article, locale: str | None, *, icons: bool, shadows_shown: bool
    ) -> list[Chip]: ...


VERSION = 1
NAME = "sections.json"


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


def sections_json(edition: Chips, articles: Mapping[str, Article], at: str) -> str | None:
    """The text of `sections.json` published at site-relative `at`; None where no page
    tags a section (or none of its tags has a page)."""
    pages: dict[str, dict[str, list[dict[str, str]]]] = {}
    for article in sorted(articles.values(), key=lambda a: a.url):
        if not article.sections:
            continue
        chips = section_chips(edition, article, None, icons=False)
        if chips:
            pages[article.url] = {
                anchor: [_entry(c) for c in found] for anchor, found in chips.items()
            }
    if not pages:
        return None
    return compact_json({"version": VERSION, "root": "../" * at.count("/"), "pages": pages}) + "\n"
