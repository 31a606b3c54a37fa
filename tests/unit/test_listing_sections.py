"""Where a listing that holds only pages (Zensical's, in the `tagindex` layout) puts a tag's
section cards (issue 41): `tagindex.listed_sections` gives, per card, the listed page it follows;
tagindex.js inserts each after that page (after the sections placed there before it). Over
generated sites, flat and hierarchical, with dates that tie: the list this makes equals the
order the tag page's rule gives the same pages and sections (`in_page_order`), which is what
Material's listing in the same layout shows."""

from __future__ import annotations

import datetime

from hypothesis import given, settings
from hypothesis import strategies as st
from test_explorer_sections import index_of

from mkdocs_tagindex.core.model import tagindex as model
from mkdocs_tagindex.core.records.sections import Section

FLAT = ("a", "b", "c")
TREE = ("ml", "ml/rl", "ml/rl/grpo", "math")


@st.composite
def sites(draw: st.DrawFn) -> tuple[list[model.Article], bool]:
    hierarchical = draw(st.booleans())
    pool = TREE if hierarchical else FLAT
    tags = st.lists(st.sampled_from(pool), max_size=2, unique=True).map(tuple)
    own = st.lists(st.sampled_from(pool), min_size=1, max_size=2, unique=True).map(tuple)
    dates = st.one_of(st.none(), st.dates(datetime.date(2026, 1, 1), datetime.date(2026, 1, 4)))
    articles = []
    for n in range(draw(st.integers(1, 7))):
        sections = tuple(
            Section(f"s{k}", f"S{k}", 2, 3 + k, ids, ids=ids)
            for k, ids in enumerate(draw(st.lists(own, max_size=3)))
        )
        articles.append(
            model.Article(
                src_uri=f"p{n}.md",
                url=f"p{n}/",
                title=draw(st.sampled_from(("X", "Y"))),
                tags=draw(tags),
                date=draw(dates),
                sections=sections,
            )
        )
    return articles, hierarchical


def _merged(listed: list[str], placed: list[tuple[str | None, str]]) -> list[str]:
    """tagindex.js's `mergeSections`, in Python: each card after the page it follows."""
    out = list(listed)
    last = -1  # the place the next card goes after; -1: the list's start
    last_after: object = object()
    for after, url in placed:
        if after != last_after:
            last_after = after
            if after is None:
                last = -1
            elif after in out:
                last = out.index(after)
        out.insert(last + 1, url)
        last += 1
    return out


@settings(max_examples=200, deadline=None)
@given(sites(), st.sampled_from(("date", "title")), st.booleans())
def test_a_listing_of_pages_gets_the_sections_where_the_tag_pages_rule_puts_them(
    site: tuple[list[model.Article], bool], sort_by: model.SortBy, reverse: bool
) -> None:
    articles, hierarchical = site
    by_src = {a.src_uri: a for a in articles}
    index = index_of(articles, hierarchical, sort_by)
    for tag in index.tags:
        pages = [(a, a) for a in tag.articles if tag.key in a.tags]  # what the host lists
        sections = model.sections_saying(tag, tag.key, by_src)
        listed = [a.url for a in model.in_page_order(pages, sort_by, reverse=reverse)]
        placed = model.listed_sections(tag, by_src, sort_by, reverse=reverse)
        cards = [(after, tag.cards[i].article.url) for after, i in placed]
        assert all(tag.cards[i].article.section is not None for _, i in placed)
        expected = model.in_page_order(pages + sections, sort_by, reverse=reverse)
        assert _merged(listed, cards) == [card.url for card in expected], tag.key
