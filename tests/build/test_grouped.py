"""Grouped tag pages (`group_by`, issue 27) in real builds: MkDocs and ProperDocs with
`--strict` and the HTML parsed (headings, order, numbering, the toc in Material's sidebar, the
tags file's and a listing marker's own `group_by`, pagination, bad values, Japanese labels), and
Zensical through `tagindex build` and the real `zensical build`."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from bs4 import BeautifulSoup, Tag
from test_zensical import cards, on_zensical

from conftest import Site, build, material_config, write_config, write_page

ARTICLES = {
    # name: (date, type, categories, tags, audience)
    "a": ("2026-03-01", "paper", ["ML", "Other"], ["grpo", "rl"], ["students"]),
    "b": ("2025-05-02", "news", ["Ops"], ["grpo", "rl"], []),
    "c": ("2026-01-03", "paper", [], ["grpo"], ["pros"]),
    "d": (None, "tutorial", ["ML"], ["grpo", "rl"], ["pros"]),
    "e": ("2025-12-30", "zine", ["Éclair"], ["grpo"], []),
    "f": ("2024-01-01", None, ["Zed"], ["grpo", "rl"], ["students"]),
    "g": ("2026-02-01", "news", ["ML"], ["flat"], []),
}
"""#grpo by year: 2026 (a, c), 2025 (b... e), 2024 (f), No date (d)."""

TAGS_FILE: dict[str, object] = {
    "grpo": None,
    "rl": {"group_by": "type"},
    "flat": {"group_by": "none"},
}
HOME = "# Home\n\n<!-- tagindex { tags: [grpo], group_by: category } -->\n"


def grouped_site(project: Path, **options: object) -> Path:
    plugin: dict[str, object] = {
        "group_by": "year",
        "filters": ["type"],
        "audiences": {"students": {"en": "Students"}, "pros": {"en": "Pros"}},
        "tags_file": "tags.yml",
        **options,
    }
    write_config(project, material_config(**plugin))
    (project / "tags.yml").write_text(yaml.safe_dump(TAGS_FILE), "utf-8")
    write_page(project, "index.md", {"title": "Home"}, HOME)
    for name, (date, kind, categories, tags, audience) in ARTICLES.items():
        meta: dict[str, object] = {"title": name.upper(), "tags": tags}
        if date:
            meta["date"] = date
        if kind:
            meta["type"] = kind
        if categories:
            meta["category"] = categories
        if audience:
            meta["audience"] = audience
        write_page(project, f"{name}.md", meta, f"About {name}.\n")
    return project


