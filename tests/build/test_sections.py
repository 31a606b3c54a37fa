"""Tags on sections (issue 41), built for real: the section cards of a tag page on MkDocs
(`--strict`), and the same cards from the `tagindex` command and Zensical."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import urljoin

import yaml
from bs4 import BeautifulSoup, Comment
from test_zensical import cards, on_zensical, tagindex, zensical

from conftest import build, material_config, write_config, write_page

WORDS = " ".join(["word"] * 500)


def section_site(project: Path) -> Path:
    """Three articles: one tags #grpo on the page and in a section (one card), one tags a
    section #grpo (its own card) and another `{ #my-id }`-set, deduplicated heading."""
    config = material_config(sort_by="date")
    config["markdown_extensions"] = ["attr_list", {"toc": {"permalink": True}}]
    write_config(project, config)
    write_page(project, "index.md", {"title": "Home"}, "Welcome.\n")
    write_page(
        project,
        "a.md",
        {"title": "Paper walkthrough", "tags": ["paper"], "date": "2026-11-03", "type": "paper"},
        "# Paper walkthrough\n\nIntro.\n\n## Method\n<!-- tags: grpo, rl -->\n\n"
        f"The GRPO part.\n\n{WORDS}\n\n### Detail\n\n{WORDS}\n\n## Method\n<!-- tags: grpo -->\n\n"
        f"Again.\n\n## Custom {{ #my-id }}\n<!-- tags: grpo -->\n\n## Other\n\n{WORDS} {WORDS}\n",
    )
    write_page(
        project,
        "b.md",
        {"title": "GRPO notes", "tags": ["grpo"], "date": "2026-11-02"},
        "# GRPO notes\n\nNotes.\n\n## Inside\n<!-- tags: grpo -->\n\nSame tag.\n",
    )
    write_page(
        project,
        "c.md",
        {"title": "Newest", "tags": ["grpo"], "date": "2026-11-04"},
        "# Newest\n\nNewest text.\n",
    )
    return project


EXPECTED = [
    ("01", "Newest", "https://x/c/", "01 · 1 min read", "Newest text."),
    (
        "02",
        "Paper walkthrough › Method",
        "https://x/a/#method",
        "02 · PAPER · 5 min read",
        "The GRPO part.",
    ),
    (
        "03",
        "Paper walkthrough › Method",
        "https://x/a/#method_1",
        "03 · PAPER · 1 min read",
        "Again.",
    ),
    ("04", "Paper walkthrough › Custom", "https://x/a/#my-id", "04 · PAPER · 1 min read", ""),
    ("05", "GRPO notes", "https://x/b/", "05 · 1 min read", "Notes."),
]


def count_line(site_dir: Path, rel: str) -> str:
    html = BeautifulSoup((site_dir / rel).read_text("utf-8"), "html.parser")
    found = html.select_one(".tagindex-count")
    assert found is not None
    return " ".join(found.get_text(" ").split())


def index_counts(site_dir: Path) -> dict[str, str]:
    """Each tag of the all-tags page: its count line."""
    index = BeautifulSoup((site_dir / "tags/index.html").read_text("utf-8"), "html.parser")
    out = {}
    for item in index.select(".tagindex-index__item"):
        count = item.select_one(".tagindex-index__count")
        assert count is not None
        out[str(item.get("data-tagindex-tag"))] = " ".join(count.get_text().split())
    return out


def test_section_cards_on_mkdocs(tmp_path: Path) -> None:
    project = section_site(tmp_path / "site")
    site = build(project, "--strict")
    assert site.warnings() == []
    got = cards(site.dir, "tags/grpo/index.html")
    assert got == EXPECTED
    assert count_line(site.dir, "tags/grpo/index.html") == "2 articles · 3 sections"
    assert count_line(site.dir, "tags/rl/index.html") == "1 section"
    assert cards(site.dir, "tags/paper/index.html")[0][1] == "Paper walkthrough"
    page = BeautifulSoup((site.dir / "tags/rl/index.html").read_text("utf-8"), "html.parser")
    ld = page.select_one('script[type="application/ld+json"]')
    assert ld is not None
    listed = json.loads(ld.get_text())["mainEntity"]["itemListElement"]
    assert [(i["url"], i["name"]) for i in listed] == [
        ("https://example.org/a/#method", "Paper walkthrough › Method")
    ]
    tags_json = json.loads((site.dir / "tags/tags.json").read_text("utf-8"))
    (rl,) = [t for t in tags_json["tags"] if t["slug"] == "rl"]
    (card,) = rl["cards"]
    article = tags_json["articles"][card["article"]]
    assert (card["section"], card["heading"], article["title"]) == (
        "method",
        "Method",
        "Paper walkthrough",
    )
    (grpo,) = [t for t in tags_json["tags"] if t["slug"] == "grpo"]
    assert [c.get("section") for c in grpo["cards"]] == [None, "method", "method_1", "my-id", None]


