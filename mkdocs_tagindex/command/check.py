"""`tagindex check`: every page's front matter and the tags file, checked with the plugin's own
messages, without rendering or writing anything but its memo where `tagindex build` keeps its
cache (`.cache/tagindex/`, if there is one: the front matter and articles it read, so that a
check after a small edit reads that edit only). For MkDocs sites too (the same `plugins:`
entry); a pre-commit hook (`.pre-commit-hooks.yaml`)."""

from __future__ import annotations

import logging
from collections.abc import Callable

from ..core import (
    Language,
    Messages,
    Run,
    SiteInfo,
    SourcePage,
    TagIndexError,
    front_matter,
    has_sections,
    section_tags,
    tags_of,
    url_of,
)
from .caches.memo import open_memo
from .caches.state import NAME as STATE
from .caches.state import State, known_texts
from .config.site import Site, read_config
from .files.clashes import check_clashes, for_zensical
from .files.locking import held
from .files.owned import Owned, roots
from .pages.refusals import find as find_refusals
from .pages.sources import all_files, built_files, language_pages, read_sources

CHECK_MEMO = "check.pickle"
"""The check's own memo (the build's keeps what builds use)."""


def check(site: Site, say: Messages, lock_timeout: float | None = None) -> int:
    """Problems found (each said once, as a warning or an error). In a project `tagindex build`
    keeps a cache in, the check holds the project's lock (`locking.py`) as a build does: it
    reads what a build writes and writes its memo there; elsewhere it writes nothing."""
    if not site.cache_dir.is_dir():
        return _check(site, say, save=False)
    with held(site.path, say.say, lock_timeout):
        return _check(site, say, save=True)


def _check(site: Site, say: Messages, save: bool) -> int:
    problems = 0

    def count(level: int, text: str) -> None:
        nonlocal problems
        if level >= logging.WARNING:
            problems += 1
            say.say(level, text)

    messages = Messages(count)
    for warning in site.warnings:
        count(logging.WARNING, warning)
    owned = Owned(site.docs_dir, roots(site))
    files = all_files(site, owned.is_ours)
    zensical = for_zensical(site, owned)
    if zensical and not site.toml:
        read_config(site.path)  # Zensical's reading of the YAML: what it refuses, refused here
    zensical_refusals(site, built_files(site, files), count if zensical else _note(say))
    state = State.load(site.cache_file(STATE))
    known = known_texts(state, state.scan()) if state.site else {}
    sources = read_sources(site.docs_dir, [f for f in files if f.endswith(".md")], known)
    languages = site.languages()
    run = Run(
        site.options, languages, messages, icons=site.icons("zensical" if zensical else "material")
    )
    keys = site.options.front_matter
    memo = open_memo(site, CHECK_MEMO)
    # No first pass: it predicts pages and slugs, which a check does not need; the front-matter
    # warnings it would say, `language_pages` says too (a message is said once per run).
    read = memo.front_matter(front_matter)
    if zensical:  # on MkDocs, an author's page at a tag page's path wins
        check_clashes(site, files, sorted(((s.src, s) for s in sources), key=_first), read, count)
    per_lang = language_pages(site, languages, files, sources, run.warn, read)
    tagged = {p.source.src: tags_of(p.meta, keys) for pages in per_lang.values() for p in pages}
    texts = {p.source.src: p.source for pages in per_lang.values() for p in pages}
    for src in sorted(tagged):  # tags on sections (issue 41): malformed markup, as a build says
        text = texts[src].text if tagged[src] else ""
        if has_sections(text):
            tagged[src] = tagged[src] + section_tags(text, src, run.warn)
    run.report_near({src: tags for src, tags in sorted(tagged.items()) if tags}, logging.WARNING)
    for lang in languages.build:
        language = Language(run, lang, SiteInfo(site.site_url, site.name, site.directory_urls))
        for page in per_lang.get(lang, []):
            url = url_of(page.path, language.prefix, site.directory_urls)
            source = SourcePage(page.source.src, url, page.meta, locale=page.locale)
            try:
                memo.article(lang, source, run, language.article)
            except TagIndexError as exc:
                count(logging.ERROR, str(exc))
    if save:
        memo.save()
    return problems


def _first(item: tuple[str, object]) -> str:
    return item[0]


def zensical_refusals(site: Site, files: list[str], say: Callable[[int, str], None]) -> None:
    """Front matter that Zensical refuses and MkDocs accepts (`refusals.py`): a problem where
    the site targets Zensical (`clashes.for_zensical`), a note on a MkDocs site (`say` is then
    `_note`), whose builds it does not stop."""
    for text in find_refusals(site.docs_dir, files):
        say(logging.WARNING, text)


def _note(say: Messages) -> Callable[[int, str], None]:
    """What is a warning for a Zensical site, as an INFO note on a MkDocs site."""

    def note(level: int, text: str) -> None:
        say.say(logging.INFO, text)

    return note
