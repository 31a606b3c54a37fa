"""Configuration that cannot hurt (issue 13), built with the real `mkdocs` CLI: one case per row
of the "Configuration" part of docs/bad-input.md (the row's id is the case id).

- a bad value in mkdocs.yml stops the build with MkDocs' own configuration error, naming the
  option's path down to the key, before anything is written;
- an unknown option name is MkDocs' own warning (`--strict` stops);
- a problem in the tags file is a warning naming the file, the entry and the key, and the site
  is still built (`--strict` stops);
- no traceback, ever.
"""

from __future__ import annotations

import http.client
import os
import re
import socket
import subprocess
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from conftest import (
    MKDOCS,
    ROOT,
    build,
    material_config,
    run_mkdocs,
    write_config,
    write_page,
)

CONFIG_ERROR = "Aborted with a configuration error!"


@dataclass(frozen=True)
class Case:
    """One row: plugin options (and a tags file), and the line the build must print."""

    id: str
    options: dict[str, Any]
    message: str
    """Text of the ERROR or WARNING line, after `ERROR   -  ` / `WARNING -  `."""
    tags_file: bytes | None = None
    plugins: list[Any] = field(default_factory=list)
    """Plugin entries instead of the one `tagindex` with `options` (two instances)."""


def option(path: str, message: str) -> str:
    """MkDocs' error line for a plugin option: `labels.ja.articles` → `option 'labels':
    Sub-option 'ja': Sub-option 'articles': `."""
    first, *rest = path.split(".")
    subs = "".join(f"Sub-option '{key}': " for key in rest)
    return f"Config value 'plugins': Plugin 'tagindex' option '{first}': {subs}{message}"


ERRORS = [
    Case(
        "tags-dir-empty",
        {"tags_dir": ""},
        option("tags_dir", "must name a folder inside the site, such as 'tags'; it is empty"),
    ),
    Case(
        "tags-dir-parent",
        {"tags_dir": "../out"},
        option("tags_dir", "'../out' contains '..', which would leave the site"),
    ),
    Case(
        "tags-dir-climb",
        {"tags_dir": "a/../.."},
        option("tags_dir", "'a/../..' contains '..', which would leave the site"),
    ),
    Case(
        "tags-dir-absolute",
        {"tags_dir": "/abs"},
        option("tags_dir", "'/abs' is absolute; give a folder inside the site, such as 'tags'"),
    ),
    Case(
        "tags-dir-drive",
        {"tags_dir": "C:/x"},
        option("tags_dir", "'C:/x' starts with a drive letter; give a folder inside the site"),
    ),
    Case(
        "tags-dir-backslash",
        {"tags_dir": "..\\out"},
        option("tags_dir", "'..\\out' contains a backslash; separate folders with '/'"),
    ),
    Case(
        "per-page-negative",
        {"per_page": -1},
        option("per_page", "expected a whole number, 0 or more, got -1"),
    ),
    Case(
        "per-page-bool",
        {"per_page": True},
        option("per_page", "expected a whole number, 0 or more, got bool True"),
    ),
    Case(
        "summary-length-negative",
        {"summary_length": -5},
        option("summary_length", "expected a whole number, 0 or more, got -5"),
    ),
    Case(
        "labels-types-list",
        {"labels": {"en": {"types": ["a"]}}},
        option(
            "labels.en.types",
            "expected a mapping of article type to its text, such as {paper: RESEARCH}, "
            "got list ['a']",
        ),
    ),
    Case(
        "labels-number",
        {"labels": {"en": {"articles": 5}}},
        option(
            "labels.en.articles",
            "expected a mapping of CLDR plural categories (zero, one, two, few, many, other) to "
            "text, such as {one: '{count} post', other: '{count} posts'}, got int 5",
        ),
    ),
    Case(
        "labels-null",
        {"labels": {"en": {"member": None}}},
        option("labels.en.member", "expected text, got null"),
    ),
    Case(
        "labels-list",
        {"labels": {"en": {"all_tags": ["x"]}}},
        option("labels.en.all_tags", "expected text, got list ['x']"),
    ),
    Case(
        "labels-misspelled-key",
        {"labels": {"en": {"article": {"other": "{count} posts"}}}},
        option("labels.en.article", "not a label (did you mean 'articles'?); the labels are "),
    ),
    Case(
        "labels-misspelled-language",
        {"labels": {"english": {"member": "★"}}},
        option("labels.english", "'english' is not a language code (such as en, ja, pt-BR, "),
    ),
    Case(
        "labels-unknown-placeholder",
        {"labels": {"ja": {"articles": {"other": "{n}件の記事"}}}},
        option(
            "labels.ja.articles.other",
            "'{n}' is not a placeholder of this label; 'articles' supports {count}",
        ),
    ),
    Case(
        "labels-attribute",
        {"labels": {"en": {"tag_heading": "{name.__class__}"}}},
        option(
            "labels.en.tag_heading",
            "'{name.__class__}' has attribute or index access, which labels do not allow; "
            "'tag_heading' supports {name}",
        ),
    ),
    Case(
        "labels-format-spec",
        {"labels": {"en": {"articles": {"other": "{count:>50000000}"}}}},
        option(
            "labels.en.articles.other",
            "'{count:>50000000}' has a format spec or conversion, which labels do not allow",
        ),
    ),
    Case(
        "labels-plural-category",
        {"labels": {"en": {"articles": {"plural": "{count} posts"}}}},
        option("labels.en.articles.plural", "not a CLDR plural category; the categories are"),
    ),
    Case(
        "audience-label-list",
        {"audiences": {"students": ["x"]}},
        option(
            "audiences.students",
            "expected text or a mapping of language code to text, got list ['x']",
        ),
    ),
    Case(
        "audience-language",
        {"audiences": {"students": {"english": "Students"}}},
        option("audiences.students.english", "'english' is not a language code"),
    ),
    Case(
        "rates-unknown-key",
        {"read_time": {"rates": {"ja": {"chars_per_minut": 500}}}},
        option(
            "read_time.rates.ja.chars_per_minut",
            "not a rate (did you mean 'chars_per_minute'?); the rates are",
        ),
    ),
    Case(
        "rates-zero",
        {"read_time": {"rates": {"ja": {"chars_per_minute": 0}}}},
        option("read_time.rates.ja.chars_per_minute", "must be positive, got 0"),
    ),
    Case(
        "front-matter-empty-key",
        {"front_matter": {"tags": ""}},
        option("front_matter.tags", "a front-matter key name must not be empty"),
    ),
]


