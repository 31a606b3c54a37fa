"""The config the `tagindex` command is given is the config it uses, read as its host reads it
(issue 39, items 4 and 5): state and caches keyed by the config file of `-f`, unknown options
warned as MkDocs warns them, `--strict`, MkDocs' own loader for `check` on a MkDocs site, and
bad input in any file the command reads said in one line naming the file, the key and the value.

In-process (`cli.main`) on sites of two or three pages: each test takes well under a second."""

from __future__ import annotations

import fcntl
import os
import tempfile
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from mkdocs_tagindex.command import cli

from conftest import run_mkdocs, write_page

Capture = pytest.CaptureFixture[str]


def tiny(project: Path, *plugins: object, **config: object) -> Path:
    """A two-page Material site (`mkdocs.yml`) with one tag (plugins: `tagindex` alone)."""
    listed = list(plugins or ["tagindex"])
    data = {"site_name": "Tiny", "theme": {"name": "material"}, "plugins": listed, **config}
    project.mkdir(parents=True, exist_ok=True)
    (project / "mkdocs.yml").write_text(yaml.safe_dump(data), "utf-8")
    write_page(project, "index.md", {"title": "Home"}, "Welcome.\n")
    write_page(project, "a.md", {"title": "A", "tags": ["alpha"]}, "Body of A.\n")
    return project


def run(capsys: Capture, *args: str) -> tuple[int, str]:
    """`tagindex ARGS`, in process: its exit code and what it said."""
    code = cli.main(list(args))
    return code, capsys.readouterr().err


# -- fault 5: the state of the config given with -f --------------------------------------------


def test_each_config_of_a_project_has_its_own_state(tmp_path: Path, capsys: Capture) -> None:
    project = tiny(tmp_path / "s")
    main = str(project / "mkdocs.yml")
    alt = project / "alt.yml"
    data = yaml.safe_load((project / "mkdocs.yml").read_text("utf-8"))
    alt.write_text(yaml.safe_dump({**data, "plugins": [{"tagindex": {"tags_dir": "topics"}}]}))
    code, said = run(capsys, "build", "-f", main)
    assert code == 0, said
    assert (project / "docs/tags/alpha/index.md").is_file()
    code, said = run(capsys, "build", "-f", str(alt))
    assert code == 0, said
    assert "nothing that the tag pages show changed" not in said
    assert (project / "docs/topics/alpha/index.md").is_file(), said
    # an option changed in mkdocs.yml after a build with alt.yml: mkdocs.yml's state says so
    (project / "mkdocs.yml").write_text(
        yaml.safe_dump({**data, "plugins": [{"tagindex": {"index": False}}]})
    )
    code, said = run(capsys, "build", "-f", main)
    assert code == 0, said
    assert "nothing that the tag pages show changed" not in said
    assert not (project / "docs/tags/index.md").exists(), said
    # once each has seen the other's last files, each next build with nothing changed is quick
    for config in (main, str(alt)):
        assert run(capsys, "build", "-f", config)[0] == 0
    for config in (main, str(alt)):
        code, said = run(capsys, "build", "-f", config)
        assert code == 0 and "nothing that the tag pages show changed" in said, said


STEPS = st.lists(
    st.sampled_from(["build mkdocs.yml", "build alt.yml", "toggle mkdocs.yml", "toggle alt.yml"]),
    min_size=3,
    max_size=7,
)


