"""Everything one language publishes, made once every page of it is read: the tag model, the
related articles, `tags.json` and feeds, and what each template receives.

An `Edition` exists only when its inputs do: a host makes it from `Language.collect`'s result
and the pages it generated (`outputs.Published`), then asks it for template contexts.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import replace
from functools import cached_property
from typing import cast

from markupsafe import escape

from ..output import sectionchips
from ..output.contexts import ArticleContext, Chip, ListingContext, PageContext, PassThrough
from ..output.outputs import Outputs, Published
from ..records.article import Article
from ..records.listings import Listing
from ..text.labels import Labels
from ..text.slugs import tag_key
from . import cooccurrence, groups, hierarchy
from . import tagindex as model
from .cooccurrence import Narrowing
from .language import Collected, Language
from .routes import Route, url_of


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
            slugs={t: self.run.slug(t) for t in {**self.names, **self.plan.counts}},
            urls=self.urls,
            descriptions={t: d for t in self.names if (d := catalog.description(t, language.code))},
            sort_by=cast(model.SortBy, self.options.sort_by),
            reverse=self.options.sort_reverse,
            index_sort=cast(model.IndexSort, self.options.index_sort),
            tag_order=catalog.order,
            separator=self.run.separator,
        )
        self.group_by: dict[str, str] = {}
        """Tag id → its page's grouping, where it groups (the tags file, then `group_by`)."""
        chosen = self.run.catalog.group_by
        self.index = _grouped(self.index, self.options.group_by, chosen, self.group_by, language)
        self.outputs = Outputs(
            language, self.index, self.plan, published, self.names, list(self.articles.values())
        )
        sectionchips.publish(self, collected.spellings)
        self.styled = frozenset(t.slug for t in self.index.tags if self.run.styled(t.key))
        """Slugs of the tags the tags file styles (colour, icon) among this language's."""

    @cached_property
    def related(self) -> dict[str, tuple[Article, ...]]:
        """Each article's related articles: made when an article page first asks (a host that
        publishes no article page, as the `tagindex` command, never pays for them)."""
        if not self.options.related.enabled:
            return {}
        return model.related(self.articles.values(), limit=self.options.related.limit)

    @cached_property
    def narrow_with(self) -> dict[str, tuple[Narrowing, ...]]:
        """Each tag's "narrow with…" tags, made when a tag page first asks; none where no explorer
        of ours is there to open (`index: false`, the author's own tags page, `explorer: false`)."""
        made = self.index_url is not None and self.plan.index_src in self.published.pages
        if not (made and self.options.explorer):
            return {}
        return cooccurrence.narrowings(self.index, self.options.narrow_with)

    # -- generated pages ----------------------------------------------------------------------

    def page_context(
        self, route: Route, url: str, *, frame: PassThrough | None = None, frame_state: str = ""
    ) -> PageContext:
        """What a generated page's template receives as `tagindex`."""
        tag = self.index.by_key.get(route.tag) if route.tag is not None else None
        if route.tag is not None and tag is None:  # listed in the nav, but no page has it now
            name = self.names.get(route.tag) or route.tag
            tag = model.Tag(route.tag, name, self.run.slug(route.tag), url, ())
        cards = every = tag.cards if tag is not None else ()
        facet = self.group_by.get(tag.key, "none") if tag is not None else "none"
        pagination = None
        per_page = self.options.per_page
        start, stop = 0, len(cards)
        if tag is not None and route.pages > 1 and per_page:
            start, stop = (route.number - 1) * per_page, route.number * per_page
            cards = cards[start:stop]
            urls = tuple(
                self.published.pages[src][1]
                for n in range(1, route.pages + 1)
                if (src := self.plan.tag_src(tag.key, n)) in self.published.pages
            )
            pagination = model.Pagination(number=route.number, count=len(urls), urls=urls)
        language = self.language
        context = PageContext(
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
            # the explorer needs its index (`explorer.json`; an author's file there stops it)
            explorer=route.kind == "index" and self.outputs.explorer_url is not None,
            explorer_url=self.outputs.explorer_url,
            # the explorer's cards stand under its own h2 heading
            card_heading="h3" if route.kind == "index" else "h2",
            breadcrumbs=tuple(self.index.ancestors(tag)) if tag is not None else (),
            children=tuple(self.index.children_of(tag)) if tag is not None else (),
            narrow_with=self.narrow_with.get(tag.key, ()) if tag is not None else (),
            styled=self.styled,
            tag_styles_url=self._styles_url(tag.slug if tag is not None else None),
        )
        if context.explorer:  # its cards come in pieces: none in the page
            context = replace(context, index=replace(self.index, explorer_part=()))
        if facet == "none" or start >= len(every):
            return context
        # grouped: the groups of cards `start:stop`, card titles a level under their headings
        found = groups.page_groups(every, start, stop, facet, self.language.labels)
        return replace(context, group_by=facet, groups=found, card_heading="h3")

    def explorer_pieces(self, page: PageContext) -> Iterator[tuple[str, PageContext]]:
        """(source path, context) of each piece of the explorer's cards (`output/explorer.py`):
        the all-tags page's context `page`, with the piece's cards as `index.explorer_cards`;
        a host renders `tagindex/explorer.html` with each and writes `piece_json` of it."""
        for src_uri, cards in self.outputs.explorer_pieces if page.explorer else ():
            index = replace(self.index, explorer_part=cards)
            yield src_uri, replace(page, explorer_piece=True, index=index)

    def _styles_url(self, slug: str | None) -> str | None:
        """`tags.css` on a page that shows a styled tag: its tag page, or the all-tags page."""
        shown = slug in self.styled if slug is not None else bool(self.styled)
        return self.outputs.tag_styles_url if shown else None

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
            tag_styles_url=(
                self.outputs.tag_styles_url
                if any(self.run.styled(t) and not self.run.is_hidden(t) for t in article.tags)
                else None
            ),
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
            path = ""
            if self.run.separator is not None and "/" in tag:  # a level below the top: the
                # leaf's name, the whole path as its title (a top-level chip needs none)
                name = self.language.name(tag, self.names)
                path = hierarchy.full_name(tag, self.names, self.run.separator)
            name = escape(name if icons else self.language.labels.t("tag_heading", name=name))
            if self.run.is_hidden(tag):
                if self.run.is_shadow(tag) and shadows_shown:
                    chips.append(Chip(name, "", hidden=True))
                continue
            url = self.urls.get(tag, "")
            if not url and own is not None and tag in own.counts:
                directory_urls = self.language.site_info.directory_urls
                url = url_of(own.tag_src(tag), prefix, directory_urls)
            chips.append(Chip(name, url, title=path, slug=self.run.slugs.get(tag, "")))
        return chips

    # -- listings -----------------------------------------------------------------------------

    def listing_context(self, listing: Listing) -> ListingContext:
        """What `tagindex/listing.html` receives for one `<!-- tagindex … -->` marker."""
        if self.run.separator is not None:  # a level, as the tag id of its path
            keys = dict.fromkeys(self.run.catalog.resolve(n)[0] for n in listing.tags)
        else:
            keys = dict.fromkeys(tag_key(n) for n in listing.tags)
        cards = self._listing_cards(listing)
        facet = listing.group_by or "none"
        found = groups.grouped(cards, facet, self.language.labels)
        context = self._listing(
            cards, [self.index.by_key[t] for t in keys if t in self.index.by_key]
        )
        if not found:
            return context
        return replace(context, group_by=facet, groups=found, card_heading="h4")

    def pages_context(self, tag_name: str, src_uris: Iterable[str]) -> ListingContext:
        """What `tagindex/listing.html` receives for one tag of another tool's listing (the
        `tagindex` layout of Material's tags plugin): the listed pages that are articles here,
        in this plugin's card order (`sort_by`), numbered from 01. Drafts stay off, as on tag
        pages; so does a page without an article (another tool's notion of tags). The tool
        lists pages by their `tags:`: the sections that carry the tag on pages without it
        (issue 41) join them as the tag page shows them, each where its page's order puts it."""
        chosen = [a for s in dict.fromkeys(src_uris) if (a := self.articles.get(s)) is not None]
        key = self.run.catalog.resolve(tag_name)[0]
        tag = self.index.by_key.get(key)
        pairs = [(a, a) for a in chosen] + model.sections_saying(tag, key, self.articles)
        sort_by = cast(model.SortBy, self.options.sort_by)
        ordered = model.in_page_order(pairs, sort_by, reverse=self.options.sort_reverse)
        return self._listing(model.cards(ordered), [tag] if tag is not None else [])

    def _listing(self, cards: tuple[model.Card, ...], tags: list[model.Tag]) -> ListingContext:
        """A listing's context: its cards and the tags it names, in this language."""
        return ListingContext(
            kind="listing",
            lang=self.language.code,
            labels=self.language.labels,
            cards=cards,
            tags=tuple(tags),
            index=self.index,
            audiences=self.language.audiences,
        )

    def _listing_cards(self, listing: Listing) -> tuple[model.Card, ...]:
        wanted = {self.run.catalog.resolve(name)[0] for name in listing.tags}
        chosen: list[tuple[Article, Article]] = []  # (page, card): a section's card, its page
        for article in self.articles.values():
            if not _passes(listing, article):
                continue
            if not wanted or wanted.intersection(self.run.levels(article.tags)):
                chosen.append((article, article))
                continue
            levels = self.run.levels
            sections = [s for s in article.sections if wanted.intersection(levels(s.ids))]
            chosen.extend((article, article.of_section(s)) for s in sections)
        sort_by = cast(model.SortBy, listing.sort_by or self.options.sort_by)
        ordered = model.in_page_order(chosen, sort_by, reverse=listing.reverse)
        ordered = ordered[: listing.limit] if listing.limit else ordered
        # the newest (or first) `limit` cards, then grouped: numbers follow the order shown
        facet = listing.group_by or "none"
        return model.cards(groups.arrange(ordered, facet, self.language.labels))


