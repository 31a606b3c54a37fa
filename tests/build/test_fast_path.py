"""The fast path of generated pages gives the very bytes of a full render (issue 17).

Every build of the suite already renders every generated page both ways (TAGINDEX_VERIFY=all,
tests/conftest.py) and fails on a difference; these tests also build whole sites with the fast
path off (TAGINDEX_FAST_PATH=0) and compare every generated page, and show that an override the
fast path cannot see through falls back to full rendering and stays right."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from publishedset import check_site

from conftest import (
    FIXTURES,
    ROOT,
    Site,
    build,
    material_config,
    run_mkdocs,
    write_config,
    write_page,
)


def generated_pages(site: Site) -> dict[str, bytes]:
    return {
        rel: (site.dir / rel).read_bytes()
        for rel in site.files()
        if rel.endswith(".html") and "/tags/" in f"/{rel}"
    }


def both_ways(project: Path, verify: str = "all") -> tuple[Site, Site]:
    """Build `project` with the fast path (every page checked, or only the sample a real build
    checks) and without it; every generated page must be the same."""
    fast = build(project, "--strict", env={"TAGINDEX_VERIFY": verify})
    fast_pages = generated_pages(fast)
    result = run_mkdocs(project, "--strict", env={"TAGINDEX_FAST_PATH": "0"})
    assert result.returncode == 0, result.stderr[-3000:]
    full = Site(project, result)
    assert generated_pages(full).keys() == fast_pages.keys()
    for rel, data in generated_pages(full).items():
        assert fast_pages[rel] == data, rel
    return fast, full


@pytest.mark.parametrize("verify", ["all", pytest.param("", id="sample")])
@pytest.mark.parametrize("fixture", ["theme-site", "theme-ar"])
def test_fixture_sites_are_the_same_both_ways(tmp_path: Path, fixture: str, verify: str) -> None:
    """With `sample`, as in a real build: kinds of page too small for the fast path (the
    all-tags page) render in full, the others take it after the check."""
    project = tmp_path / fixture
    shutil.copytree(FIXTURES / fixture, project)
    fast, _ = both_ways(project, verify)
    assert len(generated_pages(fast)) >= 4
    check_site(project, fast.dir)  # the published set's invariant (issue 39)


def test_the_example_site_is_the_same_both_ways(tmp_path: Path) -> None:
    shutil.copytree(ROOT / "example_site", tmp_path, dirs_exist_ok=True)
    fast, _ = both_ways(tmp_path)
    # every tag, every level of the llm/… hierarchy and both all-tags pages, in EN and JA
    assert len(generated_pages(fast)) == 39


def test_an_override_the_fast_path_cannot_see_through_is_only_slower(project: Path) -> None:
    """A site's main.html puts each page's title in its footer: the shared footer would carry
    the first page's. The check renders the second page both ways, finds the difference, turns
    the fast path off (one DEBUG line says where) and every page comes out right."""
    config = material_config()
    config["theme"] = {"name": "material", "custom_dir": "overrides"}
    write_config(project, config)
    overrides = project / "overrides"
    overrides.mkdir()
    (overrides / "main.html").write_text(
        '{% extends "base.html" %}{% block footer %}<footer class="mine">{{ page.title }}'
        "</footer>{% endblock %}",
        "utf-8",
    )
    write_page(project, "index.md", {"title": "Home"}, "Home\n")
    for name in ("alpha", "beta", "gamma"):
        write_page(project, f"{name}.md", {"title": name, "tags": [name, "all"]}, "x\n")
    result = run_mkdocs(project, "--strict", "-v", env={"TAGINDEX_VERIFY": ""})
    assert result.returncode == 0, result.stderr[-3000:]
    assert "the fast path of generated pages differs from a full render" in result.stderr
    site = Site(project, result)
    for name in ("alpha", "beta", "gamma", "all"):
        footer = site.html(f"tags/{name}/index.html").select_one("footer.mine")
        assert footer is not None and footer.get_text() == name
