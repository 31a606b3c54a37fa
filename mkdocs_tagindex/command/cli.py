"""`tagindex` (and `python -m mkdocs_tagindex`): build, init, clean, check, watch."""

from __future__ import annotations

import argparse
import logging
import os
import sys
from collections.abc import Sequence
from typing import NoReturn

from .. import __version__
from .config.site import CommandError, find_config, load_site

# The engine, Jinja and Markdown are imported where a command needs them: `tagindex build` with
# nothing changed reads files' stats and its state, and no more (bench/zensical.py times it).


def say(level: int, text: str) -> None:
    name = logging.getLevelName(level)
    if level < logging.WARNING and not text.startswith("tagindex"):
        text = f"tagindex: {text}"
    print(f"{name:<8}-  {text}", file=sys.stderr)


class Counted:
    """`say`, counting what it said at WARNING or above: `--strict` fails on any, as MkDocs'
    `--strict` does."""

    def __init__(self) -> None:
        self.warnings = 0

    def __call__(self, level: int, text: str) -> None:
        if level >= logging.WARNING:
            self.warnings += 1
        say(level, text)

    def strict(self, args: argparse.Namespace) -> int:
        """1 (with MkDocs' words) if `--strict` was given and anything was warned, else 0."""
        if not getattr(args, "strict", False) or not self.warnings:
            return 0
        say(logging.ERROR, f"tagindex: aborted with {self.warnings} warnings in strict mode")
        return 1


def cmd_build(args: argparse.Namespace) -> int:
    from . import rebuild as build

    config = find_config(args.config_file)
    said = Counted()
    adopt = getattr(args, "adopt", False)
    build.run(config, said, args.keep_pages, lock_timeout=args.lock_timeout, adopt=adopt)
    if said.strict(args):
        return 1  # as `mkdocs serve --strict`: a first build that warns is not watched
    if args.watch:
        from .watch import watch

        watch(config, args, say)
    return 0


def cmd_clean(args: argparse.Namespace) -> int:
    from .config import undo
    from .files.locking import held, remove_cache
    from .files.owned import owned_by

    config = find_config(args.config_file)
    site = load_site(config)
    for warning in site.warnings:
        say(logging.WARNING, warning)
    with held(config, say, args.lock_timeout):
        owned = owned_by(site)
        owned.check_clean()  # nothing changes unless all of it can
        undone = undo.undo(site, say)
        report = owned_by(site).clean()
        remove_cache(site.cache_dir)
    say(logging.INFO, f"tagindex: {len(report.removed)} files removed, {undone} init(s) undone")
    for kept in report.kept:
        say(logging.WARNING, f"{kept} was changed since tagindex wrote it; left in place")
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    from ..core import Messages
    from . import check as checking

    site = load_site(find_config(args.config_file), mkdocs=True)
    problems = checking.check(site, Messages(say), lock_timeout=args.lock_timeout)
    if problems:
        say(logging.ERROR, f"tagindex check: {problems} problem(s)")
        return 1
    return 0


def cmd_init(args: argparse.Namespace) -> int:
    from .config import setup

    site = load_site(find_config(args.config_file))
    for warning in site.warnings:
        say(logging.WARNING, warning)
    return setup.init(site, say, dry_run=args.dry_run)


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(
        prog="tagindex", description="Tag pages of mkdocs-tagindex for sites Zensical builds."
    )
    top.add_argument("--version", action="version", version=f"tagindex {__version__}")
    sub = top.add_subparsers(dest="command", required=True)

    def add(name: str, helptext: str) -> argparse.ArgumentParser:
        cmd = sub.add_parser(name, help=helptext, description=helptext)
        cmd.add_argument("-f", "--config-file", help="mkdocs.yml or zensical.toml")
        return cmd

    def locks(cmd: argparse.ArgumentParser) -> argparse.ArgumentParser:
        cmd.add_argument(
            "--lock-timeout",
            type=float,
            metavar="SECONDS",
            help="how long to wait while another tagindex run uses the project "
            "(default: $TAGINDEX_LOCK_TIMEOUT, else 600)",
        )
        return cmd

    def strict(cmd: argparse.ArgumentParser, helptext: str) -> argparse.ArgumentParser:
        cmd.add_argument("-s", "--strict", action="store_true", help=helptext)
        return cmd

    build = locks(add("build", "write the tag pages, feeds and tags.json under docs_dir"))
    strict(build, "exit 1 if anything was warned (as mkdocs build --strict)")
    build.add_argument("--watch", action="store_true", help="then build again on every change")
    build.add_argument(
        "--keep-pages", action="store_true", help="no .gitignore: keep the pages in the repository"
    )
    build.add_argument(
        "--adopt",
        action="store_true",
        help="rewrite tagindex's files whose marker no longer matches (a merge changed them)",
    )
    build.set_defaults(run=cmd_build)
    init = add("init", "add what Zensical needs once (tags plugin, CSS/JS, a template)")
    init.add_argument("--dry-run", action="store_true", help="show the change, write nothing")
    init.set_defaults(run=cmd_init)
    clean = locks(add("clean", "remove what tagindex build and init added, and the cache"))
    clean.set_defaults(run=cmd_clean)
    check = locks(add("check", "check the config, front matter, meta files and the tags file"))
    strict(check, "accepted for symmetry with build: check exits 1 on any warning already")
    check.set_defaults(run=cmd_check)
    return top


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        return int(args.run(args))
    except CommandError as exc:
        say(logging.ERROR, str(exc))
        return 1
    except OSError as exc:  # a file or folder the command could not read or write
        where = f"{exc.filename}: " if exc.filename else ""
        say(logging.ERROR, f"tagindex: {where}{exc.strerror or exc}")
        return 1
    except Exception as exc:
        if "mkdocs_tagindex.core.model.siterun" in sys.modules:
            from ..core import TagIndexError

            if isinstance(exc, TagIndexError):
                say(logging.ERROR, str(exc))
                return 1
        raise
    except KeyboardInterrupt:
        return 130


def entry() -> NoReturn:
    """The console script and `python -m mkdocs_tagindex`: `main`, then out of the process
    without Python's finalization, which frees a build's hundreds of thousands of objects one
    by one, as mypy leaves (`layers.py`'s `exit`: the bench measures what it saves). Every file
    the command writes is closed by then, and the Markdown workers are shut down; the streams
    are flushed here."""
    code = main()
    from .caches.layers import on

    if not on("exit"):
        sys.exit(code)
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)
