"""`mkdocs serve --dirty` and a changed tags file (found by the soak, issue 24).

An article MkDocs does not read again keeps the record of the build that last read it, its tag
ids included; those ids come from the tags file's names and aliases, so when the tags file
changes, every record must be made again, or an alias keeps its old tag on the tag pages."""

from __future__ import annotations

from pathlib import Path

import yaml
from bs4 import BeautifulSoup
from mkdocs.commands.build import build as mkdocs_build
from mkdocs.config import load_config

from conftest import material_config, write_config, write_page


def titles(site: Path, rel: str) -> list[str]:
    page = BeautifulSoup((site / rel).read_text("utf-8"), "html.parser")
    return [" ".join(a.get_text(" ").split()) for a in page.select(".tagindex-card__title a")]


def test_a_changed_tags_file_regroups_unread_articles(tmp_path: Path) -> None:
    config = material_config(tags_file="tags.yml", unknown_tags="ignore")
    write_config(tmp_path, config)
    tags_file = tmp_path / "tags.yml"
    tags_file.write_text(yaml.safe_dump({"robotics": {"aliases": ["robot"]}}), "utf-8")
    write_page(tmp_path, "index.md", {"title": "Home"}, "Home.\n")
    write_page(tmp_path, "a.md", {"title": "Alpha", "tags": ["robotics"]}, "A.\n")
    write_page(tmp_path, "b.md", {"title": "Beta", "tags": ["robot"]}, "B.\n")
    mkdocs_config = load_config(str(tmp_path / "mkdocs.yml"))
    mkdocs_config.plugins.on_startup(command="serve", dirty=True)
    site = Path(mkdocs_config.site_dir)
    mkdocs_build(mkdocs_config, dirty=True)
    assert titles(site, "tags/robotics/index.html") == ["Alpha", "Beta"]

    tags_file.write_text(yaml.safe_dump({"robotics": {"name": "Robotics"}}), "utf-8")
    mkdocs_build(mkdocs_config, dirty=True)  # no page changed: MkDocs reads none of them
    assert titles(site, "tags/robotics/index.html") == ["Alpha"]
    assert titles(site, "tags/robot/index.html") == ["Beta"]
    mkdocs_config.plugins.on_shutdown()
