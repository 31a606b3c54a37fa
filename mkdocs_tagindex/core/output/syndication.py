"""What a tag page says to machines: its feeds, its JSON-LD and Open Graph, and `tags.json`
(pure: the model and URLs in, plain data out; `feeds.py` serialises the feeds).

Absolute URLs come from `site_url`; without it there is nothing here to build (feeds and
structured data need absolute links) except `tags.json`, whose links are then site-relative.
"""

from __future__ import annotations

import posixpath
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any
from urllib.parse import urljoin

from ..model.routes import page_of
from ..model.tagindex import Article, Card, Tag, TagIndex
from .feeds import Feed, Item, compact_json, newest_first

SCHEMA = "https://schema.org"


@dataclass(frozen=True)
class Site:
    """The site as feeds and structured data name it."""

    url: str | None
    """`site_url`, or None."""
    name: str
    lang: str
    """The language of this build, as a language tag (`en`, `ja`, `pt-BR`)."""

    def absolute(self, rel: str) -> str:
        """An absolute URL of a site-relative one (`File.url`: `tags/grpo/`, `./` for the
        home page), as urljoin gives it, without its cost on thousands of links."""
        assert self.url is not None
        base = self.url if self.url.endswith("/") else self.url + "/"
        if rel.startswith(("/", "http://", "https://", "../")) or "://" in rel:
            return urljoin(base, rel)
        return base + (rel[2:] if rel.startswith("./") else rel)


def _item(
    site: Site, article: Article, names: Mapping[str, str], hidden: Callable[[str], bool]
) -> Item:
    return Item(
        url=site.absolute(article.url),
        title=article.card_title,
        summary=article.summary,
        published=article.date,
        updated=article.updated,
        tags=tuple(names.get(t, t) for t in article.tags if not hidden(t)),
        authors=article.authors,
        language=article.lang,
    )


def feed(
    site: Site,
    *,
    title: str,
    description: str,
    home: str,
    rss: str,
    json: str,
    articles: Sequence[Article],
    names: Mapping[str, str],
    hidden: Callable[[str], bool],
    limit: int,
) -> Feed:
    """A feed of `articles` (its newest `limit`), for the page at site-relative `home`."""
    items = [_item(site, a, names, hidden) for a in articles]
    return Feed(
        title=title,
        home_url=site.absolute(home),
        rss_url=site.absolute(rss),
        json_url=site.absolute(json),
        description=description,
        language=site.lang,
        items=tuple(newest_first(items, limit)),
    )


def collection(
    site: Site,
    *,
    url: str,
    name: str,
    description: str,
    cards: Sequence[Card] = (),
    tags: Sequence[Tag] = (),
    breadcrumb: Sequence[tuple[str, str]],
) -> dict[str, Any]:
    """JSON-LD of a tag page (`cards`) or of the all-tags page (`tags`): a `CollectionPage`
    whose `mainEntity` is an `ItemList` (position, url, name), with its `BreadcrumbList`."""
    if tags:
        elements = [
            {"@type": "ListItem", "position": i, "url": site.absolute(t.url), "name": t.name}
            for i, t in enumerate(tags, 1)
        ]
    else:
        elements = [
            {
                "@type": "ListItem",
                "position": int(card.number),
                "url": site.absolute(card.article.url),
                "name": card.article.card_title,
            }
            for card in cards
        ]
    return {
        "@context": SCHEMA,
        "@type": "CollectionPage",
        "name": name,
        "description": description,
        "url": site.absolute(url),
        "inLanguage": site.lang,
        "isPartOf": {"@type": "WebSite", "name": site.name, "url": site.absolute("")},
        "mainEntity": {
            "@type": "ItemList",
            "numberOfItems": len(elements),
            "itemListElement": elements,
        },
        "breadcrumb": {
            "@type": "BreadcrumbList",
            "itemListElement": [
                {"@type": "ListItem", "position": i, "name": crumb, "item": site.absolute(link)}
                for i, (crumb, link) in enumerate(breadcrumb, 1)
            ],
        },
    }


def open_graph(
    site: Site, *, url: str, title: str, description: str
) -> tuple[tuple[str, str], ...]:
    """Open Graph properties of a generated page, in the order they are written."""
    return (
        ("og:type", "website"),
        ("og:site_name", site.name),
        ("og:title", title),
        ("og:description", description),
        ("og:url", site.absolute(url)),
        ("og:locale", site.lang.replace("-", "_")),
    )


TAGS_JSON_VERSION = 2
"""Version of `tags.json`'s shape: 2 added `articles` (every listed article once, with what its
card shows) and each card's `article` (its place there); the rest is version 1's."""


