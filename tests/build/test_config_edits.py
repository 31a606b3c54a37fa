"""Issue 39, item 3: `tagindex init` and `clean` edit the config by whole lines, each marked
`# tagindex init`, every edit proven by the format's round-trip parser (ruamel.yaml, tomlkit):
after init and after clean the config parses and every key the author wrote keeps its value;
init then clean gives back the exact bytes; what init added is known from the files alone (a
fresh clone), and where an edit cannot be made safely the file is left as it was."""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st
from killpoints import count_writes, run_killed

from mkdocs_tagindex.command.config import setup, undo
from mkdocs_tagindex.command.config.confedit import parse
from mkdocs_tagindex.command.config.site import CommandError, load_site, tomllib

from conftest import ROOT, run_tagindex

BIN = Path(sys.executable).parent
ENV = {**os.environ, "PYTHONPATH": str(ROOT), "NO_MKDOCS_2_WARNING": "1"}
PAGE = "---\ntitle: A\ntags: [grpo]\n---\n# A\n"
YAML_SITE = "site_name: S\nsite_url: https://example.org/\n"
TOML_SITE = '[project]\nsite_name = "S"\nsite_url = "https://example.org/"\n'


tagindex = run_tagindex


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


@pytest.mark.parametrize("name", ["zensical.toml", "mkdocs.yml"])
def test_after_tags_dir_changes_init_rewrites_its_own_lines(tmp_path: Path, name: str) -> None:
    """Init's lines name the tags folder (`not_in_nav`, the asset URLs): after `tags_dir`
    changes, the next init rewrites them rather than asking the author to (found by the
    lifecycle test: "not_in_nav is set: add /topics/ to it by hand"); clean still gives the
    config's bytes back."""
    toml = name.endswith(".toml")
    text = (
        TOML_SITE + "\n[project.plugins.tagindex]\n"
        if toml
        else YAML_SITE + "plugins:\n  - tagindex\n"
    )
    config = site(tmp_path, name, text)
    ok(tmp_path, "init")
    entry, moved_entry = (
        ("[project.plugins.tagindex]\n", '[project.plugins.tagindex]\ntags_dir = "topics"\n')
        if toml
        else ("  - tagindex\n", "  - tagindex:\n      tags_dir: topics\n")
    )
    moved = text.replace(entry, moved_entry)
    config.write_text(config.read_text("utf-8").replace(entry, moved_entry), "utf-8")
    said = ok(tmp_path, "init")
    assert "by hand" not in said, said
    now = config.read_text("utf-8")
    assert "/topics/" in now and "/tags/" not in now and "tags/assets" not in now, now
    data = tomllib.loads(now)["project"] if toml else load_yaml(now)
    assert "topics/assets/tagindex.css" in data["extra_css"]
    ok(tmp_path, "clean")
    assert config.read_text("utf-8") == moved


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


# --- in-process init and clean, and the invariants ---------------------------------------------


def init_here(config: Path) -> tuple[int, str]:
    said: list[str] = []
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = setup.init(load_site(config), lambda level, text: said.append(text))
    return code, out.getvalue() + "\n".join(said)


def clean_here(config: Path) -> str:
    said: list[str] = []
    undo.undo(load_site(config), lambda level, text: said.append(text))
    return "\n".join(said)


def kind_of(config: Path) -> str:
    return "toml" if config.suffix == ".toml" else "yaml"


def kept(before: Any, after: Any) -> bool:
    """Every value of `before` is in `after` as it was; lists and texts may go on (init and the
    author add at their ends), mappings may gain keys."""
    if isinstance(before, dict):
        return isinstance(after, dict) and all(
            k in after and kept(v, after[k]) for k, v in before.items()
        )
    if isinstance(before, list):
        return isinstance(after, list) and after[: len(before)] == before
    if isinstance(before, str) and isinstance(after, str) and "\n" in before:
        return after.splitlines()[: len(before.splitlines())] == before.splitlines()
    return bool(before == after)


def line_ends(data: bytes) -> set[bytes]:
    return {
        b"\r\n" if m.group(0).startswith(b"\r") else b"\n" for m in re.finditer(rb"\r?\n", data)
    }


