"""Real-site shapes (issue 33, point 5): each site of `tests/fixtures/shapes/` built with both
hosts, `mkdocs build --strict` and `tagindex init` + `tagindex build` + Zensical, and compared:
the tag pages, every tag page's cards, and where every chip (`a.md-tag`) links.

The shapes are what public sites carry and our own fixtures did not: a `main.html` override
(`override`), the site's own `<!-- material/tags -->` listing at `tags.md` with tagindex in
`topics/` (`own-listing`), Material's blog with code-heavy posts (`blog`), translated tags with
static-i18n's suffix layout and a page missing in Japanese (`i18n`), and a hook that changes page
text (`hooks`). Each site is built once per host and shared (`shapes`, module scope). They have
no goldens: tests/build/goldens.py names its sites one by one and does not walk `fixtures/`.

Every test here first failed on the command of before issue 33 (the main.html crash, the
tags.md clash, chips that went to the site's listing, blog read times) and passes since.
"""

from __future__ import annotations

import re
import shutil
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urljoin

import pytest
import yaml
from bs4 import BeautifulSoup
from publishedset import check_site
from test_zensical import cards, on_zensical, tag_pages, tagindex

from conftest import FIXTURES, build

SHAPES = FIXTURES / "shapes"
NAMES = sorted(p.name for p in SHAPES.iterdir() if (p / "mkdocs.yml").is_file())
TAGS_DIR = {"own-listing": "topics"}
LANGUAGES = {"i18n": ("", "ja/")}
HOOK_TEXT = "Appended by the site's hook."
READ_TIME = re.compile(r"(\d+) min read")


class ZensicalBuildFailed(AssertionError):
    """`tagindex init`, `tagindex build` or Zensical failed on the shape (the log is the text)."""


class FrameCrash(ZensicalBuildFailed):
    """The failure is the known one: the site's `main.html` replaced the command's frame."""


@dataclass
class Built:
    """One shape built by both hosts: MkDocs' `site/`, and Zensical's or why it failed."""

    name: str
    mkdocs: Path
    zensical_dir: Path | None
    zensical_error: str

    @property
    def zensical(self) -> Path:
        if self.zensical_dir is None:
            known = "TemplateNotFound: base.html" in self.zensical_error
            raise (FrameCrash if known else ZensicalBuildFailed)(self.zensical_error)
        return self.zensical_dir

    @property
    def tag_dirs(self) -> list[str]:
        tags_dir = TAGS_DIR.get(self.name, "tags")
        return [lang + tags_dir for lang in LANGUAGES.get(self.name, ("",))]


class Shapes:
    """Builds each shape on first use, once per module, so `-k blog` builds only the blog."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.built: dict[str, Built] = {}

    def __getitem__(self, name: str) -> Built:
        if name not in self.built:
            project = self.root / name / "project"
            shutil.copytree(SHAPES / name, project)
            mk = build(project, "--strict")
            try:
                zen: Path | None = on_zensical(project, i18n=name in LANGUAGES)
                error = ""
            except AssertionError as failed:
                zen, error = None, str(failed)
            self.built[name] = Built(name, mk.dir, zen, error)
        return self.built[name]


@pytest.fixture(scope="module")
def shapes(tmp_path_factory: pytest.TempPathFactory) -> Shapes:
    return Shapes(tmp_path_factory.mktemp("shapes"))


def all_tag_pages(built: Built, site: Path) -> list[str]:
    return [rel for tags_dir in built.tag_dirs for rel in tag_pages(site, tags_dir)]


def html(site: Path, rel: str) -> BeautifulSoup:
    return BeautifulSoup((site / rel).read_text("utf-8"), "html.parser")


def heading(site: Path, rel: str) -> str:
    found = html(site, rel).select_one("h1")
    return " ".join(found.get_text(" ").split()) if found else ""


def chips(site: Path) -> dict[str, list[str]]:
    """Each page's chips, as the absolute URL each links to, sorted (Zensical sorts chips by
    name, MkDocs keeps the front matter's order). Exact: the chip partial `init` places links
    without the `#tag:` anchor Zensical's own chips carry."""
    out = {}
    for path in sorted(site.rglob("*.html")):
        rel = path.relative_to(site).as_posix()
        base = "https://x/" + rel.removesuffix("index.html")
        links = [urljoin(base, str(a.get("href"))) for a in html(site, rel).select("a.md-tag")]
        if links:
            out[rel] = sorted(links)
    return out


def shape_params(**marks: pytest.MarkDecorator) -> list[object]:
    return [pytest.param(name, marks=marks.get(name, ()), id=name) for name in NAMES]


def test_every_shape_is_here() -> None:
    assert NAMES == ["blog", "hooks", "i18n", "override", "own-listing"]


@pytest.mark.parametrize("name", shape_params())
def test_tag_pages_match(shapes: Shapes, name: str) -> None:
    built = shapes[name]
    pages = all_tag_pages(built, built.mkdocs)
    assert len(pages) >= 3 * len(built.tag_dirs), pages  # the all-tags page and 2+ tags
    assert all_tag_pages(built, built.zensical) == pages
    for rel in pages:
        assert heading(built.zensical, rel) == heading(built.mkdocs, rel), rel


def comparable(card: tuple[str, ...], name: str) -> tuple[str, ...]:
    """A blog card without its read time: each host's is its own blog's (test_blog_read_time)."""
    if name != "blog":
        return card
    number, title, link, meta, summary = card
    return number, title, link, READ_TIME.sub("N min read", meta), summary


