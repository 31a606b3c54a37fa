"""Label tables: every text the plugin draws, per language, with CLDR plural forms from Babel.

The built-in tables are data files, `locales/<code>.yml`, one per language, named with the codes
Material uses (`zh-Hans` for its `zh`). No MkDocs imports: the build's language comes from `i18n`
and the theme's folders from the caller; this module turns them and the site's `labels` option
into the table templates read (`labels.t("articles", 16)`). A language without a table takes what
Material's own translation of the theme gives, and English for the rest; `Fallback` says which.
"""

from __future__ import annotations

import copy
import re
import string
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from types import MappingProxyType
from typing import Any, Literal

import babel
import jinja2
import yaml
from babel.core import get_global
from babel.plural import PluralRule

from . import cldr

Plural = Mapping[str, str]

CATEGORIES = ("zero", "one", "two", "few", "many", "other")
"""CLDR's plural category names, the keys of a plural label."""

PLURAL_KEYS = ("articles", "sections", "tags", "read_time")
"""Labels with a form per plural category; the others are plain text."""


@dataclass(frozen=True)
class LabelKey:
    """What a label key takes: its placeholders, and its shape in a table."""

    placeholders: tuple[str, ...] = ()
    shape: Literal["text", "plural", "names"] = "text"
    """`text`: one template; `plural`: CLDR category → template (`{count}` picks the form);
    `names`: a value (an article type, a level) → display text."""


PLACEHOLDERS: Mapping[str, LabelKey] = MappingProxyType(
    {
        "articles": LabelKey(("count",), "plural"),
        "sections": LabelKey(("count",), "plural"),
        "tags": LabelKey(("count",), "plural"),
        "read_time": LabelKey(("count",), "plural"),
        "member": LabelKey(),
        "untranslated": LabelKey(),
        "all": LabelKey(),
        "audience": LabelKey(),
        "filter_type": LabelKey(),
        "filter_member": LabelKey(),
        "filter_category": LabelKey(),
        "free": LabelKey(),
        "all_tags": LabelKey(),
        "explorer": LabelKey(),
        "explorer_find": LabelKey(),
        "explorer_match": LabelKey(),
        "explorer_all": LabelKey(),
        "explorer_any": LabelKey(),
        "explorer_chosen": LabelKey(),
        "explorer_hint": LabelKey(),
        "explorer_pick": LabelKey(("name",)),
        "explorer_unpick": LabelKey(("name",)),
        "explorer_not_found": LabelKey(("names",)),
        "explorer_dropped": LabelKey(("names",)),
        "explorer_zero": LabelKey(),
        "explorer_none": LabelKey(),
        "explorer_tags": LabelKey(),
        "explorer_without": LabelKey(("name",)),
        "explorer_copy": LabelKey(),
        "explorer_copied": LabelKey(),
        "page_title": LabelKey(("name", "number", "pages")),
        "previous": LabelKey(),
        "next": LabelKey(),
        "page_of": LabelKey(("number", "pages")),
        "tag_heading": LabelKey(("name",)),
        "draft": LabelKey(),
        "related": LabelKey(),
        "feed": LabelKey(),
        "narrow_with": LabelKey(),
        "no_category": LabelKey(),
        "no_type": LabelKey(),
        "no_date": LabelKey(),
        "types": LabelKey(shape="names"),
        "levels": LabelKey(shape="names"),
    }
)
"""Every label key, what each takes, and nothing else: the `labels` option is checked against
this table, and `Labels.t` fills only these placeholders. `{count}`: a number of articles, tags
or minutes; `{name}`: a tag's name; `{names}`: tag names, joined (the explorer fills it in the
browser); `{number}`, `{pages}`: a page's number and the page count.
The plural keys are PLURAL_KEYS (a unit test keeps the two and `locales/en.yml` in step)."""

_PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")

PLURAL_LOCALES = {"pt": "pt-PT"}
"""Tables whose plural rules are another locale's: Material's `pt` is Portugal's Portuguese,
CLDR's `pt` Brazil's (0 is singular in Brazil, plural in Portugal)."""

