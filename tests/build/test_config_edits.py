"""Issue 39, item 3: `tagindex init` and `clean` edit the config by whole lines, each marked
`# tagindex init`, every edit proven by the format's round-trip parser (ruamel.yaml, tomlkit):
after init and after clean the config parses and every key the author wrote keeps its value;
init then clean gives back the exact bytes; what init added is known from the files alone (a
fresh clone), and where an edit cannot be made safely the file is left as it was."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from mkdocs_tagindex.command.site import tomllib

from conftest import ROOT

ENV = {**os.environ, "PYTHONPATH": str(ROOT), "NO_MKDOCS_2_WARNING": "1"}
PAGE = "---\ntitle: A\ntags: [grpo]\n---\n# A\n"
YAML_SITE = "site_name: S\nsite_url: https://example.org/\n"
TOML_SITE = '[project]\nsite_name = "S"\nsite_url = "https://example.org/"\n'


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
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Traceback" not in result.stderr
    return result.stdout + result.stderr


def site(project: Path, name: str, text: str | bytes) -> Path:
    """A one-page project with config `name` holding `text` (bytes: written as they are)."""
    (project / "docs").mkdir(parents=True)
    (project / "docs/index.md").write_text(PAGE, "utf-8")
    config = project / name
    config.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    return config


def git(cwd: Path, *args: str) -> str:
    return subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@t", *args],
        cwd=cwd,
        check=True,
        capture_output=True,
        text=True,
    ).stdout


def load_yaml(text: str) -> Any:
    """The config as plain data, read by ruamel.yaml (tags kept as names)."""
    from ruamel.yaml import YAML

    return plain(YAML(typ="rt").load(text))


def plain(value: Any) -> Any:
    tag = getattr(getattr(value, "tag", None), "value", None)
    if isinstance(value, dict):
        out: Any = {str(k): plain(v) for k, v in value.items()}
    elif isinstance(value, list):
        out = [plain(v) for v in value]
    elif hasattr(value, "value") and tag:
        return (tag, plain(value.value))
    else:
        return value
    return (tag, out) if tag else out


# --- the faults of issue 39 (3, 4, 7), each seen failing on the text surgery before -----------


def test_fault3_an_authors_line_inside_inits_not_in_nav_block_survives_clean(
    tmp_path: Path,
) -> None:
    config = site(tmp_path, "mkdocs.yml", YAML_SITE + "plugins:\n  - search\n  - tagindex\n")
    ok(tmp_path, "init")
    text = config.read_text("utf-8")
    at = text.index("/tags/")
    end = text.index("\n", at) + 1
    config.write_text(text[:end] + "  /drafts/\n" + text[end:], "utf-8")
    said = ok(tmp_path, "clean")
    data = load_yaml(config.read_text("utf-8"))
    assert data["not_in_nav"].strip() == "/drafts/"
    assert data["plugins"] == ["search", "tagindex"] and "theme" not in data
    assert "could not" not in said


def test_fault3_an_authors_key_under_the_theme_table_init_made_stays_there(
    tmp_path: Path,
) -> None:
    config = site(tmp_path, "zensical.toml", TOML_SITE + "\n[project.plugins.tagindex]\n")
    ok(tmp_path, "init")
    text = config.read_text("utf-8")
    at = text.index("custom_dir")
    end = text.index("\n", at) + 1
    config.write_text(text[:end] + 'language = "de"\n' + text[end:], "utf-8")
    ok(tmp_path, "clean")
    data = tomllib.loads(config.read_text("utf-8"))["project"]
    assert data["theme"] == {"language": "de"}
    assert data["plugins"] == {"tagindex": {}}
    assert set(data) == {"site_name", "site_url", "theme", "plugins"}


def test_fault4_plugins_as_a_mapping_get_tags_as_a_key(tmp_path: Path) -> None:
    before = YAML_SITE + "plugins:\n  search: {}\n  tagindex: {}\n"
    config = site(tmp_path, "mkdocs.yml", before)
    ok(tmp_path, "init")
    data = load_yaml(config.read_text("utf-8"))
    assert data["plugins"] == {"search": {}, "tagindex": {}, "tags": {}}
    ok(tmp_path, "clean")
    assert config.read_text("utf-8") == before


def test_fault7_a_fresh_clone_knows_what_init_added(tmp_path: Path) -> None:
    origin = tmp_path / "origin"
    before = TOML_SITE + '\n[project.plugins.tagindex]\nsort_by = "title"\n'
    config = site(origin, "zensical.toml", before)
    git(origin, "init", "-q")
    ok(origin, "init")
    ok(origin, "build")
    git(origin, "add", "-A")
    git(origin, "commit", "-qm", "init")
    clone = tmp_path / "clone"
    git(tmp_path, "clone", "-q", str(origin), str(clone))
    assert not (clone / "docs/tags/.tagindex").exists()  # init's old record: ignored by git
    listing = clone / "overrides/fragments/tags/tagindex/listing.html"
    assert listing.is_file()
    cloned = clone / "zensical.toml"
    cloned.write_text(cloned.read_text("utf-8").replace('"title"', '"date"'), "utf-8")
    assert "out of date" in ok(clone, "build")
    said = ok(clone, "init")
    assert "updated overrides/fragments/tags/tagindex/listing.html" in said
    assert "is yours" not in said
    ok(clone, "clean")
    assert cloned.read_text("utf-8") == before.replace('"title"', '"date"')
    assert not (clone / "overrides").exists()
    del config
