"""Kill the `tagindex` command at its Nth write (issue 39): the command runs in a subprocess whose
`os` functions that change the file system (`replace`, `rename`, `unlink`, `remove`, `rmdir`,
`mkdir`) and `open` for writing are wrapped to count, and at the chosen count the process sends
itself a signal before the call is made. No hook lives in the package: what is counted is every
change of the file system the command makes, whatever module makes it.

    n = count_writes(project, "build")            # how many writes a run makes
    for at in range(1, n + 1):
        killed = run_killed(project, ["build"], at, signal.SIGKILL)
        ...                                          # then the next run must recover
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

_BOOT = r"""
import builtins, os, signal, sys
_at = int(os.environ["TAGINDEX_KILL_AT"])
_sig = int(os.environ["TAGINDEX_KILL_SIGNAL"])
_log = os.environ.get("TAGINDEX_KILL_LOG")
_under = os.environ.get("TAGINDEX_KILL_UNDER", "")
_n = [0]
if _sig == signal.SIGINT:  # Ctrl-C's KeyboardInterrupt, even when started from a background
    signal.signal(signal.SIGINT, signal.default_int_handler)  # job, which ignores SIGINT

def _tick(what, path):
    if _under and not os.path.abspath(os.fspath(path)).startswith(_under):
        return
    _n[0] += 1
    if _log:
        with _real_open(_log, "a", encoding="utf-8") as handle:
            handle.write(f"{_n[0]}\t{what}\t{path}\n")
    if _at and _n[0] == _at:
        os.kill(os.getpid(), _sig)
        if _sig != signal.SIGKILL:
            signal.raise_signal(_sig)

def _wrap(name):
    real = getattr(os, name)
    def wrapped(path, *args, **kwargs):
        _tick(name, path)
        return real(path, *args, **kwargs)
    setattr(os, name, wrapped)

for _name in ("replace", "rename", "unlink", "remove", "rmdir", "mkdir"):
    _wrap(_name)

_real_open = builtins.open

def _open(file, mode="r", *args, **kwargs):
    if any(flag in mode for flag in "wax+") and not str(file).endswith((".pyc", ".lock")):
        _tick("open:" + mode, file)
    return _real_open(file, mode, *args, **kwargs)

builtins.open = _open
import runpy
sys.argv = ["tagindex", *sys.argv[1:]]
runpy.run_module("mkdocs_tagindex", run_name="__main__")
"""


def _env(at: int, sig: int, log: Path | None, under: Path | None) -> dict[str, str]:
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "NO_MKDOCS_2_WARNING": "1",
        "TAGINDEX_KILL_AT": str(at),
        "TAGINDEX_KILL_SIGNAL": str(int(sig)),
    }
    if log is not None:
        env["TAGINDEX_KILL_LOG"] = str(log)
    if under is not None:
        env["TAGINDEX_KILL_UNDER"] = str(under.resolve())
    return env


def run_killed(
    project: Path,
    args: list[str],
    at: int,
    sig: int = signal.SIGKILL,
    log: Path | None = None,
    under: Path | None = None,
) -> subprocess.CompletedProcess[str]:
    """`tagindex *args` in `project`, sent `sig` just before its `at`-th write (0: never);
    `under`: count only the writes below that folder (e.g. the docs folder, not the cache)."""
    return subprocess.run(
        [sys.executable, "-c", _BOOT, *args],
        cwd=project,
        env=_env(at, sig, log, under),
        capture_output=True,
        text=True,
        timeout=300,
    )


def count_writes(
    project: Path, args: list[str], log: Path, under: Path | None = None
) -> tuple[int, str]:
    """Run `tagindex *args` to the end, counting its writes (listed in `log`, one a line:
    number, call, path); returns the count and the run's stderr. The run changes `project`."""
    log.unlink(missing_ok=True)
    result = run_killed(project, args, 0, signal.SIGKILL, log, under)
    assert result.returncode == 0, result.stderr[-3000:]
    lines = log.read_text("utf-8").splitlines() if log.exists() else []
    return len(lines), result.stderr
