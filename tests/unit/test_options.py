"""The plugin's options (issue 13): every bad value a clean configuration error naming its path,
unknown option names MkDocs' own warning, and label templates that cannot reach Python.

Options are loaded through `BasePlugin.load_config`, the call MkDocs makes for every plugin, and
messages are composed the way `Plugins.load_plugin` composes them.
"""

from __future__ import annotations

import ntpath
import posixpath
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from mkdocs_tagindex.core.options.config import (
    ReadTimeRates,
    language_problem,
    site_folder,
    template_problem,
)
from mkdocs_tagindex.core.text import labels as label_tables
from mkdocs_tagindex.core.text import readtime
from mkdocs_tagindex.core.text.labels import CATEGORIES, LABELS, PLACEHOLDERS, PLURAL_KEYS, Labels
from mkdocs_tagindex.core.text.values import pick
from mkdocs_tagindex.plugin import TagIndexPlugin


def load(options: dict[str, Any]) -> tuple[TagIndexPlugin, list[str], list[str]]:
    """The plugin with `options` loaded, and MkDocs' error and warning lines for them."""
    plugin = TagIndexPlugin()
    errors, warnings = plugin.load_config(options, "/site/mkdocs.yml")
    return (
        plugin,
        [f"Plugin 'tagindex' option '{key}': {message}" for key, message in errors],
        [f"Plugin 'tagindex' option '{key}': {message}" for key, message in warnings],
    )


def error_of(options: dict[str, Any]) -> str:
    _, errors, _ = load(options)
    assert len(errors) == 1, errors
    return errors[0]


def loaded(options: dict[str, Any]) -> TagIndexPlugin:
    plugin, errors, warnings = load(options)
    assert errors == [] and warnings == []
    return plugin


# -- every case of the issue, and its message ---------------------------------------------------