MATERIAL_KEYS = {
    "read_time": ("readtime.one", "readtime.other"),
    "previous": ("footer.previous",),
    "next": ("footer.next",),
}
"""What a language without a table takes from Material's translation of the theme: its read time
(`readtime.one` is for 1, `readtime.other` for every other number, `#` the number) and the
"Previous"/"Next" of its page footer, which mean what our pagination links mean."""


class _Tables(Mapping[str, dict[str, Any]]):
    """The tables of `locales/`, each read when first asked for: a build reads the two or
    three of its languages, not all twenty, at every start-up."""

    def __init__(self) -> None:
        folder = resources.files(__package__).joinpath("locales")
        self._files = {
            e.name.removesuffix(".yml"): e
            for e in sorted(folder.iterdir(), key=lambda e: e.name)
            if e.name.endswith(".yml")
        }
        self._read: dict[str, dict[str, Any]] = {}

    def __getitem__(self, code: str) -> dict[str, Any]:
        table = self._read.get(code)
        if table is None:
            entry = self._files[code]  # KeyError for a language without a table
            # libyaml when PyYAML has it: several times as fast as the pure-Python loader
            loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
            table = self._read[code] = yaml.load(entry.read_text("utf-8"), loader)
        return table

    def __contains__(self, code: object) -> bool:
        return code in self._files

    def __iter__(self) -> Iterator[str]:
        return iter(self._files)

    def __len__(self) -> int:
        return len(self._files)


LABELS: Mapping[str, dict[str, Any]] = _Tables()
"""Built-in label tables by language code (`en`, `zh-Hant`, `pt-BR`, …), from `locales/`."""


# -- language codes ---------------------------------------------------------------------------


def normalize(code: str) -> str:
    """A language code in BCP 47 spelling: `zh_tw` → `zh-TW`, `zh_hant` → `zh-Hant`."""
    parts = [p for p in re.split(r"[-_]", str(code).strip()) if p]
    if not parts:
        return ""
    out = [parts[0].lower()]
    for part in parts[1:]:
        if len(part) == 4 and part.isalpha():
            out.append(part.title())
        elif (len(part) == 2 and part.isalpha()) or (len(part) == 3 and part.isdigit()):
            out.append(part.upper())
        else:
            out.append(part)
    return "-".join(out)


@lru_cache(maxsize=256)
def _locale(code: str) -> babel.Locale | None:
    try:
        return babel.Locale.parse(normalize(code).replace("-", "_"))
    except (ValueError, TypeError, babel.UnknownLocaleError):
        return None


def _likely_script(language: str) -> str | None:
    """The script a language is written in unless said otherwise (`zh` → `Hans`)."""
    likely = str(get_global("likely_subtags").get(language, ""))
    script = next((p for p in likely.split("_")[1:] if len(p) == 4), None)
    return script


def candidates(code: str) -> list[str]:
    """Codes to look `code` up by, most specific first: `zh_TW` → zh-TW, zh-Hant, zh.

    Babel fills in what the code leaves out (`zh` is written in Hans, `zh-TW` in Hant) and maps
    old codes to current ones (`iw` → `he`, `in` → `id`).
    """
    norm = normalize(code)
    found = [norm]
    loc = _locale(norm)
    bare = True
    if loc is not None:
        usual = _likely_script(loc.language)
        script = loc.script or usual
        # Another script than the language's usual one (zh-Hant, sr-Latn) is another table:
        # never fall back to the bare language (Simplified Chinese, Cyrillic Serbian).
        bare = script == usual
        for parts in ((loc.language, loc.territory), (loc.language, script)):
            if all(parts):
                found.append("-".join(str(p) for p in parts))
        if bare:
            found.append(loc.language)
    if bare:
        found.append(norm.split("-")[0])
    return list(dict.fromkeys(c for c in found if c))


def table_code(code: str) -> str | None:
    """The built-in table for a language code (`zh_TW` → `zh-Hant`, `pt_BR` → `pt-BR`), if any.

    A code that names a table itself (`en`, `ja`: `candidates` would put it first) needs no
    Babel: its likely-subtags table is large, and a plain build never loads it."""
    norm = normalize(code)
    if norm in LABELS:
        return norm
    return next((c for c in candidates(code) if c in LABELS), None)


