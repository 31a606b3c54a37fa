"""Label tables: every language's keys, plural forms against CLDR (Babel), placeholders, codes,
and the fallback to Material's translations for a language without a table."""

from __future__ import annotations

import functools
import re
import string
from pathlib import Path
from typing import Any

import babel
import material
import pytest

from mkdocs_tagindex.core.text import labels as tables
from mkdocs_tagindex.core.text.values import pick

MATERIAL_TEMPLATES = str(Path(material.__file__).parent / "templates")
MATERIAL_LANGUAGES = Path(MATERIAL_TEMPLATES) / "partials" / "languages"
ENGLISH = tables.LABELS["en"]
REQUIRED = {"en", "ja", "zh-Hans", "zh-Hant", "ko", "de", "fr", "es", "pt", "pt-BR", "it", "nl"}
REQUIRED |= {"pl", "ru", "uk", "tr", "vi", "id", "ar", "he"}  # the languages issue 12 asks for
TABLES = sorted(tables.LABELS)
NUMBERS = [*range(0, 1001), 10_000, 100_000, 1_000_000, 2_000_000]


def rules_of(code: str) -> str:
    return tables.PLURAL_LOCALES.get(code, code)


@functools.cache
def babel_category(locale: str, n: int) -> str:
    return str(babel.Locale.parse(locale.replace("-", "_")).plural_form(n))


def material_entries(path: Path) -> dict[str, str]:
    """Material's `"key": "text"` pairs, read with a regex: independent of the module's reader."""
    pairs = re.findall(r'^\s*"([^"]+)":\s*"((?:[^"\\]|\\.)*)"', path.read_text("utf-8"), re.M)
    return dict(pairs)


def flat(table: dict[str, Any], prefix: str = "") -> dict[str, str]:
    """Every text of a table by dotted key (`articles.one`, `types.paper`, `member`)."""
    out: dict[str, str] = {}
    for key, value in table.items():
        if isinstance(value, dict):
            out.update(flat(value, f"{prefix}{key}."))
        else:
            out[f"{prefix}{key}"] = value
    return out


# -- the tables ---------------------------------------------------------------------------------


def test_every_required_language_has_a_table() -> None:
    assert set(TABLES) >= REQUIRED
    files = {p.stem for p in (Path(tables.__file__).parent / "locales").glob("*.yml")}
    assert files == set(TABLES)


@pytest.mark.parametrize("code", TABLES)
def test_table_has_every_key_of_english_and_no_other(code: str) -> None:
    table = tables.LABELS[code]
    assert set(table) == set(ENGLISH)
    names = [k for k, spec in tables.PLACEHOLDERS.items() if spec.shape == "names"]
    for key in names:
        assert set(table[key]) == set(ENGLISH[key]), (code, key)
    for key, value in table.items():
        if key in tables.PLURAL_KEYS:
            assert isinstance(value, dict), (code, key)
            assert all(isinstance(v, str) and v.strip() for v in value.values()), (code, key)
        elif key not in names:
            assert isinstance(value, str) and value.strip(), (code, key)


@pytest.mark.parametrize("code", TABLES)
def test_plural_forms_are_exactly_the_cldr_categories(code: str) -> None:
    """Every category a table defines is one CLDR has for the language, and every one CLDR has
    is defined: checked against Babel's rule on 0–1000 and large numbers, not a list of ours."""
    locale = rules_of(code)
    used = {babel_category(locale, n) for n in NUMBERS}
    cldr = set(babel.Locale.parse(locale.replace("-", "_")).plural_form.tags) | {"other"}
    assert used <= cldr
    for key in tables.PLURAL_KEYS:
        forms = set(tables.LABELS[code][key])
        assert forms == cldr, f"{code} {key}: has {sorted(forms)}, CLDR has {sorted(cldr)}"


