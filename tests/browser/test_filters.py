"""The audience switch and the filter chips of tag pages (tagindex.js) in a real Chromium.

What a card is expected to show is worked out from the articles' own front matter
(example_site/docs/articles/*.md), never hard-coded: a card is shown when its article names the
chosen audience or no audience at all, and has the chosen type, member flag and category.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

import pytest
import yaml
from bs4 import BeautifulSoup
from playwright.sync_api import Locator, Page

from .colors import contrast as contrast_of
from .colors import property_srgb, srgb
from .conftest import DESKTOP, PageFactory, ServedSite, instant_ready
from conftest import ROOT

DOCS = ROOT / "example_site" / "docs"
CARDS = "ol.tagindex-cards > li.tagindex-card"
TOOLBARS = ".tagindex [data-tagindex-toolbar]"
STORAGE_KEY = "tagindex.audience"
AUDIENCES = ("students", "professional")
NARROW = {"width": 360, "height": 740}

# One entry per card, in page order: where its title links to, whether the script hid it, whether
# it takes up room on screen, and its number as shown and as built.
CARD_STATES_JS = """cards => cards.map(card => ({
    href: ((u) => u.pathname + u.hash)(new URL(card.querySelector('.tagindex-card__title a').href)),
    hidden: card.hidden,
    rendered: card.getClientRects().length > 0,
    number: card.querySelector('.tagindex-card__number').textContent.trim(),
    built: card.getAttribute('data-tagindex-number'),
}))"""

# -- what the front matter says -----------------------------------------------------------------


@cache
def front_matter(path: Path) -> dict[str, Any]:
    text = path.read_text("utf-8")
    assert text.startswith("---\n"), f"{path} has no front matter"
    head = text.split("---\n", 2)[1]
    meta = yaml.safe_load(head) or {}
    assert isinstance(meta, dict), path
    return meta


def source_of(href: str) -> Path:
    """The Markdown file of an article URL ("/articles/x/", "/ja/articles/x/")."""
    parts = [unquote(p) for p in href.partition("#")[0].split("/") if p]  # a section: its page
    lang = "ja" if parts[0] == "ja" else "en"
    stem = "/".join(parts[1:] if lang == "ja" else parts)
    # Each language's own page first; then the page mkdocs-static-i18n falls back to.
    candidates = [f"{stem}.ja.md", f"{stem}.md"] if lang == "ja" else [f"{stem}.md"]
    for name in candidates:
        if (DOCS / name).is_file():
            return DOCS / name
    raise AssertionError(f"no Markdown file for {href} (tried {candidates})")


def as_list(value: object) -> list[str]:
    if value is None:
        return []
    if isinstance(value, list):
        return [str(v) for v in value]
    return [str(value)]


def facets_of(meta: dict[str, Any]) -> dict[str, list[str]]:
    """The facet values of an article as the filters see them."""
    return {
        "audience": as_list(meta.get("audience")),
        "type": [str(meta["type"]).lower()] if meta.get("type") else [],
        "member": ["1" if meta.get("member") else "0"],
        "category": as_list(meta.get("category")),
    }


def wanted(meta: dict[str, Any], choice: dict[str, str]) -> bool:
    """Whether an article's card shows for `choice` (facet -> value; "" is All)."""
    facets = facets_of(meta)
    for facet, value in choice.items():
        if not value:
            continue
        if facet == "audience" and not facets["audience"]:
            continue  # an article without audience is for everyone
        if value not in facets[facet]:
            return False
    return True


def grpo_articles(lang: str) -> dict[str, dict[str, Any]]:
    """Front matter of the #grpo articles (example_site/docs/articles/seed-*.md) of `lang`."""
    found: dict[str, dict[str, Any]] = {}
    for path in sorted(DOCS.glob("articles/seed-*.md")):
        is_ja = path.name.endswith(".ja.md")
        if is_ja != (lang == "ja"):
            continue
        meta = front_matter(path)
        if "grpo" in as_list(meta.get("tags")):
            found[path.name.removesuffix(".ja.md").removesuffix(".md")] = meta
    return found