def text_direction(code: str) -> str:
    """`rtl` or `ltr`: how the language is written (CLDR's character order, through Babel)."""
    norm = normalize(code)
    if norm in cldr.PLURALS:
        return "rtl" if norm in cldr.RIGHT_TO_LEFT else "ltr"
    loc = _locale(code)
    return "rtl" if loc is not None and loc.text_direction == "rtl" else "ltr"


# -- plural rules ------------------------------------------------------------------------------


@lru_cache(maxsize=256)
def _plural_rule(lang: str) -> PluralRule:
    known = cldr.PLURALS.get(normalize(lang))
    if known is not None:  # a built-in table's language: no locale data to load
        return PluralRule(known)
    loc = _locale(lang)
    # A code Babel does not know (`custom`, `sh`) gets 1 → one, else other: Material's own rule
    # for its read-time texts, and English's.
    return (loc or babel.Locale("en")).plural_form


def plural_category(lang: str, count: int | float) -> str:
    """CLDR plural category of a number in a language (`ru`, 21 → `one`; `ar`, 11 → `many`)."""
    return str(_plural_rule(lang)(count))


def plural_categories(lang: str) -> tuple[str, ...]:
    """Every CLDR plural category a language has, in CLDR's order (`other` always)."""
    tags = _plural_rule(lang).tags
    return tuple(c for c in CATEGORIES if c in tags or c == "other")


# -- Material's translations -------------------------------------------------------------------


@dataclass(frozen=True)
class MaterialTranslation:
    """What Material's `partials/languages/<code>.html` says (a Jinja macro over a dict)."""

    path: str
    """Template name it was read from, e.g. `partials/languages/is.html`."""
    language: str
    """Its `language` entry: what a custom translation (`theme.language: custom`) really is."""
    direction: str
    texts: Mapping[str, str]
    """Our label keys → text in our placeholder syntax (`#` → `{count}`); plural keys as forms."""


def material_translation(code: str, theme_dirs: Sequence[str]) -> MaterialTranslation | None:
    """Read Material's translation of `code` from the theme's folders, as Material finds it.

    Rendered with Jinja, so a site's own `custom_dir/partials/languages/<code>.html` (Material's
    documented way to add or change a translation) is read exactly like Material's own.
    """
    if not theme_dirs:
        return None
    return _material_translation(code, tuple(str(d) for d in theme_dirs))


@lru_cache(maxsize=64)
def _material_translation(code: str, dirs: tuple[str, ...]) -> MaterialTranslation | None:
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(list(dirs)), autoescape=False)
    for name in candidates(code):
        path = f"partials/languages/{name}.html"
        try:
            macro = env.get_template(path).module.t  # type: ignore[attr-defined]
            raw = {key: str(macro(key) or "").strip() for key in _material_keys()}
        except (jinja2.TemplateError, TypeError, ValueError, AttributeError):
            continue
        return MaterialTranslation(
            path=path,
            language=raw["language"],
            direction=raw["direction"],
            texts=_material_texts(raw),
        )
    return None


def _material_keys() -> tuple[str, ...]:
    keys = [k for group in MATERIAL_KEYS.values() for k in group]
    return ("language", "direction", *keys)


def _material_texts(raw: Mapping[str, str]) -> dict[str, Any]:
    """Material's texts as label entries; a text with braces (ours are placeholders) is left out."""
    usable = {k: v.replace("#", "{count}") for k, v in raw.items() if v and not set(v) & {"{", "}"}}
    texts: dict[str, Any] = {}
    other = usable.get("readtime.other")
    if other:
        # Material's rule is 1 → readtime.one, anything else → readtime.other: English's rule,
        # which Labels.rules records for this key.
        texts["read_time"] = {"one": usable.get("readtime.one", other), "other": other}
    for key in ("previous", "next"):
        (material_key,) = MATERIAL_KEYS[key]
        if material_key in usable:
            texts[key] = usable[material_key]
    return texts


# -- tables ------------------------------------------------------------------------------------


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


