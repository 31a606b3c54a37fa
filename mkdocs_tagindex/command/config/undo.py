"""`tagindex clean`'s undoing of `tagindex init`, from the files alone (a fresh clone as much as
the checkout init ran in): the config's lines marked `# tagindex init` are taken out
(`confedit.take_out`; a key or table init opened stays while the author wrote under it), and the
templates init placed are removed while their stamp holds (`setup.stamp_holds`); an edited one
stays, with a warning. Nothing changes unless every folder it would change can be written.
"""

from __future__ import annotations

import difflib
import json
import logging
import os
from collections.abc import Callable
from pathlib import Path

from ...core import MARKER
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


def _chain(custom: Path) -> list[Path]:
    """The folders init makes for its templates, innermost first, up to `custom_dir`."""
    out: list[Path] = []
    for rel in (setup.TEMPLATE, setup.CHIPS):
        folder = (custom / rel).parent
        while folder != custom.parent and folder not in out:
            out.append(folder)
            folder = folder.parent
    return sorted(out, key=lambda f: len(f.parts), reverse=True)


def _prune(custom: Path) -> None:
    """Those of init's folders that are empty (its templates gone, now or by a killed run)."""
    for folder in _chain(custom):
        if folder.is_dir() and not folder.is_symlink() and not any(folder.iterdir()):
            folder.rmdir()


def _check(folders: set[Path]) -> None:
    denied = sorted(f for f in folders if not os.access(f, os.W_OK | os.X_OK))
    if denied:
        raise CommandError(
            f"nothing removed: cannot write in {denied[0]}; tagindex clean takes out what "
            "tagindex init added there"
        )


def _earlier(site: Site, say: Say) -> None:
    """An init of the version before this one kept its changes in the tags folder's marker, and
    marked no line: what it added to the config is said, for the author to take out."""
    try:
        data = json.loads((site.docs_dir / site.tags_dir / MARKER).read_text("utf-8"))
        records = [r for r in data.get("init") or [] if isinstance(r, dict)]
    except (OSError, ValueError, AttributeError, TypeError):
        return
    for record in records:
        config = record.get("config")
        config = config if isinstance(config, dict) else {}
        before, after = str(config.get("before") or ""), str(config.get("after") or "")
        diff = difflib.ndiff(before.splitlines(), after.splitlines())
        lines = [line[2:].strip() for line in diff if line.startswith("+ ")]
        if lines:
            say(
                logging.WARNING,
                f"{site.path.name}: an earlier tagindex init added lines without its mark; take "
                f"them out by hand if you want them gone: {'; '.join(lines)}",
            )


def undo(site: Site, say: Say) -> int:
    """Take out what init added; 1 if anything was, else 0."""
    _earlier(site, say)
    confedit.sweep(site.path)
    config = _config(site, say)
    templates = _templates(site, say)
    custom = site.custom_dir or (site.root / CUSTOM_DIR)
    folders = {site.path.parent} if config is not None else set()
    for path in templates:
        confedit.sweep(path)
    chain = [f for f in _chain(custom) if f.is_dir()]
    if templates:
        folders.update(f.parent for f in (*chain, *templates))
    else:
        folders.update(f.parent for f in chain if not any(f.iterdir()))
    _check(folders)
    if config is not None:
        confedit.write(site.path, config)
        say(logging.INFO, f"tagindex: {site.path.name}: the lines init added are taken out")
    for path in templates:
        path.unlink()
        say(logging.INFO, f"tagindex: {setup.shown(site, path)} removed")
    _prune(custom)
    return int(config is not None or bool(templates))
