"""Templates as a site author overrides them, and which assets each page links.

Every documented block is overridden on its own, the way the README shows it: a file in the
site's custom_dir with `{% extends "tagindex/_base/<name>.html" %}` and that one block. Each test
builds a real site with `--strict` and checks three things in the HTML: the block's own output is
gone, the override is there with the context the block promises (a probe expression rendered
inside the override), and the block's neighbours are still there.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from conftest import (
    ROOT,
    Site,
    build,
    explorer_cards,
    material_config,
    run_mkdocs,
    write_config,
    write_page,
)

TEMPLATES = ROOT / "theme_overrides" / "tagindex"
MARK = "tagindex-test-override"


def template_site(project: Path, overrides: dict[str, str], **options: object) -> Path:
    """Three articles; tag `x` on all three (2 pages of 2), tag `y` on two (one page, with the
    audience switch and a type filter); a tags file gives `y` a description."""
    plugin: dict[str, object] = {
        "per_page": 2,
        "audiences": {"students": "Students", "pros": "Professionals"},
        "filters": ["type"],
        "tags_file": "tags.yml",
        **options,
    }
    config = material_config(**plugin)
    config["theme"] = {"name": "material", "custom_dir": "overrides"}
    write_config(project, config)
    (project / "tags.yml").write_text("x: {name: X}\ny: {name: Y, description: About y.}\n")
    write_page(project, "index.md", {"title": "Home"}, "Home.\n")
    articles = {
        "a": {"type": "paper", "member": True, "audience": ["students"], "read_time": 3},
        "b": {"type": "news", "audience": ["pros"]},
        "c": {},
    }
    for name, extra in articles.items():
        tags = ["x"] if name == "c" else ["x", "y"]
        meta = {"title": name.upper(), "summary": f"Summary of {name.upper()}.", "tags": tags}
        write_page(project, f"{name}.md", {**meta, **extra}, f"Body of {name}.\n")
    write_page(project, "list.md", {"title": "List"}, "# List\n\n<!-- tagindex { tags: [y] } -->\n")
    (project / "overrides").mkdir(exist_ok=True)
    for rel, text in overrides.items():
        path = project / "overrides" / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, "utf-8")
    return project


@dataclass(frozen=True)
class Block:
    template: str
    name: str
    page: str
    own: str
    """A selector for what the block draws by default: gone once it is overridden."""
    neighbours: tuple[str, ...]
    """Selectors for what sits around the block: still there."""
    probe: str
    """A Jinja expression of the context the block is documented to have…"""
    expected: tuple[str, ...]
    """…and what it renders to in each override on the page, in order."""
    element: str = "div"


Y, X1, X2 = "tags/y/index.html", "tags/x/index.html", "tags/x/page/2/index.html"
Y2 = "tags/y/page/2/index.html"  # the third card of y, with two a page
INDEX, ARTICLE = "tags/index.html", "a/index.html"
CARDS = "ol.tagindex-cards > li.tagindex-card"
AUDIENCE, TYPE = '[data-tagindex-facet="audience"]', '[data-tagindex-facet="type"]'
RESULTS = "[data-tagindex-results]"  # its cards come in pieces (`explorer.json`)

BLOCKS = [
    # tagindex/tag.html
    Block("tag.html", "tagindex_header", Y, "header.tagindex-header",
          (CARDS, ".tagindex-footer a", TYPE), "tagindex.tag.name", ("Y",)),
    Block("tag.html", "tagindex_heading", Y, "h1.tagindex-heading",
          (".tagindex-description", ".tagindex-count", AUDIENCE, CARDS),
          'tagindex.labels.t("tag_heading", name=tagindex.tag.name)', ("#Y",)),
    Block("tag.html", "tagindex_description", Y, ".tagindex-description",
          ("h1.tagindex-heading", ".tagindex-count"), "tagindex.tag.description", ("About y.",)),
    Block("tag.html", "tagindex_feed", Y, "[data-tagindex-feed]",
          ("h1.tagindex-heading", ".tagindex-count", CARDS), "tagindex.head.rss",
          ("tags/y/feed.xml",)),
    Block("head.html", "tagindex_head", Y, 'link[rel="alternate"][type="application/rss+xml"]',
          (CARDS, 'link[href*="assets/stylesheets/main."]'),
          "tagindex.head.json_feed", ("tags/y/feed.json",), element="meta"),
    Block("tag.html", "tagindex_count", Y, ".tagindex-count",
          ("h1.tagindex-heading", ".tagindex-description", CARDS), "tagindex.tag.count", ("2",)),
    Block("tag.html", "tagindex_narrow", Y, "nav.tagindex-narrow",
          ("h1.tagindex-heading", CARDS, TYPE),
          'tagindex.narrow_with | map(attribute="tag.name") | join(",") ~ ":" ~ '
          'tagindex.narrow_with[0].shared ~ tagindex.narrow_with[0].query',
          ("X:2?t=y+x&match=all",)),
    Block("tag.html", "tagindex_toolbar", Y, TYPE, (AUDIENCE, CARDS, "h1.tagindex-heading"),
          'tagindex.filters | join(",")', ("type",)),
    Block("tag.html", "tagindex_cards", Y, "ol.tagindex-cards",
          ("h1.tagindex-heading", ".tagindex-footer a", TYPE),
          'tagindex.cards | map(attribute="number") | join(",")', ("01,02",)),
    Block("tag.html", "tagindex_pagination", X1, "nav.tagindex-pagination",
          (CARDS, ".tagindex-footer a", "h1.tagindex-heading"),
          'tagindex.pagination.number ~ "/" ~ tagindex.pagination.count', ("1/2",)),
    Block("tag.html", "tagindex_footer", Y, ".tagindex-footer",
          (CARDS, "h1.tagindex-heading"), "tagindex.index_url", ("tags/",)),
    # tagindex/card.html
    Block("card.html", "tagindex_card_meta", Y, ".tagindex-card__meta",
          (".tagindex-card__title a", ".tagindex-card__summary"),
          'card.number ~ " " ~ card.article.type', ("01 paper", "02 news")),
    Block("card.html", "tagindex_card_title", Y, ".tagindex-card__title",
          (".tagindex-card__meta", ".tagindex-card__summary"), "card.article.title", ("A", "B")),
    Block("card.html", "tagindex_card_summary", Y, ".tagindex-card__summary",
          (".tagindex-card__meta", ".tagindex-card__title a"), "card.article.summary",
          ("Summary of A.", "Summary of B.")),
    # tagindex/tags.html
    Block("tags.html", "tagindex_index_header", INDEX, "header.tagindex-header",
          ("ul.tagindex-index li.tagindex-index__item",), "tagindex.index.tags | length", ("2",)),
    Block("tags.html", "tagindex_index_heading", INDEX, "h1.tagindex-heading",
          (".tagindex-count", AUDIENCE, "li.tagindex-index__item"),
          'tagindex.labels.t("all_tags")', ("All tags",)),
    Block("tags.html", "tagindex_index_count", INDEX, ".tagindex-count",
          ("h1.tagindex-heading", "li.tagindex-index__item"), "tagindex.index.article_count",
          ("3",)),
    Block("tags.html", "tagindex_index_list", INDEX, "ul.tagindex-index",
          ("h1.tagindex-heading", ".tagindex-count"),
          'tagindex.index.tags | map(attribute="name") | join(",")', ("X,Y",)),
    Block("tags.html", "tagindex_index_item", INDEX, "li.tagindex-index__item",
          ("ul.tagindex-index", "h1.tagindex-heading"), 'tag.name ~ ":" ~ tag.count',
          ("X:3", "Y:2")),
    Block("tags.html", "tagindex_explorer", INDEX, "section.tagindex-explorer",
          ("h1.tagindex-heading", "li.tagindex-index__item"), "tagindex.explorer", ("True",)),
    # tagindex/explorer.html, inside the all-tags page
    Block("explorer.html", "tagindex_explorer_heading", INDEX, "h2.tagindex-explorer__heading",
          ("[data-tagindex-find]", RESULTS), 'tagindex.labels.t("explorer")', ("Combine tags",)),
    Block("explorer.html", "tagindex_explorer_controls", INDEX, "[data-tagindex-find]",
          ("h2.tagindex-explorer__heading", RESULTS), 'tagindex.labels.t("explorer_any")',
          ("any of these tags",)),
    Block("explorer.html", "tagindex_explorer_filters", INDEX, f".tagindex-explorer {TYPE}",
          ("[data-tagindex-find]", RESULTS), 'tagindex.index.types | join(",")', ("news,paper",)),
    Block("explorer.html", "tagindex_explorer_results", INDEX, "[data-tagindex-results]",
          ("[data-tagindex-find]", f".tagindex-explorer {TYPE}"),
          'tagindex.index.explorer_cards | map(attribute="number") | join(",")', ("",)),
    Block("explorer.html", "tagindex_explorer_templates", INDEX, "[data-tagindex-pick-template]",
          ("[data-tagindex-find]", RESULTS), 'tagindex.labels.t("explorer_pick", name="x")',
          ("Add x to the combination",)),
    # the parts they include
    Block("audience.html", "tagindex_audience", Y, AUDIENCE, (TYPE, "h1.tagindex-heading", CARDS),
          'tagindex.audiences | map("first") | join(",")', ("pros,students",)),
    Block("filters.html", "tagindex_filters", Y, TYPE, (AUDIENCE, CARDS),
          'tagindex.tag.types | join(",")', ("news,paper",)),
    Block("pagination.html", "tagindex_pagination_previous", X2, "a.tagindex-pagination__previous",
          (".tagindex-pagination__pages", CARDS), "tagindex.pagination.previous_url",
          ("tags/x/",)),
    Block("pagination.html", "tagindex_pagination_pages", X1, ".tagindex-pagination__pages",
          ("a.tagindex-pagination__next", CARDS), "tagindex.pagination.urls | length", ("2",)),
    Block("pagination.html", "tagindex_pagination_next", X1, "a.tagindex-pagination__next",
          (".tagindex-pagination__pages", CARDS), "tagindex.pagination.next_url",
          ("tags/x/page/2/",)),
    Block("article-meta.html", "tagindex_article_meta", ARTICLE, ".tagindex-article-meta",
          ("nav.md-tags a.md-tag", 'link[href$="assets/tagindex/tagindex.css"]'),
          "tagindex.article.read_time", ("3",)),
    Block("listing.html", "tagindex_listing", "list/index.html", '[data-tagindex="listing"]',
          ("article h1", 'link[href$="assets/tagindex/tagindex.css"]'),
          'tagindex.cards | map(attribute="number") | join(",")', ("01,02",)),
    Block("related.html", "tagindex_related", ARTICLE, '[data-tagindex="related"]',
          ("nav.md-tags a.md-tag", ".tagindex-article-meta"),
          'tagindex.related | map(attribute="title") | join(",")', ("B,C",)),
    Block("styles.html", "tagindex_styles", Y, 'link[href$="assets/tagindex/tagindex.css"]',
          ('link[href*="assets/stylesheets/main."]', CARDS),
          "config.theme.tagindex_assets.stylesheets(tagindex) | length", ("2",), element="meta"),
    Block("script.html", "tagindex_script", Y, 'script[src$="assets/tagindex/tagindex.js"]',
          ('script[src*="assets/javascripts/bundle."]', CARDS),
          "config.theme.tagindex_assets.scripts(tagindex) | length", ("1",)),
]  # fmt: skip


def override(block: Block) -> str:
    probe = "{{ (" + block.probe + ") | e }}"
    if block.element == "meta":
        body = f'<meta class="{MARK}" data-block="{block.name}" content="{probe}">'
    else:
        body = f'<div class="{MARK}" data-block="{block.name}">{probe}</div>'
    return (
        f'{{% extends "tagindex/_base/{block.template}" %}}\n'
        f"{{% block {block.name} %}}{body}{{% endblock %}}\n"
    )


@pytest.mark.parametrize("block", BLOCKS, ids=[b.name for b in BLOCKS])
def test_one_block_overridden_keeps_the_rest(project: Path, block: Block) -> None:
    template_site(project, {f"tagindex/{block.template}": override(block)})
    site = build(project, "--strict")
    assert site.warnings() == []
    page = site.html(block.page)
    found = page.select(f".{MARK}")
    assert [el.get("data-block") for el in found] == [block.name] * len(block.expected)
    shown = [str(el.get("content")) if block.element == "meta" else el.get_text() for el in found]
    assert shown == list(block.expected)
    assert page.select(block.own) == [], f"{block.name}: the block's own output is still there"
    for selector in block.neighbours:
        assert page.select(selector), f"{block.name}: its neighbour {selector} is gone"


HIERARCHY_BLOCKS = [
    Block("tag.html", "tagindex_breadcrumbs", "tags/x/z/index.html", "nav.tagindex-breadcrumbs",
          ("h1.tagindex-heading", CARDS),
          "tagindex.breadcrumbs | map(attribute='name') | join('>')", ("X",)),
    Block("tag.html", "tagindex_children", "tags/x/index.html", "ul.tagindex-children",
          ("h1.tagindex-heading", CARDS),
          "tagindex.children | map(attribute='name') | join(',')", ("Z",)),
]  # fmt: skip
"""Blocks that draw only with `hierarchy: true`: built on the same site with a level below x."""


@pytest.mark.parametrize("block", HIERARCHY_BLOCKS, ids=[b.name for b in HIERARCHY_BLOCKS])
def test_a_hierarchy_block_overridden_keeps_the_rest(project: Path, block: Block) -> None:
    template_site(project, {f"tagindex/{block.template}": override(block)}, hierarchy=True)
    (project / "tags.yml").write_text(
        "x: {name: X}\nx/z: {name: Z}\ny: {name: Y, description: About y.}\n"
    )
    meta = {"title": "D", "summary": "Summary of D.", "tags": ["x/z"]}
    write_page(project, "d.md", meta, "Body of d.\n")
    site = build(project, "--strict")
    assert site.warnings() == []
    page = site.html(block.page)
    found = page.select(f".{MARK}")
    assert [el.get("data-block") for el in found] == [block.name]
    assert [el.get_text() for el in found] == list(block.expected)
    assert page.select(block.own) == [], f"{block.name}: the block's own output is still there"
    for selector in block.neighbours:
        assert page.select(selector), f"{block.name}: its neighbour {selector} is gone"


def test_the_explorers_pieces_render_the_overrides_as_the_page_would(project: Path) -> None:
    """The explorer's cards are not in the all-tags page but in pieces, rendered with its
    context: an override of the results block and of card.html renders there as it would in
    the page (the page itself holds no card)."""
    results = (
        '{% extends "tagindex/_base/explorer.html" %}\n'
        "{% block tagindex_explorer_results %}<ol data-tagindex-results>"
        "{% for card in tagindex.index.explorer_cards %}"
        '<li data-tagindex-number="{{ card.number }}" class="mine">'
        '{{ card.article.title }} @ {{ "x/" | url }}</li>{% endfor %}'
        "</ol>{% endblock %}\n"
    )
    template_site(project, {"tagindex/explorer.html": results})
    site = build(project, "--strict")
    assert site.warnings() == []
    assert site.html(INDEX).select("li.mine") == []
    cards = explorer_cards(site.dir / "tags")
    assert [c.get_text() for c in cards] == ["A @ ../x/", "B @ ../x/", "C @ ../x/"]  # type: ignore[attr-defined]


def test_super_keeps_the_block_and_adds_to_it(project: Path) -> None:
    """The README's example: a date above each summary, our summary kept with super()."""
    text = (
        '{% extends "tagindex/_base/card.html" %}\n'
        "{% block tagindex_card_summary %}"
        '<p class="my-date">{{ card.article.title }} of {{ tagindex.tag.name }}</p>'
        "{{ super() }}{% endblock %}\n"
    )
    template_site(project, {"tagindex/card.html": text})
    page = build(project, "--strict").html(Y)
    cards = page.select(CARDS)
    assert [c.select_one(".my-date").get_text() for c in cards] == ["A of Y", "B of Y"]  # type: ignore[union-attr]
    summaries = [c.select_one(".tagindex-card__summary").get_text() for c in cards]  # type: ignore[union-attr]
    assert summaries == ["Summary of A.", "Summary of B."]


