from __future__ import annotations

import pytest

from mkdocs_tagindex import slugs


@pytest.mark.parametrize(
    ("name", "slug"),
    [
        ("grpo", "grpo"),
        ("GRPO", "grpo"),
        ("強化学習", "強化学習"),
        ("LLM/Serving", "llm-serving"),
        ("Reward Modeling", "reward-modeling"),
        ("ＡＢＣ", "abc"),
        ("C++", "c"),
        ("snake_case", "snake-case"),
    ],
)
def test_slugify_keeps_unicode_and_lowercases(name: str, slug: str) -> None:
    assert slugs.slugify(name) == slug


@pytest.mark.parametrize("name", ["..", ".", "/", "../../x", "%2F", "a\x00b", "\x07", "+++", "  "])
def test_slug_is_one_safe_path_segment(name: str) -> None:
    slug = slugs.slugify(name)
    assert slug
    assert "/" not in slug and "\\" not in slug and "\x00" not in slug
    assert slug not in {".", ".."}
    assert not slug.startswith(".")


def test_all_punctuation_gets_stable_fallback() -> None:
    assert slugs.slugify("+++") == slugs.slugify("+++")
    assert slugs.slugify("+++").startswith("tag-")
    assert slugs.slugify("+++") != slugs.slugify("---")


def test_long_tag_is_cut_to_a_file_system_safe_length() -> None:
    slug = slugs.slugify("強" * 300)
    assert len(slug.encode("utf-8")) <= slugs.MAX_SLUG_BYTES
    assert slugs.slugify("強" * 300) != slugs.slugify("強" * 299)


def test_colliding_tags_get_distinct_slugs_and_are_reported() -> None:
    assigned, collisions = slugs.assign(["c", "c++", "c#", "rust"])
    assert len(set(assigned.values())) == 4
    assert assigned["c"] == "c"
    assert assigned["rust"] == "rust"
    assert collisions == [slugs.Collision("c", ("c", "c#", "c++"))]


def test_slug_of_a_tag_does_not_depend_on_unrelated_tags() -> None:
    first, _ = slugs.assign(["c", "c++"])
    second, _ = slugs.assign(["c", "c++", "c#", "python"])
    assert first["c++"] == second["c++"]