def tree(root: Path) -> set[str]:
    return {p.relative_to(root).as_posix() for p in root.rglob("*")}


def project_for(root: Path, case: Case) -> Path:
    project = root / "project"
    config = material_config(**case.options)
    if case.plugins:
        config["plugins"] = ["search", *case.plugins]
    if case.tags_file is not None:
        (project / "data").mkdir(parents=True)
        (project / "data" / "tags.yml").write_bytes(case.tags_file)
    write_config(project, config)
    write_page(project, "index.md", {"title": "Home"}, "Home.\n")
    write_page(project, "post.md", {"title": "A", "tags": ["grpo", "robotics"]}, "Body.\n")
    return project


@dataclass(frozen=True)
class Run:
    result: subprocess.CompletedProcess[str]
    before: set[str]
    after: set[str]


@pytest.fixture(scope="module")
def error_runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Run]:
    """`mkdocs build` (not strict: these must fail anyway) of one site per error case."""
    roots = {case.id: tmp_path_factory.mktemp(case.id) for case in ERRORS}
    befores = {}
    for case in ERRORS:
        project_for(roots[case.id], case)
        befores[case.id] = tree(roots[case.id])
    root_index = Path("/index.html").exists()
    with ThreadPoolExecutor(max_workers=2) as pool:
        futures = {c.id: pool.submit(run_mkdocs, roots[c.id] / "project") for c in ERRORS}
        results = {name: future.result() for name, future in futures.items()}
    assert Path("/index.html").exists() == root_index  # `tags_dir: ""` once wrote there
    return {name: Run(result, befores[name], tree(roots[name])) for name, result in results.items()}