SECTION_BLOCKS = [
    Block("section-tags.html", "tagindex_section_tags", "d/index.html", "div.tagindex-section-tags",
          ("nav.md-tags a.md-tag", "h2#part"),
          'section ~ ":" ~ (tags | map(attribute="slug") | join(","))', ("part:y",)),
    Block("card.html", "tagindex_card_sections", Y2, "ul.tagindex-card__sections",
          (".tagindex-card__summary", ".tagindex-card__title a"),
          'card.article.title ~ ":" ~ card.article.sections | map(attribute="anchor") | join(",")',
          ("D:part",)),
]  # fmt: skip
"""Blocks that draw only under a tagged heading (issue 41): a page with one, on the same site."""


@pytest.mark.parametrize("block", SECTION_BLOCKS, ids=[b.name for b in SECTION_BLOCKS])
def test_a_section_block_overridden_keeps_the_rest(project: Path, block: Block) -> None:
    template_site(project, {f"tagindex/{block.template}": override(block)})
    # D has y itself and in a section: chips under the heading, one card listing the section
    meta = {"title": "D", "summary": "Summary of D.", "tags": ["x", "y"]}
    write_page(project, "d.md", meta, "# D\n\n## Part\n<!-- tags: y -->\n\nText of the part.\n")
    site = build(project, "--strict")
    assert site.warnings() == []
    page = site.html(block.page)
    found = page.select(f".{MARK}")
    assert [el.get_text() for el in found] == list(block.expected)
    assert page.select(block.own) == [], f"{block.name}: the block's own output is still there"
    for selector in block.neighbours:
        assert page.select(selector), f"{block.name}: its neighbour {selector} is gone"


