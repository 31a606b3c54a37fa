"""What the command writes into Markdown (the marker comment, the front matter, the hidden
search block) holds hostile tag names and titles through the real `zensical build` (issue 33):
the build succeeds, each name comes through unchanged and no element is injected."""

from __future__ import annotations

import os
import re
from pathlib import Path

import yaml
from bs4 import BeautifulSoup
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from test_zensical import tagindex, zensical_run

from mkdocs_tagindex.command.files import pagefile

from conftest import material_config, write_config, write_page

HOSTILE = "--><img src=x onerror=alert(1)><!--"


def _site(project: Path, pages: list[tuple[str, list[str]]]) -> Path:
    """A Material site with Zensical's tags, `tagindex init` + `build`, then `zensical build`."""
    config = material_config()
    config["plugins"] = ["search", "tags", "tagindex"]
    write_config(project, config)
    write_page(project, "index.md", {"title": "Home"}, "Welcome.\n")
    for n, (title, tags) in enumerate(pages):
        meta = {"title": title, "tags": tags, "date": f"2026-01-{n % 28 + 1:02d}"}
        write_page(project, f"p{n}.md", meta, f"Body {n}.\n")
    for step in ("init", "build"):
        result = tagindex(project, step)
        assert result.returncode == 0, result.stderr
        assert "Traceback" not in result.stderr, result.stderr
    built = zensical_run(project)
    assert built.returncode == 0, built.stderr[-3000:] + built.stdout[-3000:]
    return project / "site"


def _html(path: Path) -> BeautifulSoup:
    return BeautifulSoup(path.read_text("utf-8"), "html.parser")


def _own_elements(html: BeautifulSoup) -> tuple[int, int]:
    return len(html.select("img")), len(html.select("script"))


def _tag_pages(site: Path) -> dict[str, Path]:
    """Each generated tag page by the name its heading shows."""
    out = {}
    for page in (site / "tags").rglob("index.html"):
        heading = _html(page).select_one("h1.tagindex-heading")
        if heading is not None:
            out[heading.get_text().removeprefix("#")] = page
    return out


def _chip_targets(article: Path) -> set[Path]:
    """The pages an article's chips link to, from its raw HTML: Zensical 0.0.73's own
    `partials/tags.html` prints a name unescaped, so a parser may lose chips after a hostile one."""
    text = article.read_text("utf-8")
    hrefs = re.findall(r'<a href="([^"#]*)[^"]*" class="md-tag', text)
    return {(article.parent / h / "index.html").resolve() for h in hrefs}


def _check(site: Path, pages: list[tuple[str, list[str]]]) -> None:
    """Every name has its page, titled with it, linked from its articles' chips; no element
    injected in a tag page."""
    home_scripts = len(_html(site / "index.html").select("script"))
    by_name = _tag_pages(site)
    for i, (title, tags) in enumerate(pages):
        targets = _chip_targets(site / f"p{i}/index.html")
        for name in tags:
            assert name in by_name, (name, sorted(by_name))
            page = by_name[name]
            assert page.resolve() in targets, (name, page, targets)
            html = _html(page)
            assert not html.select("img"), name
            assert len(html.select("script")) == home_scripts, name
            assert f"p{i}/" in str([a.get("href") for a in html.select(".tagindex-card a")])
            shown = [" ".join(c.get_text().split()) for c in html.select(".tagindex-card__title")]
            assert " ".join(title.split()) in shown, (title, shown)


def test_a_tag_that_closes_the_marker_comment_is_read_back_and_injects_nothing(
    tmp_path: Path,
) -> None:
    site = _site(tmp_path / "s", [("A", [HOSTILE, "plain"]), ("B", ["plain"])])
    _check(site, [("A", [HOSTILE, "plain"]), ("B", ["plain"])])
    html = _html(_tag_pages(site)[HOSTILE])
    assert [c.get_text(" ", strip=True) for c in html.select(".tagindex-card__title")] == ["A"]


