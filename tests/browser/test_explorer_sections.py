"""The explorer and "narrow with…" with tagged sections (issue 41, point 4), in Chromium on both
hosts. A section matches a choice by its own tags and its page's, and is a card of its own only
where its page is not shown (an article with the tags at page level is one card). What every
choice should show is worked out here from the fixture's own text, not from a file the build
wrote; the counts every control names (a "+", a "−", a filter value, a "narrow with…" link) are
checked against what choosing it then shows."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from collections.abc import Set as AbstractSet
from pathlib import Path

import pytest
from playwright.sync_api import Page

from .conftest import ServedSite, SitePageFactory, both_hosts
from conftest import material_config, write_config, write_page

HOSTS = ("mkdocs", "zensical")
SHOWN = "[data-tagindex-results] > [data-tagindex-number]:not([hidden])"
COUNT = "[data-tagindex-results-count]"

# title → (page tags, type, audience, sections: (heading, anchor, tags)); card order: by title
PAGES: dict[str, tuple[tuple[str, ...], str, str, tuple[tuple[str, str, tuple[str, ...]], ...]]] = {
    "A": (
        ("paper", "rl"),
        "paper",
        "students",
        (("Method", "method", ("grpo",)), ("Other", "other", ("rl",))),
    ),
    "B": (("grpo", "rl"), "tutorial", "pros", (("Deep", "deep", ("paper",)),)),
    "C": (("paper",), "paper", "pros", (("Part", "part", ("solo", "grpo")),)),
    "D": ((), "paper", "pros", (("Only", "only", ("grpo",)),)),
}
TAGS = ("grpo", "paper", "rl", "solo")


def _project(root: Path) -> Path:
    project = root / "explore"
    config = material_config(
        audiences={"students": "Students", "pros": "Professionals"}, filters=["type"]
    )
    write_config(project, config)
    write_page(project, "index.md", None, "# Home\n\nHello.\n")
    for title, (tags, kind, audience, sections) in PAGES.items():
        body = f"# {title}\n\nIntro of {title}.\n"
        for heading, _, own in sections:
            body += f"\n## {heading}\n<!-- tags: {', '.join(own)} -->\n\nText of {heading}.\n"
        meta: dict[str, object] = {"type": kind, "audience": [audience]}
        if tags:
            meta["tags"] = list(tags)
        write_page(project, f"{title.lower()}.md", meta, body)
    return project


@pytest.fixture(scope="module")
def sites(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, ServedSite]]:
    yield from both_hosts(_project(tmp_path_factory.mktemp("explorer-sections")))


def rule(
    chosen: set[str],
    match: str = "all",
    *,
    without: AbstractSet[str] = frozenset(),
    kind: str = "",
    audience: str = "",
) -> list[tuple[str, str]]:
    """(title, path) of each card a choice shows, in order."""

    def fits(tags: set[str]) -> bool:
        return (chosen <= tags if match == "all" else bool(chosen & tags)) and not tags & without

    out = []
    for title, (tags, page_kind, page_audience, sections) in sorted(PAGES.items()):
        if (kind and page_kind != kind) or (audience and page_audience != audience):
            continue
        page = set(tags)
        if (chosen <= page if match == "all" else chosen & page) and not page & without:
            out.append((title, f"/{title.lower()}/"))
            continue
        for heading, anchor, own in sections:
            if fits(page | set(own)):
                out.append((f"{title} › {heading}", f"/{title.lower()}/#{anchor}"))
    return out


def label(cards: list[tuple[str, str]]) -> str:
    sections = sum(1 for title, _ in cards if " › " in title)
    parts = []
    if len(cards) - sections or not sections:
        n = len(cards) - sections
        parts.append(f"{n} article" + ("" if n == 1 else "s"))
    if sections:
        parts.append(f"{sections} section" + ("" if sections == 1 else "s"))
    return " · ".join(parts)


def settle(page: Page) -> None:
    page.wait_for_function("() => !document.querySelector('[data-tagindex-explorer][aria-busy]')")
    page.wait_for_function(
        "() => !document.querySelector('[data-tagindex-results]')?.hidden"
        " || !/[?&]t=/.test(location.search)"
    )


def shown(page: Page) -> list[tuple[str, str]]:
    rows: list[list[str]] = page.eval_on_selector_all(
        SHOWN,
        """cards => cards.map(c => { const a = c.querySelector('.tagindex-card__title a');
             return [a.textContent.trim(), new URL(a.href).pathname + new URL(a.href).hash] })""",
    )
    return [(title, path) for title, path in rows]


def count(page: Page) -> str:
    return " ".join(page.locator(COUNT).inner_text().split())


def open_at(page: Page, site: ServedSite, query: str) -> None:
    page.goto(site.url("tags/" + query))
    settle(page)


@pytest.mark.parametrize("host", HOSTS)
def test_every_choice_of_one_or_two_tags_shows_the_rule(
    sites: dict[str, ServedSite], site_page: SitePageFactory, host: str
) -> None:
    site = sites[host]
    page = site_page(site).page
    checked = 0
    for size in (1, 2):
        for chosen in itertools.combinations(TAGS, size):
            for match in ("all", "any") if size > 1 else ("all",):
                open_at(page, site, f"?t={'+'.join(chosen)}&match={match}")
                want = rule(set(chosen), match)
                assert shown(page) == want, (chosen, match)
                assert count(page) == label(want), (chosen, match)
                checked += 1
    assert checked == 4 + 6 * 2
    # one choice whose cards are all sections: each page has one of the tags, a section the other
    assert rule({"grpo", "paper"}) == [
        ("A › Method", "/a/#method"),
        ("B › Deep", "/b/#deep"),
        ("C › Part", "/c/#part"),
    ]


def _said(button_label: str) -> str:
    """The count a control's name ends with ("Add #rl to the combination, 1 article · 1
    section" → "1 article · 1 section")."""
    return button_label.rsplit(", ", 1)[1].split(". ")[0]


