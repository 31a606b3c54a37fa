"""Every fixture site builds to its goldens (issue 23 point 4, issue 34 point 1).

One test per site (tests/build/goldens.py lists them and says what is recorded and normalised):
build it with `mkdocs build --strict`, importing tagindex from this checkout, and compare
tagindex's parts of its output with `tests/goldens/<site>/` file by file, the set of files too;
its copies of our CSS and JS must be the package's files. One test per theme compares a whole
page (`tests/goldens/whole/`), the smoke test of the frame: a Material bump moves only those. A
refactor must leave them all green. A change that means to change output runs `make goldens`
and the diff is reviewed: the diff of `tests/goldens/` is part of the change.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from goldens import (
    GOLDENS,
    SITES,
    WHOLE,
    WHOLE_DIR,
    asset_problems,
    build_site,
    compare,
    record,
    stored,
    whole_pages,
)

Builds = dict[str, dict[str, bytes]]


@pytest.fixture(scope="module")
def builds() -> Builds:
    """Each site built once for the module: its test and its theme's smoke test share it."""
    return {}


def built(name: str, builds: Builds, tmp_path: Path) -> dict[str, bytes]:
    if name not in builds:
        builds[name] = build_site(name, tmp_path)
    return builds[name]


def _fail(problems: list[str]) -> None:
    if problems:
        more = f"\n\n... and {len(problems) - 5} more" if len(problems) > 5 else ""
        pytest.fail(
            f"{len(problems)} file(s) differ from the goldens; if the change is meant, run "
            f"`make goldens` and review the diff.\n\n" + "\n\n".join(problems[:5]) + more,
            pytrace=False,
        )


@pytest.mark.parametrize("name", list(SITES))
def test_site_builds_to_its_goldens(tmp_path: Path, name: str, builds: Builds) -> None:
    golden = stored(name)
    assert golden, f"no goldens for {name} in {GOLDENS}: run `make goldens` and review the diff"
    output = built(name, builds, tmp_path)
    _fail(asset_problems(name, output) + compare(name, golden, record(output)))


@pytest.mark.parametrize("theme", list(WHOLE))
def test_whole_page_of_each_theme(tmp_path: Path, theme: str, builds: Builds) -> None:
    """The smoke goldens: a whole tag page per theme, chrome and all."""
    site, file = WHOLE[theme][0], f"{theme}.html"
    assert (WHOLE_DIR / file).is_file(), f"no {file} in {WHOLE_DIR}: run `make goldens`"
    page = whole_pages(site, built(site, builds, tmp_path))[file]
    _fail(compare("whole", {file: (WHOLE_DIR / file).read_bytes()}, {file: page}))


def test_every_golden_folder_is_a_site() -> None:
    """Goldens of a fixture that is gone or renamed would never be checked."""
    folders = {p.name for p in GOLDENS.iterdir() if p.is_dir()} - {"interop", "whole"}
    folders |= {f"interop/{p.name}" for p in (GOLDENS / "interop").iterdir() if p.is_dir()}
    assert folders == set(SITES)
    assert {p.name for p in WHOLE_DIR.iterdir()} == {f"{theme}.html" for theme in WHOLE}