def test_section_cards_on_zensical_match_mkdocs(tmp_path: Path) -> None:
    project = section_site(tmp_path / "site")
    mkdocs = build(project, "--strict")
    zensical = on_zensical(project)
    for rel in ("tags/grpo/index.html", "tags/rl/index.html"):
        assert cards(zensical, rel) == cards(mkdocs.dir, rel)
        assert count_line(zensical, rel) == count_line(mkdocs.dir, rel)
    assert index_counts(zensical) == index_counts(mkdocs.dir)


def test_malformed_section_tags_fail_a_strict_build_with_one_line(tmp_path: Path) -> None:
    project = section_site(tmp_path / "site")
    page = project / "docs" / "b.md"
    page.write_text(page.read_text("utf-8") + "\nText.\n<!-- tags: stray -->\n", "utf-8")
    site = build(project, "--strict", check=False)
    assert site.result.returncode != 0
    said = [w for w in site.warnings() if "section tags" in w]
    assert len(said) == 1, site.log
    assert "b.md:18: section tags (heading 'Inside'): not directly under a heading" in said[0]


def test_all_tags_counts_and_descriptions_say_sections(tmp_path: Path) -> None:
    project = section_site(tmp_path / "site")
    site = build(project, "--strict")
    assert index_counts(site.dir) == {
        "grpo": "2 articles · 3 sections",
        "paper": "1 article",
        "rl": "1 section",
    }
    page = BeautifulSoup((site.dir / "tags/grpo/index.html").read_text("utf-8"), "html.parser")
    described = page.select_one('meta[name="description"]')
    assert described is not None and described.get("content") == "#grpo · 2 articles · 3 sections"


def anchors_exist(site_dir: Path, rel: str) -> list[str]:
    """The `#anchor` of each section card of a tag page, each checked against its page."""
    found = []
    for _, _, href, _, _ in cards(site_dir, rel):
        if "#" not in href:
            continue
        path, _, anchor = href.removeprefix("https://x/").partition("#")
        page = BeautifulSoup((site_dir / path / "index.html").read_text("utf-8"), "html.parser")
        heading = page.find(id=anchor)
        assert heading is not None and heading.name in {"h2", "h3", "h4", "h5", "h6"}, href
        found.append(anchor)
    return found


def test_anchors_follow_the_toc_slugify_and_separator_on_both_hosts(tmp_path: Path) -> None:
    project = section_site(tmp_path / "site")
    config = (project / "mkdocs.yml").read_text("utf-8")
    toc = (
        "- toc:\n    permalink: true\n    separator: _\n    slugify: !!python/object/apply:"
        "pymdownx.slugs.slugify {kwds: {case: lower}}\n"
    )
    config = config.replace("- toc:\n    permalink: true\n", toc)
    assert toc in config
    (project / "mkdocs.yml").write_text(config, "utf-8")
    page = project / "docs" / "a.md"  # tagged paper: its sections are cards of #grpo
    page.write_text(
        page.read_text("utf-8") + "\n## Über die Methode\n<!-- tags: grpo -->\n\nMehr.\n", "utf-8"
    )
    mkdocs = build(project, "--strict")
    zensical = on_zensical(project)
    rel = "tags/grpo/index.html"
    assert anchors_exist(mkdocs.dir, rel) == ["method", "method_1", "my-id", "über_die_methode"]
    assert anchors_exist(zensical, rel) == anchors_exist(mkdocs.dir, rel)
    assert cards(zensical, rel) == cards(mkdocs.dir, rel)


