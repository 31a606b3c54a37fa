"""Page bodies without a theme: the cards, counts and lists of a generated page or a listing,
from the same `_base/` templates and a site's block overrides as the MkDocs host renders inside
the theme's frame. For hosts whose theme engine cannot run our Jinja templates (Zensical).

The theme's `main.html` is replaced by one that has only the `content` block, so every other
block our `tagindex/base.html` extends renders nothing, and what is left is the page's body.
"""

from __future__ import annotations

import posixpath
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from jinja2 import ChoiceLoader, DictLoader, Environment, FileSystemLoader, pass_context
from jinja2.runtime import Context

from .contexts import TEMPLATES, ListingContext, PageContext
from .theme import ThemeAssets, assets_for, theme_overrides_dir

FRAME = {"main.html": "{% block content %}{% endblock %}"}
"""The stand-in for a theme's `main.html`: its `content` block and nothing else."""


def _parts(url: str) -> list[str]:
    parts: list[str] = []
    for part in url.strip("/").split("/"):
        if part == "..":
            if parts:
                parts.pop()
        elif part not in ("", "."):
            parts.append(part)
    return parts


def relative_url(url: str, other: str) -> str:
    """`url` relative to the page at `other`, both site-relative (MkDocs' `get_relative_url`)."""
    folder, _, name = other.rpartition("/")
    if "." in name:
        other = folder
    here, there = _parts(other), _parts(url)
    common = 0
    for a, b in zip(here, there, strict=False):
        if a != b:
            break
        common += 1
    rel = "/".join([".."] * (len(here) - common) + there[common:]) or "."
    return rel + "/" if url.endswith("/") else rel


@pass_context
def _url(context: Context, value: str) -> str:
    """MkDocs' `url` filter: a site-relative URL made relative to the page being rendered."""
    if not value or "://" in value or value.startswith(("/", "#", "mailto:", "data:")):
        return value
    return relative_url(
        posixpath.normpath(value) + ("/" if value.endswith("/") else ""),
        str(context.get("page_url", "")),
    )


class Renderer:
    """Renders generated pages' bodies and listings; one per site build."""

    def __init__(
        self, custom_dir: str | None = None, theme: str | None = "material", *, linked: bool = True
    ) -> None:
        """`linked`: the bodies link the scripts they need; False where the host loads them on
        every page (see `ThemeAssets.linked`)."""
        # The frame first: a site's own `main.html` (which extends the theme's `base.html`, not
        # here) must not replace it; its `tagindex/...` overrides still come before ours.
        loaders: list[Any] = [DictLoader(FRAME)]
        loaders += [FileSystemLoader(custom_dir)] if custom_dir else []
        loaders += [FileSystemLoader(theme_overrides_dir())]
        self.env = Environment(loader=ChoiceLoader(loaders), autoescape=False)
        self.env.filters["url"] = _url
        self.assets: ThemeAssets = replace(assets_for(theme), linked=linked)

    def _render(self, template: str, page_url: str, values: Mapping[str, Any]) -> str:
        config = {"theme": {"tagindex_assets": self.assets}}
        base_url = relative_url(".", page_url) if page_url else "."
        return self.env.get_template(template).render(
            config=config, page_url=page_url, base_url=base_url, **values
        )

    def page(self, context: PageContext, page_url: str) -> str:
        """The body of a generated page (tag page or all-tags page) at site-relative URL."""
        return self._render(TEMPLATES[context.kind], page_url, {"tagindex": context})

    def explorer_piece(self, context: PageContext, page_url: str) -> str:
        """A piece of the all-tags page's explorer cards (`Edition.explorer_pieces`), for the
        page at `page_url`."""
        return self._render("tagindex/explorer.html", page_url, {"tagindex": context})

    def listing(self, context: ListingContext, page_url: str) -> str:
        """The cards of one listing marker, for the page at `page_url`."""
        return self._render("tagindex/listing.html", page_url, {"tagindex": context})
