"""The tags file's colours and icons as Chromium draws them (issue 35, point 3), on both hosts and
in both of Material's schemes: a coloured chip's computed background is the tag's colour, its
text the black or white the plugin chose (at least 4.5:1, the figure Python computed), the chip
stands out from the page (3:1) in the light and the slate scheme, and its icon is drawn. The tag
page's heading and the all-tags item show the same colour."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page

from mkdocs_tagindex.core.options.tagstyle import contrast as python_contrast
from mkdocs_tagindex.core.options.tagstyle import text_color

from .colors import NO_MOTION_CSS, contrast, property_srgb, srgb
from .conftest import ServedSite, SitePageFactory, both_hosts
from conftest import material_config, write_config, write_page

COLORS = {"grpo": "#e91e63", "rl": "#2e7d32"}
TAGS_FILE = """\
grpo:
  name: GRPO
  color: "#e91e63"
  icon: material/robot
rl:
  color: "#2e7d32"
plain:
"""
SLATE_PAGES = {"mkdocs": (30, 33, 41)}
"""Material's slate page, hsla(225deg, 15%, 14%): what tagstyle.SCHEMES checks against."""


def _rgb(hex_color: str) -> tuple[int, int, int]:
    return int(hex_color[1:3], 16), int(hex_color[3:5], 16), int(hex_color[5:7], 16)


def _project(root: Path) -> Path:
    project = root / "colors"
    config = material_config()
    config["theme"] = {
        "name": "material",
        "palette": [
            {"scheme": "default", "toggle": {"icon": "material/weather-night", "name": "Dark"}},
            {"scheme": "slate", "toggle": {"icon": "material/weather-sunny", "name": "Light"}},
        ],
    }
    config["plugins"] = ["search", "tags", {"tagindex": {"tags_file": "tags.yml"}}]
    write_config(project, config)
    (project / "tags.yml").write_text(TAGS_FILE, "utf-8")
    write_page(project, "index.md", None, "# Home\n\nHello.\n")
    write_page(project, "b.md", {"tags": ["grpo", "rl", "plain"]}, "# B\n\nText of b.\n")
    return project


@pytest.fixture(scope="session")
def coloured_sites(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, ServedSite]]:
    """The small site built by `mkdocs build --strict` and by tagindex + Zensical, served."""
    yield from both_hosts(_project(tmp_path_factory.mktemp("colours")))


def _scheme(page: Page, scheme: str) -> None:
    page.evaluate("s => document.body.setAttribute('data-md-color-scheme', s)", scheme)
    page.add_style_tag(content=NO_MOTION_CSS)


def _page_colour(locator: Locator) -> tuple[int, int, int]:
    """The page's background under an element (its parent's background, painted over what is
    under it: a transparent parent shows the page)."""
    return property_srgb(locator.locator(".."), "backgroundColor")


@pytest.mark.parametrize("scheme", ["default", "slate"])
@pytest.mark.parametrize("host", ["mkdocs", "zensical"])
def test_a_coloured_chip_in_both_schemes(
    coloured_sites: dict[str, ServedSite], site_page: SitePageFactory, host: str, scheme: str
) -> None:
    site = coloured_sites[host]
    opened = site_page(site)
    page = opened.page
    page.goto(site.url("/b/"))
    _scheme(page, scheme)
    for slug, color in COLORS.items():
        chip = page.locator(f'a.md-tag[data-tagindex-slug="{slug}"]')
        assert chip.count() == 1
        bg, fg = property_srgb(chip, "backgroundColor"), property_srgb(chip, "color")
        assert bg == _rgb(color)
        assert fg == _rgb(text_color(color))
        ratio = contrast(fg, bg)
        assert ratio >= 4.5
        assert abs(ratio - python_contrast(color, text_color(color))) < 0.01
        pagebg = _page_colour(chip)
        if scheme == "default":
            assert pagebg == (255, 255, 255)
        elif host in SLATE_PAGES:
            assert pagebg == SLATE_PAGES[host]
        else:
            assert sum(pagebg) < 3 * 60, pagebg  # Zensical's slate: a dark page too
        assert contrast(bg, pagebg) >= 3.0, (slug, scheme, contrast(bg, pagebg))
    icon = page.locator('a.md-tag[data-tagindex-slug="grpo"]')
    before = icon.evaluate(
        "el => { const s = getComputedStyle(el, '::before');"
        " return [s.content, s.maskImage || s.webkitMaskImage, s.width]; }"
    )
    assert before[0] == '""' and before[1].startswith('url("data:image/svg+xml'), before
    assert float(before[2].removesuffix("px")) > 8
    # hovered, the chip shows Material's accent colours, as every chip does
    icon.hover()
    hovered = property_srgb(icon, "backgroundColor")
    assert hovered == srgb(icon, "var(--md-accent-fg-color)") != _rgb(COLORS["grpo"])
    assert contrast(property_srgb(icon, "color"), hovered) >= 3.0
    page.mouse.move(0, 0)
    # an unstyled chip keeps the theme's own look
    plain = page.locator('a.md-tag[data-tagindex-slug="plain"]')
    assert property_srgb(plain, "backgroundColor") != _rgb(COLORS["grpo"])
    assert opened.errors == []


@pytest.mark.parametrize("host", ["mkdocs", "zensical"])
def test_the_heading_and_the_all_tags_item_show_the_colour(
    coloured_sites: dict[str, ServedSite], site_page: SitePageFactory, host: str
) -> None:
    site = coloured_sites[host]
    page = site_page(site).page
    page.goto(site.url("/tags/grpo/"))
    mark = page.locator("h1.tagindex-heading .tagindex-tag-mark")
    assert property_srgb(mark, "backgroundColor") == _rgb(COLORS["grpo"])
    box = mark.bounding_box()
    assert box is not None and box["width"] > 8 and box["height"] > 8
    page.goto(site.url("/tags/"))
    item = page.locator('a.tagindex-index__tag .tagindex-tag-mark[data-tagindex-slug="rl"]')
    assert property_srgb(item, "backgroundColor") == _rgb(COLORS["rl"])
