"""The tags file (issue 13): every problem a warning naming the file, the entry and the key;
nothing merged or swallowed silently; the rest of the file still counts."""

from __future__ import annotations

import gc
from pathlib import Path
from unittest import mock

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from mkdocs_tagindex.core.options import tagsfile
from mkdocs_tagindex.core.options.optiontypes import TagList
from mkdocs_tagindex.core.options.tagsfile import TagCatalog


def load_text(tmp_path: Path, text: str | bytes) -> tuple[TagCatalog, list[str], str]:
    path = tmp_path / "tags.yml"
    if isinstance(text, str):
        path.write_text(text, encoding="utf-8")
    else:
        path.write_bytes(text)
    catalog, problems = tagsfile.load(str(path))
    return catalog, problems, str(path)


def test_a_good_file_loads_without_problems(tmp_path: Path) -> None:
    catalog, problems, _ = load_text(
        tmp_path,
        "robotics:\n  name: {en: Robotics, ja: ロボティクス}\n"
        "  description: {en: Robots., ja: ロボット。}\n  aliases: [robot, ロボ]\n"
        "grpo:\n  name: GRPO\n2024:\n",
    )
    assert problems == []
    assert catalog.resolve("ロボティクス") == ("robotics", True)
    assert catalog.resolve("ROBOT") == ("robotics", True)
    assert catalog.resolve("Ｇｒｐｏ") == ("grpo", True)
    assert catalog.resolve("2024") == ("2024", True)
    assert catalog.resolve("other") == ("other", False)
    assert catalog.name("robotics", "ja_JP") == "ロボティクス"
    assert catalog.name("grpo", "ja") == "GRPO"
    assert catalog.name("2024", "en") == "2024"
    assert catalog.description("robotics", "en") == "Robots."


def test_not_utf8_is_one_warning_naming_the_file_and_the_line(tmp_path: Path) -> None:
    catalog, problems, path = load_text(tmp_path, "a:\n  name: caf\xe9\n".encode("latin-1"))
    assert problems == [
        f"{path}: not UTF-8 text (byte 0xe9 on line 2); save the tags file as UTF-8; "
        "the tags file is ignored"
    ]
    assert not catalog.enabled


def test_a_utf8_byte_order_mark_is_fine(tmp_path: Path) -> None:
    catalog, problems, _ = load_text(tmp_path, "\ufeffgrpo:\n  name: GRPO\n".encode())
    assert problems == [] and catalog.resolve("grpo") == ("grpo", True)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("a: [\n", "not valid YAML (line 2): did not find expected node content"),
        ("a:\n\tname: x\n", "not valid YAML (line 2)"),
        ("a: !!python/object/apply:os.system [echo]\n", "not valid YAML (line 1): could not"),
        ("a: 2026-02-30\n", "cannot be read (line 1): day is out of range for month"),
        # found by tests/unit/test_fuzz.py: a crash (KeyError, AttributeError), then no line
        ("a:\n  hidden: !!bool x\n", "cannot be read (line 2): a value does not fit its YAML"),
        ("a: !!timestamp x\n", "cannot be read (line 1): a value does not fit its YAML tag"),
        ("a: b\nc: \x1f\n", "not valid YAML (line 2): the character U+001F is not allowed"),
        ("a: 'x\x85y'\nb: [\n", "not valid YAML (line 3): did not find expected node"),
        ("- a\n- b\n", "the tags file must be a mapping of tag to its entry, got list ['a', 'b']"),
        ("just text\n", "the tags file must be a mapping of tag to its entry, got str"),
    ],
)
def test_unreadable_files_are_one_warning(tmp_path: Path, text: str, message: str) -> None:
    catalog, problems, path = load_text(tmp_path, text)
    assert len(problems) == 1
    assert problems[0].startswith(f"{path}: {message}")
    assert problems[0].endswith("ignored")
    assert not catalog.enabled


def test_empty_file_is_no_catalog_and_no_problem(tmp_path: Path) -> None:
    catalog, problems, _ = load_text(tmp_path, "# nothing yet\n")
    assert problems == [] and not catalog.enabled


def test_every_problem_of_an_entry_is_reported_and_the_good_keys_stay(tmp_path: Path) -> None:
    text = (
        "grpo:\n"
        "  name: {en: GRPO, english: Grpo, ja: [x]}\n"
        "  description: [a, b]\n"
        "  aliases: [rl-grpo, [nested], '']\n"
        "  nmae: typo\n"
    )
    catalog, problems, path = load_text(tmp_path, text)
    where = f"{path}: tag 'grpo'"
    assert problems == [
        f"{where}, key 'name': 'english' is not a language code (such as en, ja, pt-BR, "
        "zh-Hant); ignored",
        f"{where}, key 'name': 'ja': expected text, got list ['x']; ignored",
        f"{where}, key 'description': expected text or a mapping of language code to text, "
        "got list ['a', 'b']; ignored",
        f"{where}, key 'aliases': a tag must be text, but one item is list ['nested']; that "
        "item was ignored",
        f"{where}, key 'aliases': an empty tag name was ignored",
        f"{where}, key 'nmae': not a key of a tag entry (name, description, aliases, hidden, "
        "group_by, color, icon); ignored",
    ]
    # the entry still counts, with what was right in it
    assert catalog.resolve("rl-grpo") == ("grpo", True)
    assert catalog.name("grpo", "en") == "GRPO"
    assert catalog.name("grpo", "ja") is None  # no Japanese name: the caller keeps its own