def test_plural_categories_are_babels() -> None:
    """Known CLDR facts, written out, against the module's Babel-backed rule."""
    expected = {
        ("en", 1): "one",
        ("en_GB", 0): "other",
        ("ja", 1): "other",
        ("fr", 0): "one",
        ("fr", 1_000_000): "many",
        ("pt-PT", 0): "other",
        ("pt-BR", 0): "one",
        ("ru", 21): "one",
        ("ru", 22): "few",
        ("ru", 25): "many",
        ("ru", 11): "many",
        ("uk", 3): "few",
        ("pl", 22): "few",
        ("pl", 12): "many",
        ("pl", 1): "one",
        ("ar", 0): "zero",
        ("ar", 2): "two",
        ("ar", 7): "few",
        ("ar", 11): "many",
        ("ar", 100): "other",
        ("he", 2): "two",
        ("he", 3): "other",
        ("custom", 1): "one",  # a code Babel does not know: Material's 1-or-more rule
        ("custom", 2): "other",
    }
    got = {case: tables.plural_category(*case) for case in expected}
    assert got == expected
    assert tables.plural_categories("ar") == ("zero", "one", "two", "few", "many", "other")
    assert tables.plural_categories("he") == ("one", "two", "other")
    assert tables.plural_categories("zh-Hant") == ("other",)


def _integers_in(locale: str, category: str) -> set[int]:
    return {n for n in NUMBERS if babel_category(locale, n) == category}


@pytest.mark.parametrize("code", TABLES)
def test_placeholders_are_preserved(code: str) -> None:
    """Each text has English's placeholders, no others, no format specs or conversions. A plural
    form may leave `{count}` out only where its category holds a single number (Arabic "مقالتان"
    is 2 and nothing else), since the words then say the number."""
    english = flat(ENGLISH)
    for dotted, text in flat(tables.LABELS[code]).items():
        key, _, category = dotted.partition(".")
        reference = english.get(dotted) or english[f"{key}.other"]
        fields = list(string.Formatter().parse(text))
        assert all(spec == "" and conv is None for _, _, spec, conv in fields if _ is not None)
        want = tables.placeholders(reference)
        have = tables.placeholders(text)
        if key in tables.PLURAL_KEYS and have != want:
            assert have == want - {"count"}, (code, dotted, text)
            numbers = _integers_in(rules_of(code), category)
            assert len(numbers) == 1, f"{code} {dotted}: '{text}' has no number, but {category}"
        else:
            assert have == want, (code, dotted, text)


SAME_AS_ENGLISH = {
    # texts that are the right words in that language too; any other copy of English fails
    "de": {"types.paper", "types.tutorial"},
    "es": {"types.tutorial"},
    "fr": {"articles.one", "articles.other", "sections.one", "sections.other", "filter_type"},
    "id": {"types.tutorial"},
    "it": {"tags.one", "types.tutorial"},
    "nl": {
        "filter_type",
        "levels.beginner",
        "tags.one",
        "tags.other",
        "types.paper",
        "types.tutorial",
    },
    "pl": {"tags.one"},
    "pt": {"types.tutorial"},
    "pt-BR": {"tags.one", "tags.other", "types.tutorial"},
}


@pytest.mark.parametrize("code", [c for c in TABLES if c != "en"])
def test_translations_are_not_english_left_in_place(code: str) -> None:
    english = flat(ENGLISH)
    same = {k for k, v in flat(tables.LABELS[code]).items() if english.get(k) == v}
    assert same - {"tag_heading"} == SAME_AS_ENGLISH.get(code, set())


@pytest.mark.parametrize("code", TABLES)
def test_every_count_renders_with_its_number(code: str) -> None:
    labels, substituted = tables.labels_for(code, {})
    assert not substituted and substituted.message == ""
    for key in tables.PLURAL_KEYS:
        for n in (1, 2, 3, 5, 11, 21, 22, 100, 101, 1_000_000):
            text = labels.t(key, n)
            assert "{" not in text and "}" not in text, (code, key, n, text)
            if len(_integers_in(rules_of(code), labels.category(key, n))) > 1:
                assert str(n) in text, (code, key, n, text)


