"""What the templates receive as `tagindex`, and what a generated page's front matter says.

Frozen records built by the core (`edition.py`) and handed to the `_base/` templates on every
host: the MkDocs plugin renders them inside the theme's frame, another host renders the same
page bodies with `render.py`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from markupsafe import Markup

from ..model.cooccurrence import Narrowing
from ..model.groups import Group
from ..model.routes import Kind, Route
from ..model.tagindex import Article, Card, Pagination, Tag, TagIndex
from ..text.labels import Labels

NUMBER = "\ue000tagindex-card-number\ue000"
"""Stands for a card's number in a kept card: private-use characters, which no escaping
changes and no real text contains."""


class PassThrough:
    """The templates' `tagindex.frame` where nothing is shared: every block and card renders in
    full. The MkDocs host's fast path (`host/fastpath.py`) keeps what generated pages share."""

    enabled = False
    sampling = False

    def key(self, block: str, *state: Any) -> tuple[str, ...] | None:
        """Key of a shared block; None: render it in full."""
        return None

    def block(self, key: tuple[str, ...] | None, render: Callable[[], str]) -> str:
        """A shared block, rendered (by the template's `caller`)."""
        return str(render())

    def card_key(self, card: Card, *state: Any) -> tuple[str, ...] | None:
        return None

    def has_card(self, key: tuple[str, ...] | None) -> bool:
        return False

    def blank(self, card: Card) -> Card:
        """The card with its number left to fill in."""
        return replace(card, number=NUMBER)

    def keep_card(
        self, key: tuple[str, ...] | None, html: str, card: Card, full: str | None = None
    ) -> str:
        return full if full is not None else html.replace(NUMBER, card.number)

    def card(self, key: tuple[str, ...], card: Card) -> str:
        raise KeyError(key)


TEMPLATES: dict[Kind, str] = {"tag": "tagindex/tag.html", "index": "tagindex/tags.html"}
"""Page template of each kind of generated page (public names an author can override)."""


META_KEY = "tagindex"
"""Front-matter key of generated pages: `{kind, tag, number}`, for other plugins and hooks."""


_TITLE_UNSAFE = str.maketrans({"<": "＜", ">": "＞", "&": "＆", '"': "＂"})


def page_title(name: str) -> str:
    """A tag name as a page title or description. Themes print `page.title` and
    `page.meta.description` unescaped (Material also through `striptags`, which would undo
    escaping), so markup characters become full-width look-alikes; the page's own heading is
    rendered, escaped, by our template."""
    return name.translate(_TITLE_UNSAFE)


def page_meta(route: Route, title: str, description: str) -> dict[str, Any]:
    """Front matter of a generated page's source file: its template and title, a description
    (themes put it in `<meta name=description>`; feed plugins need one), and the marker."""
    marker: dict[str, Any] = {"kind": route.kind}
    if route.tag is not None:
        marker.update(tag=route.tag, number=route.number)
    return {
        "template": TEMPLATES[route.kind],
        "title": page_title(title),
        "description": page_title(description),
        META_KEY: marker,
    }


@dataclass(frozen=True)
class Head:
    """What a generated page adds to `<head>` (tagindex/head.html)."""

    rss: str | None = None
    """Site-relative URL of the page's RSS feed (None: no feeds)."""
    json_feed: str | None = None
    """Site-relative URL of the page's JSON Feed."""
    feed_title: str = ""
    structured: Markup | None = None
    """The page's JSON-LD, escaped for a `<script>` element (None without `site_url`)."""
    open_graph: tuple[tuple[str, str], ...] = ()
    """Open Graph properties (empty without `site_url`, or when Material's social plugin
    writes its own)."""


