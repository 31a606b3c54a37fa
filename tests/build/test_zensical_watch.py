"""A soak test of `tagindex build --watch` (issue 26), like the reliability issue's for `mkdocs
serve`: the watch runs as a subprocess with a bounded lifetime while the test makes edits of the
kinds authors make (drop and restore a tag, break and mend front matter, add and delete an
article with a new tag, change a tag's case); after each, the tag pages on disk must come to
match what a build computes from the files, with no traceback, and at the end they are those of a
fresh `tagindex build`. Loopback only: nothing is served."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from mkdocs_tagindex.command import publish
from mkdocs_tagindex.command.config.site import load_site
from mkdocs_tagindex.core import MARKER

from conftest import ROOT, material_config, seed_site, write_page

ENV = {**os.environ, "PYTHONPATH": str(ROOT)}
LIFETIME = 100.0
"""Seconds the watch may live: the test stops it before, or the timeout kills it."""
WATCH = ("timeout",)


def expected(project: Path, scratch: Path) -> dict[str, bytes]:
    """What a build of the project's files as they are now writes (computed in a copy)."""
    if scratch.exists():
        shutil.rmtree(scratch)
    shutil.copytree(
        project, scratch, ignore=shutil.ignore_patterns(".cache", "tags", "site", "watch.log")
    )
    result, _owned = publish.compute(load_site(scratch / "mkdocs.yml"), lambda level, text: None)
    return result.files


def on_disk(project: Path) -> dict[str, bytes]:
    docs = project / "docs"
    return {
        p.relative_to(docs).as_posix(): p.read_bytes()
        for p in (docs / "tags").rglob("*")
        if p.is_file() and p.name != MARKER and not p.name.endswith(".tmp")
    }


def settle(project: Path, scratch: Path, log: Path, what: str, timeout: float = 30.0) -> float:
    """Seconds until the pages on disk are those the files call for."""
    want = expected(project, scratch)
    start = time.perf_counter()
    while on_disk(project) != want:
        assert "Traceback" not in log.read_text("utf-8"), log.read_text("utf-8")[-3000:]
        if time.perf_counter() - start > timeout:
            have = on_disk(project)
            differ = sorted(set(have) ^ set(want) | {k for k in have if have[k] != want.get(k)})
            raise AssertionError(f"after {what}: pages still differ: {differ[:8]}")
        time.sleep(0.1)
    return time.perf_counter() - start


def edits(project: Path) -> list[tuple[str, Callable[[], None]]]:
    """Pairs of edits (each undone by the next), 24 in all."""
    docs = project / "docs"
    a03 = docs / "articles" / "a03.md"
    a04 = docs / "articles" / "a04.md"
    original = {p: p.read_text("utf-8") for p in (a03, a04)}

    def replace(path: Path, old: str, new: str) -> Callable[[], None]:
        def edit() -> None:
            text = path.read_text("utf-8")
            assert old in text, (path, old)
            path.write_text(text.replace(old, new, 1), "utf-8")

        return edit

    def restore(path: Path) -> Callable[[], None]:
        return lambda: path.write_text(original[path], "utf-8")

    def add(n: int) -> Callable[[], None]:
        meta = {"title": f"Fresh {n}", "tags": [f"fresh-{n}", "grpo"], "date": "2026-12-0{n}"}
        return lambda: write_page(project, f"articles/fresh{n}.md", meta, f"# Fresh {n}\n\nNew.\n")

    def delete(n: int) -> Callable[[], None]:
        return lambda: (docs / "articles" / f"fresh{n}.md").unlink()

    rounds: list[tuple[str, Callable[[], None]]] = []
    for n in range(1, 4):
        rounds += [
            ("drop a tag", replace(a04, "- rl\n", "")),
            ("restore it", restore(a04)),
            ("break front matter", replace(a03, "tags:", "tags: [unclosed\nx:")),
            ("mend it", restore(a03)),
            ("add an article with a new tag", add(n)),
            ("delete it", delete(n)),
            ("change a tag's case", replace(a04, "- grpo\n", "- GRPO\n")),
            ("change it back", restore(a04)),
        ]
    return rounds


@pytest.mark.slow
def test_watch_follows_edits_and_ends_as_a_fresh_build(tmp_path: Path) -> None:
    project = seed_site(tmp_path / "site", material_config(per_page=6))
    scratch = tmp_path / "scratch"
    log = project / "watch.log"
    started = time.perf_counter()
    with open(log, "w", encoding="utf-8") as out:
        proc = subprocess.Popen(
            [
                *WATCH,
                str(int(LIFETIME)),
                sys.executable,
                "-m",
                "mkdocs_tagindex",
                "build",
                "--watch",
            ],
            cwd=project,
            env=ENV,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    try:
        while "watching" not in log.read_text("utf-8"):
            assert proc.poll() is None, log.read_text("utf-8")
            assert time.perf_counter() - started < 60, log.read_text("utf-8")
            time.sleep(0.1)
        delays = []
        for what, edit in edits(project):
            edit()
            delays.append(settle(project, scratch, log, what))
        assert proc.poll() is None, "the watch ended early"
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    text = log.read_text("utf-8")
    assert "Traceback" not in text, text[-3000:]
    assert len(delays) >= 20
    fresh = tmp_path / "fresh"
    shutil.copytree(project, fresh, ignore=shutil.ignore_patterns(".cache", "tags", "watch.log"))
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs_tagindex", "build"],
        cwd=fresh,
        env=ENV,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert on_disk(fresh) == on_disk(project)
    print(f"edit to page: max {max(delays):.2f} s over {len(delays)} edits")