def test_native_wording_samples() -> None:
    def t(code: str, key: str, n: int | None = None) -> str:
        return tables.labels_for(code, {})[0].t(key, n)

    assert t("de", "read_time", 13) == "13 Min. Lesezeit"
    assert t("de", "articles", 16) == "16 Artikel"
    assert t("fr", "read_time", 13) == "13 min de lecture"
    assert t("fr", "articles", 0) == "0 article"
    assert t("fr", "articles", 1_000_000) == "1000000 d’articles"
    assert t("ru", "articles", 21) == "21 статья"
    assert t("ru", "articles", 3) == "3 статьи"
    assert t("ru", "articles", 16) == "16 статей"
    assert t("uk", "articles", 12) == "12 статей"
    assert t("pl", "articles", 22) == "22 artykuły"
    assert t("pl", "articles", 12) == "12 artykułów"
    assert t("pt", "articles", 0) == "0 artigos"
    assert t("pt-BR", "articles", 0) == "0 artigo"
    assert t("ar", "articles", 2) == "مقالتان"
    assert t("ar", "articles", 11) == "11 مقالة"
    assert t("ar", "articles", 5) == "5 مقالات"
    assert t("he", "articles", 2) == "שני מאמרים"
    assert t("he", "articles", 16) == "16 מאמרים"
    assert t("ko", "articles", 16) == "글 16개"
    assert t("zh-Hans", "read_time", 13) == "阅读约 13 分钟"
    assert t("tr", "articles", 16) == "16 makale"
    assert t("de", "page_title") == "{name} (Seite {number} von {pages})"


def test_right_to_left() -> None:
    for code in TABLES:
        labels, _ = tables.labels_for(code, {})
        assert labels.dir == ("rtl" if code in {"ar", "he"} else "ltr"), code
    assert tables.labels_for("fa", {}, [MATERIAL_TEMPLATES])[0].dir == "rtl"
    assert tables.labels_for("iw", {})[0].dir == "rtl"


def test_type_badges() -> None:
    assert tables.labels_for("en", {})[0].type("podcast") == "PODCAST"
    assert tables.labels_for("tr", {})[0].type("video") == "VİDEO"
    assert tables.labels_for("tr", {})[0].type("paper") == "BİLİMSEL MAKALE"
    assert tables.labels_for("de", {})[0].type("explainer") == "HINTERGRUND"
    assert tables.labels_for("de", {})[0].type(None) == ""


# -- language codes -----------------------------------------------------------------------------


def test_codes_of_material_static_i18n_and_the_theme_resolve_to_their_table() -> None:
    expected = {
        # Material's file names
        "zh": "zh-Hans",
        "zh-Hant": "zh-Hant",
        "zh-TW": "zh-Hant",
        "pt": "pt",
        "pt-BR": "pt-BR",
        "he": "he",
        # static-i18n locales and BCP 47 spellings
        "zh_TW": "zh-Hant",
        "zh_HK": "zh-Hant",
        "zh_CN": "zh-Hans",
        "zh-Hans": "zh-Hans",
        "zh_hans": "zh-Hans",
        "pt_BR": "pt-BR",
        "pt_PT": "pt",
        "en_US": "en",
        "de-AT": "de",
        "fr_CA": "fr",
        "ko_KR": "ko",
        "iw": "he",  # old codes Babel maps to current ones
        "in": "id",
        "is": None,
        "sr_Latn": None,
        "custom": None,
    }
    got = {code: tables.table_code(code) for code in expected}
    assert got == expected


def test_every_table_is_reachable_from_a_material_language_code() -> None:
    material_codes = [p.stem for p in MATERIAL_LANGUAGES.glob("*.html")]
    assert len(material_codes) >= 60
    reached = {tables.table_code(code) for code in material_codes} - {None}
    assert reached == set(TABLES)


