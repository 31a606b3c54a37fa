"""Slug rules (README "Slugs and URLs"): identity = slug key; readable, never colliding."""

from __future__ import annotations

import pytest

from mkdocs_tagindex.core.text import slugs


def slug(name: str) -> str:
    return slugs.slugify(slugs.tag_key(name))


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("grpo", "grpo"),
        ("GRPO", "grpo"),
        ("強化学習", "強化学習"),
        ("LLM/Serving", "llm-serving"),
        ("Reward Modeling", "reward-modeling"),
        ("ＡＢＣ", "abc"),
        ("snake_case", "snake-case"),
        ("Straße", "strasse"),
        # programming names keep their meaning
        ("C", "c"),
        ("C++", "c-plus-plus"),
        ("C#", "c-sharp"),
        ("F#", "f-sharp"),
        (".NET", "dotnet"),
        ("notepad++", "notepad-plus-plus"),
        ("node.js", "node-js"),
        # a leading # is a hashtag mark
        ("#grpo", "grpo"),
        # Windows' reserved device names get a suffix
        ("con", "con-tag"),
        ("NUL", "nul-tag"),
        ("aux", "aux-tag"),
        ("prn", "prn-tag"),
        ("COM1", "com1-tag"),
        ("lpt9", "lpt9-tag"),
        ("console", "console"),
    ],
)
def test_slugs_people_can_live_with(name: str, expected: str) -> None:
    assert slug(name) == expected


def test_c_cpp_and_csharp_are_three_tags() -> None:
    assert len({slugs.tag_key(n) for n in ("C", "C++", "C#", "c", "ｃ")}) == 3


@pytest.mark.parametrize(
    "spellings",
    [
        ("web development", "web-development", "Web Development", "web_development"),
        ("#grpo", "grpo", "GRPO", "ＧＲＰＯ"),
        ("LLM/Serving", "LLM Serving", "llm-serving"),
    ],
)
def test_names_that_differ_only_in_what_the_slug_drops_are_one_tag(
    spellings: tuple[str, ...],
) -> None:
    assert len({slugs.tag_key(n) for n in spellings}) == 1


@pytest.mark.parametrize(
    ("sneaky", "plain"),
    [("zw\u200bsp", "zwsp"), ("ab\u202ecd", "abcd"), ("soft\u00adhyphen", "softhyphen")],
)
def test_format_characters_are_removed_before_identity(sneaky: str, plain: str) -> None:
    assert slugs.tag_key(sneaky) == slugs.tag_key(plain)
    assert slugs.strip_format(sneaky) == plain


def test_the_emoji_joiner_is_kept() -> None:
    developer = "👩\u200d💻"
    assert slugs.strip_format(developer) == developer
    assert slugs.tag_key(developer) != slugs.tag_key("👩💻")  # two different emoji, two tags


@pytest.mark.parametrize("name", ["..", ".", "/", "../../x", "%2F", "a\x00b", "\x07", "+++", "  "])
def test_slug_is_one_safe_path_segment(name: str) -> None:
    found = slug(name)
    assert found
    assert "/" not in found and "\\" not in found and "\x00" not in found and "%" not in found
    assert found not in {".", ".."}
    assert not found.startswith(".")


def test_all_punctuation_gets_stable_fallback() -> None:
    assert slug("+++") == slug("+++")
    assert slug("+++").startswith("tag-")
    assert slug("+++") != slug("---")


def test_long_tag_is_cut_to_a_file_system_safe_length() -> None:
    found = slug("強" * 300)
    assert len(found.encode("utf-8")) <= slugs.MAX_SLUG_BYTES
    assert slug("強" * 300) != slug("強" * 299)


def test_assign_gives_every_key_its_own_slug_without_reports() -> None:
    keys = [slugs.tag_key(n) for n in ("c", "c++", "c#", "rust")]
    assigned = slugs.assign(keys)
    assert sorted(assigned.values()) == ["c", "c-plus-plus", "c-sharp", "rust"]


def test_slug_of_a_tag_does_not_depend_on_unrelated_tags() -> None:
    first = slugs.assign(["c", "c-plus-plus"])
    second = slugs.assign(["c", "c-plus-plus", "c-sharp", "python"])
    assert first["c-plus-plus"] == second["c-plus-plus"]


def test_merges_name_the_spellings() -> None:
    spellings = [("grpo", "grpo"), ("grpo", "#grpo"), ("grpo", "grpo"), ("rl", "rl")]
    assert slugs.merges(spellings, {"grpo": "grpo"}) == [
        slugs.Merge("grpo", "grpo", ("#grpo", "grpo"))
    ]
