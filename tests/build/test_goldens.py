"""Every fixture site builds to the very bytes of its goldens (issue 23, point 4).

One test per site (tests/build/goldens.py lists them and says what is recorded and normalised):
build it with `mkdocs build --strict`, importing tagindex from this checkout, and compare with
`tests/goldens/<site>/` file by file, the set of files too. A refactor must leave them all
green. A change that means to change output runs `make goldens` and the diff is reviewed: the
diff of `tests/goldens/` is part of the change.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from goldens import GOLDENS, SITES, build_site, compare, stored


@pytest.mark.parametrize("name", list(SITES))
def test_site_builds_to_its_goldens(tmp_path: Path, name: str) -> None:
    golden = stored(name)
    assert golden, f"no goldens for {name} in {GOLDENS}: run `make goldens` and review the diff"
    problems = compare(name, golden, build_site(name, tmp_path))
    if problems:
        more = f"\n\n... and {len(problems) - 5} more" if len(problems) > 5 else ""
        pytest.fail(
            f"{len(problems)} file(s) differ from the goldens; if the change is meant, run "
            f"`make goldens` and review the diff.\n\n" + "\n\n".join(problems[:5]) + more,
            pytrace=False,
        )


def test_every_golden_folder_is_a_site() -> None:
    """Goldens of a fixture that is gone or renamed would never be checked."""
    folders = {p.name for p in GOLDENS.iterdir() if p.is_dir()} - {"interop"}
    folders |= {f"interop/{p.name}" for p in (GOLDENS / "interop").iterdir() if p.is_dir()}
    assert folders == set(SITES)
