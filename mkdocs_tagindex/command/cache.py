"""The command's one cache seam: `Cache` holds every table a build keeps for the next and is
consulted by `publish.py` at named points, in the engine's call order:

1. `front_matter`: the reader of the engine's first pass and of each language's pages;
2. `skipped`: a language whose pages are what the last build read, given again whole
   (`skips.py`);
3. `facts`: each article's heading, read time and summary, rendered only for a new text;
4. `article`: `Language.article` of a page whose final state is unchanged;
5. `language`: an unchanged language's files, or its build recorded;
6. `page` and `feed`: a generated page whose templates receive the same, a feed whose items
   are the same; `cards`: the cards rendered once and kept (`frame.py`).

The tables: `memo.py` (front matter, articles, languages, pages, tags.json's lines), the facts
of rendered Markdown (`markup.FactsCache`) and the cards (`frame.CardStore`), each keyed by
everything it is made of and, whole, by the settings (relative to the project: a copy of the
project keeps its cache). `layers.py` turns each layer off for the bench. Nothing here writes
into the engine's objects: the engine records and restores (`Messages.recording`,
`Run.keep_final`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from ..core import Facts, Found, Language, front_matter, has_sections, has_tags
from .caches import skips
from .caches.cardstore import CARDS, CardFrame, CardStore
from .caches.memo import Keys, Memo, context_key, open_memo, tracking
from .caches.state import recorded, settings_key, text_hash
from .config.site import Site
from .outcome import Result
from .pages import markup
from .pages.sources import LangPage, meta_file_name

Render = Callable[[list[LangPage]], list[Facts]]
"""The pages whose facts are not cached → their facts, in order (Markdown rendered now)."""
TextLang = Callable[[LangPage], str]
"""A page → the language of its text (what its read time is computed for)."""
Variant = Callable[[LangPage], str]
"""A page → what else its facts depend on ("" for nothing; a blog post: its blog's rate)."""


def _body_hash(text: str) -> str:
    """What a page's facts are made of: its body; the whole text where it tags a section (its
    warnings name the file's own lines, front matter included)."""
    return text_hash(text if has_sections(text) else markup.body_of(text))


@dataclass
class Reading:
    """What one language's pages gave while they were read: for `Cache.keep_reading`."""

    inputs: str
    tagged: list[tuple[LangPage, str]] = field(default_factory=list)
    """Each page with tags, and its key in the facts cache."""
    said: list[tuple[int, str]] = field(default_factory=list)


class Cache:
    """Every cached table of the command, for one build (see the module)."""

    def __init__(self, site: Site, files: Iterable[str]) -> None:
        self.site = site
        self.memo: Memo = open_memo(site)
        self.keys: Keys = self.memo.keys
        self.facts_table = markup.FactsCache(site.cache_file(markup.FACTS))
        extra = site.settings_extra()[:1] if site.custom_dir else []
        salt = settings_key(site.root, [site.path.name], extra, {})
        self.card_store = CardStore(site.cache_file(CARDS), salt)
        self.metas = skips.metas_digest(site, files, meta_file_name(site))
        self.front_matter = self.memo.front_matter(front_matter)
        """The core's front-matter reader, remembered by path and text hash (point 1)."""
        self.inputs: dict[str, str] = {}
        """Language → the key of what its pages are read from (`skips.inputs_key`)."""

    def save(self, result: Result) -> None:
        """Keep what this build used; the files it read back go to `result.same`."""
        self.facts_table.save()
        self.card_store.save()
        self.memo.save()
        result.same = self.memo.same

    # -- a language's pages -----------------------------------------------------------------

    def skipped(self, language: Language, pages: list[LangPage], result: Result) -> bool:
        """Point 2: the language given again as the last build left it."""
        named = language.run.categories.of(language.code)  # other files' front matter names
        inputs = skips.inputs_key(language.code, pages, self.metas, named)
        self.inputs[language.code] = inputs
        return skips.skipped(language, inputs, pages, self.memo, self.facts_table, result)

    @contextmanager
    def reading(self, language: Language, pages: list[LangPage]) -> Iterator[Reading]:
        """The block that reads a language's pages (points 3 and 4, after `skipped` said no),
        recorded for a later build that skips them."""
        reading = Reading(self.inputs[language.code])
        with language.run.messages.recording() as said:
            yield reading
        reading.said = said

    def facts(
        self,
        language: Language,
        pages: list[LangPage],
        keyed: tuple[TextLang, Variant],
        render: Render,
        result: Result,
        reading: Reading,
    ) -> dict[str, Facts]:
        """Point 3: the facts of each page with tags, rendered (`render`) only for the pages
        whose body, text language and variant (`keyed`) are new; each page's row of the
        build's state too."""
        text_lang, variant = keyed
        keys = self.site.options.front_matter
        out: dict[str, Facts] = {}
        wanted: dict[str, tuple[LangPage, str]] = {}
        for page in pages:
            if not has_tags(page.meta, keys) and not has_sections(page.source.text):
                continue  # (the text of a page without tags is read: its sections may tag)
            src = page.source.src
            body = self.memo.body(page.source, _body_hash)
            if kind := variant(page):  # a blog post timed by its blog: facts of their own
                body = f"{kind}\0{body}"
            lang = text_lang(page)
            key = markup.key_of(self.site.digest, language.code, lang, body)
            reading.tagged.append((page, key))
            hit = self.facts_table.get(key)
            if hit is not None:
                out[src] = markup.facts_from(hit)
                for message in out[src].said:  # its sections' warnings, as when made
                    language.run.warn(message)
            else:
                wanted[src] = (page, key)
            result.facts.setdefault(src, []).append([language.code, lang])
        if wanted:
            made = render([page for page, _ in wanted.values()])
            result.rendered += len(made)
            for (src, (_, key)), facts in zip(wanted.items(), made, strict=True):
                out[src] = facts
                self.facts_table.put(key, markup.entry_of(facts))
        for src, found in out.items():
            result.facts[src][-1] += recorded(markup.entry_of(found))
        return out

    def article(self, language: Language, page: Any) -> Found | None:
        """Point 4: `Language.article(page)`, or what it gave for an equal page before."""
        found: Found | None = self.memo.article(language.code, page, language.run, language.article)
        return found

    def language(
        self,
        language: Language,
        found: list[Found],
        reading: Reading,
        result: Result,
        publish: Callable[[], None],
        also: object = None,
    ) -> None:
        """Point 5: the language's files as an earlier build of equal articles, shared tags and
        `also` (what else the files are made of) published them, or `publish()` (which adds
        them to `result.files`), recorded."""
        shared = skips.shared_of(language, found)
        # "" when a tag has no slug yet: its build gives it one, which later languages see
        parts: tuple[object, ...] = (language.code, found, shared, also)
        named = sorted(language.run.categories.of(language.code).items())  # `collect` uses them
        if named:
            parts += (named,)
        key = "" if shared is None else self.keys.digest(parts)
        run = language.run
        if key and self.memo.language(language.code, key, result.files, run):
            language.collect(found)  # the run's record of its tags, as a build leaves it
        else:
            before = set(result.files)
            with run.messages.recording() as said:
                publish()
            made = {p: d for p, d in result.files.items() if p not in before}
            self.memo.keep_language(language.code, key, made, said)
        skips.keep(
            self.memo, language, reading.inputs, shared, key, reading.said, result, reading.tagged
        )

    # -- generated files ----------------------------------------------------------------------

    def cards(self, language: Language) -> CardFrame:
        """The language's kept cards (`frame.py`), as the templates' frame."""
        return CardFrame(self.site.custom_dir, self.card_store, language.code)

    def remember(self, inputs: object, make: Callable[[Any], str]) -> str:
        """`make(inputs)` or what it gave before (the engine's `Published.remember`)."""
        return self.memo.remember(inputs, make)

    def page(
        self,
        path: str,
        key: str,
        index: Callable[[], str],
        context: Callable[[], Any],
        render: Callable[[Any], bytes],
        frame: CardFrame,
        more: tuple[object, ...] = (),
    ) -> bytes:
        """Point 6: a generated page's file, kept by `key` (its inputs; "" to key it by its
        whole `context()` and `more`), rendered by `render` with the context and `frame` only
        when new. `index`: the tag index's hash, asked only when its templates read it."""
        data = self.memo.page(path, key, index) if key else None
        if data is not None:
            return data
        made = context()
        if not key:
            key = context_key(self.keys, made, *more)
            data = self.memo.page(path, key, index)
            if data is not None:
                return data
        made, tracked = tracking(made, frame=frame)
        data = render(made)
        self.memo.keep_page(path, key, index() if tracked.read else "", data)
        return data

    def feed(self, path: str, inputs: tuple[str, object] | None, make: Callable[[], str]) -> bytes:
        """Point 6: a feed (or another static file) kept by `inputs` (its maker's name and
        data: a feed's RSS and JSON share their items), made only when new."""
        key = self.keys.digest((inputs[0], self.keys.of(inputs[1]))) if inputs else ""
        data = self.memo.page(path, key, str) if key else None
        if data is None:
            data = make().encode("utf-8")
            if key:
                self.memo.keep_page(path, key, "", data)
        return data

    def index_hash(self, index: object) -> Callable[[], str]:
        """The tag index's hash, taken once when first asked (`page`'s `index`)."""
        taken: list[str] = []

        def digest() -> str:
            if not taken:
                taken.append(self.keys.digest(index))
            return taken[0]

        return digest