@pytest.mark.parametrize("case", ERRORS, ids=[case.id for case in ERRORS])
def test_bad_option_is_a_configuration_error_naming_its_path(
    error_runs: dict[str, Run], case: Case
) -> None:
    run = error_runs[case.id]
    stderr = run.result.stderr
    assert "Traceback" not in stderr, stderr[-3000:]
    assert run.result.returncode == 1, stderr[-3000:]
    errors = [line for line in stderr.splitlines() if line.startswith("ERROR")]
    assert len(errors) == 1, errors
    assert errors[0].startswith(f"ERROR   -  {case.message}"), errors[0]
    assert CONFIG_ERROR in stderr + run.result.stdout
    assert run.after == run.before  # stopped at load: nothing written, anywhere


# -- values that are fine ----------------------------------------------------------------------


def test_tags_dir_is_normalized(tmp_path: Path) -> None:
    project = project_for(tmp_path, Case("tags-dir-normalized", {"tags_dir": "a//b/./"}, ""))
    site = build(project, "--strict")
    assert site.warnings() == []
    generated = sorted(f for f in site.files() if f.startswith("a/"))
    pages = ["a/b/grpo/index.html", "a/b/index.html", "a/b/robotics/index.html"]
    feeds = [f"a/b/{tag}/feed.{ext}" for tag in ("grpo", "robotics") for ext in ("json", "xml")]
    explorer = ["a/b/explorer.json", "a/b/explorer-0001.json", "a/b/explorer-names.json"]
    assert generated == sorted([*pages, *feeds, *explorer, "a/b/tags.json"])


def test_labels_with_placeholders_render_and_a_null_language_is_no_override(
    tmp_path: Path,
) -> None:
    labels = {
        "en": {
            "tag_heading": "Tag: {name}",
            "articles": {"one": "{count} post", "other": "{count} posts"},
        },
        "ja": None,
    }
    project = project_for(tmp_path, Case("labels-valid", {"labels": labels}, ""))
    site = build(project, "--strict")
    assert site.warnings() == []
    page = site.html("tags/grpo/index.html")
    heading, count = page.select_one("h1.tagindex-heading"), page.select_one(".tagindex-count")
    assert heading is not None and count is not None
    assert heading.get_text() == "Tag: grpo"
    assert count.get_text(strip=True) == "1 post"


def test_unknown_option_is_mkdocs_own_warning(tmp_path: Path) -> None:
    case = Case(
        "unknown-option",
        {"bogus": 1, "front_matter": {"tgas": "x"}},
        "Config value 'plugins': Plugin 'tagindex' option ",
    )
    project = project_for(tmp_path, case)
    site = build(project)  # not strict: builds, as for any unknown option of any plugin
    assert site.warnings() == [  # in MkDocs' order: the known options first
        "WARNING -  Config value 'plugins': Plugin 'tagindex' option 'front_matter': "
        "Sub-option 'tgas': Unrecognised configuration name: tgas",
        "WARNING -  Config value 'plugins': Plugin 'tagindex' option 'bogus': Unrecognised "
        "configuration name: bogus",
    ]
    assert (site.dir / "tags/grpo/index.html").is_file()
    strict = run_mkdocs(project, "--strict")
    assert strict.returncode == 1 and "Traceback" not in strict.stderr
    assert (
        "Aborted with 2 configuration warnings in 'strict' mode!" in strict.stderr + strict.stdout
    )


# -- two instances -----------------------------------------------------------------------------

TWO_INSTANCES = [
    "tagindex",
    {"tagindex": {"tags_dir": "categories", "front_matter": {"tags": "category"}}},
]


def test_a_second_instance_is_a_clear_error_not_a_broken_page(tmp_path: Path) -> None:
    project = project_for(tmp_path, Case("two-instances", {}, "", plugins=TWO_INSTANCES))
    result = run_mkdocs(project)  # not strict: MkDocs itself only warns
    assert result.returncode == 1 and "Traceback" not in result.stderr, result.stderr[-3000:]
    assert (
        "ERROR   -  tagindex: listed 2 times under 'plugins' (tagindex, tagindex #2); it "
        "supports one instance per site. Remove the others or give them 'enabled: false'."
    ) in result.stderr
    assert not (project / "site" / "tags").exists()
    assert not (project / "site" / "categories").exists()