def round_trip(tmp_path: Path, name: str, text: str, crlf: bool = False) -> tuple[int, str]:
    """init then clean on a config: it parses after each with every key of the author's at its
    value, keeps its line ends, and clean gives back its bytes; init's exit code and words."""
    data = (text.replace("\n", "\r\n") if crlf else text).encode("utf-8")
    config = site(tmp_path, name, data)
    kind = kind_of(config)
    before = parse(kind, data.decode("utf-8"))
    code, said = init_here(config)
    after = config.read_bytes()
    if code:
        assert after == data, said  # refused: the file as it was, byte for byte
        assert "add by hand" in said
    else:
        assert kept(before, parse(kind, after.decode("utf-8"))), after.decode()
        assert line_ends(after) <= line_ends(data) or not line_ends(data)
    clean_here(config)
    assert config.read_bytes() == data
    assert not (tmp_path / "overrides").exists()
    return code, said


HEAD = "# My site\nsite_name: S  # the name\nsite_url: https://example.org/\n"
THEME = "theme:\n  name: material  # Material\n  features:\n    - navigation.tabs\n"
SHAPES: dict[str, tuple[str, str, bool]] = {
    # name: (config file, text, whether init edits it: False = refuses, file untouched)
    "yaml list": ("mkdocs.yml", HEAD + "plugins:\n  - search\n  # - blog\n  - tagindex\n", True),
    "yaml list at column 0": (
        "mkdocs.yml",
        HEAD + "plugins:\n- search\n- tagindex:\n    per_page: 3\n",
        True,
    ),
    "yaml mapping": (
        "mkdocs.yml",
        HEAD + "plugins:\n  search: {}\n  tagindex:\n    per_page: 3\n",
        True,
    ),
    "yaml flow list": ("mkdocs.yml", HEAD + "plugins: [search, tagindex]  # two\n" + THEME, True),
    "yaml flow mapping": (
        "mkdocs.yml",
        HEAD + "plugins: {search: {}, tagindex: {}}\ntheme: {name: material}\n",
        True,
    ),
    "yaml theme, css, not_in_nav there": (
        "mkdocs.yml",
        HEAD + THEME + "extra_css:\n  - my.css\nextra_javascript: [my.js]\n"
        "not_in_nav: |\n  /drafts/\n  # mine\nplugins:\n  - tagindex\n",
        True,
    ),
    "yaml no final newline": ("mkdocs.yml", HEAD + "plugins:\n  - tagindex", True),
    "yaml !ENV elsewhere": (
        "mkdocs.yml",
        "site_name: !ENV [SITE_NAME, 'S']\nsite_url: !ENV SITE_URL\nplugins:\n  - tagindex\n"
        "markdown_extensions:\n  - pymdownx.emoji:\n"
        "      emoji_index: !!python/name:material.extensions.emoji.twemoji\n",
        True,
    ),
    "yaml anchor elsewhere": (
        "mkdocs.yml",
        HEAD
        + "extra:\n  social: &social\n    - icon: x\n  again: *social\nplugins:\n  - tagindex\n",
        True,
    ),
    "yaml alias": (
        "mkdocs.yml",
        HEAD + "extra:\n  p: &p [search, tagindex]\nplugins: *p\n",
        False,
    ),
    "yaml anchored list used twice": (
        "mkdocs.yml",
        HEAD + "plugins: [tagindex]\nextra_css: &css\n  - my.css\nextra:\n  css: *css\n",
        False,
    ),
    "yaml !ENV value": (
        "mkdocs.yml",
        HEAD + "plugins:\n  - tagindex\nextra_css: !ENV CSS\n",
        False,
    ),
    "yaml not_in_nav one line": (
        "mkdocs.yml",
        HEAD + "plugins: [tagindex]\nnot_in_nav: /x/\n",
        False,
    ),
    "toml project": (
        "zensical.toml",
        '# The site\n[project]\nsite_name = "S"  # shown\nextra_css = [\n  "my.css",  # mine\n]\n\n'
        '# Look\n[project.theme]\nvariant = "classic"\n\n[project.plugins.search]\n\n'
        "[project.plugins.tagindex]\nper_page = 6\n",
        True,
    ),
    "toml top level, one-line arrays": (
        "zensical.toml",
        'site_name = "S"\nextra_css = ["my.css"]  # mine\nextra_javascript = []\n'
        'theme = { variant = "classic" }\n\n[plugins.tagindex]\n',
        True,
    ),
    "toml array without trailing comma, not_in_nav text": (
        "zensical.toml",
        '[project]\nsite_name = "S"\nextra_css = [\n  "a.css",\n  "b.css"\n]\n'
        'not_in_nav = """\n/drafts/\n"""\n\n[project.plugins.tagindex]\n',
        True,
    ),
    "toml no final newline": (
        "zensical.toml",
        '[project]\nsite_name = "S"\n[project.plugins.tagindex]',
        True,
    ),
    "toml inline plugins": (
        "zensical.toml",
        '[project]\nsite_name = "S"\nplugins = { tagindex = {} }\n',
        True,
    ),
}


