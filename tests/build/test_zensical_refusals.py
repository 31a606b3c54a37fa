"""Front matter that MkDocs accepts and Zensical 0.0.73 refuses (issue 33, point 3): for each
rule, the real `zensical build` fails on the page (so the rule is real), and `tagindex build`
and `tagindex check` name the file and the key first (check exits 1)."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_zensical import tagindex, zensical_run

from conftest import material_config, write_config, write_page

BODY = "\n\nBody.\n"
CASES = {
    "empty-tags": ("---\ntitle: X\ntags:\n---" + BODY, "tags: empty"),
    "tags-string": ("---\ntitle: X\ntags: grpo\n---" + BODY, "tags: a single value"),
    "tags-mapping": ("---\ntitle: X\ntags: {a: 1}\n---" + BODY, "tags: a mapping"),
    "tags-empty-item": ("---\ntitle: X\ntags:\n  -\n  - a\n---" + BODY, "tags[0]: empty"),
    "tags-nested": ("---\ntitle: X\ntags: [[a]]\n---" + BODY, "tags[0]: a list"),
    "empty-block": ("---\n---" + BODY, "front matter: an empty block"),
    "comment-only-block": ("---\n# draft\n---" + BODY, "front matter: an empty block"),
    "env": ("---\ntitle: !ENV [HOME, x]\n---" + BODY, "title: the YAML tag !ENV"),
    "list-root": ("---\n- a\n- b\n---" + BODY, "front matter: not a mapping"),
    "number-key": ("---\n1: a\ntitle: X\n---" + BODY, "'1': a key that is not a string"),
    "null-key": ("---\n~: a\ntitle: X\n---" + BODY, "'~': a key that is not a string"),
}
ACCEPTED = {  # PyYAML reads these otherwise (YAML 1.1) but Zensical builds them
    "date-tag": "---\ntitle: X\ntags: [2026-01-01]\n---" + BODY,
    "date-key": "---\n2026-01-01: a\ntitle: X\n---" + BODY,
    "yes-key": "---\nyes: a\ntitle: X\n---" + BODY,
    "empty-list": "---\ntitle: X\ntags: []\n---" + BODY,
}


def _project(root: Path, text: str, tagindex_plugin: bool) -> Path:
    config = material_config()
    config["plugins"] = ["search", "tags"] + (["tagindex"] if tagindex_plugin else [])
    write_config(root, config)
    write_page(root, "index.md", {"title": "Home", "tags": ["grpo"]}, "Welcome.\n")
    (root / "docs" / "refused.md").write_text(text, "utf-8")
    return root


@pytest.mark.parametrize("case", sorted(CASES))
def test_zensical_refuses_and_tagindex_says_so_first(tmp_path: Path, case: str) -> None:
    text, why = CASES[case]
    plain = _project(tmp_path / "plain", text, tagindex_plugin=False)
    refused = zensical_run(plain)
    assert refused.returncode != 0 and "refused.md" in refused.stderr, refused.stderr[-2000:]

    project = _project(tmp_path / "site", text, tagindex_plugin=True)
    assert tagindex(project, "init").returncode == 0
    built = tagindex(project, "build")
    assert "Traceback" not in built.stderr, built.stderr
    assert f"refused.md: {why}" in built.stderr, built.stderr
    checked = tagindex(project, "check")
    assert checked.returncode == 1, checked.stderr
    assert "Traceback" not in checked.stderr, checked.stderr
    assert f"refused.md: {why}" in checked.stderr and "Zensical" in checked.stderr


@pytest.mark.parametrize("case", sorted(ACCEPTED))
def test_what_zensical_builds_is_not_reported(tmp_path: Path, case: str) -> None:
    plain = _project(tmp_path / "plain", ACCEPTED[case], tagindex_plugin=False)
    built = zensical_run(plain)
    assert built.returncode == 0, built.stderr[-2000:]
    project = _project(tmp_path / "site", ACCEPTED[case], tagindex_plugin=True)
    assert tagindex(project, "init").returncode == 0
    assert tagindex(project, "build").returncode == 0
    checked = tagindex(project, "check")
    assert "Zensical stops" not in checked.stderr, checked.stderr


def test_on_a_mkdocs_site_the_check_notes_it_and_passes(tmp_path: Path) -> None:
    project = _project(tmp_path / "site", CASES["empty-tags"][0], tagindex_plugin=True)
    checked = tagindex(project, "check")
    assert checked.returncode == 0, checked.stderr
    assert "refused.md: tags: empty" in checked.stderr