def host_build(project: Path, host: str, *args: str, check: bool = True) -> Site:
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "DISABLE_MKDOCS_2_WARNING": "true"}
    result = subprocess.run(
        [sys.executable, "-m", host, "build", *args],
        cwd=project,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert "Traceback" not in result.stderr, result.stderr[-4000:]
    if check:
        assert result.returncode == 0, result.stderr[-4000:]
    return Site(project, result)


def groups_of(html: BeautifulSoup) -> list[tuple[str, str, str | None, list[str], list[str]]]:
    """Each group: anchor, heading text, `start`, card numbers, card titles."""
    out = []
    for section in html.select("[data-tagindex-group]"):
        heading = section.find(["h2", "h3"])
        assert isinstance(heading, Tag)
        ol = section.find("ol")
        assert isinstance(ol, Tag)
        numbers = [str(c["data-tagindex-number"]) for c in section.select("[data-tagindex-facets]")]
        titles = [t.get_text(strip=True) for t in section.select(".tagindex-card__title")]
        start = ol.get("start")
        text = "".join(
            str(part) for part in heading.find_all(string=True) if part.parent.name != "a"
        ).strip()  # Zensical adds a permalink (`¶`) to its headings
        out.append(
            (
                str(section["data-tagindex-group"]),
                text,
                str(start) if start else None,
                numbers,
                titles,
            )
        )
    return out


def toc_links(html: BeautifulSoup) -> list[tuple[str, str]]:
    """The entries of Material's "On this page" sidebar."""
    return [
        (str(a.get("href")), a.get_text(strip=True))
        for a in html.select(".md-sidebar--secondary nav.md-nav--secondary a.md-nav__link")
    ]


@pytest.mark.parametrize("host", ["mkdocs", "properdocs"])
def test_grouped_tag_pages_listing_and_tags_file(tmp_path: Path, host: str) -> None:
    site = host_build(grouped_site(tmp_path), host, "--strict")
    grpo = site.html("tags/grpo/index.html")
    assert groups_of(grpo) == [
        ("g-2026", "2026", "1", ["01", "02"], ["A", "C"]),
        ("g-2025", "2025", "3", ["03", "04"], ["E", "B"]),
        ("g-2024", "2024", "5", ["05"], ["F"]),
        ("g-none", "No date", "6", ["06"], ["D"]),
    ]
    for section in grpo.select("[data-tagindex-group]"):
        heading = section.find("h2")
        assert isinstance(heading, Tag) and heading["id"] == section["data-tagindex-group"]
        assert all(t.name == "h3" for t in section.select(".tagindex-card__title"))
    assert toc_links(grpo) == [
        ("#g-2026", "2026"),
        ("#g-2025", "2025"),
        ("#g-2024", "2024"),
        ("#g-none", "No date"),
    ]
    # tags.json numbers the cards as the page shows them
    data = json.loads((site.dir / "tags/tags.json").read_text("utf-8"))
    tag = next(t for t in data["tags"] if t["slug"] == "grpo")
    assert [c["number"] for c in tag["cards"]] == ["01", "02", "03", "04", "05", "06"]
    # the tags file groups #rl by type (types table order, then by name, none last)
    rl = site.html("tags/rl/index.html")
    assert [(g[1], g[4]) for g in groups_of(rl)] == [
        ("PAPER", ["A"]),
        ("TUTORIAL", ["D"]),
        ("NEWS", ["B"]),
        ("No type", ["F"]),
    ]
    assert [t for _, t in toc_links(rl)] == ["PAPER", "TUTORIAL", "NEWS", "No type"]
    # and `group_by: none` in the tags file keeps a tag's page as it always was
    flat = site.html("tags/flat/index.html")
    assert not flat.select("[data-tagindex-group]") and not toc_links(flat)
    assert flat.select_one("ol.tagindex-cards[data-tagindex-list] .tagindex-card__title")
    # the listing marker groups by category: first item of a list, collation, none last
    home = site.html("index.html")
    listing = home.select_one(".tagindex--listing")
    assert listing is not None
    assert [(g[1], g[3], g[4]) for g in groups_of(listing)] == [
        ("Éclair", ["01"], ["E"]),
        ("ML", ["02", "03"], ["A", "D"]),
        ("Ops", ["04"], ["B"]),
        ("Zed", ["05"], ["F"]),
        ("No category", ["06"], ["C"]),
    ]
    assert all(h.name == "h3" for h in listing.select(".tagindex-group__heading"))
    assert all(t.name == "h4" for t in listing.select(".tagindex-card__title"))


@pytest.mark.parametrize("host", ["mkdocs", "properdocs"])
def test_pagination_repeats_the_heading_of_a_page_first_card(tmp_path: Path, host: str) -> None:
    site = host_build(grouped_site(tmp_path, per_page=3), host, "--strict")
    first = site.html("tags/grpo/index.html")
    second = site.html("tags/grpo/page/2/index.html")
    assert [(g[1], g[3]) for g in groups_of(first)] == [("2026", ["01", "02"]), ("2025", ["03"])]
    assert [(g[1], g[3]) for g in groups_of(second)] == [
        ("2025", ["04"]),
        ("2024", ["05"]),
        ("No date", ["06"]),
    ]
    continued = second.select("[data-tagindex-continued]")
    assert [s["data-tagindex-group"] for s in continued] == ["g-2025"]
    assert not first.select("[data-tagindex-continued]")
    for page in (first, second):  # no heading without its first card
        for section in page.select("[data-tagindex-group]"):
            assert section.select("[data-tagindex-facets]")
    assert [t for _, t in toc_links(second)] == ["2025", "2024", "No date"]
    data = json.loads((site.dir / "tags/tags.json").read_text("utf-8"))
    tag = next(t for t in data["tags"] if t["slug"] == "grpo")
    assert [(c["number"], c["page"]) for c in tag["cards"]] == [
        ("01", 1),
        ("02", 1),
        ("03", 1),
        ("04", 2),
        ("05", 2),
        ("06", 2),
    ]


def test_bad_values_warn_naming_the_file_and_key(tmp_path: Path) -> None:
    project = grouped_site(tmp_path)
    (project / "tags.yml").write_text(
        yaml.safe_dump({**TAGS_FILE, "rl": {"group_by": "weekly"}}), "utf-8"
    )
    write_page(
        project,
        "index.md",
        {"title": "Home"},
        "<!-- tagindex { tags: [grpo], group_by: decade } -->\n",
    )
    site = build(project)
    warnings = "\n".join(site.warnings())
    assert (
        "tags.yml: tag 'rl', key 'group_by': expected one of none, category, type, year, "
        "month, got 'weekly'; ignored" in warnings
    )
    assert "index.md: tagindex listing option 'group_by'" in warnings and "decade" in warnings
    # the rest still applies: #rl falls back to the plugin's year, the listing is not grouped
    assert next(g[1] for g in groups_of(site.html("tags/rl/index.html"))) == "2026"
    assert not site.html("index.html").select(".tagindex--listing [data-tagindex-group]")
    assert site.html("index.html").select(".tagindex--listing .tagindex-card")
    assert build(project, "--strict", check=False).result.returncode != 0


def test_japanese_months_and_missing_date_label(tmp_path: Path) -> None:
    project = grouped_site(tmp_path, group_by="month")
    config = yaml.safe_load((project / "mkdocs.yml").read_text("utf-8"))
    config["theme"]["language"] = "ja"
    write_config(project, config)
    site = build(project, "--strict")
    grpo = site.html("tags/grpo/index.html")
    assert [g[1] for g in groups_of(grpo)] == [
        "2026年3月",
        "2026年1月",
        "2025年12月",
        "2025年5月",
        "2024年1月",
        "日付なし",
    ]
    assert [t for _, t in toc_links(grpo)][-1] == "日付なし"
    rl = site.html("tags/rl/index.html")
    assert [g[1] for g in groups_of(rl)] == ["論文", "チュートリアル", "ニュース", "種類なし"]


def test_zensical_through_the_command(tmp_path: Path) -> None:
    project = grouped_site(tmp_path / "grouped", per_page=3)
    mk = build(project, "--strict")
    zen = on_zensical(project)
    for rel in ("tags/grpo/index.html", "tags/grpo/page/2/index.html", "tags/rl/index.html"):
        assert cards(zen, rel) == cards(mk.dir, rel), rel
        z = BeautifulSoup((zen / rel).read_text("utf-8"), "html.parser")
        m = mk.html(rel)
        assert [g[:4] for g in groups_of(z)] == [g[:4] for g in groups_of(m)], rel
        permalinks = [h.select_one("a.headerlink") for h in z.select("h2.tagindex-group__heading")]
        assert permalinks and all(p is not None for p in permalinks)  # Markdown headings
        # Zensical's own toc lists the group headings, and only them
        assert toc_links(z) == toc_links(m), rel
        assert all(t.get("role") == "heading" for t in z.select(".tagindex-card__title"))
    z2 = BeautifulSoup((zen / "tags/grpo/page/2/index.html").read_text("utf-8"), "html.parser")
    assert [s["data-tagindex-group"] for s in z2.select("[data-tagindex-continued]")] == ["g-2025"]
    # the filters still find their hooks in the Markdown-read page
    assert z2.select("[data-tagindex=tag] [data-tagindex-facet=type] [data-tagindex-value]")
    assert z2.select("[data-tagindex=tag] [data-tagindex-list] [data-tagindex-facets]")


def test_zensical_without_md_in_html_keeps_html_headings(tmp_path: Path) -> None:
    """A site whose `markdown_extensions` lack md_in_html: the group headings stay HTML (`h2`
    with ids, card titles `h3`), the page is the same grouped page, only its toc is empty."""
    project = grouped_site(tmp_path / "plain")
    config = yaml.safe_load((project / "mkdocs.yml").read_text("utf-8"))
    config["markdown_extensions"] = ["toc", "tables"]
    write_config(project, config)
    mk = build(project, "--strict")
    zen = on_zensical(project)
    rel = "tags/grpo/index.html"
    z = BeautifulSoup((zen / rel).read_text("utf-8"), "html.parser")
    assert groups_of(z) == groups_of(mk.html(rel))
    assert [h["id"] for h in z.select("h2.tagindex-group__heading")] == [
        "g-2026",
        "g-2025",
        "g-2024",
        "g-none",
    ]
    assert all(t.name == "h3" for t in z.select(".tagindex-card__title"))
    assert "{#g-" not in z.get_text()
