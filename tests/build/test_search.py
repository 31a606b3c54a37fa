"""What generated pages give the search index (issue 25): heading, description, count and the
titles of the articles they list; never the cards' summaries (the articles are indexed
themselves). `search_articles: false` gives the heading, description and count alone."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import SEED_CARDS, build, material_config, seed_site


def entries(site_dir: Path) -> dict[str, str]:
    index = json.loads((site_dir / "search" / "search_index.json").read_text("utf-8"))
    return {doc["location"]: doc["text"] for doc in index["docs"]}


def test_tag_pages_index_article_titles_not_summaries(tmp_path: Path) -> None:
    site = build(seed_site(tmp_path), "--strict")
    found = entries(site.dir)
    grpo = found["tags/grpo/"]
    assert "16 articles" in grpo
    for card in SEED_CARDS:
        title = str(card["title"]).replace("&", "&amp;")
        assert title in grpo, title
        assert str(card["summary"])[:40] not in grpo
    # the articles are indexed themselves: each has an entry of its own, under its title
    index = json.loads((site.dir / "search" / "search_index.json").read_text("utf-8"))
    titles = {doc["title"] for doc in index["docs"] if doc["location"].startswith("articles/")}
    assert {str(card["title"]) for card in SEED_CARDS} <= titles


def test_search_articles_false_keeps_heading_description_and_count(tmp_path: Path) -> None:
    site = build(seed_site(tmp_path, material_config(search_articles=False)), "--strict")
    grpo = entries(site.dir)["tags/grpo/"]
    assert grpo == "#grpo <p>16 articles</p>"
