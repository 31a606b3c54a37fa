"""The `tagindex` command as a process among others (issue 33, points 2 and 4): its Markdown
workers die with it, two builds in one project take turns, a read-only docs folder is said
plainly, and the small things (`--version`, the summary line, the cache ignored by git and
removed by `clean`)."""

from __future__ import annotations

import fcntl
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from test_zensical import ENV, tagindex

from mkdocs_tagindex import __version__
from mkdocs_tagindex.command import cli

from conftest import material_config, seed_site, write_config, write_page

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

    def pid_done(self) -> bool:
        return self.process.poll() is not None

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


def hold_lock(project: Path) -> int:
    """The project's build lock, taken by the test as a running build would (`locking.py`)."""
    folder = project / ".cache/tagindex"
    folder.mkdir(parents=True, exist_ok=True)
    fd = os.open(folder / "lock", os.O_RDWR | os.O_CREAT)
    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    os.write(fd, b"4242\n")
    return fd


def test_a_second_build_waits_for_the_first_then_builds(tmp_path: Path) -> None:
    project = seed_site(tmp_path / "s")
    fd = hold_lock(project)
    build = Background(project, "build")
    try:
        wait_for(
            "the build to say it waits", lambda: "pid 4242" in build.said() or build.pid_done()
        )
        said = build.said()
        assert "another tagindex run (pid 4242) is using this project" in said, said
        assert build.process.poll() is None, said
        assert not (project / "docs/tags").exists()  # nothing written while it waits
    finally:
        os.close(fd)  # the other run ends
    assert build.wait() == 0, build.said()
    said = build.said()
    assert said.count("pid 4242") == 1, said  # said once, not on every poll
    assert (project / "docs/tags/grpo/index.md").is_file()
    assert "Traceback" not in said


def test_a_build_waiting_while_clean_takes_the_cache_away_builds(tmp_path: Path) -> None:
    project = seed_site(tmp_path / "s")
    fd = hold_lock(project)
    build = Background(project, "build")
    try:
        wait_for("the build to wait", lambda: "pid 4242" in build.said() or build.pid_done())
        shutil.rmtree(project / ".cache")  # what `tagindex clean` does while it holds the lock
    finally:
        os.close(fd)
    assert build.wait() == 0, build.said()
    assert (project / "docs/tags/grpo/index.md").is_file()
    assert (project / ".cache/tagindex/.gitignore").is_file()


@pytest.mark.parametrize("how", ["option", "env"])
def test_a_build_or_clean_gives_up_after_the_timeout(tmp_path: Path, how: str) -> None:
    project = seed_site(tmp_path / "s")
    fd = hold_lock(project)
    try:
        for command in ("build", "clean"):
            if how == "option":
                run = Background(project, command, "--lock-timeout", "0.5")
            else:
                run = Background(project, command, env={"TAGINDEX_LOCK_TIMEOUT": "0.5"})
            assert run.wait() == 1, run.said()
            said = run.said()
            assert "another tagindex run (pid 4242) still holds" in said, said
            assert "TAGINDEX_LOCK_TIMEOUT" in said and "Traceback" not in said
            assert not (project / "docs/tags").exists()
    finally:
        os.close(fd)


def test_the_watch_takes_the_lock_per_build(tmp_path: Path) -> None:
    project = seed_site(tmp_path / "s")
    watch = Background(project, "build", "--watch")
    try:
        wait_for("the first build", lambda: "watching for changes" in watch.said())
        fd = hold_lock(project)  # free between builds: the watch does not keep it
        article = project / "docs/articles/a01.md"
        article.write_text(article.read_text("utf-8").replace("- grpo\n", "- grpo\n- late\n"))
        wait_for("the watch to wait", lambda: "pid 4242" in watch.said())
        assert not (project / "docs/tags/late").exists()
        os.close(fd)
        wait_for("the late tag page", lambda: (project / "docs/tags/late/index.md").is_file())
    finally:
        watch.process.kill()
        watch.process.wait()
    assert "Traceback" not in watch.said()


def files_of(project: Path) -> dict[str, bytes]:
    """Every file of the project and its bytes (the build lock's pid aside)."""
    return {
        p.relative_to(project).as_posix(): p.read_bytes()
        for p in project.rglob("*")
        if p.is_file() and p.name != "lock"
    }


StrPath = str | os.PathLike[str]


def denied_under(folder: Path) -> Callable[[StrPath], bool]:
    """Whether a path is `folder` or under it: where the test makes writes fail."""

    def inside(path: StrPath) -> bool:
        resolved = Path(path).absolute()
        return resolved == folder or folder in resolved.parents

    return inside


