"""Per-tag `color` and `icon` from the tags file (issue 35, point 3) on both hosts: the chip on
an article, the tag page's heading and the all-tags item carry the tag's slug, and the page links
`tags.css`, whose rule for that slug has the colour, the text colour chosen for it and the icon;
a bad value is a warning naming the file, the entry and the key (and fails `--strict`), a colour
that does not stand out from a page is one naming the scheme and the ratio."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote, urljoin

import pytest
from bs4 import BeautifulSoup, Tag
from test_zensical import on_zensical, tagindex

from conftest import build, material_config, write_config, write_page

TAGS_FILE = """\
grpo:
  name: GRPO
  color: "#e91e63"
  icon: material/robot
rl:
  color: "#C33"
plain:
  name: Plain
ロボット:
  color: "#2e7d32"
"""


def _site(tmp_path: Path, tags_file: str = TAGS_FILE, directory_urls: bool = True) -> Path:
    project = tmp_path / "colors"
    config = material_config(tags_file="tags.yml")
    config["plugins"] = ["search", "tags", {"tagindex": {"tags_file": "tags.yml"}}]
    config["use_directory_urls"] = directory_urls
    write_config(project, config)
    (project / "tags.yml").write_text(tags_file, "utf-8")
    write_page(project, "index.md", None, "# Home\n\nHello.\n")
    write_page(project, "a.md", {"tags": ["grpo", "plain"]}, "# A\n\nText of a.\n")
    write_page(project, "b.md", {"tags": ["rl", "grpo", "ロボット"]}, "# B\n\nText of b.\n")
    write_page(project, "c.md", {"tags": ["plain"]}, "# C\n\nText of c.\n")
    return project


def _html(site_dir: Path, rel: str) -> BeautifulSoup:
    return BeautifulSoup((site_dir / rel).read_text("utf-8"), "html.parser")


def _stylesheet(site_dir: Path, rel: str, page: BeautifulSoup) -> str:
    """The text of the `tags.css` a page links (in its body), asserting it links one."""
    links = [
        str(link["href"])
        for link in page.select('link[rel="stylesheet"]')
        if str(link["href"]).endswith("tags.css")
    ]
    assert len(links) == 1, links
    target = urljoin("https://x/" + rel, links[0]).removeprefix("https://x/")
    return (site_dir / target).read_text("utf-8")


def _rule(css: str, selector: str) -> str:
    """The declarations of the first rule whose selector list holds `selector`."""
    for match in re.finditer(r"([^{}]+)\{([^}]*)\}", css):
        if selector in [s.strip() for s in match[1].split(",")]:
            return match[2]
    raise AssertionError(f"no rule for {selector} in:\n{css[:2000]}")


def _check_site(site_dir: Path, zensical: bool = False, directory_urls: bool = True) -> None:
    def article_at(name: str) -> tuple[str, str]:
        """The HTML file of an article and its URL."""
        return (f"{name}/index.html", f"{name}/") if directory_urls else (f"{name}.html",) * 2

    # the chips of an article: a coloured one with its icon, an unstyled one
    article = _html(site_dir, article_at("b")[0])
    # (Zensical's chips show the tag as written, the plugin's the tags file's name)
    found = article.select("a.md-tag")
    chips = {a.get_text(strip=True).removeprefix("#").lower(): a for a in found}
    assert set(chips) == {"grpo", "rl", "ロボット"}, chips
    assert chips["grpo"]["data-tagindex-slug"] == "grpo"
    assert chips["rl"]["data-tagindex-slug"] == "rl"
    # Zensical's chip partial reads the slug from the link, percent-encoded: tags.css has both
    robot = str(chips["ロボット"]["data-tagindex-slug"])
    assert robot == ("%E3%83%AD%E3%83%9C%E3%83%83%E3%83%88" if zensical else "ロボット")
    css = _stylesheet(site_dir, article_at("b")[1], article)
    chip = _rule(css, '.md-typeset .md-tag[data-tagindex-slug="grpo"]')
    # black on this pink (4.83:1), white on this red (5.13:1): whichever contrasts more
    assert "background-color: #e91e63" in chip and "color: #000000" in chip
    red = _rule(css, '.md-typeset .md-tag[data-tagindex-slug="rl"]')
    assert "background-color: #cc3333" in red and "color: #ffffff" in red
    robot_rule = _rule(css, f'.md-typeset .md-tag[data-tagindex-slug="{robot}"]')
    assert "background-color: #2e7d32" in robot_rule
    icon = _rule(css, '.md-typeset .md-tag[data-tagindex-slug="grpo"]::before')
    svg = unquote(re.search(r'url\("data:image/svg\+xml,([^"]*)"\)', icon)[1])  # type: ignore[index]
    assert svg.startswith("<svg") and "<path" in svg
    # an article whose chips have no colour or icon links no tags.css on MkDocs; Zensical's
    # chip partial cannot know, and links it on every article with a chip to a tag page
    plain = _html(site_dir, article_at("c")[0])
    linked = [x for x in plain.select("link") if str(x.get("href")).endswith("tags.css")]
    assert len(linked) == (1 if zensical else 0)
    # the tag page: a mark before the heading's name, styled by the same file
    page = _html(site_dir, "tags/grpo/index.html")
    heading = page.select_one("h1.tagindex-heading")
    assert isinstance(heading, Tag)
    mark = heading.select_one(".tagindex-tag-mark")
    assert isinstance(mark, Tag) and mark["data-tagindex-slug"] == "grpo"
    assert mark.get("aria-hidden") == "true" and heading.get_text(strip=True) == "#GRPO"
    css = _stylesheet(site_dir, "tags/grpo/", page)
    assert "#e91e63" in _rule(css, '.tagindex-tag-mark[data-tagindex-slug="grpo"]')
    assert "mask" in _rule(css, '.tagindex-tag-mark[data-tagindex-slug="grpo"]::before')
    plain_page = _html(site_dir, "tags/plain/index.html")
    assert plain_page.select_one(".tagindex-tag-mark") is None
    # the all-tags page: the mark inside each styled item's link, none in the others
    index = _html(site_dir, "tags/index.html")
    _stylesheet(site_dir, "tags/", index)
    links = {a.get_text(strip=True): a for a in index.select("a.tagindex-index__tag")}
    assert {k: bool(a.select(".tagindex-tag-mark")) for k, a in links.items()} == {
        "#GRPO": True,
        "#rl": True,
        "#Plain": False,
        "#ロボット": True,
    }
    assert links["#GRPO"].select_one(".tagindex-tag-mark")["data-tagindex-slug"] == "grpo"  # type: ignore[index]


URLS = pytest.mark.parametrize("directory_urls", [True, False], ids=["dir-urls", "html-urls"])


@URLS
def test_colours_and_icons_on_mkdocs(tmp_path: Path, directory_urls: bool) -> None:
    site = build(_site(tmp_path, directory_urls=directory_urls), "--strict")
    _check_site(site.dir, directory_urls=directory_urls)


@URLS
def test_colours_and_icons_on_zensical(tmp_path: Path, directory_urls: bool) -> None:
    """Zensical's chip partial reads the slug from the chip's link: `tags/<slug>/`, or
    `tags/<slug>/index.html` without directory URLs (the slug was `grpo/index` there)."""
    zen = on_zensical(_site(tmp_path, directory_urls=directory_urls))
    _check_site(zen, zensical=True, directory_urls=directory_urls)


BAD = """\
grpo:
  name: GRPO
  color: "red"
  icon: material/no-such-icon-here
