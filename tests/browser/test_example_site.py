"""The example site in a real Chromium: tag pages, links, the language switch and screenshots.

All tests here are marked `browser` (see conftest.py). The site is built once per session with the
real `mkdocs` CLI and served from 127.0.0.1; nothing leaves the machine.
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote, urljoin, urlsplit

import pytest
from playwright.sync_api import Locator, Page

from .conftest import DESKTOP, MOBILE, PageFactory, ServedSite
from conftest import SEED, SEED_CARDS

CARDS = "ol.tagindex-cards > li.tagindex-card"
LANGUAGE_SELECT = ".md-header__option .md-select"
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


# -- helpers ------------------------------------------------------------------------------------


def squash(text: str) -> str:
    """innerText with runs of white space (line breaks between flex items, too) as one space."""
    return " ".join(text.split())


def path_of(page: Page) -> str:
    return unquote(urlsplit(page.url).path)


def expected_meta(seed: dict[str, object]) -> str:
    parts = [f"{int(str(seed['number'])):02d}"]
    if seed["category"]:
        parts.append(str(seed["category"]))
    if seed["member"]:
        parts.append("★ MEMBER")
    parts += [str(seed["type"]), f"{seed['read_time_minutes']} min read"]
    return " · ".join(parts)


def meta_lines(page: Page) -> list[str]:
    return [squash(t) for t in page.locator(f"{CARDS} .tagindex-card__meta").all_inner_texts()]


def switch_language(page: Page, lang: str) -> None:
    """Open Material's language menu in the header and pick `lang`, as a reader would."""
    page.locator(LANGUAGE_SELECT).hover()
    link = page.locator(f"{LANGUAGE_SELECT} a.md-select__link[hreflang={lang}]")
    link.wait_for(state="visible")
    with page.expect_navigation():
        link.click()


def rgb(color: str) -> tuple[float, float, float]:
    numbers = [float(n) for n in re.findall(r"[\d.]+", color)[:3]]
    assert len(numbers) == 3, f"not an rgb() colour: {color!r}"
    return numbers[0], numbers[1], numbers[2]


def luminance(color: str) -> float:
    """Relative luminance (0 = black, 1 = white) of a computed CSS colour."""

    def channel(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb(color))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def computed(locator: Locator, prop: str) -> str:
    return str(locator.evaluate(f"el => getComputedStyle(el).{prop}"))


def screenshot(page: Page, path: Path) -> None:
    path.unlink(missing_ok=True)  # a stale file from an earlier run must not pass the check
    page.evaluate("document.fonts.ready.then(() => true)")
    page.screenshot(path=str(path), full_page=True)
    assert path.is_file(), f"{path} was not written"
    assert path.stat().st_size > 30_000, f"{path} is suspiciously small ({path.stat().st_size} B)"
    assert path.read_bytes()[:8] == PNG_MAGIC


# -- the #grpo page -----------------------------------------------------------------------------


def test_grpo_page_shows_the_seed_cards_in_seed_order(
    new_page: PageFactory, example_site: ServedSite
) -> None:
    opened = new_page()
    page = opened.page
    page.goto(example_site.url("/tags/grpo/"))

    assert page.locator(".tagindex-heading").inner_text() == SEED["page"]["heading"] == "#grpo"
    assert page.locator(".tagindex-count").inner_text() == SEED["page"]["count_label"]

    cards = page.locator(CARDS)
    assert cards.count() == len(SEED_CARDS) == 16
    titles = [squash(t) for t in cards.locator(".tagindex-card__title").all_inner_texts()]
    assert titles == [squash(str(seed["title"])) for seed in SEED_CARDS]
    assert meta_lines(page) == [expected_meta(seed) for seed in SEED_CARDS]
    summaries = [squash(t) for t in cards.locator(".tagindex-card__summary").all_inner_texts()]
    assert summaries == [squash(str(seed["summary"])) for seed in SEED_CARDS]
    # Cards 05 and 08 have no category: no empty slot, no doubled separator.
    assert [n for n, m in enumerate(meta_lines(page), 1) if " · · " in m or m.endswith("·")] == []
    assert cards.nth(4).locator(".tagindex-card__category").count() == 0
    assert cards.nth(7).locator(".tagindex-card__category").count() == 0
    # Every card is on screen as a box of its own, stacked in order.
    boxes = [cards.nth(i).bounding_box() for i in range(cards.count())]
    tops = [box["y"] for box in boxes if box and box["width"] > 300 and box["height"] > 40]
    assert len(tops) == 16 and tops == sorted(tops)
    assert opened.errors == []


