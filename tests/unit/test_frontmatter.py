from __future__ import annotations

import datetime
from typing import Any

import pytest

from mkdocs_tagindex.core.options.config import FrontMatterKeys
from mkdocs_tagindex.core.records import frontmatter as collect
from mkdocs_tagindex.core.text.html import first_paragraph
from mkdocs_tagindex.core.text.slugs import tag_key


def keys(**names: str) -> FrontMatterKeys:
    config = FrontMatterKeys()
    config.load_dict(names)
    errors, _ = config.validate()
    assert not errors
    return config


def validate(meta: dict[str, Any], **names: str) -> tuple[collect.FrontMatter, list[str]]:
    warnings: list[str] = []
    article = collect.read("posts/a.md", meta, keys(**names), warnings.append)
    return article, warnings


def test_clean_front_matter_is_taken_as_written() -> None:
    article, warnings = validate(
        {
            "title": "T",
            "tags": ["grpo", "rl"],
            "category": "Agents",
            "member": True,
            "type": "paper",
            "summary": "S",
            "date": datetime.date(2026, 5, 1),
            "weight": 3,
            "read_time": 13,
        }
    )
    assert warnings == []
    assert article.tags == ("grpo", "rl")
    assert article.categories == ("Agents",)
    assert article.member is True
    assert article.type == "paper"
    assert article.summary == "S"
    assert article.dates.created == datetime.date(2026, 5, 1)
    assert article.weight == 3.0
    assert article.read_time == 13


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("grpo, rl", ("grpo", "rl")),
        ("grpo", ("grpo",)),
        (["grpo", "grpo"], ("grpo",)),
        ([2024, "rl"], ("2024", "rl")),
        (None, ()),
    ],
)
def test_tags_in_the_spellings_real_sites_use(value: object, expected: tuple[str, ...]) -> None:
    article, warnings = validate({"tags": value})
    assert article.tags == expected
    assert warnings == []


@pytest.mark.parametrize("value", [{"a": 1}, [["nested"]], 3.5j, True])
def test_unusable_tags_warn_with_file_and_key(value: object) -> None:
    article, warnings = validate({"tags": value, "title": "kept"})
    assert article.tags == ()
    assert article.title == "kept"
    assert len(warnings) == 1
    assert "posts/a.md" in warnings[0] and "'tags'" in warnings[0]


def test_empty_tag_is_dropped_with_a_warning() -> None:
    article, warnings = validate({"tags": ["rl", "  "]})
    assert article.tags == ("rl",)
    assert any("empty tag" in w for w in warnings)


@pytest.mark.parametrize(
    ("value", "expected"),
    [(True, True), ("yes", True), ("no", False), (1, True), (0, False), ("On", True)],
)
def test_member_accepts_clear_yes_and_no(value: object, expected: bool) -> None:
    article, warnings = validate({"member": value})
    assert article.member is expected
    assert warnings == []


def test_member_maybe_warns_and_is_false() -> None:
    article, warnings = validate({"member": "maybe"})
    assert article.member is False
    assert len(warnings) == 1 and "'member'" in warnings[0]


def test_category_as_list() -> None:
    article, _ = validate({"category": ["Agents", "RL"]})
    assert article.categories == ("Agents", "RL")


@pytest.mark.parametrize("value", [-3, "ten", 10000, 0])
def test_bad_read_time_warns_and_is_ignored(value: object) -> None:
    article, warnings = validate({"read_time": value})
    assert article.read_time is None
    assert len(warnings) == 1 and "'read_time'" in warnings[0]


def test_read_time_as_numeric_string() -> None:
    article, warnings = validate({"read_time": "12"})
    assert article.read_time == 12 and warnings == []


def test_bad_date_warns_and_other_keys_survive() -> None:
    article, warnings = validate({"date": "last tuesday", "read_time": "ten", "type": "paper"})
    assert article.dates.created is None and article.read_time is None
    assert article.type == "paper"
    assert len(warnings) == 2
    assert any("'date'" in w for w in warnings) and any("'read_time'" in w for w in warnings)


def test_iso_date_string_and_datetime() -> None:
    assert validate({"date": "2026-05-01T10:00:00Z"})[0].dates.created == datetime.date(2026, 5, 1)
    assert validate({"date": datetime.datetime(2026, 5, 1, 9)})[0].dates.created == datetime.date(
        2026, 5, 1
    )


def test_summary_falls_back_to_description() -> None:
    assert validate({"description": "D"})[0].summary == "D"
    assert validate({"description": "D", "summary": "S"})[0].summary == "S"


def test_configured_key_names_are_used_and_named_in_warnings() -> None:
    article, warnings = validate(
        {"labels": ["a"], "premium": "maybe", "tags": ["ignored"]}, tags="labels", member="premium"
    )
    assert article.tags == ("a",)
    assert len(warnings) == 1 and "'premium'" in warnings[0]


def test_control_characters_are_dropped_from_text() -> None:
    article, _ = validate({"title": "a\x00b\x1b", "tags": ["x\x00y"]})
    assert article.title == "ab"
    assert article.tags == ("xy",)


def test_front_matter_parsing_reports_invalid_yaml() -> None:
    warnings: list[str] = []
    # full-width space indentation, as one real site writes it
    meta = collect.front_matter("---\ntags:\n\u3000- a\n---\nbody", "x.md", warnings.append)
    assert meta == {}
    assert len(warnings) == 1 and "x.md" in warnings[0] and "YAML" in warnings[0]


