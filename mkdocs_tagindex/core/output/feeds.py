"""Feeds of a tag's articles: RSS 2.0 and JSON Feed 1.1, and the JSON-LD of a tag page (pure).

Serialised with the standard library (ElementTree, json), which escape everything for their own
format, so nothing from front matter can break out of a feed or of a `<script>` element. Output
is deterministic: no build time anywhere; a feed's `lastBuildDate` is its newest item's date.
"""

from __future__ import annotations

import datetime
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from email.utils import format_datetime
from typing import Any
from xml.etree import ElementTree

from markupsafe import Markup

JSON_FEED_VERSION = "https://jsonfeed.org/version/1.1"
DC = "http://purl.org/dc/elements/1.1/"
ATOM = "http://www.w3.org/2005/Atom"

ElementTree.register_namespace("dc", DC)
ElementTree.register_namespace("atom", ATOM)

_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff\ud800-\udfff]")
"""Characters XML 1.0 cannot carry at all, even escaped."""


@dataclass(frozen=True)
class Item:
    """One article in a feed, with absolute URLs."""

    url: str
    title: str
    summary: str | None = None
    published: datetime.date | None = None
    updated: datetime.date | None = None
    tags: tuple[str, ...] = ()
    """Names of the article's tags, in this feed's language."""
    authors: tuple[str, ...] = ()
    language: str | None = None


@dataclass(frozen=True)
class Feed:
    """A feed: the page it describes, its own URLs, its language and its items, newest first."""

    title: str
    home_url: str
    rss_url: str
    json_url: str
    description: str
    language: str
    items: Sequence[Item] = field(default_factory=tuple)

    @property
    def newest(self) -> datetime.date | None:
        dates = [d for item in self.items for d in (item.updated, item.published) if d]
        return max(dates) if dates else None


def newest_first(items: Sequence[Item], limit: int) -> list[Item]:
    """The `limit` newest items (undated ones after dated ones, by title, then URL)."""

    def key(item: Item) -> tuple[bool, int, str, str]:
        date = item.published or item.updated
        return (date is None, -(date.toordinal() if date else 0), item.title.casefold(), item.url)

    return sorted(items, key=key)[:limit] if limit > 0 else []


def _text(value: str) -> str:
    return _NOT_XML.sub("", value)


def _moment(date: datetime.date) -> datetime.datetime:
    """A date as midnight UTC: front matter and blog dates carry no time of day."""
    return datetime.datetime(date.year, date.month, date.day, tzinfo=datetime.timezone.utc)


def rfc822(date: datetime.date) -> str:
    return format_datetime(_moment(date))


def rfc3339(date: datetime.date) -> str:
    return _moment(date).isoformat()


def rss(feed: Feed) -> str:
    """RSS 2.0, with `atom:link rel=self` and `dc:creator` for author names (RSS's own
    `author` element wants an e-mail address)."""
    root = ElementTree.Element("rss", {"version": "2.0"})
    channel = ElementTree.SubElement(root, "channel")

    def add(parent: ElementTree.Element, tag: str, text: str, **attrs: str) -> None:
        element = ElementTree.SubElement(parent, tag, attrs)
        element.text = _text(text)

    add(channel, "title", feed.title)
    add(channel, "link", feed.home_url)
    add(channel, "description", feed.description)
    add(channel, "language", feed.language)
    if feed.newest is not None:
        add(channel, "lastBuildDate", rfc822(feed.newest))
    ElementTree.SubElement(
        channel,
        f"{{{ATOM}}}link",
        {"href": feed.rss_url, "rel": "self", "type": "application/rss+xml"},
    )
    add(channel, "generator", "mkdocs-tagindex")
    for item in feed.items:
        entry = ElementTree.SubElement(channel, "item")
        add(entry, "title", item.title)
        add(entry, "link", item.url)
        add(entry, "guid", item.url, isPermaLink="true")
        if item.summary:
            add(entry, "description", item.summary)
        if item.published or item.updated:
            add(entry, "pubDate", rfc822(item.published or item.updated))  # type: ignore[arg-type]
        for tag in item.tags:
            add(entry, "category", tag)
        for author in item.authors:
            add(entry, f"{{{DC}}}creator", author)
    ElementTree.indent(root)
    body = ElementTree.tostring(root, encoding="unicode")
    return f'<?xml version="1.0" encoding="UTF-8"?>\n{body}\n'


def json_feed(feed: Feed) -> str:
    """JSON Feed 1.1. Every item has `content_text` (the summary, else its title), as the
    format requires some content."""
    items = []
    for item in feed.items:
        entry: dict[str, Any] = {
            "id": item.url,
            "url": item.url,
            "title": item.title,
            "content_text": item.summary or item.title,
        }
        if item.summary:
            entry["summary"] = item.summary
        if item.published or item.updated:
            entry["date_published"] = rfc3339(item.published or item.updated)  # type: ignore[arg-type]
        if item.updated:
            entry["date_modified"] = rfc3339(item.updated)
        if item.tags:
            entry["tags"] = list(item.tags)
        if item.authors:
            entry["authors"] = [{"name": name} for name in item.authors]
        if item.language:
            entry["language"] = item.language
        items.append(entry)
    data = {
        "version": JSON_FEED_VERSION,
        "title": feed.title,
        "home_page_url": feed.home_url,
        "feed_url": feed.json_url,
        "description": feed.description,
        "language": feed.language,
        "items": items,
    }
    return compact_json(data) + "\n"


def compact_json(value: object) -> str:
    """JSON without spaces, by json's C encoder (any `indent` takes its Python one, several
    times as slow on the largest files of a build)."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def script_json(data: object) -> Markup:
    """JSON for a `<script type="application/ld+json">`: `<`, `>` and `&` as `\\u` escapes, so
    no value (`</script>` in a tag name) can end the element; U+2028/9 too, for old parsers."""
    text = json.dumps(data, ensure_ascii=False, sort_keys=False)
    for char in "<>&\u2028\u2029":
        text = text.replace(char, f"\\u{ord(char):04x}")
    return Markup(text)