def test_the_syntax_is_harmless_without_tagindex_or_any_extension(tmp_path: Path) -> None:
    """Plain MkDocs (its own theme, no Markdown extension) and plain Zensical: the comment is
    in the page, out of sight; the heading and the text read as written."""
    project = section_site(tmp_path / "site")
    write_config(project, {"site_name": "Plain", "theme": {"name": "mkdocs"}})
    reads_as_written(build(project, "--strict").dir / "a/index.html")
    write_config(project, {"site_name": "Plain"})  # Zensical's own theme
    zensical(project)
    reads_as_written(project / "site" / "a/index.html")


def reads_as_written(built: Path) -> None:
    page = BeautifulSoup(built.read_text("utf-8"), "html.parser")
    shown = " ".join(page.get_text(" ").split())
    assert "The GRPO part." in shown and "tags:" not in shown
    hidden = list(page.find_all(string=lambda s: isinstance(s, Comment)))
    assert " tags: grpo, rl " in hidden


def generated(project: Path, rel: str) -> str:
    path = project / "docs" / "tags" / rel / "index.md"
    return path.read_text("utf-8") if path.is_file() else ""


def test_the_commands_later_builds_keep_and_follow_section_tags(tmp_path: Path) -> None:
    """Another page edited: the sections of the pages read from the cache stay, and their
    warnings are said again; a section's tags edited alone (the page's facts the same): the
    build follows."""
    project = section_site(tmp_path / "site")
    assert tagindex(project, "init").returncode == 0

    def edit(rel: str, old: str = "Newest text.", new: str = "Newest text, again.") -> str:
        """`rel` edited (by default: c.md's summary, a change the tag pages show), built."""
        path = project / "docs" / rel
        text = path.read_text("utf-8")
        path.write_text(text.replace(old, new) if old else text + new, "utf-8")
        done = tagindex(project, "build")
        assert done.returncode == 0, done.stderr
        return done.stderr

    edit("c.md")
    assert "Paper walkthrough › Method" in generated(project, "rl")
    edit("c.md", "again", "once more")  # a.md's facts from the cache
    assert "Paper walkthrough › Method" in generated(project, "rl")
    assert "2 articles · 3 sections" in generated(project, "grpo")
    said = "b.md:18: section tags (heading 'Inside')"
    assert said in edit("b.md", "Same tag.\n", "Same tag.\n\nText.\n<!-- tags: stray -->\n")
    assert said in edit("c.md", "once more", "and again")  # b.md's facts from the cache
    edit("a.md", "<!-- tags: grpo, rl -->", "<!-- tags: grpo, dpo -->")
    assert "Paper walkthrough › Method" in generated(project, "dpo")
    assert generated(project, "rl") == ""


def feed_items(site_dir: Path, tag: str) -> list[tuple[str, str]]:
    data = json.loads((site_dir / "tags" / tag / "feed.json").read_text("utf-8"))
    return [(item["url"], item["title"]) for item in data["items"]]


def test_feeds_have_an_item_per_section_on_both_hosts(tmp_path: Path) -> None:
    project = section_site(tmp_path / "site")
    mkdocs = build(project, "--strict")
    assert feed_items(mkdocs.dir, "rl") == [
        ("https://example.org/a/#method", "Paper walkthrough › Method")
    ]
    assert feed_items(mkdocs.dir, "grpo") == [
        ("https://example.org/c/", "Newest"),
        ("https://example.org/a/#my-id", "Paper walkthrough › Custom"),
        ("https://example.org/a/#method", "Paper walkthrough › Method"),
        ("https://example.org/a/#method_1", "Paper walkthrough › Method"),
        ("https://example.org/b/", "GRPO notes"),
    ]
    zensical = on_zensical(project)
    for tag in ("grpo", "rl", "paper"):
        assert feed_items(zensical, tag) == feed_items(mkdocs.dir, tag)


