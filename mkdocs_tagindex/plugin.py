"""MkDocs events → the modules that do the work. Nothing here builds HTML or parses text.

mkdocs-static-i18n runs one whole build per language on this same instance, so every build
starts from a clean state in `on_config`, and generated pages are added in `on_files` after
static-i18n has rebuilt the file list (its priority is -100).
"""

from __future__ import annotations

from collections import Counter
from typing import Any, cast

from jinja2 import ChoiceLoader, Environment, FileSystemLoader, PrefixLoader
from markupsafe import escape
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, CombinedEvent, event_priority, get_plugin_logger
from mkdocs.structure.files import File, Files
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import Page
from mkdocs.utils.templates import TemplateContext

from . import collect, i18n, model, readtime, slugs, tagsfile, theme
from . import labels as label_tables
from .config import TagIndexConfig
from .pages import ArticleContext, Chip, GeneratedPage, Kind, PageContext, new_file

log = get_plugin_logger(__name__)


class TagIndexPlugin(BasePlugin[TagIndexConfig]):
    """Tag pages of numbered article cards, an all-tags page, and tag chips on articles."""

    def __init__(self) -> None:
        self._warned: set[str] = set()
        self._reset_site()
        self._reset()

    def _reset_site(self) -> None:
        """Forget the previous run: what every language's pages say, and the global slugs."""
        self.site_metas: dict[str, collect.ArticleMeta] = {}
        self.catalog = tagsfile.TagCatalog()
        self.slugs: dict[str, str] = {}
        self.lang_tags: dict[str, set[str]] = {}
        self.lang_counts: dict[str, Counter[str]] = {}

    def _reset(self) -> None:
        """Forget the previous build (another language, or a serve reload)."""
        self.metas: dict[str, collect.ArticleMeta] = {}
        self.article_tags: dict[str, tuple[str, ...]] = {}
        self.fallbacks: dict[str, bool] = {}
        self.rates: dict[str, readtime.Rates] = {}
        self.rendered: dict[str, model.Article] = {}
        self.names: dict[str, str] = {}
        self.urls: dict[str, str] = {}
        self.page_urls: dict[str, list[str]] = {}
        self.index_url: str | None = None
        self.index: model.TagIndex | None = None
        self.env: Environment | None = None
        self.memo: dict[str, Any] | None = {}
        self.languages = i18n.Languages(current="en", default="en", build=("en",))
        self.lang = "en"
        self.labels, _ = label_tables.labels_for("en", {})
        self.audiences: tuple[tuple[str, str], ...] = ()

    def _warn(self, message: str) -> None:
        """Warn once per run: with i18n, fallback pages are read again by every language."""
        if message not in self._warned:
            self._warned.add(message)
            log.warning(message)

    # -- configuration -------------------------------------------------------------------------

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig | None:
        self._reset()
        if not self.config.enabled:
            return config
        try:
            readtime.rates_for("en", self.config.read_time.rates)
        except ValueError as exc:
            raise PluginError(f"tagindex: read_time.rates: {exc}") from exc
        # After the site's own custom_dir, before the theme: authors override by file name.
        ours = theme.theme_overrides_dir()
        dirs = config.theme.dirs
        if ours not in dirs:
            custom = config.theme.custom_dir
            dirs.insert(dirs.index(custom) + 1 if custom in dirs else 0, ours)
        problems = theme.override_problems(config.theme.custom_dir)
        if problems:  # Jinja would end in a RecursionError or TemplateNotFound traceback
            raise PluginError("tagindex: " + "; ".join(problems))
        # Not extra_css/extra_javascript (every page would load them): the templates link what
        # each page draws, asking the theme's assets (theme.py) from config.theme.
        assets = config.theme[theme.THEME_KEY] = theme.assets_for(config.theme.name)
        if not assets.supported:
            name = config.theme.name or f"custom_dir {config.theme.custom_dir}"
            log.info(
                f"tagindex: theme '{name}' is not one the plugin is styled for (material, "
                f"{', '.join(theme.BASIC_THEMES)}); tag pages use the basic stylesheet"
            )
        return config

    # -- files: read front matter, add generated pages ------------------------------------------

    def _tag_id(self, name: str, src_uri: str) -> str:
        tag_id, known = self.catalog.resolve(name)
        if self.catalog.enabled and not known and self.config.unknown_tags != "ignore":
            message = f"{src_uri}: front matter '{self.config.front_matter.tags}': tag '{name}'"
            message += " is not in the tags file"
            if self.config.unknown_tags == "error":
                raise PluginError(f"tagindex: {message}")
            self._warn(message)
        return tag_id

    def _read(self, file: File) -> collect.ArticleMeta | None:
        """Validated front matter of a page that has tags; None for pages without."""
        try:
            source = file.content_string
        except (OSError, ValueError):
            return None  # MkDocs reports unreadable files itself
        meta = collect.split_front_matter(source, file.src_uri, self._warn)
        if self.config.front_matter.tags not in meta:
            return None
        return collect.validate(file.src_uri, meta, self.config.front_matter, self._warn)

    @event_priority(-90)  # before static-i18n (-100) narrows the files to one language
    def _on_files_site(self, files: Files, *, config: MkDocsConfig) -> Files | None:
        """Once per run: every language's front matter, tag sets and one slug per tag."""
        if not self.config.enabled:
            return files
        self.languages = i18n.languages(config)
        if self.languages.current != self.languages.default and self.slugs:
            return files  # a later language of the same run: the site pass is done
        self._warned.clear()
        self._reset_site()
        if self.config.tags_file:
            self.catalog, problems = tagsfile.load(self.config.tags_file)
            for problem in problems:
                self._warn(problem)
        known_audiences = {collect.tag_key(str(a)) for a in self.config.audiences}
        pages = {f.src_uri: f for f in files.documentation_pages()}
        for src_uri, file in sorted(pages.items()):
            meta = self._read(file)
            if meta is not None:
                self.site_metas[src_uri] = meta
                self._check_audience(meta, known_audiences)
        spellings: list[tuple[str, str]] = []
        for lang, selected in self.languages.select(self.site_metas).items():
            tags = self.lang_tags[lang] = set()
            counts = self.lang_counts[lang] = Counter()
            for uri in selected:
                own = self.languages.locale_of(uri)[0] == lang
                ids = {self._tag_id(name, uri): name for name in self.site_metas[uri].tags}
                if own:  # a tag only on untranslated fallbacks has no page here
                    tags.update(ids)
                if own or self.config.fallback_articles == "mark":
                    counts.update(ids.keys())
                spellings.extend(ids.items())
        shown_as = model.display_names(spellings)
        self.slugs, collisions = slugs.assign(shown_as)
        for collision in collisions:
            shown = ", ".join(f"'{shown_as[t]}' → {self.slugs[t]}" for t in collision.names)
            self._warn(
                f"tagindex: tags {shown} would share the slug '{collision.slug}'; each got its own"
            )
        return files

    @event_priority(-110)  # after static-i18n (-100) has chosen this language's files
    def _on_files_language(self, files: Files, *, config: MkDocsConfig) -> Files | None:
        """This language's articles and generated pages, with switcher targets and sitemap."""
        if not self.config.enabled:
            return files
        langs = self.languages = i18n.languages(config)
        self.lang = langs.current
        self.labels, substituted = label_tables.labels_for(self.lang, self.config.labels)
        if substituted:
            self._warn(f"tagindex: no labels for language '{self.lang}'; using English")

        spellings: list[tuple[str, str]] = []
        own_ids: set[str] = set()
        for file in files.documentation_pages():
            meta = self.site_metas.get(file.src_uri)
            if meta is None and file.src_uri not in self.site_metas:
                meta = self._read(file)  # a page another plugin added after the site pass
            if meta is None:
                continue
            fallback = self._is_fallback(file)
            if fallback and self.config.fallback_articles == "hide":
                continue
            self.metas[file.src_uri] = meta
            ids = [self._tag_id(t, file.src_uri) for t in meta.tags]
            self.article_tags[file.src_uri] = tuple(dict.fromkeys(ids))
            self.fallbacks[file.src_uri] = fallback
            if not fallback:
                own_ids.update(ids)
            spellings.extend(zip(ids, meta.tags, strict=True))
        self.names = model.display_names(spellings)
        for tag_id in self.names:
            self.names[tag_id] = self.catalog.name(tag_id, self.lang) or self.names[tag_id]
            if tag_id not in self.slugs:  # only when a page appeared after the site pass
                self.slugs[tag_id] = slugs.slugify(tag_id)

        taken = {f.dest_uri: f for f in files}
        self.audiences = self._audiences()
        index_src = self._index_src()
        counts = Counter(t for ids in self.article_tags.values() for t in ids)
        for tag_id in sorted(own_ids):
            self.page_urls[tag_id] = [
                self._add_page(
                    files,
                    config,
                    taken,
                    self._tag_src(tag_id, number),
                    "tag",
                    tag_id,
                    self._tag_alternates(config, tag_id, number),
                    number=number,
                    pages=self._page_count(counts[tag_id]),
                )
                for number in range(1, self._page_count(counts[tag_id]) + 1)
            ]
            self.urls[tag_id] = self.page_urls[tag_id][0]
        if self.config.index:
            targets = {
                lang: new_file(config, index_src, langs.prefix(lang))
                for lang in self.lang_tags
                if lang != self.lang
            }
            self.index_url = self._add_page(files, config, taken, index_src, "index", None, targets)
        return files

    on_files = CombinedEvent(_on_files_site, _on_files_language)

    def _page_count(self, articles: int) -> int:
        per_page = self.config.per_page
        return max(1, -(-articles // per_page)) if per_page else 1

    def _index_src(self) -> str:
        return f"{self.config.tags_dir.strip('/')}/index.md"

    def _tag_src(self, tag_id: str, number: int) -> str:
        """Source path of page `number` of a tag: `tags/<slug>/`, then `tags/<slug>/page/2/`."""
        base = f"{self.config.tags_dir.strip('/')}/{self.slugs[tag_id]}"
        return f"{base}/index.md" if number == 1 else f"{base}/page/{number}/index.md"

    def _tag_alternates(self, config: MkDocsConfig, tag_id: str, number: int) -> dict[str, File]:
        """Switcher targets: the same tag and page number in each other language, else its
        first page, else that language's all-tags page."""
        targets = {}
        for lang, tags in self.lang_tags.items():
            if lang == self.lang:
                continue
            if tag_id in tags:
                pages = self._page_count(self.lang_counts[lang][tag_id])
                src = self._tag_src(tag_id, number if number <= pages else 1)
            elif self.config.index:
                src = self._index_src()
            else:
                continue
            targets[lang] = new_file(config, src, self.languages.prefix(lang))
        return targets

    def _check_audience(self, meta: collect.ArticleMeta, known: set[str]) -> None:
        for audience in meta.audience:
            if known and audience not in known:
                key = self.config.front_matter.audience
                self._warn(
                    f"{meta.src_uri}: front matter '{key}': '{audience}' is not one of the "
                    f"configured audiences ({', '.join(sorted(known))})"
                )

    def _audiences(self) -> tuple[tuple[str, str], ...]:
        """Configured audiences with their label in this build's language."""
        out = []
        for audience, labels in self.config.audiences.items():
            label = label_tables.pick(labels, self.lang) if isinstance(labels, dict) else labels
            out.append((collect.tag_key(str(audience)), str(label or audience)))
        return tuple(out)

    def _is_fallback(self, file: File) -> bool:
        locale = i18n.file_language(file)
        return locale is not None and locale != self.lang

    def _add_page(
        self,
        files: Files,
        config: MkDocsConfig,
        taken: dict[str, File],
        src_uri: str,
        kind: Kind,
        key: str | None,
        alternates: dict[str, File],
        *,
        number: int = 1,
        pages: int = 1,
    ) -> str:
        """Generate a page unless the author has one at the same place; return its URL."""
        file = new_file(config, src_uri, self.languages.prefix(self.lang))
        existing = taken.get(file.dest_uri)
        if existing is not None:
            log.info(f"tagindex: '{existing.src_uri}' is the author's own page; not generating it")
            return existing.url
        title = self.labels.t("all_tags") if key is None else self.names[key]
        if number > 1:
            title = self.labels.t("page_title", name=title, number=number, pages=pages)
        GeneratedPage(title, file, config, kind=kind, key=key, number=number)
        i18n.link_alternates(config, file, alternates)
        files.append(file)
        return file.url

    # -- pages: what rendering tells us -----------------------------------------------------------

    def on_page_content(
        self, html: str, *, page: Page, config: MkDocsConfig, files: Files
    ) -> str | None:
        meta = self.metas.get(page.file.src_uri)
        if meta is None or isinstance(page, GeneratedPage):
            return html
        minutes = meta.read_time
        if minutes is None and self.config.read_time.enabled:
            lang = (
                meta.lang
                or i18n.file_language(page.file)
                or i18n.theme_language(config)
                or self.config.read_time.language
                or self.lang
            )
            if lang not in self.rates:
                self.rates[lang] = readtime.rates_for(lang, self.config.read_time.rates)
            minutes = readtime.minutes(html, self.rates[lang])
        summary = meta.summary or collect.first_paragraph(html, self.config.summary_length)
        self.rendered[page.file.src_uri] = self._article(
            meta, page, str(page.title), minutes, summary
        )
        return html

    def _article(
        self,
        meta: collect.ArticleMeta,
        page: Page | None,
        title: str,
        minutes: int | None,
        summary: str | None,
    ) -> model.Article:
        return model.Article(
            src_uri=meta.src_uri,
            url=page.url if page is not None else "",
            title=title,
            tags=self.article_tags.get(meta.src_uri, ()),
            categories=meta.categories,
            member=meta.member,
            type=meta.type,
            summary=summary,
            date=meta.date,
            weight=meta.weight,
            read_time=minutes,
            lang=meta.lang or (i18n.file_language(page.file) if page is not None else None),
            fallback=self.fallbacks.get(meta.src_uri, False),
            audience=meta.audience,
        )

    def on_nav(self, nav: Navigation, *, config: MkDocsConfig, files: Files) -> Navigation | None:
        """Generated pages are not in an automatic nav, so each renders the same navigation as
        its neighbours at the same depth: the templates render it once and reuse it. An author
        who lists a generated page in `nav` makes that page's navigation differ: no reuse."""
        listed = any(isinstance(page, GeneratedPage) for page in nav.pages)
        self.memo = None if listed else {}
        return nav

    @event_priority(100)  # before Material's tags plugin renders listings from the environment
    def on_env(self, env: Environment, *, config: MkDocsConfig, files: Files) -> Environment | None:
        if not self.config.enabled:
            return env
        # `tagindex-theme/…` reaches the theme's own templates past our overrides, so our
        # partials/tags.html can add to the theme's chips instead of copying them.
        theme_dirs = [d for d in config.theme.dirs if d not in (theme.theme_overrides_dir(),)]
        if config.theme.custom_dir in theme_dirs:
            theme_dirs.remove(config.theme.custom_dir)
        assert env.loader is not None
        env.loader = ChoiceLoader(
            [env.loader, PrefixLoader({"tagindex-theme": FileSystemLoader(theme_dirs)})]
        )
        self.env = env
        articles = []
        for src_uri, meta in self.metas.items():
            article = self.rendered.get(src_uri)
            if article is None:  # not rendered in this build (e.g. `--dirty`): front matter only
                file = files.get_file_from_path(src_uri)
                page = file.page if file is not None else None
                title = meta.title or (str(page.title) if page and page.title else src_uri)
                article = self._article(meta, page, title, meta.read_time, meta.summary)
            articles.append(article)
        self.index = model.build(
            articles,
            names=self.names,
            slugs=self.slugs,
            urls=self.urls,
            descriptions={
                t: d for t in self.names if (d := self.catalog.description(t, self.lang))
            },
            sort_by=cast(model.SortBy, self.config.sort_by),
            reverse=self.config.sort_reverse,
            index_sort=cast(model.IndexSort, self.config.index_sort),
        )
        return env

    @event_priority(60)  # before Material's tags plugin, which keeps a `tags` value it finds
    def on_page_context(
        self, context: TemplateContext, *, page: Page, config: MkDocsConfig, nav: Any
    ) -> TemplateContext | None:
        if not self.config.enabled or self.index is None:
            return context
        if isinstance(page, GeneratedPage):
            tag = self.index.by_key.get(page.key) if page.key is not None else None
            cards = tag.cards if tag is not None else ()
            urls = self.page_urls.get(page.key or "", [])
            per_page = self.config.per_page
            if per_page and tag is not None:
                cards = cards[(page.number - 1) * per_page : page.number * per_page]
            context["tagindex"] = page_context = PageContext(  # type: ignore[typeddict-unknown-key]
                kind=page.kind,
                lang=self.lang,
                labels=self.labels,
                index=self.index,
                tag=tag,
                index_url=self.index_url,
                audiences=self.audiences,
                filters=tuple(self.config.filters),
                memo=self.memo,
                cards=cards,
                pagination=model.Pagination(
                    number=page.number,
                    count=len(urls),
                    urls=tuple(urls),
                )
                if len(urls) > 1
                else None,
            )
            # What the search plugin (it runs after us) indexes for this page.
            if self.env is not None:
                search = self.env.get_template("tagindex/search.html")
                page.content = search.render(tagindex=page_context)
            return context
        article = self.rendered.get(page.file.src_uri)
        if article is None:
            return context
        context["tagindex"] = ArticleContext(  # type: ignore[typeddict-unknown-key]
            kind="article",
            lang=self.lang,
            labels=self.labels,
            article=article,
            show_meta=self.config.read_time.on_article,
        )
        if self.config.chips and article.tags:
            # Named as the tag pages name them (`#grpo`): the same label, so the same text.
            context["tags"] = [  # type: ignore[typeddict-unknown-key]
                Chip(escape(self.labels.t("tag_heading", name=self.names[k])), self.urls.get(k, ""))
                for k in article.tags
            ]
        return context
