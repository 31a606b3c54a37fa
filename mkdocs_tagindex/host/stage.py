"""The MkDocs host's page stage: template contexts from the edition, listings filled in, and the
fast path's sampling and check (`frame.py`). Made at `on_env`, once the edition exists.
"""

from __future__ import annotations

import logging

from jinja2 import Environment
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import get_plugin_logger
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page
from mkdocs.utils import get_relative_url
from mkdocs.utils.templates import TemplateContext

from ..core import (
    Article,
    Edition,
    ListingContext,
    PageContext,
    PassThrough,
    piece_json,
    section_chips,
    url_of,
    with_chips,
)
from . import fastpath as frame_module
from . import files as files_module
from . import i18n, interop, pages
from .buildstate import BuildState, Generated, read_page
from .fastpath import Frame

log = get_plugin_logger("tagindex")


class PageStage:
    """What a language build's pages receive once every page is read."""

    def __init__(
        self,
        build: BuildState,
        edition: Edition,
        env: Environment,
        files: Files,
        config: MkDocsConfig,
    ) -> None:
        self.build = build
        # the same for every page of the build: asked once, not per article
        self.icons = interop.tag_icons(config)
        self.shadows_shown = interop.shadow_shown(config)
        self.files = files
        self.edition = edition
        self.env = env
        self.frame = Frame(enabled=frame_module.enabled_by_environment())
        if build.nav_lists_generated:  # its nav differs from the others'
            self.frame.enabled = False
        self.frame.portable_cards = frame_module.card_is_portable(env)
        self._said = False

    # -- contexts -----------------------------------------------------------------------------

    def page_context(self, context: TemplateContext, page: Page, config: MkDocsConfig) -> None:
        """`tagindex` for the templates; on generated pages also the text the search plugin
        (it runs after us) indexes; on articles the chips Material's partial renders."""
        generated = self.build.generated_page(page)
        if page.content is None and generated is None:
            # `--dirty`: MkDocs asks `File.is_modified()` when reading pages and again when
            # writing them; a page saved in between is written unread, and the plugins after
            # us (search) would get no content. Read it now; its card came from the earlier
            # build, so forget that record: the rebuild the save triggers reads it again.
            read_page(page, config, self.files)
            self.build.memory.articles.pop((self.build.lang, page.file.src_uri), None)
        if generated is not None:
            frame: PassThrough = self.frame if self.frame.enabled else PassThrough()
            page_context = self.edition.page_context(
                generated.route,
                generated.file.url,
                frame=frame,
                frame_state=_frame_state(generated),
            )
            if page_context.groups:  # the group headings are the page's toc (the navigation
                # block that holds it is then the page's own: tagindex/_base/base.html)
                page.toc = pages.group_toc(page_context.toc)
            if self.frame.enabled:
                kind = _frame_kind(page_context.frame_state, context.get("base_url"))
                self.frame.begin(kind, generated.file.src_uri)
            context["tagindex"] = page_context  # type: ignore[typeddict-unknown-key]
            self._explorer_pieces(context, page_context, config)
            search = self.env.get_template("tagindex/search.html")
            page.content = search.render(tagindex=page_context)
            return
        article = self.edition.article(page.file.src_uri)
        if article is None:
            return
        context["tagindex"] = self.edition.article_context(article)  # type: ignore[typeddict-unknown-key]
        if self.build.options.chips:
            context["tags"] = self.edition.chips(  # type: ignore[typeddict-unknown-key]
                article,
                i18n.file_language(page.file),
                icons=self.icons,
                shadows_shown=self.shadows_shown,
            )
            if article.sections and page.content is not None:
                page.content = self._section_chips(page, article, config)

    def _section_chips(self, page: Page, article: Article, config: MkDocsConfig) -> str:
        """The page's HTML with chips under each tagged heading (`tagindex/section-tags.html`),
        before the theme renders it and the search plugin reads it."""
        template = self.env.get_template("tagindex/section-tags.html")
        locale = i18n.file_language(page.file)
        markup = {}
        for anchor, chips in section_chips(self.edition, article, locale, icons=self.icons).items():
            styled = any(chip.slug in self.edition.styled for chip in chips)
            markup[anchor] = template.render(
                tags=chips,
                section=anchor,
                tag_styles_url=self.edition.outputs.tag_styles_url if styled else None,
                page=page,
                config=config,
                base_url=get_relative_url(".", page.url),
            )
        return with_chips(page.content or "", markup)

    def _explorer_pieces(
        self, context: TemplateContext, page: PageContext, config: MkDocsConfig
    ) -> None:
        """The all-tags page's explorer cards, in pieces rendered with the page's own context
        (`output/explorer.py`), written to `site_dir` beside it: MkDocs has copied the static
        files by now, and a piece is the page's own render, not a page."""
        pieces = list(self.edition.explorer_pieces(page))
        if not pieces:
            return
        template = self.env.get_template("tagindex/explorer.html")
        prefix = self.build.language.prefix
        for src_uri, piece in pieces:
            html = template.render({**context, "tagindex": piece})
            url = url_of(src_uri, prefix, config.use_directory_urls)
            files_module.write_site_file(config.site_dir, url, piece_json(html))

    def fill_listings(self, config: MkDocsConfig, files: Files) -> None:
        """Render the cards of every listing marker into its page, before the search plugin
        reads the page's content (in `on_page_context`), so the listing is searchable too."""
        if not self.build.listings:
            return
        template = self.env.get_template("tagindex/listing.html")
        for src_uri, found in self.build.listings.items():
            file = files.get_file_from_path(src_uri)
            page = file.page if file is not None else None
            if page is None or page.content is None:
                continue
            html = page.content
            for listing in found:
                rendered = template.render(
                    tagindex=self.edition.listing_context(listing),
                    page=page,
                    config=config,
                    base_url=get_relative_url(".", page.url),
                )
                html = html.replace(listing.placeholder, rendered, 1)
            page.content = html

    def native_listing(self, tree: object) -> ListingContext:
        """`tagindex_native(listing)` in `fragments/tags/tagindex/listing.html`: the cards of
        one tag of a Material tags listing (its `tagindex` layout), which Material renders in
        its `on_env`, after ours has made the edition (plugin.py)."""
        name, pages = interop.listing_tree(tree)
        return self.edition.pages_context(name, pages)

    # -- the fast path ----------------------------------------------------------------------

    def after_page(self) -> None:
        """Say once why the fast path was turned off, if a sampled page found a shared part
        that differs (a warning when every page is checked: the suite's strict builds)."""
        if self.frame.reason is not None and not self._said:
            self._said = True
            level = logging.WARNING if frame_module.verify_all() else logging.DEBUG
            log.log(level, self.frame.reason)


def _frame_state(generated: Generated) -> str:
    """What the shared parts of a generated page depend on besides its depth: the page's
    `hide` (Material hides the navigation, the toc or the footer by it). The shared blocks
    hold nothing of the page's kind: its stylesheets, head and content are its own."""
    page = generated.file.page
    hide = page.meta.get("hide") if page is not None else None
    return f"hide={hide!r}"


def _frame_kind(state: str, base_url: object) -> str:
    """What a page's shared parts depend on: its frame state and its `base_url` (which
    MkDocs derives from its URL in `get_context`, before the templates key on it)."""
    return f"{state}|{base_url}"


# -- template errors --------------------------------------------------------------------------
