"""The tag explorer of the all-tags page (issue 35), driven in Chromium on the example site in
English and Japanese, built by MkDocs and by the `tagindex` command with Zensical: choosing tags
with "+" and by typing, all / any, the URL and the back button, the language switch, the keyboard
alone, the page without JavaScript, Material's and Zensical's instant navigation, the audience
switch, and the cards: each tag's cards in the explorer are its tag page's cards.

What a choice should show is worked out here from the site's tags.json (which tag lists which
article), not from the script's own reading of it."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from urllib.parse import quote, unquote, urljoin, urlsplit

import pytest
from bs4 import BeautifulSoup
from playwright.sync_api import Page

from .colors import NO_MOTION_CSS, measure
from .conftest import OpenedPage, ServedSite, SitePageFactory, both_hosts, instant_ready
from conftest import material_config, write_config, write_page

HOSTS = ("mkdocs", "zensical")
LANGS = {"en": "", "ja": "ja/"}
PICK = "[data-tagindex-pick]"
SHOWN = "[data-tagindex-results] > [data-tagindex-number]:not([hidden])"
FONTS = ("https://fonts.googleapis.com/", "https://fonts.gstatic.com/")
"""Material's own web fonts: blocked (nothing leaves loopback), and not ours."""


@pytest.fixture(scope="session")
def hosts(example_site: ServedSite, zensical_sites: dict[str, ServedSite]) -> dict[str, ServedSite]:
    return {"mkdocs": example_site, "zensical": zensical_sites["modern"]}


# -- what a choice should show, from tags.json ----------------------------------------------------


def tags_json(site: ServedSite, prefix: str) -> dict[str, object]:
    data = json.loads((site.dir / prefix / "tags/tags.json").read_text("utf-8"))
    assert isinstance(data, dict) and data["version"] == 2
    return data


def items(data: dict[str, object]) -> list[tuple[str, int, set[str], set[str] | None]]:
    """The explorer's items in its order, from tags.json: (title, article place, the article's
    tags, None) for each article, followed by (title, place, the article's tags, the tags the
    section adds) for each of its sections that is a card of its own on a tag page (tags.json's
    `section`; issue 41), in the order its cards first list them (document order)."""
    own: dict[int, set[str]] = {}  # article place → its tags
    adds: dict[int, dict[str, set[str]]] = {}  # article place → anchor → the tags it adds
    headings: dict[tuple[int, str], str] = {}
    for tag in data["tags"]:  # type: ignore[attr-defined]
        for card in tag["cards"]:
            place, anchor = card["article"], card.get("section")
            if anchor is None:
                own.setdefault(place, set()).add(tag["slug"])
            else:
                adds.setdefault(place, {}).setdefault(anchor, set()).add(tag["slug"])
                headings[place, anchor] = card["heading"]
    articles: list[dict[str, object]] = data["articles"]  # type: ignore[assignment]
    out: list[tuple[str, int, set[str], set[str] | None]] = []
    for place, article in enumerate(articles):
        page = own.get(place, set())
        out.append((str(article["title"]), place, page, None))
        for anchor, added in adds.get(place, {}).items():
            out.append((f"{article['title']} › {headings[place, anchor]}", place, page, added))
    return out


def chosen_items(
    data: dict[str, object],
    slugs: list[str],
    match: str = "all",
    without: tuple[str, ...] = (),
    passes: Callable[[int], bool] = lambda place: True,
) -> list[str]:
    """Titles of the cards a choice shows, in order: the articles with all (any) of `slugs`
    and none of `without`, each followed by its sections that have them with their article's
    tags, where the article itself is not shown (issue 41: an article with the tags at page
    level is one card); `passes(place)`: the article passes the audience and filters."""
    wanted = set(slugs)

    def fits(tags: set[str]) -> bool:
        found = wanted <= tags if match == "all" else bool(wanted & tags)
        return bool(wanted) and found and not tags & set(without)

    out, shown_pages = [], set()
    for title, place, page, added in items(data):
        if not passes(place):
            continue
        if added is None and fits(page):
            shown_pages.add(place)
            out.append(title)
        elif added is not None and place not in shown_pages and fits(page | added):
            out.append(title)
    return out


