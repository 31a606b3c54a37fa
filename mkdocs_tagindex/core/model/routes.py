"""Where generated pages live: source paths, page counts and language-switch targets (pure).

One `Plan` per language says which pages the plugin generates there: a page per tag that has
articles of that language (split into `per_page` pages), and the all-tags page. The same plan
answers "where does the language switch of this page go" against another language's plan, so
that every path rule is written once.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal
from urllib.parse import quote

Kind = Literal["tag", "index"]


def page_count(articles: int, per_page: int) -> int:
    """Pages a tag of `articles` cards takes (`per_page` 0: one page)."""
    return max(1, -(-articles // per_page)) if per_page > 0 else 1


def page_of(card: int, per_page: int) -> int:
    """The page (from 1) that a tag's card at place `card` (from 0) is on."""
    return card // per_page + 1 if per_page > 0 else 1


@dataclass(frozen=True)
class Route:
    """One generated page: what it shows and where its source would be."""

    src_uri: str
    kind: Kind
    tag: str | None = None
    """Tag id (None for the all-tags page)."""
    number: int = 1
    """Page number within a paginated tag; 1 is the tag's own URL."""
    pages: int = 1
    """How many pages the tag takes."""


@dataclass(frozen=True)
class Plan:
    """The generated pages of one language."""

    tags_dir: str
    slugs: Mapping[str, str]
    counts: Mapping[str, int] = field(default_factory=dict)
    """Tag id → cards listed in this language, for every tag that gets a page here."""
    per_page: int = 0
    index: bool = True

    def pages(self, tag: str) -> int:
        return page_count(self.counts.get(tag, 0), self.per_page)

    def tag_src(self, tag: str, number: int = 1) -> str:
        """`tags/<slug>/index.md`, then `tags/<slug>/page/2/index.md`."""
        base = f"{self.tags_dir}/{self.slugs[tag]}"
        return f"{base}/index.md" if number == 1 else f"{base}/page/{number}/index.md"

    @property
    def index_src(self) -> str:
        return f"{self.tags_dir}/index.md"

    @property
    def has_index(self) -> bool:
        """The all-tags page exists when enabled and there is at least one tag to list."""
        return self.index and bool(self.counts)

    def routes(self) -> list[Route]:
        """Every page of this language, in a stable order (tags by id, then the index)."""
        out = [
            Route(self.tag_src(tag, n), "tag", tag, n, self.pages(tag))
            for tag in sorted(self.counts)
            for n in range(1, self.pages(tag) + 1)
        ]
        if self.has_index:
            out.append(Route(self.index_src, "index"))
        return out

    def switch(self, route: Route, other: Plan) -> str | None:
        """Source path, in `other`'s language, of the page the switcher on `route` goes to: the
        same tag and page number, else that tag's first page, else the all-tags page."""
        tag = route.tag
        if tag is not None and tag in other.counts:
            number = route.number if route.number <= other.pages(tag) else 1
            return other.tag_src(tag, number)
        return other.index_src if other.has_index else None


def url_of(src_uri: str, prefix: str = "", directory_urls: bool = True) -> str:
    """Site-relative URL of the file at `src_uri` in the language whose folder is `prefix`, by
    MkDocs' rules (`File.dest_uri`, `File.url`): `a/index.md` → `a/`, `a/b.md` → `a/b/`, other
    files keep their path; percent-encoded."""
    slash = src_uri.rfind("/") + 1
    parent, filename = src_uri[:slash], src_uri[slash:]
    stem = filename[:-3]
    dest = src_uri
    if filename.endswith(".md") and stem.lstrip("."):  # splitext: ".md" has no extension
        if not directory_urls or stem in ("index", "README"):
            dest = parent + ("index.html" if stem == "README" else stem + ".html")
        else:
            dest = f"{parent}{stem}/index.html"
    dest = prefix + dest
    if directory_urls and (dest == "index.html" or dest.endswith("/index.html")):
        dest = dest[:-10] or "./"
    return dest if _SAFE.issuperset(dest) else quote(dest)


_SAFE = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-~/")
"""What `quote` leaves as it is: most paths, returned without its call."""
