"""End-to-end: real `mkdocs build` with Material, output HTML parsed and checked."""

from __future__ import annotations

import hashlib
import posixpath
from pathlib import Path
from urllib.parse import unquote, urlsplit

from bs4 import BeautifulSoup, Tag

from conftest import (
    FIXTURES,
    SEED,
    SEED_CARDS,
    Site,
    build,
    material_config,
    run_mkdocs,
    seed_site,
    write_config,
    write_page,
)


def cards(page: BeautifulSoup) -> list[Tag]:
    return page.select("ol.tagindex-cards > li.tagindex-card")


def meta_line(card: Tag) -> str:
    meta = card.select_one(".tagindex-card__meta")
    assert meta is not None
    return " ".join(meta.get_text("").split())  # the separator's no-break space reads as one


def text(page: BeautifulSoup | Tag, selector: str) -> str:
    """Stripped text of the first element matching `selector`; fails when there is none."""
    found = page.select_one(selector)
    assert found is not None, f"nothing matches {selector}"
    return found.get_text(strip=True)


def resolve(site: Site, page_rel: str, href: str) -> Path:
    """The file a relative link on `page_rel` points to."""
    base = posixpath.dirname(page_rel)
    target = posixpath.normpath(posixpath.join(base, unquote(urlsplit(href).path)))
    path = site.dir / target
    return path / "index.html" if href.endswith("/") or path.is_dir() else path


def test_seed_tag_page_matches_the_seed_card_for_card(seed_build: Site) -> None:
    page = seed_build.html("tags/grpo/index.html")
    heading = page.select_one(".tagindex-heading")
    assert heading is not None and heading.get_text(strip=True) == SEED["page"]["heading"]
    count = page.select_one(".tagindex-count")
    assert count is not None and count.get_text(strip=True) == SEED["page"]["count_label"]
    found = cards(page)
    assert len(found) == len(SEED_CARDS) == 16
    for card, seed in zip(found, SEED_CARDS, strict=True):
        parts = [f"{int(str(seed['number'])):02d}"]
        if seed["category"]:
            parts.append(str(seed["category"]))
        parts += ["★ MEMBER", str(seed["type"]), f"{seed['read_time_minutes']} min read"]
        assert meta_line(card) == " · ".join(parts)
        title = card.select_one(".tagindex-card__title a")
        assert title is not None and title.get_text() == seed["title"]
        summary = card.select_one(".tagindex-card__summary")
        assert summary is not None and summary.get_text() == seed["summary"]


def test_seed_page_text_reads_like_the_seed(seed_build: Site) -> None:
    """The page's article text is the seed's rendered text, separators and spacing aside (the
    "narrow with" links, which came after the seed, aside too)."""

    def squash(text: str) -> str:
        return "".join(text.replace("·", "").split())

    seed_text = (FIXTURES / "seed" / "grpo-tag-page.txt").read_text("utf-8")
    expected = squash(seed_text[seed_text.index("#grpo") :])
    article = seed_build.html("tags/grpo/index.html").select_one("article .tagindex")
    assert article is not None
    narrow = article.select_one("[data-tagindex-narrow]")
    assert narrow is not None
    narrow.decompose()
    assert squash(article.get_text(" ")).startswith(expected)


def test_every_card_link_resolves_to_a_built_article(seed_build: Site) -> None:
    page = seed_build.html("tags/grpo/index.html")
    for card in cards(page):
        link = card.select_one(".tagindex-card__title a")
        assert link is not None
        target = resolve(seed_build, "tags/grpo/index.html", str(link["href"]))
        assert target.is_file(), link["href"]
        title = BeautifulSoup(target.read_text("utf-8"), "html.parser").select_one("h1")
        assert title is not None and title.get_text(strip=True) == link.get_text()


def test_all_tags_page_lists_each_tag_with_its_count(seed_build: Site) -> None:
    page = seed_build.html("tags/index.html")
    items = {
        text(li, ".tagindex-index__tag"): text(li, ".tagindex-index__count")
        for li in page.select(".tagindex-index__item")
    }
    assert items == {"#grpo": "16 articles", "#rl": "8 articles"}
    for li in page.select(".tagindex-index__item a"):
        assert resolve(seed_build, "tags/index.html", str(li["href"])).is_file()


