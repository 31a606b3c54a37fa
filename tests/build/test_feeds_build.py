"""Feeds, structured data and tags.json (issue 15), with real parsers: feedparser for RSS,
jsonschema against JSON Feed 1.1 (tests/schemas/jsonfeed-1.1.json), json for JSON-LD, on both
languages of the example site and on small sites for the options."""

from __future__ import annotations

import json
import shutil
import subprocess
from email.utils import parsedate_to_datetime
from pathlib import Path
from typing import Any
from urllib.parse import quote, urljoin

import feedparser
import jsonschema
import pytest
from bs4 import BeautifulSoup

from conftest import ROOT, Site, build, explorer_cards, material_config, write_config, write_page

SCHEMA = json.loads((Path(__file__).parent.parent / "schemas" / "jsonfeed-1.1.json").read_text())
SITE_URL = "http://127.0.0.1:8000/"


@pytest.fixture(scope="module")
def example(tmp_path_factory: pytest.TempPathFactory) -> Site:
    project = tmp_path_factory.mktemp("example")
    shutil.copytree(ROOT / "example_site", project, dirs_exist_ok=True)
    return build(project, "--strict")


def tag_pages(site: Site, prefix: str) -> list[str]:
    """Site-relative files of every tag page (page 1) of one language."""
    folder = site.dir / prefix / "tags"
    return sorted(
        p.relative_to(site.dir).as_posix()
        for p in folder.glob("*/index.html")
        if p.parent.name != "page"
    )


def json_ld(page: BeautifulSoup) -> dict[str, Any]:
    scripts = page.select('script[type="application/ld+json"]')
    assert len(scripts) == 1
    data = json.loads(scripts[0].string or "")
    assert isinstance(data, dict)
    return data


def og(page: BeautifulSoup) -> dict[str, str]:
    return {str(m["property"]): str(m["content"]) for m in page.select("meta[property^='og:']")}


@pytest.mark.parametrize(("prefix", "lang"), [("", "en"), ("ja/", "ja")])
def test_every_tag_has_valid_feeds_and_structured_data(
    example: Site, prefix: str, lang: str
) -> None:
    pages = tag_pages(example, prefix)
    assert len(pages) >= 10
    for rel in pages:
        on_disk = rel.rsplit("/", 1)[0]
        folder = quote(on_disk)  # URLs are percent-encoded, as MkDocs writes them
        page = example.html(rel)
        cards = page.select("ol.tagindex-cards > li.tagindex-card")
        card_urls = [
            urljoin(SITE_URL + rel, str(c.select_one(".tagindex-card__title a")["href"]))  # type: ignore[index]
            for c in cards
        ]
        # RSS 2.0
        parsed = feedparser.parse((example.dir / on_disk / "feed.xml").read_bytes())
        assert not parsed.bozo, (rel, parsed.bozo_exception)
        assert parsed.feed.language == lang
        assert parsed.feed.link == SITE_URL + folder + "/"
        entries = parsed.entries
        assert 1 <= len(entries) <= 20 and len(entries) == min(20, len(cards))
        dates = [parsedate_to_datetime(e.published) for e in entries if "published" in e]
        assert dates == sorted(dates, reverse=True), rel
        assert parsedate_to_datetime(parsed.feed.updated) == max(dates)  # the newest item's
        assert {e.link for e in entries} <= set(card_urls)
        name = page.select_one(".tagindex-heading").get_text(strip=True)  # type: ignore[union-attr]
        assert all(name.removeprefix("#") in [t.term for t in e.tags] for e in entries), rel
        # JSON Feed 1.1
        data = json.loads((example.dir / on_disk / "feed.json").read_text("utf-8"))
        jsonschema.validate(data, SCHEMA)
        assert [i["url"] for i in data["items"]] == [e.link for e in entries]
        assert data["language"] == lang and data["home_page_url"] == SITE_URL + folder + "/"
        # discovery and the feed link
        head = page.head
        assert head is not None
        links = {str(a["type"]): str(a["href"]) for a in head.select('link[rel="alternate"][type]')}
        assert links["application/rss+xml"] == "feed.xml"
        assert links["application/feed+json"] == "feed.json"
        feed_link = page.select_one("[data-tagindex-feed]")
        assert feed_link is not None and feed_link["href"] == "feed.xml"
        # JSON-LD
        ld = json_ld(page)
        assert ld["@context"] == "https://schema.org" and ld["@type"] == "CollectionPage"
        assert ld["url"] == SITE_URL + folder + "/" and ld["inLanguage"] == lang
        items = ld["mainEntity"]["itemListElement"]
        assert [i["position"] for i in items] == list(range(1, len(cards) + 1))
        assert [i["url"] for i in items] == card_urls
        crumbs = ld["breadcrumb"]["itemListElement"]
        assert [c["item"] for c in crumbs] == [
            SITE_URL + prefix,
            SITE_URL + prefix + "tags/",
            SITE_URL + folder + "/",
        ]
        # Open Graph
        props = og(page)
        assert props["og:url"] == SITE_URL + folder + "/" and props["og:type"] == "website"
        assert props["og:title"] == name and props["og:description"]


