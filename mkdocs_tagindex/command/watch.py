"""`tagindex build --watch`: build again whenever a page, a meta file, the tags file or the
config changes, beside a running `zensical serve` (which then picks up the written pages).

Polls, every `INTERVAL` seconds, the stats of what the last build read and wrote (the pages and
meta files under `docs_dir`, the config files, `custom_dir`, the tags file, the written files):
a few milliseconds, in one process that keeps its imports (the engine, Jinja, Markdown) from
round to round. Only when they changed does it run `build.run`, whose first step (`build.quick`)
says whether anything tagindex publishes can have changed, and whose build reuses what the
last one computed (`memo.py`), so the edit of one article's tags reaches its tag pages in about
a second. The command's own writes are in the stats it compares against, so they never trigger
it. A build that fails (an author's file in the way, a tags file that does not parse) is said
once and tried again when an input changes; the watch goes on.
"""

from __future__ import annotations

import argparse
import logging
import os
import time
from collections.abc import Callable
from pathlib import Path

from . import rebuild as build
from .caches.state import NAME, State, tree_stamps
from .config.site import CommandError, cache_file

Say = Callable[[int, str], None]
INTERVAL = 0.1


def _stamp(path: str) -> object:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_mtime_ns, st.st_size)


_LOADED: dict[str, tuple[object, State]] = {}


def _state(config: Path) -> State:
    """The last build's state, read again only when its file changed."""
    path = cache_file(config, NAME)
    stamp = _stamp(str(path))
    known = _LOADED.get(str(path))
    if known is None or known[0] != stamp or stamp is None:
        known = _LOADED[str(path)] = (stamp, State.load(path))
    return known[1]


def _signature(config: Path) -> tuple[object, ...]:
    """Stats of the config and of every input and output the last state knows of."""
    state = _state(config)
    if not state.site:  # no build went through yet: the whole docs folder
        try:
            from .config.site import load_site

            return (_stamp(str(config)), tree_stamps(str(load_site(config).docs_dir)))
        except Exception:  # a config that does not load: its stats alone
            return (_stamp(str(config)),)
    paths = [str(state.root / p) for p in [*state.site["configs"], *state.site["extra"]]]
    extra = [tree_stamps(p) if os.path.isdir(p) else _stamp(p) for p in paths]
    docs = state.docs_dir
    outputs = [_stamp(os.path.join(docs, rel)) for rel in state.outputs]
    return (_stamp(str(config)), extra, sorted(state.scan().items()), outputs)


def watch(config: Path, args: argparse.Namespace, say: Say, rounds: int | None = None) -> None:
    """Build on every change until interrupted (or `rounds` polls, for tests)."""
    from . import publish  # noqa: F401  the engine, Jinja and YAML, before the first edit

    say(logging.INFO, "tagindex: watching for changes (Ctrl+C to stop)")
    seen: tuple[object, ...] | None = None
    count = 0
    while rounds is None or count < rounds:
        count += 1
        time.sleep(INTERVAL)
        now = _signature(config)
        if now == seen:
            continue
        seen = now  # taken before the build: an edit made while it runs is seen next round
        try:
            build.run(
                config, say, keep_pages=args.keep_pages, quiet=True, lock_timeout=args.lock_timeout
            )
        except CommandError as exc:
            say(logging.ERROR, str(exc))
        except Exception as exc:  # a watcher says what went wrong and goes on
            say(logging.ERROR, f"tagindex: build failed: {type(exc).__name__}: {exc}")