REJECTED: list[tuple[str, dict[str, Any], str]] = [
    ("tags-dir-empty", {"tags_dir": ""}, "option 'tags_dir': must name a folder inside the site"),
    ("tags-dir-blank", {"tags_dir": "  "}, "option 'tags_dir': must name a folder"),
    ("tags-dir-parent", {"tags_dir": "../out"}, "'../out' contains '..', which would leave"),
    ("tags-dir-climb", {"tags_dir": "a/../.."}, "'a/../..' contains '..'"),
    ("tags-dir-absolute", {"tags_dir": "/abs"}, "'/abs' is absolute"),
    ("tags-dir-unc", {"tags_dir": "//server/share"}, "is absolute"),
    ("tags-dir-drive", {"tags_dir": "C:/x"}, "'C:/x' starts with a drive letter"),
    ("tags-dir-drive-relative", {"tags_dir": "C:x"}, "starts with a drive letter"),
    ("tags-dir-backslash", {"tags_dir": "..\\x"}, "contains a backslash"),
    ("tags-dir-colon", {"tags_dir": "tags:x"}, "contains ':'"),
    ("tags-dir-root", {"tags_dir": "./"}, "names the site root"),
    ("tags-dir-nul", {"tags_dir": "a\0b"}, "contains a control character"),
    ("tags-dir-query", {"tags_dir": "a?b"}, "contains '?'"),
    ("tags-dir-fragment", {"tags_dir": "a#b"}, "contains '#'"),
    ("tags-dir-trailing-dot", {"tags_dir": "tags."}, "ends with a dot"),
    ("tags-dir-device", {"tags_dir": "a/CON"}, "'CON' is a device name on Windows"),
    ("tags-dir-long", {"tags_dir": "x" * 256}, "longer than 255 bytes"),
    ("tags-dir-number", {"tags_dir": 5}, "option 'tags_dir': expected a folder path, got int 5"),
    (
        "per-page-negative",
        {"per_page": -1},
        "option 'per_page': expected a whole number, 0 or more",
    ),
    ("per-page-bool", {"per_page": True}, "got bool True"),
    ("per-page-float", {"per_page": 2.5}, "got float 2.5"),
    ("summary-length-negative", {"summary_length": -5}, "option 'summary_length': expected a"),
    ("summary-length-bool", {"summary_length": False}, "got bool False"),
    (
        "labels-types-list",
        {"labels": {"en": {"types": ["a"]}}},
        "option 'labels': Sub-option 'en': Sub-option 'types': expected a mapping of article "
        "type to its text",
    ),
    (
        "labels-number",
        {"labels": {"en": {"articles": 5}}},
        "option 'labels': Sub-option 'en': Sub-option 'articles': expected a mapping of CLDR "
        "plural categories",
    ),
    (
        "labels-plural-as-text",
        {"labels": {"en": {"articles": "{count} posts"}}},
        "Sub-option 'articles': expected a mapping of CLDR plural categories",
    ),
    (
        "labels-null",
        {"labels": {"en": {"member": None}}},
        "Sub-option 'en': Sub-option 'member': expected text, got null",
    ),
    (
        "labels-list",
        {"labels": {"en": {"member": ["x"]}}},
        "Sub-option 'member': expected text, got list ['x']",
    ),
    (
        "labels-number-text",
        {"labels": {"ja": {"all": 5}}},
        "Sub-option 'ja': Sub-option 'all': expected text, got int 5",
    ),
    (
        "labels-misspelled-key",
        {"labels": {"en": {"article": {"other": "x"}}}},
        "Sub-option 'en': Sub-option 'article': not a label (did you mean 'articles'?)",
    ),
    (
        "labels-misspelled-language",
        {"labels": {"english": {"member": "x"}}},
        "option 'labels': Sub-option 'english': 'english' is not a language code",
    ),
    ("labels-country-code", {"labels": {"jp": {}}}, "'jp' is not a language code"),
    (
        "labels-same-language",
        {"labels": {"ja": {}, "JA": {}}},
        "Sub-option 'JA': the same language as 'ja'",
    ),
    (
        "labels-unknown-placeholder",
        {"labels": {"ja": {"articles": {"other": "{n}件の記事"}}}},
        "option 'labels': Sub-option 'ja': Sub-option 'articles': Sub-option 'other': '{n}' is "
        "not a placeholder of this label; 'articles' supports {count}",
    ),
    (
        "labels-attribute",
        {"labels": {"en": {"tag_heading": "{name.__class__}"}}},
        "Sub-option 'tag_heading': '{name.__class__}' has attribute or index access, which "
        "labels do not allow; 'tag_heading' supports {name}",
    ),
    (
        "labels-index",
        {"labels": {"en": {"tag_heading": "{name[0]}"}}},
        "'{name[0]}' has attribute or index access",
    ),
    (
        "labels-format-spec",
        {"labels": {"en": {"articles": {"other": "{count:>50000000}"}}}},
        "Sub-option 'other': '{count:>50000000}' has a format spec or conversion",
    ),
    (
        "labels-conversion",
        {"labels": {"en": {"tag_heading": "{name!r}"}}},
        "'{name!r}' has a format spec or conversion",
    ),
    (
        "labels-positional",
        {"labels": {"en": {"page_of": "{0} / {1}"}}},
        "'{0}' is not a placeholder of this label; 'page_of' supports {number}, {pages}",
    ),
    (
        "labels-placeholder-elsewhere",
        {"labels": {"en": {"member": "{count}"}}},
        "Sub-option 'member': '{count}' is not a placeholder of this label; 'member' takes no",
    ),
    (
        "labels-brace",
        {"labels": {"en": {"all_tags": "All {tags"}}},
        "a '{' or '}' that is not part of a placeholder",
    ),
    (
        "labels-plural-category",
        {"labels": {"en": {"articles": {"single": "x", "other": "y"}}}},
        "Sub-option 'articles': Sub-option 'single': not a CLDR plural category",
    ),
    (
        "labels-plural-other",
        {"labels": {"en": {"articles": {"one": "{count} post"}}}},
        "Sub-option 'articles': the form 'other' is missing",
    ),
    (
        "labels-table-list",
        {"labels": {"en": ["x"]}},
        "Sub-option 'en': expected a mapping of label key to text, got list",
    ),
    ("labels-list-top", {"labels": ["x"]}, "option 'labels': expected a mapping of language"),
    (
        "audience-label-list",
        {"audiences": {"students": ["x"]}},
        "option 'audiences': Sub-option 'students': expected text or a mapping of language code "
        "to text, got list ['x']",
    ),
    (
        "audience-label-list-per-language",
        {"audiences": {"students": {"en": ["x"]}}},
        "Sub-option 'students': Sub-option 'en': expected text, got list ['x']",
    ),
    (
        "audience-language",
        {"audiences": {"students": {"english": "Students"}}},
        "Sub-option 'students': Sub-option 'english': 'english' is not a language code",
    ),
    (
        "audience-same-id",
        {"audiences": {"Students": "a", "ｓｔｕｄｅｎｔｓ": "b"}},
        "Sub-option 'ｓｔｕｄｅｎｔｓ': the same audience as 'Students'",
    ),
    ("audience-id-number", {"audiences": {5: "five"}}, "an audience id must be non-empty text"),
    ("audiences-list", {"audiences": ["students"]}, "option 'audiences': expected a mapping"),
    (
        "rates-unknown-key",
        {"read_time": {"rates": {"ja": {"chars_per_minut": 500}}}},
        "option 'read_time': Sub-option 'rates': Sub-option 'ja': Sub-option 'chars_per_minut': "
        "not a rate (did you mean 'chars_per_minute'?)",
    ),
    (
        "rates-zero",
        {"read_time": {"rates": {"ja": {"chars_per_minute": 0}}}},
        "Sub-option 'ja': Sub-option 'chars_per_minute': must be positive, got 0",
    ),
    (
        "rates-bool",
        {"read_time": {"rates": {"en": {"words_per_minute": True}}}},
        "Sub-option 'words_per_minute': must be a number, got True",
    ),
    (
        "rates-language",
        {"read_time": {"rates": {"jp": {"chars_per_minute": 500}}}},
        "Sub-option 'rates': Sub-option 'jp': 'jp' is not a language code",
    ),
    (
        "rates-together",
        {"read_time": {"rates": {"ja_JP": {"image_first_seconds": 4, "image_min_seconds": 5}}}},
        "Sub-option 'ja_JP': image_min_seconds (5) must not exceed image_first_seconds (4)",
    ),
    (
        "rates-with-default",
        {"read_time": {"rates": {"default": {"image_first_seconds": 2}}}},
        "Sub-option 'default': image_min_seconds (3) must not exceed image_first_seconds (2)",
    ),
    (
        "rates-same-language",
        {"read_time": {"rates": {"zh_TW": {}, "zh-tw": {}}}},
        "Sub-option 'zh-tw': the same language as 'zh_TW'",
    ),
    ("rates-list", {"read_time": {"rates": [1]}}, "Sub-option 'rates': expected a mapping"),
    (
        "read-time-language",
        {"read_time": {"language": "english"}},
        "option 'read_time': Sub-option 'language': 'english' is not a language code",
    ),
    (
        "front-matter-empty",
        {"front_matter": {"tags": ""}},
        "option 'front_matter': Sub-option 'tags': a front-matter key name must not be empty",
    ),
    (
        "front-matter-number",
        {"front_matter": {"tags": 5}},
        "Sub-option 'tags': expected a front-matter key name, got int 5",
    ),
    ("filters-twice", {"filters": ["type", "type"]}, "option 'filters': 'type' is listed twice"),
    ("enabled-text", {"enabled": "yes"}, "option 'enabled': Expected type: <class 'bool'>"),
    ("sort-by", {"sort_by": "popularity"}, "option 'sort_by': Expected one of"),
]