def expected_grpo(lang: str, choice: dict[str, str]) -> set[str]:
    prefix = "/ja" if lang == "ja" else ""
    return {
        f"{prefix}/articles/{stem}/"
        for stem, meta in grpo_articles(lang).items()
        if wanted(meta, choice)
    }


def articles_label(lang: str, n: int) -> str:
    if lang == "ja":
        return f"{n}件の記事"
    return f"{n} article" if n == 1 else f"{n} articles"


def cards_label(lang: str, articles: int, sections: int) -> str:
    """ "16 articles · 3 sections", "16 articles", "3 sections" (issue 41)."""
    if not sections:
        return articles_label(lang, articles)
    said = (
        f"{sections}件のセクション"
        if lang == "ja"
        else f"{sections} section" + "s" * (sections != 1)
    )
    return said if not articles else f"{articles_label(lang, articles)} · {said}"


def tags_label(lang: str, n: int) -> str:
    if lang == "ja":
        return f"{n}個のタグ"
    return f"{n} tag" if n == 1 else f"{n} tags"


def built_text(site: ServedSite, rel: str, selector: str) -> str:
    """The text of an element as the HTML file has it, before any script ran."""
    soup = BeautifulSoup((site.dir / rel).read_text("utf-8"), "html.parser")
    element = soup.select_one(selector)
    assert element is not None, f"{rel} has no {selector}"
    return " ".join(element.get_text().split())


def contrast(locator: Locator) -> float:
    """WCAG contrast of an element's text on its background, colours as Chromium draws them."""
    return contrast_of(property_srgb(locator, "color"), property_srgb(locator, "backgroundColor"))


# -- what the page shows ------------------------------------------------------------------------


def card_states(page: Page) -> list[dict[str, Any]]:
    states: list[dict[str, Any]] = page.locator(CARDS).evaluate_all(CARD_STATES_JS)
    return states


def button(page: Page, facet: str, value: str) -> Locator:
    return page.locator(
        f'.tagindex [data-tagindex-facet="{facet}"] '
        f'button.tagindex-filter__button[data-tagindex-value="{value}"]'
    )


def pressed(page: Page, facet: str) -> list[str]:
    """The values of `facet` whose buttons are aria-pressed="true" (exactly one, always)."""
    group = page.locator(f'.tagindex [data-tagindex-facet="{facet}"]')
    values = group.locator("button[aria-pressed=true]").evaluate_all(
        "buttons => buttons.map(b => b.getAttribute('data-tagindex-value'))"
    )
    states = group.locator("button").evaluate_all(
        "buttons => buttons.map(b => b.getAttribute('aria-pressed'))"
    )
    assert set(states) <= {"true", "false"}, states
    return list(values)


def choose(page: Page, facet: str, value: str) -> None:
    button(page, facet, value).click()
    assert pressed(page, facet) == [value]


def query(page: Page) -> dict[str, list[str]]:
    return parse_qs(urlsplit(page.url).query, keep_blank_values=True)


def stored(page: Page) -> str | None:
    value = page.evaluate(f"localStorage.getItem({STORAGE_KEY!r})")
    return None if value is None else str(value)


def count_line(page: Page) -> str:
    return " ".join(page.locator(".tagindex .tagindex-count").inner_text().split())