def expected(
    data: dict[str, object], slugs: list[str], match: str = "all", audience: str = ""
) -> list[str]:
    """Titles of the cards a choice shows (`chosen_items`), under `audience`."""
    articles: list[dict[str, object]] = data["articles"]  # type: ignore[assignment]

    def passes(place: int) -> bool:
        audiences = articles[place]["audience"]
        return not (audience and audiences and audience not in audiences)  # type: ignore[operator]

    return chosen_items(data, slugs, match, passes=passes)


# -- the page -------------------------------------------------------------------------------------


def open_explorer(opened: OpenedPage, url: str) -> Page:
    page = opened.page
    page.goto(url)
    page.locator(PICK).first.wait_for(state="attached")
    page.add_style_tag(content=NO_MOTION_CSS)
    return page


def settle(page: Page, query: str | None) -> None:
    """Wait until the URL's query is `query` (None: no `t=`) and the explorer drew it."""
    if query is None:
        page.wait_for_function("() => !/[?&]t=/.test(location.search)")
    else:
        page.wait_for_function("q => location.search === q", arg=query)
    page.wait_for_function("() => !document.querySelector('[data-tagindex-explorer][aria-busy]')")


def draw_all(page: Page) -> None:
    """Scroll through the results as a reader does until every card the count names is drawn
    (16 come at a time), then back to where the page was."""
    y = page.evaluate("() => scrollY")
    for _ in range(60):
        total = page.evaluate(  # "10 articles · 1 section": 11 cards
            """() => ((document.querySelector('[data-tagindex-results-count]')
                    || {textContent: ''}).textContent.match(/\\d+/g) || [])
                    .reduce((a, n) => a + +n, 0)"""
        )
        drawn = page.locator(SHOWN).count()
        if drawn >= total or drawn == 0:
            break
        page.evaluate(
            """s => { const all = document.querySelectorAll(s);
                all[all.length - 1].scrollIntoView({block: 'end'}); scrollBy(0, 2) }""",
            SHOWN,
        )
        page.wait_for_function(
            """([s, n]) => document.querySelectorAll(s).length > n
                && !document.querySelector('[data-tagindex-explorer][aria-busy]')""",
            arg=[SHOWN, drawn],
        )
    page.evaluate("y => scrollTo(0, y)", y)


def shown(page: Page) -> list[tuple[str, str]]:
    """(number, title) of each card the explorer shows, every one drawn first."""
    draw_all(page)
    rows: list[list[str]] = page.eval_on_selector_all(
        SHOWN,
        """cards => cards.map(c => [
            c.querySelector('[data-tagindex-card-number]').textContent,
            c.querySelector('.tagindex-card__title a').textContent])""",
    )
    return [(n, t) for n, t in rows]


def numbered(titles: list[str]) -> list[tuple[str, str]]:
    width = max(2, len(str(len(titles))))
    return [(f"{i:0{width}d}", t) for i, t in enumerate(titles, 1)]


def chosen(page: Page) -> list[str]:
    return page.eval_on_selector_all(
        "[data-tagindex-unpick]", "els => els.map(e => e.getAttribute('data-tagindex-unpick'))"
    )


def count_text(page: Page) -> str:
    return page.locator("[data-tagindex-results-count]").inner_text().strip()


def count_of(text: str) -> int:
    """The cards a count names: "10 articles · 1 section" is 11."""
    found = re.findall(r"\d+", text)
    assert found, text
    return sum(map(int, found))


def pick(page: Page, slug: str) -> None:
    page.locator(f'[data-tagindex-pick="{slug}"]').click()


