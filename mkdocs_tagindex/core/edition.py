"""Everything one language publishes, made once every page of it is read: the tag model, the
related articles, `tags.json` and feeds, and what each template receives.

An `Edition` exists only when its inputs do: a host makes it from `Language.collect`'s result
and the pages it generated (`outputs.Published`), then asks it for template contexts.
"""

from __future__ import annotations

from functools import cached_property
from typing import cast

from markupsafe import escape

from . import model
from .article import Article
from .contexts import ArticleContext, Chip, ListingContext, PageContext, PassThrough
from .language import Collected, Language
from .listings import Listing
from .outputs import Outputs, Published
from .routes import Route, url_of
from .slugs import tag_key


class Edition:
    """One language's tags and articles, frozen, and the contexts of its templates."""

    def __init__(self, language: Language, collected: Collected, published: Published) -> None:
        self.language = language
        self.run = language.run
        self.options = language.options
        self.articles = collected.articles
        self.unlisted = collected.unlisted
        self.names = collected.names
        self.plan = collected.plan
        self.published = published
        self.urls: dict[str, str] = {}
        """Tag id → URL of its page: generated here, or the author's own at its place."""
        for tag in self.plan.counts:
            src = self.plan.tag_src(tag)
            found = published.pages.get(src)
            url = found[1] if found is not None else published.authored.get(src)
            if url is not None:
                self.urls[tag] = url
        index = published.pages.get(self.plan.index_src)
        self.index_url = index[1] if index else published.authored.get(self.plan.index_src)
        catalog = self.run.catalog
        self.index = model.build(
            self.articles.values(),
            names=self.names,
            slugs={t: self.run.slug(t) for t in self.names},
            urls=self.urls,
            descriptions={t: d for t in self.names if (d := catalog.description(t, language.code))},
            sort_by=cast(model.SortBy, self.options.sort_by),
            reverse=self.options.sort_reverse,
            index_sort=cast(model.IndexSort, self.options.index_sort),
            tag_order=catalog.order,
        )
        self.outputs = Outputs(
            language, self.index, self.plan, published, self.names, list(self.articles.values())
        )

    @cached_property
    def related(self) -> dict[str, tuple[Article, ...]]:
        """Each article's related articles: made when an article page first asks (a host that
        publishes no article page, as the `tagindex` command, never pays for them)."""
        if not self.options.related.enabled:
            return {}
        return model.related(self.articles.values(), limit=self.options.related.limit)

    # -- generated pages ----------------------------------------------------------------------

    def page_context(
        self, route: Route, url: str, *, frame: PassThrough | None = None, frame_state: str = ""
    ) -> PageContext:
        """What a generated page's template receives as `tagindex`."""
        tag = self.index.by_key.get(route.tag) if route.tag is not None else None
        if route.tag is not None and tag is None:  # listed in the nav, but no page has it now
            name = self.names.get(route.tag) or route.tag
            tag = model.Tag(route.tag, name, self.run.slug(route.tag), url, ())
        cards = tag.cards if tag is not None else ()
        pagination = None
        per_page = self.options.per_page
        if tag is not None and route.pages > 1 and per_page:
            cards = cards[(route.number - 1) * per_page : route.number * per_page]
            urls = tuple(
                self.published.pages[src][1]
                for n in range(1, route.pages + 1)
                if (src := self.plan.tag_src(tag.key, n)) in self.published.pages
            )
            pagination = model.Pagination(number=route.number, count=len(urls), urls=urls)
        language = self.language
        return PageContext(
            kind=route.kind,
            lang=language.code,
            labels=language.labels,
            index=self.index,
            tag=tag,
            index_url=self.index_url,
            audiences=language.audiences,
            filters=tuple(self.options.filters),
            frame=frame if frame is not None else PassThrough(),
            frame_state=frame_state,
            cards=cards,
            pagination=pagination,
            head=self.outputs.head(route, url, tag, cards, self.index_url),
            tags_json_url=self.outputs.tags_json_url,
            search_articles=self.options.search_articles,
        )

    # -- article pages ------------------------------------------------------------------------

    def article(self, src_uri: str) -> Article | None:
        """The article of a page, listed or a draft kept off the listings."""
        return self.articles.get(src_uri) or self.unlisted.get(src_uri)

    def article_context(self, article: Article) -> ArticleContext:
        return ArticleContext(
            kind="article",
            lang=self.language.code,
            labels=self.language.labels,
            article=article,
            show_meta=self.options.read_time.on_article,
            related=self.related.get(article.src_uri, ()),
        )

    def chips(
        self, article: Article, locale: str | None, *, icons: bool, shadows_shown: bool
    ) -> list[Chip]:
        """The tags of an article as chips: this language's tag pages, or, on an untranslated
        page (`locale`: its own language), that language's; shadow tags unlinked and marked
        hidden where the theme shows them. With tag icons (Material's `extra.tags`) a chip
        names the tag as written, so the theme finds its icon and draws its own mark."""
        own = self.run.plan(locale) if locale and article.fallback else None
        prefix = self.run.languages.prefix(locale) if locale and article.fallback else ""
        chips = []
        for tag in article.tags:
            name = self.names.get(tag, tag)
            name = escape(name if icons else self.language.labels.t("tag_heading", name=name))
            if self.run.is_hidden(tag):
                if self.run.is_shadow(tag) and shadows_shown:
                    chips.append(Chip(name, "", hidden=True))
                continue
            url = self.urls.get(tag, "")
            if not url and own is not None and tag in own.counts:
                directory_urls = self.language.site_info.directory_urls
                url = url_of(own.tag_src(tag), prefix, directory_urls)
            chips.append(Chip(name, url))
        return chips

    # -- listings -----------------------------------------------------------------------------

    def listing_context(self, listing: Listing) -> ListingContext:
        """What `tagindex/listing.html` receives for one `<!-- tagindex … -->` marker."""
        keys = dict.fromkeys(tag_key(n) for n in listing.tags)
        return ListingContext(
            kind="listing",
            lang=self.language.code,
            labels=self.language.labels,
            cards=self._listing_cards(listing),
            tags=tuple(self.index.by_key[t] for t in keys if t in self.index.by_key),
            index=self.index,
            audiences=self.language.audiences,
        )

    def _listing_cards(self, listing: Listing) -> tuple[model.Card, ...]:
        wanted = {self.run.catalog.resolve(name)[0] for name in listing.tags}
        chosen = []
        for article in self.articles.values():
            if wanted and not wanted.intersection(article.tags):
                continue
            if listing.type and (article.type or "").lower() != listing.type.lower():
                continue
            if listing.audience and article.audience and listing.audience not in article.audience:
                continue
            if listing.category and listing.category not in article.categories:
                continue
            if listing.member is not None and article.member != listing.member:
                continue
            chosen.append(article)
        sort_by = cast(model.SortBy, listing.sort_by or self.options.sort_by)
        ordered = model.ordered(chosen, sort_by, reverse=listing.reverse)
        return model.cards(ordered[: listing.limit] if listing.limit else ordered)
