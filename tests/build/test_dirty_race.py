"""`--dirty`: a page saved while a rebuild runs (issue 24).

MkDocs decides twice whether a page changed, with `File.is_modified()` (the source newer than its
output): when reading pages (`_populate_page` in mkdocs/commands/build.py: an unchanged page is
not read, so `page.markdown` and `page.content` stay None) and again when writing them
(`_build_page`). A page saved between the two is written without having been read, and the
plugins of `on_page_context` get `page.content is None`: Material's search plugin ends in
`can only concatenate str (not "NoneType") to str` at `parser.feed(page.content)`.

The save is placed exactly between the two decisions by a hook (`on_env` runs after every page
was read and before any is written) that rewrites the page and sets its modification time with
`os.utime`; no timing luck. The first test shows that MkDocs alone (no tagindex) has the race;
the second that with tagindex the page is read after all and written from its new text, other
plugins never see `content is None`, and the rebuild that the save triggers lists the new card.
"""

from __future__ import annotations

import logging
import os
import time
import types
from collections.abc import Iterator
from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from mkdocs.commands.build import build as mkdocs_build
from mkdocs.config import load_config
from mkdocs.config.defaults import MkDocsConfig

from conftest import write_config, write_page

SERVE_URL = "http://127.0.0.1:8000/"

HOOK = '''
ACTIONS = []

def on_env(env, config, files):
    """Every page has been read, none written: run what the test queued here."""
    while ACTIONS:
        ACTIONS.pop(0)()
    return env
'''


def site(project: Path, *, tagindex: bool) -> Path:
    plugins: list[object] = ["search", "tagindex"] if tagindex else ["search"]
    write_config(
        project,
        {
            "site_name": "Race",
            "theme": {"name": "material"},
            "plugins": plugins,
            "hooks": ["race_hook.py"],
        },
    )
    (project / "race_hook.py").write_text(HOOK, "utf-8")
    write_page(project, "index.md", {"title": "Home"}, "Home.\n")
    for n in range(1, 6):
        meta = {"title": f"Article {n}", "tags": ["grpo"], "date": f"2026-01-0{n}"}
        write_page(project, f"articles/a{n:02d}.md", meta, f"Body of article {n}.\n")
    return project


def serve_config(project: Path) -> tuple[MkDocsConfig, types.ModuleType]:
    """One config and plugin instances for every build, as `mkdocs serve --dirty` keeps them."""
    config = load_config(str(project / "mkdocs.yml"), site_dir=str(project / "site"))
    config.plugins.on_startup(command="serve", dirty=True)
    hook = next(p for p in config.plugins.values() if isinstance(p, types.ModuleType))
    return config, hook


def save_later(path: Path, output: Path, title: str) -> None:
    """The author's save between reading and writing: new text, newer than the page's output
    (so MkDocs now calls it modified) and older than anything this build writes (as a real save
    is, so the next rebuild does not read it again by its time alone)."""
    write_page(
        path.parents[2],
        path.relative_to(path.parents[1]).as_posix(),
        {"title": title, "tags": ["grpo"], "date": "2026-01-03"},
        "Saved while the site was rebuilding.\n",
    )
    now = time.time()
    os.utime(output, (now - 20, now - 20))
    os.utime(path, (now - 10, now - 10))


def age(project: Path) -> None:
    """Sources an hour old: every output of the first build is newer than its source."""
    past = time.time() - 3600
    for path in (project / "docs").rglob("*.md"):
        os.utime(path, (past, past))


class Errors(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


@pytest.fixture
def errors() -> Iterator[Errors]:
    handler = Errors()
    logging.getLogger("mkdocs").addHandler(handler)
    yield handler
    logging.getLogger("mkdocs").removeHandler(handler)


def race(project: Path) -> tuple[MkDocsConfig, Path]:
    """A first build, then a dirty rebuild during which a03.md is saved (after reading)."""
    age(project)
    config, hook = serve_config(project)
    mkdocs_build(config, serve_url=SERVE_URL, dirty=True)
    a03 = project / "docs" / "articles" / "a03.md"
    output = Path(config.site_dir) / "articles" / "a03" / "index.html"
    hook.ACTIONS.append(lambda: save_later(a03, output, "Article 3, saved mid-build"))
    mkdocs_build(config, serve_url=SERVE_URL, dirty=True)
    return config, a03


def test_the_race_is_mkdocs_own(tmp_path: Path, errors: Errors) -> None:
    """Without tagindex: the page MkDocs did not read is written, and search gets None.

    If this starts failing, MkDocs decides once per build now, and the guard in tagindex is no
    longer needed (keep the other test)."""
    with pytest.raises(TypeError, match="can only concatenate str"):
        race(site(tmp_path, tagindex=False))
    assert any("Error building page 'articles/a03.md'" in m for m in errors.messages)


def test_a_page_saved_mid_build_is_read_and_listed(tmp_path: Path, errors: Errors) -> None:
    project = site(tmp_path, tagindex=True)
    config, _ = race(project)
    assert errors.messages == []
    out = Path(config.site_dir)
    page = BeautifulSoup((out / "articles/a03/index.html").read_text("utf-8"), "html.parser")
    assert "Saved while the site was rebuilding." in page.get_text()
    search = (out / "search/search_index.json").read_text("utf-8")
    assert "Saved while the site was rebuilding." in search
    # The save triggers one more rebuild (its file event); a03's output is now newer than its
    # source, so MkDocs does not read it again: its card must not be the one from before.
    mkdocs_build(config, serve_url=SERVE_URL, dirty=True)
    assert errors.messages == []
    tag = BeautifulSoup((out / "tags/grpo/index.html").read_text("utf-8"), "html.parser")
    titles = [" ".join(t.get_text(" ").split()) for t in tag.select(".tagindex-card__title")]
    assert "Article 3, saved mid-build" in titles, titles
    assert "Article 3" not in titles, titles
    config.plugins.on_shutdown()
