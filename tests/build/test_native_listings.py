"""The `tagindex` layout of Material's and Zensical's own tag listings (issue 27, part 3):
`<!-- material/tags { include: [grpo], layout: tagindex } -->` renders the listed pages as
tagindex cards, the same as on tagindex's tag pages, numbered per listed tag, in tagindex's
`sort_by` order; built with Material's tags plugin on MkDocs and ProperDocs (`--strict`), and
with Zensical's native tags after `tagindex init`, the HTML parsed."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from bs4 import BeautifulSoup, Tag

from mkdocs_tagindex.command.config import setup

from conftest import ROOT, Site, material_config, seed_site, write_config, write_page

ENV = {
    **os.environ,
    "PYTHONPATH": str(ROOT),
    "NO_MKDOCS_2_WARNING": "1",
    "DISABLE_MKDOCS_2_WARNING": "true",
}
BIN = Path(sys.executable).parent
LISTING = """# Reading list

<!-- material/tags { include: [grpo, rl], layout: tagindex } -->

## Plain

<!-- material/tags { include: [rl] } -->
"""


def run(project: Path, *command: str) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(
        list(command), cwd=project, env=ENV, capture_output=True, text=True, timeout=600
    )
    assert "Traceback" not in result.stderr, result.stderr[-4000:]
    assert result.returncode == 0, result.stderr[-4000:] + result.stdout[-2000:]
    return result


def native_site(project: Path, **tags_options: object) -> Path:
    """The seed's 16 articles (tags grpo, and rl on every other one), Material's tags plugin
    beside tagindex, and a page with one listing in the tagindex layout and one default."""
    config = material_config()
    plugins = config["plugins"]
    assert isinstance(plugins, list)
    plugins.insert(1, {"tags": tags_options} if tags_options else "tags")
    seed_site(project, config)
    write_page(project, "reading.md", {"title": "Reading list"}, LISTING)
    return project


def host_build(project: Path, host: str) -> Site:
    return Site(project, run(project, sys.executable, "-m", host, "build", "--strict"))


def text(node: Tag | None) -> str:
    return " ".join(node.get_text(" ").split()) if node is not None else ""


def card_rows(cards: list[Tag]) -> list[tuple[str, str, str, str]]:
    """Each card: number, meta line, title, summary."""
    return [
        (
            text(card.select_one(".tagindex-card__number")),
            text(card.select_one(".tagindex-card__meta")),
            text(card.select_one(".tagindex-card__title")),
            text(card.select_one(".tagindex-card__summary")),
        )
        for card in cards
    ]


def listed(html: BeautifulSoup, tag: str) -> list[Tag]:
    """The cards under a listing's heading for `tag` (`<h2 id="tag:grpo">`), up to the next
    heading."""
    heading = html.find(id=f"tag:{tag}")
    assert heading is not None, f"no listing heading for {tag}"
    cards = []
    for node in heading.find_all_next():
        if node.name in ("h1", "h2", "h3", "h4") and node.get("id"):
            break
        if "tagindex-card" in (node.get("class") or []):
            cards.append(node)
    return cards


def renumbered(rows: list[tuple[str, str, str, str]]) -> list[tuple[str, str, str, str]]:
    """Rows numbered from 01 in their order, as a listing numbers its tag's cards."""
    out = []
    for n, (number, meta, title, summary) in enumerate(rows, 1):
        new = f"{n:02d}"
        out.append((new, meta.replace(number, new, 1), title, summary))
    return out


