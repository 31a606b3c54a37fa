"""The plugin's state: one `Run` per `mkdocs build`, one `Build` per language build of it.

mkdocs-static-i18n runs one whole MkDocs build per language on the same plugin instance (the
default language sometimes twice), so what is true for the whole site (which tags each language
has, one slug per tag, warnings already given) lives in `Run`, and what one language build
finds (its articles, its generated pages, its tag model) in `Build`. Both are created fresh;
`Memory` is the one thing kept across runs, for `--dirty` rebuilds under `mkdocs serve`.
"""

from __future__ import annotations

import logging
import posixpath
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import cast

from jinja2 import Environment
from markupsafe import escape
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import get_plugin_logger
from mkdocs.structure.files import File, Files, InclusionLevel
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import Page
from mkdocs.utils import get_relative_url
from mkdocs.utils.templates import TemplateContext

from . import collect, feeds, i18n, interop, model, readtime, slugs, syndication, tagsfile
from . import frame as frame_module
from . import labels as label_tables
from .collect import Article, FrontMatter
from .config import TagIndexConfig
from .frame import Frame
from .pages import (
    ArticleContext,
    Chip,
    Head,
    ListingContext,
    PageContext,
    Stubs,
    new_file,
    page_title,
    static_file,
    stub_meta,
    target_file,
)
from .routes import Plan, Route

log = get_plugin_logger("tagindex")


@dataclass
class Memory:
    """Kept across runs by the plugin instance: the temporary folder of generated sources, and
    the last article record of every page, for pages a `--dirty` rebuild does not render."""

    stubs: Stubs = field(default_factory=Stubs)
    articles: dict[tuple[str, str], tuple[Article, tuple[str, ...]]] = field(default_factory=dict)
    """(language, source path) → the page's last article record and its tags' spellings."""
    keeps_articles: bool = True
    """Only `mkdocs serve` rebuilds in the same process; a `mkdocs build` (even `--dirty`)
    starts with nothing to reuse, so it keeps no copy of every language's articles."""

    def forget(self, lang: str, keep: set[str]) -> None:
        """Drop what is known of `lang`'s pages that no longer exist."""
        for key in [k for k in self.articles if k[0] == lang and k[1] not in keep]:
            del self.articles[key]


