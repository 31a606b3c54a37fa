"""The command's cache files (`command/caches/snapshot.py`): what was saved is loaded; a file of
another key, of an older layout or cut short is empty tables, never an error; a build that
changed nothing writes nothing."""

from __future__ import annotations

from pathlib import Path

from mkdocs_tagindex.command.caches.snapshot import Snapshot


def test_what_is_saved_is_loaded(tmp_path: Path) -> None:
    store = Snapshot(tmp_path / "t.pickle", "k1", ("a", "b"))
    assert store.load() == {"a": {}, "b": {}}
    store.save({"a": {"x": 1}, "b": {("p", "q"): [2]}})
    assert Snapshot(tmp_path / "t.pickle", "k1", ("a", "b")).load() == {
        "a": {"x": 1},
        "b": {("p", "q"): [2]},
    }


def test_another_key_a_broken_file_or_an_old_layout_is_empty(tmp_path: Path) -> None:
    path = tmp_path / "t.pickle"
    Snapshot(path, "k1", ("a",)).save({"a": {"x": 1}})
    assert Snapshot(path, "k2", ("a",)).load() == {"a": {}}
    assert Snapshot(path, "k1", ("a", "new")).load() == {"a": {}, "new": {}}
    path.write_bytes(path.read_bytes()[:10])
    assert Snapshot(path, "k1", ("a",)).load() == {"a": {}}
    path.write_bytes(b"\x80\x04\x8c\x19mkdocs_tagindex.core.gone\x94\x8c\x01X\x94\x93\x94.")
    assert Snapshot(path, "k1", ("a",)).load() == {"a": {}}


def test_nothing_changed_writes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "t.pickle"
    Snapshot(path, "k", ("a",)).save({"a": {"x": [1], "y": [2]}})
    before = path.stat().st_mtime_ns
    store = Snapshot(path, "k", ("a",))
    tables = store.load()
    store.save(tables)
    assert path.stat().st_mtime_ns == before
    tables["a"]["y"] = [3]
    store.save(tables)
    assert Snapshot(path, "k", ("a",)).load() == {"a": {"x": [1], "y": [3]}}
    del tables["a"]["x"]
    store.save(tables)
    assert Snapshot(path, "k", ("a",)).load() == {"a": {"y": [3]}}
