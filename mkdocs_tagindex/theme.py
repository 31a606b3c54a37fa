"""The theme side: where our templates are, and the stylesheets and script they need."""

from __future__ import annotations

from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig

CSS = "assets/tagindex/tagindex.css"
"""Stylesheet shipped in `theme_overrides/`, added to `extra_css`."""
FILTERS_CSS = "assets/tagindex/tagindex-filters.css"
"""Styles of the audience switch and filter chips."""
JS = "assets/tagindex/tagindex.js"
"""Audience switch and filters: plain JavaScript, no requests; pages work without it."""


def theme_overrides_dir() -> str:
    """Templates folder: inside the installed wheel, or at the root of a source checkout."""
    here = Path(__file__).resolve().parent
    for candidate in (here / "theme_overrides", here.parent / "theme_overrides"):
        if (candidate / "tagindex").is_dir():
            return str(candidate)
    raise FileNotFoundError(f"mkdocs-tagindex: templates not found next to {here}")


def assets(config: MkDocsConfig) -> None:
    """Add our stylesheets and script to the site's `extra_css` / `extra_javascript`."""
    for css in (CSS, FILTERS_CSS):
        if css not in config.extra_css:
            config.extra_css.append(css)
    if JS not in [str(script) for script in config.extra_javascript]:
        config.extra_javascript.append(JS)