class Run:
    """One `mkdocs build` (or one serve rebuild), across static-i18n's language builds."""

    def __init__(self, options: TagIndexConfig, *, serving: bool) -> None:
        self.options = options
        self.serving = serving
        self.languages: i18n.Languages | None = None
        self.catalog = tagsfile.TagCatalog()
        self.slugs: dict[str, str] = {}
        self.shown_as: dict[str, str] = {}
        """Tag id → its most used spelling over every language, from the first pass."""
        self.predicted: dict[str, dict[str, int]] = {}
        """Language → tag id → cards, from front matter read before any page is rendered."""
        self.final: dict[str, dict[str, int]] = {}
        """The same from the final page state, for each language built so far in this run."""
        self.is_shadow: Callable[[str], bool] = lambda name: False
        """Material's shadow tags (its `shadow_tags`, prefix, suffix)."""
        self._said: set[tuple[int, str]] = set()

    # -- messages: each once per run, however often static-i18n builds a language --------------

    def say(self, level: int, message: str) -> None:
        if (level, message) not in self._said:
            self._said.add((level, message))
            log.log(level, message)

    def warn(self, message: str) -> None:
        self.say(logging.WARNING, message)

    def info(self, message: str) -> None:
        self.say(logging.INFO, message)

    # -- the first pass: front matter of every language, before anything is rendered ----------

    def first_pass(self, files: Files, config: MkDocsConfig) -> None:
        """Read every page's front matter once per run: which tags each language will have
        (to create their pages while other plugins can still see new files) and their slugs.

        What is listed and counted comes later, from each page's final state; this only
        predicts, and the prediction is corrected when a page's final meta differs.
        """
        self.languages = i18n.languages(config)
        if self.options.tags_file:
            self.catalog, problems = tagsfile.load(self.options.tags_file)
            for problem in problems:
                self.warn(problem)
        self.is_shadow = interop.shadow_tags(config)
        keys = self.options.front_matter
        tagged: dict[str, tuple[str, ...]] = {}
        for file in sorted(files, key=lambda f: f.src_uri):
            if not file.is_documentation_page():
                continue
            try:
                source = file.content_string
            except (OSError, ValueError):
                continue  # MkDocs reports unreadable files itself
            meta = collect.front_matter(source, file.src_uri, self.warn)
            if collect.has_tags(meta, keys):
                tags = collect.tags_of(meta, keys)
                if tags:
                    tagged[file.src_uri] = tags
        spellings: list[tuple[str, str]] = []
        fallback_mode = self.options.fallback_articles
        for lang, selected in self.languages.select(tagged).items():
            counts: Counter[str] = Counter()
            own_tags: set[str] = set()
            for src_uri in selected:
                own = self.languages.locale_of(src_uri)[0] == lang
                named = [(self.catalog.resolve(name)[0], name) for name in tagged[src_uri]]
                spellings.extend(named)
                ids = dict(named)
                if own:
                    own_tags.update(ids)
                if own or fallback_mode == "mark":
                    counts.update(ids.keys())
            self.predicted[lang] = {
                t: n for t, n in counts.items() if t in own_tags and not self.is_hidden(t)
            }
        self._assign_slugs(spellings)

    def _assign_slugs(self, spellings: list[tuple[str, str]]) -> None:
        self.shown_as = model.display_names(spellings)
        self.slugs = slugs.assign(self.shown_as)
        self.report_merges(spellings, self.shown_as)

    def report_merges(self, spellings: list[tuple[str, str]], shown_as: dict[str, str]) -> None:
        """One INFO line per tag written in several ways (`#grpo`, `grpo`): one page for all."""
        for merge in slugs.merges(spellings, shown_as):
            written = ", ".join(f"'{name}'" for name in merge.spellings)
            self.info(
                f"tags {written} are one tag, shown as '{merge.shown_as}' "
                f"(they share the URL {self.options.tags_dir.strip('/')}/{self.slug(merge.tag)}/)"
            )

    def is_hidden(self, tag: str) -> bool:
        """A tag that classifies (filters, related articles) but has no page and no chip: the
        tags file's `hidden: true`, or one of Material's shadow tags."""
        return tag in self.catalog.hidden or self.is_shadow(tag)

    def slug(self, tag: str) -> str:
        """The slug of a tag, also of one that only the final page state has."""
        if tag not in self.slugs:
            candidate = slugs.slugify(tag)
            taken = set(self.slugs.values())
            while candidate in taken:  # practically never: two cut keys with one hash
                candidate = f"{candidate}-{slugs.digest(candidate)}"
            self.slugs[tag] = candidate
        return self.slugs[tag]

    def plan(self, lang: str) -> Plan:
        """The generated pages of `lang`: as built if it was built in this run, else predicted."""
        counts = self.final.get(lang, self.predicted.get(lang, {}))
        return Plan(
            tags_dir=self.options.tags_dir.strip("/"),
            slugs={t: self.slug(t) for t in counts},
            counts=counts,
            per_page=self.options.per_page,
            index=self.options.index,
        )

    def tag_id(self, name: str, src_uri: str) -> str:
        """The tag a front-matter name stands for; with a tags file, unknown names are reported."""
        tag, known = self.catalog.resolve(name)
        if self.catalog.enabled and not known and self.options.unknown_tags != "ignore":
            key = self.options.front_matter.tags
            message = f"{src_uri}: front matter '{key}': tag '{name}' is not in the tags file"
            if self.options.unknown_tags == "error":
                raise PluginError(f"tagindex: {message}")
            self.warn(message)
        return tag


@dataclass
class Generated:
    """A page this build generates, and the file that stands for it."""

    route: Route
    file: File
    listed: bool = False
    """The author lists it in the nav."""
    nav_title: bool = False
    """The nav gives it a title of the author's own."""