def assert_cards(page: Page, expected: set[str], lang: str) -> list[dict[str, Any]]:
    """Exactly the `expected` cards show, numbered 01, 02, … in page order, and counted."""
    states = card_states(page)
    assert states, "no cards on the page"
    for state in states:
        assert state["rendered"] == (not state["hidden"]), f"`hidden` is not obeyed: {state}"
    shown = [state for state in states if not state["hidden"]]
    assert {state["href"] for state in shown} == expected
    width = max(2, len(str(len(shown))))
    assert [state["number"] for state in shown] == [
        f"{i:0{width}d}" for i in range(1, len(shown) + 1)
    ]
    built = [int(state["built"]) for state in shown]
    assert built == sorted(built), "the shown cards are out of page order"
    sections = sum(1 for state in shown if "#" in state["href"])  # a section's card: its anchor
    assert count_line(page) == cards_label(lang, len(shown) - sections, sections)
    return shown


def assert_cards_follow_front_matter(page: Page, choice: dict[str, str], lang: str) -> int:
    """On any tag page: each card shows iff its article's front matter matches `choice`."""
    states = card_states(page)
    expected = {s["href"] for s in states if wanted(front_matter(source_of(s["href"])), choice)}
    return len(assert_cards(page, expected, lang))


def assert_unfiltered(page: Page, site: ServedSite, rel: str) -> None:
    states = card_states(page)
    assert states and all(s["rendered"] and not s["hidden"] for s in states)
    assert [s["number"] for s in states] == [s["built"] for s in states]
    assert [int(s["number"]) for s in states] == list(range(1, len(states) + 1))
    assert count_line(page) == built_text(site, rel, ".tagindex-count")


def open_tag_page(page: Page, url: str) -> None:
    page.goto(url)
    # The script shows the toolbars once it has applied the stored and the URL's choices.
    page.locator(TOOLBARS).first.wait_for(state="visible")


# -- tag pages ----------------------------------------------------------------------------------


def test_toolbars_show_with_everything_chosen(
    new_page: PageFactory, example_site: ServedSite
) -> None:
    opened = new_page()
    page = opened.page
    open_tag_page(page, example_site.url("/tags/grpo/"))

    toolbars = page.locator(TOOLBARS)
    assert toolbars.count() >= 1
    for i in range(toolbars.count()):
        assert toolbars.nth(i).is_visible()
        assert toolbars.nth(i).get_attribute("hidden") is None
    audience = page.locator('.tagindex [data-tagindex-facet="audience"]')
    assert audience.get_attribute("role") == "group"
    assert audience.locator("button").all_inner_texts() == ["All", "Students", "Professional"]
    for facet in page.locator(".tagindex [data-tagindex-facet]").evaluate_all(
        "groups => groups.map(g => g.getAttribute('data-tagindex-facet'))"
    ):
        assert pressed(page, facet) == [""], facet
    assert page.locator(".tagindex-count").get_attribute("aria-live") == "polite"
    assert_unfiltered(page, example_site, "tags/grpo/index.html")
    assert stored(page) is None
    assert opened.errors == []


@pytest.mark.parametrize("audience", AUDIENCES)
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_audience_switch_filters_renumbers_and_counts_without_reload(
    new_page: PageFactory, example_site: ServedSite, lang: str, audience: str
) -> None:
    opened = new_page()
    page = opened.page
    prefix = "/ja" if lang == "ja" else ""
    open_tag_page(page, example_site.url(f"{prefix}/tags/grpo/"))
    assert len(card_states(page)) == len(grpo_articles(lang)) == 16
    page.evaluate("window.__sameDocument = true")

    choose(page, "audience", audience)
    expected = expected_grpo(lang, {"audience": audience})
    assert 0 < len(expected) < 16, "the example site should make this audience a real filter"
    assert_cards(page, expected, lang)
    assert page.evaluate("window.__sameDocument") is True, "choosing an audience reloaded"
    assert query(page) == {"audience": [audience]}
    assert stored(page) == audience

    choose(page, "audience", "")
    assert_unfiltered(page, example_site, f"{lang}/tags/grpo/index.html".removeprefix("en/"))
    assert query(page) == {}
    assert stored(page) is None
    assert page.evaluate("window.__sameDocument") is True
    assert opened.errors == []


