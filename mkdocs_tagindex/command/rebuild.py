"""`tagindex build`, in the order that keeps an unchanged site cheap: the state first (`state.py`:
stats, then hashes, then the facts of changed pages), and only when something that reaches the
published files changed, the site's config, the engine and the whole build (`publish.py`).
This module imports neither the engine nor Jinja nor Markdown at its top."""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable, Collection
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .caches import layers
from .caches.state import (
    NAME,
    Stamp,
    State,
    config_files,
    front_of,
    known_texts,
    scan,
    sha,
    unchanged,
)
from .config.confedit import alive
from .config.site import cache_file
from .files.locking import cache_dir, held

if TYPE_CHECKING:
    from .config.site import Site
    from .outcome import Result

Say = Callable[[int, str], None]


def _same_facts(
    config: Path, params: dict[str, Any]
) -> Callable[[str, str, list[list[Any]]], bool]:
    def same(rel: str, text: str, recorded: list[list[Any]]) -> bool:
        from ..core import has_sections
        from .pages import markup, posttime

        html, heading = markup.render_one(str(config), text)
        blog = posttime.site_blog_of(str(config), rel)
        rate = blog.words_per_minute if blog and blog.readtime else None
        if has_sections(text) or any(len(entry) > 5 for entry in recorded):
            return False  # tagged sections: whether they changed is the build's to say
        return all(
            markup.facts_of(params, lang, html, heading, text_lang, rate) == [h, m, s]
            for lang, text_lang, h, m, s in recorded
        )

    return same


def quick(config: Path, keep_pages: bool) -> tuple[bool, State]:
    """Whether nothing tagindex publishes can have changed since the last build (steps 1 and 2
    of `state.py`); the state, stats brought up to date."""
    state = State.load(cache_file(config, NAME))
    options = {"keep_pages": keep_pages}
    if not layers.on("state"):
        return False, state
    if not state.settings or state.settings_now(options) != state.settings:
        return False, state
    if not state.outputs_unchanged():
        return False, state
    now = state.scanned = _new_pages_not_generated(state, state.scan())
    if len(now) == len(state.files) and all(
        tuple(state.files.get(rel, ())[:2]) == stamp for rel, stamp in now.items()
    ):
        return not _posts_due(config, state, now), state
    same = unchanged(state, now, _same_facts(config, state.site["facts"]))
    if same:
        state.save()
    return bool(same) and not _posts_due(config, state, now), state


def _new_pages_not_generated(state: State, now: dict[str, Stamp]) -> dict[str, Stamp]:
    """`now` without the pages the last build did not read that carry a marker: pages another
    config generated in the same docs folder (`tagindex build -f alt.yml`), which the build's
    own scan leaves out too (`Owned.generated`). Only new paths are opened, their first lines."""
    from ..core import ownership

    docs = Path(state.docs_dir)
    return {
        rel: stamp
        for rel, stamp in now.items()
        if rel in state.files or not ownership.has_mark(docs / rel)
    }


def _posts_due(config: Path, state: State, now: Collection[str]) -> bool:
    """A future post the last build held back whose date has come (`published.posts_due`)."""
    from .config.site import read_config
    from .pages import posttime, published

    def staged(src: str) -> str:
        return posttime.site_staged_path(str(config), src)

    docs = Path(state.docs_dir)
    return published.posts_due(read_config(config), docs, now, state.facts.keys(), staged)


def record(
    state: State,
    site: Site,
    result: Result,
    before: dict[str, tuple[int, int]],
    keep_pages: bool,
    said: dict[str, Any],
) -> None:
    """The state after a whole build: `before` is the inputs' stats taken before it read them
    (a page changed while the build ran is then seen as changed by the next run); `said`: the
    warnings the build said (`said`) and each page's Zensical refusals (`refused`), said again
    by later builds that do not read them, as MkDocs says its warnings at every build:
    `--strict` then fails every time, not only the first."""
    from ..core import MARKER
    from .files.owned import roots
    from .pages import markup
    from .pages.sources import meta_file_name

    sources = {s.src: s for s in result.sources}
    files: dict[str, list[Any]] = {}
    for rel, stamp in before.items():
        old = state.files.get(rel)
        if old is not None and tuple(old[:2]) == stamp and len(old) == 4:
            files[rel] = old  # the same stat as when it was last hashed
            continue
        if rel in sources:
            source = sources[rel]
            files[rel] = [*stamp, source.digest, front_of(source.text)]
            continue
        try:
            data = (site.docs_dir / rel).read_bytes()
        except OSError:
            continue
        files[rel] = [*stamp, sha(data), ""]
    state.files = files
    old_facts = state.facts  # an entry as it was: the state's log need not keep it again
    state.facts = {
        src: _same(old_facts.get(src), facts) for src, facts in result.facts.items() if src in files
    }
    docs = str(site.docs_dir)
    outputs = {}
    # the edited files of a stale folder too: their removal by the author is a change
    kept = result.report.kept if result.report is not None else []
    written = [*result.files, *(f"{root}/{MARKER}" for root in roots(site)), *kept]
    for rel in written:
        try:
            st = os.stat(os.path.join(docs, rel))
        except OSError:
            continue
        outputs[rel] = _same(state.outputs.get(rel), [st.st_mtime_ns, st.st_size])
    state.outputs = outputs
    state.site = {
        "docs_dir": os.path.relpath(docs, site.root),
        "roots": roots(site),
        "meta_name": meta_file_name(site),
        "configs": config_files(site.path),
        "extra": site.settings_extra(),
        "facts": markup.facts_params(site.options),
        **said,
    }
    state.settings = state.settings_now({"keep_pages": keep_pages})
    state.save()


