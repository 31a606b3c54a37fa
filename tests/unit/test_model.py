from __future__ import annotations

import datetime

from mkdocs_tagindex.core.model import tagindex as model


def art(name: str, **kw: object) -> model.Article:
    return model.Article(
        src_uri=f"{name}.md", url=f"{name}/", title=kw.pop("title", name), tags=("t",), **kw
    )  # type: ignore[arg-type]


def build(articles: list[model.Article], **kw: object) -> model.TagIndex:
    return model.build(
        articles,
        names={"t": "T"},
        slugs={"t": "t"},
        urls={"t": "tags/t/"},
        **kw,  # type: ignore[arg-type]
    )


def titles(index: model.TagIndex) -> list[str]:
    return [a.title for a in index.by_key["t"].articles]


def test_date_order_is_newest_first_with_undated_last_and_title_ties() -> None:
    d = datetime.date
    index = build(
        [
            art("a", date=d(2026, 1, 1)),
            art("b"),
            art("c", date=d(2026, 3, 1)),
            art("e", title="Same", date=d(2026, 2, 1)),
            art("d", title="same", date=d(2026, 2, 1)),
        ]
    )
    assert titles(index) == ["c", "Same", "same", "a", "b"]
    # ties on title fall back to the path: "Same" (e.md) and "same" (d.md) compare casefolded
    assert [a.src_uri for a in index.by_key["t"].articles][1:3] == ["e.md", "d.md"]


def test_other_orders() -> None:
    arts = [art("b", read_time=5, weight=2), art("a", read_time=9), art("c", read_time=1, weight=1)]
    assert titles(build(arts, sort_by="title")) == ["a", "b", "c"]
    assert titles(build(arts, sort_by="read_time")) == ["c", "b", "a"]
    assert titles(build(arts, sort_by="weight")) == ["c", "b", "a"]
    assert titles(build(arts, sort_by="title", reverse=True)) == ["c", "b", "a"]


def test_card_numbers_grow_with_the_count() -> None:
    nine = build([art(f"x{i}") for i in range(9)]).by_key["t"].cards
    assert [c.number for c in nine][:2] == ["01", "02"]
    many = build([art(f"x{i:03d}") for i in range(100)]).by_key["t"].cards
    assert many[0].number == "001" and many[-1].number == "100"


def test_index_order_by_name_or_count() -> None:
    a = model.Article("a.md", "a/", "A", ("x", "y"))
    b = model.Article("b.md", "b/", "B", ("y",))
    common = {"names": {"x": "Xylo", "y": "alpha"}, "slugs": {"x": "x", "y": "y"}}
    urls = {"x": "tags/x/", "y": "tags/y/"}
    by_name = model.build([a, b], urls=urls, **common)  # type: ignore[arg-type]
    by_count = model.build([a, b], urls=urls, index_sort="count", **common)  # type: ignore[arg-type]
    assert [t.name for t in by_name.tags] == ["alpha", "Xylo"]
    assert [(t.name, t.count) for t in by_count.tags] == [("alpha", 2), ("Xylo", 1)]
    assert by_name.article_count == 2


def test_display_name_is_the_most_used_spelling() -> None:
    names = model.display_names([("abc", "ABC"), ("abc", "abc"), ("abc", "abc"), ("x", "X")])
    assert names == {"abc": "abc", "x": "X"}
    assert model.display_names([("abc", "abc"), ("abc", "ABC")]) == {"abc": "ABC"}


def test_title_order_trims_folds_and_counts_numbers() -> None:
    names = [" Zulu", "Part 10", "alpha", "Part 2", "Éclair", "eclair", "part 1", "ＢＥＴＡ"]
    ordered = titles(build([art(f"p{i}", title=n) for i, n in enumerate(names)], sort_by="title"))
    assert ordered == [
        "alpha",
        "ＢＥＴＡ",
        "eclair",
        "Éclair",
        "part 1",
        "Part 2",
        "Part 10",
        " Zulu",
    ]


def test_japanese_kana_in_kana_order_whatever_the_script() -> None:
    # あ か さ た な: hiragana and katakana interleave by the kana table
    names = ["タグ", "さくら", "カメラ", "あめ", "ナス"]
    ordered = sorted(names, key=model.collation_key)
    assert ordered == ["あめ", "カメラ", "さくら", "タグ", "ナス"]


def test_categories_on_a_tag_in_collation_order() -> None:
    arts = [art(f"c{i}", categories=(c,)) for i, c in enumerate(["学習", "カテゴリ", "あいさつ"])]
    assert build(arts).by_key["t"].categories == ["あいさつ", "カテゴリ", "学習"]


def tagged(name: str, *tags: str, **kw: object) -> model.Article:
    return model.Article(src_uri=f"{name}.md", url=f"{name}/", title=name, tags=tags, **kw)  # type: ignore[arg-type]


def test_related_prefers_rare_shared_tags_and_never_the_page_itself() -> None:
    common = [tagged(f"c{i}", "common") for i in range(20)]
    a = tagged("a", "common", "rare", "mid")
    b = tagged("b", "rare")  # shares the rare tag
    c = tagged("c", "common", "mid")  # shares two tags, both less rare than `rare`
    d = tagged("d", "mid")
    found = model.related([a, b, c, d, *common], limit=3)
    assert [x.title for x in found["a.md"]] == ["c", "b", "d"]
    assert all(x.src_uri != "a.md" for x in found["a.md"])
    assert found["b.md"] == (a,)


def test_related_ties_are_stable_and_newest_first() -> None:
    d = datetime.date
    arts = [tagged(n, "t", date=d(2026, 1, i)) for i, n in enumerate(["x", "y", "z"], 1)]
    assert [x.title for x in model.related(arts, limit=5)["x.md"]] == ["z", "y"]
    assert model.related(arts, limit=5) == model.related(list(reversed(arts)), limit=5)
    assert model.related(arts, limit=0) == {}


def test_related_keeps_fallback_pages_apart() -> None:
    own = tagged("own", "t", lang="ja")
    other = tagged("other", "t", lang="ja")
    fallback = tagged("fb", "t", lang="en", fallback=True)
    found = model.related([own, other, fallback], limit=5)
    assert found["own.md"] == (other,)
    assert found["fb.md"] == ()


def test_related_still_finds_rare_neighbours_when_a_common_tag_is_capped() -> None:
    """A tag on every page is scanned only `scan` deep; the rare tag still pairs pages up."""
    arts = [tagged(f"p{i:04d}", "everywhere", f"pair{i // 2}") for i in range(2000)]
    found = model.related(arts, limit=3, scan=8)
    assert len(found) == 2000
    partner = {f"p{i:04d}.md": f"p{i ^ 1:04d}.md" for i in range(2000)}
    assert all(found[src][0].src_uri == partner[src] for src in partner)