def test_a_read_only_docs_folder_is_said_without_traceback(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    project = seed_site(tmp_path / "s")
    docs = project / "docs"
    inside = denied_under(docs)
    real_replace = os.replace

    def replace(src: StrPath, dst: StrPath) -> None:  # as root, chmod would not stop a write
        if inside(dst):
            raise PermissionError(13, "Permission denied", os.fspath(src))
        real_replace(src, dst)

    monkeypatch.setattr(os, "replace", replace)
    code = cli.main(["build", "-f", str(project / "mkdocs.yml")])
    err = capsys.readouterr().err
    assert code == 1, err
    assert f"cannot write in {docs / 'tags'}: Permission denied" in err, err
    assert "Traceback" not in err


def test_a_read_only_docs_folder_is_said_before_any_write(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    project = seed_site(tmp_path / "s")
    docs = project / "docs"
    inside = denied_under(docs)
    real_access = os.access

    def access(path: StrPath, mode: int, **kw: Any) -> bool:  # what a non-root user meets
        return not (inside(path) and mode & os.W_OK) and real_access(path, mode, **kw)

    monkeypatch.setattr(os, "access", access)
    code = cli.main(["build", "-f", str(project / "mkdocs.yml")])
    err = capsys.readouterr().err
    assert code == 1, err
    assert f"nothing written: cannot write in {docs};" in err, err
    assert "Traceback" not in err
    assert not (docs / "tags").exists()  # not half of the pages


def test_clean_in_a_read_only_folder_changes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    project = seed_site(tmp_path / "s")
    for step in ("init", "build"):
        assert tagindex(project, step).returncode == 0
    before = files_of(project)
    locked = project / "docs/tags/rl"
    inside = denied_under(locked)
    real_access, real_unlink, real_rmdir = os.access, os.unlink, os.rmdir

    def access(path: StrPath, mode: int, **kw: Any) -> bool:
        if inside(path) and mode & os.W_OK:
            return False
        return real_access(path, mode, **kw)

    def refuse(real: Callable[..., None]) -> Callable[..., None]:
        def call(path: StrPath, *args: Any, **kw: Any) -> None:
            if inside(path) and Path(path) != locked:  # its parent is writable: it may go
                raise PermissionError(13, "Permission denied", os.fspath(path))
            real(path, *args, **kw)

        return call

    monkeypatch.setattr(os, "access", access)
    monkeypatch.setattr(os, "unlink", refuse(real_unlink))
    monkeypatch.setattr(os, "rmdir", refuse(real_rmdir))
    code = cli.main(["clean", "-f", str(project / "mkdocs.yml")])
    err = capsys.readouterr().err
    assert code == 1, err
    assert f"nothing removed: cannot write in {locked}" in err, err
    assert "Traceback" not in err
    assert files_of(project) == before  # not the config, not one file, not the cache


def test_version(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs_tagindex", "--version"],
        env=ENV,
        capture_output=True,
        text=True,
        timeout=DEADLINE,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == f"tagindex {__version__}"


SUMMARY = re.compile(
    r"tagindex: (\d+) tag pages \((\d+) written, (\d+) removed\), (\d+) feeds, (\d+) other files"
)


def test_the_summary_counts_tag_pages_written_and_removed(tmp_path: Path) -> None:
    project = seed_site(tmp_path / "s")

    def counts() -> tuple[int, ...]:
        result = tagindex(project, "build")
        assert result.returncode == 0, result.stderr
        found = SUMMARY.search(result.stderr)
        assert found, result.stderr
        assert "pages rendered" not in result.stderr
        return tuple(int(n) for n in found.groups())

    # the tags' index, grpo, rl; a feed pair for each tag; other files: tags.json, tags.css,
    # the two stylesheets and the two scripts, the .gitignore, and the explorer's
    # explorer.json, explorer-names.json and two pieces of cards (the seed's 16 articles)
    assert counts() == (3, 3, 0, 4, 11)
    article = project / "docs/articles/a01.md"
    text = article.read_text("utf-8")
    article.write_text(text.replace("- grpo\n", "- grpo\n- solo\n"), "utf-8")
    pages, written, removed, feeds, _ = counts()
    assert (pages, removed, feeds) == (4, 0, 6) and written >= 1  # solo, and the index
    article.write_text(text, "utf-8")
    pages, written, removed, feeds, _ = counts()
    assert (pages, removed, feeds) == (3, 1, 4)


def test_the_cache_is_ignored_by_git_and_clean_removes_it(tmp_path: Path) -> None:
    project = seed_site(tmp_path / "s")
    (project / ".gitignore").write_text("site/\n", "utf-8")
    (project / ".cache/other").mkdir(parents=True)
    (project / ".cache/other/keep.txt").write_text("not ours", "utf-8")
    git = ["git", "-C", str(project)]
    subprocess.run([*git, "init", "-q"], check=True, timeout=DEADLINE)
    assert tagindex(project, "build").returncode == 0
    assert (project / ".cache/tagindex/state.mkdocs.yml.pickle").is_file()
    status = subprocess.run(
        [*git, "status", "--porcelain", "--untracked-files=all", "--ignored=no"],
        capture_output=True,
        text=True,
        check=True,
        timeout=DEADLINE,
    ).stdout
    assert ".cache/other/keep.txt" in status  # git sees the project's files ...
    assert ".cache/tagindex" not in status  # ... and none of the cache
    assert (project / ".gitignore").read_text("utf-8") == "site/\n"  # the author's, untouched
    result = tagindex(project, "clean")
    assert result.returncode == 0, result.stderr
    assert not (project / ".cache/tagindex").exists()
    assert (project / ".cache/other/keep.txt").read_text("utf-8") == "not ours"
