"""`tagindex build` after an edit reuses what earlier builds computed (`command/caches/memo.py`:
front matter, articles, whole languages, pages whose templates receive the same, feeds), and what it
publishes must still be, byte for byte, what a cold build of the same files publishes.

A property test over random sequences of the edits authors make on an en + ja site (the bench's
generator, small): tags added, removed and renamed (a tag with an awkward slug too, and a level
of a hierarchy), articles added and deleted (with or without their translation), front matter
(title, date, summary, audience; a category, whose name in a translation names it for the
untranslated articles of that language), the body (the summary and read time come from it), a
section's tags (`<!-- tags: … -->` under a heading) added, changed or removed, a touch that
changes nothing, the plugin's options (pages, order, the tag hierarchy, groups), and a
template override in `custom_dir` (one that reads the whole tag index on every tag page). After
each step the whole `docs/` tree equals that of a cold build of a copy (no cache, nothing
written before), and a second build writes nothing.

TAGINDEX_INCREMENTAL_STEPS sets the number of steps (`make soak` runs more).
"""

from __future__ import annotations

import importlib.util
import json
import os
import random
import re
import shutil
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from mkdocs_tagindex.command import publish
from mkdocs_tagindex.command import rebuild as build
from mkdocs_tagindex.command.caches import layers
from mkdocs_tagindex.command.caches.layers import LAYERS
from mkdocs_tagindex.command.files import pagefile

from conftest import ROOT

_spec = importlib.util.spec_from_file_location("sitegen", ROOT / "bench" / "sitegen.py")
assert _spec is not None and _spec.loader is not None
sitegen = importlib.util.module_from_spec(_spec)
sys.modules["sitegen"] = sitegen  # its dataclasses look their module up
_spec.loader.exec_module(sitegen)
generate = sitegen.generate

STEPS = int(os.environ.get("TAGINDEX_INCREMENTAL_STEPS", "12"))
NEW_TAGS = ("grpo", "C++", "c", "LLM/Serving", "強化学習", "fresh tag", "Fresh-Tag")
OVERRIDE = (
    '{% extends "tagindex/_base/tag.html" %}\n'
    "{% block tagindex_count scoped %}{{ super() }}"
    '<p class="of-all">{{ tagindex.index.tags | length }}</p>{% endblock %}\n'
)
Edit = Callable[[Path, random.Random], str]


def tree(docs: Path) -> dict[str, bytes]:
    return {
        p.relative_to(docs).as_posix(): p.read_bytes()
        for p in docs.rglob("*")
        if p.is_file() and not p.name.endswith(".tmp")
    }


def cold(project: Path, scratch: Path) -> dict[str, bytes]:
    """The docs tree a first build of a copy of the project's author files gives."""
    if scratch.exists():
        shutil.rmtree(scratch)
    shutil.copytree(project, scratch, ignore=shutil.ignore_patterns(".cache", "tags"))
    build.run(scratch / "mkdocs.yml", lambda level, text: None, quiet=True)
    return tree(scratch / "docs")


def articles(project: Path) -> list[Path]:
    return sorted((project / "docs" / "articles").glob("*.md"))


def _sub(path: Path, pattern: str, new: str) -> None:
    text = path.read_text("utf-8")
    path.write_text(re.sub(pattern, lambda _: new, text, count=1, flags=re.M), "utf-8")


def _tags(path: Path) -> list[str]:
    found = re.search(r"^tags: (\[.*\])$", path.read_text("utf-8"), re.M)
    return list(json.loads(found.group(1))) if found else []


def _set_tags(path: Path, tags: list[str]) -> None:
    _sub(path, r"^tags: .*$", "tags: " + json.dumps(tags, ensure_ascii=False))


def add_tag(project: Path, rnd: random.Random) -> str:
    page = rnd.choice(articles(project))
    _set_tags(page, [*_tags(page), rnd.choice(NEW_TAGS)])
    return f"add a tag to {page.name}"


def drop_tag(project: Path, rnd: random.Random) -> str:
    page = rnd.choice(articles(project))
    tags = _tags(page)
    if len(tags) > 1:
        tags.pop(rnd.randrange(len(tags)))
    _set_tags(page, tags)
    return f"drop a tag of {page.name}"


def rename_tag(project: Path, rnd: random.Random) -> str:
    """Every page of one tag moves to another (a tag renamed across the site)."""
    tags = sorted({t for p in articles(project) for t in _tags(p)})
    old, new = rnd.choice(tags), rnd.choice([*NEW_TAGS, "renamed"])
    for page in articles(project):
        now = _tags(page)
        if old in now:
            _set_tags(page, list(dict.fromkeys(new if t == old else t for t in now)))
    return f"rename tag {old!r} to {new!r}"


