"""What the templates in `theme_overrides/` need from Python: where they are, and which of their
stylesheets and scripts a page of a given theme loads.

Pure apart from the file-system lookup of the templates folder: no MkDocs imports, so the choice of
assets is unit-tested without a build. The templates read the `ThemeAssets` of the build from
`config.theme.tagindex_assets` (set in the plugin's `on_config`) and ask it per page.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

ASSETS = "assets/tagindex"
"""Folder of the stylesheets and the script inside `theme_overrides/` (and so inside site_dir)."""

THEME_KEY = "tagindex_assets"
"""Name under which the build's `ThemeAssets` is stored on `config.theme` for the templates."""

MATERIAL = "material"
BASIC_THEMES = ("mkdocs", "readthedocs")
"""MkDocs' built-in themes: tag pages get a small stylesheet of their own (no Material variables,
no `.md-typeset`). Article pages show no read time there: only Material includes the tags
partial that carries it."""


def theme_overrides_dir() -> str:
    """Templates folder: inside the installed wheel, or at the root of a source checkout."""
    package = Path(__file__).resolve().parents[2]
    for candidate in (package / "theme_overrides", package.parent / "theme_overrides"):
        if (candidate / "tagindex").is_dir():
            return str(candidate)
    raise FileNotFoundError(f"mkdocs-tagindex: templates not found next to {package}")


class PageFacts(Protocol):
    """What a page's `tagindex` context says about the markup it draws (see pages.py)."""

    @property
    def kind(self) -> str: ...


def interactive(tagindex: PageFacts) -> bool:
    """Whether the page draws a toolbar that the script drives, exactly as the templates decide:
    a tag page when audiences or filters are configured (split into pages too: the script then
    reads tags.json and the other pages' cards); the all-tags page when audiences are, or the
    explorer; article pages and listings never."""
    audiences = bool(getattr(tagindex, "audiences", ()))
    if tagindex.kind == "tag":
        filters = bool(getattr(tagindex, "filters", ()))
        return audiences or filters
    if tagindex.kind == "index":
        return audiences or exploring(tagindex)
    return False


def exploring(tagindex: PageFacts) -> bool:
    """Whether the page draws the tag explorer (the all-tags page, `explorer` on)."""
    return tagindex.kind == "index" and bool(getattr(tagindex, "explorer", False))


@dataclass(frozen=True)
class ThemeAssets:
    """The stylesheets and script of one theme; templates call `stylesheets(tagindex)` and
    `scripts(tagindex)` and link what comes back, so each page loads only what it uses."""

    theme: str | None
    supported: bool
    """Material, or one of MkDocs' own themes that the plugin has a stylesheet for."""
    base: tuple[str, ...]
    """Cards, tag pages, the all-tags page and the article meta line."""
    toolbar: tuple[str, ...]
    """The audience switch and the filter chips, on pages that draw them."""
    script: str = f"{ASSETS}/tagindex.js"
    explorer: str = f"{ASSETS}/tagindex-explorer.js"
    """The tag explorer's script, after `script` (it uses that script's state and labels)."""
    linked: bool = True
    """The pages link their scripts themselves (tagindex/script.html). False where the host
    loads them on every page (the `tagindex` command: Zensical's `extra_javascript`)."""

    def stylesheets(self, tagindex: PageFacts) -> tuple[str, ...]:
        return self.base + (self.toolbar if interactive(tagindex) else ())

    def scripts(self, tagindex: PageFacts) -> tuple[str, ...]:
        if not self.linked or not interactive(tagindex):
            return ()
        return (self.script, self.explorer) if exploring(tagindex) else (self.script,)


def assets_for(theme_name: str | None) -> ThemeAssets:
    """Material gets its stylesheets (Material's CSS variables, `.md-typeset`); MkDocs' `mkdocs`
    and `readthedocs` themes get the basic one, and so does any other theme, which the plugin
    has not been tested with (`supported` is False: the plugin says so once)."""
    if theme_name == MATERIAL:
        return ThemeAssets(
            theme=theme_name,
            supported=True,
            base=(f"{ASSETS}/tagindex.css",),
            toolbar=(f"{ASSETS}/tagindex-filters.css",),
        )
    return ThemeAssets(
        theme=theme_name,
        supported=theme_name in BASIC_THEMES,
        base=(f"{ASSETS}/tagindex-basic.css",),
        toolbar=(),  # the basic stylesheet styles its toolbars too: one small file
    )


_EXTENDS = re.compile(r"""{%-?\s*extends\s+(["'])(?P<name>[^"']+)\1""")


def override_problems(custom_dir: str | None) -> list[str]:
    """Templates in the site's `custom_dir/tagindex/` that cannot render, said before Jinja fails
    on them: one that extends its own public name (`tagindex/card.html` in `tagindex/card.html`
    finds itself again: a RecursionError), or that reaches for the plugin's templates past the
    override (`tagindex-theme/tagindex/…`: not found). Both want `tagindex/_base/<name>`."""
    if not custom_dir:
        return []
    root = Path(custom_dir)
    problems = []
    for path in sorted((root / "tagindex").rglob("*.html")):
        rel = path.relative_to(root).as_posix()
        try:
            match = _EXTENDS.search(path.read_text(encoding="utf-8-sig"))
        except (OSError, UnicodeDecodeError):
            continue  # Jinja reports an unreadable template itself
        if match is None:
            continue
        name = match["name"]
        own = rel.removeprefix("tagindex/").removeprefix("_base/")
        base = f"tagindex/_base/{own}"
        if rel == base and name in (rel, f"tagindex/{own}"):
            # A file in _base/ replaces ours whole; the public name extends it, so this loops.
            problems.append(
                f"{path.as_posix()} extends '{name}', which comes back to this file; a template "
                f"in tagindex/_base/ replaces ours whole: start from a copy of ours"
            )
            continue
        if name == rel:
            why = "which is this file again"
        elif name.startswith("tagindex-theme/tagindex/"):
            why = "which does not exist ('tagindex-theme/' reaches the theme's templates only)"
        else:
            continue
        problems.append(f"{path.as_posix()} extends '{name}', {why}; extend '{base}' instead")
    return problems