def test_traditional_chinese_never_falls_back_to_simplified() -> None:
    assert "zh" not in tables.candidates("zh-TW")
    assert "zh" not in tables.candidates("zh-Hant")
    labels, _ = tables.labels_for("zh_TW", {"zh": {"all": "全部（简体）"}})
    assert labels.t("all") == "全部"
    assert labels.t("tags", 3) == "3 個標籤"


# -- overrides ----------------------------------------------------------------------------------


def test_overrides_merge_into_a_table_of_the_same_language() -> None:
    labels, _ = tables.labels_for("en", {"en": {"articles": {"other": "{count} posts"}}})
    assert labels.t("articles", 3) == "3 posts"
    assert labels.t("articles", 1) == "1 article"  # an English override keeps English's other forms
    labels, _ = tables.labels_for("zh_TW", {"zh-Hant": {"types": {"paper": "研究"}}})
    assert labels.type("paper") == "研究"
    assert labels.type("news") == "新聞"


def test_overrides_for_a_language_without_a_table_use_its_plural_rules() -> None:
    own = {"articles": {"one": "{count} grein", "other": "{count} greinar"}}
    labels, substituted = tables.labels_for("is", {"is": own}, [MATERIAL_TEMPLATES])
    assert labels.lang == "is"  # what tagindex.js hands to Intl.PluralRules for the counts
    assert labels.t("articles", 21) == "21 grein"  # Icelandic: 21 is "one"
    assert labels.t("articles", 3) == "3 greinar"
    assert labels.t("tags", 21) == "21 tags"  # still English, with English's rule
    assert labels.t("read_time", 21) == "21 mín lestur"
    assert labels.rules == {"sections": "en", "tags": "en", "read_time": "en"}
    assert "articles" not in substituted.english and "tags" in substituted.english


def test_a_language_translated_by_the_site_reports_nothing() -> None:
    own = {key: ENGLISH[key] for key in ENGLISH}
    labels, substituted = tables.labels_for("eo", {"eo": own})
    assert not substituted and substituted.message == ""
    assert labels.lang == "eo"


# -- Material's translations for a language without a table --------------------------------------


def _without_table() -> list[Path]:
    return sorted(p for p in MATERIAL_LANGUAGES.glob("*.html") if tables.table_code(p.stem) is None)


@pytest.mark.parametrize("path", _without_table(), ids=lambda p: p.stem)
def test_language_without_a_table_takes_materials_read_time(path: Path) -> None:
    code = path.stem
    theirs = material_entries(path)
    labels, substituted = tables.labels_for(code, {}, [MATERIAL_TEMPLATES])
    assert substituted, code
    message = substituted.message
    assert message and "\n" not in message and f"'{code}'" in message
    # English for the rest, with English's rule whatever the language's own (21 is "one" in is)
    assert labels.t("articles", 1) == "1 article"
    assert labels.t("articles", 21) == "21 articles"
    assert labels.t("all_tags") == "All tags"
    if theirs.get("readtime.other"):
        assert "read_time" in substituted.material and path.name in message
        one = theirs.get("readtime.one") or theirs["readtime.other"]
        assert labels.t("read_time", 1) == one.replace("#", "1")
        assert labels.t("read_time", 13) == theirs["readtime.other"].replace("#", "13")
        assert "read_time" not in substituted.english
    else:
        assert labels.t("read_time", 13) == "13 min read"
        assert "read_time" in substituted.english
    if theirs.get("footer.previous"):
        assert labels.t("previous") == theirs["footer.previous"]
    if theirs.get("direction"):
        assert labels.dir == theirs["direction"]


