"""A tag's `color` and `icon` (issue 35, point 3): hex colours, WCAG contrast with known pairs,
the text colour on a chip, Material's page backgrounds read from its own stylesheets, icons
found in Material's and Zensical's bundled sets, the stylesheet's escaping, and the tags file's
warnings naming the file, the entry and the key."""

from __future__ import annotations

import colorsys
import re
from pathlib import Path
from urllib.parse import unquote

import pytest
from hypothesis import given
from hypothesis import strategies as st
from mkdocs.config.base import ValidationError

from mkdocs_tagindex.core.options import tagsfile, tagstyle
from mkdocs_tagindex.core.options.tagstyle import (
    SCHEMES,
    TagStyle,
    bundled_icons,
    contrast,
    css_string,
    parse_color,
    ratio_text,
    stylesheet,
    svg_url,
    text_color,
)

MATERIAL = bundled_icons("material")
ZENSICAL = bundled_icons("zensical")


@pytest.mark.parametrize(
    ("written", "color"),
    [("#777", "#777777"), ("#E91E63", "#e91e63"), (" #abc ", "#aabbcc"), ("#000000", "#000000")],
)
def test_hex_colours_are_read_and_normalised(written: str, color: str) -> None:
    assert parse_color(written) == color


@pytest.mark.parametrize(
    "written",
    ["red", "#12", "#1234", "#12345g", "rgb(0,0,0)", "#1234567", "", 255, True, ["#fff"]],
)
def test_anything_else_is_refused(written: object) -> None:
    with pytest.raises(ValidationError, match="expected a CSS hex colour"):
        parse_color(written)


def test_an_unquoted_colour_is_a_yaml_comment_and_the_message_says_so() -> None:
    with pytest.raises(ValidationError, match="unquoted # starts a comment"):
        parse_color(None)


@pytest.mark.parametrize(
    ("one", "other", "ratio"),
    [
        ("#777777", "#ffffff", "4.47:1"),  # WCAG's classic: 4.48 rounded, 4.47 rounded down
        ("#767676", "#ffffff", "4.54:1"),  # the lightest grey that passes AA on white
        ("#000000", "#ffffff", "21.00:1"),
        ("#ffffff", "#ffffff", "1.00:1"),
        ("#ff0000", "#ffffff", "3.99:1"),
        ("#0000ff", "#ffffff", "8.59:1"),
    ],
)
def test_contrast_of_known_pairs(one: str, other: str, ratio: str) -> None:
    assert ratio_text(contrast(one, other)) == ratio
    assert contrast(one, other) == contrast(other, one)


def test_777_on_white_is_4_48() -> None:
    assert round(contrast("#777777", "#ffffff"), 2) == 4.48


@given(st.integers(0, 0xFFFFFF))
def test_the_text_on_a_chip_always_reaches_aa(value: int) -> None:
    background = f"#{value:06x}"
    fg = text_color(background)
    assert fg in ("#000000", "#ffffff")
    assert contrast(background, fg) >= 4.5
    other = "#ffffff" if fg == "#000000" else "#000000"
    assert contrast(background, fg) >= contrast(background, other)


def test_text_colour_examples() -> None:
    assert text_color("#e91e63") == "#000000"  # 4.83:1 against white's 4.34:1
    assert text_color("#2e7d32") == "#ffffff"
    assert text_color("#ffdd00") == "#000000"


def _material_css(name: str) -> str:
    folder = Path(MATERIAL.folders[-1]).parent / "assets" / "stylesheets"
    return "".join(p.read_text("utf-8") for p in folder.glob(f"{name}.*.min.css"))


def test_the_page_backgrounds_are_materials() -> None:
    """Default: white; slate: hsla(var(--md-hue), 15%, 14%, 1) with the default hue, both read
    from the installed Material's stylesheets (a release that changes them fails here)."""
    main, palette = _material_css("main"), _material_css("palette")
    assert re.search(r":root,\[data-md-color-scheme=default\]\{--md-hue:225deg;", main)
    assert "--md-default-bg-color:#fff;" in main
    slate = re.search(
        r"--md-default-bg-color:hsla\(var\(--md-hue\), ?(\d+)%, ?(\d+)%, ?1\)", palette
    )
    assert slate is not None
    r, g, b = colorsys.hls_to_rgb(225 / 360, int(slate[2]) / 100, int(slate[1]) / 100)
    computed = "#" + "".join(f"{round(c * 255):02x}" for c in (r, g, b))
    assert dict(SCHEMES) == {"default": "#ffffff", "slate": computed}
    assert computed == "#1e2129"


@pytest.mark.parametrize(
    ("color", "schemes"),
    [
        ("#e91e63", []),
        ("#2e7d32", []),
        ("#ffff00", ["default"]),
        ("#777777", []),
        ("#111111", ["slate"]),
        ("#1e2129", ["slate"]),
    ],
)
def test_a_colour_must_stand_out_from_both_pages(color: str, schemes: list[str]) -> None:
    problems = tagstyle.contrast_problems(color)
    assert [re.search(r"'(\w+)' scheme", p)[1] for p in problems] == schemes  # type: ignore[index]
    for problem in problems:
        assert re.search(r"a contrast of \d+\.\d\d:1 with the page", problem)


@pytest.mark.parametrize("icons", [MATERIAL, ZENSICAL], ids=["material", "zensical"])
@pytest.mark.parametrize(
    "icon", ["material/robot", "fontawesome/solid/tag", "octicons/tag-16", "simple/python"]
)
def test_materials_icon_syntax_finds_the_bundled_svg(icons: tagstyle.Icons, icon: str) -> None:
    path = icons.find(icon)
    assert path is not None and path.name == icon.rsplit("/", 1)[1] + ".svg"
    svg = icons.svg(icon)
    assert svg is not None and svg.lstrip().startswith("<svg")