def test_card_title_link_opens_the_article(new_page: PageFactory, example_site: ServedSite) -> None:
    page = new_page().page
    page.goto(example_site.url("/tags/grpo/"))
    link = page.locator(CARDS).first.locator(".tagindex-card__title a")
    title = squash(link.inner_text())
    assert title == squash(str(SEED_CARDS[0]["title"]))
    target = urljoin(page.url, link.get_attribute("href") or "")

    with page.expect_navigation():
        link.click()

    assert page.url == target
    assert path_of(page) != "/tags/grpo/"
    assert squash(page.locator("article h1").first.inner_text()) == title
    assert page.title().startswith(title)


def test_language_switch_goes_to_the_japanese_tag_page_and_back(
    new_page: PageFactory, example_site: ServedSite
) -> None:
    page = new_page().page
    page.goto(example_site.url("/tags/grpo/"))
    assert page.locator("html").get_attribute("lang") == "en"

    switch_language(page, "ja")
    assert path_of(page) == "/ja/tags/grpo/", (
        f"the language switch on /tags/grpo/ led to {path_of(page)}, not /ja/tags/grpo/"
    )
    assert page.locator("html").get_attribute("lang") == "ja"
    assert page.locator(".tagindex-heading").inner_text() == "#grpo"
    n = page.locator(CARDS).count()
    assert n > 0
    assert page.locator(".tagindex-count").inner_text() == f"{n}件の記事"
    lines = meta_lines(page)
    assert all("分で読めます" in line for line in lines), lines
    assert all("★ メンバー限定" in line for line in lines), lines
    assert not any("min read" in line or "MEMBER" in line for line in lines), lines

    switch_language(page, "en")
    assert path_of(page) == "/tags/grpo/", (
        f"the language switch on /ja/tags/grpo/ led to {path_of(page)}, not /tags/grpo/"
    )
    assert page.locator("html").get_attribute("lang") == "en"
    assert page.locator(".tagindex-count").inner_text() == "16 articles"


