"""What a whole `tagindex build` computed, kept for the next one
(`.cache/tagindex/memo.<config>.pickle`), so that a build after a small change does the work of
that change only, with output byte for byte that of a cold build
(tests/build/test_zensical_incremental.py).

Every entry is keyed by everything the computation it stands for reads; a key that does not
match is computed again. The whole memo is keyed by the settings (`state.settings_key`: config
files, their `!ENV` values, the package's code and templates, the Markdown tools, `custom_dir`,
the tags file), so a new version or a changed template starts it afresh. Kept:

- front matter: (path, hash of the text) → its keys and the warnings reading them gave; and
  the hash of the page's Markdown without them (the key of its facts, `markup.py`);
- articles: one page of one language as `Language.article` receives it (its final meta, URL,
  facts, locale) → the `Found` it made and the warnings it gave;
- languages: the key of one language's inputs (its articles in order, and the slugs and shown
  names of their tags: what the run shares between languages) → the files it published (their
  hashes) and the messages it gave; such a language is not computed at all;
- pages: a generated page's path → the key of what its templates received (its context but the
  frame, whose output is the same by construction) and whether they read the whole tag index;
  a page whose key matches is not rendered again.

Files taken from an earlier run are read back from `docs_dir` and used only when their bytes
still hash to what was written (else the entry is dropped and the page is rendered).
"""

from __future__ import annotations

import hashlib
import io
import os
import pickle
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import layers
from .snapshot import Snapshot

if TYPE_CHECKING:
    from ..config.site import Site

Warn = Callable[[str], None]
NAME = "memo.pickle"
VERSION = 6
TABLES = ("front", "bodies", "langs", "skips", "facts_of", "pages", "texts")


def open_memo(site: Site, name: str = NAME) -> Memo:
    """The memo of earlier builds (`name`: `tagindex check` keeps its own), keyed by
    everything site-wide."""
    from .state import config_files, settings_key

    key = settings_key(site.root, config_files(site.path), site.settings_extra(), {"memo": VERSION})
    return Memo.open(site.cache_file(name), key, site.docs_dir)


def digest(value: object) -> str:
    """A stable hash of a value made of dataclasses, tuples, lists, dicts and scalars."""
    return hashlib.sha256(pickle.dumps(value, protocol=5)).hexdigest()[:32]


def _record(digest: str) -> None:
    """What a `Keys` digest has in place of an article: the article's own digest (never
    unpickled: the name only)."""


class Keys:
    """Digests within one build, each article (immutable, on many pages: every tag it has, the
    all-tags page) pickled once and then stood for by its own digest, so a page's key costs
    its own fields and not its cards' articles again. Equal values give equal digests."""

    def __init__(self) -> None:
        from ...core import Article, Found

        self.kinds: tuple[type, ...] = (Article, Found)
        self.seen: dict[int, tuple[object, str]] = {}
        """id → (the article, kept so that its id is not reused; its digest)."""

    def digest(self, value: object) -> str:
        return hashlib.sha256(self._dumps(value, None)).hexdigest()[:32]

    def _dumps(self, value: object, top: object) -> bytes:
        buffer = io.BytesIO()
        _Pickler(buffer, self, top).dump(value)
        return buffer.getvalue()

    def know(self, record: object, digest: str) -> None:
        """`record`'s digest, taken by an earlier build of a record equal to it."""
        self.seen[id(record)] = (record, digest)

    def of(self, record: object) -> str:
        hit = self.seen.get(id(record))
        if hit is None:
            found = hashlib.sha256(self._dumps(record, record)).hexdigest()[:32]
            hit = self.seen[id(record)] = (record, found)
        return hit[1]


class _Pickler(pickle.Pickler):
    def __init__(self, file: io.BytesIO, keys: Keys, top: object) -> None:
        super().__init__(file, protocol=5)
        self.keys = keys
        self.top = top

    def reducer_override(self, obj: Any) -> Any:
        if obj is not self.top and type(obj) in self.keys.kinds:
            return _record, (self.keys.of(obj),)
        return NotImplemented


@dataclass
class Skip:
    """What a language's pages gave the build that last built it, so that a build whose pages
    of that language are the same (`inputs`: their paths, hashes, places and meta files) need
    not read them again: its articles' tags with their slugs and names then (`shared`: if the
    run gives them others, the language is built), its key (`langs`), the messages its pages
    gave, and the tags that got pages (`Run.final`). Each page's facts: `Memo.facts_of`."""

    inputs: str
    shared: list[tuple[str, str, str | None]]
    key: str
    said: list[tuple[int, str]]
    final: dict[str, int]