def test_article_pages_show_chips_linking_to_tag_pages(seed_build: Site) -> None:
    rel = "articles/a16/index.html"  # seed card 01: tags grpo, rl
    page = seed_build.html(rel)
    chips = page.select("nav.md-tags a.md-tag")
    # Chips name a tag as its page does: "#grpo", the `tag_heading` label.
    assert [c.get_text(strip=True) for c in chips] == ["#grpo", "#rl"]
    for chip in chips:
        target = resolve(seed_build, rel, str(chip["href"]))
        assert target == seed_build.dir / f"tags/{chip.get_text(strip=True)[1:]}/index.html"
        assert target.is_file()


def test_stylesheet_is_linked_and_shipped(seed_build: Site) -> None:
    page = seed_build.html("tags/grpo/index.html")
    link = page.select_one('link[href$="assets/tagindex/tagindex.css"]')
    assert link is not None
    assert resolve(seed_build, "tags/grpo/index.html", str(link["href"])).is_file()


def test_strict_build_fails_on_bad_front_matter_naming_file_and_key(project: Path) -> None:
    seed_site(project)
    write_page(project, "bad.md", {"title": "Bad", "tags": ["grpo"], "member": "maybe"}, "x\n")
    strict = run_mkdocs(project, "--strict")
    assert strict.returncode != 0
    assert "Traceback" not in strict.stderr
    assert "bad.md" in strict.stderr and "'member'" in strict.stderr

    lenient = build(project)
    assert any("bad.md" in w and "'member'" in w for w in lenient.warnings())
    titles = [
        a.get_text() for a in lenient.html("tags/grpo/index.html").select(".tagindex-card__title a")
    ]
    assert "Bad" in titles  # warned about, never dropped


def test_invalid_yaml_front_matter_warns(project: Path) -> None:
    seed_site(project)
    (project / "docs/broken.md").write_text("---\ntags:\n\u3000- grpo\n---\nBody\n", "utf-8")
    result = run_mkdocs(project, "--strict")
    assert result.returncode != 0
    assert "broken.md" in result.stderr and "YAML" in result.stderr
    assert "Traceback" not in result.stderr


def test_authors_own_page_wins_over_the_generated_one(project: Path) -> None:
    seed_site(project)
    write_page(project, "tags/grpo.md", {"title": "My GRPO page"}, "# My GRPO page\n\nMine.\n")
    site = build(project, "--strict")
    page = site.html("tags/grpo/index.html")
    assert page.select_one(".tagindex-cards") is None
    assert "Mine." in page.get_text()
    chip = site.html("articles/a16/index.html").select_one("nav.md-tags a.md-tag")
    assert chip is not None
    assert resolve(site, "articles/a16/index.html", str(chip["href"])) == page_path(
        site, "tags/grpo/"
    )


def page_path(site: Site, url: str) -> Path:
    return site.dir / url / "index.html"


def test_material_tags_plugin_alongside(project: Path) -> None:
    config = material_config()
    config["plugins"] = ["search", "tags", "tagindex"]
    seed_site(project, config)
    write_page(project, "listing.md", {"title": "Listing"}, "# Listing\n\n<!-- material/tags -->\n")
    site = build(project, "--strict")
    assert len(cards(site.html("tags/grpo/index.html"))) == 16
    listing = site.html("listing/index.html")
    assert "grpo" in listing.get_text() and listing.select("a[href*='articles/']")
    chip = site.html("articles/a16/index.html").select_one("nav.md-tags a.md-tag")
    assert chip is not None and str(chip["href"]).endswith("tags/grpo/")


def test_site_custom_dir_overrides_a_template(project: Path) -> None:
    config = material_config()
    config["theme"] = {"name": "material", "custom_dir": "overrides"}
    seed_site(project, config)
    override = project / "overrides/tagindex/card.html"
    override.parent.mkdir(parents=True)
    override.write_text('<li class="my-card">{{ card.number }} {{ card.article.title | e }}</li>\n')
    site = build(project, "--strict")
    page = site.html("tags/grpo/index.html")
    assert len(page.select("li.my-card")) == 16
    assert cards(page) == []
    assert page.select("li.my-card")[0].get_text().startswith("01 Paper Walkthrough")


