"""Filters and the audience switch on grouped tag pages (`group_by`, issue 27), in Chromium: a
group with no card left hides its heading, the numbers run 01, 02, … down the page across the
groups, and on a tag split into pages the matches of the other pages come into their own
groups, in order; on MkDocs and on Zensical (whose pages the command writes with Markdown
headings)."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page

from .conftest import OpenedPage, ServedSite, SitePageFactory, _serve
from conftest import ROOT, material_config, write_config, write_page

ARTICLES = {
    # name: (date, type, audience)
    "a": ("2026-03-01", "paper", ["students"]),
    "b": ("2026-02-01", "news", []),
    "c": ("2025-06-01", "paper", ["pros"]),
    "d": ("2025-05-01", "tutorial", ["pros"]),
    "e": ("2024-04-01", "news", ["students"]),
    "f": ("2024-03-01", "paper", []),
    "g": ("2023-01-01", "tutorial", ["students"]),
}
"""By year, newest first: 2026 (a, b), 2025 (c, d), 2024 (e, f), 2023 (g)."""

SECTIONS_JS = """root => Array.from(root.querySelectorAll('[data-tagindex-group]'))
  .filter(s => !s.hidden && s.getClientRects().length > 0)
  .map(s => ({
    heading: s.querySelector('.tagindex-group__heading').textContent.replace('¶', '').trim(),
    cards: Array.from(s.querySelectorAll('[data-tagindex-facets]'))
      .filter(c => !c.hidden && c.getClientRects().length > 0)
      .map(c => c.querySelector('[data-tagindex-card-number]').textContent.trim() + ' '
        + c.querySelector('.tagindex-card__title').textContent.trim()),
  }))"""


def _write(project: Path, **options: object) -> None:
    plugin = {
        "group_by": "year",
        "filters": ["type"],
        "audiences": {"students": {"en": "Students"}, "pros": {"en": "Pros"}},
        **options,
    }
    write_config(project, material_config(**plugin))
    write_page(project, "index.md", {"title": "Home"}, "# Home\n")
    for name, (date, kind, audience) in ARTICLES.items():
        meta: dict[str, object] = {"title": name.upper(), "tags": ["grpo"], "date": date}
        meta["type"] = kind
        if audience:
            meta["audience"] = audience
        write_page(project, f"{name}.md", meta, f"About {name}.\n")


def _run(project: Path, *command: str) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "NO_MKDOCS_2_WARNING": "1"}
    result = subprocess.run(
        command, cwd=project, env=env, capture_output=True, text=True, timeout=900
    )
    assert result.returncode == 0, result.stderr[-4000:] + result.stdout[-2000:]
    assert "Traceback" not in result.stderr, result.stderr[-4000:]


def _build(project: Path, host: str, **options: object) -> Path:
    """The site built with `mkdocs build --strict`, or with `tagindex init`, `tagindex build`
    and the real `zensical build` (its grouped pages read as Markdown: md_in_html)."""
    _write(project, **options)
    if host == "mkdocs":
        _run(project, sys.executable, "-m", "mkdocs", "build", "--strict")
    else:
        _run(project, sys.executable, "-m", "mkdocs_tagindex", "init")
        _run(project, sys.executable, "-m", "mkdocs_tagindex", "build")
        _run(project, str(Path(sys.executable).parent / "zensical"), "build")
    return project / "site"


@pytest.fixture(scope="module")
def grouped(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, ServedSite]]:
    sites, running = {}, []
    built: tuple[tuple[str, str, dict[str, object]], ...] = (
        ("one", "mkdocs", {}),
        ("paged", "mkdocs", {"per_page": 3}),
        ("zensical", "zensical", {"per_page": 3}),
    )
    for name, host, options in built:
        out = _build(tmp_path_factory.mktemp(f"grouped-{name}"), host, **options)
        server, thread, base_url = _serve(out)
        running.append((server, thread))
        sites[name] = ServedSite(dir=out, base_url=base_url)
    yield sites
    for server, thread in running:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


def open_tag(site_page: SitePageFactory, site: ServedSite) -> tuple[OpenedPage, Page]:
    opened = site_page(site)
    page = opened.page
    page.goto(site.url("/tags/grpo/"))
    page.locator("[data-tagindex-toolbar]").first.wait_for(state="visible")
    return opened, page


def choose(page: Page, facet: str, value: str) -> None:
    page.locator(f'[data-tagindex-facet="{facet}"] [data-tagindex-value="{value}"]').click()
    page.wait_for_function(
        "() => !document.querySelector('[data-tagindex]').hasAttribute('aria-busy')"
    )


def sections(page: Page) -> list[tuple[str, list[str]]]:
    found = page.locator("[data-tagindex]").evaluate(SECTIONS_JS)
    return [(s["heading"], s["cards"]) for s in found]


ALL = [
    ("2026", ["01 A", "02 B"]),
    ("2025", ["03 C", "04 D"]),
    ("2024", ["05 E", "06 F"]),
    ("2023", ["07 G"]),
]


def test_a_filter_hides_the_groups_it_empties(
    grouped: dict[str, ServedSite], site_page: SitePageFactory
) -> None:
    opened, page = open_tag(site_page, grouped["one"])
    assert sections(page) == ALL
    choose(page, "type", "news")
    assert sections(page) == [("2026", ["01 B"]), ("2024", ["02 E"])]
    assert page.locator("[data-tagindex-total]").text_content() == "2 articles"
    hidden = page.locator("[data-tagindex-group][hidden] .tagindex-group__heading")
    assert sorted(hidden.all_text_contents()) == ["2023", "2025"]
    choose(page, "type", "tutorial")
    assert sections(page) == [("2025", ["01 D"]), ("2023", ["02 G"])]
    choose(page, "type", "")
    assert sections(page) == ALL
    assert opened.errors == []


def test_the_audience_switch_hides_emptied_groups_too(
    grouped: dict[str, ServedSite], site_page: SitePageFactory
) -> None:
    opened, page = open_tag(site_page, grouped["one"])
    choose(page, "audience", "pros")  # articles for everyone stay
    assert sections(page) == [
        ("2026", ["01 B"]),
        ("2025", ["02 C", "03 D"]),
        ("2024", ["04 F"]),
    ]
    choose(page, "type", "tutorial")  # AND: pros' tutorials
    assert sections(page) == [("2025", ["01 D"])]
    choose(page, "audience", "students")
    assert sections(page) == [("2023", ["01 G"])]
    assert "audience=students" in page.url
    assert opened.errors == []


@pytest.mark.parametrize("name", ["paged", "zensical"])
def test_a_paginated_grouped_tag_brings_matches_into_their_groups(
    grouped: dict[str, ServedSite], site_page: SitePageFactory, name: str
) -> None:
    opened, page = open_tag(site_page, grouped[name])
    assert sections(page) == [("2026", ["01 A", "02 B"]), ("2025", ["03 C"])]
    choose(page, "type", "paper")
    assert sections(page) == [("2026", ["01 A"]), ("2025", ["02 C"]), ("2024", ["03 F"])]
    assert not page.locator("[data-tagindex-pagination]").is_visible()
    choose(page, "type", "tutorial")  # D is on page 2, in 2025, which began on page 1
    assert sections(page) == [("2025", ["01 D"]), ("2023", ["02 G"])]
    choose(page, "type", "")
    assert sections(page) == [("2026", ["01 A", "02 B"]), ("2025", ["03 C"])]
    assert page.locator("[data-tagindex-pagination]").is_visible()
    # page 2 starts inside 2025: its heading is repeated there, and filters work from it too
    page.goto(grouped[name].url("/tags/grpo/page/2/"))
    page.locator("[data-tagindex-toolbar]").first.wait_for(state="visible")
    assert sections(page) == [("2025", ["04 D"]), ("2024", ["05 E", "06 F"])]
    choose(page, "type", "news")
    assert sections(page) == [("2026", ["01 B"]), ("2024", ["02 E"])]
    assert opened.errors == []
