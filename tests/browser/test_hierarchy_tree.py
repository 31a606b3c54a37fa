"""The all-tags page as a tree (`hierarchy: true`, issue 27) in Chromium: nested and indented,
its links and the breadcrumbs navigate, and all of it works with JavaScript off."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from .conftest import PageFactory, ServedSite, _page_opener, _serve
from conftest import material_config, write_config, write_page

ARTICLES = {
    "a1": ["ml/rl/GRPO"],
    "a2": ["ml/rl/ppo", "LLM/Serving"],
    "a3": ["ml/cv"],
    "a4": ["python"],
}


@pytest.fixture(scope="module")
def tree_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServedSite]:
    project = tmp_path_factory.mktemp("hierarchy")
    config = material_config(hierarchy=True)
    config["theme"] = {"name": "material", "font": False}  # nothing but loopback
    write_config(project, config)
    write_page(project, "index.md", {"title": "Home"}, "Welcome.\n")
    for n, (name, tags) in enumerate(ARTICLES.items()):
        meta = {"title": name.upper(), "tags": tags, "date": f"2026-01-0{n + 1}"}
        write_page(project, f"articles/{name}.md", meta, f"Body of {name}.\n")
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict"],
        cwd=project,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stderr[-4000:]
    server, thread, base_url = _serve(project / "site")
    yield ServedSite(dir=project / "site", base_url=base_url)
    server.shutdown()
    server.server_close()
    thread.join(timeout=10)


@pytest.fixture
def tree_page(browser: Browser, tree_site: ServedSite) -> Iterator[PageFactory]:
    yield from _page_opener(browser, tree_site)


def item(page: Page, name: str) -> tuple[float, float]:
    """Left edge and top of the all-tags item whose link reads `name`, as drawn."""
    box = page.locator(".tagindex-tree a.tagindex-index__tag", has_text=name).first.bounding_box()
    assert box is not None, name
    return box["x"], box["y"]


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_the_tree_is_nested_drawn_and_its_links_navigate(
    tree_page: PageFactory, tree_site: ServedSite, javascript: bool
) -> None:
    opened = tree_page(java_script_enabled=javascript)
    page = opened.page
    page.goto(tree_site.url("tags/"))
    tree = page.locator("ul.tagindex-tree")
    tree.wait_for(state="visible")
    # every level is visible and indented under its parent, which comes first
    ml, rl, grpo = item(page, "#ml"), item(page, "#rl"), item(page, "#GRPO")
    assert ml[0] < rl[0] < grpo[0]
    assert ml[1] < rl[1] < grpo[1]
    assert item(page, "#python")[0] == ml[0]
    counts = page.locator(".tagindex-tree .tagindex-index__count").all_inner_texts()
    assert len(counts) == 8 and all(text.strip() for text in counts)
    page.locator(".tagindex-tree a", has_text="#GRPO").click()
    page.wait_for_url(tree_site.url("tags/ml/rl/grpo/"))
    assert page.locator(".tagindex-card__title").all_inner_texts() == ["A1"]
    page.locator(".tagindex-breadcrumbs a", has_text="ml").first.click()
    page.wait_for_url(tree_site.url("tags/ml/"))
    assert page.locator(".tagindex-card__title").all_inner_texts() == ["A3", "A2", "A1"]
    page.locator(".tagindex-children a", has_text="#rl").click()
    page.wait_for_url(tree_site.url("tags/ml/rl/"))
    assert opened.errors == [] and opened.blocked == []


def test_a_chip_names_its_whole_path(tree_page: PageFactory, tree_site: ServedSite) -> None:
    page = tree_page().page
    page.goto(tree_site.url("articles/a1/"))
    chip = page.locator(".md-tags a.md-tag")
    assert chip.inner_text().strip() == "#GRPO"
    assert chip.get_attribute("aria-label") == "ml/rl/GRPO"
    assert page.get_by_role("link", name="ml/rl/GRPO").count() == 1
    chip.click()
    page.wait_for_url(tree_site.url("tags/ml/rl/grpo/"))


def test_the_site_is_built(tree_site: ServedSite) -> None:
    assert Path(tree_site.dir / "tags/ml/rl/grpo/index.html").is_file()