def test_a_translated_section_on_both_hosts(tmp_path: Path) -> None:
    """static-i18n / zensical-i18n: each language's page tags its own section; each language's
    tag page lists its own, linking to the id that language's page has."""
    from test_i18n import i18n_site

    project = i18n_site(tmp_path / "site")
    for rel, body in (
        ("a.md", "\n## Method\n<!-- tags: dpo -->\n\nThe English method.\n"),
        ("a.ja.md", "\n## 手法\n<!-- tags: dpo -->\n\n日本語の手法。\n"),
    ):
        page = project / "docs" / rel
        page.write_text(page.read_text("utf-8") + body, "utf-8")
    for rel, body in (  # a page without tags: its section alone lists it
        ("u.md", "# Untagged\n\nIntro.\n\n## Part\n<!-- tags: dpo -->\n\nEnglish part.\n"),
        ("u.ja.md", "# タグなし\n\n前書き。\n\n## 部分\n<!-- tags: dpo -->\n\n日本語の部分。\n"),
    ):
        (project / "docs" / rel).write_text(body, "utf-8")
    mkdocs = build(project, "--strict")
    en = cards(mkdocs.dir, "tags/dpo/index.html")
    ja = cards(mkdocs.dir, "ja/tags/dpo/index.html")
    assert [(c[1], c[4]) for c in en] == [
        ("Alpha article › Method", "The English method."),
        ("Untagged › Part", "English part."),
    ]
    assert [(c[1], c[4]) for c in ja] == [
        ("アルファの記事 › 手法", "日本語の手法。"),
        ("タグなし › 部分", "日本語の部分。"),
    ]
    for rel, shown in (("tags/dpo/index.html", en), ("ja/tags/dpo/index.html", ja)):
        anchors = anchors_exist(mkdocs.dir, rel)
        assert len(anchors) == 2 and [c[2].rsplit("#", 1)[1] for c in shown] == anchors
    zensical = on_zensical(project, i18n=True)
    for rel in ("tags/dpo/index.html", "ja/tags/dpo/index.html"):
        assert cards(zensical, rel) == cards(mkdocs.dir, rel)
        assert anchors_exist(zensical, rel) == anchors_exist(mkdocs.dir, rel)
    # the untagged page of each language says where its language's sections.json is
    for rel, want in (("u/", "/tags/sections.json"), ("ja/u/", "/ja/tags/sections.json")):
        html = BeautifulSoup((zensical / rel / "index.html").read_text("utf-8"), "html.parser")
        source = html.select_one("[data-tagindex-sections]")
        assert source is not None, rel
        assert urljoin("/" + rel, str(source.get("data-tagindex-sections"))) == want, rel


def test_with_the_hierarchy_a_section_counts_on_every_level_above(tmp_path: Path) -> None:
    """`hierarchy: true`: a section tagged ml/rl is a card on ml/rl and on ml, unless its page
    has that level (the page's tag ml: one card on ml, the section's card on ml/rl)."""
    write_config(tmp_path, material_config(hierarchy=True))
    write_page(tmp_path, "index.md", {"title": "Home"}, "Welcome.\n")
    write_page(
        tmp_path,
        "p.md",
        {"title": "Paper", "tags": ["paper"], "date": "2026-01-02"},
        "# Paper\n\n## RL part\n<!-- tags: ml/rl -->\n\nAbout RL.\n",
    )
    write_page(
        tmp_path,
        "m.md",
        {"title": "ML notes", "tags": ["ml"], "date": "2026-01-01"},
        "# ML notes\n\nNotes.\n\n## RL too\n<!-- tags: ml/rl -->\n\nMore RL.\n",
    )
    site = build(tmp_path, "--strict")
    rl = [c[1] for c in cards(site.dir, "tags/ml/rl/index.html")]
    ml = [c[1] for c in cards(site.dir, "tags/ml/index.html")]
    assert rl == ["Paper › RL part", "ML notes › RL too"]
    assert ml == ["Paper › RL part", "ML notes"]
    assert count_line(site.dir, "tags/ml/index.html") == "1 article · 1 section"


def test_tagindex_check_reads_a_site_that_tags_sections(tmp_path: Path) -> None:
    project = section_site(tmp_path / "site")
    assert tagindex(project, "init").returncode == 0
    checked = tagindex(project, "check")
    assert "Traceback" not in checked.stderr
    assert checked.returncode == 0, checked.stderr


