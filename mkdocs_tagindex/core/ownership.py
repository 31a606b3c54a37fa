"""Which files under `docs_dir` the `tagindex` command wrote, proved by the files themselves.

Read by the command (`command/files/owned.py`, which alone writes there) and by the MkDocs host,
which drops those files from a build (`host/files.py`). Nothing here depends on a record written
after the files: a build killed between two writes, a clone that turned every LF into CRLF, or a
folder copied elsewhere all leave files whose ownership is read from them alone:

- a text file that can hold a comment (Markdown pages, XML feeds, CSS, JS, `.gitignore`) carries
  a marker line, `tagindex-owned sha256=<hash> config=<config file>`, in that format's comment;
  the hash is of the file's bytes without that line, CRLF read as LF. Ours and unchanged: the
  hash matches;
- a file that cannot (`tags.json`, JSON feeds) is listed in its folder's journal, `.tagindex`,
  with the hashes it may have (CRLF read as LF). The journal is written BEFORE any such file:
  during a build it lists both the old and the new hashes, after it the new ones;
- the journal also names the config file that generated the folder (a config's stale folder is
  removed only by a build of that config) and passes on the init record an earlier version
  kept there (`init`; init now marks its own lines in the config), for `clean` to name;
- a journal of version 1 (a manifest written last by older versions) lists every file with the
  SHA-256 of the bytes written: those files are adopted when they still have them.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote

MARKER = ".tagindex"
"""The journal of a folder the command owns (the marker of older versions)."""
JOURNAL_VERSION = 2

_LINE = re.compile(
    rb"^(?:# |<!-- |/\* )tagindex-owned sha256=([0-9a-f]{64}) config=(\S+)(?: -->| \*/)?\r?\n",
    re.M,
)
_HEAD = 4096
"""A marker is in a file's first lines: where `mark` puts it."""
TMP = re.compile(r"^\..+\.\d+\.tmp$")
"""A temporary file of `write_atomic` (`.<name>.<pid>.tmp`) that a killed run left."""


def owned_roots(tags_dir: str, structure: str, built: Iterable[str]) -> list[str]:
    """The folders the command owns, relative to `docs_dir`: `tags_dir`, and with i18n's
    folder layout (`structure`) each built language's `<lang>/<tags_dir>` too."""
    tags_dir = tags_dir.strip("/")
    if structure == "folder":
        return [tags_dir, *(f"{lang}/{tags_dir}" for lang in built)]
    return [tags_dir]


def digest(data: bytes) -> str:
    """SHA-256 of `data` with CRLF read as LF: a clone with `core.autocrlf=true` changes none."""
    return hashlib.sha256(data.replace(b"\r\n", b"\n")).hexdigest()


def config_label(config: Path, docs_dir: Path) -> str:
    """The config file as a marker names it: its path from `docs_dir` (`../mkdocs.yml`), the
    same in every clone and unique among configs sharing one `docs_dir`."""
    rel = os.path.relpath(config, docs_dir).replace(os.sep, "/")
    return quote(rel, safe="/._~").replace("-", "%2D")  # no `--`, `*/`, space or line break


def markable(rel: str) -> bool:
    return rel.rsplit("/", 1)[-1] == ".gitignore" or rel.endswith((".md", ".xml", ".css", ".js"))


def mark(rel: str, data: bytes, label: str) -> bytes:
    """`data` (a file to write at `rel`) with its marker line, if its format has comments."""
    if not markable(rel):
        return data
    hashed = digest(data)
    core = f"tagindex-owned sha256={hashed} config={label}"
    if rel.endswith(".md"):
        line, after = f"# {core}", data.startswith(b"---\n")  # a YAML comment in front matter
        if not after:
            line = f"<!-- {core} -->"
    elif rel.endswith(".xml"):
        line, after = f"<!-- {core} -->", data.startswith(b"<?xml")
    elif rel.endswith((".css", ".js")):
        line, after = f"/* {core} */", data.startswith(b"@charset")  # @charset comes first
    else:
        line, after = f"# {core}", False
    if not after:
        return line.encode() + b"\n" + data
    cut = data.index(b"\n") + 1
    return data[:cut] + line.encode() + b"\n" + data[cut:]


@dataclass(frozen=True)
class Marked:
    """What a file's marker says: the config that wrote it, and whether the rest of the file
    is still what it wrote."""

    config: str
    """As `config_label` writes it (quoted)."""
    intact: bool


def read_mark(data: bytes) -> Marked | None:
    """The marker of a file's bytes; None: it has none."""
    found = _LINE.search(data, 0, _HEAD)
    if found is None:
        return None
    rest = data[: found.start()] + data[found.end() :]
    return Marked(found.group(2).decode(), digest(rest) == found.group(1).decode())


def has_mark(path: Path) -> bool:
    """Whether a file carries a marker (reads its first lines only)."""
    try:
        with open(path, "rb") as handle:
            head = handle.read(_HEAD)
    except OSError:
        return False
    return _LINE.search(head) is not None


@dataclass
class Journal:
    """A folder's `.tagindex`: the config that generated it, the hashes each unmarked file
    may have, and an earlier version's `tagindex init` record (kept as it is, for `clean`)."""

    version: int = JOURNAL_VERSION
    config: str | None = None
    """None: a version 1 manifest, which did not say."""
    files: dict[str, list[str]] = field(default_factory=dict)
    init: list[Any] = field(default_factory=list)

    def hashes(self, name: str) -> list[str]:
        return self.files.get(name, [])

    def dump(self) -> bytes:
        content: dict[str, Any] = {"tagindex": self.version, "config": self.config}
        content["files"] = {k: sorted(set(v)) for k, v in sorted(self.files.items())}
        if self.init:
            content["init"] = self.init
        return json.dumps(content, indent=1, sort_keys=True, ensure_ascii=False).encode() + b"\n"


def read_journal(root: Path) -> Journal | None:
    """The journal of `root`; None: there is none (a broken one reads as empty)."""
    path = root / MARKER
    if not path.is_file() or path.is_symlink():
        return None
    try:
        data = json.loads(path.read_text("utf-8"))
    except (OSError, ValueError):
        return Journal()
    if not isinstance(data, dict):
        return Journal()
    version = data.get("tagindex")
    files = data.get("files")
    init = data.get("init")
    journal = Journal(
        version=version if isinstance(version, int) else JOURNAL_VERSION,
        config=str(data["config"]) if isinstance(data.get("config"), str) else None,
        init=[x for x in init if isinstance(x, dict)] if isinstance(init, list) else [],
    )
    for name, hashed in (files or {}).items() if isinstance(files, dict) else ():
        found = hashed if isinstance(hashed, list) else [hashed]
        journal.files[str(name)] = [str(h) for h in found]
    return journal


def status(data: bytes, name: str, journal: Journal | None, label: str | None) -> str:
    """Whose a file is (`name`: its path in a folder with `journal`): "ours" (written by the
    config `label`, unchanged; any config's if `label` is None), "other" (another config's,
    unchanged), "edited" (tagindex's, changed since) or "author"."""
    marked = read_mark(data)
    if marked is not None:
        if not marked.intact:
            return "edited"
        return "ours" if label is None or marked.config == label else "other"
    if journal is None or name not in journal.files:
        return "author"
    listed = journal.hashes(name)
    if digest(data) not in listed and hashlib.sha256(data).hexdigest() not in listed:
        return "edited"
    if label is None or journal.config is None or journal.config == label:
        return "ours"
    return "other"