# -- the all-tags page --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("index_path", "count_label"),
    [
        ("/tags/", r"(\d+) articles?(?: · (\d+) sections?)?"),
        ("/ja/tags/", r"(\d+)件の記事(?: · (\d+)件のセクション)?"),
    ],
    ids=["en", "ja"],
)
def test_every_tag_on_the_all_tags_page_opens_a_tag_page_with_that_many_cards(
    new_page: PageFactory, example_site: ServedSite, index_path: str, count_label: str
) -> None:
    # Tag pages are plain HTML: crawling them without Material's JavaScript halves the time on a
    # small machine, and shows that the index and the cards need no script to work.
    page = new_page(java_script_enabled=False).page
    fast = "domcontentloaded"
    page.goto(example_site.url(index_path), wait_until=fast)
    tags = page.locator(".tagindex-index__item a").all_inner_texts()
    shown = page.locator(".tagindex-index__item .tagindex-index__count").all_inner_texts()
    assert len(tags) == len(shown) > 0
    # with the hierarchy a leaf's name may repeat (#retrieval, and #retrieval under #llm): each
    # entry is one tag by its link
    links = [a.get_attribute("href") for a in page.locator(".tagindex-index__item a").all()]
    assert len(set(links)) == len(links), f"a tag is listed twice: {links}"
    total = re.match(r"\D*(\d+)", page.locator(".tagindex-count").inner_text())
    assert total and int(total.group(1)) == len(tags), "the header's tag count is off"

    seen: set[str] = set()
    for i, (tag, label) in enumerate(zip(tags, shown, strict=True)):
        match = re.fullmatch(count_label, label)
        assert match, f"{tag}: count {label!r} does not read like {count_label!r}"

        with page.expect_navigation(wait_until=fast):
            page.locator(".tagindex-index__item a").nth(i).click()

        where = path_of(page)
        assert where.startswith(index_path) and where != index_path, (tag, where)
        assert where not in seen, f"two tags lead to {where}"
        seen.add(where)
        assert page.locator(".tagindex-cards").count() == 1, f"{tag}: {where} has no card list"
        assert page.locator(".tagindex-heading").inner_text() == tag
        cards = page.locator(CARDS).count()
        listed = int(match.group(1)) + int(match.group(2) or 0)  # articles, and sections
        assert listed == cards, f"{tag}: the index says {label}, {where} has {cards}"
        assert page.locator(".tagindex-count").inner_text() == label
        page.go_back(wait_until=fast)
        assert path_of(page) == index_path
    assert len(seen) == len(tags)


# -- screenshots --------------------------------------------------------------------------------


def test_screenshot_desktop_light(
    new_page: PageFactory, example_site: ServedSite, artifacts: Path
) -> None:
    page = new_page(DESKTOP, color_scheme="light").page
    page.goto(example_site.url("/tags/grpo/"))
    assert page.locator("body").get_attribute("data-md-color-scheme") == "default"
    card = page.locator(CARDS).first
    assert luminance(computed(card, "backgroundColor")) > 0.8
    screenshot(page, artifacts / "grpo-desktop-light.png")


def test_screenshot_desktop_dark(
    new_page: PageFactory, example_site: ServedSite, artifacts: Path
) -> None:
    page = new_page(DESKTOP, color_scheme="light").page
    page.goto(example_site.url("/tags/grpo/"))
    page.locator("label.md-header__button[for=__palette_1]").click()
    page.locator("body[data-md-color-scheme=slate]").wait_for(state="attached")

    card = page.locator(CARDS).first
    background = luminance(computed(card, "backgroundColor"))
    title = luminance(computed(card.locator(".tagindex-card__title a"), "color"))
    summary = luminance(computed(card.locator(".tagindex-card__summary"), "color"))
    assert background < 0.05, "cards stay light in the slate scheme"
    # WCAG contrast ratio of the text on the card.
    assert (title + 0.05) / (background + 0.05) > 7
    assert (summary + 0.05) / (background + 0.05) > 4.5
    screenshot(page, artifacts / "grpo-desktop-dark.png")


def test_screenshot_mobile_has_no_horizontal_overflow(
    new_page: PageFactory, example_site: ServedSite, artifacts: Path
) -> None:
    page = new_page(MOBILE, is_mobile=True, has_touch=True, device_scale_factor=2).page
    page.goto(example_site.url("/tags/grpo/"))
    assert page.evaluate("window.innerWidth") == MOBILE["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= MOBILE["width"]
    cards = page.locator(CARDS)
    assert cards.count() == 16
    for i in range(cards.count()):
        box = cards.nth(i).bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= MOBILE["width"]
    screenshot(page, artifacts / "grpo-mobile.png")


def test_screenshot_japanese_desktop_light(
    new_page: PageFactory, example_site: ServedSite, artifacts: Path
) -> None:
    page = new_page(DESKTOP, color_scheme="light").page
    page.goto(example_site.url("/ja/tags/grpo/"))
    assert page.locator("html").get_attribute("lang") == "ja"
    assert page.locator(CARDS).count() > 0
    screenshot(page, artifacts / "grpo-ja-desktop-light.png")
