"""The declared card field `level` (core/cardfields.py) on both hosts: a badge after the type on
every card of the article, in the page's language, the same on MkDocs and with the command +
Zensical, and with the card in `tags.json`; a value it does not know is one warning naming the
file and the key, and no badge."""

from __future__ import annotations

import json
from pathlib import Path

from test_zensical import cards, on_zensical

from conftest import build, material_config, write_config, write_page


def _site(tmp_path: Path) -> Path:
    project = tmp_path / "levels"
    write_config(project, material_config())
    write_page(project, "index.md", None, "# Home\n\nHello.\n")
    pages = {"deep": "advanced", "first": "Beginner", "plain": None}
    for name, level in pages.items():
        meta: dict[str, object] = {
            "tags": ["grpo"],
            "type": "paper",
            "date": "2026-01-0" + str(len(name)),
        }
        if level:
            meta["level"] = level
        write_page(project, f"{name}.md", meta, f"# {name.title()}\n\nText of {name}.\n")
    return project


def test_the_level_badge_on_both_hosts_and_in_tags_json(tmp_path: Path) -> None:
    project = _site(tmp_path)
    mk = build(project, "--strict")
    zen = on_zensical(project)
    ours = cards(mk.dir, "tags/grpo/index.html")
    assert ours == cards(zen, "tags/grpo/index.html")
    metas = {title: meta for _, title, _, meta, _ in ours}
    assert "· PAPER · ADVANCED ·" in metas["Deep"]
    assert "· PAPER · BEGINNER ·" in metas["First"]
    assert "BEGINNER" not in metas["Plain"] and "ADVANCED" not in metas["Plain"]
    listed = json.loads((mk.dir / "tags/tags.json").read_text("utf-8"))["tags"][0]["cards"]
    assert {c["title"]: c.get("level") for c in listed} == {
        "Deep": "advanced",
        "First": "beginner",
        "Plain": None,
    }


def test_a_level_another_tool_wrote_is_a_note_and_no_badge(tmp_path: Path) -> None:
    """`level` is a common key (`level: 3`, `level: intermediate`): a value the field does not
    know is an INFO line naming the file, so that a site which builds with `--strict` still does."""
    project = _site(tmp_path)
    write_page(project, "odd.md", {"tags": ["grpo"], "level": "expert"}, "# Odd\n\nText.\n")
    write_page(project, "three.md", {"tags": ["grpo"], "level": 3}, "# Three\n\nText.\n")
    site = build(project, "--strict")
    said = [line for line in site.log.splitlines() if "front matter 'level'" in line]
    assert said == [
        "INFO    -  tagindex: odd.md: front matter 'level': expected one of beginner, "
        "advanced, got str 'expert'; no level shown",
        "INFO    -  tagindex: three.md: front matter 'level': expected one of beginner, "
        "advanced, got int 3; no level shown",
    ]
    listed = cards(site.dir, "tags/grpo/index.html")
    odd = [meta for _, title, _, meta, _ in listed if title in ("Odd", "Three")]
    assert len(odd) == 2 and not any("EXPERT" in m.upper() or "· 3" in m for m in odd)


def test_the_zensical_listing_layout_shows_the_declared_badge(tmp_path: Path) -> None:
    """Zensical's `tagindex` listing layout (a site's own `<!-- material/tags -->` listing,
    rendered by MiniJinja from front matter) reads the declared fields from the settings init
    writes: the same badge, with no edit of the layout for a new field."""
    project = _site(tmp_path)
    write_page(
        project,
        "reading.md",
        None,
        "# Reading list\n\n<!-- material/tags { include: [grpo], layout: tagindex } -->\n",
    )
    zen = on_zensical(project)
    listed = cards(zen, "reading/index.html")
    metas = {title: meta for _, title, _, meta, _ in listed}
    assert "· PAPER · ADVANCED" in metas["Deep"], listed
    assert "· PAPER · BEGINNER" in metas["First"], listed
    assert "ADVANCED" not in metas["Plain"] and "BEGINNER" not in metas["Plain"]
