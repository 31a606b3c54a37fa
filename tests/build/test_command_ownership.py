"""Ownership that a crash, a clone or a line ending cannot desync (issue 39, item 1).

The `tagindex` command proves which files under `docs_dir` it wrote from the files alone
(`core/ownership.py`). The invariants, on a small site (a few pages: each run about a second):

- a build killed (SIGKILL, SIGINT, SIGTERM) before any of its writes, a first build or a rebuild
  after an edit, is followed by a build that exits 0 with generated files equal to a fresh
  build's in a fresh copy, and no temporary file left; `make test` kills a deterministic sample
  of the writes, `TAGINDEX_KILL_ALL=1` (`make soak`) every one;
- pages committed with `--keep-pages` and cloned with `core.autocrlf=true` build, and `clean`
  removes them there as in the original checkout;
- a folder the command generated and no longer uses (`tags_dir` changed, a language removed from
  a folder layout) goes with the next build, or is named in a warning if edited; only the config
  that generated it removes it;
- a site built by the version before (a manifest written last) upgrades without a refusal;
- a file whose marker a merge broke is refused, and taken back with `tagindex build --adopt`.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
from pathlib import Path

import pytest
import yaml
from killpoints import count_writes, run_killed

from conftest import ROOT, build, material_config, run_tagindex, write_config, write_page

BEFORE = "13f1ab6"
"""The last commit before issue 39: its command wrote a version-1 manifest, last."""
"""Today's code (the version before this one), for the upgrade test, when it is here."""
ALL = os.environ.get("TAGINDEX_KILL_ALL") == "1"
SIGNALS = (signal.SIGKILL, signal.SIGINT, signal.SIGTERM)


tagindex = run_tagindex


def ok(project: Path, *args: str) -> str:
    result = tagindex(project, *args)
    assert result.returncode == 0, result.stderr[-3000:]
    assert "Traceback" not in result.stderr, result.stderr[-3000:]
    return result.stderr


def small_site(project: Path, tags_dir: str = "tags") -> Path:
    """Three tagged pages, feeds on: a build makes about twenty files."""
    options: dict[str, object] = {"feeds": {"enabled": True}}
    if tags_dir != "tags":
        options["tags_dir"] = tags_dir
    write_config(project, material_config(**options))
    write_page(project, "index.md", {"title": "Home"}, "Welcome.\n")
    for n in (1, 2, 3):
        meta = {"title": f"Page {n}", "tags": ["common", f"t{n}"], "date": f"2026-01-0{n}"}
        write_page(project, f"p{n}.md", meta, f"# Page {n}\n\nBody {n}.\n")
    return project


def edit(project: Path) -> None:
    """An edit that rewrites pages and removes one tag's page and feeds."""
    meta = {"title": "Page 3 again", "tags": ["common", "t2"], "date": "2026-01-03"}
    write_page(project, "p3.md", meta, "# Page 3\n\nNew body.\n")


def author_files(project: Path, generated: set[str]) -> dict[str, bytes]:
    return {
        rel: data
        for rel, data in tree(project / "docs").items()
        if rel not in generated and not rel.endswith(".tmp")
    }


