"""`tagindex clean`'s undoing of `tagindex init`, from the files alone (a fresh clone as much as
the checkout init ran in): the config's lines marked `# tagindex init` are taken out
(`confedit.take_out`; a key or table init opened stays while the author wrote under it), and the
templates init placed are removed while their stamp holds (`setup.stamp_holds`); an edited one
stays, with a warning. Nothing changes unless every folder it would change can be written.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable
from pathlib import Path

from . import confedit, setup
from .initconfig import CUSTOM_DIR
from .site import CommandError, Site

Say = Callable[[int, str], None]


def _config(site: Site, say: Say) -> bytes | None:
    """The config without init's lines (None: nothing to take out, or it cannot be)."""
    kind = "toml" if site.toml else "yaml"
    try:
        text = site.path.read_bytes().decode("utf-8")
        confedit.parse(kind, text)
    except (OSError, UnicodeDecodeError, confedit.Unreadable) as exc:
        say(logging.WARNING, f"{site.path.name}: not read ({exc}); init's lines left in it")
        return None
    new, changed, problems = confedit.take_out(kind, text)
    for problem in problems:
        say(logging.WARNING, f"{site.path.name}: {problem}; left as it is")
    if not changed or new == text:
        return None
    try:
        confedit.parse(kind, new)
    except confedit.Unreadable as exc:
        say(logging.WARNING, f"{site.path.name}: taking init's lines out would break it ({exc})")
        return None
    return new.encode("utf-8")


def _templates(site: Site, say: Say) -> list[Path]:
    """The templates init placed that nobody changed since (an edited one: said)."""
    custom = site.custom_dir or (site.root / CUSTOM_DIR)
    earlier = {rel: set(texts) for rel, _, texts in setup.placed(site)}
    out = []
    for rel in (setup.TEMPLATE, setup.CHIPS):
        path = custom / rel
        if not path.is_file() or path.is_symlink():
            continue
        data = path.read_bytes()
        holds = setup.stamp_holds(data)
        plain = data.replace(b"\r\n", b"\n").decode("utf-8", errors="replace")
        if holds or (holds is None and plain in earlier.get(rel, set())):
            out.append(path)
        else:
            say(
                logging.WARNING,
                f"{setup.shown(site, path)} was changed since tagindex init placed it (or is the "
                "site's own); left in place",
            )
    return out


def _emptied(path: Path, top: Path) -> list[Path]:
    """The folders between `path` and `top` (included) that its removal leaves empty."""
    out = []
    parent, gone = path.parent, {path}
    while top in (parent, *parent.parents):
        if any(p not in gone for p in parent.iterdir()):
            break
        out.append(parent)
        gone.add(parent)
        if parent == top:
            break
        parent = parent.parent
    return out


def _check(folders: set[Path]) -> None:
    denied = sorted(f for f in folders if not os.access(f, os.W_OK | os.X_OK))
    if denied:
        raise CommandError(
            f"nothing removed: cannot write in {denied[0]}; tagindex clean takes out what "
            "tagindex init added there"
        )


def undo(site: Site, say: Say) -> int:
    """Take out what init added; 1 if anything was, else 0."""
    confedit.sweep(site.path)
    config = _config(site, say)
    templates = _templates(site, say)
    custom = site.custom_dir or (site.root / CUSTOM_DIR)
    folders = {site.path.parent} if config is not None else set()
    for path in templates:
        confedit.sweep(path)
        folders.update((path.parent, custom.parent))
        folders.update(p.parent for p in _emptied(path, custom))
    _check(folders)
    if config is not None:
        confedit.write(site.path, config)
        say(logging.INFO, f"tagindex: {site.path.name}: the lines init added are taken out")
    for path in templates:
        dirs = _emptied(path, custom)
        path.unlink()
        for folder in dirs:
            folder.rmdir()
        say(logging.INFO, f"tagindex: {setup.shown(site, path)} removed")
    return int(config is not None or bool(templates))