@settings(
    max_examples=4, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
@given(steps=STEPS)
@example(steps=["build mkdocs.yml", "build alt.yml", "toggle mkdocs.yml", "build mkdocs.yml"])
def test_any_sequence_of_builds_and_edits_follows_the_config_given(steps: list[str]) -> None:
    """After each build with a config, its own tags folder shows its own options, whatever the
    other config's builds and edits in between (a build with the other config's state missed
    an option changed)."""
    with tempfile.TemporaryDirectory() as folder:
        project = tiny(Path(folder) / "s")
        index = {"mkdocs.yml": True, "alt.yml": True}
        tags_dir = {"mkdocs.yml": "tags", "alt.yml": "topics"}

        def write(name: str) -> None:
            options = {"tags_dir": tags_dir[name], "index": index[name]}
            data = {"site_name": "Tiny", "plugins": [{"tagindex": options}]}
            (project / name).write_text(yaml.safe_dump(data), "utf-8")

        write("mkdocs.yml")
        write("alt.yml")
        for step in steps:
            action, name = step.split()
            if action == "toggle":
                index[name] = not index[name]
                write(name)
                continue
            assert cli.main(["build", "-f", str(project / name)]) == 0
            page = project / "docs" / tags_dir[name] / "index.md"
            assert page.is_file() == index[name], (steps, step)
            assert (project / "docs" / tags_dir[name] / "alpha/index.md").is_file()


# -- fault 10 and --strict: an unknown option, warned as MkDocs warns it ------------------------

UNKNOWN = "Config value 'plugins': Plugin 'tagindex' option 'per_pgae': "
"""MkDocs' own words for the misspelled option (the test checks MkDocs says them too)."""


def test_an_unknown_option_is_warned_as_mkdocs_warns_it(tmp_path: Path, capsys: Capture) -> None:
    project = tiny(tmp_path / "s", {"tagindex": {"per_pgae": 2}})
    config = str(project / "mkdocs.yml")
    wanted = f"WARNING -  mkdocs.yml: {UNKNOWN}Unrecognised configuration name: per_pgae"
    for strict, code_wanted in (((), 0), (("--strict",), 1), ((), 0), (("--strict",), 1)):
        # twice each: the second build finds nothing changed and says the warning again
        code, said = run(capsys, "build", "-f", config, *strict)
        assert code == code_wanted, said
        line = next((x for x in said.splitlines() if x.startswith(wanted)), None)
        assert line is not None, said
        assert "its value 2 is ignored; did you mean 'per_page'?" in line
        if strict:
            assert "aborted with" in said and "warnings in strict mode" in said, said
    code, said = run(capsys, "check", "-f", config)
    assert code == 1 and wanted in said, said
    # what MkDocs says of the same config
    mkdocs = run_mkdocs(project)
    assert f"WARNING -  {UNKNOWN}Unrecognised configuration name: per_pgae" in mkdocs.stderr


def test_strict_passes_a_site_without_warnings(tmp_path: Path, capsys: Capture) -> None:
    project = tiny(tmp_path / "s", "search", "tagindex", site_url="https://x.org/")
    assert run(capsys, "init", "-f", str(project / "mkdocs.yml"))[0] == 0
    code, said = run(capsys, "build", "--strict", "-f", str(project / "mkdocs.yml"))
    assert code == 0 and "WARNING" not in said, said


# -- fault 9 / item 5: bad input in any file the command reads, one line ------------------------


def bad_config(project: Path) -> tuple[str, str, str]:
    path = project / "mkdocs.yml"
    path.write_text(path.read_text("utf-8").replace("- tagindex", "- tagindex:\n    per_pgae: 7"))
    return "mkdocs.yml", "per_pgae", "7"


def bad_front_matter(project: Path) -> tuple[str, str, str]:
    (project / "docs/b.md").write_text("---\ntags: [beta]\ndate: 2026-02-30\n---\n# B\n", "utf-8")
    return "b.md", "date", "2026-02-30"


def bad_meta_file(project: Path) -> tuple[str, str, str]:
    config = yaml.safe_load((project / "mkdocs.yml").read_text("utf-8"))
    config["plugins"] = ["meta", *config["plugins"]]
    (project / "mkdocs.yml").write_text(yaml.safe_dump(config), "utf-8")
    (project / "docs/more").mkdir()
    (project / "docs/more/.meta.yml").write_text("tags: [beta]\ndate: 2026-02-30\n", "utf-8")
    write_page(project, "more/c.md", {"title": "C"}, "Body of C.\n")
    return "more/.meta.yml", "date", "2026-02-30"


def bad_meta_value(project: Path) -> tuple[str, str, str]:
    """A value YAML reads but the front matter's validation refuses: said of the meta file
    once, not of each page under it as its own front matter."""
    bad_meta_file(project)
    (project / "docs/more/.meta.yml").write_text("tags: [beta]\ndate: soon\n", "utf-8")
    write_page(project, "more/d.md", {"title": "D"}, "Body of D.\n")
    return "more/.meta.yml", "date", "soon"


def bad_tags_file(project: Path) -> tuple[str, str, str]:
    config = yaml.safe_load((project / "mkdocs.yml").read_text("utf-8"))
    config["plugins"] = [{"tagindex": {"tags_file": "tags.yml"}}]
    (project / "mkdocs.yml").write_text(yaml.safe_dump(config), "utf-8")
    (project / "tags.yml").write_text("alpha:\n  description: fine\n  hidden: !!bool maybe\n")
    return "tags.yml", "alpha.hidden", "maybe"


@pytest.mark.parametrize(
    "spoil",
    [bad_config, bad_front_matter, bad_meta_file, bad_meta_value, bad_tags_file],
    ids=lambda f: f.__name__,
)
def test_bad_input_is_one_line_naming_file_key_and_value(
    tmp_path: Path, capsys: Capture, spoil: object
) -> None:
    project = tiny(tmp_path / "s")
    assert callable(spoil)
    name, key, value = spoil(project)
    config = str(project / "mkdocs.yml")
    assert run(capsys, "init", "-f", config)[0] == 0  # no warning but the one of the input
    for args, wanted in ((("build",), 0), (("build", "--strict"), 1), (("check",), 1)):
        code, said = run(capsys, *args, "-f", config)
        assert code == wanted, (args, said)
        assert "Traceback" not in said, said
        warned = [x for x in said.splitlines() if x.startswith("WARNING")]
        assert len(warned) == 1 and name in warned[0], said
        assert f"'{key}'" in warned[0] and value in warned[0], warned[0]
        if "--strict" in args:
            assert "aborted with 1 warnings in strict mode" in said, said


def test_a_config_yaml_cannot_build_is_one_error_line(tmp_path: Path, capsys: Capture) -> None:
    project = tiny(tmp_path / "s", copyright="2026-02-30")
    path = project / "mkdocs.yml"
    path.write_text(path.read_text("utf-8").replace("'2026-02-30'", "2026-02-30"), "utf-8")
    for command in ("build", "check", "init", "clean"):
        code, said = run(capsys, command, "-f", str(path))
        assert code == 1 and "Traceback" not in said, said
        assert said.splitlines() == [
            f"ERROR   -  {path}: cannot be read (line 1): day is out of range for month "
            "(key 'copyright', value '2026-02-30')"
        ], said


def test_what_zensical_refuses_in_the_config_is_one_error_line(
    tmp_path: Path, capsys: Capture
) -> None:
    """A `custom_dir` that does not exist: Zensical's own config parser refuses it; found by the
    lifecycle test after a `clean` of the version before (a 19-frame traceback then)."""
    project = tiny(tmp_path / "s", theme={"name": "material", "custom_dir": "nope"})
    code, said = run(capsys, "build", "-f", str(project / "mkdocs.yml"))
    assert code == 1 and "Traceback" not in said, said
    errors = [line for line in said.splitlines() if line.startswith("ERROR")]
    assert errors == [
        f"ERROR   -  {project / 'mkdocs.yml'}: Custom theme directory does not exist: "
        f"{project / 'nope'} (Zensical refuses it too)"
    ], said


# -- fault 11: check reads a MkDocs site's config with MkDocs' loader ---------------------------

MKDOCS_ONLY = """INHERIT: base.yml
extra:
  base_path: !relative $config_dir
  from_env: !ENV [TAGINDEX_TEST_UNSET, fallback]
"""


def test_check_reads_a_mkdocs_config_as_mkdocs_does(tmp_path: Path, capsys: Capture) -> None:
    project = tiny(tmp_path / "s")
    base = project / "base.yml"
    (project / "mkdocs.yml").rename(base)
    (project / "mkdocs.yml").write_text(MKDOCS_ONLY, "utf-8")
    code, said = run(capsys, "check", "-f", str(project / "mkdocs.yml"))
    assert code == 0, said
    assert not (project / ".cache").exists()  # a check on a MkDocs site writes nothing
    assert run_mkdocs(project, "--strict").returncode == 0  # and MkDocs builds it


def test_check_refuses_what_zensical_refuses_on_a_zensical_site(
    tmp_path: Path, capsys: Capture
) -> None:
    project = tiny(tmp_path / "s")
    config = project / "mkdocs.yml"
    assert run(capsys, "build", "-f", str(config))[0] == 0  # the command's site: Zensical's
    config.write_text(config.read_text("utf-8") + "base_path: !relative $config_dir\n")
    code, said = run(capsys, "check", "-f", str(config))
    assert code == 1, said
    assert said.splitlines() == [
        f"ERROR   -  {config}: not valid YAML (line 6): "
        "could not determine a constructor for the tag '!relative'"
    ], said


# -- issue 33's note: check's memo is written under the project's lock --------------------------


def test_check_waits_for_the_lock_before_it_writes(tmp_path: Path, capsys: Capture) -> None:
    project = tiny(tmp_path / "s")
    config = str(project / "mkdocs.yml")
    assert run(capsys, "build", "-f", config)[0] == 0
    memo = project / ".cache/tagindex/check.mkdocs.yml.pickle"
    assert not memo.exists()
    fd = os.open(project / ".cache/tagindex/lock", os.O_RDWR | os.O_CREAT)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)  # a build running
        os.write(fd, b"4242\n")
        code, said = run(capsys, "check", "-f", config, "--lock-timeout", "0.3")
        assert code == 1 and "another tagindex run (pid 4242) still holds" in said, said
        assert not memo.exists()
    finally:
        os.close(fd)
    code, said = run(capsys, "check", "-f", config)
    assert code == 0, said
    assert memo.is_file()