def test_audience_choice_follows_the_reader_to_other_pages(
    new_page: PageFactory, example_site: ServedSite
) -> None:
    opened = new_page()
    page = opened.page
    open_tag_page(page, example_site.url("/tags/grpo/"))
    choose(page, "audience", "students")

    # Another tag page, opened afresh: the stored choice is applied there.
    open_tag_page(page, example_site.url("/tags/rl/"))
    assert pressed(page, "audience") == ["students"]
    assert query(page) == {}
    shown = assert_cards_follow_front_matter(page, {"audience": "students"}, "en")
    assert 0 < shown < len(card_states(page))

    # The all-tags page, through its link in the footer.
    with page.expect_navigation():
        page.locator(".tagindex-footer a").click()
    assert urlsplit(page.url).path == "/tags/"
    page.locator(TOOLBARS).first.wait_for(state="visible")
    assert pressed(page, "audience") == ["students"]
    grpo = page.locator('.tagindex-index__item[data-tagindex-tag="grpo"] .tagindex-index__count')
    assert grpo.inner_text() == articles_label(
        "en", len(expected_grpo("en", {"audience": "students"}))
    )

    # A later visit: a new tab of the same browser profile.
    later = opened.context.new_page()
    open_tag_page(later, example_site.url("/tags/grpo/"))
    assert pressed(later, "audience") == ["students"]
    assert_cards(later, expected_grpo("en", {"audience": "students"}), "en")
    assert opened.errors == []


@pytest.mark.parametrize("audience", AUDIENCES)
def test_all_tags_page_counts_match_the_tag_pages(
    new_page: PageFactory, example_site: ServedSite, audience: str
) -> None:
    opened = new_page()
    page = opened.page
    open_tag_page(page, example_site.url("/tags/"))
    items = page.locator(".tagindex-index__item")
    built_header = built_text(example_site, "tags/index.html", ".tagindex-count")
    built_counts = items.locator(".tagindex-index__count").all_inner_texts()
    assert count_line(page) == built_header

    choose(page, "audience", audience)
    rows: list[dict[str, Any]] = items.evaluate_all(
        """items => items.map(item => ({
            href: item.querySelector('a').href,
            counts: JSON.parse(item.getAttribute('data-tagindex-counts')),
            sections: JSON.parse(item.getAttribute('data-tagindex-section-counts') || '{}'),
            hidden: item.hidden,
            rendered: item.getClientRects().length > 0,
            text: item.querySelector('.tagindex-index__count').textContent.trim(),
        }))"""
    )
    left = [row for row in rows if not row["hidden"]]
    assert 0 < len(left) <= len(rows)
    for row in rows:
        n, m = row["counts"][audience], row["sections"].get(audience, 0)
        assert row["rendered"] == (not row["hidden"]) == (n + m > 0), row
        if n + m:
            assert row["text"] == cards_label("en", n, m), row
    assert count_line(page) == tags_label("en", len(left))

    # Each tag page, opened with the same choice, shows as many cards as the index says.
    for row in rows:
        open_tag_page(page, row["href"])
        assert pressed(page, "audience") == [audience]
        shown = assert_cards_follow_front_matter(page, {"audience": audience}, "en")
        assert shown == row["counts"][audience] + row["sections"].get(audience, 0), row["href"]

    open_tag_page(page, example_site.url("/tags/"))
    choose(page, "audience", "")
    assert count_line(page) == built_header
    assert items.locator(".tagindex-index__count").all_inner_texts() == built_counts
    assert page.locator(".tagindex-index__item[hidden]").count() == 0
    assert opened.errors == []