def _arranged(tag: model.Tag, facet: str, labels: Labels) -> model.Tag:
    """A tag's articles in group order; its section cards too, each where its page would be."""
    arranged = tuple(groups.arrange(tag.articles, facet, labels))
    if tag.listed is None:
        return replace(tag, articles=arranged)
    return replace(tag, articles=arranged, listed=tuple(groups.arrange(tag.listed, facet, labels)))


def _grouped(
    index: model.TagIndex,
    default: str,
    chosen: Mapping[str, str],
    group_by: dict[str, str],
    language: Language,
) -> model.TagIndex:
    """Tags whose page groups its cards (`chosen` per tag, else `default`; each noted in
    `group_by`) get their articles in group order, so that the numbers, the pages of a long
    tag and `tags.json` all follow the order shown."""
    tags = []
    for tag in index.tags:
        facet = chosen.get(tag.key, default)
        if facet != "none":
            group_by[tag.key] = facet
            tag = _arranged(tag, facet, language.labels)
        tags.append(tag)
    if not group_by:
        return index
    return replace(index, tags=tuple(tags), by_key={t.key: t for t in tags})


def _passes(listing: Listing, article: Article) -> bool:
    """Whether a page (and so its sections' cards) passes a listing's filters on its facets."""
    if listing.type and (article.type or "").lower() != listing.type.lower():
        return False
    if listing.audience and article.audience and listing.audience not in article.audience:
        return False
    if listing.category and listing.category not in article.categories:
        return False
    return listing.member is None or article.member == listing.member