def test_zensical_uses_its_own_copy_of_the_icons() -> None:
    assert "/zensical/templates/.icons" in ZENSICAL.folders[-1]
    assert "/material/templates/.icons" in MATERIAL.folders[-1]


@pytest.mark.parametrize("icon", ["material/no-such-icon", "robot", "material/../logo", "M/x y"])
def test_an_icon_that_is_not_there_is_refused(icon: str) -> None:
    option = tagstyle.TagIcon(MATERIAL)
    with pytest.raises(ValidationError):
        option.run_validation(icon)


def test_a_sites_own_icons_come_first(tmp_path: Path) -> None:
    own = tmp_path / ".icons" / "brand"
    own.mkdir(parents=True)
    (own / "logo.svg").write_text('<svg viewBox="0 0 1 1"><path d="M0 0h1v1z"/></svg>')
    icons = bundled_icons("material", [str(tmp_path)])
    assert icons.find("brand/logo") == own / "logo.svg"
    assert icons.find("material/robot") is not None


def test_slugs_are_escaped_for_a_css_string() -> None:
    assert css_string("grpo") == '"grpo"'
    assert css_string('a"b\\c') == '"a\\22 b\\5c c"'
    assert css_string("x\ny") == '"x\\a y"'
    assert css_string("ロボ") == '"ロボ"'


def test_an_svg_cannot_end_its_url() -> None:
    svg = '<svg a="1">\n<path d=\'M0\'/>)\\"</svg>'
    url = svg_url(svg)
    inner = url.removeprefix('url("data:image/svg+xml,').removesuffix('")')
    assert not set(inner) & set('"\\\n()')
    assert unquote(inner) == svg


def test_the_stylesheet_has_a_rule_per_styled_slug() -> None:
    css = stylesheet(
        {
            "grpo": TagStyle("#e91e63", "<svg/>"),
            'we"ird': TagStyle("#2e7d32", None),
            "icon-only": TagStyle(None, "<svg/>"),
        }
    )
    assert css.count("{") == css.count("}")
    assert '.md-typeset .md-tag[data-tagindex-slug="grpo"],' in css
    assert '.tagindex-tag-mark[data-tagindex-slug="we\\22 ird"] {' in css
    assert '.md-typeset .md-tag[data-tagindex-slug="icon-only"]::before {' in css
    assert '.md-typeset .md-tag[data-tagindex-slug="icon-only"],' not in css  # no colour
    assert "<" not in css and "html" not in css.split("*/", 1)[1].replace("svg+xml", "")


def test_a_non_ascii_slug_also_matches_zensicals_percent_encoded_chips() -> None:
    css = stylesheet({"ロボ": TagStyle("#2e7d32", "<svg/>")})
    assert css.startswith('@charset "UTF-8";')
    for form in ("ロボ", "%E3%83%AD%E3%83%9C"):
        assert f'.md-typeset .md-tag[data-tagindex-slug="{form}"],' in css
        assert f'.md-typeset .md-tag[data-tagindex-slug="{form}"]::before' in css
    assert '.tagindex-tag-mark[data-tagindex-slug="%E3' not in css  # our own markup: as is


# -- in the tags file ---------------------------------------------------------------------------


def _load(tmp_path: Path, text: str) -> tuple[tagsfile.TagCatalog, list[str], str]:
    path = tmp_path / "tags.yml"
    path.write_text(text, "utf-8")
    catalog, problems = tagsfile.load(str(path), icons=MATERIAL)
    return catalog, problems, str(path)


def test_good_colours_and_icons_load(tmp_path: Path) -> None:
    catalog, problems, _ = _load(
        tmp_path, "grpo:\n  color: '#E91E63'\n  icon: material/robot\nrl:\n  color: '#c33'\n"
    )
    assert problems == []
    assert dict(catalog.colors) == {"grpo": "#e91e63", "rl": "#cc3333"}
    assert dict(catalog.icons) == {"grpo": "material/robot"}


def test_bad_values_are_warnings_naming_file_entry_and_key(tmp_path: Path) -> None:
    catalog, problems, path = _load(
        tmp_path,
        "grpo:\n  name: GRPO\n  color: red\n  icon: material/robott\n"
        "rl:\n  color: #c33\n  icon: [x]\nyellow:\n  color: '#ff0'\n",
    )
    assert problems == [
        f"{path}: tag 'grpo', key 'color': expected a CSS hex colour, '#rgb' or '#rrggbb', "
        "got str 'red'; ignored",
        f"{path}: tag 'grpo', key 'icon': no icon 'material/robott' among Material's icons "
        f"({', '.join(MATERIAL.folders)}); ignored",
        f"{path}: tag 'rl', key 'color': expected a CSS hex colour such as '#e91e63', got null "
        "(in YAML an unquoted # starts a comment: quote the colour); ignored",
        f"{path}: tag 'rl', key 'icon': expected an icon as Material names it, such as "
        "'material/robot' or 'fontawesome/solid/tag', got list ['x']; ignored",
        f"{path}: tag 'yellow', key 'color': '#ffff00' has a contrast of 1.07:1 with the page "
        "of the 'default' scheme (#ffffff), below the 3:1 a chip needs (WCAG 1.4.11); choose "
        "a darker or lighter colour",
    ]
    # the entries keep their other keys; a low contrast colour is still used
    assert catalog.name("grpo", "en") == "GRPO"
    assert dict(catalog.colors) == {"yellow": "#ffff00"}
    assert dict(catalog.icons) == {}
