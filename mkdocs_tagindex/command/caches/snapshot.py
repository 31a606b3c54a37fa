"""Tables kept across builds, each file one pickled snapshot written whole (atomically: a
temporary file, then a rename), and not written at all when no entry changed.

A snapshot names what it is valid for (`key`: the settings, a format version); one of another
key, of an older layout of the package (a class that moved) or cut short reads as empty tables:
every entry is keyed by its inputs, so a lost one is only work again, never a wrong page.

Earlier versions appended each build's changes to a log beside the snapshot and froze what they
loaded from the garbage collector; `make bench-zensical` measured neither saving a tenth of any
workload (nothing changed, a text edit, a tag edit, the watch), so both went.
"""

from __future__ import annotations

import os
import pickle
from collections.abc import Mapping
from pathlib import Path
from typing import Any

Tables = dict[str, dict[Any, Any]]


class Snapshot:
    """The tables at `path`; `key`: what they are valid for (another key reads as empty)."""

    def __init__(self, path: Path, key: object, names: tuple[str, ...]) -> None:
        self.path = path
        self.key = key
        self.names = names
        self.loaded: Tables = {name: {} for name in names}
        """The tables as `load` gave them (their entries: the objects it made)."""

    def load(self) -> Tables:
        """The tables as the last build left them (empty if missing, old or broken): the
        caller's to change, then to give to `save`."""
        tables: Tables = {name: {} for name in self.names}
        try:
            with open(self.path, "rb") as handle:
                data = pickle.load(handle)
            if data.get("key") == self.key:
                tables = {name: data["tables"][name] for name in self.names}
        except Exception:  # a missing, old or broken snapshot is empty tables
            tables = {name: {} for name in self.names}
        self.loaded = {name: dict(table) for name, table in tables.items()}
        return tables

    def save(self, tables: Mapping[str, Mapping[Any, Any]]) -> None:
        """Keep `tables`, unless every entry is the very object `load` gave."""
        old = self.loaded
        if self.path.exists() and all(
            len(table) == len(old[name])
            and all(old[name].get(k, _MISSING) is v for k, v in table.items())
            for name, table in tables.items()
        ):
            return  # nothing changed
        data = {"key": self.key, "tables": dict(tables)}
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_name(f".{self.path.name}.{os.getpid()}.tmp")
        with open(tmp, "wb") as handle:
            pickle.dump(data, handle, protocol=5)
        os.replace(tmp, self.path)
        self.loaded = {name: dict(table) for name, table in tables.items()}


_MISSING = object()