def placeholders(text: str) -> set[str]:
    """The `{name}` placeholders of a label text."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@dataclass(frozen=True)
class Labels:
    """The label table of one language, as templates use it: `labels.t('articles', 16)`."""

    lang: str
    """Locale whose CLDR plural rules pick the forms of the count labels (`articles`, `tags`):
    tagindex.js hands it to `Intl.PluralRules`. The table's language (`de`, `pt-PT`); `en` for a
    language without a table, whose substituted texts are English or Material's 1-or-more pair."""
    table: Mapping[str, Any]
    language: str = "en"
    """The language the labels were asked for, in BCP 47 spelling (`zh-TW`, `is`)."""
    dir: str = "ltr"
    """Writing direction of `language`: `rtl` (Arabic, Hebrew, Persian, Urdu, …) or `ltr`."""
    rules: Mapping[str, str] = field(default_factory=dict)
    """Plural keys whose forms follow another locale's rules than `lang` (a site's own labels in
    a language without a table, next to English ones)."""
    _filled: dict[tuple[Any, ...], str] = field(
        default_factory=dict, init=False, compare=False, repr=False
    )
    """Labels already filled in: a tag page asks for the same few a dozen times."""

    def category(self, key: str, count: int | float) -> str:
        """The CLDR plural category that picks the form of `key` for `count`."""
        return plural_category(self.rules.get(key, self.lang), count)

    def t(self, key: str, count: int | None = None, **values: object) -> str:
        """A label, in its plural form when `count` is given, with `{count}`/`{name}` filled."""
        memo = (key, count, *sorted(values.items()))
        try:
            return self._filled[memo]
        except KeyError:
            text = self._fill(key, count, values)
        except TypeError:  # a value that cannot be a key: fill it every time
            return self._fill(key, count, values)
        self._filled[memo] = text
        return text

    def _fill(self, key: str, count: int | None, values: Mapping[str, object]) -> str:
        entry = self.table.get(key, LABELS["en"].get(key, key))
        if isinstance(entry, Mapping):
            category = self.category(key, count or 0)
            entry = entry.get(category, entry.get("other", key))
        # Never str.format on configured text: it would reach attributes (`{name.__class__}`)
        # and take widths (`{count:>50000000}`). Only the key's own placeholders are filled.
        spec = PLACEHOLDERS.get(key)
        given = {**values, "count": count}

        def fill(match: re.Match[str]) -> str:
            name = match.group(1)
            value = given.get(name)
            if value is None or (spec is not None and name not in spec.placeholders):
                return match.group(0)
            return str(value)

        return _PLACEHOLDER.sub(fill, str(entry))

    def cards(self, articles: int, sections: int = 0) -> str:
        """What a tag lists (issue 41): "16 articles · 3 sections", "16 articles" with no
        section, "3 sections" with no article."""
        if not sections:
            return self.t("articles", articles)
        if not articles:
            return self.t("sections", sections)
        return f"{self.t('articles', articles)} · {self.t('sections', sections)}"

    def value(self, table: str, value: str) -> str:
        """A badge field's value (`cardfields.py`) as its label table names it, else as is."""
        return str(
            self.table.get(table, {}).get(value, LABELS["en"].get(table, {}).get(value, value))
        )

    def type(self, name: str | None) -> str:
        """Display form of an article type: the table's, else the name in capitals."""
        if not name:
            return ""
        types = self.table.get("types", {})
        known = types.get(name.lower())
        if known is not None:
            return str(known)
        if self.language.split("-")[0] in {"tr", "az"}:  # Turkic capitals: i → İ, ı → I
            name = name.replace("i", "İ")
        return name.upper()