# -- choosing, all / any, the URL -----------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("host", HOSTS)
def test_choose_tags_all_and_any_and_the_url_round_trip(
    hosts: dict[str, ServedSite], site_page: SitePageFactory, host: str, lang: str
) -> None:
    site, prefix = hosts[host], LANGS[lang]
    data = tags_json(site, prefix)
    opened = site_page(site)
    page = open_explorer(opened, site.url(prefix + "tags/"))
    assert page.locator("[data-tagindex-explorer]").is_visible()
    assert page.locator("[data-tagindex-results]").is_hidden()  # nothing chosen yet
    assert page.locator("[data-tagindex-hint]").is_visible()

    pick(page, "grpo")
    settle(page, "?t=grpo&match=all")
    pick(page, "rl")
    settle(page, "?t=grpo+rl&match=all")
    both = expected(data, ["grpo", "rl"])
    assert 0 < len(both) < len(expected(data, ["grpo"]))
    assert shown(page) == numbered(both)
    assert count_of(count_text(page)) == len(both)
    assert chosen(page) == ["grpo", "rl"]
    pressed = page.locator("[data-tagindex-pick][data-tagindex-picked]")
    assert sorted(pressed.evaluate_all("els => els.map(e => e.dataset.tagindexPick)")) == [
        "grpo",
        "rl",
    ]

    page.locator('[data-tagindex-match] input[value="any"]').check()
    settle(page, "?t=grpo+rl&match=any")
    either = expected(data, ["grpo", "rl"], "any")
    assert len(either) > len(both)
    assert shown(page) == numbered(either)

    # the link is the choice: a fresh page at the URL shows the same
    again = open_explorer(site_page(site), page.url)
    settle(again, "?t=grpo+rl&match=any")
    assert shown(again) == numbered(either) and chosen(again) == ["grpo", "rl"]
    assert again.locator('[data-tagindex-match] input[value="any"]').is_checked()
    assert opened.errors == []
    assert [url for url in opened.blocked if not url.startswith(FONTS)] == []


@pytest.mark.parametrize("host", HOSTS)
def test_a_link_with_unknown_and_encoded_slugs(
    hosts: dict[str, ServedSite], site_page: SitePageFactory, host: str
) -> None:
    """`+` splits before decoding; a slug this page lacks is dropped with a note; `match`
    missing means all; a percent-encoded Japanese slug is read."""
    site = hosts[host]
    data = tags_json(site, "ja/")
    page = open_explorer(
        site_page(site),
        site.url("ja/tags/?t=%E5%BC%B7%E5%8C%96%E5%AD%A6%E7%BF%92%E5%85%A5%E9%96%80+nope+rl"),
    )
    settle(page, "?t=%E5%BC%B7%E5%8C%96%E5%AD%A6%E7%BF%92%E5%85%A5%E9%96%80+rl&match=all")
    assert chosen(page) == ["強化学習入門", "rl"]
    assert [t for _, t in shown(page)] == expected(data, ["強化学習入門", "rl"])
    note = page.locator("[data-tagindex-note]")
    assert note.is_visible() and "nope" in note.inner_text()


@pytest.mark.parametrize("host", HOSTS)
def test_a_hostile_slug_in_the_link_is_text(
    hosts: dict[str, ServedSite], site_page: SitePageFactory, host: str
) -> None:
    """Whatever `t=` holds ends up as text in the note, never as markup, and leaves the URL."""
    site = hosts[host]
    opened = site_page(site)
    payload = '<img src=x onerror="window.__pwned=1">'
    page = open_explorer(opened, site.url("tags/?t=grpo+" + quote(payload, safe="")))
    settle(page, "?t=grpo&match=all")
    note = page.locator("[data-tagindex-note]")
    assert note.inner_text() == f"Not found, left out: {payload}"
    assert note.locator("img").count() == 0
    assert page.evaluate("() => window.__pwned === undefined")
    assert opened.errors == []


# -- the back button ------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("host", HOSTS)
def test_back_and_forward_step_through_the_choices(
    hosts: dict[str, ServedSite], site_page: SitePageFactory, host: str, lang: str
) -> None:
    site, prefix = hosts[host], LANGS[lang]
    data = tags_json(site, prefix)
    opened = site_page(site)
    page = open_explorer(opened, site.url(prefix + "tags/"))
    for query, slug in (("?t=grpo", "grpo"), ("?t=grpo+rl", "rl"), ("?t=grpo+rl+agents", "agents")):
        pick(page, slug)
        settle(page, query + "&match=all")
    page.go_back()
    settle(page, "?t=grpo+rl&match=all")
    assert [t for _, t in shown(page)] == expected(data, ["grpo", "rl"])
    assert chosen(page) == ["grpo", "rl"]
    page.go_back()
    settle(page, "?t=grpo&match=all")
    assert [t for _, t in shown(page)] == expected(data, ["grpo"])
    page.go_back()
    settle(page, None)
    assert shown(page) == [] and chosen(page) == []
    assert page.locator("[data-tagindex-results]").is_hidden()
    page.go_forward()
    settle(page, "?t=grpo&match=all")
    assert chosen(page) == ["grpo"]
    assert opened.errors == []


