"""One `tagindex build` or `clean` at a time in a project: an exclusive `flock` on
`.cache/tagindex/lock`. Without it a second build reads the first one's half-written folders
and blames the author for files the first one wrote. A second run waits, says once which pid
holds the lock, and gives up with an error after a timeout (`TAGINDEX_LOCK_TIMEOUT` seconds or
the `--lock-timeout` option). `build --watch` takes it for each build, not for its whole life.

The folder gets a `.gitignore` of `*` the first time, so the cache never shows in `git status`
(the author's own `.gitignore` is never touched)."""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from ..config.site import CommandError

Say = Callable[[int, str], None]
NAME = "lock"
ENV = "TAGINDEX_LOCK_TIMEOUT"
DEFAULT_TIMEOUT = 600.0
POLL = 0.1
IGNORE = "# written by tagindex: the cache is never committed\n*\n"

try:
    import fcntl
except ImportError:  # Windows: no flock; the runs are not serialised there
    fcntl = None  # type: ignore[assignment]


def cache_dir(config: Path) -> Path:
    return config.parent / ".cache" / "tagindex"


def timeout_from(option: float | None) -> float:
    """The option if given, else the environment's, else the default (seconds)."""
    if option is not None:
        return option
    text = os.environ.get(ENV, "").strip()
    if not text:
        return DEFAULT_TIMEOUT
    try:
        return float(text)
    except ValueError:
        raise CommandError(f"{ENV}={text!r} is not a number of seconds") from None


def prepare(folder: Path) -> None:
    """The cache folder, with its `.gitignore` (made once)."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        ignore = folder / ".gitignore"
        if not ignore.exists():
            ignore.write_text(IGNORE, "utf-8")
    except OSError as exc:
        raise CommandError(f"cannot write in {folder}: {exc.strerror or exc}") from None


@contextmanager
def held(config: Path, say: Say, timeout: float | None = None) -> Iterator[None]:
    """The project's lock, for the time of the `with` block."""
    folder = cache_dir(config)
    prepare(folder)
    if fcntl is None:
        yield
        return
    fd = _acquire(folder / NAME, say, timeout_from(timeout))
    try:
        yield
    finally:
        os.close(fd)  # releases the lock


def _acquire(path: Path, say: Say, timeout: float) -> int:
    deadline = time.monotonic() + timeout
    told = False
    while True:
        fd = _open(path)
        locked = _try_lock(fd)
        if locked and _same_file(fd, path):
            os.ftruncate(fd, 0)
            os.write(fd, f"{os.getpid()}\n".encode())
            return fd
        os.close(fd)
        if locked:  # `clean` removed the file while this run waited: take the new one
            continue
        holder = _holder(path)
        if not told:
            told = True
            say(
                logging.INFO,
                f"tagindex: another tagindex run (pid {holder}) is using this project; "
                f"waiting up to {timeout:g}s for it",
            )
        if time.monotonic() >= deadline:
            raise CommandError(
                f"another tagindex run (pid {holder}) still holds {path} after {timeout:g}s; "
                f"let it finish, or set {ENV} (seconds) to wait longer"
            )
        time.sleep(POLL)


def _open(path: Path) -> int:
    if not path.parent.is_dir():  # `clean` took the cache away while this run waited
        prepare(path.parent)
    try:
        return os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as exc:
        raise CommandError(f"cannot write in {path.parent}: {exc.strerror or exc}") from None


def _try_lock(fd: int) -> bool:
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


def _same_file(fd: int, path: Path) -> bool:
    """Whether the locked file is still the one at `path` (not one `clean` removed)."""
    try:
        return os.stat(path).st_ino == os.fstat(fd).st_ino
    except OSError:
        return False


def _holder(path: Path) -> str:
    try:
        return path.read_text("utf-8").strip() or "?"
    except OSError:
        return "?"


def remove_cache(folder: Path) -> None:
    """`tagindex clean`: the cache folder goes (its lock too, which the runs waiting on it see),
    and `.cache` with it only if nothing else is in it."""
    import shutil

    if folder.is_symlink() or not folder.is_dir():
        return
    try:
        shutil.rmtree(folder)
        if not any(folder.parent.iterdir()):
            folder.parent.rmdir()
    except OSError as exc:
        raise CommandError(f"cannot remove {folder}: {exc.strerror or exc}") from None