def test_an_articles_chip_shows_a_hostile_name_as_text(tmp_path: Path) -> None:
    site = _site(tmp_path / "s", [("A", [HOSTILE])])
    html = _html(site / "p0/index.html")
    assert not html.select("img")
    assert [a.get_text() for a in html.select("a.md-tag")] == [HOSTILE]


_PIECES = [
    "-->",
    "\n---\n",
    ": ",
    "#",
    "<!--",
    "{%",
    "%}",
    "{{",
    "}}",
    "`",
    "\n",
    '"',
    "'",
    "&",
    "<script>",
    "\\",
    "-",
]
_NAME = st.lists(
    st.one_of(st.sampled_from(_PIECES), st.text("abcxyz ", min_size=1, max_size=3)),
    min_size=1,
    max_size=5,
).map("".join)


def _fuzz_examples() -> int:
    """5 sites (about 15 s); more with `TAGINDEX_ZENSICAL_FUZZ_EXAMPLES` (its own variable:
    `make fuzz` sets `TAGINDEX_FUZZ_EXAMPLES` to 20,000, and each example here is a real
    build)."""
    return int(os.environ.get("TAGINDEX_ZENSICAL_FUZZ_EXAMPLES", "5"))


@settings(
    max_examples=_fuzz_examples(),
    derandomize=True,
    phases=[Phase.explicit, Phase.generate],  # a shrink is a build per step
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(names=st.lists(_NAME, min_size=4, max_size=12, unique=True))
def test_fuzzed_tag_names_come_through_zensical_unchanged(
    tmp_path_factory: object, names: list[str]
) -> None:
    # a distinct word at the end of each: tags whose URLs would be one are merged by design,
    # and the engine strips a name's ends (those are other tests' matter)
    names = [f"{n.lstrip()}t{i}" for i, n in enumerate(names)]
    project = tmp_path_factory.mktemp("fuzz")  # type: ignore[attr-defined]
    # article titles carry the pieces too, but `<`: Zensical's navigation prints an author's
    # title raw on every page (an open `<script>` there hides the rest from any parser)
    titles = [f"Page {i} " + names[-1 - i].replace("<", "(") for i in range(3)]
    pages = [(titles[i], names[i::3]) for i in range(3) if names[i::3]]
    _check(_site(project, pages), pages)


def test_grouped_headings_in_markdown_show_hostile_categories_as_text(tmp_path: Path) -> None:
    project = tmp_path / "g"
    config = material_config()
    config["plugins"] = ["search", "tags", {"tagindex": {"group_by": "category"}}]
    config["markdown_extensions"] = ["attr_list", "md_in_html"]
    write_config(project, config)
    write_page(project, "index.md", {"title": "Home"}, "Welcome.\n")
    categories = [HOSTILE, "*em* `code` {{ x }}", "a\nb & <script>x</script>", "# h {#i .c}"]
    for n, category in enumerate(categories):
        meta = {"title": f"A{n}", "tags": ["g"], "category": category, "date": f"2026-01-0{n + 1}"}
        write_page(project, f"p{n}.md", meta, "Body.\n")
    for step in ("init", "build"):
        assert tagindex(project, step).returncode == 0
    built = zensical_run(project)
    assert built.returncode == 0, built.stderr[-3000:]
    html = _html(project / "site/tags/g/index.html").select_one(".tagindex")
    assert not html.select("img, script, em, code")
    shown = sorted(" ".join(h.get_text().split()) for h in html.select(".tagindex-group__heading"))
    assert shown == sorted(" ".join(c.split()) for c in categories)


@settings(max_examples=500, derandomize=True, deadline=None)
@given(name=st.text(st.characters(exclude_categories=["Cs"])))
def test_a_marker_name_is_one_line_with_nothing_that_closes_a_comment(name: str) -> None:
    """Without a build: the marker's value reads back as the name through a YAML reader."""
    written = pagefile.marker_name(name)
    assert "--" not in written and "<" not in written and ">" not in written
    assert "\n" not in written and "\r" not in written
    assert yaml.safe_load(written) == name