def test_without_directory_urls(project: Path) -> None:
    config = material_config()
    config["use_directory_urls"] = False
    seed_site(project, config)
    site = build(project, "--strict")
    page = site.html("tags/grpo/index.html")
    for card in cards(page):
        href = str(card.select_one(".tagindex-card__title a")["href"])  # type: ignore[index]
        assert href.endswith(".html")
        assert resolve(site, "tags/grpo/index.html", href).is_file()
    chip = site.html("articles/a16.html").select_one("nav.md-tags a.md-tag")
    assert chip is not None and chip["href"] == "../tags/grpo/index.html"


def test_unicode_and_programming_names_and_one_tag_in_two_spellings(project: Path) -> None:
    """C, C++ and C# are three readable pages without a warning; LLM/Serving and LLM Serving
    share a URL, so they are one tag (an INFO line names both spellings)."""
    write_config(project, material_config())
    write_page(project, "index.md", {"title": "Home"}, "Hi\n")
    write_page(project, "a.md", {"title": "A", "tags": ["強化学習", "C++", "C#"]}, "a\n")
    write_page(project, "b.md", {"title": "B", "tags": ["C", "LLM/Serving"]}, "b\n")
    write_page(project, "c.md", {"title": "C", "tags": ["LLM Serving", "LLM/Serving"]}, "c\n")
    site = build(project, "--strict")
    assert site.warnings() == []
    assert (site.dir / "tags/強化学習/index.html").is_file()
    chips = site.html("a/index.html").select("nav.md-tags a.md-tag")
    assert chips[0]["href"] == "../tags/%E5%BC%B7%E5%8C%96%E5%AD%A6%E7%BF%92/"
    assert [str(c["href"]) for c in chips[1:]] == ["../tags/c-plus-plus/", "../tags/c-sharp/"]
    for name, folder in (("C++", "c-plus-plus"), ("C#", "c-sharp"), ("C", "c")):
        heading = site.html(f"tags/{folder}/index.html").select_one(".tagindex-heading")
        assert heading is not None and heading.get_text(strip=True) == f"#{name}"
    serving = site.html("tags/llm-serving/index.html")
    assert [a.get_text() for a in serving.select(".tagindex-card__title a")] == ["B", "C"]
    heading = serving.select_one(".tagindex-heading")
    assert heading is not None and heading.get_text(strip=True) == "#LLM/Serving"  # most used
    assert "tags 'LLM Serving', 'LLM/Serving' are one tag, shown as 'LLM/Serving'" in site.log


def test_summary_fallbacks_and_computed_read_time(project: Path) -> None:
    write_config(project, material_config(sort_by="title"))
    write_page(project, "index.md", {"title": "Home"}, "Hi\n")
    words = " ".join(["word"] * 700)
    write_page(
        project, "a.md", {"title": "A", "tags": ["t"], "description": "From description"}, words
    )
    write_page(
        project, "b.md", {"title": "B", "tags": ["t"]}, "First *paragraph* here.\n\nSecond.\n"
    )
    site = build(project, "--strict")
    found = cards(site.html("tags/t/index.html"))
    assert [text(c, ".tagindex-card__summary") for c in found] == [
        "From description",
        "First paragraph here.",
    ]
    assert meta_line(found[0]) == "01 · 3 min read"  # 700 words at 238 a minute
    assert meta_line(found[1]) == "02 · 1 min read"
    assert (
        site.html("tags/t/index.html").select_one(".tagindex-count").get_text(strip=True)
        == "2 articles"
    )  # type: ignore[union-attr]


def test_single_article_count_and_index_by_count(project: Path) -> None:
    write_config(project, material_config(index_sort="count", tags_dir="topics"))
    write_page(project, "index.md", {"title": "Home"}, "Hi\n")
    write_page(project, "a.md", {"title": "A", "tags": ["solo", "pair"]}, "a\n")
    write_page(project, "b.md", {"title": "B", "tags": "pair"}, "b\n")
    site = build(project, "--strict")
    assert (
        site.html("topics/solo/index.html").select_one(".tagindex-count").get_text(strip=True)
        == "1 article"
    )  # type: ignore[union-attr]
    names = [a.get_text() for a in site.html("topics/index.html").select(".tagindex-index__tag")]
    assert names == ["#pair", "#solo"]