# -- the language switch --------------------------------------------------------------------------


def switch_to(page: Page, lang: str) -> None:
    """Follow the header's link to `lang`, as the language menu does."""
    link = page.locator(f'a[hreflang="{lang}"]').first
    link.dispatch_event("click")


@pytest.mark.parametrize("host", HOSTS)
def test_the_language_switch_carries_the_choice(
    hosts: dict[str, ServedSite], site_page: SitePageFactory, host: str
) -> None:
    site = hosts[host]
    opened = site_page(site)
    page = open_explorer(opened, site.url("tags/"))
    pick(page, "grpo")
    settle(page, "?t=grpo&match=all")
    pick(page, "rl")
    settle(page, "?t=grpo+rl&match=all")
    page.locator('[data-tagindex-match] input[value="any"]').check()
    settle(page, "?t=grpo+rl&match=any")
    link = page.locator('a[hreflang="ja"]').first
    assert link.get_attribute("href", timeout=5000).endswith("ja/tags/?t=grpo+rl&match=any&from=en")  # type: ignore[union-attr]
    switch_to(page, "ja")
    page.wait_for_url(re.compile(r"/ja/tags/"))
    page.locator(PICK).first.wait_for(state="attached")
    settle(page, "?t=grpo+rl&match=any")  # from= is read, then dropped
    assert chosen(page) == ["grpo", "rl"]
    assert [t for _, t in shown(page)] == expected(tags_json(site, "ja/"), ["grpo", "rl"], "any")
    assert page.locator("[data-tagindex-note]").is_hidden()

    # a tag English does not have: dropped, with the note that says why
    pick(page, "強化学習入門")
    settle(page, "?t=grpo+rl+%E5%BC%B7%E5%8C%96%E5%AD%A6%E7%BF%92%E5%85%A5%E9%96%80&match=any")
    switch_to(page, "en")
    page.wait_for_url(re.compile(r"/tags/\?"))
    page.locator(PICK).first.wait_for(state="attached")
    settle(page, "?t=grpo+rl&match=any")
    assert chosen(page) == ["grpo", "rl"]
    note = page.locator("[data-tagindex-note]")
    assert note.is_visible()
    assert note.inner_text() == "Not in this language, left out: 強化学習入門"
    assert opened.errors == []


# -- the keyboard alone ---------------------------------------------------------------------------


def focused(page: Page) -> str:
    return str(
        page.evaluate(
            """() => { const e = document.activeElement; if (!e) return '';
                const a = (n) => e.getAttribute(n);
                return a('data-tagindex-unpick') || a('data-tagindex-pick')
                    || e.getAttribute('value') || e.tagName }"""
        )
    )


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("host", HOSTS)
def test_the_keyboard_alone(
    hosts: dict[str, ServedSite], site_page: SitePageFactory, host: str, lang: str
) -> None:
    site, prefix = hosts[host], LANGS[lang]
    data = tags_json(site, prefix)
    page = open_explorer(site_page(site), site.url(prefix + "tags/"))
    keys = page.keyboard
    for _ in range(300):  # Tab from the top of the page to the find field
        keys.press("Tab")
        if page.evaluate("() => document.activeElement.matches('[data-tagindex-find]')"):
            break
    else:
        pytest.fail("Tab never reached the find field")
    keys.type("grp")
    found = page.locator("[data-tagindex-found]").inner_text()
    assert count_of(found) == 1  # "1 tag"
    keys.press("Enter")
    settle(page, "?t=grpo&match=all")
    assert page.locator("[data-tagindex-find]").input_value() == ""
    keys.type("age")
    keys.press("ArrowDown")  # Find is a type-ahead (issue 40): to the first option
    option = page.locator("[data-tagindex-options] [aria-selected=true]")
    assert option.get_attribute("data-tagindex-option") == "agents"
    assert page.locator("[data-tagindex-find]").get_attribute("aria-activedescendant") == str(
        option.get_attribute("id")
    )
    keys.press("Enter")
    settle(page, "?t=grpo+agents&match=all")
    assert [t for _, t in shown(page)] == expected(data, ["grpo", "agents"])
    page.locator("[data-tagindex-find]").focus()  # back where a reader would Tab from
    keys.press("Escape")
    keys.press("Tab")  # to the all / any radios
    assert focused(page) == "all"
    keys.press("ArrowRight")
    settle(page, "?t=grpo+agents&match=any")
    keys.press("Tab")  # to the first chosen tag
    assert focused(page) == "grpo"
    keys.press("Enter")  # removed; the focus stays on the chips
    settle(page, "?t=agents&match=any")
    assert focused(page) == "agents"
    assert [t for _, t in shown(page)] == expected(data, ["agents"])


