"""The MkDocs host's build state: one per language build, translating between MkDocs' files,
pages and nav and the engine (`core.language.Language`, then `core.edition.Edition`).

It generates the predicted tag pages as ordinary MkDocs files while other plugins can still see
new files, notes what each rendered page says, and at `on_env` hands every page's final state
to the engine, brings the generated pages in line with its result and publishes its files.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import get_plugin_logger
from mkdocs.structure.files import File, Files, InclusionLevel
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import Page

from ..core import (
    Collected,
    Edition,
    Facts,
    Found,
    Language,
    Listing,
    Plan,
    Published,
    Route,
    SiteInfo,
    SourcePage,
    has_sections,
    has_tags,
)
from ..core import html as html_text
from ..core import listings as markers
from . import i18n, interop
from .files import new_file, static_file, target_file
from .pages import GeneratedPage, sorted_meta
from .runstate import Memory, RunState

log = get_plugin_logger("tagindex")


@dataclass
class Generated:
    """A page this build generates, and the file that stands for it."""

    route: Route
    file: File
    meta: dict[str, Any]
    """The front matter its stub holds, as MkDocs reads it back."""
    listed: bool = False
    """The author lists it in the nav."""
    nav_title: bool = False
    """The nav gives it a title of the author's own."""


class BuildState:
    """One language build: its generated pages, what its pages say, then its edition."""

    def __init__(self, run: RunState, memory: Memory, config: MkDocsConfig) -> None:
        self.run = run.core
        self.memory = memory
        memory.use_catalog(self.run.catalog.keys)
        self.options = run.options
        self.languages = i18n.languages(config)
        self.language = Language(self.run, self.languages.current, _site_info(config))
        self.lang = self.language.code
        self.plan: Plan = self.run.plan(self.lang)
        """Predicted at first, then the one the final page state calls for."""
        self.generated: dict[str, Generated] = {}
        """Source path → generated page of this build."""
        self.authored: dict[str, File] = {}
        """Source path of a generated page → the author's own file at its place, which wins."""
        self.nav_titles: dict[str, str] = {}
        """Source path → the title the nav gives a page (before any page is read)."""
        self.facts: dict[str, Facts] = {}
        """Source path → what each article's rendered HTML says."""
        self.listings: dict[str, list[Listing]] = {}
        """Source path → the listing markers of that page, in order."""
        self.nav_lists_generated = False
        self.edition: Edition | None = None

    # -- files: generated pages while other plugins can still see new files -------------------

    def add_pages(self, files: Files, config: MkDocsConfig) -> None:
        """Generate this language's predicted pages (corrected in `finalize`)."""
        taken = {f.dest_uri: f for f in files}
        added = [self._add(route, files, config, taken, {}) for route in self.plan.routes()]
        interop.register_generated(config, [f for f in added if f is not None])

    def _add(
        self,
        route: Route,
        files: Files,
        config: MkDocsConfig,
        taken: Mapping[str, File],
        names: Mapping[str, str],
    ) -> File | None:
        meta = sorted_meta(self.language.page_meta(route, self.plan, names))
        path = self.memory.stubs.write(self.lang, route.src_uri, meta)
        file = new_file(config, route.src_uri, self.language.prefix, path)
        existing = taken.get(file.dest_uri)
        if existing is not None:
            self.run.info(f"'{existing.src_uri}' is the author's own page; not generating it")
            self.authored[route.src_uri] = existing
            return None
        files.append(file)
        i18n.join(config, file)
        self.generated[route.src_uri] = Generated(route, file, meta)
        return file

    def generated_page(self, page: Page) -> Generated | None:
        found = self.generated.get(page.file.src_uri)
        return found if found is not None and found.file is page.file else None

    # -- nav and pages: what MkDocs and the other plugins make of them ------------------------

    def nav(self, nav: Navigation, config: MkDocsConfig) -> None:
        """Pages listed in the nav keep its title; generated pages have no edit link (there is
        no source to edit)."""
        self.nav_titles = {p.file.src_uri: str(p.title) for p in nav.pages if p.title is not None}
        listed = {id(page) for page in nav.pages}
        for generated in self.generated.values():
            page = generated.file.page
            if page is None:
                continue
            generated.listed = id(page) in listed
            generated.nav_title = page.title is not None  # only the nav sets it this early
            if not generated.listed:  # the nav holds a listed page itself: that one stays
                page = GeneratedPage(generated.file, config, generated.meta)
            page.edit_url = None
        # a listed generated page's nav differs from the others': no shared frame (frame.py)
        self.nav_lists_generated = any(g.listed for g in self.generated.values())

    def pre_page(self, page: Page) -> None:
        if self.generated_page(page) is not None:
            page.edit_url = None

    def page_content(self, html: str, page: Page, config: MkDocsConfig) -> str:
        """Note what the rendered HTML says of an article (heading, read time, first paragraph)
        and put a placeholder where a listing marker stands, to be filled once the edition is
        made; returns the page's HTML."""
        if self.generated_page(page) is not None:
            return html
        if "tagindex" in html:
            html, found = markers.listings(html, page.file.src_uri, self.run.warn)
            if found:
                self.listings[page.file.src_uri] = found
        if not has_tags(page.meta, self.options.front_matter) and not has_sections(html):
            return html
        heading = None
        for item in getattr(page.toc, "items", None) or []:
            if getattr(item, "level", 0) == 1:
                heading = html_text.plain(str(item.title)) or None
                break
        text_lang = (
            page.meta.get(self.options.front_matter.lang)
            or i18n.file_language(page.file)
            or i18n.theme_language(config)
        )
        # the whole file (its tagged sections' lines), read again only where the HTML has one
        source = page.file.content_string if has_sections(html) else None
        self.facts[page.file.src_uri] = self.language.facts(
            html, heading, text_lang, source, page.file.src_uri
        )
        return html

    # -- env: every page is read; what is listed comes from their final state -----------------

    def finalize(self, config: MkDocsConfig, files: Files) -> Edition:
        """Articles from every page's final state, the pages that state calls for, the edition."""
        inclusion = InclusionLevel.is_in_serve if self.run.serving else InclusionLevel.is_included
        pages = files.documentation_pages(inclusion=inclusion)
        self.memory.forget(self.lang, {f.src_uri for f in pages})
        collected = self.language.collect(self._found(pages, config, files))
        self.plan = collected.plan
        self._reconcile(config, files, collected)
        self.memory.stubs.prune(
            self.lang, {str(g.file.abs_src_path) for g in self.generated.values()}
        )
        self._link_languages(config)
        published = Published(
            pages={src: (g.route, g.file.url) for src, g in self.generated.items()},
            authored={src: file.url for src, file in self.authored.items()},
            author_has=lambda src: _author_has(files, config, src, self.language.prefix),
        )
        self.edition = Edition(self.language, collected, published)
        for static in self.edition.outputs.take_files():
            path = self.memory.stubs.write_static(self.lang, static.src_uri, static.content)
            files.append(static_file(config, static.src_uri, self.language.prefix, path))
        return self.edition

    def _found(self, pages: Sequence[File], config: MkDocsConfig, files: Files) -> Iterator[Found]:
        """The article of every page that has one, in MkDocs' page order."""
        hide_fallbacks = self.options.fallback_articles == "hide"
        for file in pages:
            page = file.page
            if page is None or self.generated_page(page) is not None:
                continue
            locale = i18n.file_language(file)
            fallback = locale is not None and locale != self.lang
            if fallback and hide_fallbacks:
                continue
            found = self._article(page, config, files, locale, fallback)
            if found is None:
                continue
            if self.memory.keeps_articles:
                self.memory.articles[(self.lang, file.src_uri)] = (found.article, found.names)
            if file.inclusion is InclusionLevel.DRAFT and not found.article.draft:
                found = replace(found, article=replace(found.article, draft=True))  # draft_docs
            yield found

    def _article(
        self,
        page: Page,
        config: MkDocsConfig,
        files: Files,
        locale: str | None,
        fallback: bool,
    ) -> Found | None:
        """One page's article from its final state; under `--dirty`, what is known of a page
        MkDocs did not read again."""
        src_uri = page.file.src_uri
        if page.markdown is None:  # `--dirty`: MkDocs did not read this page again
            known = self.memory.articles.get((self.lang, src_uri))
            if known is not None:
                article, names = known
                return Found(replace(article, url=page.file.url, fallback=fallback), names)
            self._render_unread(page, config, files)
        source = SourcePage(
            src_uri=src_uri,
            url=page.file.url,
            meta=page.meta,
            title=str(page.title) if page.title is not None else None,
            nav_title=self.nav_titles.get(src_uri),
            facts=self.facts.get(src_uri, Facts()),
            locale=locale,
            fallback=fallback,
            post=interop.blog_post(page),
            git_dates=lambda: interop.git_dates(page),
        )
        return self.language.article(source)

    def _render_unread(self, page: Page, config: MkDocsConfig, files: Files) -> None:
        """A page a fresh `--dirty` build skipped and no earlier build of this process saw:
        read and render it here, without writing it, so that its card is complete."""
        try:
            page.read_source(config)
            if not has_tags(page.meta, self.options.front_matter) and not has_sections(
                page.markdown or ""
            ):
                return
            page.render(config, files)
            page.content = self.page_content(page.content or "", page, config)
        except Exception as exc:  # MkDocs reports the page's own problems when it builds it
            log.debug(f"could not read '{page.file.src_uri}' for its card: {exc}")

    def _reconcile(self, config: MkDocsConfig, files: Files, collected: Collected) -> None:
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
            file = self._add(route, files, config, taken, collected.names)
            if file is not None:
                late.append(file)
                meta = self.generated[src_uri].meta
                read_page(GeneratedPage(file, config, meta), config, files).edit_url = None
        interop.register_generated(config, late)
        for generated in self.generated.values():
            page = generated.file.page
            if page is None:
                continue
            meta = self.language.page_meta(generated.route, self.plan, collected.names)
            if generated.nav_title:  # themes prefer `meta.title` (Material's <title> does)
                page.meta.pop("title", None)
            else:
                page.meta["title"] = meta["title"]
            page.meta["description"] = meta["description"]

    def _link_languages(self, config: MkDocsConfig) -> None:
        """Language-switch targets of every generated page, from each other language's plan."""
        others = {lang: self.run.plan(lang) for lang in self.languages.build if lang != self.lang}
        for generated in self.generated.values():
            targets: dict[str, File] = {}
            for lang, plan in others.items():
                src = self.plan.switch(generated.route, plan)
                if src is not None:
                    targets[lang] = target_file(config, src, self.languages.prefix(lang))
            i18n.set_alternates(config, generated.file, targets)


def _site_info(config: MkDocsConfig) -> SiteInfo:
    return SiteInfo(
        url=config.site_url or None,
        name=str(config.site_name),
        directory_urls=config.use_directory_urls,
        theme_dirs=tuple(config.theme.dirs),
        social_cards=interop.social_cards(config),
    )


def _author_has(files: Files, config: MkDocsConfig, src_uri: str, prefix: str) -> bool:
    """Whether the author has a file where a generated file of this language would go."""
    existing = files.get_file_from_path(src_uri)
    if existing is None:
        return False
    return existing.dest_uri == target_file(config, src_uri, prefix).dest_uri


def read_page(page: Page, config: MkDocsConfig, files: Files) -> Page:
    """What MkDocs' `_populate_page` does to a page: read and render it, with the same events
    (a page added after MkDocs read every page, or one `--dirty` writes unread)."""
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
    return page
