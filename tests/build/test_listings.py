"""Cards anywhere, related articles, drafts and hidden tags (issue 16), in English and Japanese.

Each site is built with the real `mkdocs` CLI and `--strict`; the drafts' `mkdocs serve` case is
a build with a serve URL on the plugin instances `mkdocs serve` keeps (`on_startup` with
`command="serve"`), which is what MkDocs' own serve does before every rebuild."""

from __future__ import annotations

import json
from pathlib import Path

from bs4 import BeautifulSoup
from mkdocs.commands.build import build as mkdocs_build
from mkdocs.config import load_config

from conftest import Site, build, material_config, run_mkdocs, write_config, write_page

ARTICLES = {
    # name: (tags, type, member, audience, category, date)
    "p1": (["grpo", "rl"], "paper", True, ["students"], "Training", "2026-01-01"),
    "p2": (["grpo"], "tutorial", False, ["professional"], "Serving", "2026-01-02"),
    "p3": (["grpo", "rl"], "paper", False, [], "Training", "2026-01-03"),
    "p4": (["grpo", "agents"], "paper", False, ["students"], "Agents", "2026-01-04"),
    "p5": (["rl"], "news", False, [], "Training", "2026-01-05"),
}
JA = {"p1": "記事一", "p2": "記事二", "p3": "記事三", "p4": "記事四", "p5": "記事五"}


def bilingual(project: Path, home: dict[str, str], **options: object) -> Path:
    languages = [
        {"locale": "en", "default": True, "name": "English", "build": True},
        {"locale": "ja", "name": "日本語", "build": True},
    ]
    plugin = {
        "audiences": {
            "students": {"en": "Students", "ja": "学生向け"},
            "professional": {"en": "Professional", "ja": "実務者向け"},
        },
        **options,
    }
    config = material_config()
    config["plugins"] = [
        "search",
        {"i18n": {"docs_structure": "suffix", "languages": languages}},
        {"tagindex": plugin},
    ]
    write_config(project, config)
    write_page(project, "index.md", {"title": "Home"}, home["en"])
    write_page(project, "index.ja.md", {"title": "ホーム"}, home["ja"])
    for name, (tags, kind, member, audience, category, date) in ARTICLES.items():
        meta: dict[str, object] = {
            "tags": tags,
            "type": kind,
            "member": member,
            "category": category,
            "date": date,
        }
        if audience:
            meta["audience"] = audience
        write_page(project, f"{name}.md", {"title": name.upper(), **meta}, f"About {name}.\n")
        write_page(project, f"{name}.ja.md", {"title": JA[name], **meta}, f"{JA[name]}の本文。\n")
    return project


def listing_titles(page: BeautifulSoup) -> list[list[str]]:
    return [
        [a.get_text() for a in listing.select(".tagindex-card__title a")]
        for listing in page.select('[data-tagindex="listing"]')
    ]


def numbers(page: BeautifulSoup) -> list[str]:
    return [
        n.get_text() for n in page.select('[data-tagindex="listing"] [data-tagindex-card-number]')
    ]


HOME = {
    "en": (
        "# Home\n\n## Latest in #grpo\n\n<!-- tagindex { tags: [grpo], limit: 2 } -->\n\n"
        "## Every option\n\n<!-- tagindex { tags: [grpo, agents], limit: 5, sort_by: title,"
        " reverse: true, type: paper, audience: students, category: Training, member: true } -->\n"
        "\n## Not a marker\n\n```html\n<!-- tagindex { tags: [grpo] } -->\n```\n"
    ),
    "ja": "# ホーム\n\n## #grpo の新着\n\n<!-- tagindex { tags: [grpo], limit: 2 } -->\n",
}


def test_a_marker_lists_cards_in_both_languages(tmp_path: Path) -> None:
    site = build(bilingual(tmp_path, HOME), "--strict")
    home = site.html("index.html")
    # newest first, two of them; every option narrows to p1 (paper, students, Training, member)
    assert listing_titles(home) == [["P4", "P3"], ["P1"]]
    assert numbers(home) == ["01", "02", "01"]
    meta = home.select_one('[data-tagindex="listing"] .tagindex-card__meta')
    assert (
        meta is not None
        and " ".join(meta.get_text("").split()) == "01 · Agents · PAPER · 1 min read"
    )
    assert "tags: [grpo]" in home.select_one("pre code").get_text()  # type: ignore[union-attr]
    ja = site.html("ja/index.html")
    assert listing_titles(ja) == [["記事四", "記事三"]]
    ja_meta = ja.select_one('[data-tagindex="listing"] .tagindex-card__read-time')
    assert ja_meta is not None and ja_meta.get_text() == "1分で読めます"
    assert home.select('link[href$="assets/tagindex/tagindex.css"]')  # the cards' stylesheet
    # the search index reads the cards too
    index = json.loads((site.dir / "search/search_index.json").read_text("utf-8"))
    text: dict[str, str] = {}
    for doc in index["docs"]:  # one entry per section: join them per page
        page = doc["location"].split("#")[0]
        text[page] = text.get(page, "") + doc["title"] + " " + doc["text"]
    assert "P4" in text[""] and "記事四" in text["ja/"]