def test_without_theme_folders_a_language_without_a_table_is_english() -> None:
    labels, substituted = tables.labels_for("is", {})
    assert substituted.english == tuple(ENGLISH)
    assert labels.t("read_time", 3) == "3 min read"
    assert "English" in substituted.message


def test_the_sites_own_material_translation_comes_first(tmp_path: Path) -> None:
    languages = tmp_path / "partials" / "languages"
    languages.mkdir(parents=True)
    (languages / "is.html").write_text(
        '{% import "partials/languages/en.html" as fallback %}\n'
        '{% macro t(key) %}{{ {"language": "is", "readtime.other": "# mínútna lestur"}[key]'
        " or fallback.t(key) }}{% endmacro %}\n",
        "utf-8",
    )
    labels, substituted = tables.labels_for("is", {}, [str(tmp_path), MATERIAL_TEMPLATES])
    assert labels.t("read_time", 4) == "4 mínútna lestur"
    assert substituted.source == "partials/languages/is.html"


def test_a_custom_translation_names_its_language(tmp_path: Path) -> None:
    """Material's documented custom translation: `theme.language: custom` and a
    `partials/languages/custom.html` that says which language it is."""
    languages = tmp_path / "partials" / "languages"
    languages.mkdir(parents=True)
    (languages / "custom.html").write_text(
        '{% import "partials/languages/de.html" as language %}\n'
        '{% macro t(key) %}{{ {"source.file.date.created": "Erstellt am"}[key]'
        " or language.t(key) }}{% endmacro %}\n",
        "utf-8",
    )
    labels, substituted = tables.labels_for("custom", {}, [str(tmp_path), MATERIAL_TEMPLATES])
    assert not substituted
    assert labels.t("read_time", 13) == "13 Min. Lesezeit"


def test_pick_for_audience_labels() -> None:
    texts = {"en": "Students", "ja": "学生"}
    assert pick(texts, "ja_JP") == "学生"
    assert pick(texts, "fr") == "Students"
    assert pick({}, "fr") is None


def test_cldr_facts_kept_in_the_package_are_babels() -> None:
    """core/cldr.py spares a site in a built-in table's language Babel's locale data: every
    entry must be what the installed Babel says, and every table (and plural stand-in) have one."""
    from mkdocs_tagindex.core.text import cldr

    codes = sorted(set(tables.LABELS) | set(tables.PLURAL_LOCALES.values()))
    expected = {}
    rtl = set()
    for code in codes:
        locale = babel.Locale.parse(code.replace("-", "_"))
        expected[code] = dict(sorted(locale.plural_form.rules.items()))
        if locale.text_direction == "rtl":
            rtl.add(code)
    assert expected == cldr.PLURALS, f"regenerate core/cldr.py: PLURALS = {expected!r}"
    assert rtl == cldr.RIGHT_TO_LEFT, f"regenerate core/cldr.py: RIGHT_TO_LEFT = {sorted(rtl)!r}"
    for code in codes:  # the rules as parsed decide as Babel's own do
        ours = tables._plural_rule(code)
        theirs = babel.Locale.parse(code.replace("-", "_")).plural_form
        for n in (0, 1, 2, 3, 5, 11, 12, 21, 22, 25, 100, 101, 1000000, 1.5):
            assert ours(n) == theirs(n), (code, n)


def test_a_built_in_language_loads_no_babel_locale_data() -> None:
    """English and Japanese labels (plurals, direction, table) in a fresh interpreter: Babel's
    locale data and its likely-subtags table stay unloaded, as in a plain MkDocs build."""
    import subprocess
    import sys

    code = (
        "import babel.localedata as d, babel.core as c\n"
        "from mkdocs_tagindex.core.text.labels import labels_for\n"
        "for lang in ('en', 'ja'):\n"
        "    labels, _ = labels_for(lang, {})\n"
        "    labels.t('articles', 3); labels.t('read_time', 1)\n"
        "print(sorted(d._cache), c._global_data is None)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[] True", out.stdout + out.stderr
