"""What a host hands the engine for each page (`SourcePage`, with its `Facts` and a blog's
`Post`), and the record the engine makes of it (`Article`): one page as a card shows it,
validated once per page per build (pure).
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from .cardfields import FIELDS
from .sections import Section

_DECLARED = frozenset(field.name for field in FIELDS)


@dataclass(frozen=True)
class Article:
    """One page as a card shows it: what its front matter says (validated), what MkDocs and the
    other plugins made of it (URL, title), and what its rendered HTML gives (read time, summary).

    Built once per page per build from the page's final state; the templates receive it as is.
    """

    src_uri: str
    url: str
    """Site-relative and percent-encoded, as MkDocs' `File.url`; templates pass it to `url`."""
    title: str
    tags: tuple[str, ...]
    """Tag ids (see `tag_key`) in the page's own order."""
    categories: tuple[str, ...] = ()
    member: bool = False
    type: str | None = None
    summary: str | None = None
    date: datetime.date | None = None
    updated: datetime.date | None = None
    weight: float | None = None
    read_time: int | None = None
    lang: str | None = None
    """Language of the page's text."""
    fallback: bool = False
    """An untranslated page that mkdocs-static-i18n publishes in another language's site."""
    audience: tuple[str, ...] = ()
    """Audience ids; none means the article is for everyone."""
    authors: tuple[str, ...] = ()
    """Author names (Material's blog authors resolved from its `.authors.yml`)."""
    draft: bool = False
    """Listed only under `mkdocs serve`, with a "Draft" mark."""
    fields: tuple[tuple[str, Any], ...] = ()
    """The fields of `cardfields.FIELDS` its front matter gives, read as `article.<name>`."""
    sections: tuple[Section, ...] = ()
    """Its tagged headings (issue 41), in document order, with their tags' ids."""
    section: Section | None = None
    """On a section's card: the section (the card is its page's, with the section's URL,
    read time and summary); None on a page's card."""

    @property
    def card_title(self) -> str:
        """The title its card, feed item and structured data show: a section's card says
        "Article title › Section heading"."""
        if self.section is None:
            return self.title
        return f"{self.title} › {self.section.heading}"

    @property
    def page_src(self) -> str:
        """The source path of the page this card is of (a section's card: its page's)."""
        return self.src_uri.partition("#")[0]

    def of_section(self, section: Section) -> Article:
        """The card of one of its sections: the article's badges, the section's anchor,
        read time and summary."""
        return replace(
            self,
            src_uri=f"{self.src_uri}#{section.anchor}",
            url=f"{self.url}#{section.anchor}",
            tags=section.ids,
            summary=section.summary,
            read_time=section.read_time,
            sections=(),
            section=section,
        )

    def __getattr__(self, name: str) -> Any:
        """A declared card field (`cardfields.py`): its value, or None when the page has none
        (templates ask every card for it)."""
        if name.startswith("__") or name not in _DECLARED:
            raise AttributeError(name)
        return dict(self.__dict__.get("fields", ())).get(name)

    @property
    def facets(self) -> dict[str, list[str]]:
        """Values the tag page's filters match against (rendered as JSON on each card)."""
        return {
            "audience": list(self.audience),
            "type": [self.type.lower()] if self.type else [],
            "member": ["1" if self.member else "0"],
            "category": list(self.categories),
        }


@dataclass(frozen=True)
class Post:
    """What a blog engine knows of one of its posts (on MkDocs, Material's blog)."""

    created: datetime.date | None
    updated: datetime.date | None
    categories: tuple[str, ...]
    authors: tuple[str, ...]
    read_time: int | None
    draft: bool


@dataclass(frozen=True)
class Facts:
    """What a page's rendered HTML says: first heading, computed read time, first paragraph."""

    heading: str | None = None
    minutes: int | None = None
    summary: str | None = None
    sections: tuple[Section, ...] = ()
    """Its tagged headings, as the source declares them and the HTML shows them."""
    said: tuple[str, ...] = ()
    """The warnings its sections' markup gave: a host that keeps facts for a later build says
    them again when it reuses them."""


GitDates = Callable[[], tuple[datetime.date | None, datetime.date | None]]


@dataclass(frozen=True)
class SourcePage:
    """One page as a host hands it to the core, in its final state: after every other plugin
    (on MkDocs: `page.meta`, `page.title`, `page.url` at `on_env`)."""

    src_uri: str
    url: str
    meta: Mapping[str, Any]
    title: str | None = None
    """The page's final title (on MkDocs `page.title`, which plugins may have changed)."""
    nav_title: str | None = None
    """The title the nav gave it before any page was read, if any."""
    facts: Facts = Facts()
    locale: str | None = None
    """Language of the page's text, where the host's i18n layer says (static-i18n)."""
    fallback: bool = False
    """Published in another language's site, untranslated."""
    post: Post | None = None
    git_dates: GitDates | None = None
    """Created and updated dates from version control, asked only when front matter has none."""