@pytest.mark.parametrize(
    ("first", "second"), [("Grpo", "grpo"), ("grpo", "ＧＲＰＯ"), ("LLM  Serving", "llm serving")]
)
def test_entries_that_are_one_tag_are_reported_not_merged(
    tmp_path: Path, first: str, second: str
) -> None:
    text = yaml.safe_dump(
        {first: {"name": "First", "aliases": ["one"]}, second: {"name": "Second"}},
        allow_unicode=True,
        sort_keys=False,
    )
    catalog, problems, path = load_text(tmp_path, text)
    assert problems == [
        f"{path}: tag '{second}': the same tag as '{first}' (tags that differ only in case or "
        f"width are one tag); this entry is ignored, merge it into '{first}'"
    ]
    tag_id = catalog.resolve(first)[0]
    assert catalog.name(tag_id, "en") == "First"  # the first entry, whole
    assert catalog.resolve("one") == (tag_id, True)
    assert catalog.resolve("second") == ("second", False)  # the second entry's name is not taken


def test_an_alias_never_swallows_another_entrys_tag(tmp_path: Path) -> None:
    text = (
        "ml:\n  name: Robotics\n  aliases: [learning, robotics-ml]\n"
        "robotics:\n  aliases: [robot, ml, learning]\n"
    )
    catalog, problems, path = load_text(tmp_path, text)
    assert problems == [
        f"{path}: tag 'ml', key 'name': 'Robotics' is the tag 'robotics', which has its own "
        "entry; it stays with 'robotics'",
        f"{path}: tag 'robotics', key 'aliases': 'ml' is the tag 'ml', which has its own entry; "
        "it stays with 'ml'",
        f"{path}: tag 'robotics', key 'aliases': 'learning' is also given for 'ml'; it stays "
        "with 'ml'",
    ]
    assert catalog.resolve("Robotics") == ("robotics", True)
    assert catalog.resolve("ml") == ("ml", True)
    assert catalog.resolve("learning") == ("ml", True)
    assert catalog.resolve("robot") == ("robotics", True)


def test_an_entry_may_repeat_its_own_names(tmp_path: Path) -> None:
    text = "robotics:\n  name: {en: Robotics, fr: Robotics}\n  aliases: [ROBOTICS, robot, Robot]\n"
    catalog, problems, _ = load_text(tmp_path, text)
    assert problems == []
    assert catalog.resolve("robot") == ("robotics", True)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("~: {}\n", "entry None: a tag must be non-empty text, got null; the entry is ignored"),
        ("true: {}\n", "entry True: a tag must be non-empty text, got bool True"),
        ("'': {}\n", "entry '': a tag must be non-empty text"),
        ("2024-05-01: {}\n", "entry datetime.date(2024, 5, 1): a tag must be non-empty text"),
        ("[a, b]: {}\n", "not valid YAML (line 1): found unhashable key"),
        (
            "grpo: [a, b]\n",
            "tag 'grpo': expected a mapping with name, description, aliases, hidden, group_by, "
            "color, icon, got list ['a', 'b']; the tag is known, with no names",
        ),
        ("grpo:\n  name: ''\n", "tag 'grpo', key 'name': empty text; ignored"),
        ("grpo:\n  name: {en: ''}\n", "tag 'grpo', key 'name': 'en': empty text; ignored"),
        ("grpo:\n  aliases: 5\n", "tag 'grpo', key 'aliases': expected a list of tag names"),
        ("grpo:\n  5: x\n", "tag 'grpo', key 5: not a key of a tag entry"),
        (
            "grpo:\n  group_by: weekly\n",
            "tag 'grpo', key 'group_by': expected one of none, category, type, year, month, "
            "got 'weekly'; ignored",
        ),
        ("grpo:\n  group_by: [year]\n", "tag 'grpo', key 'group_by': expected one of"),
    ],
)
def test_bad_entries_name_the_entry_and_key(tmp_path: Path, text: str, message: str) -> None:
    _, problems, path = load_text(tmp_path, text)
    assert len(problems) == 1, problems
    assert problems[0].startswith(f"{path}: {message}"), problems[0]


