"""The MkDocs host's page stage: template contexts from the edition, listings filled in, and the
fast path's sampling and check (`frame.py`). Made at `on_env`, once the edition exists.
"""

from __future__ import annotations

import logging
from collections import Counter
from dataclasses import replace

from jinja2 import Environment
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import get_plugin_logger
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page
from mkdocs.utils import get_relative_url
from mkdocs.utils.templates import TemplateContext

from ..core.contexts import PageContext, PassThrough
from ..core.edition import Edition
from . import frame as frame_module
from . import i18n, interop
from .build import BuildState, Generated
from .frame import Frame

log = get_plugin_logger("tagindex")


class PageStage:
    """What a language build's pages receive once every page is read."""

    def __init__(self, build: BuildState, edition: Edition, env: Environment) -> None:
        self.build = build
        self.edition = edition
        self.env = env
        self.frame = Frame(enabled=frame_module.enabled_by_environment())
        if build.nav_lists_generated:  # its nav differs from the others'
            self.frame.enabled = False
        self.frame.portable_cards = frame_module.card_is_portable(env)
        self._kind_sizes: Counter[str] | None = None
        """Frame kind → generated pages of it, counted when the first of them is rendered."""
        self._full: dict[str, tuple[str, str]] = {}
        """Source path of a sampled generated page → (frame kind, its full render)."""

    # -- contexts -----------------------------------------------------------------------------

    def page_context(self, context: TemplateContext, page: Page, config: MkDocsConfig) -> None:
        """`tagindex` for the templates; on generated pages also the text the search plugin
        (it runs after us) indexes; on articles the chips Material's partial renders."""
        generated = self.build.generated_page(page)
        if generated is not None:
            page_context = self.edition.page_context(
                generated.route,
                generated.file.url,
                frame=self._frame_of(generated),
                frame_state=_frame_state(generated),
            )
            context["tagindex"] = page_context  # type: ignore[typeddict-unknown-key]
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
                icons=interop.tag_icons(config),
                shadows_shown=interop.shadow_shown(config),
            )

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

    # -- the fast path ------------------------------------------------------------------------

    def _frame_of(self, generated: Generated) -> PassThrough:
        """The shared frame, for a page of a kind with enough pages to gain from it. The first
        pages of a kind cost a full render each, and the check another (frame.MIN_PAGES), so
        a smaller kind (the all-tags page) renders in full: right by definition, and faster.
        `TAGINDEX_VERIFY=all` takes the fast path on every page, to check it on every page."""
        if not self.frame.enabled or frame_module.verify_all():
            return self.frame
        if self._kind_sizes is None:
            self._kind_sizes = Counter(
                _frame_kind(g, get_relative_url(".", g.file.page.url))
                for g in self.build.generated.values()
                if g.file.page is not None
            )
        assert generated.file.page is not None  # it is being rendered
        kind = _frame_kind(generated, get_relative_url(".", generated.file.page.url))
        if self._kind_sizes[kind] < frame_module.MIN_PAGES:
            return PassThrough()
        return self.frame

    def check_frame(self, context: TemplateContext, page: Page) -> None:
        """Render a sample of generated pages in full, to hold against MkDocs' own render of
        them, which takes the fast path (`checked_output`); every page with
        TAGINDEX_VERIFY=all."""
        generated = self.build.generated_page(page)
        if generated is None or not self.frame.enabled:
            return
        fast_context = context.get("tagindex")
        if not isinstance(fast_context, PageContext) or fast_context.frame is not self.frame:
            return  # not ours, or rendered in full already
        kind = _frame_kind(generated, context.get("base_url"))
        if not self.frame.needs_check(kind):
            return
        template = self.env.get_template(str(page.meta.get("template", "main.html")))
        context["tagindex"] = replace(fast_context, frame=PassThrough())  # type: ignore[typeddict-unknown-key]
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


def _frame_state(generated: Generated) -> str:
    """What the shared parts of a generated page depend on besides its depth: the page's
    `hide` (Material hides the navigation, the toc or the footer by it). The shared blocks
    hold nothing of the page's kind: its stylesheets, head and content are its own."""
    page = generated.file.page
    hide = page.meta.get("hide") if page is not None else None
    return f"hide={hide!r}"


def _frame_kind(generated: Generated, base_url: object) -> str:
    """What a page's shared parts depend on: its frame state and its `base_url` (which
    MkDocs derives from its URL in `get_context`, before the templates key on it)."""
    return f"{_frame_state(generated)}|{base_url}"


# -- template errors --------------------------------------------------------------------------