def add_article(project: Path, rnd: random.Random) -> str:
    source = rnd.choice([p for p in articles(project) if not p.name.endswith(".ja.md")])
    stem = f"new{rnd.randrange(1000):03d}"
    target = source.with_name(f"{stem}.md")
    shutil.copyfile(source, target)
    _sub(target, r"^title: .*$", f'title: "New article {stem}"')
    translation = source.with_name(source.stem + ".ja.md")  # an earlier step may have deleted it
    if rnd.random() < 0.5 and translation.exists():
        shutil.copyfile(translation, target.with_name(f"{stem}.ja.md"))
    return f"add {target.name}"


def delete_article(project: Path, rnd: random.Random) -> str:
    page = rnd.choice(articles(project))
    page.unlink()
    return f"delete {page.name}"


def front_matter(project: Path, rnd: random.Random) -> str:
    page = rnd.choice(articles(project))
    change = rnd.choice(["title", "date", "summary", "audience"])
    new = {
        "title": f'title: "Retitled {rnd.randrange(100)}"',
        "date": f"date: 2025-0{rnd.randrange(1, 10)}-1{rnd.randrange(10)}",
        "summary": f'summary: "A new summary {rnd.randrange(100)}."',
        "audience": 'audience: ["students"]',
    }[change]
    _sub(page, rf"^{change}: .*$", new)
    return f"change {change} of {page.name}"


def category(project: Path, rnd: random.Random) -> str:
    """A category changed in one English file that has a translation: the untranslated articles
    of Japanese take the name the translations give their category (`model/categories.py`), so
    this edit reaches the Japanese pages, which do not publish the file. Its new category is
    often an untranslated article's, so that it matters; without one, an article's
    translation goes first."""
    pages = articles(project)
    names = {p.name for p in pages}
    english = [p for p in pages if not p.name.endswith(".ja.md")]
    alone = [p for p in english if p.name.replace(".md", ".ja.md") not in names]
    paired = [p for p in english if p not in alone]
    if not alone and len(paired) > 1:
        translation = rnd.choice(paired)
        translation.with_name(translation.name.replace(".md", ".ja.md")).unlink()
        return f"delete the translation of {translation.name}"
    page = rnd.choice(paired or pages)
    found = [re.search(r"^category: (.*)$", p.read_text("utf-8"), re.M) for p in alone]
    new = rnd.choice([m.group(1) for m in found if m] + ['"Bots"'])
    _sub(page, r"^category: .*$", f"category: {new}")
    return f"change the category of {page.name} to {new}"


def body(project: Path, rnd: random.Random) -> str:
    page = rnd.choice(articles(project))
    text = page.read_text("utf-8")
    page.write_text(text.replace("\n## ", f"\n\nWords {rnd.randrange(100)} more.\n\n## ", 1))
    return f"change the body of {page.name}"


SECTION_TAGS = re.compile(r"^(## [^\n]*)\n<!-- tags: [^\n]* -->$", re.M)


def section_tags(project: Path, rnd: random.Random) -> str:
    """A section's tags (issue 41) added, changed or removed: its card on its tags' pages, its
    chips in sections.json, a tag only a section has; the page's front matter unchanged."""
    page = rnd.choice(articles(project))
    text = page.read_text("utf-8")
    tagged = list(SECTION_TAGS.finditer(text))
    if tagged and rnd.random() < 0.5:
        found = rnd.choice(tagged)
        if rnd.random() < 0.5:
            page.write_text(text[: found.start()] + found.group(1) + text[found.end() :], "utf-8")
            return f"untag a section of {page.name}"
        tags = ", ".join(rnd.sample([*NEW_TAGS, "section only"], 2))
        new = f"{found.group(1)}\n<!-- tags: {tags} -->"
        page.write_text(text[: found.start()] + new + text[found.end() :], "utf-8")
        return f"retag a section of {page.name}"
    headings = re.finditer(r"^## .*$", text, re.M)
    plain = [m for m in headings if not text[m.end() :].startswith("\n<!-- tags:")]
    if not plain:
        return f"no untagged section in {page.name}"
    found = rnd.choice(plain)
    tags = ", ".join(rnd.sample([*NEW_TAGS, "section only"], rnd.randint(1, 2)))
    page.write_text(text[: found.end()] + f"\n<!-- tags: {tags} -->" + text[found.end() :], "utf-8")
    return f"tag a section of {page.name}"


