"""`core/ownership.py`: a marked file proves itself, with LF or CRLF line endings, and an edit
anywhere outside the marker breaks the proof (issue 39, item 1)."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from mkdocs_tagindex.core.ownership import (
    Journal,
    config_label,
    mark,
    markable,
    read_journal,
    read_mark,
    status,
)

NAMES = st.sampled_from(
    ["t/index.md", "t/feed.xml", "tags.css", "assets/tagindex.js", ".gitignore", "tags.json"]
)
TEXT = st.text(st.characters(blacklist_categories=("Cs",)), max_size=300)
HEADS = st.sampled_from(["", "---\n", "<?xml version='1.0'?>\n", '@charset "UTF-8";\n'])


@given(NAMES, HEADS, TEXT)
def test_a_marked_file_proves_itself_with_lf_or_crlf(name: str, head: str, text: str) -> None:
    data = (head + text).encode()
    label = config_label(Path("/p/alt config--x.yml"), Path("/p/docs"))
    marked = mark(name, data, label)
    if not markable(name):
        assert marked == data
        return
    found = read_mark(marked)
    assert found is not None and found.intact and found.config == label
    assert label == "../alt%20config%2D%2Dx.yml"
    assert b"--x" not in marked  # no `--` inside an XML comment
    crlf = read_mark(marked.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n"))
    assert (crlf is not None and crlf.intact) or b"\r" in data
    assert status(marked, name, None, label) == "ours"
    assert status(marked, name, None, "../other.yml") == "other"


@given(NAMES.filter(markable), TEXT, st.data())
def test_an_edit_outside_the_marker_breaks_the_proof(
    name: str, text: str, data: st.DataObject
) -> None:
    marked = mark(name, ("---\n" + text + "\nend\n").encode(), "../mkdocs.yml")
    found = read_mark(marked)
    assert found is not None
    line_end = marked.index(b"sha256=")
    start = marked.rfind(b"\n", 0, line_end) + 1
    end = marked.index(b"\n", line_end) + 1
    at = data.draw(st.sampled_from([i for i in range(len(marked)) if not start <= i < end]))
    changed = marked[:at] + bytes([marked[at] ^ 1]) + marked[at + 1 :]
    again = read_mark(changed)
    assert again is None or not again.intact or changed.replace(b"\r\n", b"\n") == marked
    assert status(changed, name, None, "../mkdocs.yml") in ("edited", "author")


def test_unmarked_files_are_ours_only_as_the_journal_lists_them(tmp_path: Path) -> None:
    from mkdocs_tagindex.core.ownership import digest

    journal = Journal(config="../mkdocs.yml", files={"tags.json": [digest(b"[1]\n")]})
    (tmp_path / ".tagindex").write_bytes(journal.dump())
    read = read_journal(tmp_path)
    assert read is not None and read.config == "../mkdocs.yml"
    assert status(b"[1]\r\n", "tags.json", read, "../mkdocs.yml") == "ours"  # a CRLF clone
    assert status(b"[2]\n", "tags.json", read, "../mkdocs.yml") == "edited"
    assert status(b"[1]\n", "tags.json", read, "../alt.yml") == "other"
    assert status(b"[1]\n", "feed.json", read, "../mkdocs.yml") == "author"
    assert read_journal(tmp_path / "none") is None


def test_a_version_1_manifest_lists_raw_hashes_of_any_file(tmp_path: Path) -> None:
    import hashlib

    page = b"---\ntitle: a\n---\n"
    hashed = hashlib.sha256(page).hexdigest()
    v1 = '{"files": {"a/index.md": "' + hashed + '"}, "tagindex": 1}'
    (tmp_path / ".tagindex").write_text(v1, "utf-8")
    journal = read_journal(tmp_path)
    assert journal is not None and journal.config is None and journal.version == 1
    assert status(page, "a/index.md", journal, "../mkdocs.yml") == "ours"
    assert status(page + b"x", "a/index.md", journal, "../mkdocs.yml") == "edited"
