"""What `tagindex init` changed outside tagindex's folders (the config's lines, the template it
placed and the folders it made for it), recorded in the marker of the tags folder, and taken
out again by `tagindex clean`: only what init added. A config nobody touched since goes back to
its very text; one edited since loses exactly the lines init added where they still stand as
init wrote them (anything else is said, and left to the author). A template changed since
stays, with a warning.
"""

from __future__ import annotations

import difflib
import hashlib
import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .owned import Owned, roots, write_atomic
from .site import Site

Say = Callable[[int, str], None]


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def config_change(site: Site, before: str, after: str) -> dict[str, Any]:
    return {"path": site.path.name, "before": before, "after": after}


def file_change(site: Site, path: Path, text: str) -> tuple[dict[str, str], list[str]]:
    """The file init places (path under the config's folder → hash), and the folders it makes
    for it, outermost first."""
    made = []
    parent = path.parent
    while not parent.exists() and parent != site.root:
        made.append(parent.relative_to(site.root).as_posix())
        parent = parent.parent
    rel = path.relative_to(site.root).as_posix()
    return {rel: _sha(text.encode("utf-8"))}, made[::-1]


def record(site: Site, changes: dict[str, Any]) -> None:
    Owned(site.docs_dir, roots(site)).record_init(site.tags_dir, changes)


def revert_lines(before: str, after: str, current: str) -> tuple[str, list[str]]:
    """`current` without what turned `before` into `after`, where it still stands; and the
    changes not found."""
    old, new = before.splitlines(keepends=True), after.splitlines(keepends=True)
    lines = current.splitlines(keepends=True)
    missed = []
    ops = difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes()
    for tag, i1, i2, j1, j2 in reversed(ops):
        if tag == "equal":
            continue
        block = new[j1:j2]
        at = [k for k in range(len(lines) - len(block) + 1) if lines[k : k + len(block)] == block]
        if len(at) != 1 or not block:
            missed.append("".join(block).strip() or "".join(old[i1:i2]).strip())
            continue
        lines[at[0] : at[0] + len(block)] = old[i1:i2]
    return "".join(lines), missed


def _undo_config(site: Site, change: dict[str, Any], say: Say) -> None:
    path = site.root / str(change["path"])
    try:
        current = path.read_text("utf-8")
    except OSError:
        return
    before, after = str(change["before"]), str(change["after"])
    text, missed = (before, []) if current == after else revert_lines(before, after, current)
    for line in missed:
        say(logging.WARNING, f"{path.name}: could not take out what init added: {line!r}")
    if text != current:
        write_atomic(path, text.encode("utf-8"))
        say(logging.INFO, f"tagindex: {path.name}: what init added is taken out")


def _undo_files(site: Site, change: dict[str, Any], say: Say) -> None:
    for rel, hashed in dict(change.get("files") or {}).items():
        path = site.root / rel
        if not path.is_file() or path.is_symlink():
            continue
        if _sha(path.read_bytes()) != hashed:
            say(logging.WARNING, f"{path} was changed since tagindex init placed it; left in place")
            continue
        path.unlink()
    for rel in reversed(list(change.get("dirs") or [])):
        folder = site.root / rel
        if folder.is_dir() and not folder.is_symlink() and not any(folder.iterdir()):
            folder.rmdir()


def undo(site: Site, say: Say) -> int:
    """Take out what every `tagindex init` recorded, latest first; how many inits."""
    owned = Owned(site.docs_dir, roots(site))
    records = owned.inits.get(site.tags_dir) or []
    for change in reversed(records):
        if "config" in change:
            _undo_config(site, change["config"], say)
        _undo_files(site, change, say)
    if records:
        owned.forget_init(site.tags_dir)
    return len(records)
