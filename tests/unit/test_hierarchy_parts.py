"""Tag hierarchy (issue 27, part 1): splitting as Material splits, ids and nested slugs, bad
paths, identity merges, the `page` segment, the tags file's aliases and hidden parents, and the
engine's model of a parent (its subtree's articles, each once)."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mkdocs_tagindex.core import (
    Edition,
    Found,
    Language,
    Languages,
    Messages,
    Published,
    Run,
    SiteInfo,
    SourcePage,
)
from mkdocs_tagindex.core.model import hierarchy
from mkdocs_tagindex.core.model.routes import url_of
from mkdocs_tagindex.core.options import tagsfile
from mkdocs_tagindex.core.options.config import TagIndexConfig
from mkdocs_tagindex.core.records.article import Facts
from mkdocs_tagindex.core.records.frontmatter import front_matter

# -- pure parts -----------------------------------------------------------------------------------


def test_split_matches_materials_split_and_trims_levels() -> None:
    # Material: `tag.name.split(separator)`; each level then goes through today's identity rules
    assert hierarchy.split("ml/rl/grpo", "/").levels == ("ml", "rl", "grpo")
    assert hierarchy.split("ML / RL", "/").levels == ("ML", "RL")
    assert hierarchy.split("a.b", ".").levels == ("a", "b")
    assert hierarchy.split("a::b", "::").levels == ("a", "b")
    assert hierarchy.path_key("ML / Ｒｌ / GRPO", "/") == "ml/rl/grpo"
    assert hierarchy.path_key("C++/C#", "/") == "c-plus-plus/c-sharp"


@pytest.mark.parametrize(
    ("name", "levels", "problem"),
    [
        ("ml//rl", ("ml", "rl"), "empty level"),
        ("ml/rl/", ("ml", "rl"), "empty level"),
        ("/ml", ("ml",), "empty level"),
        ("/".join(f"l{i}" for i in range(9)), tuple(f"l{i}" for i in range(8)), "9 levels"),
    ],
)
def test_bad_paths_are_repaired_and_said(name: str, levels: tuple[str, ...], problem: str) -> None:
    found = hierarchy.split(name, "/")
    assert found.levels == levels
    assert any(problem in p for p in found.problems)
    message = hierarchy.problem_message("docs/a.md", "tags", name, "/")
    assert message is not None
    assert message.startswith("docs/a.md: front matter 'tags': tag ")
    assert f"read as '{'/'.join(levels)}'" in message


def test_good_paths_say_nothing_and_eight_levels_are_fine() -> None:
    assert hierarchy.problem_message("a.md", "tags", "/".join("abcdefgh"), "/") is None
    assert hierarchy.split("/".join("abcdefgh"), "/").problems == ()


def test_only_separators_is_one_flat_tag() -> None:
    found = hierarchy.split("//", "/")
    assert found.levels == ("//",)
    assert "/" not in hierarchy.path_key("//", "/")


def test_lineage_parent_expand() -> None:
    assert hierarchy.lineage("ml/rl/grpo") == ["ml", "ml/rl", "ml/rl/grpo"]
    assert hierarchy.parent("ml/rl") == "ml"
    assert hierarchy.parent("ml") is None
    assert hierarchy.expand(["ml/rl/grpo", "ml/x", "ml"]) == [
        "ml",
        "ml/rl",
        "ml/rl/grpo",
        "ml/x",
    ]


def test_slugs_nest_and_a_page_level_never_meets_pagination() -> None:
    slugs = hierarchy.assign(["ml/rl/grpo", "ml/page", "page/x", "con/aux"], {})
    assert slugs["ml/rl/grpo"] == "ml/rl/grpo"
    assert slugs["ml/rl"] == "ml/rl" and slugs["ml"] == "ml"
    # `tags/ml/page/2/` is the second page of `ml`: the level `page` below the top moves aside
    assert slugs["ml/page"] == "ml/page-tag"
    assert slugs["page"] == "page"  # the top level has no pagination folder beside it
    assert slugs["con/aux"] == "con-tag/aux-tag"  # Windows' device names, per level
    assert len(set(slugs.values())) == len(slugs)


def test_spellings_align_from_the_leaf() -> None:
    assert hierarchy.spellings("ml/rl", "ML/RL", "/") == [("ml/rl", "RL"), ("ml", "ML")]
    # an alias gives a deeper path: the levels not written are left to others
    assert hierarchy.spellings("ai/ml", "ML", "/") == [("ai/ml", "ML")]


# -- the tags file with the hierarchy ------------------------------------------------------------


def catalog(tmp_path: Path, text: str) -> tagsfile.TagCatalog:
    path = tmp_path / "tags.yml"
    path.write_text(text, "utf-8")
    found, problems = tagsfile.load(str(path), "/")
    assert problems == []
    return found


def test_an_alias_of_a_parent_renames_its_childrens_paths(tmp_path: Path) -> None:
    found = catalog(
        tmp_path,
        "machine-learning:\n  name: Machine learning\n  aliases: [ml]\n"
        "machine-learning/rl:\n  name: Reinforcement learning\n",
    )
    assert found.resolve("ml") == ("machine-learning", True)
    assert found.resolve("ml/rl") == ("machine-learning/rl", True)
    assert found.resolve("ML/RL/grpo") == ("machine-learning/rl/grpo", False)
    assert found.resolve("other/ml") == ("other/ml", False)
    assert found.name("machine-learning/rl", "en") == "Reinforcement learning"


def test_a_path_entry_without_name_is_shown_by_its_leaf(tmp_path: Path) -> None:
    found = catalog(tmp_path, "ml/rl:\n  description: Learning by reward.\n")
    assert found.name("ml/rl", "en") == "rl"
    assert found.description("ml/rl", "ja") == "Learning by reward."


def test_the_same_file_flat_and_nested_is_read_again(tmp_path: Path) -> None:
    path = tmp_path / "tags.yml"
    path.write_text("ml/rl: {}\n", "utf-8")
    nested, _ = tagsfile.load(str(path), "/")
    flat, _ = tagsfile.load(str(path))
    assert "ml/rl" in nested.keys and "ml-rl" in flat.keys


# -- the engine --------------------------------------------------------------------------------


class Engine:
    """The engine driven as a host drives it, for one English site."""

    def __init__(self, options: dict[str, object]) -> None:
        config = TagIndexConfig()
        config.load_dict(options)
        errors, _ = config.validate()
        assert not errors, errors
        self.said: list[tuple[int, str]] = []
        messages = Messages(lambda level, text: self.said.append((level, text)))
        self.run = Run(config, Languages(current="en", default="en", build=("en",)), messages)

    def said_at(self, level: int) -> list[str]:
        return [text for lvl, text in self.said if lvl == level]

    def build(self, pages: dict[str, str]) -> Edition:
        sources = sorted(pages.items())
        self.run.first_pass(sources)
        language = Language(self.run, "en", SiteInfo(url="https://example.org/", name="S"))
        found: list[Found] = []
        for src_uri, text in sources:
            meta = front_matter(text, src_uri, self.run.warn)
            page = SourcePage(
                src_uri, url_of(src_uri), meta, None, None, Facts(src_uri, 1, "Summary.")
            )
            item = language.article(page)
            if item is not None:
                found.append(item)
        collected = language.collect(found)
        pages_ = {r.src_uri: (r, url_of(r.src_uri)) for r in collected.plan.routes()}
        return Edition(language, collected, Published(pages_, {}, lambda src: False))


def page(tags: list[str], date: str = "2026-01-01") -> str:
    listed = ", ".join(f'"{t}"' for t in tags)
    return f"---\ntags: [{listed}]\ndate: {date}\n---\n\nBody.\n"


SITE = {
    "a.md": page(["ml/rl/grpo"], "2026-01-04"),
    "b.md": page(["ML/RL/GRPO", "ml/rl"], "2026-01-03"),
    "c.md": page(["ml"], "2026-01-02"),
    "d.md": page(["ml/cv", "LLM/Serving"], "2026-01-01"),
}


def test_a_parent_lists_its_subtree_each_article_once() -> None:
    engine = Engine({"hierarchy": True})
    edition = engine.build(SITE)
    index = edition.index
    ml = index.by_key["ml"]
    assert [a.src_uri for a in ml.articles] == ["a.md", "b.md", "c.md", "d.md"]
    assert [c.number for c in ml.cards] == ["01", "02", "03", "04"]
    assert index.by_key["ml/rl"].count == 2  # b.md carries ml/rl and ml/rl/grpo: once
    assert [t.key for t in index.children_of(ml)] == ["ml/cv", "ml/rl"]
    assert [t.key for t in index.roots] == ["llm", "ml"]
    grpo = index.by_key["ml/rl/grpo"]
    assert [t.key for t in index.ancestors(grpo)] == ["ml", "ml/rl"]
    assert grpo.path == "ml/rl/GRPO" and grpo.slug == "ml/rl/grpo"
    assert edition.plan.tag_src("ml/rl/grpo") == "tags/ml/rl/grpo/index.md"
    assert edition.plan.counts["ml"] == 4


def test_case_variants_of_a_level_are_one_tag_with_one_info_line() -> None:
    engine = Engine({"hierarchy": True})
    engine.build(SITE)
    infos = engine.said_at(logging.INFO)
    assert any("'GRPO', 'grpo' are one tag" in line for line in infos)
    moved = [line for line in infos if line.startswith("hierarchy:")]
    assert len(moved) == 1
    assert "'LLM/Serving': tags/llm-serving/ → tags/llm/serving/" in moved[0]
    assert "'ml'" not in moved[0]  # a top-level tag keeps its URL


def test_off_keeps_a_path_one_flat_tag() -> None:
    engine = Engine({})
    edition = engine.build(SITE)
    assert "ml-rl-grpo" in edition.index.by_key
    assert "ml" in edition.index.by_key and edition.index.by_key["ml"].count == 1
    assert not edition.index.hierarchical
    assert not [line for line in engine.said_at(logging.INFO) if "hierarchy" in line]


def test_bad_paths_warn_naming_the_file_and_the_page_stays() -> None:
    engine = Engine({"hierarchy": True})
    deep = "/".join(f"l{i}" for i in range(9))
    edition = engine.build({"x.md": page(["ml//rl", "ml/cv/"]), "y.md": page([deep])})
    warnings = engine.said_at(logging.WARNING)
    assert any(w.startswith("x.md: front matter 'tags': tag 'ml//rl'") for w in warnings)
    assert any(w.startswith("x.md: front matter 'tags': tag 'ml/cv/'") for w in warnings)
    assert any(w.startswith("y.md:") and "9 levels" in w for w in warnings)
    assert "ml/rl" in edition.index.by_key and "ml/cv" in edition.index.by_key
    assert "/".join(f"l{i}" for i in range(8)) in edition.index.by_key


def test_a_hidden_parent_hides_its_subtree(tmp_path: Path) -> None:
    path = tmp_path / "tags.yml"
    path.write_text("ml:\n  hidden: true\nllm: {}\nllm/serving: {}\n", "utf-8")
    engine = Engine({"hierarchy": True, "tags_file": str(path), "unknown_tags": "ignore"})
    edition = engine.build(SITE)
    assert set(edition.plan.counts) == {"llm", "llm/serving"}
    article = edition.articles["a.md"]
    assert edition.chips(article, None, icons=False, shadows_shown=False) == []


def test_chips_show_the_leaf_and_the_whole_path_as_title() -> None:
    engine = Engine({"hierarchy": True})
    edition = engine.build(SITE)
    chips = edition.chips(edition.articles["d.md"], None, icons=True, shadows_shown=False)
    assert [(str(c.name), c.title, c.url) for c in chips] == [
        ("cv", "ml/cv", "tags/ml/cv/"),
        ("Serving", "LLM/Serving", "tags/llm/serving/"),
    ]


def test_the_tags_file_names_a_level_and_an_alias_renames_the_children(tmp_path: Path) -> None:
    path = tmp_path / "tags.yml"
    path.write_text(
        "machine-learning:\n  name: Machine learning\n  aliases: [ml]\n"
        "machine-learning/rl:\n  name: {en: Reinforcement learning}\n",
        "utf-8",
    )
    engine = Engine({"hierarchy": True, "tags_file": str(path), "unknown_tags": "ignore"})
    edition = engine.build(SITE)
    index = edition.index
    assert "ml" not in index.by_key
    rl = index.by_key["machine-learning/rl"]
    assert rl.name == "Reinforcement learning"
    assert rl.path == "Machine learning/Reinforcement learning"
    assert rl.url == "tags/machine-learning/rl/"


def test_tags_json_has_the_tree() -> None:
    import json

    engine = Engine({"hierarchy": True})
    edition = engine.build(SITE)
    (data,) = [f for f in edition.outputs.files if f.src_uri.endswith("tags.json")]
    text = data.content if isinstance(data.content, str) else "".join(data.content)
    tags = {t["slug"]: t for t in json.loads(text)["tags"]}
    assert tags["ml"]["parent"] is None and tags["ml"]["children"] == ["ml/cv", "ml/rl"]
    assert tags["ml/rl/grpo"]["parent"] == "ml/rl"
    assert tags["ml/rl/grpo"]["path"] == "ml/rl/GRPO"
    assert tags["ml"]["count"] == 4 and len(tags["ml"]["cards"]) == 4


def test_options_refuse_an_empty_separator() -> None:
    config = TagIndexConfig()
    config.load_dict({"hierarchy": True, "hierarchy_separator": ""})
    errors, _ = config.validate()
    assert errors and "separator" in str(errors[0][1])


def test_a_listing_of_a_parent_lists_its_subtree() -> None:
    from mkdocs_tagindex.core.records.listings import Listing

    engine = Engine({"hierarchy": True})
    edition = engine.build(SITE)
    context = edition.listing_context(Listing("x", tags=("ML/rl",)))
    assert [c.article.src_uri for c in context.cards] == ["a.md", "b.md"]
    assert [t.key for t in context.tags] == ["ml/rl"]
    flat = Engine({}).build(SITE).listing_context(Listing("x", tags=("ml",)))
    assert [c.article.src_uri for c in flat.cards] == ["c.md"]  # off: `ml` is its own tag


LEVEL = st.lists(
    st.sampled_from(["a", "B", "page", "/", " ", "+", "強", "ｃ", ".", "con"]), max_size=4
).map("".join)


@given(st.lists(st.lists(LEVEL, min_size=1, max_size=10).map("/".join), max_size=12))
@settings(max_examples=300, deadline=None)
def test_any_names_give_safe_distinct_nested_slugs(names: list[str]) -> None:
    ids = {hierarchy.path_key(name, "/") for name in names}
    slugs = hierarchy.assign(ids, {})
    assert set(slugs) == set(hierarchy.expand(ids))
    assert len(set(slugs.values())) == len(slugs)
    for tag, slug in slugs.items():
        parts = slug.split("/")
        assert len(parts) == tag.count("/") + 1 <= hierarchy.MAX_LEVELS
        assert all(p and p not in (".", "..") for p in parts)
        assert "page" not in parts[1:]  # never the folder of a parent's later pages
        up = hierarchy.parent(tag)
        assert up is None or slug.startswith(slugs[up] + "/")