def test_the_all_tags_page_has_its_own_structured_data(example: Site) -> None:
    page = example.html("ja/tags/index.html")
    ld = json_ld(page)
    names = [i["name"] for i in ld["mainEntity"]["itemListElement"]]
    shown = [a.get_text().removeprefix("#") for a in page.select("a.tagindex-index__tag")]
    # the example site's all-tags page is a tree (llm/…), shown depth first; the list names
    # the same tags in the index's order
    assert sorted(names) == sorted(shown) and len(names) == len(shown)
    assert ld["inLanguage"] == "ja"


@pytest.mark.parametrize("prefix", ["", "ja/"])
def test_tags_json_lists_every_tag_with_its_cards(example: Site, prefix: str) -> None:
    data = json.loads((example.dir / prefix / "tags/tags.json").read_text("utf-8"))
    assert data["version"] == 2 and data["lang"] == ("ja" if prefix else "en")
    index = example.html(prefix + "tags/index.html")
    listed = [str(li["data-tagindex-tag"]) for li in index.select(".tagindex-index__item")]
    assert sorted(t["slug"] for t in data["tags"]) == sorted(listed)  # the page: a tree
    assert len(data["tags"]) == len(listed)
    for tag in data["tags"]:
        page = example.html(f"{prefix}tags/{tag['slug']}/index.html")
        cards = page.select("ol.tagindex-cards > li.tagindex-card")
        sections = [entry for entry in tag["cards"] if "section" in entry]  # issue 41
        assert tag["count"] + len(sections) == len(cards) == len(tag["cards"])
        assert tag["url"] == f"{SITE_URL}{prefix}tags/{quote(tag['slug'])}/"
        assert tag["pages"] == [f"{quote(tag['slug'])}/"]
        for entry, card in zip(tag["cards"], cards, strict=True):
            assert entry["number"] == card["data-tagindex-number"] and entry["page"] == 1
            assert entry["facets"] == json.loads(str(card["data-tagindex-facets"]))
            article = data["articles"][entry["article"]]
            anchor = f"#{entry['section']}" if "section" in entry else ""
            assert (article["url"] + anchor, article["title"]) == (entry["url"], entry["title"])
            assert (tag["slug"] in article["tags"]) == (anchor == "")
    # every article once, each followed by its section cards, as the explorer's cards stand in
    # its pieces (number = place)
    assert index.select("[data-tagindex-results] > li.tagindex-card") == []  # in pieces
    explorer: list[Any] = explorer_cards(example.dir / prefix / "tags")
    after: dict[int, dict[str, str]] = {}  # article place → its section cards: anchor → heading
    for tag in data["tags"]:
        for entry in tag["cards"]:
            if "section" in entry:
                after.setdefault(entry["article"], {})[entry["section"]] = entry["heading"]
    items = []
    for place, article in enumerate(data["articles"]):
        items.append((article, article["title"], article["summary"]))
        for heading in after.get(place, {}).values():
            items.append((article, f"{article['title']} › {heading}", ...))
    assert len(data["articles"]) == len({a["url"] for a in data["articles"]})
    # the example tags one section (seed-06's "Two-level GRPO", rl), in each language
    assert len(explorer) == len(items) == len(data["articles"]) + 1
    for place, ((article, title, summary), card) in enumerate(zip(items, explorer, strict=True)):
        assert int(str(card["data-tagindex-number"])) == place + 1
        link = card.select_one(".tagindex-card__title a")
        assert link is not None and link.get_text() == title
        assert article["facets"] == json.loads(str(card["data-tagindex-facets"]))
        found = card.select_one(".tagindex-card__summary")
        if summary is not ...:
            assert (found.get_text() if found else None) == summary


def small_site(project: Path, **options: object) -> Path:
    config = material_config(**options)
    write_config(project, config)
    write_page(project, "index.md", {"title": "Home"}, "Home\n")
    for i in range(1, 5):
        write_page(
            project,
            f"p{i}.md",
            {"title": f"P{i}", "tags": ["t", "odd" if i % 2 else "even"], "date": f"2026-03-0{i}"},
            f"Text {i}.\n",
        )
    return project