@pytest.mark.parametrize("crlf", [False, True], ids=["lf", "crlf"])
@pytest.mark.parametrize("shape", SHAPES)
def test_each_shape_round_trips(tmp_path: Path, shape: str, crlf: bool) -> None:
    name, text, edits = SHAPES[shape]
    code, said = round_trip(tmp_path, name, text, crlf)
    assert code == (0 if edits else 1), said


def test_inherit_refuses_what_the_parent_holds_and_edits_the_rest(tmp_path: Path) -> None:
    (tmp_path / "base.yml").write_text("site_url: https://example.org/\nplugins:\n  - tagindex\n")
    code, said = round_trip(tmp_path, "mkdocs.yml", "INHERIT: base.yml\nsite_name: S\n")
    assert code == 1 and "plugins is inherited through INHERIT (base.yml)" in said
    assert "add by hand" in said
    (tmp_path / "base.yml").write_text("site_url: https://example.org/\n")
    config = tmp_path / "mkdocs.yml"
    config.write_text("INHERIT: base.yml\nsite_name: S\nplugins:\n  - tagindex\n", "utf-8")
    assert init_here(config)[0] == 0
    clean_here(config)
    assert config.read_text("utf-8") == "INHERIT: base.yml\nsite_name: S\nplugins:\n  - tagindex\n"


# --- the property: generated configs, the author's lines inside init's blocks, then clean ------

EXAMPLES = int(os.environ.get("TAGINDEX_FUZZ_EXAMPLES") or 40)
YAML_PARTS = (
    (
        "plugins:\n  - search\n  - tagindex\n",
        "plugins:\n- tagindex\n",
        "plugins:\n  search: {}\n  tagindex:\n    per_page: 3\n",
        "plugins: [search, tagindex]\n",
        "plugins: {tagindex: {}}  # mapping\n",
    ),
    ("", "extra_css:\n  - my.css\n", "extra_css: [my.css]\n", "extra_css: []\n"),
    ("", "not_in_nav: |\n  /drafts/\n", "not_in_nav: |-\n  /a/\n  # b\n"),
    ("", "theme:\n  name: material\n", "theme: {name: material}\n", THEME),
    ("", "copyright: !ENV [COPY, 'c']\n", "extra:\n  a: &a [1]\n  b: *a\n", "# the end\n"),
)
TOML_PARTS = (
    (
        "",
        'extra_css = ["my.css"]\n',
        'extra_css = [\n  "my.css",\n]\n',
        'extra_css = [\n  "my.css"\n]\n',
    ),
    ("", 'not_in_nav = """\n/drafts/\n"""\n', "# a comment\n"),
)
TOML_THEMES = ("", 'theme = { variant = "classic" }\n', '\n[project.theme]\nvariant = "classic"\n')


@st.composite
def configs(draw: st.DrawFn) -> tuple[str, str]:
    """A config file's name and text: each key in one of the shapes init meets, in any order."""
    if draw(st.booleans()):
        parts = [draw(st.sampled_from(choices)) for choices in YAML_PARTS]
        return "mkdocs.yml", "site_name: S\n" + "".join(draw(st.permutations(parts)))
    parts = [draw(st.sampled_from(choices)) for choices in TOML_PARTS]
    inline = draw(st.booleans())
    head = '[project]\nsite_name = "S"\n' + ("plugins = { tagindex = {} }\n" if inline else "")
    tables = ["\n[project.extra]\nx = 1\n"] + ([] if inline else ["\n[project.plugins.tagindex]\n"])
    theme = draw(st.sampled_from(TOML_THEMES))
    (tables if theme.startswith("\n[") else parts).append(theme)
    return "zensical.toml", head + "".join(draw(st.permutations(parts))) + "".join(
        draw(st.permutations(tables))
    )