def tree(folder: Path) -> dict[str, bytes]:
    if not folder.exists():
        return {}
    return {
        p.relative_to(folder).as_posix(): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def fresh(project: Path, where: Path, *args: str) -> dict[str, bytes]:
    """What a build of `project`'s author files (its config and `docs/` without `tags/`) in a
    fresh copy writes under `docs/`."""
    shutil.rmtree(where, ignore_errors=True)
    shutil.copytree(
        project, where, ignore=shutil.ignore_patterns(".cache", "site", "tags", "topics")
    )
    before = tree(where / "docs")
    ok(where, "build", *args)
    return {k: v for k, v in tree(where / "docs").items() if k not in before}


def temporary(project: Path) -> list[str]:
    return [str(p) for p in project.rglob("*.tmp")]


def sample(n: int, sig: int) -> list[int]:
    """Write indexes to kill at with `sig`: all of them with TAGINDEX_KILL_ALL=1 (`make soak`),
    else two per signal, the three signals' six spread evenly over the run (the cache's writes,
    the journal, the pages, the removals), chosen without randomness."""
    if ALL:
        return list(range(1, n + 1))
    slot = SIGNALS.index(sig)
    return [max(1, round(n * (2 * j + 1) / 12)) for j in (slot, slot + 3)]


def check_recovers(project: Path, expected: dict[str, bytes], killed: str) -> None:
    result = tagindex(project, "build")
    assert result.returncode == 0, f"{killed}: {result.stderr[-2000:]}"
    docs = tree(project / "docs")
    got = {k: v for k, v in docs.items() if k in expected or k.startswith("tags/")}
    assert got == expected, f"{killed}: {sorted(set(got) ^ set(expected))}"
    assert not temporary(project), f"{killed}: {temporary(project)}"
    empty = [d for d in (project / "docs").rglob("*") if d.is_dir() and not any(d.iterdir())]
    assert not empty, f"{killed}: empty folders left {empty}"


@pytest.mark.parametrize("rebuild", [False, True], ids=["first-build", "rebuild-after-edit"])
def test_a_build_killed_at_any_write_is_followed_by_a_fresh_build(
    tmp_path: Path, rebuild: bool
) -> None:
    base = small_site(tmp_path / "base")
    if rebuild:
        ok(base, "build")
        edit(base)
    expected = fresh(base, tmp_path / "fresh")
    counted = tmp_path / "counted"
    shutil.copytree(base, counted)
    n, _ = count_writes(counted, ["build"], tmp_path / "writes.log")
    assert n >= 20  # pages, feeds, the journal, the cache: every write is a kill point
    ran = []
    for sig in SIGNALS:
        for at in sample(n, sig):
            project = tmp_path / f"k{sig}-{at}"
            shutil.copytree(base, project)
            killed = run_killed(project, ["build"], at, sig)
            assert killed.returncode != 0, f"not killed at write {at}: {killed.stderr[-500:]}"
            check_recovers(project, expected, f"{signal.Signals(sig).name} at write {at}/{n}")
            shutil.rmtree(project)
            ran.append((sig, at))
    print(
        f"{'rebuild' if rebuild else 'first build'}: {len(ran)} kills of {n} writes, all recovered"
    )
    assert len(ran) == sum(len(sample(n, sig)) for sig in SIGNALS)


def test_first_build_sigterm_after_a_page_then_build_is_not_a_clash(tmp_path: Path) -> None:
    """Fault 2 as reported: SIGTERM right after the first page is written; before the fix the
    next build said "… is not a file tagindex wrote" (or, on a first build, a clash)."""
    project = small_site(tmp_path / "s")
    expected = fresh(project, tmp_path / "fresh")
    log = tmp_path / "log"
    shutil.copytree(project, tmp_path / "count")
    count_writes(tmp_path / "count", ["build"], log)
    lines = log.read_text("utf-8").splitlines()
    first_page = next(  # the rename of a page's temporary file over the page
        int(n)
        for n, call, path in (line.split("\t") for line in lines)
        if call == "replace" and "/.index.md." in path
    )
    killed = run_killed(project, ["build"], first_page + 1, signal.SIGTERM)
    assert killed.returncode != 0
    check_recovers(project, expected, "SIGTERM after the first page")
    ok(project, "clean")
    assert not (project / "docs/tags").exists()


def git(cwd: Path, *args: str) -> str:
    env = {
        **os.environ,
        "GIT_AUTHOR_NAME": "t",
        "GIT_AUTHOR_EMAIL": "t@example.org",
        "GIT_COMMITTER_NAME": "t",
        "GIT_COMMITTER_EMAIL": "t@example.org",
        "GIT_CONFIG_GLOBAL": os.devnull,
        "GIT_CONFIG_NOSYSTEM": "1",
    }
    result = subprocess.run(
        ["git", *args], cwd=cwd, env=env, capture_output=True, text=True, check=True
    )
    return result.stdout


def test_pages_kept_in_git_and_cloned_with_autocrlf_build_and_clean(tmp_path: Path) -> None:
    """Fault 6: pages committed with `--keep-pages`, cloned with `core.autocrlf=true`."""
    project = small_site(tmp_path / "repo")
    ok(project, "build", "--keep-pages")
    git(project, "init", "-q")
    git(project, "add", "-A")
    git(project, "commit", "-qm", "site")
    clone = tmp_path / "clone"
    git(tmp_path, "-c", "core.autocrlf=true", "clone", "-q", str(project), str(clone))
    page = (clone / "docs/tags/common/index.md").read_bytes()
    assert b"\r\n" in page and b"\n" not in page.replace(b"\r\n", b"")  # CRLF on disk
    said = ok(clone, "build", "--keep-pages")
    assert "0 written, 0 removed" in said  # its own files, as they were: nothing to rewrite
    # MkDocs in the clone drops the command's CRLF files (no "changed since" page of the author)
    mk = build(clone, "--strict")
    assert "changed since" not in mk.log
    assert "tagindex-owned" not in (clone / "site/tags/common/index.html").read_text("utf-8")
    shutil.rmtree(clone / "site")
    edit(clone)
    ok(clone, "build", "--keep-pages")
    edit(project)
    ok(project, "build", "--keep-pages")
    normal = {k: v.replace(b"\r\n", b"\n") for k, v in tree(clone / "docs/tags").items()}
    assert normal == tree(project / "docs/tags")
    # clean removes the generated files in the clone as in the original checkout
    for where in (clone, project):
        ok(where, "clean")
        assert not (where / "docs/tags").exists(), tree(where / "docs/tags")


def test_a_changed_tags_dir_removes_the_old_folder_or_names_an_edited_file(tmp_path: Path) -> None:
    """Fault 8: `tags_dir: tags` → `topics` left the old folder, which Zensical published."""
    project = small_site(tmp_path / "s")
    ok(project, "build")
    old = project / "docs/tags"
    edited = old / "t1/index.md"
    edited.write_text(edited.read_text("utf-8") + "\nMy note.\n", "utf-8")
    config = yaml.safe_load((project / "mkdocs.yml").read_text("utf-8"))
    config["plugins"][1] = {"tagindex": {"feeds": {"enabled": True}, "tags_dir": "topics"}}
    write_config(project, config)
    said = ok(project, "build")
    assert str(edited) in said and "changed since" in said
    assert tree(old).keys() == {"t1/index.md", ".tagindex"}  # the edited page, and its journal
    edited.unlink()
    ok(project, "build")
    assert not old.exists()
    assert (project / "docs/topics/t1/index.md").is_file()
    ok(project, "clean")
    assert not (project / "docs/topics").exists()


def test_two_configs_sharing_docs_do_not_remove_each_others_pages(tmp_path: Path) -> None:
    project = small_site(tmp_path / "s")
    config = yaml.safe_load((project / "mkdocs.yml").read_text("utf-8"))
    config["plugins"][1] = {"tagindex": {"feeds": {"enabled": True}, "tags_dir": "topics"}}
    (project / "alt-site.yml").write_text(yaml.safe_dump(config), "utf-8")
    ok(project, "build")
    tags = tree(project / "docs/tags")
    # the state is the last build's whatever the config (fault 5, another part of issue 39):
    # dropped here so that each config's build runs
    shutil.rmtree(project / ".cache")
    ok(project, "build", "-f", "alt-site.yml")
    topics = tree(project / "docs/topics")
    assert topics and tree(project / "docs/tags") == tags
    edit(project)
    shutil.rmtree(project / ".cache")
    ok(project, "build")
    assert tree(project / "docs/topics") == topics
    ok(project, "clean", "-f", "alt-site.yml")
    assert not (project / "docs/topics").exists() and (project / "docs/tags/index.md").is_file()


def i18n_site(project: Path, languages: list[str]) -> None:
    entries = [
        {"locale": lang, "name": lang, "default": lang == "en", "build": True} for lang in languages
    ]
    config = material_config(feeds={"enabled": True})
    plugins = config["plugins"]
    assert isinstance(plugins, list)
    plugins.insert(1, {"i18n": {"docs_structure": "folder", "languages": entries}})
    write_config(project, config)
    for lang in ("en", "ja"):
        write_page(project, f"{lang}/index.md", {"title": "Home"}, "Hi.\n")
        meta = {"title": f"A {lang}", "tags": ["common"], "date": "2026-01-01"}
        write_page(project, f"{lang}/a.md", meta, "# A\n\nBody.\n")


def test_a_language_removed_from_a_folder_layout_takes_its_folder(tmp_path: Path) -> None:
    project = tmp_path / "s"
    i18n_site(project, ["en", "ja"])
    ok(project, "build")
    assert (project / "docs/ja/tags/common/index.md").is_file()
    i18n_site(project, ["en"])
    ok(project, "build")
    assert not (project / "docs/ja/tags").exists()
    assert (project / "docs/ja/a.md").is_file() and (project / "docs/en/tags/index.md").is_file()


@pytest.fixture(scope="module")
def version_before(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The package as it was at `BEFORE`, from this repository's history (`git archive`)."""
    out = tmp_path_factory.mktemp("before")
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", BEFORE, "mkdocs_tagindex", "theme_overrides"],
        capture_output=True,
    )
    if archive.returncode != 0:
        pytest.skip(f"no git history here (an sdist?): {archive.stderr.decode()[-200:]}")
    subprocess.run(["tar", "-x", "-C", str(out)], input=archive.stdout, check=True)
    return out


def test_a_site_built_by_the_version_before_upgrades(tmp_path: Path, version_before: Path) -> None:
    """A folder with the manifest the version before wrote last: adopted, no refusal."""
    project = small_site(tmp_path / "s")
    old = tagindex(project, "build", path=version_before)
    assert old.returncode == 0, old.stderr
    assert b'"tagindex": 1' in (project / "docs/tags/.tagindex").read_bytes()
    edit(project)
    ok(project, "build")
    expected = fresh(project, tmp_path / "fresh")
    assert {k: v for k, v in tree(project / "docs").items() if k.startswith("tags/")} == {
        k: v for k, v in expected.items()
    }


def test_a_broken_marker_is_refused_then_taken_back_with_adopt(tmp_path: Path) -> None:
    project = small_site(tmp_path / "s")
    ok(project, "build")
    page = project / "docs/tags/common/index.md"
    # a merge that kept both sides' lines: the marker no longer matches the rest
    page.write_text(page.read_text("utf-8").replace("Page 1", "Page 1 (theirs)"), "utf-8")
    edit(project)
    refused = tagindex(project, "build")
    assert refused.returncode == 1 and str(page) in refused.stderr
    assert "--adopt" in refused.stderr
    said = ok(project, "build", "--adopt")
    assert f"{page}: tagindex wrote it and it was changed; --adopt: rewritten" in said
    expected = fresh(project, tmp_path / "fresh")
    assert page.read_bytes() == expected["tags/common/index.md"]


def test_an_author_file_at_a_planned_path_is_still_refused(tmp_path: Path) -> None:
    """`--adopt` takes back tagindex's files, never an author's."""
    project = small_site(tmp_path / "s")
    mine = project / "docs/tags/tags.json"
    mine.parent.mkdir(parents=True)
    mine.write_text("# Mine\n", "utf-8")
    for args in (("build",), ("build", "--adopt")):
        result = tagindex(project, *args)
        assert result.returncode == 1 and "tags exists and is not tagindex's" in result.stderr
    assert mine.read_text("utf-8") == "# Mine\n"


@pytest.mark.parametrize("rel", ["ja/tags.md", "ja/tags/common.md", "en/tags/index.md"])
def test_a_clash_in_the_i18n_folder_layout_stops_build_and_check(tmp_path: Path, rel: str) -> None:
    """Issue 33's note: an author's page at a tag page's URL under zensical-i18n's folder
    layout (`docs/ja/tags.md` is `ja/tags/`, the all-tags page of `ja`), before the first build
    and after one: an error naming it, nothing written, the page untouched; after a build,
    `tagindex check` finds it too (the journal says the site is Zensical's)."""
    project = tmp_path / "s"
    i18n_site(project, ["en", "ja"])
    for built_first in (False, True):
        if built_first:
            (project / "docs" / rel).unlink()
            ok(project, "build")
        write_page(project, rel, {"title": "Mine"}, "# Mine\n")
        before = tree(project / "docs")
        result = tagindex(project, "build")
        assert result.returncode == 1, result.stderr
        assert str(project / "docs" / rel) in result.stderr
        assert tree(project / "docs") == before
        if built_first:  # the command's journal marks the site as Zensical's (no toml here)
            checked = tagindex(project, "check")
            assert checked.returncode == 1 and str(project / "docs" / rel) in checked.stderr


def test_a_clean_killed_at_a_write_is_finished_by_the_next_clean(tmp_path: Path) -> None:
    """`tagindex clean` killed while it removes files: the next `clean` removes the rest (what
    is left still proves it is tagindex's), and a build after it is a fresh build."""
    base = small_site(tmp_path / "base")
    ok(base, "build")
    expected = fresh(base, tmp_path / "fresh")
    counted = tmp_path / "counted"
    shutil.copytree(base, counted)
    n, _ = count_writes(counted, ["clean"], tmp_path / "writes.log", under=counted / "docs")
    assert n >= 20  # every generated file and folder it removes
    for sig in SIGNALS:
        for at in sample(n, sig):
            project = tmp_path / f"k{sig}-{at}"
            shutil.copytree(base, project)
            killed = run_killed(project, ["clean"], at, sig, under=project / "docs")
            assert killed.returncode != 0, killed.stderr[-500:]
            ok(project, "clean")
            assert not (project / "docs/tags").exists(), f"{sig} at {at}/{n}"
            check_recovers(project, expected, f"clean killed by {sig} at {at}/{n}")
            shutil.rmtree(project)
