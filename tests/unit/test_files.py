"""Stub files of generated pages (mkdocs_tagindex/pages.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from mkdocs.utils import meta as mkdocs_meta

from mkdocs_tagindex.host import files as pages

METAS = [
    {
        "template": "tagindex/tag.html",
        "title": "#GRPO — 強化学習: \"quoted\" 'single'",
        "description": "16 articles tagged #grpo: a: b",
        "tagindex": {"kind": "tag", "tag": "grpo", "number": 2},
    },
    {"title": "yes", "description": "null", "tagindex": {"kind": "tag", "tag": "on", "number": 1}},
    {
        "title": "- dash",
        "description": "#x ? k: v\ttab " + "long " * 40,
        "tagindex": {"kind": "index"},
    },
]


@pytest.mark.parametrize("meta", METAS)
def test_mkdocs_reads_a_stub_back_as_written(
    meta: dict[str, object], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    stubs = pages.Stubs()
    monkeypatch.setattr(stubs, "_root", str(tmp_path.resolve()))
    path = stubs.write("ja", "tags/grpo.md", meta)
    text = Path(path).read_text("utf-8")
    assert text.startswith("---\n") and text.endswith("\n---\n")
    body, read = mkdocs_meta.get_data(text)
    assert read == meta
    assert body == ""