def test_a_long_tag_splits_its_cards_sections_included(tmp_path: Path) -> None:
    """`per_page`: the pages of a tag split its cards, section cards counted, numbers going on."""
    config = material_config(per_page=2)
    write_config(tmp_path, config)
    write_page(tmp_path, "index.md", {"title": "Home"}, "Welcome.\n")
    write_page(
        tmp_path,
        "p.md",
        {"title": "Paper", "tags": ["paper"], "date": "2026-01-02"},
        "# Paper\n\n## One\n<!-- tags: rl -->\n\nFirst.\n\n## Two\n<!-- tags: rl -->\n\nSecond.\n",
    )
    write_page(tmp_path, "q.md", {"title": "Quest", "tags": ["rl"], "date": "2026-01-01"}, "Q.\n")
    site = build(tmp_path, "--strict")
    first = [(c[0], c[1]) for c in cards(site.dir, "tags/rl/index.html")]
    second = [(c[0], c[1]) for c in cards(site.dir, "tags/rl/page/2/index.html")]
    assert first + second == [("01", "Paper › One"), ("02", "Paper › Two"), ("03", "Quest")]
    assert count_line(site.dir, "tags/rl/page/2/index.html") == "1 article · 2 sections"


def test_the_search_entry_of_a_tag_page_says_its_sections(tmp_path: Path) -> None:
    site = build(section_site(tmp_path / "site"), "--strict")
    index = json.loads((site.dir / "search/search_index.json").read_text("utf-8"))
    text = " ".join(d["text"] for d in index["docs"] if d["location"].startswith("tags/rl/"))
    assert "1 section" in text and "Paper walkthrough › Method" in text, text


def test_a_section_of_a_page_whose_tags_are_all_hidden(tmp_path: Path) -> None:
    """The page is listed by its section alone: tags.json's card points at it in `articles`."""
    write_config(tmp_path, material_config(tags_file="tags.yml"))
    (tmp_path / "tags.yml").write_text("internal: {hidden: true}\n", "utf-8")
    write_page(tmp_path, "index.md", {"title": "Home"}, "Welcome.\n")
    write_page(
        tmp_path,
        "p.md",
        {"title": "Internal notes", "tags": ["internal"]},
        "# Internal notes\n\n## Public part\n<!-- tags: grpo -->\n\nShared.\n",
    )
    site = build(tmp_path, "--strict", check=False)
    assert site.warnings() == [
        "WARNING -  tagindex: p.md:9: section tags (heading 'Public part'): tag 'grpo' is not "
        "in the tags file"
    ]
    assert [c[1] for c in cards(site.dir, "tags/grpo/index.html")] == [
        "Internal notes › Public part"
    ]
    data = json.loads((site.dir / "tags/tags.json").read_text("utf-8"))
    (card,) = data["tags"][0]["cards"]
    assert data["articles"][card["article"]]["title"] == "Internal notes"


def test_a_listing_marker_lists_section_cards_as_the_tag_page_does(tmp_path: Path) -> None:
    project = section_site(tmp_path / "site")
    write_page(
        project, "index.md", {"title": "Home"}, "<!-- tagindex { tags: [grpo], limit: 4 } -->\n"
    )
    mkdocs = build(project, "--strict")
    listed = [c[:3] for c in cards(mkdocs.dir, "index.html")]
    assert listed == [c[:3] for c in EXPECTED[:4]]  # (Zensical's pages have no listings)


def test_materials_listing_in_the_tagindex_layout_lists_sections_as_the_tag_page_does(
    tmp_path: Path,
) -> None:
    """Material's tags plugin lists pages by their `tags:`; in the `tagindex` layout the
    sections carrying the tag on pages without it join them, as on the tag page."""
    project = section_site(tmp_path / "site")
    config = material_config(sort_by="date")
    config["markdown_extensions"] = ["attr_list", {"toc": {"permalink": True}}]
    plugins = config["plugins"]
    assert isinstance(plugins, list)
    plugins.insert(1, "tags")
    write_config(project, config)
    write_page(
        project,
        "index.md",
        {"title": "Home"},
        "# Home\n\n<!-- material/tags { include: [grpo, paper], layout: tagindex } -->\n",
    )
    site = build(project, "--strict")
    assert site.warnings() == []
    listed = [c[:3] for c in cards(site.dir, "index.html")]
    grpo = [c[:3] for c in cards(site.dir, "tags/grpo/index.html")]
    paper = [c[:3] for c in cards(site.dir, "tags/paper/index.html")]
    assert grpo == [c[:3] for c in EXPECTED]  # three sections of a page without grpo
    assert listed == grpo + paper


