"""`tagindex init` on `zensical.toml` and `mkdocs.yml`, and `tagindex clean` taking out what
init added (issue 26: init's changes are in the manifest); the build's state: an unchanged site
and a body edit do nothing, a front-matter edit, a meta file and a deleted page rebuild."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from bs4 import BeautifulSoup

from mkdocs_tagindex.command.config.site import tomllib

from conftest import ROOT, material_config, seed_site, write_page

ENV = {**os.environ, "PYTHONPATH": str(ROOT)}
BIN = Path(sys.executable).parent

TOML = """\
# The site
[project]
site_name = "Fixture"  # shown in the header
site_url = "https://example.org/"
extra_css = [
  "my.css",  # mine
]

# Look
[project.theme]
variant = "classic"

[project.plugins.search]

[project.plugins.tagindex]
per_page = 6
"""


def tagindex(project: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mkdocs_tagindex", *args],
        cwd=project,
        env=ENV,
        capture_output=True,
        text=True,
        timeout=300,
    )


def ok(project: Path, *args: str) -> str:
    result = tagindex(project, *args)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    return result.stderr


def toml_site(tmp_path: Path) -> Path:
    project = seed_site(tmp_path / "s")
    (project / "mkdocs.yml").unlink()
    (project / "zensical.toml").write_text(TOML, "utf-8")
    return project


def tree(project: Path) -> dict[str, bytes]:
    return {
        p.relative_to(project).as_posix(): p.read_bytes()
        for p in project.rglob("*")
        if p.is_file() and ".cache" not in p.parts and "site" not in p.parts
    }


def test_init_edits_zensical_toml_keeping_comments_and_zensical_builds(tmp_path: Path) -> None:
    project = toml_site(tmp_path)
    config = project / "zensical.toml"
    assert "run `tagindex init`" in ok(project, "build")
    ok(project, "init")
    text = config.read_text("utf-8")
    for kept in ("# The site", '"Fixture"  # shown in the header', '"my.css",  # mine', "# Look"):
        assert kept in text
    data = tomllib.loads(text)["project"]
    assert data["extra_css"][0] == "my.css" and "tags/assets/tagindex.css" in data["extra_css"]
    assert data["extra_javascript"] == [
        "tags/assets/tagindex.js",
        "tags/assets/tagindex-explorer.js",
    ]
    assert data["plugins"]["tags"] == {} and data["plugins"]["tagindex"] == {"per_page": 6}
    assert data["theme"] == {"variant": "classic", "custom_dir": "overrides"}
    assert "/tags/" in data["not_in_nav"]
    assert (project / "overrides/fragments/tags/tagindex/listing.html").is_file()
    ok(project, "init")
    assert config.read_text("utf-8") == text  # a second run changes nothing
    assert "tagindex init" not in ok(project, "build")
    result = subprocess.run(
        [str(BIN / "zensical"), "build"], cwd=project, env=ENV, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr
    article = BeautifulSoup(
        (project / "site/articles/a01/index.html").read_text("utf-8"), "html.parser"
    )
    assert any("tags/grpo/" in str(a.get("href")) for a in article.select("a.md-tag"))
    assert (project / "site/tags/grpo/page/3/index.html").is_file()


def test_clean_takes_out_what_init_added(tmp_path: Path) -> None:
    for project in (toml_site(tmp_path / "t"), seed_site(tmp_path / "y")):
        before = tree(project)
        ok(project, "init")
        ok(project, "build")
        ok(project, "clean")
        assert tree(project) == before


def test_clean_keeps_the_authors_later_edits(tmp_path: Path) -> None:
    project = toml_site(tmp_path)
    config = project / "zensical.toml"
    ok(project, "init")
    edited = config.read_text("utf-8").replace("site_url", 'site_author = "me"\nsite_url', 1)
    config.write_text(edited, "utf-8")
    listing = project / "overrides/fragments/tags/tagindex/listing.html"
    listing.write_text("mine now\n", "utf-8")
    said = ok(project, "clean")
    assert config.read_text("utf-8") == TOML.replace("site_url", 'site_author = "me"\nsite_url', 1)
    assert listing.read_text("utf-8") == "mine now\n" and "changed since" in said


def test_init_dry_run_records_nothing(tmp_path: Path) -> None:
    project = toml_site(tmp_path)
    ok(project, "init", "--dry-run")
    assert (project / "zensical.toml").read_text("utf-8") == TOML
    assert not (project / "docs/tags").exists() and not (project / "overrides").exists()


def test_the_state_skips_what_cannot_change_the_pages(tmp_path: Path) -> None:
    project = seed_site(tmp_path / "s", material_config(per_page=6))
    ok(project, "build")
    assert "nothing that the tag pages show changed" in ok(project, "build")
    article = project / "docs/articles/a02.md"
    text = article.read_text("utf-8")
    article.write_text(text + "\nAnother paragraph, later.\n", "utf-8")
    assert "nothing that the tag pages show changed" in ok(project, "build")
    os.utime(article, None)
    assert "nothing that the tag pages show changed" in ok(project, "build")
    article.write_text(text.replace("- grpo\n", "- grpo\n- extra\n", 1), "utf-8")
    assert "tag pages (" in ok(project, "build")
    assert (project / "docs/tags/extra/index.md").is_file()
    grpo = (project / "docs/tags/grpo/index.md").read_text("utf-8")
    write_page(project, "articles/new.md", {"title": "Fresh", "tags": ["fresh"]}, "# Fresh\n")
    ok(project, "build")
    assert (project / "docs/tags/fresh/index.md").is_file()
    (project / "docs/articles/new.md").unlink()
    ok(project, "build")
    assert not (project / "docs/tags/fresh").exists()
    notes = {"title": "Notes", "tags": ["in-our-folder"]}  # an author's page in tagindex's folder
    write_page(project, "tags/notes.md", notes, "# Notes\n")
    ok(project, "build")
    assert (project / "docs/tags/in-our-folder/index.md").is_file()
    write_page(project, "tags/notes.md", {**notes, "tags": ["moved-on"]}, "# Notes\n")
    ok(project, "build")
    assert (project / "docs/tags/moved-on/index.md").is_file()
    assert not (project / "docs/tags/in-our-folder").exists()
    (project / "docs/tags/grpo/index.md").unlink()  # a written file gone: built again
    ok(project, "build")
    assert (project / "docs/tags/grpo/index.md").read_text("utf-8") == grpo


def test_init_says_what_it_wrote_one_line_a_thing_and_the_diff_only_on_a_dry_run(
    tmp_path: Path,
) -> None:
    project = toml_site(tmp_path)
    dry = tagindex(project, "init", "--dry-run")
    assert dry.returncode == 0 and "--- zensical.toml" in dry.stdout
    assert "+[project.plugins.tags]" in dry.stdout
    assert "tagindex init: would add the tags plugin to zensical.toml" in dry.stdout
    assert "tagindex init: would write overrides/partials/tags.html" in dry.stdout
    result = tagindex(project, "init")
    assert result.returncode == 0, result.stderr
    said = result.stdout.splitlines()
    assert said == [
        "tagindex init: added the tags plugin to zensical.toml",
        "tagindex init: added tags/assets/tagindex.css, tags/assets/tagindex-filters.css"
        " to extra_css in zensical.toml",
        "tagindex init: added tags/assets/tagindex.js, tags/assets/tagindex-explorer.js to "
        "extra_javascript in zensical.toml",
        "tagindex init: added /tags/ to not_in_nav in zensical.toml",
        "tagindex init: set theme.custom_dir to overrides in zensical.toml",
        "tagindex init: wrote overrides/fragments/tags/tagindex/listing.html",
        "tagindex init: wrote overrides/partials/tags.html",
    ]
    assert tagindex(project, "init").stdout == "tagindex init: nothing to add\n"


OLD_CHIPS = """\
import sys
from mkdocs_tagindex.command import cli
from mkdocs_tagindex.command.config import setup
setup.chips_text = lambda site: "{# chips as an earlier tagindex placed them #}\\n"
sys.exit(cli.main(["init"]))
"""


def test_init_brings_the_chip_partial_it_placed_up_to_date(tmp_path: Path) -> None:
    project = toml_site(tmp_path)
    partial = project / "overrides/partials/tags.html"
    earlier = subprocess.run(
        [sys.executable, "-c", OLD_CHIPS], cwd=project, env=ENV, capture_output=True, text=True
    )
    assert earlier.returncode == 0, earlier.stderr
    assert "{# chips as an earlier" in partial.read_text("utf-8")  # stamped: init's, from the file
    assert "is as an earlier init wrote it" in ok(project, "build")
    result = tagindex(project, "init")
    assert "tagindex init: updated overrides/partials/tags.html" in result.stdout
    assert "tagindex_dirs" in partial.read_text("utf-8")
    partial.write_text("{# mine now #}\n", "utf-8")  # changed by the author: kept
    said = ok(project, "init")
    assert partial.read_text("utf-8") == "{# mine now #}\n" and "is the site's own" in said
    assert "changed since" in ok(project, "clean")
    assert partial.read_text("utf-8") == "{# mine now #}\n"
