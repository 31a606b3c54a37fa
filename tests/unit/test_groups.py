"""Grouped tag pages (`group_by`, issue 27): the order of groups and of cards, numbering, the
labels of each language, and pagination that repeats a heading instead of splitting it."""

from __future__ import annotations

import datetime

import pytest

from mkdocs_tagindex.core.model import groups
from mkdocs_tagindex.core.model import tagindex as model
from mkdocs_tagindex.core.records.article import Article
from mkdocs_tagindex.core.text.labels import LABELS, labels_for

EN = labels_for("en", {})[0]
JA = labels_for("ja", {})[0]


def article(
    name: str,
    date: str | None = None,
    type: str | None = None,
    categories: tuple[str, ...] = (),
) -> Article:
    return Article(
        src_uri=f"{name}.md",
        url=f"{name}/",
        title=name,
        tags=("t",),
        categories=categories,
        type=type,
        date=datetime.date.fromisoformat(date) if date else None,
    )


def arranged(articles: list[Article], facet: str, labels: object = EN) -> list[str]:
    ordered = model.ordered(articles, "date")
    return [a.title for a in groups.arrange(ordered, facet, labels)]  # type: ignore[arg-type]


def headings(articles: list[Article], facet: str, labels: object = EN) -> list[tuple[str, ...]]:
    ordered = groups.arrange(model.ordered(articles, "date"), facet, labels)  # type: ignore[arg-type]
    found = groups.grouped(model.cards(ordered), facet, labels)  # type: ignore[arg-type]
    return [(g.label, *(c.number + c.article.title for c in g.cards)) for g in found]


def test_years_newest_first_no_date_last_cards_by_sort_by_inside() -> None:
    items = [
        article("a", "2024-05-01"),
        article("b", None),
        article("c", "2026-01-02"),
        article("d", "2024-12-31"),
        article("e", "2026-03-01"),
    ]
    assert headings(items, "year") == [
        ("2026", "01e", "02c"),
        ("2024", "03d", "04a"),
        ("No date", "05b"),
    ]


def test_months_newest_first_localized_by_babel() -> None:
    items = [article("a", "2025-12-01"), article("b", "2026-01-15"), article("c", "2026-01-02")]
    assert headings(items, "month") == [
        ("January 2026", "01b", "02c"),
        ("December 2025", "03a"),
    ]
    assert [h[0] for h in headings(items, "month", JA)] == ["2026年1月", "2025年12月"]
    assert [h[0] for h in headings(items, "year", JA)] == ["2026年", "2025年"]
    de = labels_for("de", {})[0]
    assert headings(items, "month", de)[1][0] == "Dezember 2025"


def test_categories_by_collation_first_item_of_a_list_no_category_last() -> None:
    items = [
        article("a", "2026-01-01", categories=("zeta",)),
        article("b", "2026-01-02", categories=("Éclair", "zeta")),
        article("c", "2026-01-03"),
        article("d", "2026-01-04", categories=("Part 10",)),
        article("e", "2026-01-05", categories=("part 2",)),
        article("f", "2026-01-06", categories=("eclair",)),
    ]
    assert headings(items, "category") == [
        ("eclair", "01f"),
        ("Éclair", "02b"),  # collation: diacritics second, not after z
        ("part 2", "03e"),  # numbers as numbers
        ("Part 10", "04d"),
        ("zeta", "05a"),
        ("No category", "06c"),
    ]


def test_types_in_label_table_order_then_by_name_no_type_last() -> None:
    assert list(LABELS["en"]["types"])[:4] == ["paper", "tutorial", "explainer", "news"]
    items = [
        article("a", "2026-01-01", type="zine"),
        article("b", "2026-01-02", type="news"),
        article("c", "2026-01-03", type="Paper"),
        article("d", "2026-01-04"),
        article("e", "2026-01-05", type="blog"),
        article("f", "2026-01-06", type="tutorial"),
        article("g", "2026-01-07", type="paper"),
    ]
    assert headings(items, "type") == [
        ("PAPER", "01g", "02c"),
        ("TUTORIAL", "03f"),
        ("NEWS", "04b"),
        ("BLOG", "05e"),
        ("ZINE", "06a"),
        ("No type", "07d"),
    ]
    assert [h[0] for h in headings(items, "type", JA)][:3] == ["論文", "チュートリアル", "ニュース"]
    assert headings(items, "type", JA)[-1][0] == "種類なし"


def test_numbers_run_down_the_page_across_groups() -> None:
    items = [article(f"n{i:02d}", f"20{20 + i % 5}-0{1 + i % 9}-01") for i in range(120)]
    ordered = groups.arrange(model.ordered(items, "date"), "year", EN)
    found = groups.grouped(model.cards(ordered), "year", EN)
    numbers = [c.number for g in found for c in g.cards]
    assert numbers == [f"{i:03d}" for i in range(1, 121)]  # three digits from 100 on, in order
    assert [g.start for g in found] == [int(g.cards[0].number) for g in found]
    years = [g.label for g in found]
    assert years == sorted(years, reverse=True)


def test_none_keeps_order_and_gives_no_groups() -> None:
    items = [article("a", "2024-01-01"), article("b", "2026-01-01")]
    assert arranged(items, "none") == ["b", "a"]
    assert groups.grouped(model.cards(items), "none", EN) == ()


@pytest.mark.parametrize("code", sorted(LABELS))
def test_every_language_names_the_missing_groups(code: str) -> None:
    labels = labels_for(code, {})[0]
    texts = {labels.t(k) for k in ("no_category", "no_type", "no_date")}
    assert len(texts) == 3 and all(t.strip() for t in texts)
    if code != "en":
        assert not texts & {"No category", "No type", "No date"}, code


def test_pagination_repeats_a_heading_never_splits_it_from_its_cards() -> None:
    items = [article(f"a{i}", f"{2026 - i // 3}-01-{1 + i % 3:02d}") for i in range(7)]
    ordered = groups.arrange(model.ordered(items, "date"), "year", EN)
    every = model.cards(ordered)
    pages = [groups.page_groups(every, s, s + 2, "year", EN) for s in range(0, 7, 2)]
    for page in pages:
        assert page and all(g.cards for g in page)  # no heading without a card under it
    seen = [(g.label, g.continued, [c.number for c in g.cards]) for page in pages for g in page]
    assert seen == [
        ("2026", False, ["01", "02"]),
        ("2026", True, ["03"]),
        ("2025", False, ["04"]),
        ("2025", True, ["05", "06"]),
        ("2024", False, ["07"]),
    ]


def test_anchors_unique_and_markdown_label_escaped() -> None:
    items = [
        article("a", "2026-01-01", categories=("C++ *fast*",)),
        article("b", "2026-01-02", categories=("c++ *Fast*",)),
        article("c", "2026-01-03"),
    ]
    found = groups.grouped(model.cards(groups.arrange(items, "category", EN)), "category", EN)
    anchors = [g.anchor for g in found]
    assert len(set(anchors)) == 3 and anchors[-1] == "g-none"
    assert all(a.startswith("g-") for a in anchors)
    assert found[0].markdown_label == "C\\+\\+ \\*fast\\*"
    tricky = groups.Group("x", "<b>&</b> # {#id}", "g-x", ())
    assert tricky.markdown_label == "&lt;b&gt;&amp;&lt;/b&gt; \\# \\{\\#id\\}"
