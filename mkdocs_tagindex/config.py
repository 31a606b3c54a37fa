"""Plugin options, typed with MkDocs' own config machinery.

Bad values surface as MkDocs' normal ``Config value 'plugins' ...`` errors, so a site author sees
the same kind of message as for any other option.
"""

from __future__ import annotations

from mkdocs.config import config_options as c
from mkdocs.config.base import Config


class FrontMatterKeys(Config):
    """Which front-matter key carries each field, so existing sites keep their own names."""

    tags = c.Type(str, default="tags")
    """Tag list; the same key Material's tags plugin reads."""
    category = c.Type(str, default="category")
    """Category shown first on a card."""
    member = c.Type(str, default="member")
    """Members-only flag; shows the member badge."""
    type = c.Type(str, default="type")
    """Kind of article (`paper`, `tutorial`), shown in capitals."""
    summary = c.Type(str, default="summary")
    """Card summary. Falls back to `description`, then to the page's first paragraph."""
    description = c.Type(str, default="description")
    """Fallback for the summary; the key MkDocs and Material use for `<meta name=description>`."""
    date = c.Type(str, default="date")
    """Publication date, used by the default order (newest first)."""
    weight = c.Type(str, default="weight")
    """Number used by `sort_by: weight` (lower comes first)."""
    read_time = c.Type(str, default="read_time")
    """Minutes; overrides the computed read time."""
    lang = c.Type(str, default="lang")
    """Language of the page's text, for the read time; overrides the build's language."""
    audience = c.Type(str, default="audience")
    """Who the article is for: a list of audience ids from the `audiences` option."""


class ReadTimeConfig(Config):
    """Reading speeds; see the README's read-time section for where the defaults come from."""

    enabled = c.Type(bool, default=True)
    """Compute read times at all (a `read_time` in front matter is shown either way)."""
    language = c.Optional(c.Type(str))
    """Language of pages when neither static-i18n nor the theme's `language` names one."""
    rates = c.Type(dict, default={})
    """Per-language overrides of the reading speeds, e.g. `{ja: {chars_per_minute: 500}}`;
    the key `default` applies to languages without an entry."""
    on_article = c.Type(bool, default=True)
    """Show the read time and the member badge in the header of article pages."""


class TagIndexConfig(Config):
    """Options of the `tagindex` plugin, as written under `plugins: - tagindex:`."""

    enabled = c.Type(bool, default=True)
    """Turn the plugin off without removing it, e.g. `enabled: !ENV [TAGINDEX, true]`."""
    tags_dir = c.Type(str, default="tags")
    """Folder (under the site root of each language) for the tag pages and the all-tags page."""
    index = c.Type(bool, default=True)
    """Generate the all-tags page at `<tags_dir>/`."""
    index_sort = c.Choice(("name", "count"), default="name")
    """Order of the all-tags page: by name, or by article count (largest first, then name)."""
    sort_by = c.Choice(("date", "title", "read_time", "weight"), default="date")
    """Order of the cards on a tag page. Ties are broken by title, then by source path."""
    sort_reverse = c.Type(bool, default=False)
    """Reverse the order above (date is already newest first)."""
    per_page = c.Type(int, default=50)
    """Cards per tag page; longer tags continue on `<tags_dir>/<slug>/page/2/` (0: one page)."""
    chips = c.Type(bool, default=True)
    """Link the tags shown on article pages (Material's tags spot) to this plugin's tag pages."""
    tags_file = c.Optional(c.File(exists=True))
    """YAML file giving tags per-language names, descriptions and aliases (see README)."""
    unknown_tags = c.Choice(("ignore", "warn", "error"), default="warn")
    """With a tags file: what a tag missing from it does (as Docusaurus' `onInlineTags`)."""
    fallback_articles = c.Choice(("mark", "hide"), default="mark")
    """With mkdocs-static-i18n: untranslated pages it falls back to are listed with a small
    "not translated" label (`mark`), or left off the other language's tag pages (`hide`)."""
    audiences = c.Type(dict, default={})
    """Audience ids and their label per language, e.g. `{students: {en: Students, ja: 学生}}`.
    With any, tag pages and the all-tags page get an audience switch (All / Students / …)."""
    filters = c.ListOfItems(c.Choice(("type", "member", "category")), default=[])
    """Facets offered as filter chips on tag pages; they combine with the audience (AND)."""
    front_matter = c.SubConfig(FrontMatterKeys)
    """Front-matter key names, for sites that already use other names."""
    read_time = c.SubConfig(ReadTimeConfig)
    """Read-time settings."""
    labels = c.Type(dict, default={})
    """Per-language label overrides, e.g. `{en: {articles: {other: "{count} posts"}}}`."""
    summary_length = c.Type(int, default=300)
    """Longest summary taken from a page's first paragraph, in characters (0: no limit)."""
