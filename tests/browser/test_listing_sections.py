"""Tagged sections in the hosts' own tags listings in the `tagindex` layout (issue 41, "native
listings"), as a reader sees them in Chromium. Material's listing (MkDocs) is rendered by the
plugin with the section cards in it; Zensical renders its listing itself, from the pages whose
`tags:` have the tag, and tagindex.js adds the section cards from the tag pages (the language's
`listings.json`). Both lists must equal the tag page's cards, in its order, numbered from 01."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from playwright.sync_api import Page

from .conftest import ServedSite, SitePageFactory, both_hosts
from conftest import material_config, write_config, write_page

WORDS = " ".join(["word"] * 300)
LISTING = "# Reading list\n\n<!-- material/tags { include: [grpo, paper], layout: tagindex } -->\n"


def _project(root: Path) -> Path:
    """Four pages; `a` has no #grpo of its own but three sections that carry it, between the
    newest page and two older ones; two cards per tag page, so the sections' cards are on the
    tag's first and second pages."""
    project = root / "listing"
    config = material_config(sort_by="date", per_page=2)
    config["markdown_extensions"] = ["attr_list", {"toc": {"permalink": True}}]
    config["plugins"] = ["search", "tags", {"tagindex": {"sort_by": "date", "per_page": 2}}]
    write_config(project, config)
    write_page(project, "index.md", {"title": "Reading list"}, LISTING)
    write_page(
        project,
        "a.md",
        {"title": "Paper walkthrough", "tags": ["paper"], "date": "2026-11-03", "type": "paper"},
        "# Paper walkthrough\n\nIntro.\n\n## Method\n<!-- tags: grpo, rl -->\n\n"
        f"The GRPO part.\n\n{WORDS}\n\n## Method\n<!-- tags: grpo -->\n\nAgain.\n\n"
        "## Custom { #my-id }\n<!-- tags: grpo -->\n\nOwn id.\n",
    )
    for name, date in (("b", "2026-11-02"), ("c", "2026-11-04"), ("d", "2026-11-01")):
        meta = {"title": f"Page {name}", "tags": ["grpo"], "date": date}
        write_page(project, f"{name}.md", meta, f"# Page {name}\n\nText of {name}.\n")
    return project


@pytest.fixture(scope="module")
def listing_sites(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, ServedSite]]:
    yield from both_hosts(_project(tmp_path_factory.mktemp("listing-sections")))


LISTED = """() => Array.from(document.querySelectorAll('.tagindex--listing')).map((list) => ({
  shown: !list.hidden,
  cards: Array.from(list.querySelectorAll('.tagindex-card')).map((card) => {
    const link = card.querySelector('.tagindex-card__title a');
    return [
      card.querySelector('[data-tagindex-card-number]').textContent.trim(),
      card.getAttribute('data-tagindex-number'),
      card.querySelector('.tagindex-card__title').tagName,
      link.textContent.trim(),
      new URL(link.href).pathname + new URL(link.href).hash,
    ];
  }),
}))"""

EXPECTED_GRPO = [
    ("01", "Page c", "/c/"),
    ("02", "Paper walkthrough › Method", "/a/#method"),
    ("03", "Paper walkthrough › Method", "/a/#method_1"),
    ("04", "Paper walkthrough › Custom", "/a/#my-id"),
    ("05", "Page b", "/b/"),
    ("06", "Page d", "/d/"),
]


def _listed(site: ServedSite, site_page: SitePageFactory) -> list[list[tuple[str, ...]]]:
    """Each listing of the reading list, once every card is in it: (number, title, link)."""
    page: Page = site_page(site).page
    page.goto(site.url("/"))
    page.wait_for_function(
        "() => document.querySelectorAll('.tagindex--listing .tagindex-card').length >= 7"
    )
    lists = page.evaluate(LISTED)
    out = []
    for found in lists:
        assert found["shown"]
        rows = []
        for number, data_number, title_tag, title, link in found["cards"]:
            assert number == data_number and title_tag == "H3"  # as the list's own cards
            rows.append((number, title, link))
        out.append(rows)
    return out


@pytest.mark.parametrize("host", ["mkdocs", "zensical"])
def test_the_listing_lists_the_sections_as_the_tag_page_does(
    listing_sites: dict[str, ServedSite], site_page: SitePageFactory, host: str
) -> None:
    grpo, paper = _listed(listing_sites[host], site_page)
    assert grpo == EXPECTED_GRPO
    assert paper == [("01", "Paper walkthrough", "/a/")]


def test_both_hosts_list_the_same_cards_as_the_tag_page(
    listing_sites: dict[str, ServedSite], site_page: SitePageFactory
) -> None:
    listed = {host: _listed(site, site_page) for host, site in listing_sites.items()}
    assert listed["mkdocs"] == listed["zensical"]
    for host, site in listing_sites.items():
        on_tag_page = [row[1:] for rows in _tag_page_cards_by_page(site, site_page) for row in rows]
        assert on_tag_page == [row[1:] for row in listed[host][0]], host


def _tag_page_cards_by_page(
    site: ServedSite, site_page: SitePageFactory
) -> list[list[tuple[str, ...]]]:
    page: Page = site_page(site).page
    out = []
    for rel in ("/tags/grpo/", "/tags/grpo/page/2/", "/tags/grpo/page/3/"):
        page.goto(site.url(rel))
        out.append(
            page.eval_on_selector_all(
                "[data-tagindex-list] .tagindex-card",
                """cards => cards.map((card) => {
                  const link = card.querySelector('.tagindex-card__title a');
                  return [card.getAttribute('data-tagindex-number'), link.textContent.trim(),
                          new URL(link.href).pathname + new URL(link.href).hash];
                })""",
            )
        )
    return [[tuple(row) for row in rows] for rows in out]


def test_without_javascript_zensicals_listing_shows_the_pages(
    listing_sites: dict[str, ServedSite],
) -> None:
    """Before the script: Zensical's list holds the pages, numbered, and names its tag and the
    language's listings.json, which places the three sections after page c (one on the tag's
    first page, card 02, two on its second, 03 and 04)."""
    site = listing_sites["zensical"].dir
    html = BeautifulSoup((site / "index.html").read_text("utf-8"), "html.parser")
    grpo = html.select_one('[data-tagindex-listing="grpo"]')
    assert grpo is not None and grpo.get("data-tagindex-listings") == "./tags/listings.json"
    titles = [a.get_text() for a in grpo.select(".tagindex-card__title a")]
    assert titles == ["Page c", "Page b", "Page d"]
    data = json.loads((site / "tags/listings.json").read_text("utf-8"))
    (entry,) = [e for e in data["tags"] if "grpo" in e["names"]]
    assert entry["cards"] == [
        ["c/", "tags/grpo/", "02"],
        ["c/", "tags/grpo/page/2/", "03"],
        ["c/", "tags/grpo/page/2/", "04"],
    ]
