"""What one language publishes beside its pages: `tags.json`, the feeds of its tag pages, and
what each generated page adds to `<head>` (feed links, JSON-LD, Open Graph).

The core decides the files and their text; the host writes them (on MkDocs as generated files
that MkDocs copies to `site_dir`). A file the author already has at one of these places wins:
the host says which (`author_has`), and nothing then links to ours.
"""

from __future__ import annotations

import posixpath
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from ..model import tagindex as model
from ..model.language import Language
from ..model.routes import Plan, Route, url_of
from ..records.article import Article
from . import explorer, feeds, syndication
from .contexts import Head


@dataclass(frozen=True)
class StaticFile:
    """A file to publish as it is (not a page): its source path and its text, in pieces."""

    src_uri: str
    content: str | Iterable[str]


@dataclass(frozen=True)
class Deferred:
    """A file's text, made when it is read: `make(data)`, with `data` plain values. A host
    that kept the file an earlier build made from equal `data` need not make it again."""

    make: Callable[[Any], str]
    data: Any

    def __iter__(self) -> Iterator[str]:
        yield self.make(self.data)


@dataclass(frozen=True)
class FeedInputs:
    """Everything a feed is made of (the `data` of its `Deferred`): the feed itself, its items
    one per article, is made only when its file is (a host that kept the file an earlier build
    made of equal inputs never makes it)."""

    site: syndication.Site
    title: str
    description: str
    home: str
    rss: str
    json: str
    articles: tuple[Article, ...]
    names: tuple[tuple[str, str], ...]
    """(tag id, shown name) of the articles' tags that have one, by id."""
    hidden: tuple[str, ...]
    """The articles' tags that are hidden, by id."""
    limit: int

    def feed(self) -> feeds.Feed:
        hidden = set(self.hidden)
        return syndication.feed(
            self.site,
            title=self.title,
            description=self.description,
            home=self.home,
            rss=self.rss,
            json=self.json,
            articles=self.articles,
            names=dict(self.names),
            hidden=hidden.__contains__,
            limit=self.limit,
        )


def rss_of(inputs: FeedInputs) -> str:
    return feeds.rss(inputs.feed())


def json_feed_of(inputs: FeedInputs) -> str:
    return feeds.json_feed(inputs.feed())


@dataclass(frozen=True)
class Published:
    """Everything generated pages link to: the host's generated pages and the author's own."""

    pages: Mapping[str, tuple[Route, str]]
    """Source path → route and URL of every page the host generated in this language."""
    authored: Mapping[str, str]
    """Source path of a planned page → URL of the author's own page at its place."""
    author_has: Callable[[str], bool]
    """Whether the author has a file at a source path (in this language) that is not a page."""
    remember: syndication.Remember | None = None
    """A host's cache of what an earlier build made of equal inputs (`tags.json`'s lines)."""