@pytest.mark.parametrize(
    ("options", "message"), [case[1:] for case in REJECTED], ids=[c[0] for c in REJECTED]
)
def test_bad_values_are_one_error_naming_the_option_path(
    options: dict[str, Any], message: str
) -> None:
    assert message in error_of(options)


def test_every_rejection_names_the_path_down_to_the_key() -> None:
    """The nested path, level by level, as MkDocs prints a sub-option."""
    error = error_of({"labels": {"ja": {"articles": {"other": "{n}"}}}})
    assert error.startswith(
        "Plugin 'tagindex' option 'labels': Sub-option 'ja': Sub-option 'articles': "
        "Sub-option 'other': "
    )


UNKNOWN_OPTIONS = [
    ({"bogus": 1}, "Plugin 'tagindex' option 'bogus': Unrecognised configuration name: bogus"),
    (
        {"front_matter": {"tgas": "x"}},
        "Plugin 'tagindex' option 'front_matter': Sub-option 'tgas': Unrecognised configuration "
        "name: tgas",
    ),
    (
        {"read_time": {"enable": False}},
        "Plugin 'tagindex' option 'read_time': Sub-option 'enable': Unrecognised configuration "
        "name: enable",
    ),
]


@pytest.mark.parametrize(("options", "warning"), UNKNOWN_OPTIONS)
def test_unknown_option_names_are_mkdocs_own_warning(options: dict[str, Any], warning: str) -> None:
    _, errors, warnings = load(options)
    assert errors == []
    assert warnings == [warning]