def test_a_disabled_second_instance_is_left_alone(tmp_path: Path) -> None:
    plugins = ["tagindex", {"tagindex": {"enabled": False, "tags_dir": "categories"}}]
    project = project_for(tmp_path, Case("two-one-disabled", {}, "", plugins=plugins))
    site = build(project)  # MkDocs' "specified multiple times" warning stays MkDocs'
    assert [w for w in site.warnings() if "tagindex:" in w] == []
    assert (site.dir / "tags/grpo/index.html").is_file()
    assert not (site.dir / "categories").exists()


# -- the tags file -----------------------------------------------------------------------------

GOOD_TAGS = "grpo:\n  name: GRPO\nrobotics:\n  name: Robotics\n"


def tags_warning(message: str) -> str:
    return f"tagindex: {{file}}: {message}"


TAGS_FILE = [
    Case(
        "tags-file-not-utf8",
        {"tags_file": "data/tags.yml"},
        tags_warning(
            "not UTF-8 text (byte 0xe9 on line 2); save the tags file as UTF-8; "
            "the tags file is ignored"
        ),
        tags_file="grpo:\n  name: Caf\xe9\n".encode("latin-1"),
    ),
    Case(
        "tags-file-yaml",
        {"tags_file": "data/tags.yml"},
        tags_warning(
            "not valid YAML (line 3): did not find expected key; the tags file is ignored"
        ),
        tags_file=b"grpo:\n  name: GRPO\n bad: indent\n",
    ),
    Case(
        "tags-file-not-mapping",
        {"tags_file": "data/tags.yml"},
        tags_warning(
            "the tags file must be a mapping of tag to its entry, got list ['grpo', "
            "'robotics']; it is ignored"
        ),
        tags_file=b"- grpo\n- robotics\n",
    ),
    Case(
        "tags-file-entry-problems",
        {"tags_file": "data/tags.yml"},
        tags_warning("tag 'grpo', key 'name': 'english' is not a language code"),
        tags_file=(
            GOOD_TAGS.replace("name: GRPO", "name: {english: GRPO, ja: [x]}\n  aliases: 5")
        ).encode(),
    ),
    Case(
        "tags-file-case",
        {"tags_file": "data/tags.yml"},
        tags_warning(
            "tag 'grpo': the same tag as 'Grpo' (tags that differ only in case or width are "
            "one tag); this entry is ignored, merge it into 'Grpo'"
        ),
        tags_file=f"Grpo:\n  name: GRPO (first)\n{GOOD_TAGS}".encode(),
    ),
    Case(
        "tags-file-swallow",
        {"tags_file": "data/tags.yml"},
        tags_warning(
            "tag 'ml', key 'aliases': 'robotics' is the tag 'robotics', which has its own "
            "entry; it stays with 'robotics'"
        ),
        tags_file=f"ml:\n  aliases: [robotics]\n{GOOD_TAGS}".encode(),
    ),
    Case(
        "tags-file-categories",
        {"tags_file": "data/tags.yml"},
        tags_warning(
            "'categories': expected a mapping of category to its name per language, such as "
            "{{Agents: {{ja: エージェント}}}}, got list ['Agents']; ignored"
        ),
        tags_file=f"{GOOD_TAGS}categories: [Agents]\n".encode(),
    ),
]


@pytest.mark.parametrize("case", TAGS_FILE, ids=[case.id for case in TAGS_FILE])
def test_tags_file_problem_is_a_warning_and_the_site_builds(tmp_path: Path, case: Case) -> None:
    project = project_for(tmp_path, case)
    site = build(project)
    expected = "WARNING -  " + case.message.format(file=project / "data" / "tags.yml")
    warnings = site.warnings()
    assert any(w.startswith(expected) for w in warnings), warnings
    assert all(" Traceback" not in w for w in warnings)
    for tag in ("grpo", "robotics"):  # the pages are still built and listed
        assert (site.dir / "tags" / tag / "index.html").is_file(), site.files()
    strict = run_mkdocs(project, "--strict")
    assert strict.returncode == 1 and "Traceback" not in strict.stderr
    assert re.search(r"Aborted with \d+ warnings in strict mode!", strict.stderr + strict.stdout)