def test_without_site_url_no_feeds_and_one_info_line(project: Path) -> None:
    small_site(project)
    config = (
        (project / "mkdocs.yml").read_text("utf-8").replace("site_url: https://example.org/\n", "")
    )
    (project / "mkdocs.yml").write_text(config, "utf-8")
    site = build(project, "--strict")
    assert not list(site.dir.rglob("feed.xml")) and not list(site.dir.rglob("feed.json"))
    lines = [line for line in site.log.splitlines() if "set site_url" in line]
    assert len(lines) == 1 and lines[0].startswith("INFO")
    page = site.html("tags/t/index.html")
    assert page.select('script[type="application/ld+json"]') == [] and og(page) == {}
    assert page.select("[data-tagindex-feed]") == []
    data = json.loads((site.dir / "tags/tags.json").read_text("utf-8"))
    assert [t["url"] for t in data["tags"]] == ["tags/even/", "tags/odd/", "tags/t/"]


def test_feed_limit_site_wide_feed_and_paginated_pages(project: Path) -> None:
    site = build(small_site(project, per_page=3, feeds={"limit": 2, "site_wide": True}), "--strict")
    rss = feedparser.parse((site.dir / "tags/t/feed.xml").read_bytes())
    assert [e.title for e in rss.entries] == ["P4", "P3"]
    assert not (site.dir / "tags/t/page/2/feed.xml").exists()
    every = feedparser.parse((site.dir / "tags/feed.xml").read_bytes())
    assert not every.bozo and [e.title for e in every.entries] == ["P4", "P3"]
    jsonschema.validate(json.loads((site.dir / "tags/feed.json").read_text("utf-8")), SCHEMA)
    data = json.loads((site.dir / "tags/tags.json").read_text("utf-8"))
    t = next(tag for tag in data["tags"] if tag["slug"] == "t")
    assert t["pages"] == ["t/", "t/page/2/"]
    assert [c["page"] for c in t["cards"]] == [1, 1, 1, 2]
    second = site.html("tags/t/page/2/index.html")
    assert second.select_one('[data-tagindex="tag"]')["data-tagindex-index"] == "../../../tags.json"  # type: ignore[index]
    ld = json_ld(second)  # this page's cards, numbered on from the first page
    assert [i["position"] for i in ld["mainEntity"]["itemListElement"]] == [4]


def test_feeds_off(project: Path) -> None:
    site = build(small_site(project, feeds={"enabled": False}), "--strict")
    assert not list(site.dir.rglob("feed.xml"))
    assert (site.dir / "tags/tags.json").is_file()
    head = site.html("tags/t/index.html").head
    assert head is not None and head.select('link[rel="alternate"]') == []


def test_git_dates_for_undated_articles(tmp_path: Path) -> None:
    project = tmp_path
    config = material_config(feeds={"git_dates": True})
    config["plugins"] = [
        "search",
        {"git-revision-date-localized": {"enable_creation_date": True}},
        {"tagindex": {"feeds": {"git_dates": True}}},
    ]
    write_config(project, config)
    write_page(project, "index.md", {"title": "Home"}, "Home\n")
    write_page(project, "undated.md", {"title": "Undated", "tags": ["t"]}, "Text.\n")
    write_page(project, "dated.md", {"title": "Dated", "tags": ["t"], "date": "2020-01-02"}, "T\n")
    env = {
        "GIT_AUTHOR_NAME": "A",
        "GIT_AUTHOR_EMAIL": "a@example.org",
        "GIT_COMMITTER_NAME": "A",
        "GIT_COMMITTER_EMAIL": "a@example.org",
        "GIT_AUTHOR_DATE": "2024-06-07T08:00:00Z",
        "GIT_COMMITTER_DATE": "2024-06-07T08:00:00Z",
    }
    import os

    for args in (["init", "-q"], ["add", "-A"], ["commit", "-qm", "x"]):
        subprocess.run(["git", *args], cwd=project, env={**os.environ, **env}, check=True)
    site = build(project, "--strict")
    data = json.loads((site.dir / "tags/t/feed.json").read_text("utf-8"))
    dates = {i["title"]: i.get("date_published") for i in data["items"]}
    # git gives the undated page its first commit; front matter wins where it has a date
    assert dates == {"Undated": "2024-06-07T00:00:00+00:00", "Dated": "2020-01-02T00:00:00+00:00"}
