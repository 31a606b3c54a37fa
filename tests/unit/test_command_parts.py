"""Parts of the `tagindex` command that need no build: the facts the state compares (the same as
the engine's), the TOML edits of `tagindex init`, and the undo of its config edits."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from mkdocs_tagindex.command.caches.state import front_of, scan
from mkdocs_tagindex.command.config.site import load_site
from mkdocs_tagindex.command.pages import markup
from mkdocs_tagindex.command.pages.sources import all_files, in_walk_order
from mkdocs_tagindex.core import Language, Languages, Messages, Run, SiteInfo, TagIndexConfig

HTML = [
    "<h1>T</h1><p>First <em>para</em> of a page, with words enough.</p>" + "<p>word </p>" * 400,
    "<p>日本語の段落です。</p>" + "<p>本文</p>" * 900 + '<img src="x.png">',
    "<div class='admonition'><p>Info</p></div><p>Real one.</p>",
    "",
]


RAW = [
    {},
    {"read_time": {"rates": {"ja": {"chars_per_minute": 300}}}},
    {"summary_length": 12},
    {"read_time": {"enabled": False}},
]


@pytest.mark.parametrize("raw", RAW)
@pytest.mark.parametrize("text_lang", [None, "ja", "en"])
def test_facts_of_is_the_engines(raw: dict[str, object], text_lang: str | None) -> None:
    options = TagIndexConfig()
    options.load_dict(dict(raw))
    errors, _ = options.validate()
    assert not errors
    run = Run(
        options,
        Languages(current="en", default="en", build=("en",)),
        Messages(lambda level, text: None),
    )
    language = Language(run, "en", SiteInfo(None, "S", True))
    params = markup.facts_params(options)
    for html in HTML:
        facts = language.facts(html, "T", text_lang)
        assert markup.facts_of(params, "en", html, "T", text_lang) == [
            facts.heading,
            facts.minutes,
            facts.summary,
        ]


def test_front_of_sees_only_the_front_matter() -> None:
    page = "---\ntitle: A\ntags: [x]\n---\n\nBody.\n"
    assert front_of(page) == front_of(page + "More body.\n")
    assert front_of(page) != front_of(page.replace("[x]", "[y]"))
    assert front_of("No front matter.\n") == front_of("Other body.\n")


@pytest.mark.parametrize("seed", range(6))
def test_the_scans_pages_in_all_files_order(tmp_path: Path, seed: int) -> None:
    """A build that scanned the docs (state.scan) orders what it found as `all_files` walks."""
    rng = random.Random(seed)
    docs = tmp_path / "docs"
    names = ["index.md", "README.md", "a.md", "B.md", "z.md", "_x.md", ".hidden.md", ".meta.yml"]
    names += ["img.png", "index.html", "a.ja.md", "ü.md", "a b.md"]
    folders = ["", "a", "a/b", "A", "_a", ".git", "a/.hide", "z", "a-b", "a.b", "日本"]
    for _ in range(60):
        path = docs / rng.choice(folders) / rng.choice(names)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("x", "utf-8")
    (tmp_path / "mkdocs.yml").write_text("site_name: T\nplugins:\n  - meta\n", "utf-8")
    site = load_site(tmp_path / "mkdocs.yml")
    scanned = scan(str(docs), set(), ".meta.yml")
    walked = all_files(site, lambda src: False)
    assert in_walk_order(scanned) == walked
    assert len(walked) > 10


def test_messages_recording_nests_and_keeps_what_is_not_said_again() -> None:
    """The engine's recording (issue 33: the command no longer swaps `run.messages`): an outer
    and an inner recording both get a message said inside both, a message said before is
    recorded though not said again, and recordings with equal contents end independently."""
    from mkdocs_tagindex.core import Messages

    out: list[str] = []
    messages = Messages(lambda level, text: out.append(text))
    messages.warn("before")
    with messages.recording() as outer:
        with messages.recording() as first:
            pass
        with messages.recording() as inner:
            messages.warn("before")
            messages.warn("new")
        with messages.recording() as empty:
            assert empty == first == []
    assert out == ["before", "new"]
    assert [m for _, m in inner] == ["before", "new"] == [m for _, m in outer]
    messages.warn("after")
    assert len(outer) == 2