def touch(project: Path, rnd: random.Random) -> str:
    page = rnd.choice(articles(project))
    page.write_text(page.read_text("utf-8"), "utf-8")
    os.utime(page, ns=(page.stat().st_atime_ns, page.stat().st_mtime_ns + 10**9))
    return f"touch {page.name}"


def options(project: Path, rnd: random.Random) -> str:
    config = project / "mkdocs.yml"
    text = re.sub(
        r"^      (per_page|sort_by|hierarchy|group_by): .*\n",
        "",
        config.read_text("utf-8"),
        flags=re.M,
    )
    extra = rnd.choice(
        [
            "",
            "      per_page: 2\n",
            "      sort_by: title\n",
            "      hierarchy: true\n",
            "      group_by: year\n",
            "      hierarchy: true\n      group_by: category\n      per_page: 2\n",
        ]
    )
    text = text.replace("  - tagindex:\n", "  - tagindex:\n" + extra, 1)
    config.write_text(text, "utf-8")
    return f"options: {extra.strip() or 'defaults'}"


def override(project: Path, rnd: random.Random) -> str:
    path = project / "overrides" / "tagindex" / "tag.html"
    if path.exists():
        path.unlink()
        return "remove the tag.html override"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(OVERRIDE, "utf-8")
    return "override tag.html (reads the whole index)"


EDITS: list[tuple[Edit, int]] = [
    (add_tag, 5),
    (drop_tag, 4),
    (rename_tag, 2),
    (add_article, 2),
    (delete_article, 2),
    (front_matter, 3),
    (category, 2),
    (body, 2),
    (section_tags, 3),
    (touch, 1),
    (options, 2),
    (override, 1),
]