def test_every_problem_of_an_entry_is_a_warning(tmp_path: Path) -> None:
    project = project_for(tmp_path, TAGS_FILE[3])
    site = build(project)
    path = project / "data" / "tags.yml"
    assert [w for w in site.warnings() if "tags.yml" in w] == [
        f"WARNING -  tagindex: {path}: tag 'grpo', key 'name': 'english' is not a "
        "language code (such as en, ja, pt-BR, zh-Hant); ignored",
        f"WARNING -  tagindex: {path}: tag 'grpo', key 'name': 'ja': expected text, got "
        "list ['x']; ignored",
        f"WARNING -  tagindex: {path}: tag 'grpo', key 'aliases': expected a list of tag "
        "names, got int 5; ignored",
    ]


def test_case_variants_in_the_tags_file_keep_the_first_entry(tmp_path: Path) -> None:
    site = build(project_for(tmp_path, TAGS_FILE[4]))
    heading = site.html("tags/grpo/index.html").select_one("h1.tagindex-heading")
    assert heading is not None and heading.get_text() == "#GRPO (first)"


def test_an_alias_does_not_take_another_entrys_tag(tmp_path: Path) -> None:
    site = build(project_for(tmp_path, TAGS_FILE[5]))
    heading = site.html("tags/robotics/index.html").select_one("h1.tagindex-heading")
    assert heading is not None and heading.get_text() == "#Robotics"
    assert not (site.dir / "tags" / "ml").exists()  # no page has the tag `ml`


# -- mkdocs serve watches the tags file ------------------------------------------------------------


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _get(port: int, path: str) -> str | None:
    try:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
        connection.request("GET", path)
        response = connection.getresponse()
        body = response.read().decode("utf-8")
        return body if response.status == 200 else None
    except OSError:
        return None


def _wait_for(port: int, path: str, text: str, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        body = _get(port, path)
        if body is not None and text in body:
            return True
        time.sleep(0.3)
    return False


def test_serve_rebuilds_when_the_tags_file_changes(tmp_path: Path) -> None:
    """The tags file sits beside mkdocs.yml, outside everything `mkdocs serve` watches itself."""
    project = tmp_path / "project"
    write_config(project, material_config(tags_file="tags.yml"))
    (project / "tags.yml").write_text("grpo:\n  name: GRPO before\n", "utf-8")
    write_page(project, "index.md", {"title": "Home"}, "Home.\n")
    write_page(project, "a.md", {"title": "A", "tags": ["grpo"]}, "Body.\n")
    port = _free_port()
    log = (tmp_path / "serve.log").open("w")
    server = subprocess.Popen(
        [*MKDOCS, "serve", "-a", f"127.0.0.1:{port}"],
        cwd=project,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        assert _wait_for(port, "/tags/grpo/", "#GRPO before", 120), _log(tmp_path)
        (project / "tags.yml").write_text("grpo:\n  name: GRPO after\n", "utf-8")
        assert _wait_for(port, "/tags/grpo/", "#GRPO after", 60), _log(tmp_path)
    finally:
        server.terminate()
        server.wait(timeout=30)
        log.close()
    assert "Traceback" not in _log(tmp_path)


def _log(tmp_path: Path) -> str:
    return (tmp_path / "serve.log").read_text("utf-8")[-3000:]


# -- the documentation ---------------------------------------------------------------------------

OTHER_ROWS = {
    "tags-dir-normalized",
    "labels-valid",
    "unknown-option",
    "two-instances",
    "two-one-disabled",
    "tags-file-serve",
    "tags-file-100k",
    "tags-dir-property",
}


def test_docs_configuration_part_has_a_row_per_case() -> None:
    doc = (ROOT / "docs" / "bad-input.md").read_text("utf-8")
    part = doc[doc.index("\n## Configuration") :]
    ids = re.findall(r"^\| `config/([a-z0-9-]+)` \|", part, re.M)
    assert len(ids) == len(set(ids))
    assert sorted(ids) == sorted([c.id for c in ERRORS + TAGS_FILE] + list(OTHER_ROWS))