def test_an_unknown_front_matter_name_is_not_read_as_a_field() -> None:
    plugin, _, _ = load({"front_matter": {"tgas": "x"}})
    assert "tgas" not in plugin.config.front_matter
    assert dict(plugin.config.front_matter)["tags"] == "tags"


# -- what valid values load as -------------------------------------------------------------------


def test_defaults_load_clean_and_typed() -> None:
    config = loaded({}).config
    assert config.tags_dir == "tags"
    assert (config.per_page, config.summary_length) == (50, 300)
    assert config.labels == {} and config.audiences == {}
    assert isinstance(config.read_time.rates, ReadTimeRates) and len(config.read_time.rates) == 0
    assert config.read_time.language is None


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        ("a//b/", "a/b"),
        ("./topics/", "topics"),
        ("a/./b", "a/b"),
        ("タグ", "タグ"),
        ("~", "~"),
        ("blog/tags", "blog/tags"),
        ("...x", "...x"),
        (None, "tags"),
    ],
)
def test_tags_dir_is_normalized(given: str | None, expected: str) -> None:
    assert loaded({"tags_dir": given}).config.tags_dir == expected


def test_zero_is_a_valid_count() -> None:
    config = loaded({"per_page": 0, "summary_length": 0}).config
    assert (config.per_page, config.summary_length) == (0, 0)


def test_labels_load_checked_and_in_the_shape_labels_for_takes() -> None:
    options = {
        "en": {
            "articles": {"one": "{count} post", "other": "{count} posts"},
            "tag_heading": "Tag: {name}",
            "types": {"Paper": "RESEARCH"},
        },
        "ja": None,
        "pt-BR": {"all": "Todos"},
    }
    config = loaded({"labels": options}).config
    assert config.labels == {
        "en": {
            "articles": {"one": "{count} post", "other": "{count} posts"},
            "tag_heading": "Tag: {name}",
            "types": {"paper": "RESEARCH"},
        },
        "ja": {},
        "pt-BR": {"all": "Todos"},
    }
    labels, _ = label_tables.labels_for("en", config.labels)
    assert labels.t("articles", 1) == "1 post"
    assert labels.t("articles", 7) == "7 posts"
    assert labels.t("tag_heading", name="grpo") == "Tag: grpo"
    assert labels.type("paper") == "RESEARCH"


def test_audiences_load_as_id_to_label_per_language() -> None:
    options = {"students": {"en": "Students", "ja": "学生向け"}, "pros": "Pros", "all-ages": None}
    config = loaded({"audiences": options}).config
    assert config.audiences == {
        "students": {"en": "Students", "ja": "学生向け"},
        "pros": {"*": "Pros"},
        "all-ages": {},
    }
    assert pick(config.audiences["students"], "ja") == "学生向け"
    assert pick(config.audiences["pros"], "ja") == "Pros"


def test_rates_load_as_a_typed_table_that_rates_for_reads() -> None:
    rates = {
        "default": {"code_words_per_minute": None},
        "ja": {"chars_per_minute": 500},
        "zh_TW": {"chars_per_minute": 280},
        "ko": None,
    }
    table = loaded({"read_time": {"rates": rates}}).config.read_time.rates
    assert isinstance(table, ReadTimeRates)
    assert dict(table) == {
        "default": {"code_words_per_minute": None},
        "ja": {"chars_per_minute": 500},
        "zh-tw": {"chars_per_minute": 280},
        "ko": {},
    }
    assert table.for_lang("ja_JP") == readtime.Rates(
        chars_per_minute=500, code_words_per_minute=None
    )
    assert table.for_lang("zh-TW").chars_per_minute == 280
    assert readtime.rates_for("ja", table) == table.for_lang("ja")


# -- language codes ------------------------------------------------------------------------------


@pytest.mark.parametrize("code", ["en", "ja", "pt-BR", "pt_BR", "zh-Hant", "zh_TW", "sr-Latn-RS"])
def test_language_codes_accepted(code: str) -> None:
    assert language_problem(code) is None


@pytest.mark.parametrize("code", ["english", "jp", "eng", "e", "", "en-", "en GB", "*", 5, None])
def test_language_codes_rejected(code: object) -> None:
    assert language_problem(code) is not None


