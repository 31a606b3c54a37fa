"""A tag's `color` and `icon` from the tags file: checked, and turned into one stylesheet.

The colour is a chip's background; its text is black or white, whichever contrasts more
(WCAG 2 relative luminance: always at least 4.5:1). A chip must also stand out from the page
(WCAG 1.4.11, 3:1), in Material's light scheme and in its dark one (slate), so a colour below
that on either page is reported. Icons are Material's (`material/robot`, `octicons/tag-16`),
looked up where the theme keeps its `.icons`.

The stylesheet is plain CSS, one rule per styled tag keyed by the `data-tagindex-slug` attribute
the templates put on chips, tag headings and all-tags items: no HTML is built here, and the
same file serves the MkDocs plugin and Zensical (whose chip partial cannot read our data).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from importlib.util import find_spec
from pathlib import Path
from urllib.parse import quote

from mkdocs.config.base import BaseConfigOption, ValidationError

from ..text.values import shown

_HEX = re.compile(r"#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})")
_ICON = re.compile(r"[a-z0-9][a-z0-9_-]*(?:/[a-z0-9][a-z0-9_.-]*)+")

WHITE, BLACK = "#ffffff", "#000000"
SCHEMES = (("default", WHITE), ("slate", "#1e2129"))
"""Material's page backgrounds (`--md-default-bg-color`): white, and slate's
hsla(var(--md-hue), 15%, 14%, 1) with the default hue 225deg (tests/unit/test_tagstyle.py reads
both from Material's stylesheets)."""
PAGE_CONTRAST = 3.0
"""WCAG 1.4.11: a chip, a user-interface component, against the page."""


def parse_color(value: object) -> str:
    """`#rgb` or `#rrggbb` as `#rrggbb` in lower case; anything else is a ValidationError."""
    if value is None:
        raise ValidationError(
            "expected a CSS hex colour such as '#e91e63', got null (in YAML an unquoted # "
            "starts a comment: quote the colour)"
        )
    if not isinstance(value, str) or not _HEX.fullmatch(value.strip()):
        raise ValidationError(f"expected a CSS hex colour, '#rgb' or '#rrggbb', got {shown(value)}")
    digits = value.strip()[1:].lower()
    return "#" + ("".join(c * 2 for c in digits) if len(digits) == 3 else digits)


def luminance(color: str) -> float:
    """WCAG 2's relative luminance of a `#rrggbb` colour."""

    def linear(byte: int) -> float:
        c = byte / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(int(color[i : i + 2], 16)) for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(one: str, other: str) -> float:
    """WCAG 2's contrast ratio of two `#rrggbb` colours, from 1 to 21."""
    high, low = sorted((luminance(one), luminance(other)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def ratio_text(ratio: float) -> str:
    """A ratio as WCAG writes it, rounded down (2.996 is not shown as passing 3:1)."""
    return f"{math.floor(ratio * 100) / 100:.2f}:1"


def text_color(background: str) -> str:
    """Black or white, whichever contrasts more with the background (ties: black)."""
    return BLACK if contrast(background, BLACK) >= contrast(background, WHITE) else WHITE


def contrast_problems(color: str) -> list[str]:
    """The schemes whose page the colour does not stand out from (3:1), with the ratio."""
    problems = []
    for scheme, page in SCHEMES:
        ratio = contrast(color, page)
        if ratio < PAGE_CONTRAST:
            problems.append(
                f"'{color}' has a contrast of {ratio_text(ratio)} with the page of the "
                f"'{scheme}' scheme ({page}), below the 3:1 a chip needs (WCAG 1.4.11); "
                "choose a darker or lighter colour"
            )
    return problems


class TagColor(BaseConfigOption[str]):
    """`color: '#e91e63'`: the chip's background. Low contrast with a page is a warning; the
    colour is still used."""

    def run_validation(self, value: object) -> str:
        color = parse_color(value)
        self.warnings.extend(contrast_problems(color))
        return color


@dataclass(frozen=True)
class Icons:
    """Where icons are looked up, in order: a site's own `.icons` (in `custom_dir`, as Material
    allows) before the theme's bundled set."""

    folders: tuple[str, ...] = ()
    theme: str = "Material"

    def find(self, icon: str) -> Path | None:
        for folder in self.folders:
            path = Path(folder) / f"{icon}.svg"
            if path.is_file():
                return path
        return None

    def svg(self, icon: str) -> str | None:
        path = self.find(icon)
        try:
            return path.read_text("utf-8") if path is not None else None
        except (OSError, UnicodeDecodeError):
            return None


def bundled_icons(package: str = "material", custom_dirs: Iterable[str] = ()) -> Icons:
    """The icons of an installed theme package (`material`, or `zensical`, which ships its own
    copy), after each `custom_dir`'s `.icons`."""
    folders = [str(Path(d) / ".icons") for d in custom_dirs]
    spec = find_spec(package)
    if spec is not None and spec.origin is not None:
        folders.append(str(Path(spec.origin).parent / "templates" / ".icons"))
    return Icons(tuple(folders), "Zensical" if package == "zensical" else "Material")


class TagIcon(BaseConfigOption[str]):
    """`icon: material/robot`: Material's icon syntax, naming one of the theme's icons."""

    def __init__(self, icons: Icons | None) -> None:
        super().__init__()
        self.icons = icons

    def run_validation(self, value: object) -> str:
        if not isinstance(value, str) or not _ICON.fullmatch(value.strip()):
            raise ValidationError(
                "expected an icon as Material names it, such as 'material/robot' or "
                f"'fontawesome/solid/tag', got {shown(value)}"
            )
        icon = value.strip()  # each part starts with a letter or digit: no `..`, no `/x`
        if self.icons is not None and self.icons.find(icon) is None:
            where = ", ".join(self.icons.folders) or "no icon folder found"
            raise ValidationError(f"no icon '{icon}' among {self.icons.theme}'s icons ({where})")
        return icon


# -- the stylesheet -----------------------------------------------------------------------------


def css_string(text: str) -> str:
    """`text` as a double-quoted CSS string (CSS Syntax 3: a backslash and hex code point,
    then a space, for what may not stand in it as it is)."""
    out = []
    for ch in text:
        if ch in '"\\' or ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\{ord(ch):x} ")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def svg_url(svg: str) -> str:
    """An SVG as a `url()` with a data URI: percent-encoded, so no quote, backslash, newline
    or parenthesis of the file can end the string or the function."""
    return 'url("data:image/svg+xml,' + quote(svg.strip(), safe=" /:=,;'") + '")'


PREAMBLE = """\
@charset "UTF-8";
/* tagindex: the colour and icon of each tag the tags file styles (written by tagindex build
   or the MkDocs plugin; keyed by data-tagindex-slug on chips, tag headings, all-tags items). */
.tagindex-tag-mark {
  display: inline-block;
  width: 1.2em;
  height: 1.2em;
  margin-inline-end: 0.3em;
  border-radius: 50%;
  vertical-align: -0.2em;
}
"""
_ICON_RULES = """\
  background-color: currentcolor;
  -webkit-mask: {icon} center / contain no-repeat;
  mask: {icon} center / contain no-repeat;
"""


@dataclass(frozen=True)
class TagStyle:
    """One tag's look: colour (`#rrggbb`) and icon's SVG, either may be missing."""

    color: str | None = None
    svg: str | None = None


def stylesheet(styles: Mapping[str, TagStyle]) -> str:
    """The CSS of every styled tag, by slug (sorted: the same file for the same styles)."""
    rules = [PREAMBLE]
    for slug in sorted(styles):
        rules.append(_rules(slug, styles[slug]))
    return "\n".join(rules)


def _chips(slug: str, pseudo: str = "") -> str:
    """Chips by the slug: as the plugin writes it, and as Zensical's chip partial reads it from
    the chip's link, percent-encoded (`ロボット` is `%E3%83%AD…` there)."""
    forms = dict.fromkeys((slug, quote(slug, safe="/")))
    return ",\n".join(
        f".md-typeset .md-tag[data-tagindex-slug={css_string(form)}]{pseudo}" for form in forms
    )


def _rules(slug: str, style: TagStyle) -> str:
    """A chip gets the colour as its background and the icon before its name (Material's
    own hover rule, more specific, still shows its accent colours); a mark (tag
    heading, all-tags item) is a dot of the colour, with the icon inside it, or the icon alone
    in the text's colour."""
    chip = _chips(slug)
    mark = f".tagindex-tag-mark[data-tagindex-slug={css_string(slug)}]"
    out = []
    if style.color is not None:
        fg = text_color(style.color)
        out.append(f"{chip},\n{mark} {{\n  background-color: {style.color};\n  color: {fg};\n}}")
    else:
        out.append(f"{mark} {{\n  border-radius: 0;\n}}")
    if style.svg is not None:
        icon = _ICON_RULES.format(icon=svg_url(style.svg))
        scale = "  transform: scale(0.7);\n" if style.color is not None else ""
        out.append(
            f'{_chips(slug, "::before")} {{\n  content: "";\n  display: inline-block;\n'
            f"  width: 1.2em;\n  height: 1.2em;\n  vertical-align: text-bottom;\n{icon}}}"
        )
        out.append(
            f'{mark}::before {{\n  content: "";\n  display: block;\n  width: 100%;\n'
            f"  height: 100%;\n{scale}{icon}}}"
        )
    return "\n".join(out) + "\n"


def styles_of(
    colors: Mapping[str, str],
    icons: Mapping[str, str],
    slug: Callable[[str], str | None],
    find: Icons,
) -> dict[str, TagStyle]:
    """Slug → style of each styled tag that has a slug (a tag on some page)."""
    out: dict[str, TagStyle] = {}
    for tag in sorted({*colors, *icons}):
        at = slug(tag)
        if at is None:
            continue
        svg = find.svg(icons[tag]) if tag in icons else None
        if colors.get(tag) is None and svg is None:
            continue
        out[at] = TagStyle(colors.get(tag), svg)
    return out
