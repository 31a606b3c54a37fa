"""Generated pages as MkDocs pages that skip what they do not need: their front matter is
known and their Markdown body is empty, so reading them parses no YAML and rendering them runs
no Markdown (a Markdown instance with a site's extensions costs about a millisecond a page).

Every plugin event still runs: `on_page_read_source` may give a source (then it is read as
MkDocs reads one), `on_page_markdown` may return Markdown (then it is rendered as MkDocs renders
it), so to other plugins these are ordinary pages.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from markupsafe import escape
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page
from mkdocs.structure.toc import TableOfContents, get_toc
from mkdocs.utils import meta as front_matter

_MKDOCS_PAGES = logging.getLogger("mkdocs.structure.pages")


class GeneratedPage(Page):
    """A page tagindex generates: a stub on disk for other plugins, its meta in memory."""

    def __init__(self, file: File, config: MkDocsConfig, meta: Mapping[str, Any]) -> None:
        super().__init__(None, file, config)
        self.known_meta = meta
        """The stub's front matter as MkDocs would read it back (keys sorted, as written)."""

    def read_source(self, config: MkDocsConfig) -> None:
        source = config.plugins.on_page_read_source(page=self, config=config)
        if source is not None:
            self.markdown, self.meta = front_matter.get_data(source)
            return
        self.markdown = ""
        self.meta = _copy(self.known_meta)  # plugins may change it, as a read one

    def render(self, config: MkDocsConfig, files: Files) -> None:
        if self.markdown:  # a plugin gave it a body: render that as MkDocs would
            super().render(config, files)
            return
        self.content = ""
        self.toc = get_toc([])
        self._title_from_render = None
        self.present_anchor_ids = set()
        if _MKDOCS_PAGES.getEffectiveLevel() > logging.DEBUG:  # as Page.render does
            self.links_to_anchors = {}


def group_toc(headings: list[tuple[str, str]]) -> TableOfContents:
    """The toc of a grouped tag page: its group headings (anchor, label), level 2, as MkDocs
    makes one from a page's headings; themes print titles unescaped, so they come escaped."""
    return get_toc(
        [
            {"level": 2, "id": anchor, "name": str(escape(label)), "children": []}
            for anchor, label in headings
        ]
    )


def sorted_meta(meta: Mapping[str, Any]) -> dict[str, Any]:
    """`meta` as YAML with sorted keys reads back: every mapping's keys in order."""
    return {
        key: sorted_meta(value) if isinstance(value, Mapping) else value
        for key, value in sorted(meta.items())
    }


def _copy(meta: Mapping[str, Any]) -> dict[str, Any]:
    """A copy as deep as a stub's front matter goes (text, numbers and one mapping), at a
    fraction of `copy.deepcopy`'s cost."""
    return {
        key: _copy(value) if isinstance(value, Mapping) else value for key, value in meta.items()
    }