def test_every_documented_block_has_an_override_test() -> None:
    """The blocks each _base template lists in its header are the blocks it has, and each is
    in BLOCKS above (search.html's and base.html's have tests of their own below)."""
    tested = {(b.template, b.name) for b in [*BLOCKS, *HIERARCHY_BLOCKS, *SECTION_BLOCKS]}
    tested |= {("search.html", "tagindex_search_tag"), ("search.html", "tagindex_search_index")}
    seen = set()
    for path in sorted((TEMPLATES / "_base").glob("*.html")):
        text = path.read_text("utf-8")
        defined = set(re.findall(r"{%-?\s*block\s+(tagindex_\w+)", text))
        header = text.split("-#}", 1)[0]
        listed = set(re.findall(r"\btagindex_\w+", header.split("Block", 1)[-1]))
        assert defined == listed, f"{path.name}: blocks {defined} but the header lists {listed}"
        seen |= {(path.name, name) for name in defined}
    assert seen == tested


def test_public_templates_extend_their_base_and_base_templates_list_their_context() -> None:
    bases = sorted(p.name for p in (TEMPLATES / "_base").glob("*.html"))
    publics = sorted(p.name for p in TEMPLATES.glob("*.html"))
    assert bases == publics
    for name in publics:
        lines = [
            line
            for line in (TEMPLATES / name).read_text("utf-8").splitlines()
            if not line.startswith("{#")
        ]
        assert lines == [f'{{% extends "tagindex/_base/{name}" %}}'], name
        base = (TEMPLATES / "_base" / name).read_text("utf-8")
        assert base.startswith("{#-") and "Context" in base.split("-#}", 1)[0], name
        # Includes go through the public names, so an override of a part is picked up.
        code = base.split("-#}", 1)[1]
        assert re.findall(r'(?:include|extends)\s+"tagindex/_base/', code) == [], name