def test_a_bad_marker_option_is_a_warning_naming_file_and_key(tmp_path: Path) -> None:
    home = {
        "en": "# Home\n\n<!-- tagindex { tags: [grpo], limit: zero, colour: red } -->\n",
        "ja": "# ホーム\n",
    }
    project = bilingual(tmp_path, home)
    result = run_mkdocs(project)
    assert result.returncode == 0 and "Traceback" not in result.stderr
    assert "index.md: tagindex listing option 'limit'" in result.stderr
    assert "index.md: tagindex listing option 'colour': Unrecognised configuration name" in (
        result.stderr
    )
    assert run_mkdocs(project, "--strict").returncode != 0
    page = BeautifulSoup((project / "site/index.html").read_text("utf-8"), "html.parser")
    assert listing_titles(page) == [["P4", "P3", "P2", "P1"]]  # the good option still applies


def test_marker_text_is_escaped(project: Path) -> None:
    write_config(project, material_config())
    write_page(project, "index.md", {"title": "Home"}, "<!-- tagindex { tags: [x] } -->\n")
    payload = '<script>alert("x")</script>'
    write_page(project, "a.md", {"title": payload, "summary": payload, "tags": ["x"]}, "T\n")
    page = build(project, "--strict").html("index.html")
    listing = page.select_one('[data-tagindex="listing"]')
    assert listing is not None and listing.select("script") == []
    assert payload in listing.get_text()


def related(site: Site, rel: str) -> list[str]:
    return [a.get_text() for a in site.html(rel).select('[data-tagindex="related"] li a')]


def test_related_articles_in_each_language(tmp_path: Path) -> None:
    site = build(bilingual(tmp_path, {"en": "# Home\n", "ja": "# ホーム\n"}), "--strict")
    # p1 [grpo, rl]: p3 shares both; then the others by the rarity of what they share
    assert related(site, "p1/index.html") == ["P3", "P5", "P4", "P2"]
    assert related(site, "ja/p1/index.html") == ["記事三", "記事五", "記事四", "記事二"]
    heading = site.html("ja/p1/index.html").select_one(".tagindex-related__heading")
    assert heading is not None and heading.get_text() == "関連記事"
    assert "P1" not in related(site, "p1/index.html")


def test_related_limit_and_off(tmp_path: Path) -> None:
    home = {"en": "# Home\n", "ja": "# ホーム\n"}
    site = build(bilingual(tmp_path / "a", home, related={"limit": 2}), "--strict")
    assert related(site, "p1/index.html") == ["P3", "P5"]
    off = build(bilingual(tmp_path / "b", home, related={"enabled": False}), "--strict")
    assert off.html("p1/index.html").select('[data-tagindex="related"]') == []


def test_related_block_can_be_removed(project: Path) -> None:
    config = material_config()
    config["theme"] = {"name": "material", "custom_dir": "overrides"}
    write_config(project, config)
    write_page(project, "index.md", {"title": "Home"}, "Home\n")
    write_page(project, "a.md", {"title": "A", "tags": ["t"]}, "A\n")
    write_page(project, "b.md", {"title": "B", "tags": ["t"]}, "B\n")
    override = project / "overrides" / "tagindex" / "related.html"
    override.parent.mkdir(parents=True)
    override.write_text(
        '{% extends "tagindex/_base/related.html" %}{% block tagindex_related %}{% endblock %}'
    )
    site = build(project, "--strict")
    assert site.html("a/index.html").select('[data-tagindex="related"]') == []
    assert site.html("a/index.html").select(".md-source-file") == []  # nothing else touched


def draft_site(project: Path) -> Path:
    config = material_config()
    config["draft_docs"] = "wip/\n"
    write_config(project, config)
    write_page(project, "index.md", {"title": "Home"}, "<!-- tagindex { tags: [t] } -->\n")
    write_page(project, "done.md", {"title": "Done", "tags": ["t"], "date": "2026-01-01"}, "D\n")
    write_page(
        project,
        "draft.md",
        {"title": "Draft", "tags": ["t"], "draft": True, "date": "2026-01-02"},
        "D\n",
    )
    write_page(
        project, "wip/next.md", {"title": "Next", "tags": ["t"], "date": "2026-01-03"}, "N\n"
    )
    return project


def card_titles(page: BeautifulSoup) -> list[str]:
    return [a.get_text() for a in page.select("ol.tagindex-cards .tagindex-card__title a")]


