"""The explorer readers come back to (issue 40), in Chromium on both hosts: counts before the click
(every "+", every filter value, "narrow with…" links, what an empty result suggests), coming
back to the same results at the same card (with and without the back/forward cache, and through
instant navigation), the choice surviving Zensical's language menu, and the smaller parts (the
tag list's heading, the live region from load, twins named by their path, the Find border).

Every expected count is worked out here from the site's tags.json (which tag lists which article,
and each article's facets), never from the script's own reading of it."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from typing import Any
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from playwright.sync_api import Browser, Page

from .colors import contrast, property_srgb
from .conftest import (
    CHROMIUM,
    CHROMIUM_ARGS,
    OpenedPage,
    ServedSite,
    SitePageFactory,
    both_hosts,
)
from .test_explorer import (
    HOSTS,
    LANGS,
    PICK,
    SHOWN,
    chosen_items,
    count_of,
    count_text,
    draw_all,
    hosts,  # noqa: F401 (a fixture)
    instant,  # noqa: F401 (a fixture)
    open_explorer,
    settle,
    shown,
    tags_json,
)
from conftest import material_config, write_config, write_page

Data = dict[str, Any]


# -- what a choice leads to, from tags.json -------------------------------------------------------


def facets_of(data: Data) -> dict[int, dict[str, list[str]]]:
    """Each article's facets (as its cards in tags.json carry them)."""
    out: dict[int, dict[str, list[str]]] = {}
    for tag in data["tags"]:
        for card in tag["cards"]:
            out[card["article"]] = card["facets"]
    return out


def passes(facets: dict[str, list[str]], chosen: dict[str, str]) -> bool:
    for facet, value in chosen.items():
        values = [str(v) for v in facets.get(facet, [])]
        if facet == "audience" and not values:
            continue  # an article naming no audience is for everyone
        if value not in values:
            return False
    return True


def leads_to(
    data: Data, slugs: list[str], match: str = "all", without: tuple[str, ...] = (), **chosen: str
) -> int:
    """How many cards the explorer shows for this choice (the tags `without` left out),
    audience and filters: articles, and sections where their article is not shown."""
    facets = facets_of(data)
    return len(chosen_items(data, slugs, match, without, lambda p: passes(facets[p], chosen)))


PICKS_JS = """els => els.map(e => ({
    slug: e.dataset.tagindexPick,
    count: (e.querySelector('[data-tagindex-pick-count]') || {textContent: ''}).textContent,
    disabled: e.getAttribute('aria-disabled'),
    name: e.getAttribute('aria-label') || '',
    title: e.getAttribute('title') || '',
    tab: e.tabIndex,
    visible: !!e.offsetParent,
}))"""

ZERO = {"en": "No article", "ja": "該当する記事はありません"}
"""The start of the reason a value leading to none gives (the `explorer_zero` label)."""


def picks(page: Page) -> dict[str, dict[str, Any]]:
    return {p["slug"]: p for p in page.eval_on_selector_all(PICK, PICKS_JS)}


def check_picks(
    page: Page,
    data: Data,
    lang: str,
    slugs: list[str],
    match: str,
    without: tuple[str, ...] = (),
    **chosen: str,
) -> int:
    """Every "+" of a visible tag says how many articles it leads to; none → aria-disabled, still
    focusable, with the reason in its name. Returns how many lead to none."""
    zero = 0
    for slug, p in picks(page).items():
        if not p["visible"]:
            continue  # a tag the audience leaves out
        if slug in slugs:
            rest = [s for s in slugs if s != slug]
            if rest:
                assert count_of(p["count"]) == leads_to(data, rest, match, without, **chosen), slug
            continue
        if slug in without:
            continue
        want = leads_to(data, [*slugs, slug], match, without, **chosen)
        assert count_of(p["count"]) == want, (slug, p, want)
        assert (p["disabled"] == "true") == (want == 0), (slug, p)
        assert p["tab"] >= 0, slug
        if want == 0:
            zero += 1
            assert ZERO[lang] in p["name"] and ZERO[lang] in p["title"], p
    return zero


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("host", HOSTS)
def test_every_plus_says_where_it_leads(
    hosts: dict[str, ServedSite],  # noqa: F811
    site_page: SitePageFactory,
    host: str,
    lang: str,
) -> None:
    site, prefix = hosts[host], LANGS[lang]
    data = tags_json(site, prefix)
    opened = site_page(site)
    page = open_explorer(opened, site.url(prefix + "tags/?t=grpo&match=all"))
    settle(page, "?t=grpo&match=all")
    assert check_picks(page, data, lang, ["grpo"], "all") > 0  # some lead to none
    grpo = picks(page)["grpo"]
    assert grpo["name"].startswith("Remove #grpo" if lang == "en" else "#grpo を外す"), grpo
    # the name says the action; a pressed state as well would say it twice, the opposite way
    button = page.locator('[data-tagindex-pick="grpo"]')
    assert button.get_attribute("aria-pressed") is None
    assert button.get_attribute("data-tagindex-picked") is not None
    # a "+" that leads to none cannot be chosen by mistake
    dead = next(s for s, p in picks(page).items() if p["disabled"] == "true")
    page.locator(f'[data-tagindex-pick="{dead}"]').click(force=True)  # Playwright waits otherwise
    page.wait_for_timeout(150)
    assert page.evaluate("() => location.search") == "?t=grpo&match=all"
    page.locator('[data-tagindex-match] input[value="any"]').check()
    settle(page, "?t=grpo&match=any")
    assert check_picks(page, data, lang, ["grpo"], "any") == 0
    page.locator('[data-tagindex-facet="audience"] [data-tagindex-value="students"]').click()
    page.wait_for_function("() => location.search.includes('audience=students')")
    check_picks(page, data, lang, ["grpo"], "any", audience="students")
    assert opened.errors == []