def test_front_matter_that_is_not_a_mapping_is_reported() -> None:
    warnings: list[str] = []
    assert collect.front_matter("---\n- a\n- b\n---\nbody", "x.md", warnings.append) == {}
    assert len(warnings) == 1 and "not a mapping" in warnings[0]


def test_no_front_matter_is_silent() -> None:
    warnings: list[str] = []
    assert collect.front_matter("# Title\n", "x.md", warnings.append) == {}
    assert collect.front_matter("---\n---\nbody", "x.md", warnings.append) == {}
    assert warnings == []


def test_tag_key_merges_case_and_width() -> None:
    assert tag_key("ABC") == tag_key("abc") == tag_key("ＡＢＣ")
    assert tag_key("Reward  Modeling") == tag_key("reward-modeling")


def test_first_paragraph_strips_markup_and_cuts_at_a_word() -> None:
    html = "<h1>T</h1><p>Hello <em>there</em> &amp; welcome to a long sentence here.</p><p>2</p>"
    assert first_paragraph(html, 0) == "Hello there & welcome to a long sentence here."
    assert first_paragraph(html, 22) == "Hello there & welcome…"
    assert first_paragraph(html, 20) == "Hello there &…"
    assert first_paragraph("<h1>only</h1>", 100) is None


def test_first_paragraph_skips_blocks_that_are_not_paragraphs() -> None:
    html = (
        '<div class="admonition info"><p class="admonition-title">Info</p><p>No.</p></div>'
        "<details><summary>s</summary><p>No.</p></details>"
        '<div class="highlight"><pre><code>x</code></pre></div>'
        "<table><tr><td><p>No.</p></td></tr></table>"
        "<figure><p>No.</p><figcaption>c</figcaption></figure>"
        "<ul><li><p>No.</p></li></ul><blockquote><p>No.</p></blockquote>"
        '<p><img alt="" src="x.png"></p>'
        "<p>Yes,\n  this   one.</p><p>Not this.</p>"
    )
    assert first_paragraph(html, 0) == "Yes, this one."
    assert first_paragraph("<div><p>only nested</p></div>", 0) is None


@pytest.mark.parametrize(
    ("source", "line", "cause"),
    [
        ("---\ntitle: T\ntags:\n\u3000- a\n---\n", 4, "full-width space (U+3000)"),
        ("---\ntags:\n  - a\n\t- b\n---\n", 4, "tab"),
        ("---\ntitle: [unclosed\n---\n", 3, "expected ',' or ']'"),
        # found by tests/unit/test_fuzz.py: a control character YAML refuses (a ReaderError, with
        # a byte offset and no mark) was "not valid YAML: invalid YAML", without a line
        ("---\ntitle: 強強\ntags: [a\x1f]\n---\n", 3, "U+001F is not allowed"),
        ("---\n\x1f\n---\n", 2, "U+001F is not allowed (control characters are not allowed)"),
        # also found by fuzzing: a value YAML parses but cannot build had no line either
        ("---\ntitle: T\ntags: [a]\ndate: 2026-02-30\n---\n", 4, "day is out of range"),
        ("---\ntags:\n  - a\n  - {x: 2026-13-01}\n---\n", 4, "month must be in 1..12"),
        # found by fuzzing: an explicit tag PyYAML cannot build raised KeyError or AttributeError,
        # which the plugin did not catch: the build stopped with a traceback
        ("---\ntags: [a]\nmember: !!bool x\n---\n", 3, "does not fit its YAML tag"),
        ("---\ntags: [a]\ndate: !!timestamp x\n---\n", 3, "does not fit its YAML tag"),
        # found by fuzzing: YAML counts U+0085 (NEL) and U+2028 as line breaks, editors do not;
        # the line was one too far for each (here the closing `---` is line 4)
        ("---\ntype: 'a\x85b\u2028c'\nx: [u\n---\n", 4, "expected ',' or ']'"),
        ("---\ntype: 'a\x85b'\ntags:\n\t- b\n---\n", 4, "tab"),
    ],
)
def test_yaml_errors_name_the_file_line_and_cause(source: str, line: int, cause: str) -> None:
    warnings: list[str] = []
    assert collect.front_matter(source + "body", "x.md", warnings.append) == {}
    assert len(warnings) == 1
    assert f"(line {line})" in warnings[0] and cause in warnings[0], warnings[0]


@pytest.mark.parametrize("key", ["weight", "read_time"])
def test_a_number_too_large_for_a_float_warns(key: str) -> None:
    """Found by tests/unit/test_fuzz.py: `weight: 1000…` (309 digits) raised OverflowError
    from float() and stopped the build."""
    article, warnings = validate({"tags": ["a"], key: 10**309})
    assert article.tags == ("a",) and getattr(article, key) is None
    assert len(warnings) == 1 and f"front matter '{key}': expected" in warnings[0], warnings


@pytest.mark.parametrize("value", [0, 0.0, False, {}])
def test_falsy_tags_are_read_and_warned(value: object) -> None:
    """Found by tests/unit/test_fuzz.py: `tags: 2024` and `tags: true` were warned about, but
    `tags: 0`, `false` and `{}` were dropped in silence (the page was not read at all)."""
    keys_ = keys()
    assert collect.has_tags({"tags": value}, keys_)
    article, warnings = validate({"tags": value})
    assert article.tags == ()
    assert len(warnings) == 1 and "front matter 'tags': expected a list" in warnings[0], warnings


@pytest.mark.parametrize("value", [None, "", [], [None]])
def test_empty_tags_are_no_article_and_no_warning(value: object) -> None:
    assert not collect.has_tags({"tags": value}, keys())