class ArticleTable:
    """One language's articles (page → (the page, its `Found`, the messages, the digests of
    its article and of its `Found`: those of `Keys`, so that a language's key does not pickle
    them again)), in a file of its own: a build that skips the language never reads it."""

    def __init__(self, path: Path, key: str) -> None:
        self.snapshot = Snapshot(path, (VERSION, key), ("entries",))
        self.entries: dict[str, tuple[Any, Any, list[tuple[int, str]], tuple[str, str]]]
        self.entries = self.snapshot.load()["entries"]
        self.used: set[str] = set()

    def save(self) -> None:
        kept = {k: v for k, v in self.entries.items() if k in self.used}
        self.snapshot.save({"entries": kept})


def context_key(keys: Keys, context: Any, *more: object) -> str:
    """The key of what a generated page's templates receive: its context but the tag index
    (whose hash is asked apart, for the pages whose templates read it) and the labels (the
    settings'), and `more`."""
    return keys.digest((replace(context, index=None, labels=None), *more))


def tracking(context: Any, **changes: Any) -> tuple[Any, Tracked]:
    """The context with its index noting whether the templates read it."""
    index = Tracked(context.index)
    return replace(context, index=index, **changes), index


class Tracked:
    """The tag index as a template receives it, noting whether the template read it."""

    def __init__(self, index: Any) -> None:
        self._index = index
        self.read = False

    def __getattr__(self, name: str) -> Any:
        self.read = True
        return getattr(self._index, name)

    def __bool__(self) -> bool:
        self.read = True
        return bool(self._index)

    def __iter__(self) -> Iterator[Any]:
        self.read = True
        return iter(self._index)

    def __str__(self) -> str:
        self.read = True
        return str(self._index)