def test_an_alias_bomb_is_reported_without_expanding_it(tmp_path: Path) -> None:
    levels = ["a0: &a0 [x, x, x, x, x, x, x, x]"]
    levels += [f"a{n}: &a{n} [{', '.join([f'*a{n - 1}'] * 10)}]" for n in range(1, 10)]
    text = "\n".join(levels) + "\ngrpo:\n  name: *a9\n  aliases: *a9\n"
    catalog, problems, _ = load_text(tmp_path, text)
    assert any("tag 'grpo', key 'name': expected text or a mapping" in p for p in problems)
    assert all(len(p) < 400 for p in problems)
    assert catalog.resolve("grpo") == ("grpo", True)


def test_the_c_loader_is_used_when_pyyaml_has_it() -> None:
    if hasattr(yaml, "CSafeLoader"):
        assert tagsfile._Loader is yaml.CSafeLoader
    else:  # pragma: no cover
        assert tagsfile._Loader is yaml.SafeLoader


# -- the fast path gives PyYAML's own result ---------------------------------------------------

scalars = st.one_of(
    st.text(max_size=8),
    st.integers(-(10**6), 10**6),
    st.floats(allow_nan=False),
    st.booleans(),
    st.none(),
    st.dates(),
)
documents = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=20,
)
RAW_YAML = [
    "a: &x [1, 2]\nb: *x\n",  # an alias: shared, as PyYAML shares it
    "base: &b {name: A}\nderived:\n  <<: *b\n  aliases: [x]\n",  # a merge key
    "a: !!set {x, y}\nb: !!binary aGk=\nc: 0o17\nd: 1_000\ne: .inf\nf: yes\ng: ~\nh: 2024-05-01\n",
    "r: &r [*r]\n",  # a recursive alias
    "'quoted: key': \"text\"\nplain: |\n  block\n  text\n",
]


@settings(max_examples=300, deadline=None)
@given(documents)
def test_parse_equals_pyyaml_on_any_document(data: object) -> None:
    text = yaml.safe_dump(data, allow_unicode=True)
    assert tagsfile._parse(text) == yaml.load(text, Loader=tagsfile._Loader)


@pytest.mark.parametrize("text", RAW_YAML)
def test_parse_equals_pyyaml_on_aliases_merges_and_tags(text: str) -> None:
    ours, theirs = tagsfile._parse(text), yaml.load(text, Loader=tagsfile._Loader)
    assert repr(ours) == repr(theirs)
    if "b: *x" in text:
        assert isinstance(ours, dict) and ours["a"] is ours["b"]


@pytest.mark.parametrize(
    "text",
    ["a: !!python/name:os.system\n", "[a]: 1\n", "a: !!str [x]\n", "a: 2026-02-30\n", "a: [\n"],
)
def test_parse_fails_as_pyyaml_fails(text: str) -> None:
    with pytest.raises(Exception) as theirs:
        yaml.load(text, Loader=tagsfile._Loader)
    with pytest.raises(type(theirs.value)) as ours:
        tagsfile._parse(text)
    assert str(ours.value) == str(theirs.value)


def test_the_cyclic_gc_runs_again_after_a_load(tmp_path: Path) -> None:
    assert gc.isenabled()
    load_text(tmp_path, "a: [\n")  # an error path too
    load_text(tmp_path, "grpo: {name: GRPO}\n")
    assert gc.isenabled()


def test_an_unchanged_file_is_not_parsed_again(tmp_path: Path) -> None:
    path = tmp_path / "tags.yml"
    path.write_text("grpo:\n  name: GRPO\n  aliases: [a, [b]]\n", "utf-8")
    first, problems = tagsfile.load(str(path))
    with mock.patch.object(tagsfile, "_parse", side_effect=AssertionError("parsed again")):
        again, problems_again = tagsfile.load(str(path))
    assert again is first and problems_again == problems and len(problems) == 1
    path.write_text("grpo:\n  name: GRPO!\n", "utf-8")  # changed: parsed again
    changed, problems = tagsfile.load(str(path))
    assert changed.name("grpo", "en") == "GRPO!" and problems == []


@settings(max_examples=500, deadline=None)
@given(
    st.lists(st.one_of(st.text(max_size=6), st.sampled_from(["a", "a", " b", "x\x00", ""])))
    | st.text(max_size=10)
)
def test_aliases_fast_path_equals_the_front_matter_tag_list(value: object) -> None:
    fast, slow = tagsfile.Aliases(), TagList()
    assert fast.validate(value) == slow.validate(value)
    assert fast.warnings == slow.warnings


def test_group_by_per_tag(tmp_path: Path) -> None:
    text = "grpo:\n  group_by: month\nrl:\n  group_by: none\nml:\n  name: ML\n"
    catalog, problems, _ = load_text(tmp_path, text)
    assert problems == []
    assert dict(catalog.group_by) == {"grpo": "month", "rl": "none"}