def test_a_sections_tags_count_for_its_pages_related_articles(tmp_path: Path) -> None:
    site = build(section_site(tmp_path / "site"), "--strict")

    def related(rel: str) -> list[str]:
        page = BeautifulSoup((site.dir / rel).read_text("utf-8"), "html.parser")
        return [a.get_text() for a in page.select(".tagindex-related__item a")]

    assert related("a/index.html") == ["Newest", "GRPO notes"]
    assert "Paper walkthrough" in related("b/index.html")


def test_tagindex_check_says_malformed_section_tags_as_the_build_does(tmp_path: Path) -> None:
    """`tagindex check` (the pre-commit hook) reads sections: malformed markup is the build's
    own line, and fails the check."""
    project = section_site(tmp_path / "site")
    page = project / "docs" / "b.md"
    page.write_text(page.read_text("utf-8") + "\nText.\n<!-- tags: stray -->\n", "utf-8")
    checked = tagindex(project, "check")
    assert checked.returncode != 0, checked.stderr
    said = [line for line in checked.stderr.splitlines() if "section tags" in line]
    assert len(said) == 1, checked.stderr
    assert "b.md:18: section tags (heading 'Inside'): not directly under a heading" in said[0]


def test_near_duplicates_count_a_sections_tags(tmp_path: Path) -> None:
    """#grpo on pages and #grpos only on a section look like one tag: the build says so (as
    info by default) and `tagindex check` warns, as for two pages' tags."""
    project = section_site(tmp_path / "site")
    write_page(
        project,
        "d.md",
        {"title": "Other notes", "tags": ["notes"], "date": "2026-10-02"},
        "# Other notes\n\nNotes.\n\n## Aside\n<!-- tags: grpos -->\n\nA section.\n",
    )
    site = build(project, "--strict")
    assert any("grpos" in line and "grpo" in line for line in site.log.splitlines()), site.log
    checked = tagindex(project, "check")
    near = [line for line in checked.stderr.splitlines() if "grpos" in line]
    assert near and checked.returncode != 0, checked.stderr


def card_sections(site_dir: Path, rel: str) -> dict[str, list[tuple[str, str]]]:
    """Each card title → the links to its sections inside it (absolute)."""
    html = BeautifulSoup((site_dir / rel).read_text("utf-8"), "html.parser")
    base = "https://x/" + rel.removesuffix("index.html")
    out = {}
    for card in html.select(".tagindex-card"):
        title = card.select_one(".tagindex-card__title")
        assert title is not None
        links = card.select(".tagindex-card__sections a")
        out[" ".join(title.get_text().split())] = [
            (" ".join(a.get_text().split()), urljoin(base, str(a.get("href")))) for a in links
        ]
    return out


def test_a_pages_card_links_its_sections_that_carry_the_tag_on_both_hosts(tmp_path: Path) -> None:
    """An article with the tag is one card; its sections that also say the tag are linked
    inside it (and no other card gets a list)."""
    project = section_site(tmp_path / "site")
    mkdocs = build(project, "--strict")
    assert mkdocs.warnings() == []
    got = card_sections(mkdocs.dir, "tags/grpo/index.html")
    assert got["GRPO notes"] == [("Inside", "https://x/b/#inside")]
    assert [title for title, links in got.items() if links] == ["GRPO notes"]
    assert all(not links for links in card_sections(mkdocs.dir, "tags/rl/index.html").values())
    zensical = on_zensical(project)
    for rel in ("tags/grpo/index.html", "tags/rl/index.html", "tags/paper/index.html"):
        assert card_sections(zensical, rel) == card_sections(mkdocs.dir, rel)