FILTERS_JS = """els => els.map(e => ({
    facet: e.closest('[data-tagindex-facet]').dataset.tagindexFacet,
    value: e.dataset.tagindexValue,
    count: (e.querySelector('[data-tagindex-value-count]') || {textContent: ''}).textContent,
    disabled: e.getAttribute('aria-disabled'),
    name: e.getAttribute('aria-label') || e.textContent,
    tab: e.tabIndex,
}))"""


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("host", HOSTS)
def test_every_filter_value_says_where_it_leads(
    hosts: dict[str, ServedSite],  # noqa: F811
    site_page: SitePageFactory,
    host: str,
    lang: str,
) -> None:
    site, prefix = hosts[host], LANGS[lang]
    data = tags_json(site, prefix)
    page = open_explorer(site_page(site), site.url(prefix + "tags/?t=grpo&match=all"))
    settle(page, "?t=grpo&match=all")
    buttons = page.eval_on_selector_all(
        "[data-tagindex-explorer] [data-tagindex-facet] [data-tagindex-value]", FILTERS_JS
    )
    assert len(buttons) > 5
    zero = 0
    for b in buttons:
        want = leads_to(data, ["grpo"], **({b["facet"]: b["value"]} if b["value"] else {}))
        assert count_of(b["count"]) == want, (b, want)
        assert (b["disabled"] == "true") == (want == 0), b
        assert b["tab"] >= 0
        if want == 0:
            zero += 1
            assert ZERO[lang] in b["name"], b
    assert zero > 0  # the example has values that lead to none on grpo
    dead = next(b for b in buttons if b["disabled"] == "true")
    page.locator(
        f'[data-tagindex-explorer] [data-tagindex-facet="{dead["facet"]}"] '
        f'[data-tagindex-value="{dead["value"]}"]'
    ).click(force=True)
    page.wait_for_timeout(150)
    assert page.evaluate("() => location.search") == "?t=grpo&match=all"
    assert page.locator(SHOWN).count() == leads_to(data, ["grpo"])


def disjoint_pair(data: Data) -> tuple[str, str]:
    """Two tags with no article in common (and so some with either)."""
    tags = {t["slug"]: {c["article"] for c in t["cards"]} for t in data["tags"]}
    for a in sorted(tags):
        for b in sorted(tags):
            if a < b and tags[a] and tags[b] and not tags[a] & tags[b] and "/" not in a + b:
                return a, b
    raise AssertionError("the example has no two tags without a shared article")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("host", HOSTS)
def test_an_empty_result_says_what_would_give_results(
    hosts: dict[str, ServedSite],  # noqa: F811
    site_page: SitePageFactory,
    host: str,
    lang: str,
) -> None:
    site, prefix = hosts[host], LANGS[lang]
    data = tags_json(site, prefix)
    a, b = disjoint_pair(data)
    query = f"?t={a}+{b}&match=all"
    page = open_explorer(site_page(site), site.url(prefix + "tags/" + query))
    settle(page, query)
    assert page.locator(SHOWN).count() == 0
    suggest = page.locator("[data-tagindex-suggest]")
    assert suggest.is_visible()
    offers = suggest.locator("button")
    said = {
        str(o.get_attribute("data-tagindex-offer")): count_of(o.inner_text()) for o in offers.all()
    }
    assert said == {
        "any": leads_to(data, [a, b], "any"),
        "drop:" + a: leads_to(data, [b]),
        "drop:" + b: leads_to(data, [a]),
    }
    suggest.locator('[data-tagindex-offer="any"]').click()
    settle(page, f"?t={a}+{b}&match=any")
    assert len(shown(page)) == said["any"]
    assert suggest.is_hidden()


