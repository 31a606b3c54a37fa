"""The `tagindex` command with the real Zensical (issue 26): `tagindex build`, then the real
`zensical build` / `zensical-i18n build` on a copy of a site, compared card by card with the
MkDocs build of the same site; the command's safety in the author's docs folder."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path
from urllib.parse import urljoin

import pytest
import yaml
from bs4 import BeautifulSoup
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from publishedset import check_site

from mkdocs_tagindex.command import publish
from mkdocs_tagindex.command.config.site import CommandError, load_site

from conftest import ROOT, build, material_config, seed_site, write_page

BIN = Path(sys.executable).parent
ENV = {**os.environ, "PYTHONPATH": str(ROOT), "NO_MKDOCS_2_WARNING": "1"}


def tagindex(project: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mkdocs_tagindex", *args],
        cwd=project,
        env=ENV,
        capture_output=True,
        text=True,
        timeout=300,
    )


def zensical_run(project: Path, tool: str = "zensical") -> subprocess.CompletedProcess[str]:
    """The real `zensical build` (or `zensical-i18n build`) in `project`, as it ended."""
    return subprocess.run(
        [str(BIN / tool), "build"],
        cwd=project,
        env=ENV,
        capture_output=True,
        text=True,
        timeout=600,
    )


def zensical(project: Path, tool: str = "zensical") -> None:
    result = zensical_run(project, tool)
    assert result.returncode == 0, result.stderr[-3000:] + result.stdout[-3000:]


def on_zensical(project: Path, i18n: bool = False) -> Path:
    """A copy of `project` built with `tagindex init`, `tagindex build` and Zensical."""
    copy = project.parent / (project.name + "-zensical")
    shutil.copytree(project, copy, ignore=shutil.ignore_patterns("site", ".cache"))
    for step in (("init",), ("build",)):
        result = tagindex(copy, *step)
        assert result.returncode == 0, result.stderr
    zensical(copy, "zensical-i18n" if i18n else "zensical")
    return copy / "site"


def cards(site_dir: Path, rel: str) -> list[tuple[str, ...]]:
    """Each card of a page: number, title, absolute link, meta line, summary."""
    html = BeautifulSoup((site_dir / rel).read_text("utf-8"), "html.parser")
    base = "https://x/" + rel.removesuffix("index.html")
    out = []
    for card in html.select(".tagindex-card"):

        def text(selector: str, card: object = card) -> str:
            found = card.select_one(selector)  # type: ignore[attr-defined]
            return " ".join(found.get_text(" ").split()) if found else ""

        link = card.select_one(".tagindex-card__title a") or card.select_one("a")
        href = urljoin(base, str(link.get("href"))) if link else ""
        out.append(
            (
                text(".tagindex-card__number"),
                text(".tagindex-card__title"),
                href,
                text(".tagindex-card__meta"),
                text(".tagindex-card__summary"),
            )
        )
    return out


def tag_pages(site_dir: Path, tags_dir: str = "tags") -> list[str]:
    return sorted(
        p.relative_to(site_dir).as_posix() for p in (site_dir / tags_dir).rglob("index.html")
    )


HOSTILE = {
    "title": '<script>alert("x")</script> & "quotes"',
    "tags": ["grpo", "C++ & <b>", "日本語タグ"],
    "summary": "Ends with a backslash \\ and {{ braces }} and {% raw %}",
    "date": "2026-12-01",
}


def test_seed_site_paginated_and_hostile_cards_match_mkdocs(tmp_path: Path) -> None:
    project = seed_site(tmp_path / "seed", material_config(per_page=6))
    write_page(project, "hostile.md", HOSTILE, "# Hostile\n\nFirst <em>para</em>.\n")
    mk = build(project, "--strict")
    zen = on_zensical(project)
    pages = tag_pages(mk.dir)
    assert "tags/grpo/page/3/index.html" in pages
    assert pages == tag_pages(zen)
    for site in (mk.dir, zen):  # the published set's invariant (issue 39)
        check_site(site.parent, site)
    for rel in pages:
        assert cards(zen, rel) == cards(mk.dir, rel), rel
    grpo = BeautifulSoup((zen / "tags/grpo/index.html").read_text("utf-8"), "html.parser")
    # chips on articles link to the tag page; no generated page in the navigation
    article = BeautifulSoup((zen / "articles/a01/index.html").read_text("utf-8"), "html.parser")
    assert any("tags/grpo/" in str(a.get("href")) for a in article.select("a.md-tag"))
    assert not [a for a in grpo.select(".md-nav a") if "tags/" in str(a.get("href"))]
    assert not grpo.select(".md-typeset h2[id^='tag:']")  # the marker adds no second list
    for name in ("feed.xml", "feed.json"):
        assert (zen / "tags/grpo" / name).is_file()
    assert (zen / "tags/tags.json").is_file()
    search = (zen / "search.json").read_text("utf-8")
    assert "Body of article" in search and HOSTILE["summary"][:20] not in search


def test_example_site_en_and_ja_match_mkdocs(tmp_path: Path) -> None:
    project = tmp_path / "example"
    shutil.copytree(ROOT / "example_site", project)
    mk = build(project)
    zen = on_zensical(project, i18n=True)
    for lang in ("", "ja/"):
        for tag in ("grpo", "rl"):
            rel = f"{lang}tags/{tag}/index.html"
            assert cards(zen, rel) == cards(mk.dir, rel), rel
    assert (zen / "ja/tags/tags.json").is_file()
    for site in (mk.dir, zen):  # the published set's invariant (issue 39)
        check_site(site.parent, site)


def test_second_run_writes_nothing_and_clean_removes_all(tmp_path: Path) -> None:
    project = seed_site(tmp_path / "s")
    docs_before = {p for p in (project / "docs").rglob("*")}
    first = tagindex(project, "build")
    assert first.returncode == 0, first.stderr
    stamps = {p: p.stat().st_mtime_ns for p in (project / "docs/tags").rglob("*")}
    again = tagindex(project, "build")
    assert "0 written, 0 removed" in again.stderr
    assert stamps == {p: p.stat().st_mtime_ns for p in (project / "docs/tags").rglob("*")}
    (project / "docs/articles/a01.md").unlink()  # an article goes: its stale files go too
    assert tagindex(project, "build").returncode == 0
    assert tagindex(project, "clean").returncode == 0
    assert {p for p in (project / "docs").rglob("*")} == docs_before - {
        project / "docs/articles/a01.md"
    }


def test_init_is_idempotent_and_keeps_comments_and_env(tmp_path: Path) -> None:
    project = seed_site(tmp_path / "s")
    config = project / "mkdocs.yml"
    text = "# my site\n" + config.read_text("utf-8") + "site_author: !ENV [AUTHOR, me]  # who\n"
    config.write_text(text, "utf-8")
    assert "run `tagindex init`" in tagindex(project, "build").stderr
    assert tagindex(project, "init").returncode == 0
    once = config.read_text("utf-8")
    assert once.startswith(text.rstrip("\n").split("\n")[0]) and "!ENV [AUTHOR, me]  # who" in once
    assert tagindex(project, "init").returncode == 0
    assert config.read_text("utf-8") == once
    assert "tagindex init" not in tagindex(project, "build").stderr


def test_check_reports_with_the_plugins_messages(tmp_path: Path) -> None:
    project = seed_site(tmp_path / "s")
    assert tagindex(project, "check").returncode == 0
    write_page(project, "bad.md", {"tags": ["x"], "date": "not a date", "member": "maybe"}, "x")
    result = tagindex(project, "check")
    assert result.returncode == 1 and "bad.md" in result.stderr


def test_an_option_error_names_the_option(tmp_path: Path) -> None:
    project = seed_site(tmp_path / "s", material_config(per_page="many"))
    result = tagindex(project, "build")
    assert result.returncode == 1 and "per_page" in result.stderr


NAMES = st.sampled_from(
    [
        "tags/grpo/index.md",
        "tags/index.md",
        "tags/tags.json",
        "tags/grpo/feed.xml",
        "tags/assets/tagindex.css",
        "tags/.gitignore",
        "tags/rl/page/2/index.md",
        "tags/notes.md",
    ]
)


@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.lists(NAMES, min_size=1, max_size=4, unique=True), st.booleans())
def test_author_files_never_change(
    tmp_path_factory: pytest.TempPathFactory, author: list[str], built_first: bool
) -> None:
    project = tmp_path_factory.mktemp("p")
    seed_site(project, material_config(per_page=6))
    site = load_site(project / "mkdocs.yml")
    if built_first:
        publish.build(load_site(project / "mkdocs.yml"), lambda level, text: None)
    docs = project / "docs"
    theirs = {}
    for rel in author:
        path = docs / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(f"author's {rel}\n", "utf-8")
        theirs[path] = path.read_bytes()
    try:
        publish.build(site, lambda level, text: None)
    except CommandError as exc:
        assert any(str(docs / rel) in str(exc) or "tags exists" in str(exc) for rel in author)
    for path, data in theirs.items():
        assert path.read_bytes() == data
    for folder, _dirs, files in os.walk(docs):
        assert not [f for f in files if f.endswith(".tmp")], folder
    yaml.safe_load((project / "mkdocs.yml").read_text("utf-8"))