def test_url_parameter_wins_and_choices_go_into_the_url(
    new_page: PageFactory, example_site: ServedSite
) -> None:
    opened = new_page()
    page = opened.page
    url = example_site.url("/tags/grpo/")

    # A first visit through a shared link.
    open_tag_page(page, url + "?audience=students")
    assert pressed(page, "audience") == ["students"]
    assert_cards(page, expected_grpo("en", {"audience": "students"}), "en")

    # The link wins over the reader's stored choice, and does not overwrite it.
    page.evaluate(f"localStorage.setItem({STORAGE_KEY!r}, 'professional')")
    open_tag_page(page, url + "?audience=students")
    assert pressed(page, "audience") == ["students"]
    assert_cards(page, expected_grpo("en", {"audience": "students"}), "en")
    assert stored(page) == "professional"
    # An unknown value is ignored: the stored choice applies.
    open_tag_page(page, url + "?audience=nobody")
    assert pressed(page, "audience") == ["professional"]

    # Clicks rewrite the parameter in place, keeping the others and the hash.
    open_tag_page(page, url + "?from=newsletter&audience=students#cards")
    history_length = page.evaluate("history.length")
    choose(page, "audience", "professional")
    assert query(page) == {"from": ["newsletter"], "audience": ["professional"]}
    assert urlsplit(page.url).fragment == "cards"
    assert stored(page) == "professional"
    choose(page, "audience", "")
    assert query(page) == {"from": ["newsletter"]}
    assert urlsplit(page.url).fragment == "cards"
    assert page.evaluate("history.length") == history_length, "a click added a history entry"
    assert opened.errors == []


def test_facets_combine_with_and_and_only_the_audience_is_stored(
    new_page: PageFactory, example_site: ServedSite
) -> None:
    opened = new_page()
    page = opened.page
    open_tag_page(page, example_site.url("/tags/grpo/"))
    categories = page.locator('[data-tagindex-facet="category"] button').evaluate_all(
        "buttons => buttons.map(b => b.getAttribute('data-tagindex-value'))"
    )
    assert categories[0] == "" and "Agents" in categories and "Training & Alignment" in categories

    choose(page, "audience", "students")
    choose(page, "category", "Agents")
    choice = {"audience": "students", "category": "Agents"}
    expected = expected_grpo("en", choice)
    assert expected < expected_grpo("en", {"audience": "students"})
    assert expected < expected_grpo("en", {"category": "Agents"})
    assert_cards(page, expected, "en")
    assert query(page) == {"audience": ["students"], "category": ["Agents"]}

    # A value with "&" and spaces goes through the URL and back.
    choose(page, "category", "Training & Alignment")
    choice["category"] = "Training & Alignment"
    assert_cards(page, expected_grpo("en", choice), "en")
    assert query(page)["category"] == ["Training & Alignment"]
    page.reload()
    page.locator(TOOLBARS).first.wait_for(state="visible")
    assert pressed(page, "category") == ["Training & Alignment"]
    assert pressed(page, "audience") == ["students"]
    assert_cards(page, expected_grpo("en", choice), "en")

    # Nothing left: no card, a count of 0.
    empty = [
        value
        for value in categories
        if value and not expected_grpo("en", {"audience": "students", "category": value})
    ]
    assert empty, "some category of #grpo should have no article for students"
    choose(page, "category", empty[0])
    assert [s for s in card_states(page) if not s["hidden"]] == []
    assert count_line(page) == articles_label("en", 0)

    # Facets live in the URL only: a plain visit keeps the audience and drops the category.
    open_tag_page(page, example_site.url("/tags/grpo/"))
    assert pressed(page, "audience") == ["students"]
    assert pressed(page, "category") == [""]
    assert_cards(page, expected_grpo("en", {"audience": "students"}), "en")
    keys = page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('tagindex'))")
    assert keys == [STORAGE_KEY]
    assert opened.errors == []