class Build:
    """One language build: its generated pages, its articles, its tag model."""

    def __init__(self, run: Run, memory: Memory, config: MkDocsConfig) -> None:
        self.run = run
        self.memory = memory
        self.options = run.options
        assert run.languages is not None
        self.languages = i18n.languages(config)
        self.lang = self.languages.current
        self.prefix = self.languages.prefix(self.lang)
        self.labels, substituted = label_tables.labels_for(
            self.lang, self.options.labels, config.theme.dirs
        )
        if substituted:  # INFO: a language without a built-in table is no mistake of the site
            run.info(substituted.message)
        self.audiences = tuple(
            (collect.tag_key(str(audience)), str(self._label(labels) or audience))
            for audience, labels in self.options.audiences.items()
        )
        self.site = syndication.Site(
            url=config.site_url or None,
            name=str(config.site_name),
            lang=self.lang.replace("_", "-"),
        )
        self.feeds: dict[str, tuple[str, str]] = {}
        """Source path of a generated page → its feeds (RSS, JSON Feed), site-relative."""
        self.tags_json_url: str | None = None
        self.social = interop.social_cards(config)
        self.generated: dict[str, Generated] = {}
        """Source path → generated page of this build."""
        self.authored: dict[str, File] = {}
        """Source path of a generated page → the author's own file at its place, which wins."""
        self.nav_titles: dict[str, str] = {}
        """Source path → the title the nav gives a page (before any page is read)."""
        self.facts: dict[str, tuple[str | None, int | None, str | None]] = {}
        """Source path → (first heading, computed read time, first paragraph) of each page."""
        self.articles: dict[str, Article] = {}
        """Source path → the articles this build lists (drafts only under `mkdocs serve`)."""
        self.unlisted: dict[str, Article] = {}
        """Drafts in `mkdocs build`: not listed, counted, related or fed, but they keep their
        chips and meta line on their own page."""
        self.listings: dict[str, list[collect.Listing]] = {}
        """Source path → the listing markers of that page, in order."""
        self.related: dict[str, tuple[Article, ...]] = {}
        self.names: dict[str, str] = {}
        self.plan = Plan(tags_dir=self.options.tags_dir.strip("/"), slugs={})
        self.index: model.TagIndex | None = None
        self.urls: dict[str, str] = {}
        self.index_url: str | None = None
        self.frame = Frame(enabled=frame_module.enabled_by_environment())
        self._in_full = Frame(enabled=False)
        """The frame of pages rendered in full: it keeps nothing."""
        self._kind_sizes: Counter[str] | None = None
        """Frame kind → generated pages of it, counted when the first of them is rendered."""
        self._full: dict[str, tuple[str, str]] = {}
        """Source path of a sampled generated page → (frame kind, its full render)."""
        self.env: Environment | None = None
        self._rates: dict[str, readtime.Rates] = {}

    def _label(self, labels: object) -> str | None:
        if isinstance(labels, Mapping):
            return label_tables.pick(labels, self.lang)
        return str(labels) if labels else None

    # -- files: generated pages while other plugins can still see new files -------------------

    def add_pages(self, files: Files, config: MkDocsConfig) -> None:
        """Generate this language's predicted pages (corrected in `finalize`)."""
        self.plan = self.run.plan(self.lang)
        taken = {f.dest_uri: f for f in files}
        added = [self._add(route, files, config, taken) for route in self.plan.routes()]
        interop.register_generated(config, [f for f in added if f is not None])

    def _add(
        self, route: Route, files: Files, config: MkDocsConfig, taken: Mapping[str, File]
    ) -> File | None:
        meta = stub_meta(route, self._title(route, self.plan), self._description(route))
        path = self.memory.stubs.write(self.lang, route.src_uri, meta)
        file = new_file(config, route.src_uri, self.prefix, path)
        existing = taken.get(file.dest_uri)
        if existing is not None:
            self.run.info(f"'{existing.src_uri}' is the author's own page; not generating it")
            self.authored[route.src_uri] = existing
            return None
        files.append(file)
        i18n.join(config, file)
        self.generated[route.src_uri] = Generated(route, file)
        return file

    def _title(self, route: Route, plan: Plan) -> str:
        if route.tag is None:
            return self.labels.t("all_tags")
        name = (
            self.names.get(route.tag)
            or self.run.catalog.name(route.tag, self.lang)
            or self.run.shown_as.get(route.tag, route.tag)
        )
        if route.number > 1:
            return self.labels.t("page_title", name=name, number=route.number, pages=route.pages)
        return name

    def _description(self, route: Route) -> str:
        """`<meta name=description>` of a generated page: the tag's own description from the
        tags file, else what the page lists ("#grpo · 16 articles")."""
        if route.tag is None:
            count = len(self.plan.counts)
            return f"{self.labels.t('all_tags')} · {self.labels.t('tags', count)}"
        own = self.run.catalog.description(route.tag, self.lang)
        if own:
            return own
        name = self._title(replace(route, number=1), self.plan)
        heading = self.labels.t("tag_heading", name=name)
        return f"{heading} · {self.labels.t('articles', self.plan.counts.get(route.tag, 0))}"

    def generated_page(self, page: Page) -> Generated | None:
        found = self.generated.get(page.file.src_uri)
        return found if found is not None and found.file is page.file else None

    # -- nav: which generated pages the author listed ----------------------------------------

    def nav(self, nav: Navigation) -> None:
        """Pages listed in the nav keep its title; generated pages have no edit link (there is
        no source to edit). Generated pages not in the nav all render the same navigation: the
        templates render it once per depth (`memo`), unless one of them is listed."""
        self.nav_titles = {p.file.src_uri: str(p.title) for p in nav.pages if p.title is not None}
        listed = {id(page) for page in nav.pages}
        for generated in self.generated.values():
            page = generated.file.page
            if page is not None:
                generated.listed = id(page) in listed
                generated.nav_title = page.title is not None  # only the nav sets it this early
                page.edit_url = None
        if any(g.listed for g in self.generated.values()):  # its nav differs from the others'
            self.frame.enabled = False

    def pre_page(self, page: Page) -> None:
        if self.generated_page(page) is not None:
            page.edit_url = None

    # -- pages: what rendering tells us -------------------------------------------------------

    def page_content(self, html: str, page: Page, config: MkDocsConfig) -> str:
        """Note what the rendered HTML says of an article (heading, read time, first paragraph)
        and put a placeholder where a listing marker stands, to be filled once the model is
        built; returns the page's HTML."""
        if self.generated_page(page) is not None:
            return html
        if "tagindex" in html:
            html, found = collect.listings(html, page.file.src_uri, self.run.warn)
            if found:
                self.listings[page.file.src_uri] = found
        if not collect.has_tags(page.meta, self.options.front_matter):
            return html
        heading = None
        for item in getattr(page.toc, "items", None) or []:
            if getattr(item, "level", 0) == 1:
                heading = collect.plain(str(item.title)) or None
                break
        minutes = None
        if self.options.read_time.enabled:
            lang = (
                page.meta.get(self.options.front_matter.lang)
                or i18n.file_language(page.file)
                or i18n.theme_language(config)
                or self.options.read_time.language
                or self.lang
            )
            lang = str(lang)
            if lang not in self._rates:
                self._rates[lang] = readtime.rates_for(lang, self.options.read_time.rates)
            minutes = readtime.minutes(html, self._rates[lang])
        summary = collect.first_paragraph(html, self.options.summary_length)
        self.facts[page.file.src_uri] = (heading, minutes, summary)
        return html

    # -- env: every page is read; what is listed comes from their final state -----------------

    def finalize(self, config: MkDocsConfig, files: Files, env: Environment) -> None:
        """Articles from every page's final state, the pages that state calls for, the model."""
        inclusion = InclusionLevel.is_in_serve if self.run.serving else InclusionLevel.is_included
        fallback_mode = self.options.fallback_articles
        spellings: list[tuple[str, str]] = []
        own: set[str] = set()
        pages = files.documentation_pages(inclusion=inclusion)
        self.memory.forget(self.lang, {f.src_uri for f in pages})
        for file in pages:
            page = file.page
            if page is None or self.generated_page(page) is not None:
                continue
            fallback = self._is_fallback(file)
            if fallback and fallback_mode == "hide":
                continue
            found = self._article(page, config, files, fallback)
            if found is None:
                continue
            article, names = found
            if self.memory.keeps_articles:
                self.memory.articles[(self.lang, file.src_uri)] = found
            if file.inclusion is InclusionLevel.DRAFT and not article.draft:
                article = replace(article, draft=True)  # MkDocs' draft_docs
            if article.draft and not self.run.serving:
                self.unlisted[file.src_uri] = article
                continue
            self.articles[file.src_uri] = article
            spellings.extend(zip(article.tags, names, strict=True))
            if not fallback:
                own.update(article.tags)
        self.names = model.display_names(spellings)
        for tag in self.names:
            self.names[tag] = self.run.catalog.name(tag, self.lang) or self.names[tag]
        counts = Counter(t for a in self.articles.values() for t in dict.fromkeys(a.tags))
        final = {t: n for t, n in counts.items() if t in own and not self.run.is_hidden(t)}
        self.run.final[self.lang] = final
        self.plan = self.run.plan(self.lang)
        self._reconcile(config, files)
        self.memory.stubs.prune(
            self.lang, {str(g.file.abs_src_path) for g in self.generated.values()}
        )
        self._link_languages(config)
        self.frame.portable_cards = frame_module.card_is_portable(env)
        self.index = model.build(
            self.articles.values(),
            names=self.names,
            slugs={t: self.run.slug(t) for t in self.names},
            urls=self.urls,
            descriptions={
                t: d for t in self.names if (d := self.run.catalog.description(t, self.lang))
            },
            sort_by=cast(model.SortBy, self.options.sort_by),
            reverse=self.options.sort_reverse,
            index_sort=cast(model.IndexSort, self.options.index_sort),
            tag_order=self.run.catalog.order,
        )
        self.env = env
        self._syndicate(config, files)
        if self.options.related.enabled:
            self.related = model.related(self.articles.values(), limit=self.options.related.limit)
        self._fill_listings(config, files, env)

    # -- feeds and tags.json --------------------------------------------------------------------

    def _static(
        self, files: Files, config: MkDocsConfig, src_uri: str, content: str | Iterable[str]
    ) -> File | None:
        """Add a generated file unless the author has one at its place (theirs wins)."""
        existing = files.get_file_from_path(src_uri)
        if existing is not None and existing.dest_uri == self._target(config, src_uri).dest_uri:
            self.run.info(f"'{existing.src_uri}' is the author's own file; not generating it")
            return None
        path = self.memory.stubs.write_static(self.lang, src_uri, content)
        file = static_file(config, src_uri, self.prefix, path)
        files.append(file)
        return file

    def _target(self, config: MkDocsConfig, src_uri: str) -> File:
        """Where a file of this build at `src_uri` goes (its `url`, `dest_uri`)."""
        return target_file(config, src_uri, self.prefix)

    def _syndicate(self, config: MkDocsConfig, files: Files) -> None:
        """`tags.json` of this language; with `site_url`, the feeds of every tag page."""
        assert self.index is not None
        if not self.index.tags:
            return
        tags_dir = self.plan.tags_dir
        pages: dict[str, list[str]] = {}
        for generated in self.generated.values():
            if generated.route.tag is not None:
                pages.setdefault(generated.route.tag, []).append(generated.file.url)
        for urls in pages.values():
            urls.sort(key=lambda u: (u.count("/page/"), len(u), u))
        json_file = self._target(config, f"{tags_dir}/tags.json")
        data = syndication.tags_json(
            self.site,
            self.index,
            at=json_file.url,
            pages=pages,
            per_page=self.options.per_page,
        )
        if self._static(files, config, f"{tags_dir}/tags.json", data) is not None:
            self.tags_json_url = json_file.url
        if not self.options.feeds.enabled:
            return
        if self.site.url is None:
            self.run.info(
                "no feeds, structured data or Open Graph on tag pages: they need absolute "
                "links, so set site_url in mkdocs.yml"
            )
            return
        limit = self.options.feeds.limit
        hidden = self.run.is_hidden
        for tag in self.index.tags:
            route_src = self.plan.tag_src(tag.key)
            if route_src not in self.generated:
                continue  # the author's own page for this tag
            folder = posixpath.dirname(route_src)
            self._feed_files(
                config,
                files,
                route_src,
                folder,
                title=f"{self.labels.t('tag_heading', name=tag.name)} · {self.site.name}",
                description=self._description(self.generated[route_src].route),
                home=tag.url,
                articles=tag.articles,
                limit=limit,
                hidden=hidden,
            )
        index_src = self.plan.index_src
        if self.options.feeds.site_wide and index_src in self.generated:
            everything = model.ordered(self.articles.values(), "date")
            self._feed_files(
                config,
                files,
                index_src,
                tags_dir,
                title=f"{self.labels.t('all_tags')} · {self.site.name}",
                description=self._description(self.generated[index_src].route),
                home=self.generated[index_src].file.url,
                articles=everything,
                limit=limit,
                hidden=hidden,
            )

    def _feed_files(
        self,
        config: MkDocsConfig,
        files: Files,
        page_src: str,
        folder: str,
        *,
        title: str,
        description: str,
        home: str,
        articles: Sequence[Article],
        limit: int,
        hidden: Callable[[str], bool],
    ) -> None:
        rss = self._target(config, f"{folder}/feed.xml")
        json_feed = self._target(config, f"{folder}/feed.json")
        found = syndication.feed(
            self.site,
            title=title,
            description=description,
            home=home,
            rss=rss.url,
            json=json_feed.url,
            articles=articles,
            names=self.names,
            hidden=hidden,
            limit=limit,
        )
        wrote_rss = self._static(files, config, f"{folder}/feed.xml", feeds.rss(found))
        wrote_json = self._static(files, config, f"{folder}/feed.json", feeds.json_feed(found))
        if wrote_rss is not None and wrote_json is not None:
            self.feeds[page_src] = (rss.url, json_feed.url)

    def _head(
        self, generated: Generated, tag: model.Tag | None, cards: tuple[model.Card, ...]
    ) -> Head:
        """Feed links, JSON-LD and Open Graph of a generated page (all need `site_url`)."""
        if self.site.url is None:
            return Head()
        route = generated.route
        url = generated.file.url
        description = self._description(route)
        if route.kind == "tag" and tag is not None:
            name = self.labels.t("tag_heading", name=tag.name)
            feeds_of = self.feeds.get(self.plan.tag_src(tag.key))
            crumbs = [(self.site.name, self._home_url())]
            if self.index_url is not None:
                crumbs.append((self.labels.t("all_tags"), self.index_url))
            crumbs.append((name, url))
            data = syndication.collection(
                self.site,
                url=url,
                name=name,
                description=description,
                cards=cards,
                breadcrumb=crumbs,
            )
        else:
            name = self.labels.t("all_tags")
            feeds_of = self.feeds.get(self.plan.index_src)
            crumbs = [(self.site.name, self._home_url()), (name, url)]
            assert self.index is not None
            data = syndication.collection(
                self.site,
                url=url,
                name=name,
                description=description,
                tags=self.index.tags,
                breadcrumb=crumbs,
            )
        og = (
            ()
            if self.social
            else syndication.open_graph(self.site, url=url, title=name, description=description)
        )
        return Head(
            rss=feeds_of[0] if feeds_of else None,
            json_feed=feeds_of[1] if feeds_of else None,
            feed_title=name,
            structured=feeds.script_json(data),
            open_graph=og,
        )

    def _home_url(self) -> str:
        return self.prefix

    def _fill_listings(self, config: MkDocsConfig, files: Files, env: Environment) -> None:
        """Render the cards of every listing marker into its page, before the search plugin
        reads the page's content (in `on_page_context`), so the listing is searchable too."""
        if not self.listings:
            return
        template = env.get_template("tagindex/listing.html")
        for src_uri, found in self.listings.items():
            file = files.get_file_from_path(src_uri)
            page = file.page if file is not None else None
            if page is None or page.content is None:
                continue
            html = page.content
            for listing in found:
                context = ListingContext(
                    kind="listing",
                    lang=self.lang,
                    labels=self.labels,
                    cards=self._listing_cards(listing),
                    tags=tuple(
                        self.index.by_key[t]
                        for t in dict.fromkeys(collect.tag_key(n) for n in listing.tags)
                        if self.index is not None and t in self.index.by_key
                    ),
                    index=self.index,
                    audiences=self.audiences,
                )
                rendered = template.render(
                    tagindex=context,
                    page=page,
                    config=config,
                    base_url=get_relative_url(".", page.url),
                )
                html = html.replace(listing.placeholder, rendered, 1)
            page.content = html

    def _listing_cards(self, listing: collect.Listing) -> tuple[model.Card, ...]:
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

    def _is_fallback(self, file: File) -> bool:
        locale = i18n.file_language(file)
        return locale is not None and locale != self.lang

    def _article(
        self, page: Page, config: MkDocsConfig, files: Files, fallback: bool
    ) -> tuple[Article, tuple[str, ...]] | None:
        """The article record of one page (None for a page without tags), and its tag names."""
        src_uri = page.file.src_uri
        if page.markdown is None:  # `--dirty`: MkDocs did not read this page again
            known = self.memory.articles.get((self.lang, src_uri))
            if known is not None:
                article, names = known
                return replace(article, url=page.file.url, fallback=fallback), names
            self._render_unread(page, config, files)
        keys = self.options.front_matter
        if not collect.has_tags(page.meta, keys):
            return None
        front = collect.read(src_uri, page.meta, keys, self.run.warn)
        if not front.tags:
            return None
        self._check_audience(src_uri, front)
        heading, minutes, first = self.facts.get(src_uri, (None, None, None))
        post = interop.blog_post(page)
        ids = [self.run.tag_id(name, src_uri) for name in front.tags]
        unique = dict(zip(ids, front.tags, strict=True))
        read_time = front.read_time or (post.read_time if post else None) or minutes
        if not self.options.read_time.enabled:
            read_time = front.read_time
        created = front.dates.created or (post.created if post else None)
        updated = front.dates.updated or (post.updated if post else None)
        if self.options.feeds.git_dates and not (created and updated):
            born, changed = interop.git_dates(page)  # front matter and the blog win over git
            created = created or born
            updated = updated or (changed if changed != created else None)
        article = Article(
            src_uri=src_uri,
            url=page.file.url,
            title=self._article_title(page, front, heading),
            tags=tuple(unique),
            categories=front.categories or (post.categories if post else ()),
            member=front.member,
            type=front.type,
            summary=front.summary or first,
            date=created,
            updated=updated,
            weight=front.weight,
            read_time=read_time,
            lang=front.lang or i18n.file_language(page.file),
            fallback=fallback,
            audience=front.audience,
            # a blog post's `authors` are keys of `.authors.yml`: the blog's names win
            authors=(post.authors if post and post.authors else front.authors),
            draft=front.draft or bool(post and post.draft),
        )
        return article, tuple(unique.values())

    def _article_title(self, page: Page, front: FrontMatter, heading: str | None) -> str:
        """Front matter, then the first heading, then the nav's title, then the file name.

        MkDocs puts the nav's title first; when a plugin changed `page.title` after the nav
        (macros rendering `{{ … }}` in it, Material's typeset), the changed title is the page's.
        """
        final = " ".join(collect.clean_text(str(page.title or "")).split())
        nav = self.nav_titles.get(page.file.src_uri)
        if final and (nav is None or final != nav):
            return final
        return front.title or heading or final or page.file.src_uri

    def _render_unread(self, page: Page, config: MkDocsConfig, files: Files) -> None:
        """A page a fresh `--dirty` build skipped and no earlier build of this process saw:
        read and render it here, without writing it, so that its card is complete."""
        try:
            page.read_source(config)
            if not collect.has_tags(page.meta, self.options.front_matter):
                return
            page.render(config, files)
            page.content = self.page_content(page.content or "", page, config)
        except Exception as exc:  # MkDocs reports the page's own problems when it builds it
            log.debug(f"could not read '{page.file.src_uri}' for its card: {exc}")

    def _check_audience(self, src_uri: str, front: FrontMatter) -> None:
        known = {collect.tag_key(str(a)) for a in self.options.audiences}
        for audience in front.audience:
            if known and audience not in known:
                key = self.options.front_matter.audience
                self.run.warn(
                    f"{src_uri}: front matter '{key}': '{audience}' is not one of the "
                    f"configured audiences ({', '.join(sorted(known))})"
                )

    def _reconcile(self, config: MkDocsConfig, files: Files) -> None:
        """Bring the generated pages in line with the final state: add the pages of tags that
        only final meta has, drop those of tags no page kept (unless the author's nav lists
        them), and give each its final title."""
        wanted = {route.src_uri: route for route in self.plan.routes()}
        for src_uri, generated in list(self.generated.items()):
            if src_uri in wanted or generated.listed:
                continue  # a page the nav lists stays, even when its tag has no cards now
            files.remove(generated.file)
            i18n.leave(config, generated.file)
            del self.generated[src_uri]
        taken = {f.dest_uri: f for f in files}
        late = []
        for src_uri, route in wanted.items():
            if src_uri in self.generated:
                self.generated[src_uri].route = route
                continue
            file = self._add(route, files, config, taken)
            if file is not None:
                late.append(file)
                self._populate(file, config, files)
        interop.register_generated(config, late)
        for generated in self.generated.values():
            route = generated.route
            page = generated.file.page
            if page is None:
                continue
            if generated.nav_title:  # themes prefer `meta.title` (Material's <title> does)
                page.meta.pop("title", None)
            else:
                page.meta["title"] = page_title(self._title(route, self.plan))
            page.meta["description"] = page_title(self._description(route))
        for tag in self.plan.counts:
            src = self.plan.tag_src(tag)
            # an author's own page at a tag's place: chips and the all-tags page link there
            found = self.generated[src].file if src in self.generated else self.authored.get(src)
            if found is not None:
                self.urls[tag] = found.url
        index = self.generated.get(self.plan.index_src)
        own_index = self.authored.get(self.plan.index_src)
        self.index_url = index.file.url if index else own_index.url if own_index else None

    def _populate(self, file: File, config: MkDocsConfig, files: Files) -> None:
        """Read and render a page added after MkDocs read every page, with the same events."""
        page = Page(None, file, config)
        page = config.plugins.on_pre_page(page, config=config, files=files)
        page.read_source(config)
        assert page.markdown is not None
        page.markdown = config.plugins.on_page_markdown(
            page.markdown, page=page, config=config, files=files
        )
        page.render(config, files)
        page.content = config.plugins.on_page_content(
            page.content or "", page=page, config=config, files=files
        )
        page.edit_url = None

    def _link_languages(self, config: MkDocsConfig) -> None:
        """Language-switch targets of every generated page, from each other language's plan."""
        assert self.run.languages is not None
        others = {
            lang: self.run.plan(lang) for lang in self.run.languages.build if lang != self.lang
        }
        for generated in self.generated.values():
            targets: dict[str, File] = {}
            for lang, plan in others.items():
                src = self.plan.switch(generated.route, plan)
                if src is not None:
                    targets[lang] = target_file(config, src, self.languages.prefix(lang))
            i18n.set_alternates(config, generated.file, targets)

    # -- page context -------------------------------------------------------------------------

    def page_context(self, context: TemplateContext, page: Page, config: MkDocsConfig) -> None:
        """`tagindex` for the templates; on generated pages also the text the search plugin
        (it runs after us) indexes; on articles the chips Material's partial renders."""
        if self.index is None:
            return
        generated = self.generated_page(page)
        if generated is not None:
            context["tagindex"] = page_context = self._generated_context(generated)  # type: ignore[typeddict-unknown-key]
            if self.env is not None:
                search = self.env.get_template("tagindex/search.html")
                page.content = search.render(tagindex=page_context)
            return
        article = self.articles.get(page.file.src_uri) or self.unlisted.get(page.file.src_uri)
        if article is None:
            return
        context["tagindex"] = ArticleContext(  # type: ignore[typeddict-unknown-key]
            kind="article",
            lang=self.lang,
            labels=self.labels,
            article=article,
            show_meta=self.options.read_time.on_article,
            related=self.related.get(page.file.src_uri, ()),
        )
        if self.options.chips:
            context["tags"] = self.chips(article, page, config)  # type: ignore[typeddict-unknown-key]

    def _generated_context(self, generated: Generated) -> PageContext:
        assert self.index is not None
        route = generated.route
        tag = self.index.by_key.get(route.tag) if route.tag is not None else None
        if route.tag is not None and tag is None:  # listed in the nav, but no page has it now
            name = self.names.get(route.tag) or route.tag
            tag = model.Tag(route.tag, name, self.run.slug(route.tag), generated.file.url, ())
        cards = tag.cards if tag is not None else ()
        pagination = None
        per_page = self.options.per_page
        if tag is not None and route.pages > 1 and per_page:
            cards = cards[(route.number - 1) * per_page : route.number * per_page]
            urls = tuple(
                self.generated[src].file.url
                for n in range(1, route.pages + 1)
                if (src := self.plan.tag_src(tag.key, n)) in self.generated
            )
            pagination = model.Pagination(number=route.number, count=len(urls), urls=urls)
        return PageContext(
            kind=route.kind,
            lang=self.lang,
            labels=self.labels,
            index=self.index,
            tag=tag,
            index_url=self.index_url,
            audiences=self.audiences,
            filters=tuple(self.options.filters),
            frame=self._frame_of(generated),
            frame_state=self._frame_state(generated),
            cards=cards,
            pagination=pagination,
            head=self._head(generated, tag, cards),
            tags_json_url=self.tags_json_url,
        )

    def _frame_state(self, generated: Generated) -> str:
        """What the shared parts of a generated page depend on besides its depth: the page's
        `hide` (Material hides the navigation, the toc or the footer by it). The shared blocks
        hold nothing of the page's kind: its stylesheets, head and content are its own."""
        page = generated.file.page
        hide = page.meta.get("hide") if page is not None else None
        return f"hide={hide!r}"

    def _frame_of(self, generated: Generated) -> Frame:
        """The shared frame, for a page of a kind with enough pages to gain from it. The first
        pages of a kind cost a full render each, and the check another (frame.MIN_PAGES), so
        a smaller kind (the all-tags page) renders in full: right by definition, and faster.
        `TAGINDEX_VERIFY=all` takes the fast path on every page, to check it on every page."""
        if not self.frame.enabled or frame_module.verify_all():
            return self.frame
        if self._kind_sizes is None:
            self._kind_sizes = Counter(
                self._frame_kind(g, get_relative_url(".", g.file.page.url))
                for g in self.generated.values()
                if g.file.page is not None
            )
        assert generated.file.page is not None  # it is being rendered
        kind = self._frame_kind(generated, get_relative_url(".", generated.file.page.url))
        if self._kind_sizes[kind] < frame_module.MIN_PAGES:
            return self._in_full
        return self.frame

    def _frame_kind(self, generated: Generated, base_url: object) -> str:
        """What a page's shared parts depend on: its frame state and its `base_url` (which
        MkDocs derives from its URL in `get_context`, before the templates key on it)."""
        return f"{self._frame_state(generated)}|{base_url}"

    def check_frame(self, context: TemplateContext, page: Page, env: Environment) -> None:
        """Render a sample of generated pages in full, to hold against MkDocs' own render of
        them, which takes the fast path (`checked_output`); every page with
        TAGINDEX_VERIFY=all."""
        generated = self.generated_page(page)
        if generated is None or not self.frame.enabled:
            return
        fast_context = context.get("tagindex")
        if not isinstance(fast_context, PageContext) or fast_context.frame is not self.frame:
            return  # not ours, or rendered in full already
        kind = self._frame_kind(generated, context.get("base_url"))
        if not self.frame.needs_check(kind):
            return
        template = env.get_template(str(page.meta.get("template", "main.html")))
        context["tagindex"] = replace(fast_context, frame=Frame(enabled=False))  # type: ignore[typeddict-unknown-key]
        try:
            full = template.render(context)
        finally:
            context["tagindex"] = fast_context  # type: ignore[typeddict-unknown-key]
        self._full[page.file.src_uri] = (kind, full)

    def checked_output(self, output: str, page: Page) -> str:
        """MkDocs' render of a sampled page against its full render: the fast path stays on
        only while they are the same; on a difference the full render is the page."""
        pending = self._full.pop(page.file.src_uri, None)
        if pending is None:
            return output
        kind, full = pending
        if self.frame.compare(kind, page.file.src_uri, output, full):
            return output
        level = logging.WARNING if frame_module.verify_all() else logging.DEBUG
        log.log(level, str(self.frame.reason))
        return full

    def _chip_name(self, tag: str, config: MkDocsConfig) -> str:
        """A chip names its tag as the tag's page does (`#grpo`), unless the site gives tags
        icons (Material's `extra.tags`): Material then finds the icon by the tag's own name and
        draws its mark (a `#` by default) in front of it."""
        name = self.names.get(tag, tag)
        if interop.tag_icons(config):
            return name
        return self.labels.t("tag_heading", name=name)

    def chips(self, article: Article, page: Page, config: MkDocsConfig) -> list[Chip]:
        """The tags of an article as Material's chips: this language's tag pages, or, on an
        untranslated page, its own language's; shadow tags unlinked and marked hidden."""
        locale = i18n.file_language(page.file) if article.fallback else None
        own = self.run.plan(locale) if locale else None
        prefix = self.languages.prefix(locale) if locale else ""
        chips = []
        for tag in article.tags:
            name = escape(self._chip_name(tag, config))
            if self.run.is_hidden(tag):
                # no chip; Material's own shadow tags keep their dimmed chip where Material
                # shows shadow tags (`shadow`, on under `mkdocs serve` by default)
                if self.run.is_shadow(tag) and interop.shadow_shown(config):
                    chips.append(Chip(name, "", hidden=True))
                continue
            url = self.urls.get(tag, "")
            if not url and own is not None and tag in own.counts:
                url = target_file(config, own.tag_src(tag), prefix).url
            chips.append(Chip(name, url))
        return chips