# -- "narrow with…" -------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("host", HOSTS)
def test_narrow_with_counts_what_the_explorer_will_show(
    hosts: dict[str, ServedSite],  # noqa: F811
    site_page: SitePageFactory,
    host: str,
    lang: str,
) -> None:
    """Fault 5: with Students remembered, "Narrow with #rl · 10 articles" opened an explorer
    showing 5. The link carries the audience and filters, its count follows them, and the tag
    and the count are one link of at least 24×24 px named for what it does."""
    site, prefix = hosts[host], LANGS[lang]
    data = tags_json(site, prefix)
    opened = site_page(site)
    page = opened.page
    page.add_init_script("localStorage.setItem('tagindex.audience', 'students')")
    page.goto(site.url(prefix + "tags/grpo/"))
    links = page.locator("[data-tagindex-narrow] a")
    assert links.count() >= 2
    first = links.first
    other = str(first.get_attribute("data-tagindex-narrow-link"))
    want = leads_to(data, ["grpo", other], audience="students")
    assert want < leads_to(data, ["grpo", other])  # the audience changes it (the fault)
    page.wait_for_function(
        "a => a.getAttribute('href').includes('audience=students')", arg=first.element_handle()
    )
    # the counts follow once explorer.json (and, on a tag page, its slugs) have come
    page.wait_for_function("() => !document.querySelector('[data-tagindex-narrow][aria-busy]')")
    count = first.locator("[data-tagindex-shared]")
    assert count_of(count.inner_text()) == want
    box = first.bounding_box()
    assert box and box["width"] >= 24 and box["height"] >= 24, box
    name = first.evaluate("a => a.getAttribute('aria-label') || ''") or page.evaluate(
        """a => (a.getAttribute('aria-labelledby') || '').split(' ')
            .map(id => document.getElementById(id).textContent.trim()).join(' ')""",
        first.element_handle(),
    )
    narrow = {"en": "Narrow with", "ja": "さらに絞り込む"}[lang]
    assert narrow in name and re.search(r"\d", name), name
    # the count is part of the link: clicking it goes there
    count.click()
    page.locator(PICK).first.wait_for(state="attached")
    page.wait_for_function("() => !document.querySelector('[data-tagindex-explorer][aria-busy]')")
    page.locator(SHOWN).first.wait_for()
    assert "audience=students" in page.url
    assert len(shown(page)) == want == count_of(count_text(page))
    # a filter chosen on the tag page travels too
    page.go_back()
    page.wait_for_url(re.compile(r"/tags/grpo/"))
    values = page.eval_on_selector_all(
        '[data-tagindex-facet="category"] [data-tagindex-value]:not([data-tagindex-value=""])',
        "els => els.map(e => e.dataset.tagindexValue)",
    )
    value = max(values, key=lambda v: leads_to(data, ["grpo", other], category=v))
    narrowed = leads_to(data, ["grpo", other], audience="students", category=value)
    page.locator(f'[data-tagindex-facet="category"] [data-tagindex-value="{value}"]').click()
    page.wait_for_function(
        "([a, q]) => a.getAttribute('href').includes(q)",
        arg=[first.element_handle(), "category=" + quote(value, safe="")],
    )
    page.wait_for_function(
        "([a, n]) => a.querySelector('[data-tagindex-shared]').textContent.match(/\\d+/)[0] == n",
        arg=[first.element_handle(), narrowed],
    )
    first.click()
    page.wait_for_url(re.compile(r"category="))
    page.locator(PICK).first.wait_for(state="attached")
    page.wait_for_function("() => !document.querySelector('[data-tagindex-explorer][aria-busy]')")
    page.wait_for_function(
        "() => document.querySelector('[data-tagindex-results-count]').textContent"
    )
    assert count_of(count_text(page)) == narrowed == len(shown(page))
    assert opened.errors == []


# -- coming back ----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def no_bfcache(browser: Browser) -> Iterator[Browser]:
    """A Chromium without the back/forward cache (Back loads the page again), launched by the
    session's Playwright."""
    chromium = browser.browser_type.launch(
        executable_path=str(CHROMIUM),
        headless=True,
        args=[*CHROMIUM_ARGS, "--disable-back-forward-cache"],
    )
    try:
        yield chromium
    finally:
        chromium.close()


PLACE_JS = """() => { const e = document.activeElement;
    const card = e && e.closest('[data-tagindex-facets]');
    return {y: Math.round(scrollY), card: card ? card.dataset.tagindexNumber : null,
            tag: e ? e.tagName : '', title: document.title} }"""


def away_and_back(page: Page, query: str, n: int) -> dict[str, Any]:
    """Focus card n's title link, scroll it mid-screen, follow it, come back; the place before."""
    link = page.locator(SHOWN).nth(n - 1).locator(".tagindex-card__title a")
    link.focus()
    link.evaluate("a => a.scrollIntoView({block: 'center'})")
    page.wait_for_timeout(300)  # a reader's pause: the place is kept while scrolling
    before: dict[str, Any] = page.evaluate(PLACE_JS)
    page.keyboard.press("Enter")
    page.wait_for_url(lambda url: "/tags/" not in url)
    page.go_back()
    page.wait_for_url(re.compile(re.escape(query) + "$"))
    page.locator(PICK).first.wait_for(state="attached")
    settle(page, query)
    page.wait_for_function("y => Math.abs(scrollY - y) < 4", arg=before["y"], timeout=5000)
    return before


