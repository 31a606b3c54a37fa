"""`--dirty` builds: MkDocs reads and writes only the pages modified since the last build, yet
every card of every tag page must stay right (issue 11): titles, read times, summaries, order.

Two cases: `mkdocs build --dirty` in a new process (nothing known from an earlier build: the
plugin reads the skipped pages itself), and rebuilds on one plugin instance as `mkdocs serve
--dirty` does them (the plugin reuses what the earlier build learned)."""

from __future__ import annotations

import os
import time
from pathlib import Path

from bs4 import BeautifulSoup
from mkdocs.commands.build import build as mkdocs_build
from mkdocs.config import load_config

from conftest import build, material_config, write_config, write_page

ARTICLES = {
    "alpha.md": (
        {"tags": ["grpo"], "date": "2026-01-03"},
        "# Alpha heading\n\nAlpha's first paragraph.\n\n" + "word " * 700,
    ),
    "beta.md": (
        {"title": "Beta from front matter", "tags": ["grpo", "rl"], "date": "2026-01-02"},
        "!!! info\n    An admonition first.\n\nThe first real paragraph of beta.\n",
    ),
    "gamma.md": (
        {"tags": ["rl"], "summary": "Gamma's own summary.", "date": "2026-01-01"},
        "# Gamma\n\nText.\n",
    ),
}


def site(project: Path) -> Path:
    config = material_config()
    config["markdown_extensions"] = ["admonition"]
    write_config(project, config)
    write_page(project, "index.md", {"title": "Home"}, "Home.\n")
    for rel, (meta, body) in ARTICLES.items():
        write_page(project, rel, meta, body)
    return project


def cards(site_dir: Path, rel: str) -> list[str]:
    page = BeautifulSoup((site_dir / rel).read_text("utf-8"), "html.parser")
    return [
        " ".join(card.get_text(" ").split())
        for card in page.select("ol.tagindex-cards > li.tagindex-card")
    ]


def touch_later(path: Path) -> None:
    """Edit a page and make sure its modification time is after the last build's output."""
    path.write_text(path.read_text("utf-8") + "\nOne more sentence.\n", "utf-8")
    later = time.time() + 5
    os.utime(path, (later, later))


EXPECTED = {
    "tags/grpo/index.html": [
        "01 · 3 min read Alpha heading Alpha's first paragraph.",
        "02 · 1 min read Beta from front matter The first real paragraph of beta.",
    ],
    "tags/rl/index.html": [
        "01 · 1 min read Beta from front matter The first real paragraph of beta.",
        "02 · 1 min read Gamma Gamma's own summary.",
    ],
}


def test_clean_build_is_the_reference(tmp_path: Path) -> None:
    built = build(site(tmp_path), "--strict")
    for rel, expected in EXPECTED.items():
        assert cards(built.dir, rel) == expected, rel


def test_build_dirty_in_a_new_process(tmp_path: Path) -> None:
    project = site(tmp_path)
    build(project, "--strict")
    touch_later(project / "docs" / "gamma.md")
    dirty = build(project, "--dirty")  # MkDocs itself warns that a dirty build is inexact
    assert [w for w in dirty.warnings() if "dirty" not in w] == []
    for rel, expected in EXPECTED.items():
        assert cards(dirty.dir, rel) == expected, rel


def test_serve_dirty_rebuilds_on_one_instance(tmp_path: Path) -> None:
    project = site(tmp_path)
    config = load_config(str(project / "mkdocs.yml"))
    config.plugins.on_startup(command="serve", dirty=True)
    mkdocs_build(config)
    for round_ in range(2):
        touch_later(project / "docs" / "gamma.md")
        mkdocs_build(config, dirty=True)
        for rel, expected in EXPECTED.items():
            assert cards(Path(config.site_dir), rel) == expected, (round_, rel)
    config.plugins.on_shutdown()
