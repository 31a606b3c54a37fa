"""The folders the command owns under `docs_dir`, and the only code that writes, moves or deletes
files there.

Each folder holds a marker, `.tagindex`, which is also its manifest: every file the command
wrote there with the hash of what it wrote. The rules:

- a file is written only where nothing is, or where the manifest lists a file whose bytes are
  still those the command wrote; anything else at a planned path is the author's, and the whole
  run stops before any write with an error naming it;
- a folder that exists without the marker and is not empty is the author's: the same error;
- each file is written to a temporary file beside it, then renamed over (a running
  `zensical serve` never reads half a page), and only when its bytes change;
- files of the last run that this run does not write are removed if their bytes are still ours
  (an edited one is left, with a warning), and folders the removal empties go too;
- no path through a symbolic link is written.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..core import MARKER, digest, owned_roots, read_manifest
from .site import CommandError, Site

GITIGNORE = ".gitignore"
MARKER_VERSION = 1


def roots(site: Site) -> list[str]:
    """The folders the command owns, relative to `docs_dir`."""
    i18n = site.i18n
    return owned_roots(site.tags_dir, i18n.structure if i18n else "", i18n.build if i18n else ())


def write_atomic(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with open(tmp, "wb") as handle:
            handle.write(data)
        os.replace(tmp, path)
    finally:
        if tmp.exists():
            tmp.unlink()


def read_init(root: Path) -> list[dict[str, Any]]:
    """What `tagindex init` recorded in the marker of `root` (see `setup.py`)."""
    try:
        data = json.loads((root / MARKER).read_text("utf-8"))
    except (OSError, ValueError):
        return []
    found = data.get("init") if isinstance(data, dict) else None
    return [x for x in found if isinstance(x, dict)] if isinstance(found, list) else []


@dataclass
class Report:
    written: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    kept: list[str] = field(default_factory=list)
    """Stale files the author changed: left where they are."""


class Owned:
    """The command's folders: `roots` are paths relative to `docs_dir`."""

    def __init__(self, docs_dir: Path, roots: list[str]) -> None:
        self.docs_dir = docs_dir
        self.roots = sorted(set(roots))
        self.manifests = {r: read_manifest(docs_dir / r) for r in self.roots}
        self.inits = {r: read_init(docs_dir / r) for r in self.roots}
        """What `tagindex init` changed outside these folders (kept in the marker)."""
        self.hashed: dict[str, tuple[bytes, str]] = {}
        """Path → (bytes to publish there, their hash): the check and the write hash them once."""

    def digest_of(self, rel: str, data: bytes) -> str:
        hit = self.hashed.get(rel)
        if hit is None or hit[0] is not data:
            hit = self.hashed[rel] = (data, digest(data))
        return hit[1]

    def root_of(self, rel: str) -> str | None:
        for root in self.roots:
            if rel.startswith(root + "/"):
                return root
        return None

    def is_ours(self, rel: str) -> bool:
        """Whether the file at `rel` (under `docs_dir`) is one the command wrote."""
        root = self.root_of(rel)
        if root is None:
            return False
        manifest = self.manifests.get(root) or {}
        return rel[len(root) + 1 :] in manifest or rel == f"{root}/{MARKER}"

    def _check_path(self, rel: str, checked: set[str] | None = None) -> None:
        """No part of `rel` is a symbolic link (`checked`: folders already seen in this run)."""
        parts = rel.split("/")
        for n in range(1, len(parts) + 1):
            sub = "/".join(parts[:n])
            if checked is not None and sub in checked:
                continue
            path = os.path.join(self.docs_dir, sub)
            if os.path.islink(path):
                raise CommandError(f"{path} is a symbolic link; tagindex writes through none")
            if checked is not None and n < len(parts):
                checked.add(sub)

    def conflicts(self, files: Mapping[str, bytes], same: Collection[str] = ()) -> list[str]:
        """Every author's file or folder standing where `files` would go (`same`: files whose
        bytes on disk were just read and are those in `files`)."""
        problems: list[str] = []
        for root in self.roots:
            folder = self.docs_dir / root
            taken = folder.exists() and (not folder.is_dir() or any(folder.iterdir()))
            if self.manifests[root] is None and taken:
                problems.append(f"{folder} exists and is not tagindex's (no {MARKER} marker in it)")
        checked: set[str] = set()
        for rel in files:
            owner = self.root_of(rel)
            if owner is None:
                raise CommandError(f"internal: {rel} is outside tagindex's folders")
            root = owner
            self._check_path(rel, checked)
            theirs = (self.manifests.get(root) or {}).get(rel[len(root) + 1 :])
            if rel in same and theirs is not None and self.digest_of(rel, files[rel]) == theirs:
                continue  # read in this run: there, and what tagindex wrote
            path = self.docs_dir / rel
            if not path.exists():
                continue
            if not path.is_file() or theirs is None or digest(path.read_bytes()) != theirs:
                problems.append(f"{path} is not a file tagindex wrote (or was changed since)")
        return problems

    def sync(
        self, files: Mapping[str, bytes], warn: Callable[[str], None], same: Collection[str] = ()
    ) -> Report:
        """Make the folders hold exactly `files` (paths under `docs_dir`); stop on conflicts.
        `same`: files whose bytes on disk were read in this run and are those in `files` (a
        mapping gives their SHA-256 too, which then is not computed again)."""
        if isinstance(same, Mapping):
            for rel, hashed in same.items():
                if rel in files:
                    self.hashed[rel] = (files[rel], hashed)
        problems = self.conflicts(files, same)
        if problems:
            raise CommandError(
                "nothing written: "
                + "; ".join(problems[:5])
                + (f"; and {len(problems) - 5} more" if len(problems) > 5 else "")
                + ". Move the file away or set the tagindex option tags_dir to another folder."
            )
        try:
            return self._write(files, warn, same)
        except OSError as exc:  # a read-only docs folder, a full disk: said, no traceback
            where = Path(exc.filename).parent if exc.filename else self.docs_dir
            raise CommandError(
                f"cannot write in {where}: {exc.strerror or exc}; tagindex build writes its "
                "pages there (make the folder writable, or set tags_dir to another folder)"
            ) from None

    def _write(
        self, files: Mapping[str, bytes], warn: Callable[[str], None], same: Collection[str]
    ) -> Report:
        report = Report()
        new: dict[str, dict[str, str]] = {root: {} for root in self.roots}
        pending: list[tuple[str, Path, bytes]] = []
        for rel, data in sorted(files.items()):
            root = self.root_of(rel)
            assert root is not None
            new[root][rel[len(root) + 1 :]] = self.digest_of(rel, data)
            if rel in same:
                continue
            path = self.docs_dir / rel
            if path.is_file() and path.read_bytes() == data:
                continue
            pending.append((rel, path, data))
        denied = _unwritable([path.parent for _, path, _ in pending])
        if denied:  # a read-only folder: said before the first write, not halfway
            raise CommandError(
                f"nothing written: cannot write in {denied[0]}; tagindex build writes its pages "
                "there (make the folder writable, or set tags_dir to another folder)"
            )
        for rel, path, data in pending:
            write_atomic(path, data)
            report.written.append(rel)
        for root in self.roots:
            self._remove_stale(root, new[root], report, warn)
            self._write_marker(root, new[root])
        return report

    def _remove_stale(
        self, root: str, keep: Mapping[str, str], report: Report, warn: Callable[[str], None]
    ) -> None:
        old = self.manifests.get(root) or {}
        folder = self.docs_dir / root
        for name, hashed in sorted(old.items()):
            if name in keep:
                continue
            path = folder / name
            if not path.is_file() or path.is_symlink():
                continue
            if digest(path.read_bytes()) != hashed:
                warn(f"{path} was written by tagindex but changed since; left in place")
                report.kept.append(f"{root}/{name}")
                continue
            path.unlink()
            report.removed.append(f"{root}/{name}")
            parent = path.parent
            while parent != folder and parent.is_dir() and not any(parent.iterdir()):
                parent.rmdir()
                parent = parent.parent

    def record_init(self, root: str, changes: dict[str, Any]) -> None:
        """Add what one `tagindex init` changed to the marker of `root` (made if absent)."""
        folder = self.docs_dir / root
        if self.manifests.get(root) is None and folder.exists() and any(folder.iterdir()):
            raise CommandError(f"{folder} exists and is not tagindex's (no {MARKER} marker in it)")
        self.inits[root] = [*self.inits.get(root, []), changes]
        self._write_marker(root, self.manifests.get(root) or {})

    def forget_init(self, root: str) -> None:
        self.inits[root] = []
        if (self.docs_dir / root / MARKER).is_file():
            self._write_marker(root, self.manifests.get(root) or {})

    def _write_marker(self, root: str, files: dict[str, str]) -> None:
        folder = self.docs_dir / root
        init = self.inits.get(root) or []
        if not files and not init and not (folder / MARKER).exists():
            return
        content: dict[str, Any] = {"tagindex": MARKER_VERSION, "files": files}
        if init:
            content["init"] = init
        data = json.dumps(content, indent=1, sort_keys=True, ensure_ascii=False).encode()
        marker = folder / MARKER
        if not (marker.is_file() and marker.read_bytes() == data):
            write_atomic(marker, data)
        self.manifests[root] = files

    def check_clean(self, project: Path) -> None:
        """Stop before `clean` (and init's undoing, `project`: the config's folder) changes
        anything if a folder it would change cannot be written."""
        folders: set[Path] = set()
        for root in self.roots:
            top = self.docs_dir / root
            manifest = self.manifests.get(root)
            if manifest is not None:
                folders.update((top, top.parent))
                for name in manifest:
                    if (top / name).is_file():
                        folders.update(_between(top / name, top))
            for change in self.inits.get(root) or []:
                folders.add(top)
                touched = [str((change.get("config") or {}).get("path") or "")]
                touched += [*(change.get("files") or {}), *(change.get("dirs") or [])]
                folders.update((project / rel).parent for rel in touched if rel)
        denied = _unwritable(folders)
        if denied:
            raise CommandError(
                f"nothing removed: cannot write in {denied[0]}"
                + (f" (and {len(denied) - 1} more folders)" if len(denied) > 1 else "")
                + "; tagindex clean removes files there"
            )

    def clean(self) -> Report:
        """Remove every file the manifests list (unchanged ones), then the markers."""
        report = Report()
        for root in self.roots:
            if self.manifests.get(root) is None:
                continue
            self._remove_stale(root, {}, report, lambda text: None)
            marker = self.docs_dir / root / MARKER
            if not report.kept:
                marker.unlink(missing_ok=True)
            folder = self.docs_dir / root
            if folder.is_dir() and not any(folder.iterdir()):
                folder.rmdir()
        return report


def _between(path: Path, top: Path) -> list[Path]:
    """The folders from `path`'s own up to `top`'s parent: the ones its removal (and that of
    the folders it empties) writes in."""
    out = []
    parent = path.parent
    while parent != top.parent and top in (parent, *parent.parents):
        out.append(parent)
        parent = parent.parent
    return [*out, top.parent]


def _unwritable(folders: Iterable[Path]) -> list[Path]:
    """Of `folders` (or, for one not made yet, the nearest folder above it that exists), those
    this process cannot write in, sorted."""
    seen: set[Path] = set()
    for folder in folders:
        while not folder.exists() and folder != folder.parent:
            folder = folder.parent
        seen.add(folder)
    return sorted(f for f in seen if f.is_dir() and not os.access(f, os.W_OK | os.X_OK))
