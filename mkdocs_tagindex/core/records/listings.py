"""Listing markers: `<!-- tagindex { … } -->` in any page asks for cards there (pure).

Markers are looked for in the rendered HTML, not the Markdown, so that one shown in a code
block (where Markdown escapes it) stays an example.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from html import unescape

import yaml
from mkdocs.config import config_options as c
from mkdocs.config.base import Config

from ..options.optiontypes import TagList, Text
from ..text.slugs import tag_key
from ..text.values import short
from .frontmatter import Warn, yaml_loader

_MARKER = re.compile(r"<!--\s*tagindex(?![\w-])(?P<options>.*?)-->", re.S)


class ListingConfig(Config):
    """Options of a `<!-- tagindex { … } -->` marker (README "Cards in any page")."""

    tags = TagList()
    """Articles with any of these tags; none: every article of the page's language."""
    limit = c.Optional(c.Type(int))
    """At most this many cards (1 or more)."""
    sort_by = c.Optional(c.Choice(("date", "title", "read_time", "weight")))
    """Card order; the plugin's `sort_by` when not given."""
    reverse = c.Type(bool, default=False)
    """Reverse that order."""
    type = Text()
    """Only articles of this type (`paper`)."""
    audience = Text()
    """Only articles for this audience id (articles for everyone included)."""
    category = Text()
    """Only articles in this category."""
    member = c.Optional(c.Type(bool))
    """Only members-only articles (`true`) or only free ones (`false`)."""
    group_by = c.Optional(c.Choice(("none", "category", "type", "year", "month")))
    """Cards under a heading per year, month, category or type; none when not given."""


@dataclass(frozen=True)
class Listing:
    """One marker: where it stands in the HTML (`placeholder`) and what it asks for."""

    placeholder: str
    tags: tuple[str, ...] = ()
    limit: int | None = None
    sort_by: str | None = None
    reverse: bool = False
    type: str | None = None
    audience: str | None = None
    category: str | None = None
    member: bool | None = None
    group_by: str | None = None


def listings(html: str, src_uri: str, warn: Warn) -> tuple[str, list[Listing]]:
    """Find the listing markers of a rendered page and put a placeholder at each.

    Markers are looked for in the HTML, not the Markdown, so that one shown in a code block
    (where Markdown escapes it) stays an example. A bad option is reported, naming the file
    and the key, and left out; the listing is still rendered with the others.
    """
    found: list[Listing] = []

    def replace(match: re.Match[str]) -> str:
        placeholder = f"<!-- tagindex-listing {len(found)} -->"
        text = unescape(match.group("options")).strip()
        try:
            options = yaml.load(text, Loader=yaml_loader) if text else {}
        except yaml.YAMLError as exc:
            problem = getattr(exc, "problem", None) or "invalid YAML"
            warn(f"{src_uri}: tagindex listing: the options are not valid YAML: {problem}")
            options = {}
        if options is None:
            options = {}
        if not isinstance(options, dict):
            warn(f"{src_uri}: tagindex listing: expected options like {{ tags: [grpo] }}")
            options = {}
        config = ListingConfig(config_file_path=src_uri)
        config.load_dict(options)
        errors, warnings = config.validate()
        for key, message in [*errors, *warnings]:
            warn(f"{src_uri}: tagindex listing option '{key}': {message}")
        if errors:  # validate again without what was wrong, so the rest still applies
            for key, _ in errors:
                options.pop(key, None)
            config = ListingConfig(config_file_path=src_uri)
            config.load_dict(options)
            config.validate()
        if config.limit is not None and config.limit < 1:
            got = short(config.limit)
            warn(f"{src_uri}: tagindex listing option 'limit': expected 1 or more, got {got}")
            config.limit = None
        found.append(
            Listing(
                placeholder=placeholder,
                tags=tuple(config.tags),
                limit=config.limit if config.limit and config.limit > 0 else None,
                sort_by=config.sort_by,
                reverse=config.reverse,
                type=config.type,
                audience=tag_key(config.audience) if config.audience else None,
                category=config.category,
                member=config.member,
                group_by=config.group_by,
            )
        )
        return placeholder

    return _MARKER.sub(replace, html), found
