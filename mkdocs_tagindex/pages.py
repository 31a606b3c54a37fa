"""Pages the plugin generates, as ordinary MkDocs pages, and what their templates receive.

A generated page is a plain MkDocs `Page` backed by a small Markdown file in a temporary folder
(as Material's blog does for its archive and category views): every other plugin finds a real
`abs_src_path`, a `toc`, `meta` and a title, and an author who lists the page in `nav` gives it
its title there. The file holds only front matter (template, title, the `tagindex` marker);
the page's body comes from the templates in `theme_overrides/`, rendered from the tag model.

Other plugins and hooks tell these pages apart by `page.file.generated_by == "tagindex"`
(MkDocs' own marker) or by the `tagindex` key in `page.meta` (`{kind: tag, tag: grpo}`).
"""

from __future__ import annotations

import os
import posixpath
import shutil
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Literal

import yaml
from markupsafe import Markup
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, InclusionLevel

from .frame import Frame
from .labels import Labels
from .model import Article, Card, Pagination, Tag, TagIndex
from .routes import Kind, Route

try:  # libyaml's emitter: five times as fast as PyYAML's; MkDocs reads the same meta back
    _Dumper: Any = yaml.CSafeDumper
except AttributeError:  # pragma: no cover - PyYAML built without libyaml
    _Dumper = yaml.SafeDumper

TEMPLATES: dict[Kind, str] = {"tag": "tagindex/tag.html", "index": "tagindex/tags.html"}
"""Page template of each kind of generated page (public names an author can override)."""

STUB_PREFIX = "tagindex-generated-"
"""File-name prefix of the stubs, so that no stub shares a name with an author's page."""

META_KEY = "tagindex"
"""Front-matter key of generated pages: `{kind, tag, number}`, for other plugins and hooks."""

_TITLE_UNSAFE = str.maketrans({"<": "＜", ">": "＞", "&": "＆", '"': "＂"})


def page_title(name: str) -> str:
    """A tag name as a page title or description. Themes print `page.title` and
    `page.meta.description` unescaped (Material also through `striptags`, which would undo
    escaping), so markup characters become full-width look-alikes; the page's own heading is
    rendered, escaped, by our template."""
    return name.translate(_TITLE_UNSAFE)


class Stubs:
    """The temporary folder holding the source files of generated pages, one per plugin instance.

    Paths come from routes (a validated `tags_dir` and slugs that are single safe segments);
    each is still checked to stay inside the folder before anything is written.
    """

    def __init__(self) -> None:
        self._root: str | None = None
        self._written: dict[str, set[str]] = {}

    @property
    def root(self) -> str:
        if self._root is None:
            self._root = os.path.realpath(tempfile.mkdtemp(prefix="mkdocs-tagindex-"))
        return self._root

    def _path(self, lang: str, src_uri: str, name_prefix: str) -> str:
        *folders, name = src_uri.split("/")
        path = os.path.join(self.root, lang or "_", *folders, f"{name_prefix}{name}")
        path = os.path.realpath(path)
        if os.path.commonpath([path, self.root]) != self.root:  # pragma: no cover - guarded above
            raise ValueError(f"generated file {src_uri!r} would leave {self.root}")
        os.makedirs(os.path.dirname(path), exist_ok=True)
        return path

    def write(self, lang: str, src_uri: str, meta: dict[str, Any]) -> str:
        """Write the stub of `src_uri` for one language; returns its absolute path.

        Written on every build, so its modification time tells `--dirty` builds to render it.
        """
        # not `index.md`: mkdocs-autolinks-plugin resolves links by file name and warns when
        # two files share one, so a stub never takes the name of a page an author links to
        path = self._path(lang, src_uri, STUB_PREFIX)
        text = (
            "---\n" + yaml.dump(meta, Dumper=_Dumper, allow_unicode=True, sort_keys=True) + "---\n"
        )
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(text)
        self._written.setdefault(lang, set()).add(path)
        return path

    def write_static(self, lang: str, src_uri: str, text: str | Iterable[str]) -> str:
        """Write a generated file that is not a page (a feed, `tags.json`); returns its path.

        On disk rather than in `File.content`: MkDocs keeps every `File` of a language until
        the whole build ends (static-i18n's other languages build inside it), and the feeds
        and `tags.json` of a large site are megabytes. Its name keeps no stub prefix; no stub
        has a name without one, so the two never meet.
        """
        path = self._path(lang, src_uri, "")
        with open(path, "w", encoding="utf-8") as handle:
            handle.writelines([text] if isinstance(text, str) else text)
        return path

    def prune(self, lang: str, keep: set[str]) -> None:
        """Remove the stubs of `lang` that this build no longer generates."""
        for path in self._written.get(lang, set()) - keep:
            if os.path.isfile(path):
                os.remove(path)
        self._written[lang] = set(keep) & self._written.get(lang, set())

    @property
    def count(self) -> int:
        return sum(len(paths) for paths in self._written.values())

    def remove(self) -> None:
        if self._root is not None:
            shutil.rmtree(self._root, ignore_errors=True)
            self._root = None
            self._written.clear()


def stub_meta(route: Route, title: str, description: str) -> dict[str, Any]:
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


def new_file(config: MkDocsConfig, src_uri: str, prefix: str, abs_src_path: str) -> File:
    """A generated file at `src_uri`, written under the current language's folder (`prefix`).

    The source path stays un-prefixed, so `nav: [tags/index.md]` finds it in every language.
    """
    file = File.generated(
        config, src_uri, abs_src_path=abs_src_path, inclusion=InclusionLevel.NOT_IN_NAV
    )
    if prefix:
        file.dest_uri = prefix + file.dest_uri
    return file


def static_file(config: MkDocsConfig, src_uri: str, prefix: str, abs_src_path: str) -> File:
    """A generated file that is not a page (a feed, `tags.json`): MkDocs copies it to
    `site_dir` with the static files, under the current language's folder."""
    file = File.generated(
        config, src_uri, abs_src_path=abs_src_path, inclusion=InclusionLevel.INCLUDED
    )
    if prefix:
        file.dest_uri = prefix + file.dest_uri
    return file


def target_file(config: MkDocsConfig, src_uri: str, prefix: str) -> File:
    """A file standing for a page of another language's build (a switcher target)."""
    file = File(src_uri, None, config.site_dir, config.use_directory_urls)
    if prefix:
        file.dest_uri = prefix + file.dest_uri
    return file


def url_for(config: MkDocsConfig, src_uri: str, prefix: str) -> str:
    """Site-relative URL of `src_uri` in the language whose folder is `prefix`."""
    return target_file(config, posixpath.normpath(src_uri), prefix).url


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
    frame: Frame = field(default_factory=lambda: Frame(enabled=False), compare=False, repr=False)
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


@dataclass(frozen=True)
class Chip:
    """A tag as Material's `partials/tags.html` expects it (`name`, `url`, `hidden`).

    That partial prints `tag.name` unescaped, so the name is handed over already escaped; it also
    looks the name up in `extra.tags` for the tag's icon, so it is the tag's own spelling."""

    name: Markup
    url: str
    hidden: bool = False
