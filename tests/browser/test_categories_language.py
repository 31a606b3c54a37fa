"""Categories in the page's language (issue 40, item 10), in Chromium on the example site built
by MkDocs (static-i18n) and by the `tagindex` command with zensical-i18n: on the Japanese tag
page and in the Japanese all-tags explorer, the category filter lists no English fallback name
beside its Japanese one, and choosing the Japanese name shows the untranslated article too.

Which English category has which Japanese name is read here from the example's own sources (an
article and its `.ja.md` translation), not from the plugin's output."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml
from playwright.sync_api import Page

from .conftest import EXAMPLE_CONFIG, ServedSite, SitePageFactory

HOSTS = ("mkdocs", "zensical")
ARTICLES = EXAMPLE_CONFIG.parent / "docs" / "articles"
FALLBACK = "Latency Budgets for Voice Agents"
"""The example's one article without a Japanese translation (`voice-agents-latency.md`)."""
FILTER = '[data-tagindex-facet="category"]'
SHOWN = "[data-tagindex-results] > [data-tagindex-facets]:not([hidden])"


@pytest.fixture(scope="module")
def hosts(example_site: ServedSite, zensical_sites: dict[str, ServedSite]) -> dict[str, ServedSite]:
    return {"mkdocs": example_site, "zensical": zensical_sites["modern"]}


def category(path: Path) -> str | None:
    text = path.read_text("utf-8")
    found = re.match(r"---\n(.*?)\n---", text, re.S)
    meta = yaml.safe_load(found.group(1)) if found else {}
    value = meta.get("category")
    return str(value) if value else None


def translated() -> dict[str, str]:
    """English category → its Japanese name, from each article and its translation."""
    pairs: dict[str, str] = {}
    for ja in sorted(ARTICLES.glob("*.ja.md")):
        en = ja.with_name(ja.name.removesuffix(".ja.md") + ".md")
        if en.is_file() and (before := category(en)) and (after := category(ja)):
            pairs.setdefault(before, after)
    return pairs


def values(page: Page, scope: str) -> list[str]:
    """The category filter's values (its "All" left out), as the reader can choose them."""
    toolbar = page.locator(f"{scope} {FILTER}")
    toolbar.wait_for(state="visible")
    return [
        v
        for v in toolbar.locator("button").evaluate_all(
            "bs => bs.map(b => b.getAttribute('data-tagindex-value'))"
        )
        if v
    ]


def assert_no_english_twin(found: list[str], pairs: dict[str, str]) -> None:
    twins = [v for v in found if v in pairs and pairs[v] != v]
    assert twins == [], f"English names beside their Japanese ones: {twins} in {found}"


def test_the_example_has_what_the_test_needs() -> None:
    """An untranslated article whose category its translated peers name in Japanese."""
    pairs = translated()
    assert pairs.get("Agents") == "エージェント"
    assert category(ARTICLES / "voice-agents-latency.md") == "Agents"
    assert not (ARTICLES / "voice-agents-latency.ja.md").exists()


@pytest.mark.parametrize("host", HOSTS)
def test_japanese_tag_page_filter_has_no_english_twin(
    hosts: dict[str, ServedSite], site_page: SitePageFactory, host: str
) -> None:
    site = hosts[host]
    pairs = translated()
    opened = site_page(site)
    page = opened.page
    page.goto(site.url("ja/tags/agents/"))
    found = values(page, ".tagindex--tag")
    assert "エージェント" in found
    assert_no_english_twin(found, pairs)
    # the Japanese name is the untranslated article's facet too: choosing it keeps its card
    page.locator(f'.tagindex--tag {FILTER} [data-tagindex-value="エージェント"]').click()
    page.wait_for_function("() => location.search.includes('category=')")
    visible = page.locator(".tagindex-card:visible .tagindex-card__title").all_inner_texts()
    assert any(FALLBACK in title for title in visible), visible
    facets = page.locator(".tagindex-card:visible").evaluate_all(
        "cs => cs.map(c => c.getAttribute('data-tagindex-facets'))"
    )
    assert facets and all(json.loads(f)["category"] == ["エージェント"] for f in facets)
    assert opened.errors == []


@pytest.mark.parametrize("host", HOSTS)
def test_japanese_explorer_filter_has_no_english_twin(
    hosts: dict[str, ServedSite], site_page: SitePageFactory, host: str
) -> None:
    site = hosts[host]
    pairs = translated()
    opened = site_page(site)
    page = opened.page
    page.goto(site.url("ja/tags/?t=agents&match=all"))
    page.wait_for_function("() => !document.querySelector('[data-tagindex-explorer][aria-busy]')")
    found = values(page, "[data-tagindex-explorer]")
    assert "エージェント" in found
    assert_no_english_twin(found, pairs)
    page.locator(f'[data-tagindex-explorer] {FILTER} [data-tagindex-value="エージェント"]').click()
    page.wait_for_function("() => location.search.includes('category=')")
    page.wait_for_function("() => !document.querySelector('[data-tagindex-explorer][aria-busy]')")
    titles = page.locator(f"{SHOWN} .tagindex-card__title").all_inner_texts()
    assert any(FALLBACK in title for title in titles), titles
    assert opened.errors == []