def test_front_matter_is_escaped(project: Path) -> None:
    write_config(project, material_config())
    write_page(project, "index.md", {"title": "Home"}, "Hi\n")
    evil = '"><img src=x onerror=alert(1)><script>alert(2)</script>'
    write_page(
        project,
        "a.md",
        {"title": evil, "tags": ["x"], "summary": evil, "category": evil, "type": evil},
        "a\n",
    )
    site = build(project, "--strict")
    page = site.html("tags/x/index.html")
    article = page.select_one("article")
    assert article is not None
    assert article.select("img, script") == []
    # front matter inside attributes (the cards' facet JSON) stays data: no raw markup in it
    assert all("<" not in str(v) for el in article.find_all(True) for v in el.attrs.values())
    assert all(not a.startswith("on") for el in article.find_all(True) for a in el.attrs)
    assert evil in article.get_text()


def test_two_builds_are_byte_identical(tmp_path: Path) -> None:
    digests = []
    for seed in ("1", "2"):
        project = seed_site(tmp_path / seed)
        env = {"PYTHONHASHSEED": seed, "SOURCE_DATE_EPOCH": "1780000000"}
        result = run_mkdocs(project, "--strict", env=env)
        assert result.returncode == 0, result.stderr
        site = project / "site"
        digests.append(
            {
                p.relative_to(site).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
                for p in sorted(site.rglob("*"))
                if p.is_file()
            }
        )
    assert digests[0].keys() == digests[1].keys()
    differing = [k for k in digests[0] if digests[0][k] != digests[1][k]]
    assert differing == []


def test_disabled_plugin_generates_nothing(project: Path) -> None:
    seed_site(project, material_config(enabled=False))
    site = build(project, "--strict")
    assert not (site.dir / "tags").exists()
    assert site.html("articles/a16/index.html").select("nav.md-tags") == []


def test_bad_option_is_a_config_error(project: Path) -> None:
    seed_site(project, material_config(sort_by="popularity"))
    result = run_mkdocs(project)
    assert result.returncode != 0
    assert "sort_by" in result.stderr and "Traceback" not in result.stderr


def test_generated_pages_share_one_navigation_that_still_resolves(seed_build: Site) -> None:
    """The theme's navigation is rendered once per depth and reused; links must stay right."""
    sidebars = {}
    for rel in ("tags/grpo/index.html", "tags/rl/index.html", "tags/index.html"):
        sidebar = seed_build.html(rel).select_one(".md-sidebar--primary")
        assert sidebar is not None
        links = sidebar.select("a[href]")
        assert len(links) >= 17  # home and the 16 articles
        for link in links:
            assert resolve(seed_build, rel, str(link["href"])).is_file(), (rel, link["href"])
        sidebars[rel] = str(sidebar)
    assert sidebars["tags/grpo/index.html"] == sidebars["tags/rl/index.html"]


def test_a_tag_page_listed_in_nav_is_marked_active_there(project: Path) -> None:
    config = material_config()
    config["nav"] = ["index.md", {"GRPO": "tags/grpo/index.md"}, {"All tags": "tags/index.md"}]
    seed_site(project, config)
    site = build(project)  # the articles are not in this nav: MkDocs says so at INFO level
    active = site.html("tags/grpo/index.html").select(".md-sidebar--primary .md-nav__link--active")
    assert [a.get_text(strip=True) for a in active] == ["GRPO"]  # the nav's title wins
    title = site.html("tags/grpo/index.html").title
    assert title is not None and title.get_text().startswith("GRPO")
    other = site.html("tags/rl/index.html").select(".md-sidebar--primary .md-nav__link--active")
    assert other == []
    index_active = site.html("tags/index.html").select(".md-sidebar--primary .md-nav__link--active")
    assert [a.get_text(strip=True) for a in index_active] == ["All tags"]
