"""Shared helpers: build real sites with the real `mkdocs` CLI and parse what comes out."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import yaml
from bs4 import BeautifulSoup
from mkdocs.config.defaults import MkDocsConfig

# Every generated page of every site the suite builds is rendered both ways, the fast path and
# in full, and a difference is a warning (mkdocs_tagindex/frame.py): `--strict` builds fail on it.
os.environ.setdefault("TAGINDEX_VERIFY", "all")

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures"
MKDOCS = [sys.executable, "-m", "mkdocs"]


def run_tagindex(project: Path, *args: str, path: Path = ROOT) -> subprocess.CompletedProcess[str]:
    """`tagindex ARGS` in `project`, in a subprocess, from the package under `path` (this
    checkout unless a test runs an older one), as it ended."""
    env = {**os.environ, "PYTHONPATH": str(path), "NO_MKDOCS_2_WARNING": "1"}
    return subprocess.run(
        [sys.executable, "-m", "mkdocs_tagindex", *args],
        cwd=project,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


def run_mkdocs(
    project: Path, *args: str, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """`mkdocs build` in `project`, as a site author runs it."""
    full_env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", **(env or {})}
    return subprocess.run(
        [*MKDOCS, "build", *args],
        cwd=project,
        env=full_env,
        capture_output=True,
        text=True,
        timeout=600,
    )


class Site:
    """A built site: its folder and the log of the build."""

    def __init__(self, root: Path, result: subprocess.CompletedProcess[str]) -> None:
        self.root = root
        self.dir = root / "site"
        self.result = result
        self.log = result.stderr + result.stdout

    def html(self, rel: str) -> BeautifulSoup:
        path = self.dir / rel
        assert path.is_file(), f"{rel} was not built; site has: {sorted(self.files())[:40]}"
        return BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")

    def files(self) -> list[str]:
        return [p.relative_to(self.dir).as_posix() for p in self.dir.rglob("*") if p.is_file()]

    def warnings(self) -> list[str]:
        return [line for line in self.log.splitlines() if line.startswith("WARNING")]


def explorer_pieces(folder: Path) -> list[BeautifulSoup]:
    """Each piece of the explorer's cards that `folder/explorer.json` lists (the all-tags
    page's folder of a built site, or of the command's output), parsed, in order."""
    data = json.loads((folder / "explorer.json").read_text("utf-8"))
    return [
        BeautifulSoup(json.loads(piece.read_text("utf-8"))["html"], "html.parser")
        for piece in (folder / f"explorer-{n:04d}.json" for n in range(1, data["pieces"] + 1))
    ]


def explorer_cards(folder: Path) -> list[object]:
    """The explorer's cards, every article's once, in order: the cards of its pieces' results."""
    return [
        card
        for piece in explorer_pieces(folder)
        for card in piece.select("[data-tagindex-results] > [data-tagindex-number]")
    ]


def copy_fixture(name: str, dest: Path) -> Path:
    shutil.copytree(FIXTURES / name, dest, dirs_exist_ok=True)
    return dest


def write_config(project: Path, config: dict[str, object]) -> None:
    project.mkdir(parents=True, exist_ok=True)
    (project / "mkdocs.yml").write_text(yaml.safe_dump(config, allow_unicode=True), "utf-8")


def write_page(project: Path, rel: str, meta: dict[str, object] | None, body: str) -> Path:
    path = project / "docs" / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    front = "---\n" + yaml.safe_dump(meta, allow_unicode=True, sort_keys=False) + "---\n\n"
    path.write_text((front if meta is not None else "") + body, encoding="utf-8")
    return path


def build(project: Path, *args: str, check: bool = True, env: dict[str, str] | None = None) -> Site:
    result = run_mkdocs(project, *args, env=env)
    if check:
        assert result.returncode == 0, result.stderr[-4000:]
    assert "Traceback" not in result.stderr, result.stderr[-4000:]
    return Site(project, result)


def material_config(**plugin_options: object) -> dict[str, object]:
    """A minimal Material site with the plugin; options go under `tagindex:`."""
    plugin: object = {"tagindex": plugin_options} if plugin_options else "tagindex"
    return {
        "site_name": "Fixture",
        "site_url": "https://example.org/",
        "theme": {"name": "material"},
        "plugins": ["search", plugin],
    }


SEED = yaml.safe_load((FIXTURES / "seed" / "grpo-tag-page.yml").read_text("utf-8"))
SEED_CARDS: list[dict[str, object]] = SEED["cards_in_page_order"]


def seed_site(project: Path, config: dict[str, object] | None = None) -> Path:
    """The 16 articles of the seed's #grpo page, with dates so that date order = seed order."""
    write_config(project, config or material_config())
    write_page(project, "index.md", {"title": "Home"}, "Welcome.\n")
    for card in SEED_CARDS:
        n = int(str(card["number"]))
        meta: dict[str, object] = {
            "title": card["title"],
            "summary": card["summary"],
            "member": card["member"],
            "type": str(card["type"]).lower(),
            "tags": ["grpo", "rl"] if n % 2 else ["grpo"],
            "date": f"2026-11-{30 - n:02d}",
            "read_time": card["read_time_minutes"],
        }
        if card["category"]:
            meta["category"] = card["category"]
        write_page(project, f"articles/a{17 - n:02d}.md", meta, f"Body of article {n}.\n")
    return project


@pytest.fixture(autouse=True)
def new_plugin_instances() -> Iterator[None]:
    """Each test loads its configs with new plugin instances, as a new `mkdocs build` does.

    MkDocs keeps one instance of each plugin that defines `on_startup` for the whole *process*
    (the cache of the class-level `MkDocsConfig.plugins` option, for `mkdocs serve`'s reloads):
    without this, a test would inherit the instance, and what `on_startup` set on it, from
    whichever test its worker ran before (a `command="build"` start made a later serve test's
    plugin keep no records)."""
    cache = MkDocsConfig.plugins.plugin_cache
    cache.clear()
    yield
    cache.clear()


@pytest.fixture(scope="session")
def seed_build(tmp_path_factory: pytest.TempPathFactory) -> Site:
    project = seed_site(tmp_path_factory.mktemp("seed"))
    return build(project, "--strict")


@pytest.fixture
def project(tmp_path: Path) -> Path:
    return tmp_path


PageWriter = Callable[[str, dict[str, object] | None, str], Path]
