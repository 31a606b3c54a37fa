"""`tagindex build --watch`: build again whenever a page, a meta file, the tags file or the
config changes, beside a running `zensical serve` (which then picks up the written pages).
Polls file stamps: no dependency, and the command's own writes never trigger it."""

from __future__ import annotations

import argparse
import logging
import os
import time
from collections.abc import Callable

from . import publish
from .site import CommandError, Site, load_site

Say = Callable[[int, str], None]
INTERVAL = 0.25


def stamps(site: Site) -> dict[str, tuple[int, int]]:
    """Modification time and size of every input file (the command's own folders aside)."""
    found: dict[str, tuple[int, int]] = {}
    owned = {str(site.docs_dir / root) for root in publish.roots(site)}
    for folder, dirs, files in os.walk(site.docs_dir):
        dirs[:] = [d for d in dirs if os.path.join(folder, d) not in owned]
        for name in files:
            path = os.path.join(folder, name)
            try:
                st = os.stat(path)
            except OSError:
                continue
            found[path] = (st.st_mtime_ns, st.st_size)
    for extra in (site.path, site.options.tags_file):
        if extra and os.path.exists(str(extra)):
            st = os.stat(str(extra))
            found[str(extra)] = (st.st_mtime_ns, st.st_size)
    return found


def watch(site: Site, args: argparse.Namespace, say: Say, rounds: int | None = None) -> None:
    """Build on every change until interrupted (or `rounds` polls, for tests)."""
    say(logging.INFO, "tagindex: watching for changes (Ctrl+C to stop)")
    seen = stamps(site)
    count = 0
    while rounds is None or count < rounds:
        count += 1
        time.sleep(INTERVAL)
        now = stamps(site)
        if now == seen:
            continue
        seen = now
        started = time.perf_counter()
        try:
            site = load_site(site.path)
            _result, report = publish.build(site, say, keep_pages=args.keep_pages)
        except CommandError as exc:
            say(logging.ERROR, str(exc))
            continue
        say(
            logging.INFO,
            f"tagindex: rebuilt in {time.perf_counter() - started:.2f}s, "
            f"{len(report.written)} written, {len(report.removed)} removed",
        )