def authors_line(lines: list[str], at: int, n: int, kind: str) -> str | None:
    """A line of the author's to put after init's line `at`, of the same kind (None: none)."""
    here = lines[at].rstrip("\r\n")
    lead = here[: len(here) - len(here.lstrip())]
    text = here.strip()
    if "tagindex init: was" in text:
        return None
    if text.startswith("# tagindex init: "):  # inside a not_in_nav block, before the pattern
        return f"{lead}/author{n}/"
    if kind == "toml":
        if text.startswith(('"', ", ")):
            return f'{lead}"author{n}.css",' if text.startswith('"') else f'{lead}, "author{n}.css"'
        return f'author_{n} = "v{n}"'
    if text.startswith("- "):
        return f"{lead}- author{n}.css"
    follow = lines[at + 1].rstrip("\r\n") if at + 1 < len(lines) else ""
    if text.endswith((": |  # tagindex init", ":  # tagindex init")):  # opens a block
        if ": |" in text:
            return f"  /author{n}/"
        inner = follow[: len(follow) - len(follow.lstrip())] or "  "
        return (
            f"{inner}- author{n}.css"
            if follow.strip().startswith("- ")
            else f"{inner}author_{n}: v{n}"
        )
    return f"{lead}author_{n}: v{n}"


@settings(
    max_examples=EXAMPLES, deadline=None, derandomize="TAGINDEX_FUZZ_EXAMPLES" not in os.environ
)
@given(
    config=configs(),
    crlf=st.booleans(),
    final_newline=st.booleans(),
    edits=st.lists(st.integers(0, 40), max_size=4),
)
def test_clean_takes_out_exactly_inits_lines_whatever_the_author_added(
    config: tuple[str, str], crlf: bool, final_newline: bool, edits: list[int]
) -> None:
    name, text = config
    text = text if final_newline else text.rstrip("\n")
    nl = "\r\n" if crlf else "\n"
    data = text.replace("\n", nl).encode("utf-8")
    kind = "toml" if name.endswith(".toml") else "yaml"
    with tempfile.TemporaryDirectory() as tmp:
        project = Path(tmp)
        path = site(project, name, data)
        before = parse(kind, data.decode("utf-8"))
        code, said = init_here(path)
        inited = path.read_bytes().decode("utf-8")
        assert kept(before, parse(kind, inited)), inited
        if code:
            assert inited.encode("utf-8") == data and "add by hand" in said
            event(f"{kind}: refused")
            return
        lines = inited.splitlines(keepends=True)
        marks = [n for n, line in enumerate(lines) if "tagindex init" in line]
        added = []
        for n, pick in enumerate(edits):
            at = marks[pick % len(marks)]
            line = authors_line(lines, at, n, kind)
            if line is not None and f"author{n}" not in "".join(lines):
                lines[at + 1 : at + 1] = [line + nl]
                if not lines[at].endswith("\n"):
                    lines[at] += nl
                    lines[at + 1] = lines[at + 1][: -len(nl)]
                added.append(f"author{n}" if "author_" not in line else f"author_{n}")
                marks = [m + (m > at) for m in marks]
        event(f"{kind}: edited, then {len(added)} line(s) of the author's inside init's")
        edited = "".join(lines)
        parse(kind, edited)  # the author's edit is a valid config
        path.write_bytes(edited.encode("utf-8"))
        clean_here(path)
        after = path.read_bytes()
        cleaned = parse(kind, after.decode("utf-8"))
        assert b"tagindex init" not in after
        assert kept(before, cleaned), after.decode()
        for token in added:
            assert token in after.decode("utf-8")
        if not added:
            assert after == data
        for url in ("tagindex.css", "custom_dir", "/tags/", "tags: {}", "- tags"):
            if url not in text:
                assert url not in after.decode("utf-8")
        assert line_ends(after) <= {nl.encode()}


# --- killed at each write: never a partial config, and the next run finishes the job -----------


def tmp_files(project: Path) -> list[str]:
    return [p.name for p in project.rglob("*.tmp")]


