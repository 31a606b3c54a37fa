"""Feeds and JSON-LD (pure): real parsers, the JSON Feed 1.1 schema, hostile text."""

from __future__ import annotations

import datetime
import json
from pathlib import Path

import feedparser
import jsonschema
import pytest

from mkdocs_tagindex.core.model import tagindex as model
from mkdocs_tagindex.core.output import feeds, syndication
from mkdocs_tagindex.core.records.article import Article

SCHEMA = json.loads((Path(__file__).parent.parent / "schemas" / "jsonfeed-1.1.json").read_text())
HOSTILE = '</script><script>alert("x")</script> & <img src=x onerror=alert(1)> \x0b\x00 ]]>'


def feed(*items: feeds.Item) -> feeds.Feed:
    return feeds.Feed(
        title="#grpo · Site",
        home_url="https://example.org/tags/grpo/",
        rss_url="https://example.org/tags/grpo/feed.xml",
        json_url="https://example.org/tags/grpo/feed.json",
        description="16 articles",
        language="en",
        items=items,
    )


ITEMS = (
    feeds.Item(
        "https://example.org/a/",
        "A",
        "Summary A",
        datetime.date(2026, 5, 1),
        datetime.date(2026, 6, 2),
        ("grpo", "rl"),
        ("Alice Example",),
        "en",
    ),
    feeds.Item("https://example.org/b/", "B", None, datetime.date(2026, 4, 1), tags=("grpo",)),
    feeds.Item("https://example.org/c/", "C"),
)


def test_newest_first_with_a_limit() -> None:
    shuffled = [ITEMS[2], ITEMS[1], ITEMS[0]]
    assert [i.title for i in feeds.newest_first(shuffled, 20)] == ["A", "B", "C"]
    assert [i.title for i in feeds.newest_first(shuffled, 2)] == ["A", "B"]
    assert feeds.newest_first(shuffled, 0) == []


def test_rss_parses_cleanly_with_dates_categories_and_authors() -> None:
    parsed = feedparser.parse(feeds.rss(feed(*ITEMS)))
    assert not parsed.bozo, parsed.bozo_exception
    assert parsed.feed.title == "#grpo · Site" and parsed.feed.language == "en"
    assert parsed.feed.updated == "Tue, 02 Jun 2026 00:00:00 +0000"  # the newest item's date
    first = parsed.entries[0]
    assert first.link == "https://example.org/a/" and first.summary == "Summary A"
    assert first.published == "Fri, 01 May 2026 00:00:00 +0000"
    assert [t.term for t in first.tags] == ["grpo", "rl"]
    assert first.author == "Alice Example"
    assert "published" not in parsed.entries[2]


def test_json_feed_is_valid_against_the_schema() -> None:
    data = json.loads(feeds.json_feed(feed(*ITEMS)))
    jsonschema.validate(data, SCHEMA)
    first = data["items"][0]
    assert first["date_published"] == "2026-05-01T00:00:00+00:00"
    assert first["date_modified"] == "2026-06-02T00:00:00+00:00"
    assert first["authors"] == [{"name": "Alice Example"}] and first["tags"] == ["grpo", "rl"]
    for item in data["items"]:
        for key in ("date_published", "date_modified"):
            if key in item:
                datetime.datetime.fromisoformat(item[key])  # RFC 3339, really


def test_the_schema_can_fail() -> None:
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(
            {"version": feeds.JSON_FEED_VERSION, "title": "x", "items": [{}]}, SCHEMA
        )


def test_hostile_text_stays_text_in_every_format() -> None:
    item = feeds.Item(
        "https://example.org/x/", HOSTILE, HOSTILE, tags=(HOSTILE,), authors=(HOSTILE,)
    )
    hostile = feed(item)
    text = feeds.rss(hostile)
    assert "<script>" not in text and "<img" not in text
    parsed = feedparser.parse(text)
    assert not parsed.bozo, parsed.bozo_exception
    assert parsed.entries[0].title == HOSTILE.replace("\x0b", "").replace("\x00", "")
    data = json.loads(feeds.json_feed(hostile))
    jsonschema.validate(data, SCHEMA)
    assert data["items"][0]["title"] == HOSTILE
    script = feeds.script_json({"name": HOSTILE})
    assert "</script" not in script and "<" not in script and "&" not in script
    assert json.loads(str(script)) == {"name": HOSTILE}


def _index(count: int) -> model.TagIndex:
    articles = [
        Article(
            src_uri=f"a{i}.md",
            url=f"a{i}/",
            title=f"Ünïcode {i} </script>",
            tags=("grpo", "rl") if i % 2 else ("grpo",),
            categories=("Training & Alignment",),
            type="paper",
            audience=("students",) if i % 3 else (),
        )
        for i in range(count)
    ]
    tags = sorted({t for a in articles for t in a.tags})
    return model.build(
        articles,
        names={t: t.upper() for t in tags},
        slugs={t: t for t in tags},
        descriptions={"rl": "Reinforcement learning"},
        urls={t: f"tags/{t}/" for t in tags},
    )


@pytest.mark.parametrize("count", [0, 1, 5])
@pytest.mark.parametrize("url", [None, "https://example.org/docs/"])
def test_tags_json_is_made_one_tag_at_a_time_a_line_each(count: int, url: str | None) -> None:
    """The pieces join to one JSON document, compact, a tag per line, then an article per
    line; each card names its article's place in `articles`."""
    site = syndication.Site(url=url, name="Site", lang="en")
    text = "".join(
        syndication.tags_json(
            site,
            _index(count),
            at="tags/tags.json",
            pages={"grpo": ["tags/grpo/", "tags/grpo/page/2/"]},
            per_page=2,
        )
    )
    document = json.loads(text)
    lines = text.splitlines()
    tags, articles = len(document["tags"]), len(document["articles"])
    assert document["version"] == syndication.TAGS_JSON_VERSION == 2
    if not tags:
        assert lines == ['{"version":2,"lang":"en","tags":[],"articles":[]}']
        return
    assert len(lines) == 3 + tags + articles
    assert lines[tags + 1] == '],"articles":[' and lines[-1] == "]}"
    assert [json.loads(line.removesuffix(",")) for line in lines[1 : tags + 1]] == document["tags"]
    assert [json.loads(line.removesuffix(",")) for line in lines[tags + 2 : -1]] == (
        document["articles"]
    )
    assert "".join(lines) == json.dumps(document, ensure_ascii=False, separators=(",", ":"))
    for tag in document["tags"]:  # a card and its article are one page
        for card in tag["cards"]:
            article = document["articles"][card["article"]]
            assert (article["url"], article["title"]) == (card["url"], card["title"])
            assert tag["slug"] in article["tags"]
    assert articles == len({c["url"] for t in document["tags"] for c in t["cards"]})
    assert [t["name"] for t in document["tags"]] == (
        ["GRPO", "RL"] if count > 1 else ["GRPO"] * count
    )
    if count == 5:
        grpo = document["tags"][0]
        assert grpo["count"] == 5 and grpo["pages"] == ["grpo/", "grpo/page/2/"]
        assert document["tags"][1]["pages"] == ["rl/"]  # a tag without pages: its own URL
        assert [c["page"] for c in grpo["cards"]] == [1, 1, 2, 2, 3]
        assert grpo["cards"][0]["title"].startswith("Ünïcode")
