"""The marker and manifest of a folder the `tagindex` command owns (`command/owned.py` writes
it): every file the command wrote there, with the SHA-256 of what it wrote. Read by the command
and by the MkDocs host, which drops those files from a build (`host/files.py`) so that a
`mkdocs build` after `tagindex build` does not publish them as author pages."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from pathlib import Path

MARKER = ".tagindex"


def owned_roots(tags_dir: str, structure: str, built: Iterable[str]) -> list[str]:
    """The folders the command owns, relative to `docs_dir`: `tags_dir`, and with i18n's
    folder layout (`structure`) each built language's `<lang>/<tags_dir>` too."""
    tags_dir = tags_dir.strip("/")
    if structure == "folder":
        return [tags_dir, *(f"{lang}/{tags_dir}" for lang in built)]
    return [tags_dir]


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def read_manifest(root: Path) -> dict[str, str] | None:
    """Relative path → hash of each file the command wrote under `root`; None: no marker."""
    marker = root / MARKER
    if not marker.is_file() or marker.is_symlink():
        return None
    try:
        data = json.loads(marker.read_text("utf-8"))
        files = data["files"]
    except (OSError, ValueError, KeyError, TypeError):
        return {}
    return {str(k): str(v) for k, v in files.items()} if isinstance(files, dict) else {}
