"""Languages: the only module that knows mkdocs-static-i18n's internals.

mkdocs-static-i18n has no public API for other plugins. Every attribute of it that we read is
named in ``_I18N_ATTRIBUTES`` with what it means, and ``tests/build`` fails loudly when a release
renames one of them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import BasePlugin
from mkdocs.structure.files import File

from ..core import Languages

I18N_PLUGIN = "i18n"
"""Name of mkdocs-static-i18n's entry point under `plugins:`."""

_I18N_ATTRIBUTES = {
    # on the plugin instance
    "current_language": "locale of the build in progress (one build per language)",
    "default_language": "locale whose pages live at the site root",
    "build_languages": "locales that get a build, in configuration order",
    "i18n_files_per_language": "locale → documentation files; its sitemap.xml lists these",
    "config.docs_structure": "'suffix' (page.ja.md) or 'folder' (ja/page.md)",
    "config.fallback_to_default": "untranslated pages of the default language are published",
    # on File objects (static-i18n sets them on the files it selects)
    "File.locale": "language of the file's text (a fallback page keeps the default language)",
    "File.alternates": "locale → File of the same page in that language; drives the switcher",
    "File.locale_alternate_of": "locale of the build the file belongs to",
}
"""Every static-i18n attribute read or written here, and what it means (tested in tests/build)."""


def _i18n_plugin(config: MkDocsConfig) -> BasePlugin[Any] | None:
    plugin = config.plugins.get(I18N_PLUGIN)
    return plugin if plugin is not None and hasattr(plugin, "current_language") else None


def build_language(config: MkDocsConfig) -> str:
    """Language of the build in progress: static-i18n's, else the theme's, else English."""
    plugin = _i18n_plugin(config)
    if plugin is not None and getattr(plugin, "current_language", None):
        return str(plugin.current_language)  # type: ignore[attr-defined]
    return theme_language(config) or "en"


def theme_language(config: MkDocsConfig) -> str | None:
    """The theme's language (Material's `language`, MkDocs themes' `locale`), if set."""
    theme_lang = config.theme.get("language") or config.theme.get("locale")
    return str(theme_lang) if theme_lang else None


def file_language(file: File) -> str | None:
    """Language of a file's text as static-i18n decided it (a fallback page keeps its own)."""
    locale = getattr(file, "locale", None)
    return str(locale) if locale else None


def languages(config: MkDocsConfig) -> Languages:
    """The site's languages; without static-i18n, the one language of the build."""
    plugin = _i18n_plugin(config)
    if plugin is None:
        lang = build_language(config)
        return Languages(current=lang, default=lang, build=(lang,))
    default = str(getattr(plugin, "default_language", None) or build_language(config))
    build = tuple(str(x) for x in getattr(plugin, "build_languages", None) or [default])
    if default in build:  # the default language's build runs first
        build = (default, *[x for x in build if x != default])
    options = plugin.config
    return Languages(
        current=build_language(config),
        default=default,
        build=build,
        structure=str(getattr(options, "docs_structure", "suffix")),
        fallback=bool(getattr(options, "fallback_to_default", True)),
    )


def active(config: MkDocsConfig) -> bool:
    """Whether mkdocs-static-i18n runs this build (it then narrows the files at -100)."""
    return _i18n_plugin(config) is not None


def join(config: MkDocsConfig, file: File) -> None:
    """Make a generated page a static-i18n page of the current language: its file attributes and
    its sitemap entry (static-i18n's sitemap lists only `i18n_files_per_language`)."""
    plugin = _i18n_plugin(config)
    if plugin is None:
        return
    current = build_language(config)
    file.alternates = {current: file}  # type: ignore[attr-defined]
    file.locale = current  # type: ignore[attr-defined]
    file.locale_alternate_of = current  # type: ignore[attr-defined]
    file.localization = None  # type: ignore[attr-defined]
    file.norm_src_uri = file.src_uri  # type: ignore[attr-defined]
    per_language = getattr(plugin, "i18n_files_per_language", None)
    if isinstance(per_language, dict):
        listed = per_language.setdefault(current, [])
        if file not in listed:
            listed.append(file)


def set_alternates(config: MkDocsConfig, file: File, alternates: Mapping[str, File]) -> None:
    """The language switch of a generated page: static-i18n builds it from `File.alternates`."""
    if _i18n_plugin(config) is None:
        return
    current = build_language(config)
    file.alternates = {current: file, **alternates}  # type: ignore[attr-defined]


def leave(config: MkDocsConfig, file: File) -> None:
    """Take a generated page that turned out to have no articles out of static-i18n's sitemap."""
    plugin = _i18n_plugin(config)
    per_language = getattr(plugin, "i18n_files_per_language", None) if plugin else None
    if isinstance(per_language, dict):
        listed = per_language.get(build_language(config), [])
        if file in listed:
            listed.remove(file)


def check_internals(config: MkDocsConfig) -> list[str]:
    """Names in `_I18N_ATTRIBUTES` that the installed static-i18n no longer has (for tests)."""
    plugin = _i18n_plugin(config)
    if plugin is None:
        return []
    missing = []
    for name in _I18N_ATTRIBUTES:
        if name.startswith("File."):
            continue
        owner: Any = plugin
        for part in name.split("."):
            if not hasattr(owner, part):
                missing.append(name)
                break
            owner = getattr(owner, part)
    return missing