# -- without JavaScript, and the page's accessible parts ------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("host", HOSTS)
def test_without_javascript_the_page_is_the_list_of_tags(
    hosts: dict[str, ServedSite], site_page: SitePageFactory, host: str, lang: str
) -> None:
    site, prefix = hosts[host], LANGS[lang]
    page = site_page(site, java_script_enabled=False).page
    page.goto(site.url(prefix + "tags/?t=grpo+rl&match=all"))
    assert page.locator("[data-tagindex-explorer]").is_hidden()
    assert page.locator("[data-tagindex-results] .tagindex-card").first.is_hidden()
    links = page.locator("li.tagindex-index__item > a.tagindex-index__tag")
    assert links.count() == len(tags_json(site, prefix)["tags"])  # type: ignore[arg-type]
    assert links.first.is_visible() and page.locator(PICK).count() == 0


@pytest.mark.parametrize("host", HOSTS)
def test_named_parts_live_count_and_aa_contrast(
    hosts: dict[str, ServedSite], site_page: SitePageFactory, host: str
) -> None:
    site = hosts[host]
    page = open_explorer(site_page(site), site.url("tags/?t=grpo+rl&match=all"))
    settle(page, "?t=grpo+rl&match=all")
    section = page.locator("[data-tagindex-explorer]")
    heading = page.locator("#" + str(section.get_attribute("aria-labelledby")))
    assert heading.inner_text() == "Combine tags"
    assert page.get_by_role("group", name="Chosen tags").is_visible()
    assert page.get_by_role("button", name="Remove #grpo", exact=True).is_visible()  # the chip
    # the chosen "+" says what it does now, and what removing it leaves (issue 40)
    remove = re.compile(r"^Remove #grpo, \d+ articles( · \d+ sections?)?$")  # rl: 1 section too
    assert page.get_by_role("button", name=remove).is_visible()
    assert page.get_by_role("button", name="Add #agents to the combination").is_visible()
    assert page.locator("[data-tagindex-results-count]").get_attribute("aria-live") == "polite"
    assert page.get_by_role("radio", name="any of these tags").is_visible()
    page.locator("[data-tagindex-find]").fill("re")
    assert page.locator("[data-tagindex-found]").get_attribute("aria-live") == "polite"
    page.locator("[data-tagindex-find]").fill("")
    for scheme in ("default", "slate"):
        page.evaluate("s => document.body.setAttribute('data-md-color-scheme', s)", scheme)
        readings = measure(page, ["[data-tagindex-explorer]", "ul.tagindex-index"])
        assert len(readings) > 20
        failing = [r.describe() for r in readings if r.ratio < r.required]
        assert failing == [], scheme


# -- cards: the explorer's are the tag pages' -----------------------------------------------------


def card_rows(cards: list[dict[str, str]], base: str) -> list[tuple[str, ...]]:
    return [(c["meta"], c["title"], urljoin(base, c["href"]), c["summary"]) for c in cards]


CARD_JS = """cards => cards.map(c => ({
    meta: Array.from(c.querySelectorAll('.tagindex-card__meta > span:not(.tagindex-sep)'))
        .filter(s => !s.hasAttribute('data-tagindex-card-number'))
        .map(s => s.textContent).join('|'),
    title: c.querySelector('.tagindex-card__title').textContent.trim(),
    href: c.querySelector('.tagindex-card__title a').getAttribute('href'),
    summary: (c.querySelector('.tagindex-card__summary') || {textContent: ''}).textContent,
    extra: Array.from(c.querySelectorAll('.my-extra')).map(e => e.textContent).join('|'),
}))"""