def open_in(browser: Browser, site: ServedSite) -> OpenedPage:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(15_000)
    page = context.new_page()
    opened = OpenedPage(page=page, context=context)
    page.on("pageerror", lambda exc: opened.errors.append(str(exc)))
    return opened


@pytest.mark.parametrize("bfcache", ["off", "on"])
@pytest.mark.parametrize("host", HOSTS)
def test_back_and_reload_return_to_the_same_card(
    hosts: dict[str, ServedSite],  # noqa: F811
    browser: Browser,
    no_bfcache: Browser,
    host: str,
    bfcache: str,
) -> None:
    """Away to card 12's article and Back, then reload: the same card, focused, at the same
    scroll offset; with the back/forward cache off (the page loads again) and on."""
    site = hosts[host]
    query = "?t=grpo+rl&match=any"
    opened = open_in(no_bfcache if bfcache == "off" else browser, site)
    try:
        page = opened.page
        page.goto(site.url("tags/" + query))
        settle(page, query)
        n = min(12, len(shown(page)))
        assert n >= 8
        before = away_and_back(page, query, n)
        assert before["y"] > 600 and before["card"]
        after = page.evaluate(PLACE_JS)
        assert after["card"] == before["card"] and after["tag"] == "A", (before, after)
        assert abs(after["y"] - before["y"]) < 4, (before, after)
        assert after["title"].startswith("#grpo | #rl · "), after
        page.reload()
        settle(page, query)
        page.wait_for_function("y => Math.abs(scrollY - y) < 4", arg=before["y"], timeout=5000)
        again = page.evaluate(PLACE_JS)
        assert again["card"] == before["card"], (before, again)
        assert opened.errors == []
    finally:
        opened.context.close()


def test_the_title_names_the_choice(
    hosts: dict[str, ServedSite],  # noqa: F811
    site_page: SitePageFactory,
) -> None:
    site = hosts["mkdocs"]
    page = open_explorer(site_page(site), site.url("tags/"))
    original = page.title()
    page.locator('[data-tagindex-pick="grpo"]').click()
    settle(page, "?t=grpo&match=all")
    page.locator('[data-tagindex-pick="rl"]').click()
    settle(page, "?t=grpo+rl&match=all")
    assert page.title() == "#grpo + #rl · " + original
    page.go_back()
    settle(page, "?t=grpo&match=all")
    assert page.title() == "#grpo · " + original
    page.go_back()
    settle(page, None)
    assert page.title() == original


def test_instant_navigation_returns_to_the_same_card(
    instant: ServedSite,  # noqa: F811
    site_page: SitePageFactory,
) -> None:
    site = instant
    query = "?t=grpo+rl&match=any"
    opened = site_page(site)
    page = opened.page
    page.goto(site.url("tags/grpo/"))
    page.evaluate("() => { window.__notReloaded = true }")
    page.goto(site.url("tags/" + query))
    settle(page, query)
    n = min(12, len(shown(page)))
    before = away_and_back(page, query, n)
    after = page.evaluate(PLACE_JS)
    assert after["card"] == before["card"], (before, after)
    assert abs(after["y"] - before["y"]) < 4, (before, after)
    assert opened.errors == []


# -- the language menu ----------------------------------------------------------------------------


@pytest.mark.parametrize("way", ["mouse", "keyboard"])
@pytest.mark.parametrize("host", HOSTS)
def test_the_choice_survives_the_language_menu(
    hosts: dict[str, ServedSite],  # noqa: F811
    site_page: SitePageFactory,
    host: str,
    way: str,
) -> None:
    """Zensical's language menu resets its links when the pointer or focus enters it."""
    site = hosts[host]
    page = open_explorer(site_page(site), site.url("tags/"))
    page.locator('[data-tagindex-pick="grpo"]').click()
    settle(page, "?t=grpo&match=all")
    page.wait_for_timeout(300)  # the menu's manifest has arrived
    link = page.locator('a[hreflang="ja"]').first
    if way == "mouse":
        page.locator(".md-header .md-select").first.hover()
        link.wait_for(state="visible")
        link.hover()
        page.wait_for_timeout(100)
        link.click()
    else:
        link.focus()
        page.wait_for_timeout(100)
        page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"/ja/tags/"))
    page.locator(PICK).first.wait_for(state="attached")
    settle(page, "?t=grpo&match=all")
    assert page.locator(SHOWN).count() == leads_to(tags_json(site, "ja/"), ["grpo"])


# -- the smaller parts ----------------------------------------------------------------------------


