"""Issue 33, point 2 on Zensical: a site's own `main.html` override, author pages whose URL is a
planned tag page (an error before any write), and `mkdocs build` after `tagindex build` in the
same project (the plugin builds its own pages over the command's files)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from test_zensical import cards, on_zensical, tag_pages, tagindex, zensical

from conftest import ROOT, build, material_config, seed_site, write_page

MAIN = '{% extends "base.html" %}\n{% block announce %}Site news{% endblock %}\n'
BLOCK = (
    '{% extends "tagindex/_base/card.html" %}\n'
    '{% block tagindex_card_summary scoped %}<em class="mine">Mine:</em> {{ super() }}'
    "{% endblock %}\n"
)


def test_a_sites_main_html_override_leaves_the_commands_frame(tmp_path: Path) -> None:
    config = material_config()
    config["theme"] = {"name": "material", "custom_dir": "overrides"}
    project = seed_site(tmp_path / "s", config)
    (project / "overrides").mkdir()
    (project / "overrides/main.html").write_text(MAIN, "utf-8")
    (project / "overrides/tagindex").mkdir()
    (project / "overrides/tagindex/card.html").write_text(BLOCK, "utf-8")
    mk = build(project, "--strict")
    zen = on_zensical(project)
    pages = tag_pages(mk.dir)
    assert "tags/grpo/index.html" in pages and pages == tag_pages(zen)
    for rel in pages:
        assert cards(zen, rel) == cards(mk.dir, rel), rel
    for built in (zen, mk.dir):  # the site's block override applies on both hosts
        page = BeautifulSoup((built / "tags/grpo/index.html").read_text("utf-8"), "html.parser")
        assert len(page.select(".tagindex-card .mine")) == 16
    assert "Site news" in (zen / "index.html").read_text("utf-8")  # the site's override holds


def _docs(project: Path) -> dict[str, bytes]:
    docs = project / "docs"
    return {p.relative_to(docs).as_posix(): p.read_bytes() for p in docs.rglob("*") if p.is_file()}


def _clash_site(tmp_path: Path, rel: str, directory_urls: bool = True) -> Path:
    if rel.endswith(".ja.md"):
        project = tmp_path / "example"
        shutil.copytree(ROOT / "example_site", project)
    else:
        config = material_config(per_page=6)
        config["use_directory_urls"] = directory_urls
        project = seed_site(tmp_path / "s", config)
    init = tagindex(project, "init")  # leaves the command's marker in docs/tags
    assert init.returncode == 0, init.stderr
    write_page(project, rel, {"title": "Mine"}, "The author's page.\n")
    return project


@pytest.mark.parametrize(
    ("rel", "directory_urls"),
    [
        ("tags.md", True),  # tags/ = the all-tags page tags/index.md
        ("tags/grpo.md", True),  # tags/grpo/ = tags/grpo/index.md
        ("tags/index.md", True),
        ("tags/grpo/page/2.md", True),  # a paginated page
        ("tags/grpo/index.md", False),  # tags/grpo/index.html either way
        ("tags.ja.md", True),  # zensical-i18n's suffix layout: ja/tags/
    ],
)
def test_an_author_page_at_a_tag_pages_url_stops_build_and_check(
    tmp_path: Path, rel: str, directory_urls: bool
) -> None:
    project = _clash_site(tmp_path, rel, directory_urls)
    before = _docs(project)
    for step in ("build", "check"):
        result = tagindex(project, step)
        assert result.returncode == 1, (step, result.stderr)
        assert f"docs/{rel} is published at" in result.stderr, (step, result.stderr)
        assert "tags_dir" in result.stderr and "Traceback" not in result.stderr
        assert _docs(project) == before, step  # nothing written under docs/


def test_without_directory_urls_tags_md_is_no_clash(tmp_path: Path) -> None:
    """`tags.md` is `tags.html` there, beside `tags/index.html`: Zensical builds both."""
    project = _clash_site(tmp_path, "tags.md", directory_urls=False)
    assert tagindex(project, "check").returncode == 0
    assert tagindex(project, "build").returncode == 0
    zensical(project)
    assert "The author" in (project / "site/tags.html").read_text("utf-8")
    assert (project / "site/tags/grpo/index.html").is_file()


def test_mkdocs_build_after_tagindex_build_builds_its_own_pages(tmp_path: Path) -> None:
    project = seed_site(tmp_path / "s", material_config(per_page=6))
    plain = build(project, "--strict")
    shutil.copytree(plain.dir, tmp_path / "plain")
    plain_dir, plain_files = tmp_path / "plain", sorted(plain.files())
    made = tagindex(project, "build")
    assert made.returncode == 0, made.stderr
    assert (project / "docs/tags/grpo/index.md").is_file()
    shutil.rmtree(project / "site")
    after = build(project, "--strict")
    assert not after.warnings(), after.warnings()
    assert sorted(after.files()) == plain_files  # no page or asset of the command's published
    pages = tag_pages(after.dir)
    assert "tags/grpo/page/2/index.html" in pages
    for rel in pages:
        assert cards(after.dir, rel) == cards(plain_dir, rel), rel


def test_a_command_file_the_author_edited_stays_with_a_warning(tmp_path: Path) -> None:
    project = seed_site(tmp_path / "s")
    assert tagindex(project, "build").returncode == 0
    edited = project / "docs/tags/rl/index.md"
    edited.write_text(edited.read_text("utf-8") + "\nMy own words.\n", "utf-8")
    after = build(project)
    assert [w for w in after.warnings() if "'tags/rl/index.md' was written by" in w]
    assert (project / "docs/tags/grpo/index.md").is_file()  # untouched by MkDocs


def test_on_mkdocs_an_authors_tag_page_still_wins(tmp_path: Path) -> None:
    """No `zensical.toml`, no marker: `tagindex check` checks for MkDocs, where the author's
    `tags/grpo.md` wins over the generated page, as before."""
    project = seed_site(tmp_path / "s")
    write_page(project, "tags/grpo.md", {"title": "Mine"}, "The author's page.\n")
    checked = tagindex(project, "check")
    assert checked.returncode == 0, checked.stderr
    site = build(project)
    assert "The author" in (site.dir / "tags/grpo/index.html").read_text("utf-8")