def tags_json(
    site: Site,
    index: TagIndex,
    *,
    at: str,
    pages: Mapping[str, Sequence[str]],
    per_page: int,
    remember: Remember | None = None,
) -> Iterator[str]:
    """`tags/tags.json` of one language, as pieces of its text: every tag with its name, slug,
    URL, count and description, the URLs of its pages (relative to this file, at site-relative
    `at`), and each card's number, page, URL, title, facets and article; then every article
    once, with what its card shows and the slugs of its tags. The script reads the cards to
    filter a tag split into pages, and the articles for the explorer of the all-tags page.

    Made one line at a time (the whole document of a large site is tens of megabytes of Python
    objects). Compact: json's C encoder writes it, where `indent` would take its Python one,
    ten times as slow on the largest file of a build. `remember`: a host's cache of lines (see
    `Remember`), keyed by everything a line is made of."""
    head = compact_json({"version": TAGS_JSON_VERSION, "lang": site.lang, "tags": []})
    yield head.removesuffix("[]}") + "["
    numbers = index.article_numbers
    for n, tag in enumerate(index.tags):
        parent = index.by_key.get(tag.parent) if tag.parent is not None else None
        tree = (
            (
                parent.slug if parent is not None else None,
                [index.by_key[k].slug for k in tag.children],
            )
            if index.hierarchical
            else None
        )
        places = tuple(numbers[a.page_src] for a in tag.entries)
        inputs = (site, at, tag, pages.get(tag.key, (tag.url,)), per_page, tree, places)
        line = remember(inputs, _tag_line) if remember is not None else _tag_line(inputs)
        yield ("\n" if n == 0 else ",\n") + line
    yield ("\n" if index.tags else "") + '],"articles":['
    slugs: dict[str, list[str]] = {}
    for tag in index.tags:
        for article in tag.articles:
            slugs.setdefault(article.src_uri, []).append(tag.slug)
    for n, article in enumerate(index.articles):
        own = (site, article, tuple(slugs.get(article.src_uri, ())))
        line = remember(own, _article_line) if remember is not None else _article_line(own)
        yield ("\n" if n == 0 else ",\n") + line
    yield ("\n" if index.articles else "") + "]}\n"


Remember = Callable[[Any, Callable[[Any], str]], str]
"""`remember(inputs, make)` is `make(inputs)`, or what `make` gave an earlier build for equal
`inputs` (a host's cache; `inputs` are plain values and the model's records)."""


def _section_of(article: Article) -> dict[str, str]:
    """A section's card in `tags.json` (issue 41): `article` is its page's number, `section`
    its heading's id and `heading` its text; a page's card has neither key."""
    if article.section is None:
        return {}
    return {"section": article.section.anchor, "heading": article.section.heading}


def _tag_line(inputs: Any) -> str:
    """One tag's line of `tags.json` (`tags_json`), made of `inputs` only."""
    site, at, tag, tag_pages, per_page, tree, places = inputs
    here = posixpath.dirname(at)

    def link(rel: str) -> str:
        return site.absolute(rel) if site.url else rel

    def relative(rel: str) -> str:
        target = posixpath.relpath(rel or ".", here or ".")
        return target + "/" if rel.endswith("/") and not target.endswith("/") else target

    cards = [
        {
            "number": card.number,
            "page": page_of(i, per_page),
            "url": link(card.article.url),
            "title": card.article.title,
            "facets": card.article.facets,
            **dict(card.article.fields),
            "article": places[i],
            **_section_of(card.article),
        }
        for i, card in enumerate(tag.cards)
    ]
    entry: dict[str, Any] = {
        "name": tag.name,
        "slug": tag.slug,
        "url": link(tag.url),
        "count": tag.count,
        "description": tag.description,
        "pages": [relative(p) for p in tag_pages],
        "cards": cards,
    }
    if tree is not None:  # the tree: each level's path, parent and children, by slug
        entry["path"] = tag.path
        entry["parent"], entry["children"] = tree
    return compact_json(entry)


def _article_line(inputs: Any) -> str:
    """One article's line of `tags.json`'s `articles`: what its card shows (`card.html`'s
    `card.article`), links absolute with `site_url`, and the slugs of the tags listing it."""
    site, article, slugs = inputs
    entry: dict[str, Any] = {
        "url": site.absolute(article.url) if site.url else article.url,
        "title": article.title,
        "summary": article.summary,
        "date": article.date.isoformat() if article.date else None,
        "read_time": article.read_time,
        "categories": list(article.categories),
        "member": article.member,
        "type": article.type,
        "audience": list(article.audience),
        "authors": list(article.authors),
        "lang": article.lang,
        "fallback": article.fallback,
        "draft": article.draft,
        **dict(article.fields),
        "facets": article.facets,
        "tags": list(slugs),
    }
    return compact_json(entry)
