"""Label tables: every text the plugin draws, per language, with CLDR plural forms.

Pure: no MkDocs imports. The build's language comes from `i18n`; this module only turns a language
code and the site's `labels` option into the table templates read (`labels.t("articles", 16)`).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

Plural = Mapping[str, str]

LABELS: dict[str, dict[str, Any]] = {
    "en": {
        "articles": {"one": "{count} article", "other": "{count} articles"},
        "tags": {"one": "{count} tag", "other": "{count} tags"},
        "read_time": {"one": "{count} min read", "other": "{count} min read"},
        "member": "★ MEMBER",
        "untranslated": "Not translated",
        "all": "All",
        "audience": "Audience",
        "filter_type": "Type",
        "filter_member": "Members",
        "filter_category": "Category",
        "free": "Free",
        "all_tags": "All tags",
        "page_title": "{name} (page {number} of {pages})",
        "previous": "Previous",
        "next": "Next",
        "page_of": "Page {number} of {pages}",
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
        "untranslated": "未翻訳",
        "all": "すべて",
        "audience": "対象読者",
        "filter_type": "種類",
        "filter_member": "会員",
        "filter_category": "カテゴリ",
        "free": "無料",
        "all_tags": "すべてのタグ",
        "page_title": "{name}（{number}/{pages}ページ）",
        "previous": "前へ",
        "next": "次へ",
        "page_of": "{pages}ページ中{number}ページ目",
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


def pick(texts: Mapping[str, Any], lang: str) -> str | None:
    """The text for `lang` from a per-language mapping: exact, base language, `*`, English."""
    base = lang.replace("-", "_").split("_")[0]
    for key in (lang, base, "*", "en"):
        if texts.get(key):
            return str(texts[key])
    return None


def _is_plural(value: object) -> bool:
    return isinstance(value, Mapping) and bool(set(value) & {"zero", "one", "two", "few", "many"})


def _merge(
    base: dict[str, Any], override: Mapping[str, Any], *, replace_plurals: bool = False
) -> dict[str, Any]:
    """Deep merge; with `replace_plurals`, another language's plural forms replace English ones
    whole (German `{other: …}` must not keep English's `one`)."""
    out = copy.deepcopy(base)
    for key, value in override.items():
        plural = isinstance(value, Mapping) and (_is_plural(value) or "other" in value)
        if isinstance(value, Mapping) and isinstance(out.get(key), dict):
            if replace_plurals and plural:
                out[key] = dict(value)
            else:
                out[key] = _merge(out[key], value, replace_plurals=replace_plurals)
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
    table = _merge(LABELS["en"], LABELS.get(base, {}), replace_plurals=True)
    own = overrides.get(base, overrides.get(lang, {}))
    # merged into a built-in table of the same language; replacing English's forms otherwise
    table = _merge(table, own, replace_plurals=base not in LABELS)
    return Labels(lang=base, table=table), not known
