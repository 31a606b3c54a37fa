"""The explorer at any site size (issue 40, item 6), in Chromium on both hosts: the all-tags page
holds no card; the first choice fetches `explorer.json` and only the pieces of the cards it shows,
a screenful at a time; more come as the reader nears the end; Back to card N draws the cards up
to N first and comes back to it.

The site: 130 articles, every one tagged `big` (five pieces of cards), so a choice shows more
cards than one draw does. The figures at 1,000 and 10,000 articles are `make bench-explorer`'s.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, Request, Route

from .conftest import ServedSite, SitePageFactory, both_hosts
from .test_explorer import HOSTS, open_explorer, pick, settle
from conftest import material_config, write_config, write_page

pytestmark = pytest.mark.browser

ARTICLES = 130
BATCH = 16  # tagindex-explorer.js draws this many cards at a time
DRAWN = "[data-tagindex-results] > [data-tagindex-number]"


@pytest.fixture(scope="module")
def big_sites(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, ServedSite]]:
    project = tmp_path_factory.mktemp("explorer-scale") / "site-src"
    write_config(project, material_config(audiences={"students": "Students"}))
    write_page(project, "index.md", {"title": "Home"}, "Home.\n")
    for i in range(1, ARTICLES + 1):
        tags = ["big", f"t{i % 7}"] + (["odd"] if i % 2 else [])
        # a summary of a few lines: 24 cards are more than a screenful and the next 600 px
        summary = f"About {i}. " + "Some words of a summary. " * 12
        meta = {"title": f"Article {i:03d}", "summary": summary, "tags": tags}
        date = f"2026-01-{1 + i % 28:02d}"
        write_page(project, f"a{i:03d}.md", {**meta, "date": date}, "W. " * 30)
    yield from both_hosts(project)


def drawn(page: Page) -> list[tuple[str, str]]:
    rows: list[list[str]] = page.eval_on_selector_all(
        DRAWN,
        """cards => cards.map(c => [
            c.querySelector('[data-tagindex-card-number]').textContent,
            c.querySelector('.tagindex-card__title a').textContent])""",
    )
    return [(n, t) for n, t in rows]


def scroll_to_more(page: Page) -> None:
    """Scroll to the last card drawn, as a reader does, and wait for more to be drawn."""
    count = len(drawn(page))
    page.locator(DRAWN).last.scroll_into_view_if_needed()
    page.wait_for_function(
        "n => document.querySelectorAll('[data-tagindex-results] > *').length > n", arg=count
    )


def expected_titles(site: ServedSite, slug: str) -> list[str]:
    data = json.loads((site.dir / "tags/tags.json").read_text("utf-8"))
    tag = next(t for t in data["tags"] if t["slug"] == slug)
    places = sorted({c["article"] for c in tag["cards"]})
    return [str(data["articles"][p]["title"]) for p in places]


@pytest.mark.parametrize("host", HOSTS)
def test_the_page_holds_no_card_and_a_choice_fetches_only_what_it_shows(
    big_sites: dict[str, ServedSite], site_page: SitePageFactory, host: str
) -> None:
    site = big_sites[host]
    html = (site.dir / "tags/index.html").read_text("utf-8")
    assert "tagindex-card__title" not in html  # no card in the page itself
    index = json.loads((site.dir / "tags/explorer.json").read_text("utf-8"))
    assert index["size"] == ARTICLES and index["pieces"] == 17  # 8 cards a piece
    opened = site_page(site)
    asked: list[str] = []

    def note(request: Request) -> None:
        if "/tags/" in request.url and request.url.endswith(".json"):
            asked.append(request.url.rsplit("/", 1)[-1])

    opened.page.on("request", note)
    page = open_explorer(opened, site.url("tags/"))
    assert asked == []  # nothing fetched before a choice
    pick(page, "odd")
    settle(page, "?t=odd&match=all")
    want = expected_titles(site, "odd")
    assert len(want) == ARTICLES // 2
    assert page.locator("[data-tagindex-results-count]").inner_text() == f"{len(want)} articles"
    # the first screenful: 24 cards, numbered 01… of all the choice's, from the pieces they are in
    assert drawn(page) == [(f"{i:02d}", t) for i, t in enumerate(want[:BATCH], 1)]
    numbers = page.eval_on_selector_all(DRAWN, "cs => cs.map(c => +c.dataset.tagindexNumber)")
    needed = {f"explorer-{(n - 1) // 8 + 1:04d}.json" for n in numbers}
    # explorer.json and the pieces of the cards drawn; not the slugs' file (the page has them)
    assert sorted(asked) == sorted({"explorer.json"} | needed)
    assert len(needed) < index["pieces"]  # not every piece
    assert opened.errors == []


@pytest.mark.parametrize("host", HOSTS)
def test_more_cards_come_as_the_reader_nears_the_end(
    big_sites: dict[str, ServedSite], site_page: SitePageFactory, host: str
) -> None:
    site = big_sites[host]
    opened = site_page(site)
    page = open_explorer(opened, site.url("tags/?t=big&match=all"))
    settle(page, "?t=big&match=all")
    assert len(drawn(page)) == BATCH
    want = expected_titles(site, "big")
    for _ in range(20):
        if len(drawn(page)) == len(want):
            break
        scroll_to_more(page)
    assert drawn(page) == [(f"{i:03d}", t) for i, t in enumerate(want, 1)]
    assert opened.errors == []


@pytest.mark.parametrize("host", HOSTS)
def test_back_to_card_n_draws_the_cards_up_to_n_first(
    big_sites: dict[str, ServedSite], site_page: SitePageFactory, host: str
) -> None:
    site = big_sites[host]
    opened = site_page(site)
    page = open_explorer(opened, site.url("tags/?t=big&match=all"))
    settle(page, "?t=big&match=all")
    while len(drawn(page)) < 60:  # the reader scrolls down to card 60
        scroll_to_more(page)
    card = page.locator(DRAWN).nth(59)
    title = card.locator(".tagindex-card__title a")
    name = title.inner_text()
    title.scroll_into_view_if_needed()
    title.focus()
    y = page.evaluate("() => Math.round(scrollY)")
    title.click()
    page.wait_for_url(lambda url: "/tags/" not in url)
    page.go_back()
    page.wait_for_url(re.compile(r"/tags/\?t=big"))
    settle(page, "?t=big&match=all")
    page.wait_for_function("y => Math.abs(scrollY - y) <= 2", arg=y)
    assert len(drawn(page)) >= 60
    focused = page.evaluate("() => document.activeElement && document.activeElement.textContent")
    assert focused == name
    box = title.bounding_box()
    assert box is not None and 0 <= box["y"] < page.viewport_size["height"]  # type: ignore[index]
    assert opened.errors == []


@pytest.mark.parametrize("host", HOSTS)
def test_two_picks_while_the_data_is_on_its_way_both_count(
    big_sites: dict[str, ServedSite], site_page: SitePageFactory, host: str
) -> None:
    """A slow network: explorer.json held back while a reader presses two "+"; both are chosen
    (the second used to replace the first)."""
    site = big_sites[host]
    opened = site_page(site)
    held: list[Route] = []
    opened.page.route("**/tags/explorer.json", lambda route: held.append(route))
    page = open_explorer(opened, site.url("tags/"))
    pick(page, "t1")
    pick(page, "odd")
    page.wait_for_function("() => true")  # the two clicks handled
    assert len(held) == 1 and "t=" not in page.url  # nothing chosen before the data comes
    held[0].continue_()
    settle(page, "?t=t1+odd&match=all")
    chips = page.eval_on_selector_all(
        "[data-tagindex-unpick]", "els => els.map(e => e.getAttribute('data-tagindex-unpick'))"
    )
    assert chips == ["t1", "odd"]
    assert opened.errors == []
