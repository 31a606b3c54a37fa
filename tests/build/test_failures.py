"""Failures on the way out (issue 24, point 3): each ends in one clear error naming what failed,
the template and block or the file that could not be written, never a bare traceback.

- A site's template override that raises or does not parse: real `mkdocs build --strict` runs;
  the error names the template, its file, the line and the block where Jinja tells it.
- A generated file that cannot be written, or a disk that fills up mid-write: the suite runs as
  root, so the failures are injected (a patched `open` or `shutil.copyfile`, or a file standing
  where a folder must go) into in-process builds; the error names the file and why, and no
  half file is left as if it were complete.
- A tags file that disappears while `mkdocs serve` runs: a warning naming the file, once per
  rebuild, and the site is still built.

Every case is a row of docs/bad-input.md, "Failures on the way out", under the test's name.
"""

from __future__ import annotations

import errno
import logging
import os
import shutil
import socket
import subprocess
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from mkdocs.commands.build import build as mkdocs_build
from mkdocs.config import load_config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import Abort

from mkdocs_tagindex.host import files as files_module

from conftest import MKDOCS, ROOT, material_config, run_mkdocs, write_config, write_page

# -- a site -------------------------------------------------------------------------------------


def site(project: Path, *, listing: bool = False, **options: object) -> Path:
    """Two articles of #grpo (so each has the other as related), and a home page, with a
    listing of #grpo if asked."""
    config = material_config(**options)
    config["theme"] = {"name": "material", "custom_dir": "overrides"}
    write_config(project, config)
    (project / "overrides").mkdir(parents=True, exist_ok=True)
    home = "<!-- tagindex { tags: [grpo] } -->\n" if listing else "Home.\n"
    write_page(project, "index.md", {"title": "Home"}, home)
    write_page(project, "a.md", {"title": "A", "tags": ["grpo"], "date": "2026-01-02"}, "Text.\n")
    write_page(project, "b.md", {"title": "B", "tags": ["grpo"], "date": "2026-01-01"}, "Text.\n")
    return project


def override(project: Path, name: str, block: str | None, body: str) -> Path:
    """`overrides/<name>`: extends the plugin's template and replaces one block (line 3 is
    `body`), or, without a block, is `body` itself."""
    path = project / "overrides" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    if block is None:
        path.write_text(body, "utf-8")
    else:
        base = name.replace("tagindex/", "tagindex/_base/", 1)
        path.write_text(
            f'{{% extends "{base}" %}}\n{{% block {block} %}}\n{body}\n{{% endblock %}}\n', "utf-8"
        )
    return path


def errors(log: str) -> list[str]:
    """The ERROR lines of a CLI build, without the `ERROR   -  ` prefix."""
    return [line[11:] for line in log.splitlines() if line.startswith("ERROR   -  ")]


# -- template overrides -------------------------------------------------------------------------

UNDEFINED = "{{ tagindex.nope() }}"
MISSING = '{% include "tagindex/missing.html" %}'
TEMPLATE_CASES = {
    # id: (template, block, line 3, page whose build fails, what follows the place)
    "card-undefined": (
        "tagindex/card.html",
        "tagindex_card_title",
        UNDEFINED,
        "tags/grpo/index.md",
        "UndefinedError: 'mkdocs_tagindex.core.output.contexts.PageContext object' has no "
        "attribute 'nope'; rendering 'tagindex/tag.html'",
    ),
    "card-missing-include": (
        "tagindex/card.html",
        "tagindex_card_title",
        MISSING,
        "tags/grpo/index.md",
        "template 'tagindex/missing.html' not found; rendering 'tagindex/tag.html'",
    ),
    "article-meta-undefined": (
        "tagindex/article-meta.html",
        "tagindex_article_meta",
        UNDEFINED,
        "a.md",
        "UndefinedError: 'mkdocs_tagindex.core.output.contexts.ArticleContext object' has no "
        "attribute 'nope'; rendering 'main.html'",
    ),
    "related-missing-include": (
        "tagindex/related.html",
        "tagindex_related",
        MISSING,
        "a.md",
        "template 'tagindex/missing.html' not found; rendering 'main.html'",
    ),
    "listing-undefined": (
        "tagindex/listing.html",
        "tagindex_listing",
        UNDEFINED,
        None,  # listings are filled at on_env, before any page is built
        "UndefinedError: 'mkdocs_tagindex.core.output.contexts.ListingContext object' has no "
        "attribute 'nope'",
    ),
}


