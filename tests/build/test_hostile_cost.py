"""A page with thousands of tags, or a tag thousands of characters long, costs one warning and a
bounded build on both hosts (issue 34, point 5): each tag is a page and a feed and each feed item
names its article's tags, so without the cap one page's output grew with the square of its tags
(4,000 tags wrote 707 MB)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from mkdocs_tagindex.core.options.optiontypes import MAX_TAG_CHARS, MAX_TAGS, TagList

from conftest import ROOT, build, material_config, write_config, write_page

MANY = [f"t{i:05d}" for i in range(10_000)]


def _site(tmp_path: Path) -> Path:
    project = tmp_path / "hostile"
    write_config(project, material_config())
    write_page(project, "index.md", None, "# Home\n\nHello.\n")
    write_page(project, "many.md", {"tags": [*MANY, "y" * 5000]}, "# Many\n\nText.\n")
    write_page(project, "other.md", {"tags": ["t00001", "t09999"]}, "# Other\n\nText.\n")
    return project


def _size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


def _said(log: str) -> list[str]:
    return [line for line in log.splitlines() if line.startswith("WARNING") and "many.md" in line]


def test_ten_thousand_tags_on_one_page_on_mkdocs(tmp_path: Path) -> None:
    project = _site(tmp_path)
    site = build(project)  # not --strict: the warnings are the point
    said = _said(site.log)
    assert len(said) == 2, said  # one for the count, one for the long tag
    assert "10,000 tags, more than 100" in said[1] and "'tags'" in said[1]
    assert "a tag of 5,000 characters" in said[0]
    pages = sorted(p.parent.name for p in (site.dir / "tags").glob("t*/index.html"))
    assert pages == [*MANY[:MAX_TAGS], "t09999"]  # t09999 from other.md only
    other = site.html("tags/t09999/index.html").select(".tagindex-card")
    assert len(other) == 1  # the capped page is not a card past its first 100 tags
    chips = site.html("many/index.html").select("nav.md-tags a.md-tag")
    assert len(chips) == MAX_TAGS
    assert _size(site.dir / "tags") < 8_000_000  # 10,000 uncapped: gigabytes
    strict = build(project, "--strict", check=False)
    assert strict.result.returncode == 1 and "Traceback" not in strict.log


def test_ten_thousand_tags_on_one_page_with_the_command(tmp_path: Path) -> None:
    project = _site(tmp_path)
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs_tagindex", "build"],
        cwd=project,
        env={"PYTHONPATH": str(ROOT), "PATH": str(Path(sys.executable).parent)},
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    said = _said(result.stderr)
    assert len(said) == 2 and "10,000 tags" in said[1], said
    written = sorted(p.parent.name for p in (project / "docs/tags").glob("t*/index.md"))
    assert written == [*MANY[:MAX_TAGS], "t09999"]
    assert _size(project / "docs/tags") < 8_000_000


@pytest.mark.parametrize("value", [MANY, ", ".join(MANY), [*MANY[:5], None, *MANY[5:]]])
def test_tag_list_is_capped_on_every_path(value: object) -> None:
    option = TagList()
    tags = option.run_validation(value)
    assert tags == tuple(MANY[:MAX_TAGS])
    capped = [w for w in option.warnings if "more than 100" in w]
    assert len(capped) == 1 and "the other 9,900 ('t00100', …)" in capped[0]


def test_a_tag_past_the_length_limit_is_ignored_with_a_warning() -> None:
    option = TagList()
    assert option.run_validation(["ok", "x" * (MAX_TAG_CHARS + 1), "x" * MAX_TAG_CHARS]) == (
        "ok",
        "x" * MAX_TAG_CHARS,
    )
    assert len(option.warnings) == 1
    assert option.warnings[0].startswith("a tag of 1,001 characters (more than 1000) was ignored")