@dataclass
class Memo:
    """See the module's docstring; `key` is the settings' hash, `docs_dir` where files are."""

    path: Path
    key: str
    docs_dir: Path
    front: dict[tuple[str, str], tuple[dict[str, Any], list[str]]] = field(default_factory=dict)
    bodies: dict[tuple[str, str], str] = field(default_factory=dict)
    found: dict[str, ArticleTable] = field(default_factory=dict)
    """Language → its pages' articles (`ArticleTable`), read when the language is built."""
    keys: Keys = field(default_factory=lambda: Keys())
    langs: dict[str, tuple[str, dict[str, str], list[tuple[int, str]]]] = field(
        default_factory=dict
    )
    skips: dict[str, Skip] = field(default_factory=dict)
    """Language → what its pages gave the last build that built it (`Skip`)."""
    facts_of: dict[tuple[str, str], tuple[str, str]] = field(default_factory=dict)
    """(language, page with tags) → the language of its text and its key in the facts cache,
    as the last build read them (a table, so that a build logs only the pages that changed)."""
    pages: dict[str, tuple[str, str, str]] = field(default_factory=dict)
    """Path → (key of the context, hash of the index if the templates read it else "", hash
    of the file)."""
    texts: dict[str, str] = field(default_factory=dict)
    """Key of what a piece of a file is made of (`Keys`) → that piece (`remember`)."""
    used: dict[str, set[Any]] = field(default_factory=dict)
    same: dict[str, str] = field(default_factory=dict)
    """Files read back from `docs_dir` in this run (what is there is what the run publishes),
    with the SHA-256 of their bytes (`owned.py`'s manifests take it)."""

    snapshot: Snapshot | None = None

    @classmethod
    def open(cls, path: Path, key: str, docs_dir: Path) -> Memo:
        memo = cls(path, key, docs_dir)
        memo.snapshot = Snapshot(memo.path, (VERSION, key), TABLES)
        for table, entries in memo.snapshot.load().items():
            setattr(memo, table, entries)
        memo.used = {name: set() for name in TABLES}
        return memo

    def save(self) -> None:
        """Keep what this build used (a snapshot, or the changes appended to its log); the
        article tables of the languages it read."""
        tables = {}
        for name in TABLES:
            used = self.used[name]
            tables[name] = {k: v for k, v in getattr(self, name).items() if k in used}
        assert self.snapshot is not None, "a memo comes from Memo.open"
        self.snapshot.save(tables)
        for table in self.found.values():
            table.save()

    def articles(self, lang: str) -> ArticleTable:
        """One language's table of articles, read at its first use in this build."""
        table = self.found.get(lang)
        if table is None:
            name = f"{self.path.stem}.articles-{lang}{self.path.suffix}"
            table = self.found[lang] = ArticleTable(self.path.with_name(name), self.key)
        return table

    # -- front matter and articles ------------------------------------------------------------

    def front_matter(self, read: Callable[[str, str, Warn], dict[str, Any]]) -> Callable[..., Any]:
        """`read` (the core's `front_matter`) of a `sources.Source`, remembered by its path and
        the hash of its text (so a page whose hash is known is not even read)."""

        def front(source: Any, path: str, warn: Warn) -> dict[str, Any]:
            key = (path, source.digest)
            hit = self.front.get(key) if layers.on("front") else None
            if hit is None:
                said: list[str] = []
                hit = (read(source.text, path, said.append), said)
                self.front[key] = hit
            self.used["front"].add(key)
            for message in hit[1]:
                warn(message)
            return hit[0]

        return front

    def body(self, source: Any, hash_body: Callable[[str], str]) -> str:
        """`hash_body(text)` of a `sources.Source`, remembered by its path and text's hash."""
        key = (source.src, source.digest)
        hit = self.bodies.get(key)
        if hit is None:
            hit = self.bodies[key] = hash_body(source.text)
        self.used["bodies"].add(key)
        return hit

    def article(self, lang: str, page: Any, run: Any, make: Callable[[Any], Any]) -> Any:
        """`make(page)` (`Language.article`), remembered while the page (all of it that
        `make` reads: final meta, URL, title, facts, locale) is equal."""
        table = self.articles(lang)
        key = page.src_uri
        hit = table.entries.get(key) if layers.on("articles") else None
        if hit is None or hit[0] != page or page.git_dates is not None:
            with run.messages.recording() as said:
                made = make(page)
            digests = (self.keys.of(made.article), self.keys.of(made)) if made else ("", "")
            hit = table.entries[key] = (page, made, said, digests)
        else:
            for level, message in hit[2]:
                run.messages.say(level, message)
            if hit[1] is not None:  # its digests, as taken of it when it was made
                self.keys.know(hit[1].article, hit[3][0])
                self.keys.know(hit[1], hit[3][1])
        table.used.add(key)
        return hit[1]

    def remember(self, inputs: object, make: Callable[[Any], str]) -> str:
        """`make(inputs)`, or what it gave an earlier build for equal `inputs` (the engine's
        `syndication.Remember`: `tags.json` made again of the lines of its changed tags)."""
        key = self.keys.digest((make.__module__, make.__qualname__, inputs))
        hit = self.texts.get(key) if layers.on("texts") else None
        if hit is None:
            hit = self.texts[key] = make(inputs)
        self.used["texts"].add(key)
        return hit

    # -- published files ----------------------------------------------------------------------

    def read_back(self, path: str, hashed: str) -> bytes | None:
        """The bytes of an earlier run's file, if they are still those it wrote."""
        try:
            with open(os.path.join(self.docs_dir, path), "rb") as handle:
                data = handle.read()
        except OSError:
            return None
        full = hashlib.sha256(data).hexdigest()
        if full[:32] != hashed:
            return None
        self.same[path] = full
        return data

    def language(
        self,
        lang: str,
        key: str,
        files: dict[str, bytes],
        run: Any,
        first: Callable[[], None] | None = None,
    ) -> bool:
        """Put an unchanged language's files into `files` and say its messages again (after
        `first`, called once its files are found as they were written)."""
        hit = self.langs.get(lang) if layers.on("languages") else None
        if hit is None or hit[0] != key:
            return False
        found: dict[str, bytes] = {}
        for path, hashed in hit[1].items():
            data = self.read_back(path, hashed)
            if data is None:
                return False
            found[path] = data
        if first is not None:
            first()
        files.update(found)
        for level, message in hit[2]:
            run.messages.say(level, message)
        self.used["langs"].add(lang)
        self.used["pages"].update(p for p in hit[1] if p in self.pages)
        return True

    def keep_language(
        self, lang: str, key: str, files: Mapping[str, bytes], said: list[tuple[int, str]]
    ) -> None:
        hashes = {p: hashlib.sha256(d).hexdigest()[:32] for p, d in files.items()}
        self.langs[lang] = (key, hashes, said)
        self.used["langs"].add(lang)

    def page(self, path: str, key: str, index: Callable[[], str]) -> bytes | None:
        """The file of a generated page whose templates receive what they received before
        (`index`: the hash of the tag index, asked only if they read it)."""
        hit = self.pages.get(path) if layers.on("pages") else None
        if hit is None or hit[0] != key or (hit[1] and hit[1] != index()):
            return None
        data = self.read_back(path, hit[2])
        if data is not None:
            self.used["pages"].add(path)
        return data

    def keep_page(self, path: str, key: str, index: str, data: bytes) -> None:
        self.pages[path] = (key, index, hashlib.sha256(data).hexdigest()[:32])
        self.used["pages"].add(path)