def tag_page_cards(site_dir: Path, rel: str) -> tuple[list[dict[str, str]], bool]:
    """A built tag page's cards (as CARD_JS reads them), and whether the page is grouped."""
    html = BeautifulSoup((site_dir / rel).read_text("utf-8"), "html.parser")
    out = []
    for card in html.select("[data-tagindex-list] .tagindex-card"):
        parts = card.select(".tagindex-card__meta > span:not(.tagindex-sep)")
        title = card.select_one(".tagindex-card__title")
        link = card.select_one(".tagindex-card__title a")
        summary = card.select_one(".tagindex-card__summary")
        assert title is not None and link is not None
        out.append(
            {
                "meta": "|".join(
                    p.get_text() for p in parts if not p.has_attr("data-tagindex-card-number")
                ),
                "title": title.get_text().strip(),
                "href": str(link["href"]),
                "summary": summary.get_text() if summary else "",
                "extra": "|".join(e.get_text() for e in card.select(".my-extra")),
            }
        )
    return out, bool(html.select("[data-tagindex-groups]"))


def explorer_matches_tag_pages(page: Page, site: ServedSite, prefix: str) -> int:
    """Choose each tag alone; its cards in the explorer are its page's. Returns tags checked."""
    data = tags_json(site, prefix)
    checked = 0
    for tag in data["tags"]:  # type: ignore[attr-defined]
        slug = tag["slug"]
        pick(page, slug)
        settle(page, f"?t={'/'.join(map(_quote, slug.split('/')))}&match=all")
        draw_all(page)
        ours = page.eval_on_selector_all(SHOWN, CARD_JS)
        rel = f"{prefix}tags/{slug}/index.html"
        theirs, grouped = tag_page_cards(site.dir, rel)
        mine = card_rows(ours, page.url)
        own = card_rows(theirs, site.url(prefix + f"tags/{slug}/"))
        assert (sorted(mine) if grouped else mine) == (sorted(own) if grouped else own), slug
        assert [e["extra"] for e in ours] == [e["extra"] for e in theirs] or grouped, slug
        pick(page, slug)
        settle(page, None)
        checked += 1
    return checked


def _quote(part: str) -> str:
    return quote(part, safe="-._~")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("host", HOSTS)
def test_each_tags_cards_in_the_explorer_are_its_pages_cards(
    hosts: dict[str, ServedSite], site_page: SitePageFactory, host: str, lang: str
) -> None:
    site, prefix = hosts[host], LANGS[lang]
    page = open_explorer(site_page(site), site.url(prefix + "tags/"))
    assert explorer_matches_tag_pages(page, site, prefix) == len(tags_json(site, prefix)["tags"])  # type: ignore[arg-type]


# -- the audience switch --------------------------------------------------------------------------


@pytest.mark.parametrize("host", HOSTS)
def test_the_audience_switch_applies_to_the_explorer(
    hosts: dict[str, ServedSite], site_page: SitePageFactory, host: str
) -> None:
    site = hosts[host]
    data = tags_json(site, "")
    page = open_explorer(site_page(site), site.url("tags/?t=grpo+rl&match=any"))
    settle(page, "?t=grpo+rl&match=any")
    every = expected(data, ["grpo", "rl"], "any")
    students = expected(data, ["grpo", "rl"], "any", audience="students")
    assert 0 < len(students) < len(every)
    page.locator('[data-tagindex-facet="audience"] [data-tagindex-value="students"]').click()
    page.wait_for_function("() => location.search.includes('audience=students')")
    assert shown(page) == numbered(students)
    assert count_of(count_text(page)) == len(students)
    # the choice and the audience both stay in the URL, and come back from it
    again = open_explorer(site_page(site), page.url)
    page.wait_for_timeout(0)
    again.wait_for_function("() => !document.querySelector('[data-tagindex-explorer][aria-busy]')")
    again.locator(SHOWN).first.wait_for()
    assert shown(again) == numbered(students)


# -- instant navigation ---------------------------------------------------------------------------


@pytest.fixture(params=HOSTS)
def instant(
    request: pytest.FixtureRequest,
) -> Iterator[ServedSite]:
    name = "instant_site" if request.param == "mkdocs" else "zensical_instant_site"
    yield request.getfixturevalue(name)