@pytest.mark.parametrize("host", HOSTS)
def test_the_smaller_parts(
    hosts: dict[str, ServedSite],  # noqa: F811
    site_page: SitePageFactory,
    host: str,
) -> None:
    site = hosts[host]
    page = open_explorer(site_page(site), site.url("tags/"))
    # the count's live region is in the page from load (empty), not revealed with its text
    count = page.locator("[data-tagindex-results-count]")
    assert count.get_attribute("aria-live") == "polite"
    assert count.evaluate("e => !e.hidden && getComputedStyle(e).display !== 'none'")
    # a heading for the tag list
    assert page.get_by_role("heading", name="Tags to combine").count() == 1
    # twins: llm/retrieval and retrieval, named by their path
    twin = picks(page)
    assert "llm/retrieval" in twin["llm/retrieval"]["name"], twin["llm/retrieval"]
    assert "llm/retrieval" in twin["llm/retrieval"]["title"]
    assert "llm/retrieval" not in twin["retrieval"]["name"]
    page.locator('[data-tagindex-pick="llm/retrieval"]').click()
    page.locator('[data-tagindex-pick="retrieval"]').click()
    page.wait_for_function("() => document.querySelectorAll('[data-tagindex-unpick]').length == 2")
    names = page.eval_on_selector_all(
        "[data-tagindex-unpick]", "els => els.map(e => e.getAttribute('aria-label'))"
    )
    assert len(set(names)) == 2 and any("llm/retrieval" in n for n in names), names
    # Find's border: at least 3:1 against the page, in both schemes
    field = page.locator("[data-tagindex-find]")
    # no colour transition to wait out: a loaded machine could read a colour halfway
    page.add_style_tag(content="*, *::before, *::after { transition: none !important }")
    for scheme in ("default", "slate"):
        page.evaluate("s => document.body.setAttribute('data-md-color-scheme', s)", scheme)
        page.wait_for_function(
            "s => getComputedStyle(document.body).colorScheme !== undefined && "
            "document.body.getAttribute('data-md-color-scheme') === s",
            arg=scheme,
        )
        border = property_srgb(field, "borderTopColor")
        behind = property_srgb(page.locator("[data-tagindex-explorer]"), "backgroundColor")
        assert contrast(border, behind) >= 3, (scheme, border, behind)


@pytest.mark.parametrize("host", HOSTS)
def test_a_skip_link_on_generated_pages(
    hosts: dict[str, ServedSite],  # noqa: F811
    site_page: SitePageFactory,
    host: str,
) -> None:
    """The first Tab on the all-tags page and on a tag page lands on a link to the content."""
    site = hosts[host]
    page = site_page(site).page
    for path in ("tags/", "tags/grpo/"):
        page.goto(site.url(path))
        page.keyboard.press("Tab")
        target = page.evaluate(
            "() => { const a = document.activeElement; return a.tagName === 'A' ? "
            "a.getAttribute('href') : '' }"
        )
        assert target.startswith("#"), (path, target)
        assert page.locator(target).count() == 1, (path, target)


# -- the selection bar and Find -------------------------------------------------------------------

PHONE = {"width": 375, "height": 667}
BAR_JS = """() => { const bar = (document.querySelector('[data-tagindex-bar]')
        || document.querySelector('.tagindex-explorer__controls')).getBoundingClientRect();
    const head = document.querySelector('.md-header');
    const under = head ? head.getBoundingClientRect().bottom : 0;
    const f = document.activeElement.getBoundingClientRect();
    return {top: bar.top, bottom: bar.bottom, height: bar.height, under: under,
            focusTop: f.top, focusBottom: f.bottom, vh: innerHeight, y: scrollY} }"""


@pytest.mark.parametrize("viewport", ["desktop", "phone"])
@pytest.mark.parametrize("host", HOSTS)
def test_the_selection_bar_stays_and_focus_stays_in_view(
    hosts: dict[str, ServedSite],  # noqa: F811
    site_page: SitePageFactory,
    host: str,
    viewport: str,
) -> None:
    site = hosts[host]
    size = PHONE if viewport == "phone" else {"width": 1280, "height": 900}
    opened = site_page(site, viewport=size)
    page = open_explorer(opened, site.url("tags/?t=grpo&match=any"))
    settle(page, "?t=grpo&match=any")
    # a "+" of the list (below every card) chosen by keyboard: it stays on screen, focused,
    # not under the bar
    plus = page.locator('[data-tagindex-pick="rl"]')
    plus.focus()
    page.keyboard.press("Enter")
    settle(page, "?t=grpo+rl&match=any")
    page.wait_for_timeout(100)
    seen = page.evaluate(BAR_JS)
    assert page.evaluate("() => document.activeElement.dataset.tagindexPick") == "rl"
    assert seen["focusTop"] >= 0 and seen["focusBottom"] <= seen["vh"], seen
    # among the results: the bar is in view, under the theme's header, small on a phone
    page.locator(SHOWN).nth(8).locator(".tagindex-card__title a").focus()
    page.wait_for_timeout(100)
    seen = page.evaluate(BAR_JS)
    assert seen["y"] > 500, seen
    assert abs(seen["top"] - seen["under"]) <= 2 and seen["bottom"] <= seen["vh"], seen
    assert seen["focusTop"] >= seen["bottom"] - 1, seen  # the focused card is not under it
    if viewport == "phone":
        assert seen["height"] <= size["height"] / 4, seen
    # no horizontal scroll
    assert page.evaluate("() => document.documentElement.scrollWidth <= innerWidth"), viewport
    assert opened.errors == []