def test_drafts_are_never_listed_in_a_build(project: Path) -> None:
    site = build(draft_site(project), "--strict")
    assert card_titles(site.html("tags/t/index.html")) == ["Done"]
    count = site.html("tags/t/index.html").select_one(".tagindex-count")
    assert count is not None and count.get_text(strip=True) == "1 article"
    assert card_titles(site.html("index.html")) == ["Done"]
    assert related(site, "done/index.html") == []
    # the draft page itself is still built, with its chips
    chips = site.html("draft/index.html").select("nav.md-tags a.md-tag")
    assert [c.get_text(strip=True) for c in chips] == ["#t"]
    assert not (site.dir / "wip").exists()  # MkDocs' own draft_docs


def test_drafts_are_listed_and_marked_under_serve(project: Path) -> None:
    draft_site(project)
    config = load_config(str(project / "mkdocs.yml"))
    config.plugins.on_startup(command="serve", dirty=False)
    mkdocs_build(config, serve_url="http://127.0.0.1:8000/")
    config.plugins.on_shutdown()
    page = BeautifulSoup((project / "site/tags/t/index.html").read_text("utf-8"), "html.parser")
    assert card_titles(page) == ["Next", "Draft", "Done"]
    marks = [
        [m.get_text() for m in card.select(".tagindex-card__draft")]
        for card in page.select("li.tagindex-card")
    ]
    assert marks == [["Draft"], ["Draft"], []]


def test_hidden_tags_classify_but_get_no_page_and_no_chip(project: Path) -> None:
    write_config(project, material_config(tags_file="tags.yml", filters=["category"]))
    (project / "tags.yml").write_text("internal: {hidden: true}\nshown: {}\n", "utf-8")
    write_page(project, "index.md", {"title": "Home"}, "Home\n")
    write_page(project, "a.md", {"title": "A", "tags": ["shown", "internal"]}, "A\n")
    write_page(project, "b.md", {"title": "B", "tags": ["internal"]}, "B\n")
    write_page(project, "c.md", {"title": "C", "tags": ["shown"]}, "C\n")
    site = build(project, "--strict")
    assert not (site.dir / "tags/internal").exists()
    assert "internal" not in site.html("tags/index.html").get_text()
    chips = site.html("a/index.html").select("nav.md-tags .md-tag")
    assert [c.get_text(strip=True) for c in chips] == ["#shown"]
    assert site.html("b/index.html").select("nav.md-tags .md-tag") == []
    assert related(site, "b/index.html") == ["A"]  # the hidden tag still relates them
    listing = build_listing(project, "<!-- tagindex { tags: [internal] } -->")
    assert card_titles(listing) == ["A", "B"]


def build_listing(project: Path, marker: str) -> BeautifulSoup:
    write_page(project, "index.md", {"title": "Home"}, marker + "\n")
    return build(project, "--strict").html("index.html")


def test_material_shadow_tags_are_hidden_tags(project: Path) -> None:
    config = material_config()
    config["plugins"] = ["search", {"tags": {"shadow_tags": ["internal"]}}, "tagindex"]
    write_config(project, config)
    write_page(project, "index.md", {"title": "Home"}, "Home\n")
    write_page(project, "a.md", {"title": "A", "tags": ["shown", "internal"]}, "A\n")
    site = build(project, "--strict")
    assert not (site.dir / "tags/internal").exists()
    chips = site.html("a/index.html").select("nav.md-tags .md-tag")
    assert [c.get_text(strip=True) for c in chips] == ["#shown"]
    # under serve Material shows its shadow tags, dimmed: so does the chip, with no page
    config_ = load_config(str(project / "mkdocs.yml"))
    config_.plugins.on_startup(command="serve", dirty=False)
    mkdocs_build(config_, serve_url="http://127.0.0.1:8000/")
    config_.plugins.on_shutdown()
    page = BeautifulSoup((project / "site/a/index.html").read_text("utf-8"), "html.parser")
    shadow = page.select("nav.md-tags .md-tag-shadow")
    assert [c.get_text(strip=True) for c in shadow] == ["#internal"] and not shadow[0].get("href")


def test_all_tags_in_the_tags_file_order(project: Path) -> None:
    write_config(project, material_config(tags_file="tags.yml", index_sort="tags_file"))
    (project / "tags.yml").write_text("強化学習: {}\n推論: {}\nalpha: {}\n", "utf-8")
    write_page(project, "index.md", {"title": "Home"}, "Home\n")
    for i, tag in enumerate(["alpha", "推論", "強化学習", "zeta"]):
        write_page(project, f"p{i}.md", {"title": f"P{i}", "tags": [tag]}, "x\n")
    result = run_mkdocs(project)  # zeta is not in the tags file: a warning, by default
    assert result.returncode == 0
    page = BeautifulSoup((project / "site/tags/index.html").read_text("utf-8"), "html.parser")
    names = [a.get_text() for a in page.select("a.tagindex-index__tag")]
    assert names == ["#強化学習", "#推論", "#alpha", "#zeta"]