@pytest.mark.parametrize("seed", [1, 2])
def test_incremental_builds_equal_cold_builds(
    tmp_path: Path, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    rnd = random.Random(seed)
    project = tmp_path / "site"
    generate(project, 10, variant="tagindex", seed=seed)
    (project / "overrides").mkdir(exist_ok=True)
    config = project / "mkdocs.yml"
    rendered: list[str] = []
    real = pagefile.page_file

    def counted(*args: object, **kwargs: object) -> bytes:
        rendered.append("page")
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(pagefile, "page_file", counted)
    build.run(config, lambda level, text: None, quiet=True)
    pages = len(rendered)
    assert pages > 10
    said: list[str] = []
    for step in range(STEPS):
        done = [
            edit(project, rnd)
            for edit in rnd.choices(
                [e for e, _ in EDITS], [w for _, w in EDITS], k=rnd.randint(1, 2)
            )
        ]
        rendered.clear()
        build.run(config, lambda level, text: said.append(text), quiet=True)
        made = len(rendered)
        again = build.run(config, lambda level, text: None, quiet=True)
        assert again == 0, f"step {step} ({done}): a second build wrote {again} files"
        want = cold(project, tmp_path / "cold")
        have = tree(project / "docs")
        differ = sorted(k for k in set(want) | set(have) if want.get(k) != have.get(k))
        assert not differ, f"step {step} after {done}: differ from a cold build: {differ[:6]}"
        said.append(f"{done}: {made} of {pages} pages rendered")
    counts = [int(m.group(1)) for t in said if (m := re.search(r": (\d+) of", t))]
    assert min(counts) < pages, f"no step reused a page: {said}"


def test_a_language_whose_pages_did_not_change_is_not_read_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An edit of an English page leaves the Japanese pages unread (`command/caches/skips.py`); a
    new spelling that outnumbers the Japanese page's own changes the name the run shares for that
    tag, and the Japanese pages are read again. Either way the tree is a cold build's."""
    project = tmp_path / "site"
    generate(project, 10, variant="tagindex", seed=3)
    config = project / "mkdocs.yml"
    english = [p for p in articles(project) if not p.name.endswith(".ja.md")]
    japanese = [p for p in articles(project) if p.name.endswith(".ja.md")]
    _set_tags(japanese[0], [*_tags(japanese[0]), "Fresh Tag"])
    build.run(config, lambda level, text: None, quiet=True)
    read: list[str] = []
    real = publish._found

    def counted(site: object, language: object, *args: object) -> object:
        read.append(language.code)  # type: ignore[attr-defined]
        return real(site, language, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(publish, "_found", counted)
    _set_tags(english[0], [*_tags(english[0]), "benchtag"])
    build.run(config, lambda level, text: None, quiet=True)
    assert read == ["en"]
    assert tree(project / "docs") == cold(project, tmp_path / "cold")
    for page in english[1:4]:  # "fresh-tag" now outnumbers "Fresh Tag"
        _set_tags(page, [*_tags(page), "fresh-tag"])
    read.clear()
    build.run(config, lambda level, text: None, quiet=True)
    assert read == ["en", "ja"]
    have, want = tree(project / "docs"), cold(project, tmp_path / "cold")
    assert have == want
    assert any("fresh-tag" in k and k.startswith("tags/") for k in have)


@pytest.mark.parametrize("how", ["copy", "move"])
def test_a_copied_or_moved_project_builds_its_own_files(tmp_path: Path, how: str) -> None:
    """Issue 33: the cache held absolute paths, so a copy made with `cp -a` (times kept) read
    the original's docs folder, found nothing changed there, and left the copy's edit
    unpublished. Keys are relative to the project now: the copy builds what a cold build of
    it gives, and reuses the cache (it renders fewer pages than a cold build)."""
    original = tmp_path / "original"
    generate(original, 10, variant="tagindex", seed=4)
    build.run(original / "mkdocs.yml", lambda level, text: None, quiet=True)
    copy = tmp_path / "copy"
    shutil.copytree(original, copy, copy_function=shutil.copy2)  # cp -a: stats kept
    if how == "move":
        shutil.rmtree(original)
    page = next(p for p in articles(copy) if not p.name.endswith(".ja.md"))
    _set_tags(page, [*_tags(page), "copied tag"])
    said: list[str] = []
    build.run(copy / "mkdocs.yml", lambda level, text: said.append(text))
    assert (copy / "docs" / "tags" / "copied-tag" / "index.md").is_file(), said
    assert tree(copy / "docs") == cold(copy, tmp_path / "cold")
    assert not any("0 written" in s for s in said), said


@pytest.mark.parametrize("off", [*LAYERS, "all"])
def test_each_cache_layer_off_builds_the_same(
    tmp_path: Path, off: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The bench turns each cache layer off alone (`command/caches/layers.py`) to measure what it
    saves: the output must not depend on it. Random edits as above, each build equal to a cold
    build with every layer on."""
    rnd = random.Random(off)
    project = tmp_path / "site"
    generate(project, 8, variant="tagindex", seed=5)
    config = project / "mkdocs.yml"
    monkeypatch.setenv("TAGINDEX_LAYERS_OFF", off)
    layers._off.cache_clear()
    try:
        build.run(config, lambda level, text: None, quiet=True)
        for step in range(3):
            edits = [e for e, _ in EDITS if e is not options]
            done = [edit(project, rnd) for edit in rnd.choices(edits, k=2)]
            build.run(config, lambda level, text: None, quiet=True)
            monkeypatch.delenv("TAGINDEX_LAYERS_OFF")
            layers._off.cache_clear()
            want = cold(project, tmp_path / "cold")
            monkeypatch.setenv("TAGINDEX_LAYERS_OFF", off)
            layers._off.cache_clear()
            have = tree(project / "docs")
            differ = sorted(k for k in set(want) | set(have) if want.get(k) != have.get(k))
            assert not differ, f"{off} off, step {step} after {done}: {differ[:6]}"
    finally:
        monkeypatch.delenv("TAGINDEX_LAYERS_OFF", raising=False)
        layers._off.cache_clear()


def test_a_cache_of_an_older_layout_is_a_miss(tmp_path: Path) -> None:
    """Every cache file written by an older layout of the package (a class that moved, a table
    that changed shape) is read as empty: the build is a cold one, never an error."""
    project = tmp_path / "site"
    generate(project, 6, variant="tagindex", seed=6)
    config = project / "mkdocs.yml"
    build.run(config, lambda level, text: None, quiet=True)
    cache = project / ".cache" / "tagindex"
    kept = sorted(p for p in cache.glob("*.pickle*"))
    assert len(kept) >= 4, kept
    # a pickle naming a class of a module that no longer exists, and one of another shape
    moved = b"\x80\x04\x8c\x19mkdocs_tagindex.core.gone\x94\x8c\x01X\x94\x93\x94."
    for n, path in enumerate(kept):
        path.write_bytes(moved if n % 2 else b"\x80\x05]\x94.")
    _set_tags(articles(project)[0], [*_tags(articles(project)[0]), "after-the-move"])
    said: list[str] = []
    build.run(config, lambda level, text: said.append(text))
    assert not [s for s in said if "Traceback" in s or "Error" in s], said
    assert tree(project / "docs") == cold(project, tmp_path / "cold")
