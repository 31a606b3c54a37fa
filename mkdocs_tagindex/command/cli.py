"""`tagindex` (and `python -m mkdocs_tagindex`): build, init, clean, check, watch."""

from __future__ import annotations

import argparse
import logging
import sys
import time
from collections.abc import Sequence
from importlib import metadata

from ..core import Messages, TagIndexError
from . import check as checking
from . import publish, setup
from .owned import Owned
from .site import CommandError, Site, find_config, load_site

TESTED = {"zensical": ((0, 0, 58), (0, 0, 73)), "zensical-i18n": ((0, 3, 0), (0, 3, 0))}
"""Versions the suite runs against (lowest, highest)."""


def say(level: int, text: str) -> None:
    name = logging.getLevelName(level)
    if level < logging.WARNING and not text.startswith("tagindex"):
        text = f"tagindex: {text}"
    print(f"{name:<8}-  {text}", file=sys.stderr)


def _version(name: str) -> tuple[int, ...] | None:
    try:
        raw = metadata.version(name)
    except metadata.PackageNotFoundError:
        return None
    return tuple(int(p) for p in raw.split(".")[:3] if p.isdigit())


def warn_versions(site: Site) -> None:
    """One warning for a Zensical or zensical-i18n outside the tested range."""
    wanted = ["zensical"] + (["zensical-i18n"] if site.i18n else [])
    for name in wanted:
        found = _version(name)
        low, high = TESTED[name]
        if found is not None and not low <= found <= high:
            shown = ".".join(map(str, found))
            say(
                logging.WARNING,
                f"tagindex is tested with {name} {'.'.join(map(str, low))} to "
                f"{'.'.join(map(str, high))}; {shown} is installed: check the tag pages",
            )


def cmd_build(args: argparse.Namespace) -> int:
    site = load_site(find_config(args.config_file))
    warn_versions(site)
    for missing in setup.missing(site):
        say(logging.WARNING, f"{missing}; run `tagindex init` once")
    started = time.perf_counter()
    result, report = publish.build(site, say, keep_pages=args.keep_pages)
    took = time.perf_counter() - started
    say(
        logging.INFO,
        f"tagindex: {len(result.files)} files, {len(report.written)} written, "
        f"{len(report.removed)} removed, {result.rendered} pages rendered in {took:.2f}s",
    )
    if args.watch:
        from .watch import watch

        watch(site, args, say)
    return 0


def cmd_clean(args: argparse.Namespace) -> int:
    site = load_site(find_config(args.config_file))
    report = Owned(site.docs_dir, publish.roots(site)).clean()
    say(logging.INFO, f"tagindex: {len(report.removed)} files removed")
    for kept in report.kept:
        say(logging.WARNING, f"{kept} was changed since tagindex wrote it; left in place")
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    site = load_site(find_config(args.config_file))
    problems = checking.check(site, Messages(say))
    if problems:
        say(logging.ERROR, f"tagindex check: {problems} problem(s)")
        return 1
    return 0


def cmd_init(args: argparse.Namespace) -> int:
    site = load_site(find_config(args.config_file))
    return setup.init(site, say, dry_run=args.dry_run)


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(
        prog="tagindex", description="Tag pages of mkdocs-tagindex for sites Zensical builds."
    )
    sub = top.add_subparsers(dest="command", required=True)

    def add(name: str, helptext: str) -> argparse.ArgumentParser:
        cmd = sub.add_parser(name, help=helptext, description=helptext)
        cmd.add_argument("-f", "--config-file", help="mkdocs.yml or zensical.toml")
        return cmd

    build = add("build", "write the tag pages, feeds and tags.json under docs_dir")
    build.add_argument("--watch", action="store_true", help="then build again on every change")
    build.add_argument(
        "--keep-pages", action="store_true", help="no .gitignore: keep the pages in the repository"
    )
    build.set_defaults(run=cmd_build)
    init = add("init", "add what Zensical needs once (tags plugin, CSS/JS, a template)")
    init.add_argument("--dry-run", action="store_true", help="show the change, write nothing")
    init.set_defaults(run=cmd_init)
    add("clean", "remove everything tagindex build wrote").set_defaults(run=cmd_clean)
    add("check", "check front matter and the tags file; exit 1 on a problem").set_defaults(
        run=cmd_check
    )
    return top


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        return int(args.run(args))
    except (CommandError, TagIndexError) as exc:
        say(logging.ERROR, str(exc))
        return 1
    except KeyboardInterrupt:
        return 130