@pytest.mark.parametrize("lang", LANGS)
def test_instant_navigation_keeps_the_explorer_working(
    instant: ServedSite, site_page: SitePageFactory, lang: str
) -> None:
    site, prefix = instant, LANGS[lang]
    data = tags_json(site, prefix)
    opened = site_page(site)
    page = opened.page
    page.goto(site.url(prefix + "tags/grpo/"))
    instant_ready(page)
    page.evaluate("() => { window.__notReloaded = true }")
    page.locator(".tagindex-footer a").click()  # "All tags", through instant navigation
    page.wait_for_url(re.compile(f"/{prefix}tags/$"))
    page.locator(PICK).first.wait_for(state="attached")
    assert page.evaluate("() => window.__notReloaded === true"), "a full load, not instant"
    pick(page, "grpo")
    settle(page, "?t=grpo&match=all")
    pick(page, "rl")
    settle(page, "?t=grpo+rl&match=all")
    assert [t for _, t in shown(page)] == expected(data, ["grpo", "rl"])
    page.go_back()
    settle(page, "?t=grpo&match=all")
    assert chosen(page) == ["grpo"]
    # away to an article through a card, and back: the choice comes back from the URL
    page.locator(SHOWN + " .tagindex-card__title a").first.click()
    page.wait_for_url(lambda url: "/tags/" not in url)  # an article
    page.go_back()
    page.wait_for_url(re.compile(f"/{prefix}tags/\\?t=grpo"))
    page.locator(PICK).first.wait_for(state="attached")
    settle(page, "?t=grpo&match=all")
    assert [t for _, t in shown(page)] == expected(data, ["grpo"])
    assert page.evaluate("() => window.__notReloaded === true")
    assert opened.errors == []


# -- right to left --------------------------------------------------------------------------------


def test_right_to_left_the_pick_stands_at_the_start(
    fixture_site: object, site_page: SitePageFactory
) -> None:
    site: ServedSite = fixture_site("theme-ar")  # type: ignore[operator]
    page = open_explorer(site_page(site), site.url("tags/"))
    assert (
        page.evaluate(
            "() => getComputedStyle(document.querySelector('[data-tagindex-explorer]')).direction"
        )
        == "rtl"
    )
    item = page.locator("li.tagindex-index__item").first
    button = item.locator(PICK).bounding_box()
    link = item.locator("a.tagindex-index__tag").bounding_box()
    assert button and link and button["x"] > link["x"]  # the start of a row is its right
    slug = str(item.get_attribute("data-tagindex-tag"))
    pick(page, slug)
    page.wait_for_function("() => /[?&]t=/.test(location.search)")
    settle(page, urlsplit(page.url).query and "?" + urlsplit(page.url).query)
    assert unquote(urlsplit(page.url).query).startswith(f"t={slug}&match=all")
    assert page.locator(SHOWN).count() > 0


# -- a site's own card template -------------------------------------------------------------------

CARD_OVERRIDE = (
    '{% extends "tagindex/_base/card.html" %}\n'
    "{% block tagindex_card_summary %}"
    '<p class="my-extra">{{ card.article.title | e }}, {{ card.article.read_time }} min</p>'
    "{{ super() }}{% endblock %}\n"
)


@pytest.fixture(scope="module")
def override_sites(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, ServedSite]]:
    """A small site whose custom_dir overrides a block of tagindex/card.html, built by MkDocs
    and by the command with Zensical, each served."""
    project = tmp_path_factory.mktemp("card-override") / "site-src"
    config = material_config(audiences={"students": "Students"})
    config["theme"] = {"name": "material", "custom_dir": "overrides"}
    write_config(project, config)
    write_page(project, "index.md", {"title": "Home"}, "Home.\n")
    for i in range(1, 7):
        tags = ["grpo", "rl"] if i % 2 else ["grpo"]
        tags += ["agents"] if i % 3 == 0 else []
        meta = {"title": f"Article <{i}>", "summary": f"About {i}.", "tags": tags}
        write_page(project, f"a{i}.md", {**meta, "date": f"2026-01-0{i}"}, "Words. " * 40 * i)
    (project / "overrides/tagindex").mkdir(parents=True)
    (project / "overrides/tagindex/card.html").write_text(CARD_OVERRIDE, "utf-8")
    yield from both_hosts(project)


@pytest.mark.parametrize("host", HOSTS)
def test_a_sites_card_override_is_the_explorers_card_too(
    override_sites: dict[str, ServedSite], site_page: SitePageFactory, host: str
) -> None:
    site = override_sites[host]
    page = open_explorer(site_page(site), site.url("tags/"))
    assert explorer_matches_tag_pages(page, site, "") == 3
    pick(page, "rl")
    settle(page, "?t=rl&match=all")
    extras = page.eval_on_selector_all(SHOWN + " .my-extra", "els => els.map(e => e.textContent)")
    assert [e.split(",")[0] for e in extras] == ["Article <5>", "Article <3>", "Article <1>"]