@pytest.mark.parametrize("host", HOSTS)
def test_find_is_a_type_ahead(
    hosts: dict[str, ServedSite],  # noqa: F811
    site_page: SitePageFactory,
    host: str,
) -> None:
    site = hosts[host]
    data = tags_json(site, "")
    page = open_explorer(site_page(site), site.url("tags/?t=grpo&match=all"))
    settle(page, "?t=grpo&match=all")
    field = page.locator("[data-tagindex-find]")
    field.focus()
    page.keyboard.type("re")
    options = page.locator("[data-tagindex-options] [role=option]")
    options.first.wait_for()
    assert field.get_attribute("role") == "combobox"
    assert field.get_attribute("aria-expanded") == "true"
    rows = options.evaluate_all(
        "els => els.map(e => [e.dataset.tagindexOption, e.textContent, e.id])"
    )
    assert len(rows) >= 2
    for slug, text, _ in rows:
        assert "re" in slug or "re" in text.lower()
        assert count_of(text.split("·")[-1]) == leads_to(data, ["grpo", slug]), text
    page.keyboard.press("ArrowDown")
    assert field.get_attribute("aria-activedescendant") == rows[0][2]
    page.keyboard.press("ArrowDown")  # a second ↓ moves on
    assert field.get_attribute("aria-activedescendant") == rows[1][2]
    # on to the first option that leads to articles, and Enter adds it
    at = 1
    while leads_to(data, ["grpo", rows[at][0]]) == 0:
        page.keyboard.press("ArrowDown")
        at += 1
        assert field.get_attribute("aria-activedescendant") == rows[at][2]
    page.keyboard.press("Enter")
    want = "?t=grpo+" + quote(rows[at][0], safe="/") + "&match=all"
    settle(page, want)
    assert page.evaluate("() => document.activeElement.matches('[data-tagindex-find]')")
    assert field.input_value() == ""
    assert field.get_attribute("aria-expanded") == "false"


# -- long tags, and Japanese line breaking --------------------------------------------------------

LONG = "retrievalaugmentedgenerationoververylongunbrokenwordsonphones"


@pytest.fixture(scope="module")
def long_sites(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, ServedSite]]:
    """A small site with one long unbroken tag, built by MkDocs and by the command with
    Zensical, each served."""
    project = tmp_path_factory.mktemp("long-tag") / "site-src"
    write_config(project, material_config())
    write_page(project, "index.md", {"title": "Home"}, "Home.\n")
    for i in range(1, 5):
        tags = [LONG, "rl"] if i % 2 else [LONG]
        meta = {"title": f"Article {i}", "tags": tags, "date": f"2026-01-0{i}"}
        write_page(project, f"a{i}.md", meta, "Words. " * 40)
    yield from both_hosts(project)


@pytest.mark.parametrize("host", HOSTS)
def test_a_long_tag_wraps_with_no_horizontal_scroll_at_320_px(
    long_sites: dict[str, ServedSite], site_page: SitePageFactory, host: str
) -> None:
    site = long_sites[host]
    opened = site_page(site, viewport={"width": 320, "height": 640})
    query = f"?t={LONG}+rl&match=all"
    page = open_explorer(opened, site.url("tags/" + query))
    settle(page, query)
    wide = "() => [document.documentElement.scrollWidth, innerWidth]"
    width, inner = page.evaluate(wide)
    assert width <= inner, (width, inner)
    cross = page.locator(f'[data-tagindex-unpick="{LONG}"] span[aria-hidden="true"]').last
    box = cross.bounding_box()
    assert box and box["x"] + box["width"] <= inner, box  # its × on screen
    page.goto(site.url(f"tags/{LONG}/"))
    width, inner = page.evaluate(wide)
    assert width <= inner, (width, inner)


@pytest.mark.parametrize("host", HOSTS)
def test_japanese_titles_break_between_phrases_and_keep_small_kana(
    hosts: dict[str, ServedSite],  # noqa: F811
    site_page: SitePageFactory,
    host: str,
) -> None:
    site = hosts[host]
    page = site_page(site).page
    page.goto(site.url("ja/tags/grpo/"))
    style = page.locator(".tagindex-card__title").first.evaluate(
        "e => { const s = getComputedStyle(e); return [s.lineBreak, s.wordBreak, s.textWrap] }"
    )
    assert style[0] == "strict" and style[1] == "auto-phrase" and "pretty" in style[2], style
    page.goto(site.url("tags/grpo/"))  # English keeps the defaults
    style = page.locator(".tagindex-card__title").first.evaluate(
        "e => { const s = getComputedStyle(e); return [s.lineBreak, s.wordBreak] }"
    )
    assert style == ["auto", "normal"], style