def run(
    config: Path,
    say: Say,
    keep_pages: bool = False,
    quiet: bool = False,
    lock_timeout: float | None = None,
    adopt: bool = False,
) -> int:
    """One `tagindex build`, holding the project's lock (`locking.py`): nothing when nothing
    that reaches the pages changed, else the whole build; the number of files written or
    removed. `quiet`: say nothing when nothing changed, and no warning about init (the watch's
    rounds); `adopt`: take back tagindex's files whose marker no longer matches."""
    with held(config, say, lock_timeout):
        _sweep(cache_dir(config))
        return _run(config, say, keep_pages, quiet, adopt)


def _sweep(folder: Path) -> None:
    """Remove the temporary files a killed run left in the cache, its own (`.<name>.<pid>.tmp`,
    of a process that is gone: `tagindex check` writes its memo without the lock) and Jinja's
    (which takes a vanished one as a cache miss)."""
    if folder.is_dir():
        for path in folder.rglob("*.tmp"):
            pid = path.name.rsplit(".", 2)[-2] if path.name.startswith(".") else ""
            if pid.isdigit() and alive(int(pid)):
                continue
            if path.is_file() and not path.is_symlink():
                path.unlink(missing_ok=True)


def _run(config: Path, say: Say, keep_pages: bool, quiet: bool, adopt: bool) -> int:
    started = time.perf_counter()
    fresh, state = quick(config, keep_pages)
    if fresh and not adopt:
        took = time.perf_counter() - started
        if not quiet:
            for level, text in state.site.get("said", []):
                say(level, text)
            say(
                logging.INFO,
                "tagindex: nothing that the tag pages show changed: 0 written, 0 removed "
                f"({took:.2f}s)",
            )
        return 0
    from . import publish
    from .config import setup
    from .config.site import load_site
    from .config.versions import warn_versions
    from .files.owned import owned_by
    from .pages.sources import built_files

    said: list[tuple[int, str]] = []

    def keep(level: int, text: str) -> None:
        if level >= logging.WARNING:
            said.append((level, text))
        say(level, text)

    def kept(level: int, text: str) -> None:
        """What the watch's rounds (`quiet`) do not say, kept all the same."""
        if quiet:
            said.append((level, text))
        else:
            keep(level, text)

    site = load_site(config)
    for warning in site.warnings:
        keep(logging.WARNING, warning)
    warn_versions(site, kept)
    for missing in setup.missing(site):
        kept(logging.WARNING, f"{missing}; run `tagindex init` once")
    ours = owned_by(site).generated()
    meta_name = _meta_name(site)
    before = state.scanned
    same_scan = (
        "docs_dir" in state.site  # a state of an older layout has none
        and state.docs_dir == str(site.docs_dir)
        and (
            state.site.get("meta_name") == meta_name
            and {k for k in state.outputs if k.endswith(".md")} == ours
        )
    )
    if before is None or not same_scan:
        before = scan(str(site.docs_dir), ours, meta_name)
    known = known_texts(state, before)
    # the pages Zensical reads at all: it neither reads nor refuses an excluded one
    refused = _refusals(state, site.docs_dir, built_files(site, before), known)
    for texts in refused.values():
        for text in texts:
            keep(logging.WARNING, text)
    result, report = publish.build(site, keep, keep_pages, known, scanned=before, adopt=adopt)
    record(state, site, result, before, keep_pages, {"said": said, "refused": refused})
    took = time.perf_counter() - started
    say(logging.INFO, f"{summary(result.files, report.written, report.removed)} in {took:.2f}s")
    return len(report.written) + len(report.removed)


def _refusals(
    state: State, docs_dir: Path, before: Collection[str], known: Collection[str]
) -> dict[str, list[str]]:
    """Page → what Zensical would stop on in it: read again for the pages edited since the
    last build (all at the first), as the last build found it for the others."""
    from .pages.refusals import find as find_refusals

    old = state.site.get("refused", {})
    out: dict[str, list[str]] = {}
    for src in before:
        found = old.get(src, []) if src in known else list(find_refusals(docs_dir, [src]))
        if found:
            out[src] = found
    return out


def summary(files: Collection[str], written: Collection[str], removed: Collection[str]) -> str:
    """What a build published, tag pages first: "12 tag pages (3 written, 1 removed), 4 feeds,
    7 other files; 5 written, 1 removed" (paths under `docs_dir`)."""

    def is_page(rel: str) -> bool:
        return rel.endswith(".md")

    def is_feed(rel: str) -> bool:
        return rel.rsplit("/", 1)[-1].startswith("feed.")

    pages = sum(map(is_page, files))
    feeds = sum(map(is_feed, files))
    return (
        f"tagindex: {pages} tag pages ({sum(map(is_page, written))} written, "
        f"{sum(map(is_page, removed))} removed), {feeds} feeds, "
        f"{len(files) - pages - feeds} other files; {len(written)} written, {len(removed)} removed"
    )


def _same(old: Any, new: Any) -> Any:
    return old if old == new else new


def _meta_name(site: Site) -> str | None:
    from .pages.sources import meta_file_name

    return meta_file_name(site)
