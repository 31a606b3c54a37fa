"""`command/journal.py`: the tables a build keeps, as a snapshot and a log of changes."""

from __future__ import annotations

from pathlib import Path

from mkdocs_tagindex.command.journal import MAX_RECORDS, Journal

NAMES = ("a", "b")


def fresh(path: Path, key: object = "k") -> tuple[Journal, dict[str, dict[object, object]]]:
    journal = Journal(path, key, NAMES)
    return journal, journal.load()


def big(n: int = 400) -> dict[str, dict[object, object]]:
    return {"a": {i: f"value {i} " * 8 for i in range(n)}, "b": {"x": (1, 2)}}


def test_missing_is_empty_and_a_save_is_a_snapshot(tmp_path: Path) -> None:
    path = tmp_path / "t.pickle"
    journal, tables = fresh(path)
    assert tables == {"a": {}, "b": {}}
    journal.save(big())
    assert path.exists() and not journal.log.exists()
    assert fresh(path)[1] == big()


def test_a_small_change_is_appended_and_read_back(tmp_path: Path) -> None:
    path = tmp_path / "t.pickle"
    Journal(path, "k", NAMES).save(big())
    snapshot = path.read_bytes()
    journal, tables = fresh(path)
    tables["a"][7] = "changed"
    tables["a"]["new"] = "added"
    del tables["a"][3]
    journal.save(tables)
    assert path.read_bytes() == snapshot  # not written again
    assert journal.log.stat().st_size < len(snapshot) // 20
    expected = big()
    expected["a"].update({7: "changed", "new": "added"})
    del expected["a"][3]
    again, loaded = fresh(path)
    assert loaded == expected
    assert again.records == 1


def test_a_record_cut_short_is_ignored_and_overwritten(tmp_path: Path) -> None:
    path = tmp_path / "t.pickle"
    Journal(path, "k", NAMES).save(big())
    journal, tables = fresh(path)
    tables["b"]["y"] = "first"
    journal.save(tables)
    good = journal.log.stat().st_size
    journal, tables = fresh(path)
    tables["b"]["z"] = "second"
    journal.save(tables)
    with open(journal.log, "r+b") as handle:  # a build stopped while appending
        handle.truncate(journal.log.stat().st_size - 3)
    journal, tables = fresh(path)
    assert tables["b"] == {"x": (1, 2), "y": "first"}
    tables["b"]["w"] = "third"
    journal.save(tables)
    assert journal.log.stat().st_size > good
    assert fresh(path)[1]["b"] == {"x": (1, 2), "y": "first", "w": "third"}


def test_a_log_of_an_older_snapshot_is_ignored(tmp_path: Path) -> None:
    path = tmp_path / "t.pickle"
    Journal(path, "k", NAMES).save(big())
    journal, tables = fresh(path)
    tables["b"]["y"] = "logged"
    journal.save(tables)
    stale = journal.log.read_bytes()
    Journal(path, "k", NAMES).save(big())  # a new snapshot (its own token)
    journal.log.write_bytes(stale)
    assert fresh(path)[1] == big()


def test_another_key_reads_as_empty(tmp_path: Path) -> None:
    path = tmp_path / "t.pickle"
    Journal(path, "k", NAMES).save(big())
    assert fresh(path, key="other")[1] == {"a": {}, "b": {}}


def test_the_snapshot_is_rewritten_after_many_records_or_a_big_change(tmp_path: Path) -> None:
    path = tmp_path / "t.pickle"
    Journal(path, "k", NAMES).save(big())
    for n in range(MAX_RECORDS):
        journal, tables = fresh(path)
        tables["b"][n] = n
        journal.save(tables)
        assert journal.log.exists()
    journal, tables = fresh(path)
    assert journal.records == MAX_RECORDS
    tables["b"]["last"] = 1
    journal.save(tables)
    assert not journal.log.exists()
    assert fresh(path)[1]["b"] == {"x": (1, 2), **{n: n for n in range(MAX_RECORDS)}, "last": 1}
    journal, tables = fresh(path)
    tables["a"] = {i: f"other {i} " * 8 for i in range(400)}  # more than a quarter of it
    journal.save(tables)
    assert not journal.log.exists()
    assert fresh(path)[1]["a"] == {i: f"other {i} " * 8 for i in range(400)}


def test_a_broken_snapshot_reads_as_empty(tmp_path: Path) -> None:
    path = tmp_path / "t.pickle"
    path.write_bytes(b"not a pickle")
    journal, tables = fresh(path)
    assert tables == {"a": {}, "b": {}}
    journal.save(big())
    assert fresh(path)[1] == big()


def test_nothing_changed_writes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "t.pickle"
    Journal(path, "k", NAMES).save(big())
    before = path.stat().st_mtime_ns
    journal, tables = fresh(path)
    journal.save(tables)
    assert not journal.log.exists()
    assert path.stat().st_mtime_ns == before
