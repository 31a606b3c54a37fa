"""`tagindex build --watch`: build again whenever a page, a meta file, the tags file or the
config changes, beside a running `zensical serve` (which then picks up the written pages).

Polls: each round is `build.quick`, the same check that makes an unchanged `tagindex build`
cheap (the inputs' stats, then hashes and facts of the pages that changed), so the command's own
writes never trigger it and a round costs a few milliseconds. A build that fails (an author's
file in the way, a tags file that does not parse) is said once and tried again when an input
changes; the watch goes on.
"""

from __future__ import annotations

import argparse
import logging
import os
import time
from collections.abc import Callable
from pathlib import Path

from . import build
from .site import CommandError
from .state import State

Say = Callable[[int, str], None]
INTERVAL = 0.2


def _signature(config: Path) -> tuple[object, ...]:
    """Stats of the config and of every input the last state knows of."""
    state = State.load(build.cache_dir(config))
    try:
        st = os.stat(config)
        stamp: object = (st.st_mtime_ns, st.st_size)
    except OSError:
        stamp = None
    inputs = sorted(state.scan().items()) if state.site else []
    return (stamp, tuple(inputs))


def watch(config: Path, args: argparse.Namespace, say: Say, rounds: int | None = None) -> None:
    """Build on every change until interrupted (or `rounds` polls, for tests)."""
    say(logging.INFO, "tagindex: watching for changes (Ctrl+C to stop)")
    failed: tuple[object, ...] | None = None
    count = 0
    while rounds is None or count < rounds:
        count += 1
        time.sleep(INTERVAL)
        if failed is not None and _signature(config) == failed:
            continue
        try:
            build.run(config, say, keep_pages=args.keep_pages, quiet=True)
            failed = None
        except CommandError as exc:
            say(logging.ERROR, str(exc))
            failed = _signature(config)
        except Exception as exc:  # a watcher says what went wrong and goes on
            say(logging.ERROR, f"tagindex: build failed: {type(exc).__name__}: {exc}")
            failed = _signature(config)
