"""Section cards in the model (issue 41): one card or two, and their order, over generated
sites (Hypothesis)."""

from __future__ import annotations

import datetime

from hypothesis import given
from hypothesis import strategies as st

from mkdocs_tagindex.core.model import tagindex as model
from mkdocs_tagindex.core.records.sections import Section

TAGS = ("a", "b", "c")
tag_sets = st.lists(st.sampled_from(TAGS), unique=True, max_size=3).map(tuple)


@st.composite
def sites(draw: st.DrawFn) -> list[model.Article]:
    out = []
    for n in range(draw(st.integers(0, 6))):
        sections = tuple(
            Section(f"s{i}", f"Heading {i}", 2, i + 1, ids, ids=ids)
            for i, ids in enumerate(draw(st.lists(tag_sets, max_size=4)))
        )
        day = draw(st.none() | st.integers(1, 3))
        out.append(
            model.Article(
                src_uri=f"p{n}.md",
                url=f"p{n}/",
                title=draw(st.sampled_from(["x", "y", "z"])),
                tags=draw(tag_sets) or draw(st.just(("hidden",)) | st.just(())),
                date=datetime.date(2026, 1, day) if day else None,
                sections=sections,
            )
        )
    return out


@given(sites(), st.sampled_from(["date", "title"]), st.booleans())
def test_one_card_or_one_per_section_in_page_then_document_order(
    articles: list[model.Article], sort_by: str, reverse: bool
) -> None:
    index = model.build(
        articles,
        names={t: t for t in TAGS},
        slugs={t: t for t in TAGS},
        urls={t: f"tags/{t}/" for t in TAGS},  # "hidden": a tag without a page
        sort_by=sort_by,  # type: ignore[arg-type]
        reverse=reverse,
    )
    for key in TAGS:
        tag = index.by_key.get(key)
        shown = [card.article for card in tag.cards] if tag is not None else []
        expected_pages = model.ordered(
            [a for a in articles if key in a.tags or any(key in s.ids for s in a.sections)],
            sort_by,  # type: ignore[arg-type]
            reverse=reverse,
        )
        expected = [
            card
            for page in expected_pages
            for card in (
                [page]
                if key in page.tags
                else [page.of_section(s) for s in page.sections if key in s.ids]
            )
        ]
        assert shown == expected
        assert all(card.page_src in index.article_numbers for card in shown)  # tags.json
        if tag is not None:
            assert tag.count == sum(1 for a in articles if key in a.tags)
            assert tag.section_count == len(expected) - tag.count
            assert [c.number for c in tag.cards] == [
                f"{i:0{max(2, len(str(len(expected))))}d}" for i in range(1, len(expected) + 1)
            ]


def test_index_sort_by_count_counts_a_tags_section_cards() -> None:
    page = model.Article(
        src_uri="p.md",
        url="p/",
        title="P",
        tags=("a",),
        sections=tuple(Section(f"s{i}", "H", 2, i, ("b",), ids=("b",)) for i in range(3)),
    )
    other = model.Article(src_uri="q.md", url="q/", title="Q", tags=("a",))
    index = model.build(
        [page, other],
        names={t: t for t in TAGS},
        slugs={t: t for t in TAGS},
        urls={t: f"tags/{t}/" for t in TAGS},
        index_sort="count",
    )
    assert [t.key for t in index.tags] == ["b", "a"]  # 3 section cards before 2 articles
