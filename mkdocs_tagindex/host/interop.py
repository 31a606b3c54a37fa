"""Other plugins: the only module that knows their internals (as `i18n` is for static-i18n).

Each function names the plugin, the attribute it reads or writes and why, and degrades to doing
nothing when the plugin is absent or has changed; `tests/build/test_interop.py` builds a site
with each of them and fails when a release moves what is read here.
"""

from __future__ import annotations

import datetime
import logging
import sys
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import get_plugin_logger
from mkdocs.structure.files import File
from mkdocs.structure.pages import Page

from ..core import Post, one_date


def _loaded(module: str, name: str) -> Any:
    """A class of one of Material's plugins, if its module is loaded: no instance of it can
    exist otherwise, and importing those modules ourselves would cost every build their
    memory. Material is a dependency, but its plugins' layout is not an API: a release that
    moved the class gives None."""
    loaded = sys.modules.get(module)
    return getattr(loaded, name, None) if loaded is not None else None


def _instances(config: MkDocsConfig, cls: Any) -> list[Any]:
    if cls is None:
        return []
    return [plugin for plugin in config.plugins.values() if isinstance(plugin, cls)]


def _material_tags_plugins(config: MkDocsConfig) -> list[Any]:
    return _instances(config, _loaded("material.plugins.tags.plugin", "TagsPlugin"))


def _named(config: MkDocsConfig, *names: str) -> list[Any]:
    """Instances of a plugin registered under one of `names` (`name`, `name #2`, …)."""
    found = []
    for key, plugin in config.plugins.items():
        if key.split(" #")[0] in names:
            found.append(plugin)
    return found


# -- Material's blog --------------------------------------------------------------------------


def blog_post(page: Page) -> Post | None:
    """A Material blog post's dates, categories, authors and read time; None for other pages.

    Reads `Post.config` (the blog's validated front matter: `date.created`, `date.updated`,
    `categories`, `readtime`, `draft`) and `Post.authors` (resolved from `.authors.yml` during
    the blog's `on_page_markdown`); `readtime` is the author's or, when `post_readtime` is on,
    the blog's own from its `on_page_content`, which runs before ours.
    """
    post_class = _loaded("material.plugins.blog.structure", "Post")
    if post_class is None or not isinstance(page, post_class):
        return None
    post: Any = page
    options = getattr(post, "config", None)
    dates = getattr(options, "date", None) or {}
    authors = tuple(
        str(getattr(author, "name", "") or "") for author in getattr(post, "authors", []) or []
    )
    readtime = getattr(options, "readtime", None)
    return Post(
        created=one_date(dates.get("created") if isinstance(dates, dict) else None),
        updated=one_date(dates.get("updated") if isinstance(dates, dict) else None),
        categories=tuple(str(c) for c in getattr(options, "categories", None) or []),
        authors=tuple(a for a in authors if a),
        read_time=readtime if isinstance(readtime, int) and readtime > 0 else None,
        draft=bool(getattr(options, "draft", False)),
    )


# -- Material's social plugin ---------------------------------------------------------------


def social_cards(config: MkDocsConfig) -> bool:
    """Whether Material's social plugin is on: it writes every page's Open Graph tags itself."""
    return any(
        getattr(plugin.config, "enabled", True) and getattr(plugin.config, "cards", True)
        for plugin in _named(config, "material/social", "social")
    )


# -- mkdocs-git-revision-date-localized-plugin ---------------------------------------------------


def git_dates(page: Page) -> tuple[datetime.date | None, datetime.date | None]:
    """The first and last commit dates of a page, as mkdocs-git-revision-date-localized-plugin
    left them in `page.meta` (`git_creation_date_localized_raw_iso_date` with its
    `enable_creation_date`, `git_revision_date_localized_raw_iso_date`)."""

    def read(key: str) -> datetime.date | None:
        value = page.meta.get(key)
        if not isinstance(value, str):
            return None
        try:
            return datetime.date.fromisoformat(value.strip()[:10])
        except ValueError:
            return None

    return (
        read("git_creation_date_localized_raw_iso_date"),
        read("git_revision_date_localized_raw_iso_date"),
    )


# -- Material's tags plugin -----------------------------------------------------------------


def tag_icons(config: MkDocsConfig) -> bool:
    """Whether the site maps tags to icons (`extra.tags`): Material's chips partial then looks
    each chip's name up there, and draws an icon (a `#` for tags without one of their own)."""
    extra = config.extra.get("tags")
    return isinstance(extra, Mapping) and bool(extra)