def search_entries(site: Site) -> dict[str, str]:
    index = json.loads((site.dir / "search/search_index.json").read_text("utf-8"))
    return {doc["location"]: doc["text"] for doc in index["docs"]}


def test_search_blocks_change_what_the_search_index_gets(project: Path) -> None:
    text = (
        '{% extends "tagindex/_base/search.html" %}\n'
        "{% block tagindex_search_tag %}<p>tag {{ tagindex.tag.name }} of "
        "{{ tagindex.tag.count }}</p>{% endblock %}\n"
    )
    template_site(project, {"tagindex/search.html": text})
    entries = search_entries(build(project, "--strict"))
    assert "tag Y of 2" in entries["tags/y/"]
    assert "#Y" not in entries["tags/y/"], "the block's own heading is still indexed"
    assert "X, Y" in entries["tags/"], "the other block (the all-tags page) changed too"

    text = (
        '{% extends "tagindex/_base/search.html" %}\n'
        "{% block tagindex_search_index %}<p>{{ tagindex.index.tags | length }} tags</p>"
        "{% endblock %}\n"
    )
    template_site(project, {"tagindex/search.html": text})
    entries = search_entries(build(project, "--strict"))
    assert "2 tags" in entries["tags/"] and "X, Y" not in entries["tags/"]
    assert "About y." in entries["tags/y/"]


