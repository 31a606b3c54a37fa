"""Real content that nobody would call bad (issue 12): titles, summaries, empty tag lists,
messages and order, each built with `--strict`."""

from __future__ import annotations

from pathlib import Path

from bs4 import BeautifulSoup

from conftest import Site, build, material_config, run_mkdocs, write_config, write_page


def card_titles(site: Site, rel: str) -> list[str]:
    return [a.get_text() for a in site.html(rel).select(".tagindex-card__title a")]


def summaries(site: Site, rel: str) -> list[str]:
    return [p.get_text() for p in site.html(rel).select(".tagindex-card__summary")]


def test_card_title_order_front_matter_heading_nav_file_name(project: Path) -> None:
    config = material_config(sort_by="title")
    config["nav"] = [
        "index.md",
        {"Install": "install.md"},
        {"Nav title": "heading.md"},
        {"Only the nav": "bare.md"},
        "file-name-only.md",
    ]
    write_config(project, config)
    write_page(project, "index.md", {"title": "Home"}, "Home.\n")
    write_page(project, "install.md", {"title": "MongoDB Install", "tags": ["t"]}, "# Setup\n")
    write_page(project, "heading.md", {"tags": ["t"]}, "# Heading One\n\nText.\n")
    write_page(project, "bare.md", {"tags": ["t"]}, "Just text, no heading.\n")
    write_page(project, "file-name-only.md", {"tags": ["t"]}, "Text.\n")
    site = build(project, "--strict")
    assert card_titles(site, "tags/t/index.html") == [
        "File name only",
        "Heading One",
        "MongoDB Install",
        "Only the nav",
    ]
    # the nav keeps its own labels
    nav = [a.get_text(strip=True) for a in site.html("index.html").select(".md-nav__link")]
    assert "Install" in nav and "Nav title" in nav


def test_summary_is_the_first_real_paragraph(project: Path) -> None:
    config = material_config()
    config["markdown_extensions"] = ["admonition", "tables", "attr_list", "md_in_html"]
    write_config(project, config)
    write_page(project, "index.md", {"title": "Home"}, "Home.\n")
    body = (
        "# Title\n\n"
        "!!! info\n    Not the summary.\n\n"
        "```\ncode is not it either\n```\n\n"
        "| a | b |\n|---|---|\n| 1 | 2 |\n\n"
        "<figure markdown>\n![](x.png)\n<figcaption>A caption</figcaption>\n</figure>\n\n"
        "- a list\n- item\n\n"
        "> a quote\n\n"
        "![only an image](x.png)\n\n"
        "The   first *real*\nparagraph,   with  space.\n\n"
        "The second.\n"
    )
    write_page(project, "a.md", {"title": "A", "tags": ["t"]}, body)
    (project / "docs" / "x.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    site = build(project, "--strict")
    assert summaries(site, "tags/t/index.html") == ["The first real paragraph, with space."]


def test_an_empty_tags_key_is_not_an_article(project: Path) -> None:
    """Material's listing pages carry `tags:` with nothing in it: no card, no read-time line."""
    write_config(project, material_config())
    write_page(project, "index.md", {"title": "Home", "tags": None}, "Home.\n")
    write_page(project, "listing.md", {"title": "Listing", "tags": []}, "A listing.\n")
    write_page(project, "a.md", {"title": "A", "tags": ["t"]}, "Text.\n")
    site = build(project, "--strict")
    for rel in ("index.html", "listing/index.html"):
        assert site.html(rel).select(".tagindex-article-meta") == [], rel
    assert site.html("a/index.html").select(".tagindex-article-meta") != []
    assert card_titles(site, "tags/t/index.html") == ["A"]
    index = site.html("tags/index.html").select_one(".tagindex-count")
    assert index is not None and " ".join(index.get_text().split()) == "1 tag · 1 article"


def test_warnings_once_and_with_one_prefix_when_the_default_language_builds_twice(
    project: Path,
) -> None:
    """static-i18n builds its default language twice when it is not first in `languages`."""
    languages = [
        {"locale": "ja", "name": "日本語", "build": True},
        {"locale": "en", "default": True, "name": "English", "build": True},
    ]
    config = material_config()
    config["plugins"] = ["search", {"i18n": {"languages": languages}}, "tagindex"]
    write_config(project, config)
    write_page(project, "index.md", {"title": "Home"}, "Home.\n")
    write_page(project, "index.ja.md", {"title": "ホーム"}, "ホーム。\n")
    write_page(project, "a.md", {"title": "A", "tags": ["t"], "member": "maybe"}, "Text.\n")
    result = run_mkdocs(project)
    assert result.returncode == 0, result.stderr
    log = result.stderr
    assert log.count("Building 'en' documentation") == 2  # the double build happens
    warnings = [line for line in log.splitlines() if "front matter 'member'" in line]
    assert warnings == [
        "WARNING -  tagindex: a.md: front matter 'member': expected true or false, got 'maybe';"
        " ignored"
    ]
    assert "mkdocs_tagindex:" not in log and "tagindex: tagindex:" not in log
    assert run_mkdocs(project, "--strict").returncode != 0


def test_invalid_yaml_names_the_real_line_and_the_cause(project: Path) -> None:
    write_config(project, material_config())
    write_page(project, "index.md", {"title": "Home"}, "Home.\n")
    (project / "docs" / "fw.md").write_text(
        "---\ntitle: T\ntags:\n\u3000- a\n---\n\nBody.\n", "utf-8"
    )
    (project / "docs" / "tab.md").write_text("---\ntags:\n  - a\n\t- b\n---\n\nBody.\n", "utf-8")
    result = run_mkdocs(project)
    log = result.stderr
    assert (
        "fw.md: front matter is not valid YAML (line 4): the indentation has a full-width space"
        " (U+3000); use ASCII spaces" in log
    )
    assert "tab.md: front matter is not valid YAML (line 4): the indentation has a tab" in log


def test_titles_sort_naturally_and_categories_in_kana_order(project: Path) -> None:
    write_config(project, material_config(sort_by="title", filters=["category"]))
    write_page(project, "index.md", {"title": "Home"}, "Home.\n")
    for i, (title, category) in enumerate(
        [(" Zulu", "学習"), ("Part 10", "カテゴリ"), ("Part 2", "あいさつ"), ("alpha", "カテゴリ")]
    ):
        write_page(
            project, f"p{i}.md", {"title": title, "tags": ["t"], "category": category}, "x\n"
        )
    site = build(project, "--strict")
    assert card_titles(site, "tags/t/index.html") == ["alpha", "Part 2", "Part 10", "Zulu"]
    page: BeautifulSoup = site.html("tags/t/index.html")
    buttons = page.select('[data-tagindex-facet="category"] button')
    assert [b.get_text(strip=True) for b in buttons][1:] == ["あいさつ", "カテゴリ", "学習"]
