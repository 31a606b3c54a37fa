"""The wheel a site author installs: templates inside it, entry point, a real build with it."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

import mkdocs_tagindex

from conftest import ROOT, seed_site


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    subprocess.run(
        [sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(out)],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    (found,) = out.glob("mkdocs_tagindex-*.whl")
    return found


def test_wheel_carries_templates_styles_and_entry_point(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as zf:
        names = set(zf.namelist())
        entry_points = next(n for n in names if n.endswith("entry_points.txt"))
        assert "tagindex = mkdocs_tagindex.plugin:TagIndexPlugin" in zf.read(entry_points).decode()
    for template in ("tag.html", "tags.html", "card.html"):
        assert f"mkdocs_tagindex/theme_overrides/tagindex/{template}" in names
    assert "mkdocs_tagindex/theme_overrides/assets/tagindex/tagindex.css" in names
    assert "mkdocs_tagindex/py.typed" in names
    locales = sorted(
        p.name for p in (ROOT / "mkdocs_tagindex" / "core" / "text" / "locales").glob("*.yml")
    )
    assert len(locales) >= 20
    assert [n for n in locales if f"mkdocs_tagindex/core/text/locales/{n}" not in names] == []


def test_wheel_carries_the_schema_and_its_version_from_one_place(wheel: Path) -> None:
    version = mkdocs_tagindex.__version__
    assert wheel.name == f"mkdocs_tagindex-{version}-py3-none-any.whl"
    with zipfile.ZipFile(wheel) as zf:
        names = set(zf.namelist())
        assert "mkdocs_tagindex/schema.json" in names
        assert zf.read("mkdocs_tagindex/schema.json") == (ROOT / "schema.json").read_bytes()
        metadata = zf.read(f"mkdocs_tagindex-{version}.dist-info/METADATA").decode()
    assert f"\nVersion: {version}\n" in metadata
    assert not re.search(r"^version\s*=", (ROOT / "pyproject.toml").read_text("utf-8"), re.M)


@pytest.mark.slow
def test_fresh_venv_builds_a_site_outside_the_repo(wheel: Path, tmp_path: Path) -> None:
    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=True)
    python = env_dir / "bin" / "python"
    install = subprocess.run(
        [str(python), "-m", "pip", "install", "-q", str(wheel)], capture_output=True, text=True
    )
    assert install.returncode == 0, install.stderr[-3000:]
    project = seed_site(tmp_path / "site-src")
    assert ROOT not in project.parents
    result = subprocess.run(
        [str(python), "-m", "mkdocs", "build", "--strict"],
        cwd=project,
        capture_output=True,
        text=True,
        env={"NO_MKDOCS_2_WARNING": "1", "PATH": "/usr/bin:/bin"},
    )
    assert result.returncode == 0, result.stderr[-3000:]
    page = BeautifulSoup((project / "site/tags/grpo/index.html").read_text("utf-8"), "html.parser")
    assert len(page.select("ol.tagindex-cards > li.tagindex-card")) == 16
    # the plugin ran from the installed wheel, not from this checkout (nor a PYTHONPATH to one)
    outside = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    where = subprocess.run(
        [str(python), "-c", "import mkdocs_tagindex; print(mkdocs_tagindex.__file__)"],
        cwd=project,
        capture_output=True,
        text=True,
        check=True,
        env=outside,
    )
    assert str(env_dir) in where.stdout
    # the label tables load from the installed wheel's data files
    tables = subprocess.run(
        [
            str(python),
            "-c",
            "from mkdocs_tagindex.core.text import labels; print(*sorted(labels.LABELS))",
        ],
        cwd=project,
        capture_output=True,
        text=True,
        check=True,
        env=outside,
    )
    expected = sorted(
        p.stem for p in (ROOT / "mkdocs_tagindex" / "core" / "text" / "locales").glob("*.yml")
    )
    assert tables.stdout.split() == expected
