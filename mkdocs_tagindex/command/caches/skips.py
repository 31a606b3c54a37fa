"""A language whose pages are what the last build read is not read again: after one article of
one language changed, the other languages' pages are neither looked up in the memo one by one
(their facts, their articles) nor are their articles loaded from it. What they gave that build
(`memo.Skip`) is given again: their messages, each page's facts for the state, the caches' keys
they used, the tags that got pages (`Run.final`), and, through `Memo.language`, their files.

A language's pages are the same when their paths, the hashes of their texts, their places in
the language's build (path, locale, fallback) and the meta files are; its articles' tags must
still have the slugs and names they had (the run shares those between languages, and an edit
in another language can change them). The settings are the memo's own key.
"""

from __future__ import annotations

import hashlib
import posixpath
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from ...core import Found, Language
from . import layers
from .memo import Memo, Skip
from .state import recorded

if TYPE_CHECKING:
    from ..config.site import Site
    from ..outcome import Result
    from ..pages.markup import FactsCache
    from ..pages.sources import LangPage


def metas_digest(site: Site, files: Iterable[str], meta_name: str | None) -> str:
    """The hash of the meta files' texts (they reach every page's meta below them)."""
    digest = hashlib.sha256()
    for rel in files:
        if meta_name and posixpath.basename(rel) == meta_name:
            digest.update(rel.encode("utf-8", "surrogatepass") + b"\0")
            try:
                digest.update((site.docs_dir / rel).read_bytes())
            except OSError:
                digest.update(b"\1missing")
            digest.update(b"\0")
    return digest.hexdigest()[:32]


def inputs_key(
    lang: str, pages: list[LangPage], metas: str, categories: Mapping[str, str] | None = None
) -> str:
    """The key of what a language's facts and articles are read from (`categories`: the names
    its untranslated articles' categories get, learned from other languages' files)."""
    places = [(p.source.src, p.source.digest, p.path, p.locale, p.fallback) for p in pages]
    parts: tuple[object, ...] = (lang, metas, places)
    if categories:
        parts += (sorted(categories.items()),)
    return hashlib.sha256(repr(parts).encode("utf-8", "surrogatepass")).hexdigest()[:32]


def shared_of(language: Language, found: list[Found]) -> list[tuple[str, str, str | None]] | None:
    """The slugs and shown names the run gives the tags of `found` (None: a tag without a
    slug yet, which its build gives it: the language is built)."""
    run = language.run
    tags = sorted({t for item in found for t in item.article.tags})
    if any(t not in run.slugs for t in tags):
        return None
    return [(t, run.slugs[t], run.shown_as.get(t)) for t in tags]


def skipped(
    language: Language,
    inputs: str,
    pages: list[LangPage],
    memo: Memo,
    cache: FactsCache,
    result: Result,
) -> bool:
    """Whether the language was given again as the last build left it (see the module)."""
    code = language.code
    skip = memo.skips.get(code)
    if not layers.on("skips"):
        return False
    if skip is None or skip.inputs != inputs:
        return False
    run = language.run
    if any(
        t not in run.slugs or run.slugs[t] != slug or run.shown_as.get(t) != shown
        for t, slug, shown in skip.shared
    ):
        return False
    tagged = []
    for page in pages:  # its pages with tags, in order, and their facts
        found = memo.facts_of.get((code, page.source.src))
        if found is not None:
            facts = cache.peek(found[1])
            if facts is None:
                return False  # no longer in the facts cache: build the language
            tagged.append((page, found, facts))

    def pages_said() -> None:  # before the language's own messages, as a build says them
        for level, message in skip.said:
            run.messages.say(level, message)

    if not memo.language(code, skip.key, result.files, run, first=pages_said):
        return False
    for page, (text_lang, key), facts in tagged:
        src = page.source.src
        result.facts.setdefault(src, []).append([code, text_lang, *recorded(facts)])
        cache.get(key)  # kept in the cache: this build used it
        memo.used["bodies"].add((src, page.source.digest))
        memo.used["facts_of"].add((code, src))
    memo.used["skips"].add(code)
    run.keep_final(code, skip.final)
    return True


def keep(
    memo: Memo,
    language: Language,
    inputs: str,
    shared: list[tuple[str, str, str | None]] | None,
    key: str,
    said: list[tuple[int, str]],
    result: Result,
    read: list[tuple[LangPage, str]],
) -> None:
    """What the language's pages gave this build, for the next one (`shared`: as `shared_of`
    gave them; `read`: each page with tags, and the facts cache's key of it, as
    `publish._facts` read them)."""
    if not key or shared is None:
        return
    code = language.code
    for page, facts_key in read:
        entry = (str(result.facts[page.source.src][-1][1]), facts_key)
        at = (code, page.source.src)
        old = memo.facts_of.get(at)
        memo.facts_of[at] = old if old == entry else entry  # an equal one is not logged again
        memo.used["facts_of"].add(at)
    final = dict(language.run.final.get(code, {}))
    memo.skips[code] = Skip(inputs, shared, key, said, final)
    memo.used["skips"].add(code)
