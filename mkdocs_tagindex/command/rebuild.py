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

from . import layers
from .locking import held
from .site import cache_file
from .state import NAME, State, config_files, front_of, known_texts, scan, sha, unchanged

if TYPE_CHECKING:
    from .outcome import Result
    from .site import Site

Say = Callable[[int, str], None]


def _same_facts(
    config: Path, params: dict[str, Any]
) -> Callable[[str, str, list[list[Any]]], bool]:
    def same(rel: str, text: str, recorded: list[list[Any]]) -> bool:
        from ..core import has_sections
        from . import markup, posttime

        html, heading = markup.render_one(str(config), text)
        blog = posttime.blog_of(posttime.site_blogs(str(config)), rel)
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
    now = state.scanned = state.scan()
    if len(now) == len(state.files) and all(
        tuple(state.files.get(rel, ())[:2]) == stamp for rel, stamp in now.items()
    ):
        return True, state
    same = unchanged(state, now, _same_facts(config, state.site["facts"]))
    if same:
        state.save()
    return bool(same), state


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
    from . import markup
    from .owned import Owned, roots
    from .sources import meta_file_name

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
    for root, manifest in Owned(site.docs_dir, roots(site)).manifests.items():
        for name in [*(manifest or {}), MARKER]:
            st = os.stat(os.path.join(docs, root, name)) if manifest is not None else None
            if st is not None:
                rel = f"{root}/{name}"
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
) -> int:
    """One `tagindex build`, holding the project's lock (`locking.py`): nothing when nothing
    that reaches the pages changed, else the whole build; the number of files written or
    removed. `quiet`: say nothing when nothing changed, and no warning about init (the watch's
    rounds)."""
    with held(config, say, lock_timeout):
        return _run(config, say, keep_pages, quiet)


def _run(config: Path, say: Say, keep_pages: bool, quiet: bool) -> int:
    started = time.perf_counter()
    fresh, state = quick(config, keep_pages)
    if fresh:
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
    from ..core import MARKER
    from . import publish, setup
    from .owned import Owned, roots
    from .site import load_site
    from .versions import warn_versions

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
    manifests = Owned(site.docs_dir, roots(site)).manifests
    ours = {f"{root}/{name}" for root, files in manifests.items() for name in files or {}}
    meta_name = _meta_name(site)
    before = state.scanned
    same_scan = (
        "docs_dir" in state.site  # a state of an older layout has none
        and state.docs_dir == str(site.docs_dir)
        and (
            state.site.get("meta_name") == meta_name
            and {k for k in state.outputs if not k.endswith(f"/{MARKER}")} == ours
        )
    )
    if before is None or not same_scan:
        before = scan(str(site.docs_dir), ours, meta_name)
    known = known_texts(state, before)
    refused = _refusals(state, site.docs_dir, before, known)
    for texts in refused.values():
        for text in texts:
            keep(logging.WARNING, text)
    result, report = publish.build(site, keep, keep_pages, known, scanned=before)
    record(state, site, result, before, keep_pages, {"said": said, "refused": refused})
    took = time.perf_counter() - started
    say(logging.INFO, f"{summary(result.files, report.written, report.removed)} in {took:.2f}s")
    return len(report.written) + len(report.removed)


def _refusals(
    state: State, docs_dir: Path, before: Collection[str], known: Collection[str]
) -> dict[str, list[str]]:
    """Page → what Zensical would stop on in it: read again for the pages edited since the
    last build (all at the first), as the last build found it for the others."""
    from .refusals import find as find_refusals

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
    from .sources import meta_file_name

    return meta_file_name(site)
