"""The audience switch and the filters count sections (issue 41, point 4), in Chromium on both
hosts: a tag page's count line and the all-tags page's counts say "articles · sections" for the
cards an audience leaves, as the build says them for all; a tag only a section of another
audience's page lists is hidden like a tag without articles."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from .conftest import ServedSite, SitePageFactory, both_hosts
from conftest import material_config, write_config, write_page

AUDIENCE = '[data-tagindex-facet="audience"] [data-tagindex-value="{}"]'


def _project(root: Path) -> Path:
    project = root / "counts"
    config = material_config(audiences={"students": "Students", "pros": "Professionals"})
    write_config(project, config)
    write_page(project, "index.md", None, "# Home\n\nHello.\n")
    write_page(
        project,
        "a.md",
        {"tags": ["paper"], "audience": ["students"]},
        "# A\n\nIntro.\n\n## Method\n<!-- tags: grpo -->\n\nThe GRPO part.\n",
    )
    write_page(project, "b.md", {"tags": ["grpo"], "audience": ["pros"]}, "# B\n\nText of b.\n")
    write_page(
        project,
        "c.md",
        {"tags": ["paper"], "audience": ["pros"]},
        "# C\n\nIntro.\n\n## Part\n<!-- tags: solo -->\n\nOnly a section says solo.\n",
    )
    return project


@pytest.fixture(scope="module")
def count_sites(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, ServedSite]]:
    yield from both_hosts(_project(tmp_path_factory.mktemp("section-counts")))


def _count(page: object, selector: str) -> str:
    text: str = page.locator(selector).inner_text()  # type: ignore[attr-defined]
    return " ".join(text.split())


@pytest.mark.parametrize("host", ["mkdocs", "zensical"])
def test_a_tag_pages_count_under_an_audience_says_sections(
    count_sites: dict[str, ServedSite], site_page: SitePageFactory, host: str
) -> None:
    site = count_sites[host]
    page = site_page(site).page
    page.goto(site.url("/tags/grpo/"))
    assert _count(page, ".tagindex-count") == "1 article · 1 section"
    for audience, expected, titles in (
        ("students", "1 section", ["A › Method"]),
        ("pros", "1 article", ["B"]),
    ):
        page.locator(AUDIENCE.format(audience)).click()
        page.wait_for_function(
            "t => document.querySelector('.tagindex-count').textContent.trim() === t", arg=expected
        )
        shown = page.eval_on_selector_all(
            ".tagindex-card:not([hidden]) .tagindex-card__title",
            "els => els.map((e) => e.textContent.trim())",
        )
        assert shown == titles


@pytest.mark.parametrize("host", ["mkdocs", "zensical"])
def test_the_all_tags_counts_under_an_audience_say_sections(
    count_sites: dict[str, ServedSite], site_page: SitePageFactory, host: str
) -> None:
    site = count_sites[host]
    page = site_page(site).page
    page.goto(site.url("/tags/"))

    def counts() -> dict[str, str]:
        found: dict[str, str] = page.evaluate(
            """() => Object.fromEntries(Array.from(document.querySelectorAll(
                 '.tagindex-index__item:not([hidden])')).map((item) => [
                 item.getAttribute('data-tagindex-tag'),
                 item.querySelector('.tagindex-index__count').textContent.trim()]))"""
        )
        return found

    assert counts() == {"grpo": "1 article · 1 section", "paper": "2 articles", "solo": "1 section"}
    page.locator(AUDIENCE.format("students")).first.click()
    page.wait_for_function(
        "() => new URLSearchParams(location.search).get('audience') === 'students'"
    )
    assert counts() == {"grpo": "1 section", "paper": "1 article"}  # solo: a pros page's section
    page.locator(AUDIENCE.format("pros")).first.click()
    page.wait_for_function("() => new URLSearchParams(location.search).get('audience') === 'pros'")
    assert counts() == {"grpo": "1 article", "paper": "1 article", "solo": "1 section"}