def test_a_base_override_reaches_every_generated_page_and_no_article(project: Path) -> None:
    text = (
        '{% extends "tagindex/_base/base.html" %}\n'
        '{% block extrahead %}{{ super() }}<meta name="generated-by" content="tagindex">'
        "{% endblock %}\n"
    )
    template_site(project, {"tagindex/base.html": text})
    site = build(project, "--strict")
    for rel in (Y, X1, X2, INDEX):
        page = site.html(rel)
        assert page.select('head meta[name="generated-by"]'), rel
        assert page.select('head link[href$="assets/tagindex/tagindex.css"]'), rel
        assert page.select("nav.md-nav--primary"), rel  # the reused site_nav block
    assert site.html(ARTICLE).select('meta[name="generated-by"]') == []


@pytest.mark.parametrize(
    ("extends", "why"),
    [("tagindex/card.html", "this file again"), ("tagindex-theme/tagindex/card.html", "not")],
)
def test_an_override_extending_its_own_name_stops_with_a_clear_error(
    project: Path, extends: str, why: str
) -> None:
    text = f'{{% extends "{extends}" %}}{{% block tagindex_card_title %}}x{{% endblock %}}\n'
    template_site(project, {"tagindex/card.html": text})
    result = run_mkdocs(project, "--strict")
    assert result.returncode != 0
    assert "Traceback" not in result.stderr and "RecursionError" not in result.stderr
    assert "overrides/tagindex/card.html" in result.stderr
    assert f"extends '{extends}'" in result.stderr and why in result.stderr
    assert "extend 'tagindex/_base/card.html' instead" in result.stderr


