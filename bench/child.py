"""A benchmark's child: a Python snippet run in a project's folder, in a process of its own, so
that every build starts from a fresh interpreter and reports on itself."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def run(
    script: str, project: Path, *args: str, what: str = "build", code: Path | None = None
) -> str:
    """Run `script` with `args` in `project`; its standard output, or an error with the end of
    its standard error. `code`: import mkdocs_tagindex from that checkout (another commit's
    worktree), so two commits are measured side by side in one run."""
    extra = {"PYTHONPATH": str(code)} if code is not None else {}
    result = subprocess.run(
        [sys.executable, "-c", script, *args],
        cwd=project,
        capture_output=True,
        text=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1", **extra},
        check=False,
    )
    if result.returncode != 0:
        raise RuntimeError(f"{what} failed in {project}:\n{result.stderr[-4000:]}")
    return result.stdout
