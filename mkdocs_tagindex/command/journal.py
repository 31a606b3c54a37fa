"""Tables kept across builds as a snapshot and a log of changes (`name` and `name.log` in the
cache folder), so that a build which changed a few entries appends those and does not write the
whole again: a large site's memo is megabytes, and pickling and writing it whole was a large part
of a small build (`layers.py`'s `journal`). The snapshot is rewritten (atomically: a temporary
file, then a rename) when the log has grown to a quarter of it, or after `MAX_RECORDS` builds.

Each log record names the snapshot it follows (a token the snapshot was written with): a log
left from an older snapshot is ignored, and so is a record cut short (a build stopped while
appending it): what it held is computed again. Safe because every entry is keyed by all its
inputs (`memo.py`): a missing or an old entry never gives a wrong result, only more work.
"""

from __future__ import annotations

import gc
import os
import pickle
from collections.abc import Iterator, Mapping
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

from . import layers


@contextmanager
def paused_gc() -> Iterator[None]:
    """The cyclic garbage collector paused while a cache is read, and what was read kept out
    of its later passes (`gc.freeze`): loading one makes hundreds of thousands of objects and
    no cycles (reference counting frees them), and every collection would walk them all again
    (a tenth of a small build's time on the bench's site). `thawed` ends it."""
    if not layers.on("gc"):
        yield
        return
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        if was:
            gc.enable()


def thawed() -> None:
    """The collector back over everything (`paused_gc`), at the end of a build: the watch
    builds again in the same process."""
    gc.unfreeze()


MAX_RECORDS = 16
Tables = dict[str, dict[Any, Any]]


class Journal:
    """A snapshot and its log at `path`; `key`: what the tables are valid for (another key
    reads as empty tables)."""

    def __init__(self, path: Path, key: object, names: tuple[str, ...]) -> None:
        self.path = path
        self.log = path.with_name(f"{path.name}.log")
        self.key = key
        self.names = names
        self.token = ""
        self.records = 0
        """Records of the log that follow the snapshot, read or written."""
        self.end = 0
        """Where the last of them ends in the log."""
        self.base_size = 0
        self.loaded: Tables = {name: {} for name in names}
        """The tables as `load` gave them (their entries: the objects it made)."""

    def load(self) -> Tables:
        """The tables as the last build left them (empty if missing, old or broken): the
        caller's to change, then to give to `save`."""
        tables = self._load()
        self.loaded = {name: dict(table) for name, table in tables.items()}
        return tables

    def _load(self) -> Tables:
        tables: Tables = {name: {} for name in self.names}
        try:
            with open(self.path, "rb") as handle, paused_gc():
                data = pickle.load(handle)
                self.base_size = handle.tell()
            if data.get("key") != self.key:
                return tables
            for name in self.names:
                tables[name] = data["tables"][name]
            self.token = data["token"]
        except Exception:  # a missing, old or broken snapshot is empty tables
            return {name: {} for name in self.names}
        self._replay(tables)
        return tables

    def _replay(self, tables: Tables) -> None:
        if not self.log.exists():
            return
        with open(self.log, "rb") as handle, paused_gc():
            while True:
                try:
                    record = pickle.load(handle)
                except Exception:  # the end, or a record cut short: what follows is lost
                    return
                if not isinstance(record, dict) or record.get("token") != self.token:
                    return
                self.end = handle.tell()
                for name, changed in record["set"].items():
                    tables[name].update(changed)
                for name, dropped in record["drop"].items():
                    for key in dropped:
                        tables[name].pop(key, None)
                self.records += 1

    def save(self, tables: Mapping[str, Mapping[Any, Any]]) -> None:
        """Keep `tables`: an entry that is the very object `load` gave is not written again."""
        old = self.loaded
        changed = {
            name: {k: v for k, v in table.items() if old[name].get(k, _MISSING) is not v}
            for name, table in tables.items()
        }
        dropped = {name: [k for k in old[name] if k not in tables[name]] for name in tables}
        if self.token and not any(changed.values()) and not any(dropped.values()):
            return  # nothing to write
        if self.token and self.records < MAX_RECORDS and layers.on("journal"):
            record = {"token": self.token, "set": changed, "drop": dropped}
            data = pickle.dumps(record, protocol=5)
            if self.end + len(data) <= self.base_size // 4:
                self._append(data)
                return
        self._snapshot(tables)

    def _append(self, data: bytes) -> None:
        flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_BINARY", 0)
        fd = os.open(self.log, flags, 0o644)
        try:
            if os.fstat(fd).st_size != self.end:  # an old log, or a record cut short
                os.ftruncate(fd, self.end)
            os.write(fd, data)  # one write: another build's record never lands inside it
        finally:
            os.close(fd)
        self.records += 1
        self.end += len(data)

    def _snapshot(self, tables: Mapping[str, Mapping[Any, Any]]) -> None:
        self.token = os.urandom(8).hex()
        data = {"key": self.key, "token": self.token, "tables": dict(tables)}
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_name(f".{self.path.name}.{os.getpid()}.tmp")
        with open(tmp, "wb") as handle:
            pickle.dump(data, handle, protocol=5)
            self.base_size = handle.tell()
        os.replace(tmp, self.path)
        with suppress(OSError):
            os.remove(self.log)
        self.records = self.end = 0


_MISSING = object()
