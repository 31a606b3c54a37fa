"""The site's pages as Zensical will build them: every Markdown file under `docs_dir` (dotfiles
and the command's own files aside), the languages that publish it (zensical-i18n's rules, the same
as mkdocs-static-i18n's: `core.languages`), and its final `meta`: the `.meta.yml` files that
Zensical's `meta` plugin applies (folder by folder, outermost first, then the page's own front
matter on top; lists add up, mappings merge, as in Material's meta plugin, which Zensical ports).
"""

from __future__ import annotations

import os
import posixpath
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...core import Languages, TagIndexConfig, front_matter, refused_keys_out, yaml_mapping
from ..caches.state import text_hash
from ..config.site import CommandError, Site, plugin_options
from . import published

Warn = Callable[[str], None]


class Source:
    """One Markdown file under `docs_dir`: `src`, its path relative to `docs_dir` with `/`
    (`articles/a.ja.md`), and its text. A page whose stat is the one the last build hashed
    comes with that hash (`digest`) and is read only when its text is asked for: a build that
    finds all it needs of it in its memo (`memo.py`) never reads it."""

    __slots__ = ("_digest", "_root", "_text", "src")

    def __init__(
        self, src: str, text: str | None = None, *, root: Path | None = None, digest: str = ""
    ) -> None:
        """`root`: the folder `src` is under, for a text read when asked."""
        self.src = src
        self._text = text
        self._root = root
        self._digest = digest

    @property
    def text(self) -> str:
        if self._text is None:
            assert self._root is not None
            self._text = _read(self._root / self.src)
        return self._text

    @property
    def digest(self) -> str:
        """`state.text_hash` of its text."""
        if not self._digest:
            self._digest = text_hash(self.text)
        return self._digest

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Source) and (self.src, self.text) == (other.src, other.text)

    def __hash__(self) -> int:
        return hash(self.src)

    def __repr__(self) -> str:
        return f"Source({self.src!r})"


