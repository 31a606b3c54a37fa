"""Categories in the page's language (issue 40): the name a category has in each language, for
the articles a language shows from the default one (static-i18n's and zensical-i18n's fallbacks).

On a Japanese page an untranslated English article would bring its `Agents` beside the
`エージェント` of the Japanese ones: two filter values, two groups, two names in `tags.json` for
one category. Its name in a language comes from, in this order:

1. **the translations**: an article written in both the default language and that one pairs the
   categories of its two files, item by item (`Agents` in `a.md`, `エージェント` in `a.ja.md`);
   where two translations disagree, the name most of them give wins (then the first file's, in
   path order), and a warning names both files;
2. **the tags file's `categories:` table** (`tagsfile.py`): `Agents: {ja: エージェント}`;
3. else the category as written.

Only front matter is read (the first pass, over every language's files at once, so that every
language and both hosts learn the same names, cached or not); a category that a `.meta.yml`
gives is named by the table. An article in its own language keeps its categories as written.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from ..text.values import pick
from .layouts import Languages


@dataclass(frozen=True)
class CategoryNames:
    """Language → category as the default language writes it → its name in that language."""

    names: Mapping[str, Mapping[str, str]] = field(default_factory=dict)

    def of(self, lang: str) -> Mapping[str, str]:
        """One language's names (empty for the default language and sites without i18n)."""
        return self.names.get(lang, {})

    def shown(self, lang: str, categories: tuple[str, ...]) -> tuple[str, ...]:
        """An article's categories as `lang` shows them; two that become one name are one."""
        names = self.names.get(lang)
        if not names or not categories:
            return categories
        return tuple(dict.fromkeys(names.get(c, c) for c in categories))


def learned(
    languages: Languages,
    written: Mapping[str, tuple[str, ...]],
    warn: Callable[[str], None],
) -> dict[str, dict[str, str]]:
    """Each language's names from its translations (`written`: source path → its categories).
    A pair of files whose lists differ in length says nothing of which is which: left out."""
    default: dict[str, str] = {}
    own: dict[str, dict[str, str]] = {lang: {} for lang in languages.build}
    for src_uri in sorted(written):
        locale, norm = languages.locale_of(src_uri)
        if locale == languages.default:
            default.setdefault(norm, src_uri)
        elif locale in own:
            own[locale].setdefault(norm, src_uri)
    out: dict[str, dict[str, str]] = {}
    for lang in languages.build:
        if lang == languages.default:
            continue
        given: dict[str, dict[str, list[str]]] = {}
        """Category in the default language → its names here → the files that give each."""
        for norm, src_uri in sorted(own[lang].items()):
            source = default.get(norm)
            if source is None:
                continue
            mine, theirs = written[src_uri], written[source]
            if len(mine) != len(theirs):
                continue
            for before, after in zip(theirs, mine, strict=True):
                given.setdefault(before, {}).setdefault(after, []).append(src_uri)
        out[lang] = {
            before: _chosen(lang, before, names, warn) for before, names in sorted(given.items())
        }
    return out


def _chosen(
    lang: str, category: str, names: Mapping[str, list[str]], warn: Callable[[str], None]
) -> str:
    """The name most translations give a category (then the first file's); a disagreement is
    said once, with a file of each of the two names most given."""
    ranked = sorted(names.items(), key=lambda item: (-len(item[1]), item[1][0]))
    chosen, files = ranked[0]
    if len(ranked) > 1:
        other, others = ranked[1]
        warn(
            f"{files[0]}: category '{category}' is '{chosen}' in '{lang}', but '{other}' in "
            f"{others[0]}; '{chosen}' is shown for the untranslated articles (given by "
            f"{len(files)} of {sum(len(f) for f in names.values())} translations): give "
            f"'{category}' one name in '{lang}'"
        )
    return chosen


def category_names(
    languages: Languages,
    written: Mapping[str, tuple[str, ...]],
    table: Mapping[str, Mapping[str, str]],
    warn: Callable[[str], None],
) -> CategoryNames:
    """Every language's names: its translations' first, then the tags file's table."""
    found = learned(languages, written, warn)
    names: dict[str, dict[str, str]] = {}
    for lang in languages.build:
        if lang == languages.default:
            continue
        named = {c: n for c, texts in table.items() if (n := pick(texts, lang, last=()))}
        named.update(found.get(lang, {}))
        names[lang] = {c: n for c, n in sorted(named.items()) if n != c}
    return CategoryNames({lang: own for lang, own in names.items() if own})