@pytest.mark.parametrize("case", sorted(TEMPLATE_CASES))
def test_template_override_that_raises(tmp_path: Path, case: str) -> None:
    name, block, body, page, problem = TEMPLATE_CASES[case]
    project = site(tmp_path / "project", listing=page is None)
    path = override(project, name, block, body)
    result = run_mkdocs(project, "--strict")
    log = result.stderr + result.stdout
    assert result.returncode == 1, log[-3000:]
    assert "Traceback" not in log, log[-3000:]
    expected = [f"tagindex: template '{name}' ({path}), line 3, block '{block}': "]
    if page is not None:
        expected.insert(0, f"Error building page '{page}':")
    found = errors(log)
    assert [line[: len(e)] for line, e in zip(found, expected, strict=True)] == expected, log
    assert found[-1].endswith(problem), found[-1]
    assert log.rstrip().endswith("Aborted with a BuildError!")


def test_template_override_syntax_error(tmp_path: Path) -> None:
    """Reported at on_env, before any page is built: MkDocs loads a page's template outside
    any render, where a syntax error would otherwise be a traceback."""
    project = site(tmp_path / "project")
    path = override(project, "tagindex/card.html", "tagindex_card_title", "{% if %}")
    result = run_mkdocs(project, "--strict")
    log = result.stderr + result.stdout
    assert result.returncode == 1 and "Traceback" not in log, log[-3000:]
    assert errors(log) == [
        f"tagindex: template 'tagindex/card.html' ({path}), line 3: syntax error: "
        "Expected an expression, got 'end of statement block'"
    ]


def test_other_templates_errors_are_left_to_mkdocs(tmp_path: Path) -> None:
    """An error in a template the plugin has no part in keeps MkDocs' own report."""
    project = site(tmp_path / "project")
    override(
        project,
        "main.html",
        None,
        "{% extends 'base.html' %}\n{% block content %}{{ nope.x }}{% endblock %}\n",
    )
    result = run_mkdocs(project, "--strict")
    log = result.stderr + result.stdout
    assert result.returncode == 1
    assert "Error building page 'index.md': 'nope' is undefined" in log
    assert "tagindex: template" not in log


# -- writes: in-process builds with faults injected ---------------------------------------------


@pytest.fixture
def logged(caplog: pytest.LogCaptureFixture) -> pytest.LogCaptureFixture:
    caplog.set_level(logging.INFO, logger="mkdocs")
    return caplog


def error_lines(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]


def failing_build(config: MkDocsConfig, caplog: pytest.LogCaptureFixture) -> list[str]:
    """One build that must abort cleanly: MkDocs logs the error and raises Abort, which the
    CLI prints as `Aborted with a BuildError!` without a traceback."""
    with pytest.raises(Abort, match="Aborted with a BuildError!"):
        mkdocs_build(config)
    return error_lines(caplog)


@pytest.fixture
def built(tmp_path: Path) -> Iterator[MkDocsConfig]:
    project = site(tmp_path / "project")
    config = load_config(str(project / "mkdocs.yml"))
    config.plugins.on_startup(command="build", dirty=False)
    yield config
    config.plugins.on_shutdown()


def stub_root(config: MkDocsConfig) -> Path:
    return Path(config.plugins["tagindex"].memory.stubs.root)