# -- axe-core over the explorer's states ----------------------------------------------------------


def axe_of_ours(page: Page) -> list[str]:
    """axe-core's violations inside tagindex's own parts of the page (the generated page's root
    and its chips), one line each."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page, context={"include": [["[data-tagindex]"]]})
    return [
        f"{v['id']}: {', '.join(str(n['target']) for n in v['nodes'][:4])}"
        for v in results.response["violations"]
    ]


@pytest.mark.parametrize("host", HOSTS)
def test_axe_finds_nothing_of_ours_in_the_explorers_states(
    hosts: dict[str, ServedSite],  # noqa: F811
    site_page: SitePageFactory,
    host: str,
) -> None:
    site = hosts[host]
    data = tags_json(site, "")
    a, b = disjoint_pair(data)
    states = {
        "nothing chosen": "tags/",
        "one tag": "tags/?t=grpo&match=all",
        "any, students": "tags/?t=grpo+rl&match=any&audience=students",
        "empty, with offers": f"tags/?t={a}+{b}&match=all",
        "japanese": "ja/tags/?t=grpo+rl&match=all",
    }
    found = {}
    page = site_page(site).page
    for name, path in states.items():
        page.goto(site.url(path))
        page.locator(PICK).first.wait_for(state="attached")
        page.wait_for_function(
            "() => !document.querySelector('[data-tagindex-explorer][aria-busy]')"
        )
        page.wait_for_timeout(100)
        found[name] = axe_of_ours(page)
    page.locator("[data-tagindex-find]").fill("re")  # Find's options open
    page.locator("[data-tagindex-options] [role=option]").first.wait_for()
    page.keyboard.press("ArrowDown")
    found["find open"] = axe_of_ours(page)
    page.goto(site.url("tags/grpo/"))  # a tag page, its narrow-with links
    found["tag page"] = axe_of_ours(page)
    assert {k: v for k, v in found.items() if v} == {}
    # the check can fail: a nameless button of ours is found
    page.evaluate(
        "() => document.querySelector('[data-tagindex]')"
        ".appendChild(document.createElement('button'))"
    )
    assert any(line.startswith("button-name") for line in axe_of_ours(page))


# -- leaving a tag out, and the link to copy ------------------------------------------------------


@pytest.mark.parametrize("host", HOSTS)
def test_leaving_a_tag_out(
    hosts: dict[str, ServedSite],  # noqa: F811
    site_page: SitePageFactory,
    host: str,
) -> None:
    site = hosts[host]
    data = tags_json(site, "")
    opened = site_page(site)
    page = open_explorer(opened, site.url("tags/"))
    original = page.title()
    page.goto(site.url("tags/?t=grpo+rl&match=all"))
    settle(page, "?t=grpo+rl&match=all")
    want = leads_to(data, ["grpo"], without=("rl",))
    assert 0 < want < leads_to(data, ["grpo"])
    minus = page.locator('[data-tagindex-exclude="rl"]')
    assert count_of(str(minus.get_attribute("aria-label"))) == want
    assert str(minus.get_attribute("aria-label")).startswith("Without #rl")
    minus.click()
    settle(page, "?t=grpo&match=all&not=rl")
    assert len(shown(page)) == want == count_of(count_text(page))
    chip = page.locator('[data-tagindex-unpick="rl"][data-tagindex-not]')
    assert chip.get_attribute("aria-label") == "Remove Without #rl"
    assert page.evaluate("() => document.activeElement.dataset.tagindexUnpick") == "rl"
    struck = chip.locator("[data-tagindex-chip-name]").evaluate(
        "e => getComputedStyle(e).textDecorationLine"
    )
    assert struck == "line-through"
    assert page.title() == "#grpo − #rl · " + original
    # every count follows: each "+" leaves rl's articles out
    check_picks(page, data, "en", ["grpo"], "all", without=("rl",))
    # carried by the language switch
    link = page.locator('a[hreflang="ja"]').first
    assert str(link.get_attribute("href")).endswith("ja/tags/?t=grpo&match=all&not=rl&from=en")
    # several, from a link
    page.goto(site.url("tags/?t=grpo&match=any&not=rl+dpo"))
    settle(page, "?t=grpo&match=any&not=rl+dpo")
    assert len(shown(page)) == leads_to(data, ["grpo"], "any", without=("rl", "dpo"))
    # the struck chip's × lets the tag back
    page.locator('[data-tagindex-unpick="dpo"][data-tagindex-not]').click()
    settle(page, "?t=grpo&match=any&not=rl")
    assert len(shown(page)) == leads_to(data, ["grpo"], "any", without=("rl",))
    assert opened.errors == []


@pytest.mark.parametrize("clipboard", [True, False])
def test_copy_link(
    hosts: dict[str, ServedSite],  # noqa: F811
    site_page: SitePageFactory,
    clipboard: bool,
) -> None:
    site = hosts["mkdocs"]
    opened = site_page(site)
    if clipboard:
        opened.context.grant_permissions(["clipboard-read", "clipboard-write"])
    else:  # as on http:// or file://, where the Clipboard API is missing
        opened.page.add_init_script(
            "Object.defineProperty(navigator, 'clipboard', {value: undefined})"
        )
    query = "?t=grpo+rl&match=any"
    page = open_explorer(opened, site.url("tags/" + query))
    settle(page, query)
    page.get_by_role("button", name="Copy link").click()
    if clipboard:
        page.wait_for_function("() => document.querySelector('[data-tagindex-copied]').textContent")
        assert page.evaluate("() => navigator.clipboard.readText()") == page.url
        assert page.locator("[data-tagindex-copied]").inner_text() == "Link copied"
    else:
        field = page.locator("[data-tagindex-url]")
        assert field.is_visible() and field.input_value() == page.url
        selected = page.evaluate(
            "() => { const f = document.activeElement; return f.matches('[data-tagindex-url]')"
            " && f.value.slice(f.selectionStart, f.selectionEnd) }"
        )
        assert selected == page.url


# -- the invariant over sequences: what a control says is what it gives ---------------------------

STEP_SLUGS = ("grpo", "rl", "agents", "dpo", "llm", "retrieval", "llm/retrieval", "evaluation")
STEPS = st.one_of(
    st.tuples(st.just("pick"), st.sampled_from(STEP_SLUGS)),
    st.tuples(st.just("exclude"), st.sampled_from(STEP_SLUGS)),
    st.tuples(st.just("match"), st.sampled_from(("all", "any"))),
    st.tuples(st.just("audience"), st.sampled_from(("", "students", "professional"))),
    st.tuples(st.just("type"), st.sampled_from(("", "paper", "tutorial", "explainer"))),
)


def control_for(page: Page, step: tuple[str, str]) -> Any:
    kind, value = step
    if kind == "pick":
        return page.locator(f'[data-tagindex-pick="{value}"]')
    if kind == "exclude":
        return page.locator(f'[data-tagindex-exclude="{value}"]')
    if kind == "match":
        return page.locator(f'[data-tagindex-match] input[value="{value}"]')
    if kind == "audience":
        return page.locator(f'[data-tagindex-facet="audience"] [data-tagindex-value="{value}"]')
    return page.locator(
        f'[data-tagindex-explorer] [data-tagindex-facet="type"] [data-tagindex-value="{value}"]'
    )


def said(control: Any) -> int | None:
    """The count a control says it leads to (None: it says none)."""
    name = str(control.get_attribute("aria-label") or "")
    spot = control.locator("[data-tagindex-pick-count], [data-tagindex-value-count]")
    # its text as the page holds it: innerText is empty for a tag of the list off screen, which
    # `content-visibility: auto` leaves unrendered until it is scrolled to
    text = str(spot.first.text_content() or "") if spot.count() else name
    found = re.findall(r"\d+", text)
    return int(found[-1]) if found else None


@settings(
    max_examples=int(os.environ.get("TAGINDEX_EXPLORER_EXAMPLES", "6")),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(steps=st.lists(STEPS, min_size=3, max_size=7))
def test_what_a_control_says_is_what_it_gives(
    hosts: dict[str, ServedSite],  # noqa: F811
    site_page: SitePageFactory,
    steps: list[tuple[str, str]],
) -> None:
    """Over generated sequences of choices: every "+", "−" and filter value that shows a count
    leads to exactly that many cards, and one marked as leading to none changes nothing."""
    site = hosts["mkdocs"]
    opened = site_page(site)
    try:
        page = open_explorer(opened, site.url("tags/?t=grpo&match=all"))
        settle(page, "?t=grpo&match=all")
        for step in steps:
            control = control_for(page, step)
            if control.count() == 0 or not control.first.is_visible():
                continue  # not on the page in this state (a tag left out, a filter hidden)
            control = control.first
            on = control.get_attribute("aria-pressed") == "true"  # a filter value chosen
            on = on or control.get_attribute("data-tagindex-picked") is not None  # a tag
            if step[0] == "match" or on:
                control.click()
                page.wait_for_timeout(50)
                continue
            before = page.evaluate("() => location.search")
            predicted = said(control)
            if control.get_attribute("aria-disabled") == "true":
                assert predicted == 0, step
                control.click(force=True)
                page.wait_for_timeout(50)
                assert page.evaluate("() => location.search") == before, step
                continue
            control.click()
            page.wait_for_function("q => location.search !== q", arg=before)
            page.wait_for_function(
                "() => !document.querySelector('[data-tagindex-explorer][aria-busy]')"
            )
            if predicted is not None:
                chosen_any = page.evaluate("() => /[?&]t=/.test(location.search)")
                if chosen_any:  # every card, as a reader scrolling through them sees
                    draw_all(page)
                    assert page.locator(SHOWN).count() == predicted, (step, steps)
        assert opened.errors == []
    finally:
        opened.context.close()