@pytest.mark.parametrize("host", HOSTS)
def test_each_plus_minus_and_filter_value_says_what_it_shows(
    sites: dict[str, ServedSite], site_page: SitePageFactory, host: str
) -> None:
    site = sites[host]
    page = site_page(site).page
    open_at(page, site, "?t=grpo&match=all")
    for other in ("paper", "rl", "solo"):
        said = _said(
            str(page.locator(f'[data-tagindex-pick="{other}"]').get_attribute("aria-label"))
        )
        assert said == label(rule({"grpo", other})), other
    # any: each "+" adds its tag's cards, and a page newly shown takes its sections in
    for chosen in (("grpo",), ("solo",), ("grpo", "paper")):
        open_at(page, site, f"?t={'+'.join(chosen)}&match=any")
        for other in sorted(set(TAGS) - set(chosen)):
            pick = page.locator(f'[data-tagindex-pick="{other}"]')
            said = _said(str(pick.get_attribute("aria-label")))
            assert said == label(rule({*chosen, other}, "any")), (chosen, other)
    # "−" on paper: a section of a page with paper is left out with it
    open_at(page, site, "?t=grpo+paper&match=any")
    minus = page.locator('[data-tagindex-exclude="paper"]')
    assert _said(str(minus.get_attribute("aria-label"))) == label(rule({"grpo"}, without={"paper"}))
    minus.click()
    settle(page)
    assert shown(page) == rule({"grpo"}, without={"paper"})
    assert ("A › Method", "/a/#method") not in shown(page)  # its page has paper
    # the type filter counts sections as their page's type
    open_at(page, site, "?t=grpo&match=all")
    for kind in ("paper", "tutorial"):
        value = page.locator(
            f'[data-tagindex-explorer] [data-tagindex-facet="type"] [data-tagindex-value="{kind}"]'
        )
        assert _said(str(value.get_attribute("aria-label"))) == label(rule({"grpo"}, kind=kind))
    page.locator(
        '[data-tagindex-explorer] [data-tagindex-facet="type"] [data-tagindex-value="paper"]'
    ).click()
    page.wait_for_function("() => location.search.includes('type=paper')")
    settle(page)
    assert shown(page) == rule({"grpo"}, kind="paper")


@pytest.mark.parametrize("host", HOSTS)
def test_narrow_with_counts_what_the_explorer_shows_on_arrival(
    sites: dict[str, ServedSite], site_page: SitePageFactory, host: str
) -> None:
    site = sites[host]
    page = site_page(site).page
    for audience in ("", "students", "pros"):
        page.goto(site.url("tags/grpo/" + (f"?audience={audience}" if audience else "")))
        links = page.locator("[data-tagindex-narrow-link]")
        found = {}
        for i in range(links.count()):
            link = links.nth(i)
            other = str(link.get_attribute("data-tagindex-narrow-link"))
            want = label(rule({"grpo", other}, audience=audience))
            page.wait_for_function(
                "([el, t]) => el.querySelector('[data-tagindex-shared]').textContent.trim() === t",
                arg=[link.element_handle(), want],
            )
            found[other] = want
        # paper and grpo share no page, three sections; solo: only C's section has both
        assert found.get("paper") == label(rule({"grpo", "paper"}, audience=audience)), audience
        assert set(found) == {"paper", "rl", "solo"} or audience
        links.first.click()
        page.wait_for_url(re.compile(r"/tags/\?t=grpo\+"))
        page.locator("[data-tagindex-pick]").first.wait_for(state="attached")
        settle(page)
        other = str(re.search(r"t=grpo\+([^&]+)", page.url).group(1))  # type: ignore[union-attr]
        assert count(page) == label(rule({"grpo", other}, audience=audience))