@pytest.mark.parametrize("host", HOSTS)
def test_a_chosen_tag_shows_its_colour_and_icon(
    hosts: dict[str, ServedSite], site_page: SitePageFactory, host: str
) -> None:
    """The example's tags file gives grpo a colour and an icon: its chip in the explorer draws
    them as its item on the list does; agents has an icon only; dpo has neither."""
    site = hosts[host]
    page = open_explorer(site_page(site), site.url("tags/?t=grpo+agents+dpo&match=any"))
    settle(page, "?t=grpo+agents+dpo&match=any")

    def look(selector: str) -> list[str]:
        """Background colour of the mark, and the icon it draws (a mask on it or on ::before)."""
        return page.locator(selector).evaluate(
            """el => { const own = getComputedStyle(el), before = getComputedStyle(el, '::before');
                const mask = (s) => s.maskImage || s.webkitMaskImage || 'none';
                return [own.backgroundColor, mask(own) + ' ' + mask(before)] }"""
        )

    chip = look('[data-tagindex-unpick="grpo"] [data-tagindex-slug="grpo"]')
    item = look('li[data-tagindex-tag="grpo"] > a [data-tagindex-slug="grpo"]')
    assert chip == item and chip[0] == "rgb(30, 136, 229)"  # #1e88e5
    assert "svg" in chip[1]
    assert "svg" in look('[data-tagindex-unpick="agents"] [data-tagindex-slug="agents"]')[1]
    assert page.locator('[data-tagindex-unpick="dpo"] [data-tagindex-slug]').count() == 0


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("host", HOSTS)
def test_narrow_with_leads_into_the_explorer(
    hosts: dict[str, ServedSite], site_page: SitePageFactory, host: str, lang: str
) -> None:
    """A tag page's "narrow with" link opens the explorer with both tags chosen, and the
    number it shows is the number of cards there."""
    site, prefix = hosts[host], LANGS[lang]
    page = site_page(site).page
    page.goto(site.url(prefix + "tags/grpo/"))
    link = page.locator("[data-tagindex-narrow] a").first
    said = int(
        str(page.locator("[data-tagindex-shared]").first.get_attribute("data-tagindex-shared"))
    )
    link.click()
    page.locator(PICK).first.wait_for(state="attached")
    other = chosen_from_url(page.url)
    assert other[0] == "grpo" and len(other) == 2
    settle(page, urlsplit(page.url).query and "?" + urlsplit(page.url).query)
    assert chosen(page) == other
    titles = expected(tags_json(site, prefix), other)
    assert [t for _, t in shown(page)] == titles and len(titles) == said


def chosen_from_url(url: str) -> list[str]:
    query = urlsplit(url).query
    raw = next(p for p in query.split("&") if p.startswith("t="))[2:]
    return [unquote(s) for s in raw.split("+")]


@pytest.mark.parametrize("host", HOSTS)
def test_the_filters_apply_to_the_explorer(
    hosts: dict[str, ServedSite], site_page: SitePageFactory, host: str
) -> None:
    """The explorer's type filter (the site's `filters`) narrows its cards as on a tag page,
    and shows only while tags are chosen."""
    site = hosts[host]
    data = tags_json(site, "")
    page = open_explorer(site_page(site), site.url("tags/"))
    toolbar = page.locator('[data-tagindex-explorer] [data-tagindex-facet="type"]')
    assert toolbar.is_hidden()
    pick(page, "rl")
    settle(page, "?t=rl&match=all")
    assert toolbar.is_visible()
    articles: list[dict[str, object]] = data["articles"]  # type: ignore[assignment]
    every = expected(data, ["rl"])
    paper = {str(a["title"]) for a in articles if a["type"] == "paper"}
    papers = [t for t in every if t in paper or t.split(" › ")[0] in paper]  # a section: its page's
    assert 0 < len(papers) < len(every)
    toolbar.locator('[data-tagindex-value="paper"]').click()
    page.wait_for_function("() => location.search.includes('type=paper')")
    assert shown(page) == numbered(papers)
    assert count_of(count_text(page)) == len(papers)
