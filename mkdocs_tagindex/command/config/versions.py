"""One warning for a Zensical or zensical-i18n outside the versions the suite runs against."""

from __future__ import annotations

import logging
from collections.abc import Callable
from importlib import metadata

from .site import Site

TESTED = {"zensical": ((0, 0, 58), (0, 0, 73)), "zensical-i18n": ((0, 3, 0), (0, 3, 0))}
"""Versions the suite runs against (lowest, highest)."""


def _version(name: str) -> tuple[int, ...] | None:
    try:
        raw = metadata.version(name)
    except metadata.PackageNotFoundError:
        return None
    return tuple(int(p) for p in raw.split(".")[:3] if p.isdigit())


def warn_versions(site: Site, say: Callable[[int, str], None]) -> None:
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