rl:
  color: "#ff0"
plain:
  icon: robot
"""


@pytest.mark.parametrize("host", ["mkdocs", "command"])
def test_bad_values_warn_naming_file_entry_and_key(tmp_path: Path, host: str) -> None:
    project = _site(tmp_path, BAD)
    if host == "mkdocs":
        failed = build(project, "--strict", check=False)
        assert failed.result.returncode != 0
        log = failed.log
        site = build(project)
        # the entry keeps its other keys: GRPO's name still names the tag
        heading = site.html("tags/grpo/index.html").select_one("h1")
        assert heading is not None and heading.get_text(strip=True) == "#GRPO"
    else:
        result = tagindex(project, "check")
        assert result.returncode == 1
        log = result.stdout + result.stderr
        assert "Traceback" not in log
    assert "tags.yml: tag 'grpo', key 'color': expected a CSS hex colour" in log, log
    assert "tags.yml: tag 'grpo', key 'icon': no icon 'material/no-such-icon-here'" in log, log
    assert "tags.yml: tag 'plain', key 'icon': expected an icon as Material names it" in log
    # yellow on white: below 3:1 in the light scheme, fine on slate
    assert re.search(
        r"tags\.yml: tag 'rl', key 'color': '#ffff00' has a contrast of 1\.07:1 with the page "
        r"of the 'default' scheme",
        log,
    ), log
    assert "'slate' scheme" not in log


def test_a_dark_colour_warns_for_slate(tmp_path: Path) -> None:
    project = _site(tmp_path, "grpo:\n  color: '#111'\n")
    failed = build(project, "--strict", check=False)
    assert failed.result.returncode != 0
    assert "tags.yml: tag 'grpo', key 'color': '#111111' has a contrast of" in failed.log
    assert "with the page of the 'slate' scheme (#1e2129)" in failed.log
    assert "'default' scheme" not in failed.log