class HalfWriter:
    """A file that takes part of what is written, then reports the disk full."""

    def __init__(self, handle: Any) -> None:
        self.handle = handle

    def __enter__(self) -> HalfWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.handle.close()

    def write(self, text: str) -> int:
        self.handle.write(text[: len(text) // 2])
        self.handle.flush()
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    def writelines(self, chunks: Any) -> None:
        for chunk in chunks:
            self.write(chunk)


def failing_open(target: str, fault: Callable[[Any], Any] | int) -> Callable[..., Any]:
    """`open` for host/files.py: a path ending in `target` fails with errno `fault` at once,
    or is handed to `fault` (HalfWriter) to fail midway."""
    real = open

    def fake(path: Any, *args: Any, **kwargs: Any) -> Any:
        if not str(path).endswith(target):
            return real(path, *args, **kwargs)
        if isinstance(fault, int):
            raise OSError(fault, os.strerror(fault), str(path))
        return fault(real(path, *args, **kwargs))

    return fake


def test_disk_full_while_writing_a_feed(
    built: MkDocsConfig, logged: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(files_module, "open", failing_open("grpo/feed.xml", HalfWriter), False)
    found = failing_build(built, logged)
    path = stub_root(built) / "en" / "tags" / "grpo" / "feed.xml"
    assert found == [
        f"tagindex: cannot write 'tags/grpo/feed.xml' ({path}): No space left on device"
    ]
    assert not path.exists()  # the half file is gone: nothing takes it as complete


def test_read_only_file_system_for_a_generated_page(
    built: MkDocsConfig, logged: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    fault = failing_open("grpo/tagindex-generated-index.md", errno.EROFS)
    monkeypatch.setattr(files_module, "open", fault, False)
    found = failing_build(built, logged)
    path = stub_root(built) / "en" / "tags" / "grpo" / "tagindex-generated-index.md"
    assert found == [f"tagindex: cannot write 'tags/grpo/index.md' ({path}): Read-only file system"]


def test_a_file_where_a_folder_must_go(
    built: MkDocsConfig, logged: pytest.LogCaptureFixture
) -> None:
    """As `mkdocs serve` rebuilds on one plugin instance: between two builds, a file takes the
    place of the folder of #grpo's generated files."""
    mkdocs_build(built)
    folder = stub_root(built) / "en" / "tags" / "grpo"
    shutil.rmtree(folder)
    folder.write_text("not a folder", "utf-8")
    found = failing_build(built, logged)
    path = folder / "tagindex-generated-index.md"
    assert found == [
        f"tagindex: cannot write 'tags/grpo/index.md' ({path}): File exists ({folder})"
    ]


def test_disk_full_while_copying_a_feed_to_the_site(
    built: MkDocsConfig, logged: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """MkDocs copies the feeds and tags.json from the temporary folder into site_dir."""
    real = shutil.copyfile

    def half_copy(src: str, dst: str, **kwargs: Any) -> str:
        if not dst.endswith("grpo/feed.xml"):
            return real(src, dst, **kwargs)
        Path(dst).write_bytes(Path(src).read_bytes()[:100])
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(shutil, "copyfile", half_copy)
    found = failing_build(built, logged)
    path = Path(built.site_dir) / "tags" / "grpo" / "feed.xml"
    assert found == [
        f"tagindex: cannot write 'tags/grpo/feed.xml' ({path}): No space left on device"
    ]
    assert not path.exists()


# -- the tags file disappears while serving -----------------------------------------------------


def test_tags_file_deleted_between_serve_rebuilds(
    tmp_path: Path, logged: pytest.LogCaptureFixture
) -> None:
    """As `mkdocs serve` rebuilds: the config loaded again (MkDocs keeps the plugin instance),
    then a build. The rebuild warns once, naming the file, and builds every tag page."""
    project = site(tmp_path / "project", tags_file="tags.yml")
    tags_file = project / "tags.yml"
    tags_file.write_text("grpo:\n  name: GRPO named\n", "utf-8")
    serve_url = "http://127.0.0.1:8000/"

    def rebuild() -> tuple[MkDocsConfig, list[str]]:
        logged.clear()
        config = load_config(str(project / "mkdocs.yml"))
        config.site_url = serve_url
        mkdocs_build(config, serve_url=serve_url)
        return config, [r.getMessage() for r in logged.records if r.levelno >= logging.WARNING]

    first = load_config(str(project / "mkdocs.yml"))
    first.plugins.on_startup(command="serve", dirty=False)
    try:
        mkdocs_build(first, serve_url=serve_url)
        tag_page = Path(first.site_dir) / "tags" / "grpo" / "index.html"
        assert "#GRPO named" in tag_page.read_text("utf-8")
        tags_file.unlink()
        config, warnings = rebuild()
        assert config.plugins["tagindex"] is first.plugins["tagindex"]
        assert warnings == [
            f"tagindex: {tags_file}: cannot read the tags file: No such file or directory; "
            "the tags file is ignored"
        ]
        assert "#grpo" in tag_page.read_text("utf-8")  # built, by the tag as written
        tags_file.write_text("grpo:\n  name: GRPO back\n", "utf-8")
        _, warnings = rebuild()
        assert warnings == []
        assert "#GRPO back" in tag_page.read_text("utf-8")
    finally:
        first.plugins.on_shutdown()


def test_tags_file_missing_stops_a_build(tmp_path: Path) -> None:
    """`mkdocs build` (the same check MkDocs made when it was a config check) stops cleanly."""
    project = site(tmp_path / "project", tags_file="tags.yml")
    result = run_mkdocs(project, "--strict")
    log = result.stderr + result.stdout
    assert result.returncode == 1 and "Traceback" not in log, log[-3000:]
    assert errors(log) == [
        f"tagindex: option 'tags_file': the path '{project / 'tags.yml'}' isn't an existing file"
    ]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _served(port: int, path: str, text: str, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=5) as response:
                if text in response.read().decode("utf-8"):
                    return True
        except OSError:
            pass
        time.sleep(0.3)
    return False


def test_tags_file_deleted_while_mkdocs_serve_runs(tmp_path: Path) -> None:
    """The real server: before, its rebuild failed MkDocs' config check (`tags_file` had to
    exist) and the server printed a traceback and stopped rebuilding."""
    project = site(tmp_path / "project", tags_file="tags.yml")
    tags_file = project / "tags.yml"
    tags_file.write_text("grpo:\n  name: GRPO named\n", "utf-8")
    port = _free_port()
    log_path = tmp_path / "serve.log"
    with log_path.open("w") as log:
        server = subprocess.Popen(
            [*MKDOCS, "serve", "-a", f"127.0.0.1:{port}"],
            cwd=project,
            env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        try:
            assert _served(port, "/tags/grpo/", "#GRPO named", 120), log_path.read_text()
            tags_file.unlink()
            assert _served(port, "/tags/grpo/", "#grpo<", 60), log_path.read_text()
            tags_file.write_text("grpo:\n  name: GRPO back\n", "utf-8")
            assert _served(port, "/tags/grpo/", "#GRPO back", 60), log_path.read_text()
        finally:
            server.terminate()
            server.wait(timeout=30)
    text = log_path.read_text("utf-8")
    assert "Traceback" not in text and "ERROR" not in text, text[-3000:]
    warned = [line for line in text.splitlines() if line.startswith("WARNING")]
    assert warned == [
        f"WARNING -  tagindex: {tags_file}: cannot read the tags file: No such file or "
        "directory; the tags file is ignored"
    ]


def test_docs_have_a_row_per_case() -> None:
    doc = (ROOT / "docs" / "bad-input.md").read_text("utf-8")
    part = doc[doc.index("\n## Failures on the way out") :]
    names = {
        name
        for name in globals()
        if name.startswith("test_") and name != "test_docs_have_a_row_per_case"
    }
    for name in names:
        assert f"`{name}" in part, name
