"""Languages: the label tables, and the only module that knows mkdocs-static-i18n's internals.

mkdocs-static-i18n has no public API for other plugins. Every attribute of it that we read is
named in ``_I18N_ATTRIBUTES`` with what it means, and ``tests/build`` fails loudly when a release
renames one of them.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import BasePlugin
from mkdocs.structure.files import File

I18N_PLUGIN = "i18n"
"""Name of mkdocs-static-i18n's entry point under `plugins:`."""

_I18N_ATTRIBUTES = {
    "current_language": "locale of the build in progress (one build per language)",
    "default_language": "locale whose pages live at the site root",
    "File.locale": "set by static-i18n on each file it selects: the language of its text",
}

Plural = Mapping[str, str]

LABELS: dict[str, dict[str, Any]] = {
    "en": {
        "articles": {"one": "{count} article", "other": "{count} articles"},
        "tags": {"one": "{count} tag", "other": "{count} tags"},
        "read_time": {"one": "{count} min read", "other": "{count} min read"},
        "member": "★ MEMBER",
        "all_tags": "All tags",
        "tag_heading": "#{name}",
        "types": {
            "paper": "PAPER",
            "tutorial": "TUTORIAL",
            "explainer": "EXPLAINER",
            "news": "NEWS",
        },
    },
    "ja": {
        "articles": {"other": "{count}件の記事"},
        "tags": {"other": "{count}個のタグ"},
        "read_time": {"other": "{count}分で読めます"},
        "member": "★ メンバー限定",
        "all_tags": "すべてのタグ",
        "tag_heading": "#{name}",
        "types": {
            "paper": "論文",
            "tutorial": "チュートリアル",
            "explainer": "解説",
            "news": "ニュース",
        },
    },
}
"""Built-in label tables. Plural forms use CLDR category names (`one`, `other`)."""


def plural_category(lang: str, count: int) -> str:
    """CLDR plural category for cardinal numbers; English rules unless the language has none."""
    base = lang.replace("-", "_").split("_")[0].lower()
    if base in {"ja", "zh", "ko", "th", "vi", "id"}:
        return "other"
    if base == "fr":
        return "one" if count in (0, 1) else "other"
    return "one" if count == 1 else "other"


def _merge(base: dict[str, Any], override: Mapping[str, Any]) -> dict[str, Any]:
    out = copy.deepcopy(base)
    for key, value in override.items():
        if isinstance(value, Mapping) and isinstance(out.get(key), dict):
            out[key] = _merge(out[key], value)
        else:
            out[key] = value
    return out


@dataclass(frozen=True)
class Labels:
    """The label table of one language, as templates use it: `labels.t('articles', 16)`."""

    lang: str
    table: Mapping[str, Any]

    def t(self, key: str, count: int | None = None, **values: object) -> str:
        """A label, in its plural form when `count` is given, with `{count}`/`{name}` filled."""
        entry = self.table.get(key, LABELS["en"].get(key, key))
        if isinstance(entry, Mapping):
            category = plural_category(self.lang, count or 0)
            entry = entry.get(category, entry.get("other", key))
        text = str(entry)
        try:
            return text.format(count=count, **values)
        except (KeyError, IndexError, ValueError):
            return text

    def type(self, name: str | None) -> str:
        """Display form of an article type: the table's, else the name in capitals."""
        if not name:
            return ""
        types = self.table.get("types", {})
        return str(types.get(name.lower(), name.upper()))


def labels_for(lang: str, overrides: Mapping[str, Any]) -> tuple[Labels, bool]:
    """The labels of `lang` with the site's overrides; the flag says English was substituted."""
    base = lang.replace("-", "_").split("_")[0].lower()
    known = base in LABELS or base in overrides
    table = _merge(LABELS["en"], LABELS.get(base, {}))
    table = _merge(table, overrides.get(base, overrides.get(lang, {})))
    return Labels(lang=base, table=table), not known


def _i18n_plugin(config: MkDocsConfig) -> BasePlugin[Any] | None:
    plugin = config.plugins.get(I18N_PLUGIN)
    return plugin if plugin is not None and hasattr(plugin, "current_language") else None


def build_language(config: MkDocsConfig) -> str:
    """Language of the build in progress: static-i18n's, else the theme's, else English."""
    plugin = _i18n_plugin(config)
    if plugin is not None and getattr(plugin, "current_language", None):
        return str(plugin.current_language)  # type: ignore[attr-defined]
    theme_lang = config.theme.get("language") or config.theme.get("locale")
    return str(theme_lang) if theme_lang else "en"


def site_prefix(config: MkDocsConfig) -> str:
    """Folder of the current language under `site_dir`: `""` for the default language."""
    plugin = _i18n_plugin(config)
    if plugin is None:
        return ""
    current = getattr(plugin, "current_language", None)
    default = getattr(plugin, "default_language", None)
    if not current or current == default:
        return ""
    return f"{current}/"


def is_first_build(config: MkDocsConfig) -> bool:
    """True for the build that starts a `mkdocs build` run (the default language's, with i18n)."""
    plugin = _i18n_plugin(config)
    if plugin is None:
        return True
    return bool(getattr(plugin, "current_language", None) == getattr(plugin, "default_language", 0))


def file_language(file: File) -> str | None:
    """Language of a file's text as static-i18n decided it (a fallback page keeps its own)."""
    locale = getattr(file, "locale", None)
    return str(locale) if locale else None
