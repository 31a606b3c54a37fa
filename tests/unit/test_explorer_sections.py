"""The explorer and "narrow with…" with tagged sections (issue 41, point 4), over generated
sites: what `explorer.json` makes the script show for a choice of tags, and each "narrow
with…" count, equal what the rule says, computed here the slow way from every page and every
section: a section carries its own tags and its page's, and shows where its page does not (an
article with the tags at page level is one card). A single tag shows its tag page's cards."""

from __future__ import annotations

import itertools
import json

from hypothesis import given, settings
from hypothesis import strategies as st

from mkdocs_tagindex.core.model import cooccurrence, hierarchy
from mkdocs_tagindex.core.model import tagindex as model
from mkdocs_tagindex.core.output import explorer
from mkdocs_tagindex.core.records.sections import Section

FLAT = ("a", "b", "c", "d")
TREE = ("ml", "ml/rl", "ml/rl/grpo", "ml/sl", "math")


def _site(draw: st.DrawFn, pool: tuple[str, ...]) -> list[model.Article]:
    tags = st.lists(st.sampled_from(pool), max_size=3, unique=True).map(tuple)
    out = []
    for n in range(draw(st.integers(1, 6))):
        sections = tuple(
            Section(f"s{k}", f"S{k}", 2, 3 + k, own, ids=own)
            for k, own in enumerate(draw(st.lists(tags.filter(bool), max_size=3)))
        )
        out.append(
            model.Article(
                src_uri=f"p{n}.md", url=f"p{n}/", title=f"P{n}", tags=draw(tags), sections=sections
            )
        )
    return out


@st.composite
def sites(draw: st.DrawFn) -> tuple[list[model.Article], bool]:
    hierarchical = draw(st.booleans())
    return _site(draw, TREE if hierarchical else FLAT), hierarchical


def index_of(
    articles: list[model.Article], hierarchical: bool, sort_by: model.SortBy = "date"
) -> model.TagIndex:
    """The model of generated articles: every tag (each level, with the hierarchy) has a page."""
    keys = {k for a in articles for k in (*a.tags, *(t for s in a.sections for t in s.ids))}
    if hierarchical:
        keys = set(hierarchy.expand(keys))
    return model.build(
        articles,
        names={k: k for k in keys},
        slugs={k: k.replace("/", "-") for k in keys},
        urls={k: f"tags/{k}/" for k in keys},
        sort_by=sort_by,
        separator="/" if hierarchical else None,
    )


def _keys(tags: tuple[str, ...], hierarchical: bool) -> set[str]:
    return set(hierarchy.expand(tags)) if hierarchical else set(tags)


def _rule(
    articles: list[model.Article], hierarchical: bool, chosen: set[str], match: str
) -> tuple[set[str], set[str]]:
    """(pages, sections) a choice shows, by the rule, from every page and every section."""

    def fits(keys: set[str]) -> bool:
        return chosen <= keys if match == "all" else bool(chosen & keys)

    pages: set[str] = set()
    sections: set[str] = set()
    for page in articles:
        own = _keys(page.tags, hierarchical)
        if fits(own):
            pages.add(page.src_uri)
            continue
        for section in page.sections:
            if fits(own | _keys(section.ids, hierarchical)):
                sections.add(f"{page.src_uri}#{section.anchor}")
    return pages, sections


def _script(index: model.TagIndex, chosen: set[str], match: str) -> tuple[set[str], set[str]]:
    """What tagindex.js (tally, hits) shows from explorer.json: the same steps, in Python."""
    data = json.loads("".join(explorer.explorer_index(index, [])))
    names = explorer.slug_order(tag.slug for tag in index.tags)

    def places(gaps: list[int]) -> list[int]:
        return list(itertools.accumulate(gaps))

    lists = dict(zip(names, (places(gaps) for gaps in data["tags"]), strict=True))
    is_section = set(places(data.get("sections", [])))
    page_of: dict[int, int] = {}
    page = -1
    for place in range(data["size"]):
        if place in is_section:
            page_of[place] = page
        else:
            page = place
    counts = [0] * data["size"]
    for slug in (index.by_key[key].slug for key in chosen):
        for place in lists[slug]:
            counts[place] += 1
    for place, page in page_of.items():
        counts[place] += counts[page]
    need = len(chosen) if match == "all" else 1
    hit = {p for p in range(data["size"]) if counts[p] >= need}
    hit -= {p for p, page in page_of.items() if page in hit}
    items = index.explorer_items
    shown = {items[p].src_uri for p in hit}
    return shown - {items[p].src_uri for p in is_section}, {
        items[p].src_uri for p in hit & is_section
    }


@settings(max_examples=150, deadline=None)
@given(sites())
def test_what_the_explorer_shows_is_the_rule(site: tuple[list[model.Article], bool]) -> None:
    articles, hierarchical = site
    index = index_of(articles, hierarchical)
    keys = sorted(index.by_key)
    for size in (1, 2):
        for chosen in map(set, itertools.combinations(keys, size)):
            for match in ("all", "any"):
                assert _script(index, chosen, match) == _rule(articles, hierarchical, chosen, match)


@settings(max_examples=150, deadline=None)
@given(sites())
def test_one_tag_shows_its_tag_pages_cards(site: tuple[list[model.Article], bool]) -> None:
    articles, hierarchical = site
    index = index_of(articles, hierarchical)
    for tag in index.tags:
        pages, sections = _rule(articles, hierarchical, {tag.key}, "all")
        assert {a.src_uri for a in tag.articles} == pages
        assert {a.src_uri for a in tag.sections} == sections


@settings(max_examples=150, deadline=None)
@given(sites())
def test_each_narrow_with_count_is_what_the_explorer_shows(
    site: tuple[list[model.Article], bool],
) -> None:
    articles, hierarchical = site
    index = index_of(articles, hierarchical)
    found = cooccurrence.narrowings(index, limit=len(index.tags))
    for tag in index.tags:
        counted = {n.tag.key: (n.shared, n.sections) for n in found[tag.key]}
        expected = {}
        for other in index.tags:
            related = hierarchical and (
                other.key in hierarchy.lineage(tag.key) or tag.key in hierarchy.lineage(other.key)
            )
            if other.key == tag.key or related:
                continue
            pages, sections = _rule(articles, hierarchical, {tag.key, other.key}, "all")
            if pages or sections:
                expected[other.key] = (len(pages), len(sections))
        assert counted == expected


def test_a_site_without_tagged_sections_has_no_sections_field() -> None:
    articles = [
        model.Article(src_uri="a.md", url="a/", title="A", tags=("x",)),
        model.Article(src_uri="b.md", url="b/", title="B", tags=("x", "y")),
    ]
    index = index_of(articles, False)
    data = json.loads("".join(explorer.explorer_index(index, [])))
    assert "sections" not in data and data["size"] == 2
    assert index.explorer_items == index.articles


def test_a_section_whose_tags_its_page_has_is_no_item() -> None:
    both = Section("m", "Method", 2, 5, ("x",), ids=("x",))
    adds = Section("n", "Notes", 2, 9, ("y",), ids=("y",))
    page = model.Article(src_uri="a.md", url="a/", title="A", tags=("x",), sections=(both, adds))
    index = index_of([page], False)
    assert [item.src_uri for item in index.explorer_items] == ["a.md", "a.md#n"]
    data = json.loads("".join(explorer.explorer_index(index, [])))
    assert data["sections"] == [1] and data["size"] == 2
