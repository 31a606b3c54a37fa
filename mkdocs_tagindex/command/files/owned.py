"""The folders the command owns under `docs_dir`, and the only code that writes, moves or deletes
files there.

Which files are the command's is read from the files themselves (`core/ownership.py`: a marker
line with the hash of the rest in each text file, a journal written before the files for the
others), so a killed build, a clone with CRLF line endings or a copied folder changes nothing.
The rules:

- a file is written only where nothing is, or where a file tagindex wrote is still as it wrote
  it (any config's); anything else at a planned path is the author's, and the whole run stops
  before any write with an error naming it (`--adopt`: a file whose marker no longer matches,
  after a merge say, is taken back);
- a folder that exists, is not empty and holds nothing of tagindex's is the author's: the same
  error;
- the folder's journal is written before its files: the hashes each unmarked file may have
  (the old and the new while the build runs), and the config that generates the folder;
- each file is written to a temporary file beside it, then renamed over (a running
  `zensical serve` never reads half a page), and only when its bytes change; a temporary file a
  killed run left is removed by the next;
- files of this config that this run does not write are removed if still as written (an edited
  one is left, with a warning), and folders the removal empties go too; so is a folder this
  config generated and no longer uses (`tags_dir` changed, a language removed); another
  config's files are left as they are;
- no path through a symbolic link is written.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from ...core import ownership
from ..config.confedit import write_atomic
from ..config.site import CommandError, Site

MARKER = ownership.MARKER
digest = ownership.digest
owned_roots = ownership.owned_roots

GITIGNORE = ".gitignore"


def roots(site: Site) -> list[str]:
    """The folders the command owns, relative to `docs_dir`."""
    i18n = site.i18n
    return owned_roots(site.tags_dir, i18n.structure if i18n else "", i18n.build if i18n else ())


def owned_by(site: Site) -> Owned:
    """The folders of `site`, as its config (which the markers name) owns them."""
    return Owned(site.docs_dir, roots(site), ownership.config_label(site.path, site.docs_dir))


@dataclass
class Report:
    written: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    kept: list[str] = field(default_factory=list)
    """Stale files the author changed: left where they are."""
    adopted: list[str] = field(default_factory=list)


def journal_folders(docs_dir: Path) -> list[str]:
    """Every folder under `docs_dir` with a journal (paths relative to it)."""
    found = []
    for folder, dirs, files in os.walk(docs_dir):
        dirs[:] = sorted(d for d in dirs if not os.path.islink(os.path.join(folder, d)))
        if MARKER in files:
            found.append(Path(folder).relative_to(docs_dir).as_posix())
    return found


def files_under(folder: Path) -> list[str]:
    """The files under `folder` (paths relative to it), symbolic links left out."""
    out = []
    for here, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not os.path.islink(os.path.join(here, d)))
        rel = Path(here).relative_to(folder).as_posix()
        for name in sorted(files):
            if not os.path.islink(os.path.join(here, name)):
                out.append(name if rel == "." else f"{rel}/{name}")
    return out


class Owned:
    """The command's folders: `roots` are paths relative to `docs_dir`; `label` names the config
    whose build this is (`config_label`; None: any config's files count as its own)."""

    def __init__(self, docs_dir: Path, roots: list[str], label: str | None = None) -> None:
        self.docs_dir = docs_dir
        self.roots = sorted(set(roots))
        self.label = label
        self.journals = {r: ownership.read_journal(docs_dir / r) for r in self.roots}
        self.manifests: dict[str, dict[str, str] | None] = {r: self._listing(r) for r in self.roots}
        """Root → what its journal lists; None: nothing of tagindex's is there."""
        self._generated: set[str] | None = None
        self._folders: list[str] | None = None

    def _listing(self, root: str) -> dict[str, str] | None:
        journal = self.journals[root]
        if journal is not None:
            return {k: v[0] for k, v in journal.files.items() if v}
        folder = self.docs_dir / root
        for name in files_under(folder) if folder.is_dir() else ():
            if ownership.has_mark(folder / name) or ownership.TMP.match(name.rsplit("/", 1)[-1]):
                return {}
        return None

    def root_of(self, rel: str) -> str | None:
        for root in self.roots:
            if rel.startswith(root + "/"):
                return root
        return None

    def folders(self) -> list[str]:
        """Every folder under `docs_dir` with a journal (one walk per run)."""
        if self._folders is None:
            self._folders = journal_folders(self.docs_dir)
        return self._folders

    def generated(self) -> set[str]:
        """The pages tagindex wrote, changed or not: never an author's (`generated_pages`)."""
        if self._generated is None:
            self._generated = generated_pages(self.docs_dir, self.roots, self.folders())
        return self._generated

    def is_ours(self, rel: str) -> bool:
        """Whether the page at `rel` (under `docs_dir`) is one the command wrote."""
        return rel in self.generated()

    def conflicts(
        self, files: Mapping[str, bytes], same: Collection[str] = (), adopt: bool = False
    ) -> tuple[list[str], list[str]]:
        """Every author's file or folder standing where `files` would go (`same`: files whose
        bytes on disk were just read and are those in `files`); the files `adopt` takes back."""
        problems: list[str] = []
        adopted: list[str] = []
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
            _check_path(self.docs_dir, rel, checked)
            if rel in same:
                continue  # read in this run: there, and what tagindex writes
            path = self.docs_dir / rel
            if not path.exists():
                continue
            journal, name = self.journals.get(owner), rel[len(owner) + 1 :]
            data = path.read_bytes() if path.is_file() else None
            whose = "author" if data is None else ownership.status(data, name, journal, self.label)
            if whose == "edited" and adopt:
                adopted.append(rel)
            elif whose in ("edited", "author"):
                problems.append(f"{path} is not a file tagindex wrote (or was changed since)")
        return problems, adopted

    def sync(
        self,
        files: Mapping[str, bytes],
        warn: Callable[[str], None],
        same: Collection[str] = (),
        adopt: bool = False,
    ) -> Report:
        """Make the folders hold exactly `files` (paths under `docs_dir`); stop on conflicts.
        `same`: files whose bytes on disk were read in this run and are those in `files`;
        `adopt`: overwrite tagindex's files whose marker no longer matches (said, one a line)."""
        problems, adopted = self.conflicts(files, same, adopt)
        if problems:
            raise CommandError(
                "nothing written: "
                + "; ".join(problems[:5])
                + (f"; and {len(problems) - 5} more" if len(problems) > 5 else "")
                + ". Move the file away or set the tagindex option tags_dir to another folder"
                + " (a file tagindex wrote whose marker a merge broke: tagindex build --adopt)."
            )
        for rel in adopted:
            warn(f"{self.docs_dir / rel}: tagindex wrote it and it was changed; --adopt: rewritten")
        try:
            report = self._write(files, warn, same)
        except OSError as exc:  # a read-only docs folder, a full disk: said, no traceback
            where = Path(exc.filename).parent if exc.filename else self.docs_dir
            raise CommandError(
                f"cannot write in {where}: {exc.strerror or exc}; tagindex build writes its "
                "pages there (make the folder writable, or set tags_dir to another folder)"
            ) from None
        report.adopted = adopted
        return report

    def _write(
        self, files: Mapping[str, bytes], warn: Callable[[str], None], same: Collection[str]
    ) -> Report:
        report = Report()
        per_root: dict[str, dict[str, bytes]] = {root: {} for root in self.roots}
        pending: list[tuple[str, Path, bytes]] = []
        for rel, data in sorted(files.items()):
            root = self.root_of(rel)
            assert root is not None
            per_root[root][rel[len(root) + 1 :]] = data
            if rel in same:
                continue
            path = self.docs_dir / rel
            if path.is_file() and _same_text(path.read_bytes(), data):
                continue  # as written, or with CRLF line endings (a clone's): left as it is
            pending.append((rel, path, data))
        denied = _unwritable([path.parent for _, path, _ in pending])
        if denied:  # a read-only folder: said before the first write, not halfway
            raise CommandError(
                f"nothing written: cannot write in {denied[0]}; tagindex build writes its pages "
                "there (make the folder writable, or set tags_dir to another folder)"
            )
        for root in self.roots:  # the journals first: what a killed run leaves is listed
            self._journal(root, per_root[root], keep_old=True)
        for rel, path, data in pending:
            write_atomic(path, data)
            report.written.append(rel)
        for root in self.roots:
            self._remove_stale(root, set(per_root[root]), report, warn)
            self._journal(root, per_root[root], keep_old=False)
            prune_empty(self.docs_dir / root, self.docs_dir / root)  # a killed run's folders
        for root in self._stale_roots():
            self._remove_stale(root, set(), report, warn)
            self._drop_journal(root)
        return report

    def _journal(self, root: str, files: Mapping[str, bytes], keep_old: bool) -> None:
        """Write `root`'s journal: the unmarked ones of `files` with their hashes, and while
        `keep_old`, the hashes it listed of files still there (a build killed before it
        replaces one leaves the old one: still listed)."""
        old = self.journals.get(root) or ownership.Journal()
        # an earlier version's init record passes through, for clean to name its lines
        new = ownership.Journal(config=self.label or old.config, init=old.init)
        for name, data in files.items():
            if not ownership.markable(name):
                new.files[name] = [digest(data)]
        if keep_old:
            for name, hashes in old.files.items():
                if (self.docs_dir / root / name).is_file():
                    new.files[name] = [*new.files.get(name, []), *hashes]
        self._save_journal(root, new)

    def _save_journal(self, root: str, journal: ownership.Journal) -> None:
        data = journal.dump()
        path = self.docs_dir / root / MARKER
        if not (path.is_file() and path.read_bytes() == data):
            write_atomic(path, data)
        self.journals[root] = journal
        self.manifests[root] = {k: v[0] for k, v in journal.files.items() if v}

    def _stale_roots(self) -> list[str]:
        found = stale_roots(self.docs_dir, self.roots, self.label, self.folders())
        self.journals.update(found)
        return list(found)

    def _remove_stale(
        self, root: str, keep: Collection[str], report: Report, warn: Callable[[str], None]
    ) -> None:
        remove_files(
            self.docs_dir / root, root, keep, self.journals.get(root), self.label, report, warn
        )

    def _drop_journal(self, root: str) -> None:
        drop_journal(self.docs_dir, root, self.journals.get(root))

    def check_clean(self) -> None:
        """Stop before `clean` changes anything if a folder it would change cannot be written
        (init's undoing checks the config's and the templates' folders itself, `undo.py`)."""
        folders: set[Path] = set()
        for root in [*self.roots, *self._stale_roots()]:
            top = self.docs_dir / root
            if self.manifests.get(root) is not None or root not in self.roots:
                folders.update((top, top.parent))
                for name in files_under(top) if top.is_dir() else ():
                    folders.update(_between(top / name, top))
        denied = _unwritable(folders)
        if denied:
            raise CommandError(
                f"nothing removed: cannot write in {denied[0]}"
                + (f" (and {len(denied) - 1} more folders)" if len(denied) > 1 else "")
                + "; tagindex clean removes files there"
            )

    def clean(self) -> Report:
        """Remove every file of this config's (unchanged ones), then the journals."""
        report = Report()
        for root in [*self.roots, *self._stale_roots()]:
            if self.manifests.get(root) is None and root in self.roots:
                continue
            kept = len(report.kept)
            self._remove_stale(root, set(), report, lambda text: None)
            folder = self.docs_dir / root
            journal = self.journals.get(root)
            mine = journal is None or self.label is None or journal.config in (None, self.label)
            if len(report.kept) == kept and mine:
                (folder / MARKER).unlink(missing_ok=True)
            prune_empty(folder, folder.parent)
        return report


def generated_pages(docs_dir: Path, roots: Collection[str], folders: list[str]) -> set[str]:
    """The pages under `roots` and every folder with a journal that carry a marker or that the
    journal lists (read from their first lines)."""
    found: set[str] = set()
    for root in sorted({*roots, *folders}):
        folder = docs_dir / root
        if not folder.is_dir():
            continue
        journal = ownership.read_journal(folder)
        for name in files_under(folder):
            listed = journal is not None and name in journal.files
            if name.endswith(".md") and (listed or ownership.has_mark(folder / name)):
                found.add(f"{root}/{name}" if root != "." else name)
    return found


def _check_path(docs_dir: Path, rel: str, checked: set[str]) -> None:
    """No part of `rel` is a symbolic link (`checked`: folders already seen in this run)."""
    parts = rel.split("/")
    for n in range(1, len(parts) + 1):
        sub = "/".join(parts[:n])
        if sub in checked:
            continue
        path = os.path.join(docs_dir, sub)
        if os.path.islink(path):
            raise CommandError(f"{path} is a symbolic link; tagindex writes through none")
        if n < len(parts):
            checked.add(sub)


def stale_roots(
    docs_dir: Path, roots: Collection[str], label: str | None, folders: list[str]
) -> dict[str, ownership.Journal]:
    """The folders config `label` generated (their journal names it) and no longer uses
    (`roots`: the ones it uses now), with their journals."""
    out: dict[str, ownership.Journal] = {}
    if label is None:
        return out
    for folder in folders:
        if folder in roots or any(folder.startswith(r + "/") for r in roots):
            continue
        journal = ownership.read_journal(docs_dir / folder)
        if journal is not None and journal.config == label:
            out[folder] = journal
    return out


def remove_files(
    folder: Path,
    root: str,
    keep: Collection[str],
    journal: ownership.Journal | None,
    label: str | None,
    report: Report,
    warn: Callable[[str], None],
) -> None:
    """Remove config `label`'s files under `folder` (`root` under `docs_dir`) but `keep`, and
    the temporary files killed runs left; an edited one stays, with a warning."""
    if not folder.is_dir():
        return
    for name in files_under(folder):
        if name in keep or name == MARKER:
            continue
        path = folder / name
        if not ownership.TMP.match(path.name):
            whose = ownership.status(path.read_bytes(), name, journal, label)
            if whose == "edited":
                warn(f"{path} was written by tagindex but changed since; left in place")
                report.kept.append(f"{root}/{name}")
            if whose != "ours":
                continue
            report.removed.append(f"{root}/{name}")
        path.unlink()
        parent = path.parent
        while parent != folder and parent.is_dir() and not any(parent.iterdir()):
            parent.rmdir()
            parent = parent.parent


def drop_journal(docs_dir: Path, root: str, journal: ownership.Journal | None) -> None:
    """A stale folder's journal goes with its last file, and the folders left empty with it."""
    folder = docs_dir / root
    left = [n for n in files_under(folder) if n != MARKER] if folder.is_dir() else []
    if left:
        return
    (folder / MARKER).unlink(missing_ok=True)
    prune_empty(folder, docs_dir)


def prune_empty(folder: Path, top: Path) -> None:
    """Remove the empty folders under `folder` (a killed run's), then `folder` and its parents
    below `top` while empty."""
    if not folder.is_dir() or folder.is_symlink():
        return
    for here, _dirs, _files in os.walk(folder, topdown=False):
        if not os.path.islink(here) and not os.listdir(here) and Path(here) != folder:
            os.rmdir(here)
    while folder != top and folder.is_dir() and not any(folder.iterdir()):
        folder.rmdir()
        folder = folder.parent


def _same_text(disk: bytes, data: bytes) -> bool:
    return disk == data or (b"\r\n" in disk and disk.replace(b"\r\n", b"\n") == data)


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