def test_a_page_without_tags_of_its_own_is_listed_by_its_sections(tmp_path: Path) -> None:
    """Its sections tag it: each is a card on its tag's page, on both hosts alike; the page is
    on no other tag page, and the chips under its heading link there."""
    project = section_site(tmp_path / "site")
    write_page(
        project,
        "d.md",
        {"title": "Untagged notes", "date": "2026-11-01"},
        "# Untagged notes\n\nIntro.\n\n## On GRPO\n<!-- tags: grpo, solo -->\n\nOnly this part.\n",
    )
    mkdocs = build(project, "--strict")
    assert mkdocs.warnings() == []
    got = cards(mkdocs.dir, "tags/solo/index.html")
    assert got == [
        (
            "01",
            "Untagged notes › On GRPO",
            "https://x/d/#on-grpo",
            "01 · 1 min read",
            "Only this part.",
        )
    ]
    assert count_line(mkdocs.dir, "tags/solo/index.html") == "1 section"
    assert ("Untagged notes › On GRPO", "https://x/d/#on-grpo") in [
        (c[1], c[2]) for c in cards(mkdocs.dir, "tags/grpo/index.html")
    ]
    assert count_line(mkdocs.dir, "tags/grpo/index.html") == "2 articles · 4 sections"
    page = BeautifulSoup((mkdocs.dir / "d/index.html").read_text("utf-8"), "html.parser")
    assert [a.get_text() for a in page.select(".tagindex-section-tags a")] == ["#grpo", "#solo"]
    zensical = on_zensical(project)
    for rel in ("tags/solo/index.html", "tags/grpo/index.html"):
        assert cards(zensical, rel) == cards(mkdocs.dir, rel)
        assert count_line(zensical, rel) == count_line(mkdocs.dir, rel)
    assert index_counts(zensical) == index_counts(mkdocs.dir)


def test_zensicals_listing_in_each_language_finds_that_languages_section_cards(
    tmp_path: Path,
) -> None:
    """zensical-i18n: a listing in the `tagindex` layout names its tag and its own language's
    listings.json, which places that language's section cards (tagindex.js adds them:
    tests/browser/test_listing_sections.py)."""
    from test_i18n import i18n_site

    project = i18n_site(tmp_path / "site")
    config = yaml.safe_load((project / "mkdocs.yml").read_text("utf-8"))
    config["plugins"].insert(1, "tags")
    write_config(project, config)
    listing = "# {}\n\n<!-- material/tags {{ include: [dpo], layout: tagindex }} -->\n"
    for suffix, title, part in (("", "List", "Part"), (".ja", "一覧", "部分")):
        docs = project / "docs"
        (docs / f"l{suffix}.md").write_text(listing.format(title), "utf-8")
        page = f"---\ntags: [dpo]\ndate: 2026-11-0{2 if suffix else 1}\n---\n# P\n\nText.\n"
        (docs / f"p{suffix}.md").write_text(page, "utf-8")
        untagged = f"# U\n\nIntro.\n\n## {part}\n<!-- tags: dpo -->\n\nText.\n"
        (docs / f"u{suffix}.md").write_text(untagged, "utf-8")
    zensical = on_zensical(project, i18n=True)
    for prefix in ("", "ja/"):
        html = BeautifulSoup((zensical / prefix / "l/index.html").read_text("utf-8"), "html.parser")
        listed = html.select_one('[data-tagindex-listing="dpo"]')
        assert listed is not None, prefix
        source = urljoin(f"/{prefix}l/", str(listed.get("data-tagindex-listings")))
        assert source == f"/{prefix}tags/listings.json"
        data = json.loads((zensical / prefix / "tags/listings.json").read_text("utf-8"))
        (entry,) = data["tags"]
        heading = "部分" if prefix else "Part"
        ((after, page, number),) = entry["cards"]
        assert (entry["names"], after, page) == (["dpo"], f"{prefix}p/", f"{prefix}tags/dpo/")
        tag_page = cards(zensical, f"{prefix}tags/dpo/index.html")
        assert [c[1] for c in tag_page if c[0] == number] == [f"U › {heading}"]


def test_the_tag_pages_search_entry_names_its_sections_not_their_summaries(
    tmp_path: Path,
) -> None:
    """What tagindex hands the search index for a tag page (tagindex/search.html): the count
    says sections, each section card's title is there, its summary is not (the article is
    indexed itself)."""
    site = build(section_site(tmp_path / "site"), "--strict")
    index = json.loads((site.dir / "search/search_index.json").read_text("utf-8"))
    grpo = next(d["text"] for d in index["docs"] if d["location"] == "tags/grpo/")
    assert "2 articles · 3 sections" in grpo
    for title in ("Paper walkthrough › Method", "Paper walkthrough › Custom", "GRPO notes"):
        assert title in grpo
    assert "The GRPO part." not in grpo and "Again." not in grpo
