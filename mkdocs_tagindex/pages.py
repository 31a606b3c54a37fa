"""Pages the plugin generates: a tag page per tag and the all-tags page.

They have no Markdown source; their body comes from the templates in ``theme_overrides/``, so a
generated page never runs Markdown and costs one template render.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from markupsafe import Markup
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files, InclusionLevel
from mkdocs.structure.pages import Page

from .labels import Labels
from .model import Article, Card, Pagination, Tag, TagIndex

Kind = Literal["tag", "index"]

TEMPLATES: dict[Kind, str] = {"tag": "tagindex/tag.html", "index": "tagindex/tags.html"}
"""Page template of each kind of generated page; each extends the theme's `main.html`."""


_TITLE_UNSAFE = str.maketrans({"<": "＜", ">": "＞", "&": "＆", '"': "＂"})


def page_title(name: str) -> str:
    """A tag name as a page title. Themes print `page.title` unescaped (Material also through
    `striptags`, which would undo escaping), so markup characters become full-width look-alikes;
    the page's own heading is rendered, escaped, by our template."""
    return name.translate(_TITLE_UNSAFE)


class GeneratedPage(Page):
    """A page whose body is rendered by a template from the tag model, not from Markdown."""

    def __init__(
        self,
        title: str,
        file: File,
        config: MkDocsConfig,
        *,
        kind: Kind,
        key: str | None,
        number: int = 1,
    ) -> None:
        title = page_title(title)
        super().__init__(title, file, config)
        self.kind: Kind = kind
        self.key = key
        self.number = number
        """Page number within a paginated tag (1 for the tag's own URL)."""
        self._page_title = title

    def read_source(self, config: MkDocsConfig) -> None:
        self.markdown = ""
        self.meta = {"template": TEMPLATES[self.kind], "title": self._page_title}

    def render(self, config: MkDocsConfig, files: Files) -> None:
        self.content = ""
        self.present_anchor_ids = set()


def new_file(config: MkDocsConfig, src_uri: str, prefix: str) -> File:
    """A virtual file at `src_uri`, written under the current language's folder (`prefix`).

    The source path stays un-prefixed, so `nav: [tags/index.md]` finds it in every language.
    """
    file = File.generated(config, src_uri, content="", inclusion=InclusionLevel.NOT_IN_NAV)
    if prefix:
        file.dest_uri = prefix + file.dest_uri
    return file


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
    memo: dict[str, Any] | None = field(default=None, compare=False, repr=False)
    """Rendered theme parts shared by generated pages of this build (see tag.html's
    `site_nav`); None when a generated page is in the nav, so the navigation differs."""
    filters: tuple[str, ...] = ()
    """Facets offered as filter chips: any of `type`, `member`, `category`."""

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


@dataclass(frozen=True)
class Chip:
    """A tag as Material's `partials/tags.html` expects it (`name`, `url`, `hidden`).

    That partial prints `tag.name` unescaped, so the name is handed over already escaped."""

    name: Markup
    url: str
    hidden: bool = False