class Outputs:
    """`tags.json` and the feeds of one language, and the `<head>` data that links them."""

    def __init__(
        self,
        language: Language,
        index: model.TagIndex,
        plan: Plan,
        published: Published,
        names: Mapping[str, str],
        articles: Sequence[Article],
    ) -> None:
        self.language = language
        self.index = index
        self.plan = plan
        self.published = published
        self.names = names
        self.articles = articles
        self.files: list[StaticFile] = []
        self.feeds: dict[str, tuple[str, str]] = {}
        """Source path of a generated page → its feeds (RSS, JSON Feed), site-relative."""
        self.tags_json_url: str | None = None
        self.tag_styles_url: str | None = None
        """Site-relative URL of `tags.css` (the tags file's colours and icons), if written."""
        self.explorer_url: str | None = None
        """Site-relative URL of `explorer.json`, where the all-tags page has the explorer."""
        self.explorer_pieces: list[tuple[str, tuple[model.Card, ...]]] = []
        """(source path, cards) of each piece of the explorer's cards, for the host to render
        with the all-tags page's context (`Edition.explorer_piece`) and write."""
        if index.tags:
            self._tags_json()
            self._tag_styles()
            self._all_feeds()
            self._explorer()

    def take_files(self) -> list[StaticFile]:
        """The files to write, handed over once: a host that writes them at once (MkDocs'
        writes them to disk) need not keep every feed's text alive while the pages render."""
        files, self.files = self.files, []
        return files

    def url(self, src_uri: str) -> str:
        return url_of(src_uri, self.language.prefix, self.language.site_info.directory_urls)

    def _add(self, src_uri: str, content: str | Iterable[str]) -> bool:
        """Publish a file unless the author has one at its place (theirs wins)."""
        if self.published.author_has(src_uri):
            self.language.run.info(f"'{src_uri}' is the author's own file; not generating it")
            return False
        self.files.append(StaticFile(src_uri, content))
        return True

    @cached_property
    def tag_pages(self) -> dict[str, list[str]]:
        """Tag id → the URLs of the pages generated for it, its first page first, then in the
        order of their numbers (`tags.json`'s `pages`: card `n` is on page `n // per_page`)."""
        pages: dict[str, list[str]] = {}
        for route, url in self.published.pages.values():
            if route.tag is not None:
                pages.setdefault(route.tag, []).append(url)
        for urls in pages.values():
            urls.sort(key=lambda u: (u.count("/page/"), len(u), u))
        return pages

    def _tags_json(self) -> None:
        pages = self.tag_pages
        src_uri = f"{self.plan.tags_dir}/tags.json"
        at = self.url(src_uri)
        data = syndication.tags_json(
            self.language.site,
            self.index,
            at=at,
            pages=pages,
            per_page=self.plan.per_page,
            remember=self.published.remember,
        )
        if self._add(src_uri, data):
            self.tags_json_url = at

    def _explorer(self) -> None:
        """`explorer.json` and the pieces of cards, where the all-tags page is ours and has the
        explorer (`explorer.py`)."""
        if not self.language.options.explorer or self.plan.index_src not in self.published.pages:
            return
        src_uri = f"{self.plan.tags_dir}/{explorer.INDEX_NAME}"
        audiences = [audience for audience, _ in self.language.audiences]
        if not self._add(src_uri, explorer.explorer_index(self.index, audiences)):
            return
        self._add(f"{self.plan.tags_dir}/{explorer.NAMES}", explorer.names_json(self.index))
        self.explorer_url = self.url(src_uri)
        self.explorer_pieces = [
            (f"{self.plan.tags_dir}/{name}", cards) for name, cards in explorer.pieces(self.index)
        ]

    def publish_beside(self, name: str, make: Callable[[str], str | None]) -> None:
        """A file beside `tags.json` (`sectionchips.py`'s `sections.json` and `listings.json`),
        its text `make(url)`; none where that is None."""
        if self.tags_json_url is None:
            return
        src_uri = f"{self.plan.tags_dir}/{name}"
        text = make(self.url(src_uri))
        if text is not None:
            self._add(src_uri, text)

    def _tag_styles(self) -> None:
        """`tags.css` beside `tags.json`, in each language's folder as `tags.json` is, with the
        rules of that language's tags (slugs are shared: a rule is the same in every language)."""
        css = self.language.run.tag_styles({tag.key: tag.slug for tag in self.index.tags})
        src_uri = f"{self.plan.tags_dir}/tags.css"
        if css is not None and self._add(src_uri, css):
            self.tag_styles_url = self.url(src_uri)

    def _all_feeds(self) -> None:
        """With `site_url`, the feeds of every generated tag page (and the site-wide one)."""
        options = self.language.options.feeds
        if not options.enabled:
            return
        if self.language.site.url is None:
            self.language.run.info(
                "no feeds, structured data or Open Graph on tag pages: they need absolute "
                "links, so set site_url in mkdocs.yml"
            )
            return
        labels, site = self.language.labels, self.language.site
        for tag in self.index.tags:
            src_uri = self.plan.tag_src(tag.key)
            if src_uri not in self.published.pages:
                continue  # the author's own page for this tag
            title = f"{labels.t('tag_heading', name=tag.name)} · {site.name}"
            folder = posixpath.dirname(src_uri)
            # an item per card: a section's card is its own item (issue 41)
            self._feed(self.published.pages[src_uri][0], folder, title, tag.url, tag.entries)
        index_src = self.plan.index_src
        if options.site_wide and index_src in self.published.pages:
            everything = model.ordered(self.articles, "date")
            title = f"{labels.t('all_tags')} · {site.name}"
            route, home = self.published.pages[index_src]
            self._feed(route, self.plan.tags_dir, title, home, everything)

    def _feed(
        self, route: Route, folder: str, title: str, home: str, articles: Sequence[Article]
    ) -> None:
        rss, json_feed = f"{folder}/feed.xml", f"{folder}/feed.json"
        urls = (self.url(rss), self.url(json_feed))
        names, hidden = self.names, self.language.run.is_hidden
        tags = sorted({t for a in articles for t in a.tags})
        found = FeedInputs(
            site=self.language.site,
            title=title,
            description=self.language.description(route, self.plan, self.names),
            home=home,
            rss=urls[0],
            json=urls[1],
            articles=tuple(articles),
            names=tuple((t, names[t]) for t in tags if t in names),
            hidden=tuple(t for t in tags if hidden(t)),
            limit=self.language.options.feeds.limit,
        )
        wrote_rss = self._add(rss, Deferred(rss_of, found))
        wrote_json = self._add(json_feed, Deferred(json_feed_of, found))
        if wrote_rss and wrote_json:
            self.feeds[route.src_uri] = urls

    def head(
        self,
        route: Route,
        url: str,
        tag: model.Tag | None,
        cards: Sequence[model.Card],
        index_url: str | None,
    ) -> Head:
        """Feed links, JSON-LD and Open Graph of a generated page (all need `site_url`)."""
        site, labels = self.language.site, self.language.labels
        if site.url is None:
            return Head()
        description = self.language.description(route, self.plan, self.names)
        home = self.language.prefix
        if route.kind == "tag" and tag is not None:
            name = labels.t("tag_heading", name=tag.name)
            feeds_of = self.feeds.get(self.plan.tag_src(tag.key))
            crumbs = [(site.name, home)]
            if index_url is not None:
                crumbs.append((labels.t("all_tags"), index_url))
            for up in self.index.ancestors(tag):  # with the hierarchy: ml, ml/rl
                crumbs.append((labels.t("tag_heading", name=up.name), up.url))
            crumbs.append((name, url))
            data = syndication.collection(
                site, url=url, name=name, description=description, cards=cards, breadcrumb=crumbs
            )
        else:
            name = labels.t("all_tags")
            feeds_of = self.feeds.get(self.plan.index_src)
            crumbs = [(site.name, home), (name, url)]
            tags = self.index.tags
            data = syndication.collection(
                site, url=url, name=name, description=description, tags=tags, breadcrumb=crumbs
            )
        og = (
            ()
            if self.language.site_info.social_cards
            else syndication.open_graph(site, url=url, title=name, description=description)
        )
        return Head(
            rss=feeds_of[0] if feeds_of else None,
            json_feed=feeds_of[1] if feeds_of else None,
            feed_title=name,
            structured=feeds.script_json(data),
            open_graph=og,
        )