def test_type_and_member_chips_with_the_audience(
    new_page: PageFactory, example_site: ServedSite
) -> None:
    opened = new_page()
    page = opened.page
    open_tag_page(page, example_site.url("/tags/rl/"))
    groups = page.locator(".tagindex [data-tagindex-facet]").evaluate_all(
        "groups => groups.map(g => g.getAttribute('data-tagindex-facet'))"
    )
    assert groups == ["audience", "type", "member", "category"]

    choice = {"audience": "professional", "type": "explainer", "member": "1"}
    for facet, value in choice.items():
        choose(page, facet, value)
    shown = assert_cards_follow_front_matter(page, choice, "en")
    assert shown > 0
    assert query(page) == {facet: [value] for facet, value in choice.items()}

    choose(page, "member", "0")
    choice["member"] = "0"
    assert_cards_follow_front_matter(page, choice, "en")
    choose(page, "type", "tutorial")
    choose(page, "audience", "students")
    assert_cards_follow_front_matter(
        page, {**choice, "type": "tutorial", "audience": "students"}, "en"
    )
    for facet in choice:
        choose(page, facet, "")
    assert_unfiltered(page, example_site, "tags/rl/index.html")
    assert query(page) == {}
    assert opened.errors == []


def test_without_javascript_the_page_is_complete(
    new_page: PageFactory, example_site: ServedSite
) -> None:
    stored_choice = {
        "cookies": [],
        "origins": [
            {
                "origin": example_site.base_url,
                "localStorage": [{"name": STORAGE_KEY, "value": "students"}],
            }
        ],
    }
    page = new_page(java_script_enabled=False, storage_state=stored_choice).page
    page.goto(example_site.url("/tags/grpo/?audience=professional&category=Agents"))
    assert page.locator(TOOLBARS).count() == 2
    for i in range(page.locator(TOOLBARS).count()):
        toolbar = page.locator(TOOLBARS).nth(i)
        assert toolbar.get_attribute("hidden") is not None
        assert not toolbar.is_visible()
    assert page.locator(".tagindex-filter__button:visible").count() == 0
    states = card_states(page)
    assert len(states) == len(grpo_articles("en")) == 16
    assert_unfiltered(page, example_site, "tags/grpo/index.html")
    assert count_line(page) == "16 articles"

    page.goto(example_site.url("/tags/?audience=students"))
    assert not page.locator(TOOLBARS).first.is_visible()
    assert (
        page.locator(".tagindex-index__item:visible").count()
        == page.locator(".tagindex-index__item").count()
    )
    assert count_line(page) == built_text(example_site, "tags/index.html", ".tagindex-count")


def test_keyboard_tab_enter_and_space(new_page: PageFactory, example_site: ServedSite) -> None:
    opened = new_page()
    page = opened.page
    open_tag_page(page, example_site.url("/tags/grpo/"))
    first = button(page, "audience", "")

    # Tab from the top of the page to the switch.
    for _ in range(300):
        page.keyboard.press("Tab")
        if first.evaluate("el => el === document.activeElement"):
            break
    else:
        pytest.fail("Tab never reached the audience switch")
    assert first.evaluate("el => el.matches(':focus-visible')")
    outline = first.evaluate(
        """el => {
            const style = getComputedStyle(el);
            return {style: style.outlineStyle, width: parseFloat(style.outlineWidth),
                    color: style.outlineColor};
        }"""
    )
    assert outline["style"] != "none" and outline["width"] >= 1, outline
    # The focus ring is the page's one accent (it keeps 4.5:1 for every palette).
    assert property_srgb(first, "outlineColor") == srgb(first, "var(--tagindex-accent)")

    page.keyboard.press("Tab")
    students = button(page, "audience", "students")
    assert students.evaluate("el => el === document.activeElement")
    page.keyboard.press("Enter")
    assert pressed(page, "audience") == ["students"]
    assert students.get_attribute("aria-pressed") == "true"
    assert first.get_attribute("aria-pressed") == "false"
    assert_cards(page, expected_grpo("en", {"audience": "students"}), "en")

    page.keyboard.press("Tab")
    professional = button(page, "audience", "professional")
    assert professional.evaluate("el => el === document.activeElement")
    page.keyboard.press("Space")
    assert pressed(page, "audience") == ["professional"]
    assert students.get_attribute("aria-pressed") == "false"
    assert_cards(page, expected_grpo("en", {"audience": "professional"}), "en")
    assert professional.evaluate("el => el.matches(':focus-visible')")

    # Past the feed link under the count and the "narrow with" links, on into the category
    # chips, still by keyboard.
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.hasAttribute('data-tagindex-feed')")
    narrow = page.locator("[data-tagindex-narrow] a").count()
    assert narrow > 0
    for _ in range(narrow):
        page.keyboard.press("Tab")
        assert page.evaluate("!!document.activeElement.closest('[data-tagindex-narrow]')")
    page.keyboard.press("Tab")
    focused = page.evaluate(
        "document.activeElement.closest('[data-tagindex-facet]')?.dataset.tagindexFacet"
    )
    assert focused == "category"
    assert opened.errors == []


