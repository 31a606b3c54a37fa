"""MkDocs events → the modules that do the work. Nothing here builds HTML or parses text.

mkdocs-static-i18n runs one whole build per language on this same instance, so every build
starts from a clean state in `on_config`, and generated pages are added in `on_files` after
static-i18n has rebuilt the file list (its priority is -100).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, cast

from jinja2 import Environment
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import BasePlugin, event_priority, get_plugin_logger
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page
from mkdocs.utils.templates import TemplateContext

from . import collect, i18n, model, readtime, slugs
from .config import TagIndexConfig
from .pages import ArticleContext, Chip, GeneratedPage, PageContext, new_file

log = get_plugin_logger(__name__)

CSS = "assets/tagindex/tagindex.css"
"""Stylesheet shipped in `theme_overrides/`, added to `extra_css`."""


def theme_overrides_dir() -> str:
    """Templates folder: inside the installed wheel, or at the root of a source checkout."""
    here = Path(__file__).resolve().parent
    for candidate in (here / "theme_overrides", here.parent / "theme_overrides"):
        if (candidate / "tagindex").is_dir():
            return str(candidate)
    raise FileNotFoundError(f"mkdocs-tagindex: templates not found next to {here}")


class TagIndexPlugin(BasePlugin[TagIndexConfig]):
    """Tag pages of numbered article cards, an all-tags page, and tag chips on articles."""

    def __init__(self) -> None:
        self._warned: set[str] = set()
        self._reset()

    def _reset(self) -> None:
        """Forget everything about the previous build (another language, or a serve reload)."""
        self.metas: dict[str, collect.ArticleMeta] = {}
        self.rendered: dict[str, model.Article] = {}
        self.names: dict[str, str] = {}
        self.slugs: dict[str, str] = {}
        self.urls: dict[str, str] = {}
        self.index_url: str | None = None
        self.index: model.TagIndex | None = None
        self.lang = "en"
        self.labels, _ = i18n.labels_for("en", {})
        self.rates = readtime.rates_for("en")

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
            from mkdocs.exceptions import PluginError

            raise PluginError(f"tagindex: read_time.rates: {exc}") from exc
        # After the site's own custom_dir, before the theme: authors override by file name.
        ours = theme_overrides_dir()
        dirs = config.theme.dirs
        if ours not in dirs:
            custom = config.theme.custom_dir
            dirs.insert(dirs.index(custom) + 1 if custom in dirs else 0, ours)
        if CSS not in config.extra_css:
            config.extra_css.append(CSS)
        return config

    # -- files: read front matter, add generated pages ------------------------------------------

    @event_priority(-110)  # after static-i18n (-100) has chosen this language's files
    def on_files(self, files: Files, *, config: MkDocsConfig) -> Files | None:
        if not self.config.enabled:
            return files
        if i18n.is_first_build(config):
            self._warned.clear()
        self.lang = i18n.build_language(config)
        self.labels, substituted = i18n.labels_for(self.lang, self.config.labels)
        if substituted:
            self._warn(f"tagindex: no labels for language '{self.lang}'; using English")
        self.rates = readtime.rates_for(self.lang, self.config.read_time.rates)

        keys = self.config.front_matter
        spellings: list[tuple[str, str]] = []
        for file in files.documentation_pages():
            try:
                source = file.content_string
            except (OSError, ValueError):
                continue  # MkDocs reports unreadable files itself
            meta = collect.split_front_matter(source, file.src_uri, self._warn)
            if keys.tags not in meta:
                continue
            article = collect.validate(file.src_uri, meta, keys, self._warn)
            self.metas[file.src_uri] = article
            spellings.extend((collect.tag_key(t), t) for t in article.tags)

        self.names = model.display_names(spellings)
        assigned, collisions = slugs.assign(self.names)
        self.slugs = assigned
        for collision in collisions:
            shown = ", ".join(f"'{self.names[k]}' → {assigned[k]}" for k in collision.names)
            self._warn(
                f"tagindex: tags {shown} would share the slug '{collision.slug}'; each got its own"
            )
        taken = {f.dest_uri: f for f in files}
        prefix = i18n.site_prefix(config)
        tags_dir = self.config.tags_dir.strip("/")
        for key, slug in sorted(assigned.items()):
            self.urls[key] = self._add_page(
                files, config, taken, f"{tags_dir}/{slug}/index.md", prefix, "tag", key
            )
        if self.config.index:
            self.index_url = self._add_page(
                files, config, taken, f"{tags_dir}/index.md", prefix, "index", None
            )
        return files

    def _add_page(
        self,
        files: Files,
        config: MkDocsConfig,
        taken: dict[str, File],
        src_uri: str,
        prefix: str,
        kind: Any,
        key: str | None,
    ) -> str:
        """Generate a page unless the author has one at the same place; return its URL."""
        file = new_file(config, src_uri, prefix)
        existing = taken.get(file.dest_uri)
        if existing is not None:
            log.info(f"tagindex: '{existing.src_uri}' is the author's own page; not generating it")
            return existing.url
        title = self.labels.t("all_tags") if key is None else self.names[key]
        GeneratedPage(title, file, config, kind=kind, key=key)
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
            lang = meta.lang or i18n.file_language(page.file) or self.lang
            minutes = readtime.minutes(html, readtime.rates_for(lang, self.config.read_time.rates))
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
            tags=tuple(dict.fromkeys(collect.tag_key(t) for t in meta.tags)),
            categories=meta.categories,
            member=meta.member,
            type=meta.type,
            summary=summary,
            date=meta.date,
            weight=meta.weight,
            read_time=minutes,
        )

    @event_priority(100)  # before Material's tags plugin renders listings from the environment
    def on_env(self, env: Environment, *, config: MkDocsConfig, files: Files) -> Environment | None:
        if not self.config.enabled:
            return env
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
            context["tagindex"] = PageContext(  # type: ignore[typeddict-unknown-key]
                kind=page.kind,
                lang=self.lang,
                labels=self.labels,
                index=self.index,
                tag=tag,
                index_url=self.index_url,
            )
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
            context["tags"] = [  # type: ignore[typeddict-unknown-key]
                Chip(self.names[k], self.urls[k]) for k in article.tags if k in self.urls
            ]
        return context
