"""The engine: from options, site-level inputs and source pages to everything tagindex
publishes. It knows nothing of MkDocs' build (no `mkdocs.plugins`, `mkdocs.structure`,
`mkdocs.commands`, `mkdocs.livereload`); typed options use `mkdocs.config`, a library.

A host calls, in this order (docs/architecture.md shows it as a diagram):

1. `Run(options, languages, messages)` once per site build, then `run.first_pass(sources)`
   with every page's (source path, text): which tags each language will have, and slugs.
2. Per language: `Language(run, code, SiteInfo(...))`; `language.plan` → `run.plan(code)`
   says which pages to generate, `language.page_meta(route, plan)` their front matter.
3. Per rendered article: `language.facts(html, first_heading, text_language)`.
4. Once every page is final: `language.article(SourcePage(...))` for each page, then
   `language.collect(found)` → `Collected` (articles, names, the final plan).
5. `Edition(language, collected, Published(pages, authored, author_has))`: the model,
   `edition.outputs.files` to write, and `page_context`, `article_context`, `chips`,
   `listing_context` for the templates, which `render.Renderer` can render on its own.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .model.edition import Edition
    from .model.language import Collected, Found, Language, SiteInfo
    from .model.layouts import Languages
    from .model.siterun import Messages, Run, TagIndexError
    from .options.config import TagIndexConfig
    from .output.outputs import Published, StaticFile
    from .records.article import Article, Facts, Post, SourcePage

_HOME = {
    "Article": "records.article",
    "Facts": "records.article",
    "Post": "records.article",
    "SourcePage": "records.article",
    "Edition": "model.edition",
    "Collected": "model.language",
    "Found": "model.language",
    "Language": "model.language",
    "SiteInfo": "model.language",
    "Languages": "model.layouts",
    "TagIndexConfig": "options.config",
    "Published": "output.outputs",
    "StaticFile": "output.outputs",
    "Messages": "model.siterun",
    "Run": "model.siterun",
    "TagIndexError": "model.siterun",
}
"""Where each public name lives. They are imported on first use (PEP 562), so that a host which
needs one light module (`core.html`, `core.readtime`) does not pay for the model, the labels and
Jinja: the `tagindex` command's start-up when nothing changed."""


def __getattr__(name: str) -> Any:
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{home}"), name)
    globals()[name] = value
    return value


__all__ = [
    "Article",
    "Collected",
    "Edition",
    "Facts",
    "Found",
    "Language",
    "Languages",
    "Messages",
    "Post",
    "Published",
    "Run",
    "SiteInfo",
    "SourcePage",
    "StaticFile",
    "TagIndexConfig",
    "TagIndexError",
]