# -- stylesheets and script: only on pages that use them ----------------------------------------


def ours(page: BeautifulSoup) -> dict[str, list[str]]:
    """The plugin's assets a page links, where: head stylesheets, body stylesheets, scripts."""

    def names(elements: list[object]) -> list[str]:
        out = []
        for el in elements:
            url = str(el.get("href") or el.get("src"))  # type: ignore[attr-defined]
            if "assets/tagindex/" in url:
                out.append(url.rsplit("/", 1)[-1])
        return out

    head, body = page.head, page.body
    assert head is not None and body is not None
    return {
        "head": names(head.select("link[rel=stylesheet]")),
        "body": names(body.select("link[rel=stylesheet]")),
        "script": names(page.select("script[src]")),
    }


FULL = {"head": ["tagindex.css", "tagindex-filters.css"], "body": [], "script": ["tagindex.js"]}
STYLE = {"head": ["tagindex.css"], "body": [], "script": []}
ARTICLE_STYLE = {"head": [], "body": ["tagindex.css"], "script": []}
NOTHING: dict[str, list[str]] = {"head": [], "body": [], "script": []}
EXPLORING = {**FULL, "script": ["tagindex.js", "tagindex-explorer.js"]}
"""The all-tags page with its explorer: the toolbar's script and the explorer's, in that order."""