@pytest.mark.parametrize("scheme", ["default", "slate"])
def test_pills_are_legible_and_wrap_at_360px(
    new_page: PageFactory, example_site: ServedSite, scheme: str, artifacts: Path
) -> None:
    page = new_page(NARROW, color_scheme="light").page
    open_tag_page(page, example_site.url("/tags/rl/"))
    if scheme == "slate":
        page.evaluate("document.body.setAttribute('data-md-color-scheme', 'slate')")
    choose(page, "audience", "students")

    assert page.evaluate("document.documentElement.scrollWidth") <= NARROW["width"]
    buttons = page.locator(".tagindex-filter__button")
    for i in range(buttons.count()):
        box = buttons.nth(i).bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= NARROW["width"]
        assert box["height"] >= 24, "a pill is smaller than a 24 px target"

    on = button(page, "audience", "students")
    off = button(page, "audience", "professional")
    # Colours are read once the pills' transitions are over.
    page.evaluate("Promise.all(document.getAnimations().map(a => a.finished)).then(() => true)")
    accent = srgb(on, "var(--tagindex-accent)")
    assert property_srgb(on, "backgroundColor") == accent
    assert property_srgb(off, "backgroundColor") != accent

    assert contrast(on) >= 4.5
    assert contrast(off) >= 4.5
    page.evaluate("document.fonts.ready.then(() => true)")
    page.screenshot(path=str(artifacts / f"filters-360-{scheme}.png"), full_page=False)


# -- Material's instant navigation --------------------------------------------------------------


def test_filters_survive_instant_navigation(
    new_instant_page: PageFactory, instant_site: ServedSite
) -> None:
    opened = new_instant_page()
    page = opened.page
    open_tag_page(page, instant_site.url("/tags/grpo/"))
    instant_ready(page)
    page.evaluate(
        """() => {
            window.__sameDocument = true;
            window.__stored = 0;
            const setItem = Storage.prototype.setItem;
            Storage.prototype.setItem = function (key, value) {
                if (key === 'tagindex.audience') window.__stored += 1;
                return setItem.call(this, key, value);
            };
        }"""
    )
    choose(page, "audience", "students")
    assert_cards(page, expected_grpo("en", {"audience": "students"}), "en")

    # To the all-tags page and on to #rl, by links that Material's instant navigation takes.
    page.locator(".tagindex-footer a").click()
    page.wait_for_url("**/tags/")
    page.locator(".tagindex-index").wait_for()
    page.locator(TOOLBARS).first.wait_for(state="visible")
    assert page.evaluate("window.__sameDocument") is True, "not an instant navigation"
    assert pressed(page, "audience") == ["students"]
    assert page.locator(".tagindex-count").inner_text().strip() == tags_label(
        "en", page.locator(".tagindex-index__item:not([hidden])").count()
    )

    page.locator('.tagindex-index__item[data-tagindex-tag="rl"] a').click()
    page.wait_for_url("**/tags/rl/")
    # the URL changes before the new content is in: the old page's toolbar is visible too
    page.locator(CARDS).first.wait_for(state="attached")
    page.locator(TOOLBARS).first.wait_for(state="visible")
    assert page.evaluate("window.__sameDocument") is True, "not an instant navigation"
    assert pressed(page, "audience") == ["students"]
    assert_cards_follow_front_matter(page, {"audience": "students"}, "en")

    # The buttons of the swapped-in content work, once per click.
    before = page.evaluate("window.__stored")
    choose(page, "audience", "professional")
    assert page.evaluate("window.__stored") == before + 1, "a click was handled more than once"
    assert query(page) == {"audience": ["professional"]}
    choose(page, "type", "paper")
    assert_cards_follow_front_matter(page, {"audience": "professional", "type": "paper"}, "en")

    # Back (Material handles popstate without a reload): the stored choice applies there too.
    page.go_back()
    page.wait_for_url("**/tags/")
    page.locator(".tagindex-index").wait_for()
    page.wait_for_function(
        "document.querySelector('[data-tagindex-value=professional]')"
        "?.getAttribute('aria-pressed') === 'true'"
    )
    assert page.evaluate("window.__sameDocument") is True
    # Material re-creates and runs every inline <script> of the content it swaps in; a
    # <script type="application/json"> loses its type on the way and fails as JavaScript.
    assert opened.errors == [], "uncaught errors during instant navigation"


