"""Filters and the audience switch on a tag split into pages (issue 15), in Chromium.

The fixture site (`tests/fixtures/theme-site`, `per_page: 3`) has five articles on
`reinforcement-learning`: two pages. What each choice must show is worked out from the articles'
front matter, not hard-coded; the script reads `tags.json` and the other page's cards."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml
from playwright.sync_api import Page

from .conftest import OpenedPage, ServedSite, SiteFactory, SitePageFactory
from conftest import FIXTURES

POSTS = FIXTURES / "theme-site" / "docs" / "posts"
TAG = "reinforcement-learning"
VISIBLE_CARDS_JS = """root => Array.from(root.querySelectorAll('[data-tagindex-list] li'))
  .filter(card => !card.hidden && card.getClientRects().length > 0)
  .map(card => ({
    href: new URL(card.querySelector('.tagindex-card__title a').href).pathname,
    number: card.querySelector('[data-tagindex-card-number]').textContent.trim(),
  }))"""


def meta(path: Path) -> dict[str, Any]:
    return yaml.safe_load(path.read_text("utf-8").split("---\n", 2)[1]) or {}


def expected(**choice: str) -> list[str]:
    """URLs of the tag's articles that match every choice, newest first (the card order)."""
    found = []
    for path in sorted(POSTS.glob("*.md")):
        data = meta(path)
        if TAG not in data.get("tags", []):
            continue
        facets = {
            "type": [str(data.get("type", "")).lower()],
            "member": ["1" if data.get("member") else "0"],
            "audience": list(data.get("audience") or []),
            "category": [data["category"]] if data.get("category") else [],
        }
        ok = all(
            (facet == "audience" and not facets["audience"]) or value in facets[facet]
            for facet, value in choice.items()
        )
        if ok:
            found.append((str(data["date"]), f"/posts/{path.stem}/"))
    return [url for _, url in sorted(found, reverse=True)]


def open_tag(site_page: SitePageFactory, site: ServedSite, path: str) -> tuple[OpenedPage, Page]:
    opened = site_page(site)
    page = opened.page
    page.goto(site.url(path))
    page.locator("[data-tagindex-toolbar]").first.wait_for(state="visible")
    return opened, page


def choose(page: Page, facet: str, value: str) -> None:
    page.locator(f'[data-tagindex-facet="{facet}"] [data-tagindex-value="{value}"]').click()
    page.wait_for_function(
        "() => !document.querySelector('[data-tagindex]').hasAttribute('aria-busy')"
    )


def shown(page: Page) -> list[dict[str, str]]:
    return page.locator("[data-tagindex]").evaluate(VISIBLE_CARDS_JS)  # type: ignore[no-any-return]


def test_a_filter_on_a_paginated_tag_lists_matches_from_every_page(
    fixture_site: SiteFactory, site_page: SitePageFactory
) -> None:
    site = fixture_site("theme-site")
    opened, page = open_tag(site_page, site, f"/tags/{TAG}/")
    first_page = {c["href"] for c in shown(page)}
    assert len(first_page) == 3 and page.locator("[data-tagindex-pagination]").is_visible()
    from_elsewhere = 0
    for facet, value in (("type", "paper"), ("type", "explainer"), ("member", "0")):
        choose(page, facet, value)
        want = expected(**{facet: value})
        from_elsewhere += len(set(want) - first_page)
        cards = shown(page)
        assert [c["href"] for c in cards] == want, (facet, value)
        assert [c["number"] for c in cards] == [f"{i:02d}" for i in range(1, len(want) + 1)]
        count = page.locator("[data-tagindex-total]").text_content()
        assert count == (f"{len(want)} articles" if len(want) != 1 else "1 article")
        assert not page.locator("[data-tagindex-pagination]").is_visible()
        choose(page, facet, "")
    assert from_elsewhere > 0, "no choice needed a card of the second page: the test proves nothing"
    # back to everything: this page's three cards and the pagination again
    assert [c["number"] for c in shown(page)] == ["01", "02", "03"]
    assert page.locator("[data-tagindex-pagination]").is_visible()
    assert opened.errors == []
    # the script's requests stay on the site (Material's own web-font request is the only other)
    assert [u for u in opened.blocked if "fonts.googleapis.com" not in u] == []


def test_the_second_page_filters_too_and_the_url_carries_the_choice(
    fixture_site: SiteFactory, site_page: SitePageFactory
) -> None:
    site = fixture_site("theme-site")
    opened, page = open_tag(site_page, site, f"/tags/{TAG}/page/2/?audience=students")
    page.wait_for_function(
        "() => !document.querySelector('[data-tagindex]').hasAttribute('aria-busy')"
    )
    want = expected(audience="students")
    assert [c["href"] for c in shown(page)] == want
    assert opened.errors == []