@dataclass(frozen=True)
class PageContext:
    """What a generated page's template receives as `tagindex` (see each template's header)."""

    kind: Kind
    lang: str
    labels: Labels
    index: TagIndex
    tag: Tag | None = None
    index_url: str | None = None
    cards: tuple[Card, ...] = ()
    """The cards of this page (all of them unless the tag is paginated)."""
    pagination: Pagination | None = None
    """Page number, count and URLs when the tag has more cards than `per_page`."""
    audiences: tuple[tuple[str, str], ...] = ()
    """(id, label in this language) of each configured audience, for the switch."""
    frame: PassThrough = field(default_factory=PassThrough, compare=False, repr=False)
    """The parts generated pages of this build share (tagindex/base.html, frame.py)."""
    frame_state: str = ""
    """What, besides the depth, the shared parts of this page depend on (kind, toolbars,
    `hide`): pages in the same state share them."""
    card_heading: str = "h2"
    """Element of each card's title."""
    filters: tuple[str, ...] = ()
    """Facets offered as filter chips: any of `type`, `member`, `category`."""
    head: Head = Head()
    """Feed links, JSON-LD and Open Graph of this page."""
    tags_json_url: str | None = None
    """Site-relative URL of this language's `tags.json` (the script reads it to filter a tag
    split into pages)."""
    search_articles: bool = True
    """The search text (tagindex/search.html) lists the titles of this page's articles."""
    breadcrumbs: tuple[Tag, ...] = ()
    """With the hierarchy: the levels above this page's tag, from the top (`ml`, `ml/rl`)."""
    children: tuple[Tag, ...] = ()
    """With the hierarchy: the levels below this page's tag, with their counts."""
    narrow_with: tuple[Narrowing, ...] = ()
    """The tags sharing most articles with this page's tag (`narrow_with`), each with `tag`,
    `shared` (the articles in common) and `query` (the explorer's, for the all-tags page's
    URL); empty without the all-tags page."""
    group_by: str = "none"
    """How this tag's cards are grouped (`group_by`: none, category, type, year, month)."""
    groups: tuple[Group, ...] = ()
    """The cards of this page under their headings (empty when not grouped): each group has
    key, label, anchor (the heading's id), cards, start (first number), continued (its
    heading repeated from the previous page)."""
    markdown_headings: bool = False
    """Group headings as Markdown headings (the Zensical command: its toc lists them)."""
    explorer: bool = False
    """The all-tags page carries the explorer (`explorer` option), whose script fetches the
    cards it shows for the tags a reader combines (`explorer_url`)."""
    explorer_url: str | None = None
    """Site-relative URL of this language's `explorer.json` (which tag and filter value lists
    which article, and the explorer's pieces of cards), where the all-tags page has the
    explorer: the explorer reads it, and so do a tag page's "narrow with…" counts."""
    explorer_piece: bool = False
    """This render is a piece of the explorer's cards (`output/explorer.py`): the all-tags
    page's context, its `index.explorer_cards` the piece's; `tagindex/explorer.html` renders
    its results block alone."""
    styled: frozenset[str] = frozenset()
    """Slugs of this language's tags that the tags file gives a colour or an icon: their
    heading and all-tags item get a mark (`tagindex-tag-mark`) that `tags.css` styles."""
    tag_styles_url: str | None = None
    """Site-relative URL of `tags.css`, on a page that shows a styled tag (else None)."""

    @property
    def toc(self) -> list[tuple[str, str]]:
        """(anchor, label) of each group heading, for the page's table of contents."""
        return [(group.anchor, group.label) for group in self.groups]

    @property
    def audience_ids(self) -> list[str]:
        return [audience for audience, _ in self.audiences]


@dataclass(frozen=True)
class ArticleContext:
    """What an article page's templates receive as `tagindex`."""

    kind: Literal["article"]
    lang: str
    labels: Labels
    article: Article
    show_meta: bool
    related: tuple[Article, ...] = ()
    """Articles sharing this one's tags, the rarer tags counting more (`related` option)."""
    tag_styles_url: str | None = None
    """Site-relative URL of `tags.css`, when one of the article's chips is a styled tag."""


@dataclass(frozen=True)
class ListingContext:
    """What `tagindex/listing.html` receives as `tagindex`, for one listing marker."""

    kind: Literal["listing"]
    lang: str
    labels: Labels
    cards: tuple[Card, ...]
    """The chosen articles as numbered cards (01, 02, …)."""
    tags: tuple[Tag, ...] = ()
    """The marker's tags that have a page in this language (for a link to them)."""
    card_heading: str = "h3"
    """Element of each card's title: a listing sits under the page's own headings."""
    index: TagIndex | None = None
    """Every tag of this language, as on tag pages."""
    tag: Tag | None = None
    """None: a listing is no tag's page (a card override that reads it still renders)."""
    pagination: Pagination | None = None
    audiences: tuple[tuple[str, str], ...] = ()
    filters: tuple[str, ...] = ()
    group_by: str = "none"
    """How the marker groups its cards (its `group_by`; none when not given)."""
    groups: tuple[Group, ...] = ()
    """The cards under their headings (empty when not grouped), as on tag pages."""


@dataclass(frozen=True)
class Chip:
    """A tag as Material's `partials/tags.html` expects it (`name`, `url`, `hidden`).

    That partial prints `tag.name` unescaped, so the name is handed over already escaped; it also
    looks the name up in `extra.tags` for the tag's icon, so it is the tag's own spelling."""

    name: Markup
    url: str
    hidden: bool = False
    title: str = ""
    """With the hierarchy: the tag's whole path (`ML/RL/GRPO`), the chip's accessible name and
    tooltip, while it shows the leaf's name."""
    slug: str = ""
    """The tag's slug (`data-tagindex-slug`, which `tags.css` keys its colour and icon by)."""
