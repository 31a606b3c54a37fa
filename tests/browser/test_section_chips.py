"""Chips under a tagged heading (issue 41, point 3), as a reader sees them in Chromium on both
hosts: MkDocs renders them in the page (tagindex/section-tags.html), Zensical's pages get them
from tagindex.js and the language's sections.json. The same chips, in the same place, linking to
the same tag pages, coloured by the tags file."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from bs4 import BeautifulSoup
from playwright.sync_api import Page

from .colors import property_srgb
from .conftest import ServedSite, SitePageFactory, both_hosts
from conftest import material_config, write_config, write_page

TAGS_FILE = 'grpo:\n  name: GRPO\n  color: "#e91e63"\nrl:\npaper:\n'

SECTIONS = """\
# Paper walkthrough

Intro.

## Method
<!-- tags: grpo, rl -->

The GRPO part.

## Custom { #my-id }

<!-- tags: rl -->

Own id.

## Other

No tags here.
"""

EXPECTED = [
    ("method", [("#GRPO", "/tags/grpo/", "grpo"), ("#rl", "/tags/rl/", "rl")]),
    ("my-id", [("#rl", "/tags/rl/", "rl")]),
]


def _project(root: Path) -> Path:
    project = root / "sections"
    config = material_config()
    config["markdown_extensions"] = ["attr_list", {"toc": {"permalink": True}}]
    config["plugins"] = ["search", "tags", {"tagindex": {"tags_file": "tags.yml"}}]
    write_config(project, config)
    (project / "tags.yml").write_text(TAGS_FILE, "utf-8")
    write_page(project, "index.md", None, "# Home\n\nHello.\n")
    write_page(project, "a.md", {"tags": ["paper"]}, SECTIONS)
    write_page(project, "b.md", {"tags": ["grpo"]}, "# B\n\nText of b.\n")
    untagged = "# C\n\nNo tags of its own.\n\n## Only here\n<!-- tags: grpo -->\n\nText.\n"
    write_page(project, "c.md", None, untagged)  # its section alone lists it
    return project


@pytest.fixture(scope="module")
def section_sites(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, ServedSite]]:
    yield from both_hosts(_project(tmp_path_factory.mktemp("section-chips")))


SHOWN = """() => Array.from(document.querySelectorAll('.tagindex-section-tags')).map((box) => {
  let heading = box.previousElementSibling;
  while (heading && !/^H[1-6]$/.test(heading.tagName)) heading = heading.previousElementSibling;
  return {
    section: box.getAttribute('data-tagindex-section-tags'),
    heading: heading ? heading.id : null,
    chips: Array.from(box.querySelectorAll('a')).map((a) =>
      [a.textContent.trim(), new URL(a.href).pathname, a.getAttribute('data-tagindex-slug') || '']),
    top: box.getBoundingClientRect().top,
    headingBottom: heading ? heading.getBoundingClientRect().bottom : null,
  };
})"""


def _article(site: ServedSite, site_page: SitePageFactory) -> Page:
    """The article with tagged sections, opened in a fresh context."""
    page = site_page(site).page
    page.goto(site.url("/a/"))
    return page


def _shown(site: ServedSite, site_page: SitePageFactory) -> list[dict[str, Any]]:
    page = _article(site, site_page)
    page.wait_for_function("() => document.querySelectorAll('.tagindex-section-tags').length >= 2")
    shown: list[dict[str, Any]] = page.evaluate(SHOWN)
    return shown


@pytest.mark.parametrize("host", ["mkdocs", "zensical"])
def test_chips_under_each_tagged_heading(
    section_sites: dict[str, ServedSite], site_page: SitePageFactory, host: str
) -> None:
    shown = _shown(section_sites[host], site_page)
    got = [(s["section"], [tuple(c) for c in s["chips"]]) for s in shown]
    assert got == EXPECTED
    for box in shown:
        assert box["heading"] == box["section"]  # right under its own heading
        assert box["top"] >= box["headingBottom"]


def test_both_hosts_show_the_same_chips(
    section_sites: dict[str, ServedSite], site_page: SitePageFactory
) -> None:
    def what(host: str) -> list[tuple[object, ...]]:
        shown = _shown(section_sites[host], site_page)
        return [(s["section"], s["heading"], [tuple(c) for c in s["chips"]]) for s in shown]

    assert what("mkdocs") == what("zensical")


@pytest.mark.parametrize("host", ["mkdocs", "zensical"])
def test_a_page_without_tags_shows_the_chips_of_its_sections(
    section_sites: dict[str, ServedSite], site_page: SitePageFactory, host: str
) -> None:
    """Zensical renders no chips partial of its own on a page without tags: init's partial
    says where the language's sections.json is all the same."""
    page = site_page(section_sites[host]).page
    page.goto(section_sites[host].url("/c/"))
    page.locator(".tagindex-section-tags").first.wait_for()
    shown = page.evaluate(SHOWN)
    assert [(s["section"], s["heading"], [tuple(c) for c in s["chips"]]) for s in shown] == [
        ("only-here", "only-here", [("#GRPO", "/tags/grpo/", "grpo")])
    ]


@pytest.mark.parametrize("host", ["mkdocs", "zensical"])
def test_a_chip_leads_to_a_tag_page_that_lists_the_section(
    section_sites: dict[str, ServedSite], site_page: SitePageFactory, host: str
) -> None:
    page = _article(section_sites[host], site_page)
    chip = page.locator('[data-tagindex-section-tags="my-id"] a')
    chip.click()
    page.wait_for_url("**/tags/rl/")
    hrefs = page.eval_on_selector_all(
        ".tagindex-card__title a",
        "els => els.map((a) => new URL(a.href).pathname + new URL(a.href).hash)",
    )
    assert "/a/#my-id" in hrefs


@pytest.mark.parametrize("host", ["mkdocs", "zensical"])
def test_a_coloured_section_chip(
    section_sites: dict[str, ServedSite], site_page: SitePageFactory, host: str
) -> None:
    page = _article(section_sites[host], site_page)
    chip = page.locator('.tagindex-section-tags [data-tagindex-slug="grpo"]')
    chip.wait_for()
    page.wait_for_function(
        "el => getComputedStyle(el).backgroundColor !== 'rgba(0, 0, 0, 0)'",
        arg=chip.element_handle(),
    )
    assert property_srgb(chip, "backgroundColor") == (233, 30, 99)


def test_without_javascript(section_sites: dict[str, ServedSite]) -> None:
    """MkDocs' page carries the chips; Zensical's carries the comment and the URL of the
    language's sections.json, which says the same chips."""
    mkdocs = BeautifulSoup(
        (section_sites["mkdocs"].dir / "a/index.html").read_text("utf-8"), "html.parser"
    )
    assert [
        box.get("data-tagindex-section-tags") for box in mkdocs.select(".tagindex-section-tags")
    ] == [
        "method",
        "my-id",
    ]
    zensical_dir = section_sites["zensical"].dir
    page = BeautifulSoup((zensical_dir / "a/index.html").read_text("utf-8"), "html.parser")
    assert page.select(".tagindex-section-tags") == []
    source = page.select_one("[data-tagindex-sections]")
    assert source is not None and source.get("data-tagindex-sections") == "../tags/sections.json"
    for site in section_sites.values():
        data = json.loads((site.dir / "tags/sections.json").read_text("utf-8"))
        assert data["version"] == 1 and data["root"] == "../"
        assert [(a, [c["name"] for c in chips]) for a, chips in data["pages"]["a/"].items()] == [
            ("method", ["#GRPO", "#rl"]),
            ("my-id", ["#rl"]),
        ]