def _read(path: Path) -> str:
    try:
        return path.read_text("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise CommandError(f"{path}: not UTF-8 ({exc.reason})") from exc


@dataclass(frozen=True)
class LangPage:
    """One page of one language's build."""

    source: Source
    path: str
    """Path in the language's staged docs (`articles/a.md`): its URL comes from this."""
    locale: str
    """Language of its text (a fallback page keeps the default language)."""
    fallback: bool
    meta: dict[str, Any]


def read_sources(
    docs_dir: Path, srcs: Iterable[str], known: Mapping[str, str] | None = None
) -> list[Source]:
    """The Markdown files among `srcs`; those in `known` (path → the hash of their text, for
    the pages whose stat is the one it was taken at) are read only when asked."""
    out = []
    for src in srcs:
        if src.endswith(".md") and not posixpath.basename(src).startswith("."):
            if known and src in known:
                out.append(Source(src, root=docs_dir, digest=known[src]))
            else:
                out.append(Source(src, _read(docs_dir / src)))
    return out


def merge_meta(base: dict[str, Any], top: Mapping[str, Any], where: str) -> dict[str, Any]:
    """mergedeep's TYPESAFE_ADDITIVE, as Material's meta plugin merges."""
    out = dict(base)
    for key, value in top.items():
        if key not in out:
            out[key] = value
            continue
        old = out[key]
        if isinstance(old, dict) and isinstance(value, Mapping):
            out[key] = merge_meta(old, value, where)
        elif isinstance(old, list) and isinstance(value, list):
            out[key] = old + value
        elif old is not None and value is not None and type(old) is not type(value):
            raise CommandError(
                f"{where}: '{key}' is a {type(value).__name__} here but a "
                f"{type(old).__name__} in a meta file"
            )
        else:
            out[key] = value
    return out


class MetaFiles:
    """The `.meta.yml` files of one staged docs tree, by folder."""

    def __init__(
        self, docs_dir: Path, files: Mapping[str, str], warn: Warn, options: TagIndexConfig
    ) -> None:
        """`files`: staged path of each meta file → its path under `docs_dir`. One that cannot
        be read is said in one line (file, line, key, value), as front matter is, and its keys
        are ignored (issue 39, fault 9: a traceback for `date: 2026-02-30`); a value the
        front matter's validation refuses is said of the meta file, and ignored."""
        self.by_folder: dict[str, dict[str, Any]] = {}
        for staged, src in sorted(files.items()):
            text = _read(docs_dir / src)
            data = yaml_mapping(text, src, warn, "meta file", first_line=1)
            data = refused_keys_out(data, src, options.front_matter, warn) if data else data
            if data:
                self.by_folder[posixpath.dirname(staged)] = data

    def meta_of(self, path: str, own: Mapping[str, Any]) -> dict[str, Any]:
        if not self.by_folder:
            return dict(own)
        meta: dict[str, Any] = {}
        parts = posixpath.dirname(path).split("/") if "/" in path else []
        for depth in range(len(parts) + 1):
            folder = "/".join(parts[:depth])
            if folder in self.by_folder:
                meta = merge_meta(meta, self.by_folder[folder], path)
        return merge_meta(meta, own, path)


def meta_file_name(site: Site) -> str | None:
    """The meta plugin's file name when the site enables it (Zensical: by its presence)."""
    options = plugin_options(site.config, "meta")
    if options is None or options.get("enabled") is False:
        return None
    return str(options.get("meta_file") or ".meta.yml")


def all_files(site: Site, skip: Callable[[str], bool]) -> list[str]:
    """Every file the command reads, dotfiles included (for `.meta.yml`), in MkDocs' order."""
    found: list[str] = []
    meta_name = meta_file_name(site)
    for folder, dirs, files in os.walk(site.docs_dir):
        dirs.sort()
        rel = Path(folder).relative_to(site.docs_dir).as_posix()
        names = sorted(files, key=lambda f: (os.path.splitext(f)[0] not in ("index", "README"), f))
        for name in names:
            src = name if rel == "." else f"{rel}/{name}"
            hidden = any(part.startswith(".") for part in src.split("/"))
            if hidden and name != meta_name:
                continue
            if not skip(src) and (name.endswith(".md") or name == meta_name):
                found.append(src)
    return found


def in_walk_order(paths: Iterable[str]) -> list[str]:
    """Paths in `all_files`' order (folders sorted, each folder's files first, its index or
    README before the rest): a build whose `state.scan` found them need not walk again."""
    return sorted(paths, key=_walk_key)


def _walk_key(path: str) -> tuple[tuple[object, ...], ...]:
    *folders, name = path.split("/")
    last = (0, os.path.splitext(name)[0] not in ("index", "README"), name)
    return (*((1, folder) for folder in folders), last)


def language_pages(
    site: Site,
    languages: Languages,
    files: list[str],
    sources: list[Source],
    warn: Warn,
    read: Callable[[Source, str, Warn], dict[str, Any]] | None = None,
) -> dict[str, list[LangPage]]:
    """Each language's pages with their final meta, in MkDocs' order (`read`: the front
    matter reader, remembered by the build's memo)."""
    order = {src: n for n, src in enumerate(files)}
    by_src = {s.src: s for s in sources}
    meta_name = meta_file_name(site)
    metas = [f for f in files if meta_name and posixpath.basename(f) == meta_name]
    own_meta = {
        s.src: read(s, s.src, warn) if read else front_matter(s.text, s.src, warn) for s in sources
    }
    chosen = languages.select(by_src)
    rules = rules_of(site)
    now = published.now()
    out: dict[str, list[LangPage]] = {}
    for lang, srcs in chosen.items():
        tree = _meta_tree(languages, lang, metas)
        meta_files = MetaFiles(site.docs_dir, tree, warn, site.options)
        pages = []
        for src in sorted(srcs, key=lambda s: order.get(s, 0)):
            locale, path = languages.locale_of(src)
            if not rules.path(path):
                continue
            text_lang = locale or languages.default
            meta = meta_files.meta_of(path, own_meta[src])
            if rules.page(path, meta, now):
                pages.append(LangPage(by_src[src], path, text_lang, text_lang != lang, meta))
        shadowed = rules.shadowed(page.path for page in pages)
        out[lang] = [page for page in pages if page.path not in shadowed]
    return out


def rules_of(site: Site) -> published.Published:
    """The host's publishing rules for the site's config (`published.py`)."""
    return published.Published(site.config, site.path.name)


def built_files(site: Site, srcs: Iterable[str]) -> list[str]:
    """The paths among `srcs` (under `docs_dir`) whose page Zensical reads at all (its path
    rules: `zensical build` neither reads nor refuses an excluded or draft page's front
    matter), for the refusals said before a build."""
    rules, languages = rules_of(site), site.languages()
    return [src for src in srcs if rules.path(languages.locale_of(src)[1])]


def published_sources(site: Site, languages: Languages, sources: list[Source]) -> list[Source]:
    """The sources whose path Zensical builds (`published.Published.path` on the path each
    has in its language's staged tree): what the first pass may read its tags from. The rules
    that need a page's final meta, or its language's other pages, `language_pages` applies."""
    rules = rules_of(site)
    return [s for s in sources if rules.path(languages.locale_of(s.src)[1])]


def _meta_tree(languages: Languages, lang: str, metas: list[str]) -> dict[str, str]:
    """Staged path → source of each meta file a language's build sees."""
    tree: dict[str, str] = {}
    for src in metas:
        if languages.structure == "folder":
            head, _, rest = src.partition("/")
            if rest and head in languages.build:
                if head == lang:
                    tree[rest] = src
                elif head == languages.default and languages.fallback:
                    tree.setdefault(rest, src)
                continue
        tree.setdefault(src, src)
    return tree