@pytest.mark.parametrize("name", ["mkdocs.yml", "zensical.toml"])
def test_init_and_clean_killed_at_each_write(tmp_path: Path, name: str) -> None:
    """SIGKILL before each write of init, then of clean (SIGINT and SIGTERM at one each): the
    config is whole, as before or after; the next run leaves no temporary file and ends where
    an uninterrupted run ends."""
    text = (YAML_SITE + "plugins: [search, tagindex]\n") if name == "mkdocs.yml" else TOML_SITE
    data = text.replace("\n", "\r\n").encode("utf-8")  # CRLF kept through it all
    base, inited = tmp_path / "base", tmp_path / "inited"
    site(base, name, data)
    shutil.copytree(base, inited)
    log = tmp_path / "writes.log"
    for command, start, end in (("init", base, inited), ("clean", inited, tmp_path / "cleaned")):
        if command == "clean":
            shutil.copytree(inited, end)
        writes, _ = count_writes(end, [command], log, under=end)
        calls = [line.split("\t")[1:] for line in log.read_text("utf-8").splitlines()]
        paths = [path for _, path in calls]
        # every write of init's and clean's own (not the lock's); in `make test` not the
        # folders' (made and removed around the files: `make fuzz` kills there too); the TOML
        # run, whose writes are the same code's, at those of its config
        mine = [n + 1 for n, path in enumerate(paths) if "/.cache" not in path]
        if "TAGINDEX_FUZZ_EXAMPLES" not in os.environ:
            mine = [n for n in mine if calls[n - 1][0] not in ("mkdir", "rmdir")]
        if name.endswith(".toml"):
            mine = [n for n in mine if name in paths[n - 1]]
        assert len(mine) >= 2 and writes >= len(mine)
        states = {start.joinpath(name).read_bytes(), end.joinpath(name).read_bytes()}
        kills = [(at, signal.SIGKILL) for at in mine]
        kills += [(mine[len(mine) // 2], signal.SIGINT), (mine[-1], signal.SIGTERM)]
        for at, sig in kills:
            project = tmp_path / f"{command}-{at}-{sig}"
            shutil.copytree(start, project)
            assert run_killed(project, [command], at, sig, under=project).returncode != 0
            assert (project / name).read_bytes() in states, (command, at)
            (init_here if command == "init" else clean_here)(project / name)  # the next run
            assert not tmp_files(project), (command, at)
            assert tree(project) == tree(end), (command, at)
    assert tree(tmp_path / "cleaned") == tree(base)
    assert (base / name).read_bytes() == data


def tree(folder: Path) -> dict[str, bytes]:
    """The project's files but the cache (the lock of a killed clean stays there)."""
    return {
        p.relative_to(folder).as_posix(): p.read_bytes()
        for p in folder.rglob("*")
        if p.is_file() and ".cache" not in p.relative_to(folder).parts
    }


# --- a fresh clone with core.autocrlf=true, and the hosts reading what init wrote --------------


def test_clean_in_a_crlf_clone_undoes_init(tmp_path: Path) -> None:
    origin = tmp_path / "origin"
    before = YAML_SITE + "plugins:\n  search: {}\n  tagindex: {}\n"
    site(origin, "mkdocs.yml", before)
    git(origin, "init", "-q")
    ok(origin, "init")
    git(origin, "add", "-A")
    git(origin, "commit", "-qm", "init")
    clone = tmp_path / "clone"
    git(tmp_path, "-c", "core.autocrlf=true", "clone", "-q", str(origin), str(clone))
    config = clone / "mkdocs.yml"
    listing = clone / "overrides" / setup.TEMPLATE
    assert b"\r\n" in config.read_bytes() and b"\r\n" in listing.read_bytes()  # CRLF on disk
    assert "nothing to add" in ok(clone, "init")  # the CRLF templates are init's, unchanged
    ok(clone, "clean")
    assert config.read_bytes() == before.replace("\n", "\r\n").encode("utf-8")
    assert not (clone / "overrides").exists()


def test_an_edited_template_stays_with_a_warning(tmp_path: Path) -> None:
    config = site(tmp_path, "zensical.toml", TOML_SITE)
    ok(tmp_path, "init")
    chips = tmp_path / "overrides" / setup.CHIPS
    chips.write_text(chips.read_text("utf-8") + "{# mine #}\n", "utf-8")
    said = ok(tmp_path, "clean")
    assert "partials/tags.html was changed since tagindex init placed it" in said
    assert chips.is_file() and not (tmp_path / "overrides" / setup.TEMPLATE).exists()
    assert config.read_text("utf-8") == TOML_SITE


def test_mkdocs_and_zensical_build_what_init_wrote(tmp_path: Path) -> None:
    """The edited config as the hosts read it: MkDocs (strict: `not_in_nav` with init's comment
    line) and Zensical, on a CRLF mkdocs.yml with plugins as a mapping."""
    text = YAML_SITE + "plugins:\n  search: {}\n  tagindex: {}\n"
    config = site(tmp_path, "mkdocs.yml", text.replace("\n", "\r\n").encode("utf-8"))
    ok(tmp_path, "init")
    assert b"tags: {}  # tagindex init\r\n" in config.read_bytes()
    mkdocs = subprocess.run(
        [str(BIN / "mkdocs"), "build", "--strict", "-d", "site-mkdocs"],
        cwd=tmp_path,
        env=ENV,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert mkdocs.returncode == 0, mkdocs.stderr
    ok(tmp_path, "build")
    zensical = subprocess.run(
        [str(BIN / "zensical"), "build"],
        cwd=tmp_path,
        env=ENV,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert zensical.returncode == 0, zensical.stderr
    assert (tmp_path / "site/tags/grpo/index.html").is_file()
    assert "tags/grpo/" in (tmp_path / "site/index.html").read_text("utf-8")


@pytest.mark.parametrize(
    ("shape", "said"),
    [
        ("yaml alias", "mkdocs.yml: plugins is an alias (*p): init leaves mkdocs.yml as it is"),
        ("yaml !ENV value", "mkdocs.yml: extra_css is an !ENV value: init leaves mkdocs.yml"),
        ("yaml anchored list used twice", "mkdocs.yml: extra_css is not in a shape init can"),
    ],
)
def test_a_refusal_names_the_file_the_key_and_what_to_add(
    tmp_path: Path, shape: str, said: str
) -> None:
    name, text, _ = SHAPES[shape]
    config = site(tmp_path, name, text)
    result = tagindex(tmp_path, "init")
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert said in result.stderr
    assert "add by hand" in result.stderr and "tags/assets/tagindex.css" in result.stderr
    assert config.read_text("utf-8") == text


def test_clean_names_what_an_earlier_versions_init_added_without_marks(tmp_path: Path) -> None:
    """The version before kept init's changes in the tags folder's marker and marked no line:
    clean says those lines (it cannot tell them from the author's now), and changes none."""
    before = YAML_SITE + "plugins:\n  - tagindex\n"
    after = before + "  - tags\nextra_css:\n  - tags/assets/tagindex.css\n"
    config = site(tmp_path, "mkdocs.yml", after)
    record = {"config": {"path": "mkdocs.yml", "before": before, "after": after}, "files": {}}
    marker = tmp_path / "docs/tags/.tagindex"
    marker.parent.mkdir()
    marker.write_text(json.dumps({"tagindex": 1, "files": {}, "init": [record]}), "utf-8")
    said = ok(tmp_path, "clean")
    assert "an earlier tagindex init added lines without its mark" in said
    assert "- tags; extra_css:; - tags/assets/tagindex.css" in said
    assert config.read_text("utf-8") == after


def test_clean_changes_nothing_where_it_cannot_write(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A folder clean would change that cannot be written (the config's, here): it stops
    before any change, with one line naming the folder."""
    config = site(tmp_path, "zensical.toml", TOML_SITE)
    init_here(config)
    inited = config.read_bytes()
    templates = tree(tmp_path / "overrides")
    real = os.access

    def access(path: Any, mode: int, **kw: Any) -> bool:
        if Path(path) == tmp_path and mode & os.W_OK:
            return False
        return real(path, mode, **kw)

    monkeypatch.setattr(os, "access", access)
    with pytest.raises(CommandError, match=f"cannot write in {re.escape(str(tmp_path))};"):
        clean_here(config)
    assert config.read_bytes() == inited and tree(tmp_path / "overrides") == templates