# -- label templates -----------------------------------------------------------------------------


def test_placeholders_describe_exactly_the_english_table() -> None:
    """One table of keys: every built-in label is described, and nothing more."""
    assert set(PLACEHOLDERS) == set(LABELS["en"])


@pytest.mark.parametrize("lang", sorted(LABELS))
def test_built_in_tables_pass_the_checks_site_labels_get(lang: str) -> None:
    for key, value in LABELS[lang].items():
        assert key in PLACEHOLDERS, (lang, key)
        shape = PLACEHOLDERS[key].shape
        if shape == "text":
            assert template_problem(key, value) is None, (lang, key)
        else:
            assert isinstance(value, dict), (lang, key)
            for name, text in value.items():
                assert template_problem(key, text) is None, (lang, key, name)
                if shape == "plural":
                    assert name in CATEGORIES
            if shape == "plural":
                assert "other" in value


def test_plural_keys_are_those_that_take_a_count() -> None:
    for key, spec in PLACEHOLDERS.items():
        assert (spec.shape == "plural") == ("count" in spec.placeholders), key
    assert {k for k, spec in PLACEHOLDERS.items() if spec.shape == "plural"} == set(PLURAL_KEYS)


def test_t_never_formats_configured_text() -> None:
    """Even a table that bypassed the checks cannot reach attributes or size the output."""
    table = {
        "tag_heading": "{name.__class__} {name} {name:>9999} {0} {count}",
        "articles": {"other": "{count} of {name}"},
    }
    labels = Labels(lang="en", table=table)
    assert labels.t("tag_heading", name="grpo") == "{name.__class__} grpo {name:>9999} {0} {count}"
    # `{name}` is not a placeholder of `articles`, so it stays as written even when given
    assert labels.t("articles", 3, name="x") == "3 of {name}"


def test_t_fills_each_keys_own_placeholders() -> None:
    labels, _ = label_tables.labels_for("en", {})
    assert labels.t("page_title", name="GRPO", number=2, pages=3) == "GRPO (page 2 of 3)"
    assert labels.t("page_of", number=2, pages=3) == "Page 2 of 3"
    assert labels.t("tag_heading", name="{count}") == "#{count}"  # values are not re-read


# -- tags_dir: the property ----------------------------------------------------------------------

SEGMENTS = st.sampled_from(
    ["a", "tags", "タグ", ".", "..", "", " ", "...", "~", "C:", "c:", "con", "x.", "%2e%2e", "#"]
)
SEPARATORS = st.sampled_from(["/", "//", "\\", "/./", "/../", ":"])


@st.composite
def path_like(draw: st.DrawFn) -> str:
    parts = draw(st.lists(SEGMENTS | st.text(min_size=1, max_size=4), max_size=6))
    out = draw(st.sampled_from(["", "/", "\\", "./", "../", "C:", "//", "\\\\?\\"]))
    for part in parts:
        out += part + draw(SEPARATORS)
    return out if draw(st.booleans()) else out.rstrip("/\\:")


def _inside(site: str, target: str, path: Any) -> bool:
    full = path.normpath(path.join(site, target))
    return full.startswith(site + path.sep) and full != site


@settings(max_examples=3000, deadline=None)
@given(path_like() | st.text(max_size=12))
@example("")
@example("../out")
@example("a/../..")
@example("/abs")
@example("C:/x")
@example("C:x")
@example("..\\..\\x")
@example("\\\\server\\share")
@example("a/..")
@example("./")
def test_an_accepted_tags_dir_stays_inside_the_site_on_every_system(value: str) -> None:
    try:
        accepted = site_folder(value)
    except ValueError:
        return
    assert accepted and accepted == posixpath.normpath(accepted)
    assert site_folder(accepted) == accepted  # normalized: accepting it again changes nothing
    assert ".." not in accepted.split("/") and "\\" not in accepted and ":" not in accepted
    # Every page is written to <site_dir>/<tags_dir>/<slug>/..., read by POSIX and by Windows.
    for page in (f"{accepted}/index.html", f"{accepted}/grpo/page/2/index.html"):
        assert _inside("/srv/site", page, posixpath)
        assert _inside("C:\\srv\\site", page.replace("/", "\\"), ntpath)
        assert _inside("C:\\srv\\site", page, ntpath)