@dataclass(frozen=True)
class Fallback:
    """What `labels_for` had to substitute: nothing for a language with a table."""

    lang: str
    """The language code asked for."""
    english: tuple[str, ...] = ()
    """Label keys shown in English."""
    material: tuple[str, ...] = ()
    """Label keys taken from Material's translation of the theme."""
    source: str | None = None
    """Material's translation file those came from (`partials/languages/is.html`)."""

    def __bool__(self) -> bool:
        """True when some label is in English: `if fallback:` reads as `if substituted:`."""
        return bool(self.english)

    @property
    def message(self) -> str:
        """One line for the build log (INFO, not a warning: the site has made no mistake)."""
        if not self.english:
            return ""
        option = f"'labels: {{{self.lang}: …}}'"
        if self.material:
            taken = ", ".join(_MATERIAL_NAMES.get(k, k) for k in self.material)
            return (
                f"no built-in labels for language '{self.lang}': {taken} from Material's"
                f" translation ({self.source}), {len(self.english)} other labels in English;"
                f" the plugin's {option} option translates them"
            )
        return (
            f"no built-in labels for language '{self.lang}': English;"
            f" the plugin's {option} option translates them"
        )


_MATERIAL_NAMES = {"read_time": "read time", "previous": "'Previous'", "next": "'Next'"}


def _overrides_for(lang: str, table: str | None, overrides: Mapping[str, Any]) -> list[Any]:
    """The site's label overrides for a language: every key of `labels` naming the same table
    (`zh_TW`, `zh-TW` and `zh-Hant` all name zh-Hant), or the same code when there is none;
    sorted, with the code exactly as the site spells its language last, so it wins."""
    wanted = table or normalize(lang)
    found = []
    for key in sorted(overrides, key=str):
        named = table_code(str(key)) if table else normalize(str(key))
        if named == wanted and key != lang:
            found.append(overrides[key])
    if lang in overrides:
        found.append(overrides[lang])
    return [o for o in found if isinstance(o, Mapping)]


def labels_for(
    lang: str, overrides: Mapping[str, Any], theme_dirs: Sequence[str] = ()
) -> tuple[Labels, Fallback]:
    """The labels of `lang` with the site's overrides, and what had to be substituted.

    A language with a built-in table gets it (with its CLDR plural rules). One without takes its
    read time and pagination words from Material's translation in `theme_dirs` (the theme's
    folders, the site's `custom_dir` first) and English for the rest; the site's own labels for
    it win over both, with that language's plural rules.
    """
    language = normalize(lang) or "en"
    code = table_code(lang)
    material = None if code else material_translation(lang, theme_dirs)
    direction = _direction(lang, material)
    if code is None and material is not None and table_code(material.language):
        # a custom translation (`theme.language: custom`) says which language it really is
        code = table_code(material.language)
        direction = text_direction(material.language)
        material = None
    english = LABELS["en"]
    own_rules: dict[str, str] = {}
    taken: list[str] = []
    missing: set[str] = set()
    if code is not None:
        plural = PLURAL_LOCALES.get(code, code)
        table = _merge(english, LABELS[code], replace_plurals=True)
    else:
        plural = "en"  # English texts, and Material's 1-or-more pair, follow English's rule
        table = copy.deepcopy(english)
        if material is not None:
            taken = [k for k in MATERIAL_KEYS if k in material.texts]
            table.update(copy.deepcopy(dict(material.texts)))
        missing = set(english) - set(taken)
    for own in _overrides_for(lang, code, overrides):
        for key, value in own.items():
            if key in PLURAL_KEYS and code is None and isinstance(value, Mapping):
                table[key] = dict(value)  # the site's own language: its forms, its rules
                own_rules[key] = language
            else:
                table = _merge(table, {key: value}, replace_plurals=code is None)
            names = PLACEHOLDERS.get(key, LabelKey()).shape == "names"
            if not names or set(english[key]) <= set(own.get(key) or {}):
                missing.discard(key)
                if key in taken:
                    taken.remove(key)
    rules = {key: own_rules.get(key, plural) for key in PLURAL_KEYS}
    labels = Labels(
        lang=rules["articles"],
        table=table,
        language=language,
        dir=direction,
        rules={k: v for k, v in rules.items() if v != rules["articles"]},
    )
    fallback = Fallback(
        lang=lang,
        english=tuple(k for k in english if k in missing),
        material=tuple(taken),
        source=material.path if material is not None and taken else None,
    )
    return labels, fallback


def _direction(lang: str, material: MaterialTranslation | None) -> str:
    if _locale(lang) is None and material is not None and material.direction in {"rtl", "ltr"}:
        return material.direction  # a code Babel does not know: trust the theme's file
    return text_direction(lang)