@pytest.mark.parametrize("name", shape_params())
def test_cards_match(shapes: Shapes, name: str) -> None:
    built = shapes[name]
    seen = 0
    for rel in all_tag_pages(built, built.mkdocs):
        mk = [comparable(card, name) for card in cards(built.mkdocs, rel)]
        assert [comparable(card, name) for card in cards(built.zensical, rel)] == mk, rel
        seen += len(mk)
    assert seen >= 4


@pytest.mark.parametrize("host", ["mkdocs", "zensical"])
@pytest.mark.parametrize("name", shape_params())
def test_every_link_resolves_and_every_published_tagged_page_is_listed(
    shapes: Shapes, name: str, host: str
) -> None:
    """The published set's invariant (tests/publishedset.py, issue 39) on each shape."""
    built = shapes[name]
    site = built.mkdocs if host == "mkdocs" else built.zensical
    check_site(site.parent, site)


@pytest.mark.parametrize("name", shape_params())
def test_chips_link_to_the_tag_pages(shapes: Shapes, name: str) -> None:
    built = shapes[name]
    mk = chips(built.mkdocs)
    assert len(mk) >= 3, mk
    pages = {
        "https://x/" + rel.removesuffix("index.html") for rel in all_tag_pages(built, built.mkdocs)
    }
    for rel, links in mk.items():
        assert set(links) <= pages, (rel, links)
    assert chips(built.zensical) == mk


@pytest.mark.parametrize("host", ["mkdocs", "zensical"])
def test_blog_read_time_is_the_one_the_blog_shows(shapes: Shapes, host: str) -> None:
    built = shapes["blog"]
    site = built.mkdocs if host == "mkdocs" else built.zensical
    seen = 0
    for rel in tag_pages(site, "tags"):
        for _, title, link, meta, _ in cards(site, rel):
            post = html(site, link.removeprefix("https://x/") + "index.html")
            shown = {
                span.get_text(strip=True)
                for span in post.select(".md-sidebar span.md-ellipsis")
                if READ_TIME.fullmatch(span.get_text(strip=True))
            }
            on_card = READ_TIME.search(meta)
            assert len(shown) == 1 and on_card, (title, shown, meta)
            assert on_card.group(0) == shown.pop(), (rel, title)
            seen += 1
    assert seen >= 4


def test_hooks_run_on_mkdocs_only_and_the_cards_do_not_depend_on_them(shapes: Shapes) -> None:
    """Zensical 0.0.73 runs no MkDocs hook (zensical/config.py reads no `hooks:`), nor does the
    command: the hook's paragraph is on MkDocs' articles only, and the cards (compared in
    test_cards_match) come from the text the author wrote on both hosts."""
    built = shapes["hooks"]
    for article in ("alpha", "beta"):
        rel = f"articles/{article}/index.html"
        assert HOOK_TEXT in html(built.mkdocs, rel).get_text()
        assert HOOK_TEXT not in html(built.zensical, rel).get_text()
    for site in (built.mkdocs, built.zensical):
        for rel in tag_pages(site, "tags"):
            assert HOOK_TEXT not in html(site, rel).get_text(), rel


def test_fallback_page_is_on_the_japanese_tag_page_of_both_hosts(shapes: Shapes) -> None:
    """`beta` has no Japanese page: with `fallback_to_default` both hosts publish it under ja/,
    and its card is on ja/tags/grpo/ with the English title; the tags file names the tag."""
    built = shapes["i18n"]
    for site in (built.mkdocs, built.zensical):
        assert (site / "ja/articles/beta/index.html").is_file()
        titles = [card[1] for card in cards(site, "ja/tags/grpo/index.html")]
        assert "Beta, English only" in titles and "アルファのロボット" in titles, titles
        assert heading(site, "ja/tags/robotics/index.html") == "#ロボティクス"
        assert heading(site, "tags/robotics/index.html") == "#Robotics"


def test_own_listing_page_is_built_by_both_hosts(shapes: Shapes) -> None:
    built = shapes["own-listing"]
    for site in (built.mkdocs, built.zensical):
        page = html(site, "tags/index.html")
        assert "The site's own listing" in page.get_text()
        assert page.select("[id^='tag:']"), "Material's listing is missing"


@pytest.mark.parametrize("command", ["build", "check"])
def test_a_tags_md_where_the_tag_pages_go_is_an_error(tmp_path: Path, command: str) -> None:
    project = shutil.copytree(SHAPES / "own-listing", tmp_path / "own-listing")
    config = project / "mkdocs.yml"
    data = yaml.safe_load(config.read_text("utf-8"))
    data["plugins"] = ["search", "tags", "tagindex"]  # tags_dir: tags, where docs/tags.md is
    config.write_text(yaml.safe_dump(data), "utf-8")
    assert tagindex(project, "init").returncode == 0
    result = tagindex(project, command)
    assert "Traceback" not in result.stderr, result.stderr
    assert result.returncode == 1 and "tags.md" in result.stderr, result.stderr


@pytest.mark.parametrize("host", ["mkdocs", "zensical"])
def test_the_sites_main_html_frames_every_page(shapes: Shapes, host: str) -> None:
    """The site's `main.html` (announce and extrahead blocks) is on its articles and on the tag
    pages: tagindex's frame sits inside the site's, on both hosts."""
    built = shapes["override"]
    site = built.mkdocs if host == "mkdocs" else built.zensical
    for rel in ["articles/alpha/index.html", *tag_pages(site, "tags")]:
        page = html(site, rel)
        assert page.select_one(".site-announce"), rel
        assert page.select_one('meta[name="shape"]'), rel