def listing_tree(tree: Any) -> tuple[str, list[str]]:
    """One tag of a Material tags listing, as its `fragments/tags/<layout>/listing.html`
    receives it (`ListingTree`, Material 9.6 to 9.8): the tag's name (`tree.tag.name`) and the
    source paths of the pages listed under it (`tree.mappings[].item`, a `Page`, or a `Link`
    for tags read from another project, which has no article here and is left out)."""
    name = str(getattr(getattr(tree, "tag", None), "name", "") or "")
    pages = []
    for mapping in getattr(tree, "mappings", None) or ():
        file = getattr(getattr(mapping, "item", None), "file", None)
        src_uri = getattr(file, "src_uri", None)
        if isinstance(src_uri, str):
            pages.append(src_uri)
    return name, pages


def shadow_shown(config: MkDocsConfig) -> bool:
    """Whether Material shows shadow tags in this build: its `shadow` option, which it turns on
    under `mkdocs serve` when `shadow_on_serve` is (the default)."""
    return any(
        bool(getattr(p.config, "shadow", False))
        for p in _material_tags_plugins(config)
        if getattr(p.config, "enabled", True)
    )


def shadow_tags(config: MkDocsConfig) -> Callable[[str], bool]:
    """Material's test for a shadow tag: listed in `shadow_tags`, or with the configured
    `shadow_tags_prefix` / `shadow_tags_suffix`. Such tags get no page and a shadow chip."""
    rules: list[tuple[set[str], str, str]] = []
    for plugin in _material_tags_plugins(config):
        options = plugin.config
        if not getattr(options, "enabled", True):
            continue
        names = {str(getattr(t, "name", t)) for t in getattr(options, "shadow_tags", None) or ()}
        prefix = str(getattr(options, "shadow_tags_prefix", "") or "")
        suffix = str(getattr(options, "shadow_tags_suffix", "") or "")
        if names or prefix or suffix:
            rules.append((names, prefix, suffix))

    def is_shadow(name: str) -> bool:
        return any(
            name in names
            or (prefix and name.startswith(prefix))
            or (suffix and name.endswith(suffix))
            for names, prefix, suffix in rules
        )

    return is_shadow


# -- plugins that cannot tell a generated page from a source file ----------------------------


def register_generated(config: MkDocsConfig, files: Iterable[File]) -> None:
    """Tell plugins that keep their own list of source files about our generated pages.

    - mkdocs-git-revision-date-localized-plugin dates a generated page by calling
      `time.time()` twice, once for its last and once for its first revision (1.6.0,
      `_get_commit`); when a second ends between the two calls it warns that the first is
      older than the last, which `--strict` fails on, then uses the last for both. The warning
      is dropped for our pages only (`_GeneratedDates`); what the page shows is unchanged.
    - mkdocs-git-authors-plugin runs `git blame` on every page's `abs_src_path` in its
      `on_page_content` and `on_page_context`, ignoring `File.generated_by` there; a file that
      git does not track is a warning under its default `strict: true`. Our pages are added to
      its `exclude` list (exact source paths, nothing the author wrote).
    - mkdocs-redirects snapshots the documentation pages in its `on_files` (priority 0); with
      static-i18n our pages can only be added after that, at -110, so they join its `doc_pages`
      to be valid redirect targets.
    """
    generated = list(files)
    for plugin in _named(config, "git-revision-date-localized"):
        _quiet_generated_dates(plugin).paths.update(f.src_path for f in generated)
    for plugin in _named(config, "git-authors"):
        excluded = getattr(plugin.config, "exclude", None)
        if isinstance(excluded, list):
            excluded.extend(f.src_path for f in generated if f.src_path not in excluded)
    for plugin in _named(config, "redirects"):
        pages = getattr(plugin, "doc_pages", None)
        if isinstance(pages, dict):
            for file in generated:
                pages.setdefault(file.src_uri, file)


class _GeneratedDates(logging.Filter):
    """Drops git-revision-date-localized's "First revision timestamp is older" warning for
    pages in `paths` (ours, which git does not track: both dates are the build's clock)."""

    MESSAGE = "First revision timestamp is older than last revision timestamp for page "

    def __init__(self) -> None:
        super().__init__()
        self.paths: set[str] = set()

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        if self.MESSAGE not in message:
            return True
        page = message.split(self.MESSAGE, 1)[1].split(". This can be", 1)[0]
        return page not in self.paths


_GENERATED_DATES = _GeneratedDates()
"""One per process: loggers outlive builds (`mkdocs serve`), so the filter is added once."""


def _quiet_generated_dates(plugin: Any) -> _GeneratedDates:
    """The filter on the plugin's own logger (`get_plugin_logger(__name__)` of its module)."""
    logger = get_plugin_logger(type(plugin).__module__).logger  # ProperDocs names it its way
    if _GENERATED_DATES not in logger.filters:
        logger.addFilter(_GENERATED_DATES)
    return _GENERATED_DATES


def forget_generated() -> None:
    """A finished build's pages are no longer ours to speak for: `mkdocs serve` builds again,
    and an author's file may take a generated page's place."""
    _GENERATED_DATES.paths.clear()