@pytest.fixture(scope="module", params=["mkdocs", "properdocs"])
def built(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Site:
    project = native_site(tmp_path_factory.mktemp(f"native-{request.param}"))
    return host_build(project, str(request.param))


def test_listing_shows_the_tag_pages_cards_numbered_per_tag(built: Site) -> None:
    reading = built.html("reading/index.html")
    grpo = card_rows(listed(reading, "grpo"))
    tag_page = card_rows(built.html("tags/grpo/index.html").select(".tagindex-card"))
    assert len(grpo) == 16
    # the very cards of the tag page: number, category, member badge, type, read time, title,
    # summary, in tagindex's sort_by order (date, newest first)
    assert grpo == tag_page
    assert any("★ MEMBER" in meta for _, meta, _, _ in grpo)
    assert all("min read" in meta for _, meta, _, _ in grpo)
    rl = card_rows(listed(reading, "rl"))
    rl_page = card_rows(built.html("tags/rl/index.html").select(".tagindex-card"))
    assert [r[0] for r in rl] == [f"{n:02d}" for n in range(1, 9)]  # numbered per listed tag
    assert rl == renumbered(rl_page)
    link = reading.select_one('link[rel="stylesheet"][href$="tagindex/tagindex.css"]')
    assert link is not None  # the cards' stylesheet on that page


def test_default_layout_still_lists_links_and_chips_still_point_to_tag_pages(built: Site) -> None:
    reading = built.html("reading/index.html")
    headings = reading.select('[id="tag:rl"]')
    assert [h.name for h in headings] == ["h2", "h3"]  # the second one under "## Plain"
    default = headings[1].find_next("ul")
    assert default is not None
    titles = [text(a) for a in default.select("a")]
    assert len(titles) == 8 and not default.select(".tagindex-card")
    # Material's listing order (title) there, tagindex's (date) in the tagindex layout
    assert titles == sorted(titles)
    article = built.html("articles/a01/index.html")
    assert any("tags/grpo/" in str(a.get("href")) for a in article.select("a.md-tag"))
    assert not built.warnings()


def test_listings_layout_option_makes_it_every_listings_layout(tmp_path: Path) -> None:
    project = native_site(tmp_path, listings_layout="tagindex")
    write_page(project, "all.md", {"title": "All"}, "# All\n\n<!-- material/tags -->\n")
    site = host_build(project, "mkdocs")
    html = site.html("all/index.html")
    grpo = card_rows(listed(html, "grpo"))
    assert grpo == card_rows(site.html("tags/grpo/index.html").select(".tagindex-card"))
    assert [r[0] for r in card_rows(listed(html, "rl"))][:2] == ["01", "02"]
    assert not html.select(".md-typeset ul > li > a[href$='articles/a01/']")


def test_drafts_and_untagged_pages_stay_off_like_on_tag_pages(tmp_path: Path) -> None:
    """A page Material lists but tagindex does not (a draft outside `mkdocs serve`) is left out
    of the cards, as it is off the tag page; the listing then holds what the tag page holds."""
    project = native_site(tmp_path)
    write_page(project, "draft.md", {"title": "Draft", "tags": ["grpo"], "draft": True}, "x\n")
    site = host_build(project, "mkdocs")
    titles = [r[2] for r in card_rows(listed(site.html("reading/index.html"), "grpo"))]
    assert "Draft" not in titles and len(titles) == 16


def test_nested_tags_are_numbered_each_and_escaped(tmp_path: Path) -> None:
    """Material's `tags_hierarchy`: a parent tag's pages, then each nested tag's, each list
    numbered from 01; a hostile title is text, not markup."""
    project = tmp_path / "h"
    config = material_config(sort_by="title")
    plugins = config["plugins"]
    assert isinstance(plugins, list)
    plugins.insert(1, {"tags": {"tags_hierarchy": True}})
    write_config(project, config)
    listing = "# Home\n\n<!-- material/tags { include: [ml], layout: tagindex } -->\n"
    write_page(project, "index.md", {"title": "Home"}, listing)
    write_page(project, "zeta.md", {"title": "Zeta", "tags": ["ml"]}, "Zeta's body.\n")
    for n in (1, 2):
        meta = {"title": f"<b>T{n}</b> & co", "tags": ["ml/rl"], "summary": f"S{n}"}
        write_page(project, f"p{n}.md", meta, "Body.\n")
    site = host_build(project, "mkdocs")
    home = site.html("index.html")
    assert card_rows(listed(home, "ml")) == [("01", "01 · 1 min read", "Zeta", "Zeta's body.")]
    nested = card_rows(listed(home, "ml/rl"))
    assert [(r[0], r[2], r[3]) for r in nested] == [
        ("01", "<b>T1</b> & co", "S1"),
        ("02", "<b>T2</b> & co", "S2"),
    ]
    assert not home.select(".tagindex-card__title b")


# -- Zensical ---------------------------------------------------------------------------------


def zensical_site(project: Path) -> Path:
    native_site(project)
    write_page(
        project,
        "extra.md",
        {"title": "Untimed", "tags": ["grpo"], "date": "2026-12-02"},
        "# Untimed\n\nIts read time is computed, its summary is this paragraph.\n",
    )
    return project


def test_zensical_layout_from_front_matter(tmp_path: Path) -> None:
    project = zensical_site(tmp_path / "z")
    tagindex = (sys.executable, "-m", "mkdocs_tagindex")
    run(project, *tagindex, "init")
    layout = project / "overrides" / setup.TEMPLATE
    assert "TAGINDEX_SETTINGS" not in layout.read_text("utf-8")
    run(project, *tagindex, "build")
    run(project, str(BIN / "zensical"), "build")
    site = project / "site"
    reading = BeautifulSoup((site / "reading/index.html").read_text("utf-8"), "html.parser")
    tag_page = BeautifulSoup((site / "tags/grpo/index.html").read_text("utf-8"), "html.parser")
    grpo = card_rows(listed(reading, "grpo"))
    expected = card_rows(tag_page.select(".tagindex-card"))
    assert len(grpo) == 17 and [r[0] for r in grpo] == [f"{n:02d}" for n in range(1, 18)]
    # the newest, dated 2026-12-02, first; its read time and summary are computed by tagindex
    # from the page, which the template cannot read: left out there
    assert grpo[0][2] == "Untimed" and expected[0][2] == "Untimed"
    assert "min read" in expected[0][1] and "min read" not in grpo[0][1]
    assert grpo[0][3] == "" and expected[0][3]
    # the seed articles give read_time and summary in front matter: their cards are the same
    assert grpo[1:] == expected[1:]
    assert [r[0] for r in card_rows(listed(reading, "rl"))][:2] == ["01", "02"]
    # on tagindex's own tag page the marker that links the chips adds no list
    assert not tag_page.select("h2[id^='tag:']")
    plain = reading.select('[id="tag:rl"]')[1].find_next("ul")
    assert plain is not None and len(plain.select("a")) == 8  # the default layout as it was


def test_init_updates_a_layout_it_placed_and_keeps_an_authors_own(tmp_path: Path) -> None:
    project = tmp_path / "s"
    write_config(project, {**material_config(), "theme": {"name": "material", "custom_dir": "o"}})
    write_page(project, "index.md", {"title": "Home"}, "Home\n")
    layout = project / "o" / setup.TEMPLATE
    layout.parent.mkdir(parents=True)
    layout.write_text(setup.EARLIER_TEXTS[0], "utf-8")  # what init placed before this layout
    tagindex = (sys.executable, "-m", "mkdocs_tagindex")
    out = run(project, *tagindex, "init")
    assert f"tagindex init: updated o/{setup.TEMPLATE}" in out.stdout
    assert "tagindex-card" in layout.read_text("utf-8")
    layout.write_text("{# mine #}\n", "utf-8")
    out = run(project, *tagindex, "init")
    assert layout.read_text("utf-8") == "{# mine #}\n"
    assert "is yours" in out.stderr