def test_script_and_styles_arrive_with_an_instant_navigation_from_a_page_without_them(
    new_instant_page: PageFactory, instant_site: ServedSite
) -> None:
    """A page without tags or listings (the customising page) loads nothing of the plugin's;
    Material's instant navigation to the all-tags page brings its stylesheets (Material syncs
    the head) and its script (Material runs the scripts of the content it swaps in), and going
    back takes the stylesheets away again."""
    opened = new_instant_page()
    page = opened.page
    page.goto(instant_site.url("/customizing/"))
    instant_ready(page)
    ours = 'link[href*="assets/tagindex/"], script[src*="assets/tagindex/"]'
    assert page.locator(ours).count() == 0
    assert page.evaluate("typeof window.tagindex") == "undefined"
    page.evaluate("window.__sameDocument = true")

    page.locator('article a[href$="tags/"]').first.click()
    page.wait_for_url("**/tags/")
    page.locator(TOOLBARS).first.wait_for(state="visible")
    assert page.evaluate("window.__sameDocument") is True, "not an instant navigation"
    # The index is a grid of flex items, or (tags nest in the example site) a tree of them.
    display = page.locator("li.tagindex-index__item").first.evaluate(
        "el => getComputedStyle(el).display"
    )
    assert display == "flex", "the stylesheet did not arrive with the page"
    choose(page, "audience", "students")
    assert pressed(page, "audience") == ["students"]
    left = page.locator(".tagindex-index__item:not([hidden])").count()
    assert 0 < left < page.locator(".tagindex-index__item").count()
    assert count_line(page) == tags_label("en", left)

    page.go_back()
    page.wait_for_url(instant_site.url("/customizing/"))
    page.wait_for_function("!document.querySelector('link[href*=\"assets/tagindex/\"]')")
    assert page.evaluate("window.__sameDocument") is True
    assert opened.errors == []


def test_labels_of_the_japanese_page(new_page: PageFactory, example_site: ServedSite) -> None:
    page = new_page(DESKTOP).page
    open_tag_page(page, example_site.url("/ja/tags/"))
    choose(page, "audience", "students")
    left = page.locator(".tagindex-index__item:not([hidden])").count()
    assert count_line(page) == tags_label("ja", left)
    grpo = page.locator('.tagindex-index__item[data-tagindex-tag="grpo"] .tagindex-index__count')
    assert grpo.inner_text() == articles_label(
        "ja", len(expected_grpo("ja", {"audience": "students"}))
    )
