"""The `tagindex` command as a process among others (issue 33, points 2 and 4): its Markdown
workers die with it, two builds in one project take turns, a read-only docs folder is said
plainly, and the small things (`--version`, the summary line, the cache ignored by git and
removed by `clean`)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from test_zensical import ENV

from conftest import material_config, write_config, write_page

DEADLINE = 60.0
"""Generous: against a hang, never a measure of speed."""


def wait_for(what: str, test: Callable[[], object], deadline: float = DEADLINE) -> object:
    end = time.monotonic() + deadline
    while time.monotonic() < end:
        found = test()
        if found:
            return found
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


def children_of(pid: int) -> list[int]:
    """Live processes whose parent is `pid` (read from /proc: psutil is not installed)."""
    return [int(e) for e in os.listdir("/proc") if e.isdigit() and _stat(int(e))[1] == pid]


def _stat(pid: int) -> tuple[str, int]:
    """State and parent of `pid` ("", -1 when it is gone)."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return ("", -1)
    fields = text[text.rindex(")") + 2 :].split()
    return (fields[0], int(fields[1]))


def alive(pid: int) -> bool:
    return _stat(pid)[0] not in ("", "Z", "X")


def big_site(project: Path, pages: int = 80, parts: int = 300) -> Path:
    """Enough pages, long enough, that `tagindex build` renders them on a pool of workers
    for a few seconds."""
    write_config(project, material_config())
    write_page(project, "index.md", {"title": "Home"}, "Hi.\n")
    body = "".join(
        f"## Part {i}\n\nSome *text* with `code`, a [link](https://x.org/{i}), **bold**.\n\n"
        "- one\n- two\n\n"
        for i in range(parts)
    )
    for n in range(pages):
        meta = {"title": f"A {n}", "tags": ["grpo"], "date": "2026-11-01"}
        write_page(project, f"articles/a{n:03d}.md", meta, f"# A {n}\n\n{body}")
    return project


class Background:
    """`tagindex` in the background, its output in a file (a pipe would stay open as long as
    any worker the build left behind, and reading it would hang)."""

    def __init__(self, project: Path, *args: str, env: dict[str, str] | None = None) -> None:
        self.log = project.parent / f"{project.name}-{time.monotonic_ns()}.log"
        with open(self.log, "w") as out:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "mkdocs_tagindex", *args],
                cwd=project,
                env={**ENV, **(env or {})},
                stdout=out,
                stderr=subprocess.STDOUT,
            )
        self.pid = self.process.pid

    def said(self) -> str:
        return self.log.read_text("utf-8")

    def wait(self) -> int:
        return self.process.wait(timeout=DEADLINE)


def test_kill_9_of_the_build_kills_its_workers(tmp_path: Path) -> None:
    project = big_site(tmp_path / "big")
    build = Background(project, "build")
    workers: list[int] = []
    try:
        found = wait_for("the Markdown workers", lambda: children_of(build.pid))
        assert isinstance(found, list)
        workers = found
        assert build.process.poll() is None, "the build ended before its workers were seen"
        os.kill(build.pid, signal.SIGKILL)
        assert build.wait() == -signal.SIGKILL
        left: list[int] = []
        end = time.monotonic() + 30.0
        while time.monotonic() < end:
            left = [pid for pid in workers if alive(pid)]
            if not left:
                break
            time.sleep(0.1)
        assert not left, f"workers {left} outlived their build"
    finally:
        build.process.kill()
        build.process.wait()
        for pid in workers:  # the test's own processes, if the fault is back
            if alive(pid):
                os.kill(pid, signal.SIGKILL)
