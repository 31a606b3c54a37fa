"""The "narrow with…" tags of a tag page (issue 35, point 2): the tags sharing most articles with
it, ties in the index's order, at most `limit`, never its own levels with the hierarchy, never
a tag without a page; and the explorer query each link carries."""

from __future__ import annotations

import random
from urllib.parse import unquote

from mkdocs_tagindex.core.model import cooccurrence
from mkdocs_tagindex.core.model import tagindex as model


def art(name: str, *tags: str) -> model.Article:
    return model.Article(src_uri=f"{name}.md", url=f"{name}/", title=name, tags=tags)


def index(
    articles: list[model.Article], *, hierarchical: bool = False, skip: tuple[str, ...] = ()
) -> model.TagIndex:
    keys = {k for a in articles for k in a.tags}
    if hierarchical:
        keys = {level for k in keys for level in _lineage(k)}
    keys -= set(skip)  # a tag without a page (hidden): no URL, so not in the index
    return model.build(
        articles,
        names={k: k.rsplit("/", 1)[-1] for k in keys},
        slugs={k: k for k in keys},
        urls={k: f"tags/{k}/" for k in keys},
        separator="/" if hierarchical else None,
    )


def _lineage(key: str) -> list[str]:
    parts = key.split("/")
    return ["/".join(parts[: i + 1]) for i in range(len(parts))]


def shown(found: dict[str, tuple[cooccurrence.Narrowing, ...]], key: str) -> list[tuple[str, int]]:
    return [(n.tag.key, n.shared) for n in found.get(key, ())]


def test_most_shared_first_ties_in_the_index_order_and_the_limit() -> None:
    articles = [
        art("a", "rl", "grpo", "ppo", "zeta"),
        art("b", "rl", "grpo", "alpha"),
        art("c", "rl", "grpo", "ppo"),
        art("d", "rl", "beta"),
        art("e", "grpo", "zeta"),  # shares nothing with rl through this article but grpo's count
    ]
    found = cooccurrence.narrowings(index(articles), limit=10)
    # rl: grpo 3, ppo 2, then the tags sharing one article in the index's (name) order
    assert shown(found, "rl") == [("grpo", 3), ("ppo", 2), ("alpha", 1), ("beta", 1), ("zeta", 1)]
    assert shown(found, "grpo") == [("rl", 3), ("ppo", 2), ("zeta", 2), ("alpha", 1)]
    assert shown(found, "beta") == [("rl", 1)]
    limited = cooccurrence.narrowings(index(articles), limit=2)
    assert shown(limited, "rl") == [("grpo", 3), ("ppo", 2)]
    assert cooccurrence.narrowings(index(articles), limit=0) == {}


def test_ties_follow_the_index_order_not_the_name() -> None:
    """With `index_sort: count` the index's order is by count: ties follow it."""
    articles = [art("a", "x", "b", "a"), art("b", "b"), art("c", "b")]
    keys = {"x", "a", "b"}
    by_count = model.build(
        articles,
        names={k: k for k in keys},
        slugs={k: k for k in keys},
        urls={k: f"tags/{k}/" for k in keys},
        index_sort="count",
    )
    assert [t.key for t in by_count.tags] == ["b", "a", "x"]
    assert shown(cooccurrence.narrowings(by_count, 5), "x") == [("b", 1), ("a", 1)]


def test_hierarchy_leaves_out_ancestors_and_descendants() -> None:
    articles = [
        art("a", "ml/rl/grpo", "nlp"),
        art("b", "ml/rl/ppo", "nlp"),
        art("c", "ml/vision", "nlp"),
        art("d", "ml/rl"),
    ]
    found = cooccurrence.narrowings(index(articles, hierarchical=True), limit=10)
    # rl's own levels (ml above; grpo, ppo below) say nothing; its siblings' tag vision shares
    # none of its articles, nlp two
    assert shown(found, "ml/rl") == [("nlp", 2)]
    # a leaf: neither ml nor ml/rl; its sibling ppo shares nothing
    assert shown(found, "ml/rl/grpo") == [("nlp", 1)]
    # nlp meets the levels, each with the subtree's count, ml first (the index is a tree)
    assert shown(found, "nlp") == [
        ("ml", 3),
        ("ml/rl", 2),
        ("ml/rl/grpo", 1),
        ("ml/rl/ppo", 1),
        ("ml/vision", 1),
    ]
    assert shown(found, "ml") == [("nlp", 3)]


def test_a_tag_without_a_page_never_appears() -> None:
    articles = [art("a", "rl", "secret", "grpo"), art("b", "rl", "secret")]
    found = cooccurrence.narrowings(index(articles, skip=("secret",)), limit=10)
    assert shown(found, "rl") == [("grpo", 1)]
    assert "secret" not in found


def test_the_query_percent_encodes_each_slug_and_keeps_levels() -> None:
    articles = [art("a", "強化学習", "ml/rl", "c++ & co")]
    found = cooccurrence.narrowings(index(articles), limit=10)
    query = {n.tag.key: n.query for n in found["強化学習"]}
    assert query["ml/rl"] == "?t=%E5%BC%B7%E5%8C%96%E5%AD%A6%E7%BF%92+ml/rl&match=all"
    assert query["c++ & co"] == (
        "?t=%E5%BC%B7%E5%8C%96%E5%AD%A6%E7%BF%92+c%2B%2B%20%26%20co&match=all"
    )
    selected = query["c++ & co"].removeprefix("?t=").split("&")[0].split("+")
    assert [unquote(s) for s in selected] == ["強化学習", "c++ & co"]


def test_the_same_as_counting_every_pair_of_tags() -> None:
    """On a site of many tags, the counts and order equal the definition: for each pair of tags,
    the articles on both pages (what the explorer finds with both selected)."""
    rng = random.Random(35)
    articles = [
        art(f"p{i}", *rng.sample([f"t{n:02d}" for n in range(60)], rng.randint(1, 6)))
        for i in range(200)
    ]
    built = index(articles)
    found = cooccurrence.narrowings(built, limit=6)
    place = {t.key: i for i, t in enumerate(built.tags)}
    for tag in built.tags:
        mine = {a.src_uri for a in tag.articles}
        pairs = [
            (other.key, len(mine & {a.src_uri for a in other.articles}))
            for other in built.tags
            if other.key != tag.key
        ]
        pairs = sorted((p for p in pairs if p[1]), key=lambda p: (-p[1], place[p[0]]))
        assert shown(found, tag.key) == pairs[:6], tag.key