def test_each_page_links_only_the_assets_it_uses(project: Path) -> None:
    template_site(project, {})
    config = (project / "mkdocs.yml").read_text("utf-8")
    (project / "mkdocs.yml").write_text(config + "extra_css: [site.css]\n", "utf-8")
    (project / "docs/site.css").write_text("body {}\n")
    site = build(project, "--strict")
    assert ours(site.html("index.html")) == NOTHING  # no tags on the home page
    assert ours(site.html(Y)) == FULL  # audience switch and filters
    assert ours(site.html(INDEX)) == EXPLORING  # audience switch and explorer
    assert ours(site.html(X1)) == FULL  # split into pages: toolbars too (tags.json)
    assert ours(site.html(X2)) == FULL
    assert ours(site.html(ARTICLE)) == ARTICLE_STYLE  # the meta line under the chips
    # The site's own extra_css is untouched, and comes after ours in the head.
    head = site.html(Y).head
    assert head is not None
    sheets = [str(link["href"]) for link in head.select("link[rel=stylesheet]")]
    assert [s.rsplit("/", 1)[-1] for s in sheets if "site.css" in s] == ["site.css"]
    assert max(i for i, s in enumerate(sheets) if "tagindex" in s) < sheets.index(
        next(s for s in sheets if s.endswith("site.css"))
    )
    assert "tagindex" not in str(site.html("index.html").select("head"))


def test_without_audiences_or_filters_no_page_gets_the_script(project: Path) -> None:
    template_site(project, {}, audiences={}, filters=[], explorer=False)
    site = build(project, "--strict")
    for rel in (Y, X1, INDEX):
        assert ours(site.html(rel)) == STYLE, rel
    assert ours(site.html(ARTICLE)) == ARTICLE_STYLE
    assert site.html(INDEX).select("[data-tagindex-explorer]") == []


def test_the_explorer_alone_brings_its_scripts_to_the_all_tags_page(project: Path) -> None:
    template_site(project, {}, audiences={}, filters=[])
    site = build(project, "--strict")
    assert ours(site.html(INDEX)) == EXPLORING
    for rel in (Y, X1):
        assert ours(site.html(rel)) == STYLE, rel


def test_article_pages_without_the_meta_line_load_nothing(project: Path) -> None:
    template_site(project, {}, read_time={"on_article": False}, related={"enabled": False})
    site = build(project, "--strict")
    assert ours(site.html(ARTICLE)) == NOTHING
    assert site.html(ARTICLE).select("nav.md-tags a.md-tag")  # the chips stay


def test_related_articles_alone_link_the_stylesheet_once(project: Path) -> None:
    template_site(project, {}, read_time={"on_article": False})
    site = build(project, "--strict")
    assert ours(site.html(ARTICLE)) == ARTICLE_STYLE
    assert site.html(ARTICLE).select('[data-tagindex="related"] a')


@pytest.mark.parametrize("theme", ["mkdocs", "readthedocs"])
def test_mkdocs_own_themes_get_the_basic_stylesheet(project: Path, theme: str) -> None:
    template_site(project, {})
    config = (project / "mkdocs.yml").read_text("utf-8")
    config = re.sub(r"theme:\n(  .*\n)+", f"theme:\n  name: {theme}\n", config)
    (project / "mkdocs.yml").write_text(config, "utf-8")
    site = build(project, "--strict")
    assert "not one the plugin is styled for" not in site.log
    basic = {"head": ["tagindex-basic.css"], "body": [], "script": ["tagindex.js"]}
    assert ours(site.html(Y)) == basic
    assert ours(site.html(X1)) == basic
    assert ours(site.html(ARTICLE)) == NOTHING  # no tags partial in these themes
    assert len(site.html(Y).select(CARDS)) == 2


def test_another_theme_gets_the_basic_stylesheet_and_one_info_line(project: Path) -> None:
    template_site(project, {})
    config = (project / "mkdocs.yml").read_text("utf-8")
    config = re.sub(r"theme:\n(  .*\n)+", "theme:\n  name: null\n  custom_dir: mytheme\n", config)
    (project / "mkdocs.yml").write_text(config, "utf-8")
    theme = project / "mytheme"
    theme.mkdir()
    (theme / "main.html").write_text(
        "<!doctype html><html><head>{% block libs %}{% endblock %}</head>"
        "<body>{% block content %}{{ page.content }}{% endblock %}</body></html>\n"
    )
    site = build(project, "--strict")
    lines = [line for line in site.log.splitlines() if "not one the plugin is styled for" in line]
    assert len(lines) == 1 and lines[0].startswith("INFO"), site.log
    assert "basic stylesheet" in lines[0]
    assert ours(site.html(Y))["head"] == ["tagindex-basic.css"]
