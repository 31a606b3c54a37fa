"""The engine: from options, site-level inputs and source pages to everything tagindex
publishes. It knows nothing of MkDocs' build (no `mkdocs.plugins`, `mkdocs.structure`,
`mkdocs.commands`, `mkdocs.livereload`); typed options use `mkdocs.config`, a library.

A host calls, in this order (docs/architecture.md shows it as a diagram):

1. `Run(options, languages, messages)` once per site build, then `run.first_pass(sources)`
   with every page's (source path, text): which tags each language will have, and slugs.
2. Per language: `Language(run, code, SiteInfo(...))`; `run.plan(code)` says which pages to
   generate, `language.page_meta(route, plan)` their front matter.
3. Per rendered article: `language.facts(html, first_heading, text_language, source, src_uri)`
   (`source`: the page's whole file, for its tagged sections; `Facts.said` are their warnings,
   for a host that keeps facts to say again).
4. Once every page is final: `language.article(SourcePage(...))` for each page, then
   `language.collect(found)` → `Collected` (articles, names, the final plan).
5. `Edition(language, collected, Published(pages, authored, author_has))`: the model,
   `edition.outputs.files` to write, and `page_context`, `article_context`, `chips`,
   `listing_context` for the templates, which `Renderer` can render on its own.

Hosts import the engine only through the names of `__all__` (tests/unit/test_shape.py holds
them to it); its modules, grouped by domain (`options/`, `text/`, `records/`, `model/`,
`output/`), are its own to move.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from . import ownership
    from .model.edition import Edition
    from .model.language import Collected, Found, Language, SiteInfo
    from .model.layouts import Languages
    from .model.routes import Plan, Route, url_of
    from .model.siterun import Messages, Run, TagIndexError
    from .model.tagindex import Card, Tag
    from .options.config import TagIndexConfig
    from .options.tagstyle import Icons, bundled_icons
    from .output import theme
    from .output.contexts import NUMBER, ListingContext, PageContext, PassThrough
    from .output.explorer import piece_json
    from .output.outputs import Deferred, Published, StaticFile
    from .output.render import Renderer
    from .output.sectionchips import section_chips
    from .output.theme import theme_overrides_dir
    from .ownership import MARKER, digest, owned_roots
    from .records import listings
    from .records.article import Article, Facts, Post, SourcePage
    from .records.cardfields import FIELDS
    from .records.frontmatter import (
        front_matter,
        has_tags,
        refused_keys_out,
        tags_of,
        yaml_mapping,
    )
    from .records.listings import Listing
    from .records.sections import has_sections, section_tags, with_chips
    from .text import html, readtime
    from .text.html import first_paragraph, plain
    from .text.labels import labels_for
    from .text.slugs import strip_format
    from .text.values import (
        BUILD_ERRORS,
        build_problem,
        clean_text,
        one_date,
        unbuildable,
        unbuildable_where,
    )

_HOME = {
    "Article": "records.article",
    "Card": "model.tagindex",
    "Collected": "model.language",
    "Deferred": "output.outputs",
    "Edition": "model.edition",
    "FIELDS": "records.cardfields",
    "BUILD_ERRORS": "text.values",
    "build_problem": "text.values",
    "unbuildable": "text.values",
    "unbuildable_where": "text.values",
    "Facts": "records.article",
    "Found": "model.language",
    "Icons": "options.tagstyle",
    "Language": "model.language",
    "Languages": "model.layouts",
    "Listing": "records.listings",
    "ListingContext": "output.contexts",
    "MARKER": "ownership",
    "Messages": "model.siterun",
    "NUMBER": "output.contexts",
    "PageContext": "output.contexts",
    "PassThrough": "output.contexts",
    "Plan": "model.routes",
    "Post": "records.article",
    "Published": "output.outputs",
    "Renderer": "output.render",
    "Route": "model.routes",
    "Run": "model.siterun",
    "SiteInfo": "model.language",
    "SourcePage": "records.article",
    "StaticFile": "output.outputs",
    "Tag": "model.tagindex",
    "TagIndexConfig": "options.config",
    "TagIndexError": "model.siterun",
    "bundled_icons": "options.tagstyle",
    "clean_text": "text.values",
    "digest": "ownership",
    "owned_roots": "ownership",
    "first_paragraph": "text.html",
    "front_matter": "records.frontmatter",
    "yaml_mapping": "records.frontmatter",
    "refused_keys_out": "records.frontmatter",
    "has_tags": "records.frontmatter",
    "has_sections": "records.sections",
    "section_tags": "records.sections",
    "section_chips": "output.sectionchips",
    "with_chips": "records.sections",
    "labels_for": "text.labels",
    "one_date": "text.values",
    "piece_json": "output.explorer",
    "plain": "text.html",
    "strip_format": "text.slugs",
    "tags_of": "records.frontmatter",
    "theme_overrides_dir": "output.theme",
    "url_of": "model.routes",
}
"""Where each public name lives. They are imported on first use (PEP 562), so that a host which
needs one light module (`html`, `readtime`) does not pay for the model, the labels and Jinja:
the `tagindex` command's start-up when nothing changed."""

_MODULES = {
    "html": "text.html",
    "listings": "records.listings",
    "ownership": "ownership",
    "readtime": "text.readtime",
    "theme": "output.theme",
}
"""Modules a host uses as a whole, by their public name."""


def __getattr__(name: str) -> Any:
    home = _HOME.get(name)
    if home is not None:
        value = getattr(import_module(f"{__name__}.{home}"), name)
    elif name in _MODULES:
        value = import_module(f"{__name__}.{_MODULES[name]}")
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value
    return value


__all__ = [
    "BUILD_ERRORS",
    "FIELDS",
    "MARKER",
    "NUMBER",
    "Article",
    "Card",
    "Collected",
    "Deferred",
    "Edition",
    "Facts",
    "Found",
    "Icons",
    "Language",
    "Languages",
    "Listing",
    "ListingContext",
    "Messages",
    "PageContext",
    "PassThrough",
    "Plan",
    "Post",
    "Published",
    "Renderer",
    "Route",
    "Run",
    "SiteInfo",
    "SourcePage",
    "StaticFile",
    "Tag",
    "TagIndexConfig",
    "TagIndexError",
    "build_problem",
    "bundled_icons",
    "clean_text",
    "digest",
    "first_paragraph",
    "front_matter",
    "has_sections",
    "has_tags",
    "html",
    "labels_for",
    "listings",
    "one_date",
    "owned_roots",
    "ownership",
    "piece_json",
    "plain",
    "readtime",
    "refused_keys_out",
    "section_chips",
    "section_tags",
    "strip_format",
    "tags_of",
    "theme",
    "theme_overrides_dir",
    "unbuildable",
    "unbuildable_where",
    "url_of",
    "with_chips",
    "yaml_mapping",
]
