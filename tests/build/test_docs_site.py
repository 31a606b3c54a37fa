"""The documentation site (`mkdocs.yml` at the root, `docs/`) builds with --strict, with tagindex,
on MkDocs and on ProperDocs.

MkDocs' validation is set to warn on a broken link or #anchor, so --strict fails on one; the
site is built with tagindex itself, so it has tag pages, all-tags pages in English and Japanese,
chips on its pages, and the configuration reference its hook writes from the option classes.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from mkdocs_tagindex import schema

from conftest import ROOT, Site, build


@pytest.fixture(scope="module")
def docs_site(tmp_path_factory: pytest.TempPathFactory) -> Site:
    out = tmp_path_factory.mktemp("docs-site") / "site"
    # Built where it stands (the hook and the tags file are found from mkdocs.yml), written
    # outside the repository.
    site = build(ROOT, "--strict", "--site-dir", str(out))
    site.dir = out
    return site


def page_tags() -> dict[str, list[str]]:
    """Each docs page's tags, from its front matter."""
    out = {}
    for path in sorted((ROOT / "docs").glob("*.md")):
        text = path.read_text("utf-8")
        if text.startswith("---\n"):
            meta = yaml.safe_load(text.split("---\n", 2)[1]) or {}
            out[path.relative_to(ROOT / "docs").as_posix()] = list(meta.get("tags") or [])
    return out


def test_builds_strict_without_a_warning(docs_site: Site) -> None:
    assert docs_site.warnings() == [], docs_site.warnings()


def test_every_page_of_the_nav_is_built_and_tagged(docs_site: Site) -> None:
    tags = page_tags()
    config = yaml.load((ROOT / "mkdocs.yml").read_text("utf-8"), Loader=yaml.BaseLoader)
    nav = re.findall(r"[\w-]+\.md", str(config["nav"]))
    for page in nav:
        if page == "index.md":
            assert (docs_site.dir / "index.html").is_file()
            continue
        assert page in tags or page.startswith("tags/"), f"{page} has no front matter"
        if page.startswith("tags/"):
            continue
        assert tags[page], f"{page} carries no tags"
        assert (docs_site.dir / page.removesuffix(".md") / "index.html").is_file(), page
    listed = {p for p in tags if not p.endswith(".ja.md") and p != "index.md"}
    assert listed <= set(nav), f"pages not in the nav: {sorted(listed - set(nav))}"


def test_tag_pages_all_tags_pages_and_chips(docs_site: Site) -> None:
    used = {tag for page, tags in page_tags().items() for tag in tags if ".ja." not in page}
    assert {"config", "i18n", "templates", "zensical", "performance"} <= used
    for tag in used:
        page = docs_site.html(f"tags/{tag}/index.html")
        assert page.select("ol.tagindex-cards > li.tagindex-card"), tag
    index = docs_site.html("tags/index.html")
    assert len(index.select("[data-tagindex-count]")) == len(used)
    japanese = docs_site.html("ja/tags/index.html")
    assert japanese.find("html")["lang"] == "ja"
    assert japanese.select("[data-tagindex-count]")
    assert docs_site.html("ja/tags/config/index.html").select("li.tagindex-card")
    chips = docs_site.html("configuration/index.html").select("a.md-tag")
    assert {a["href"] for a in chips} >= {"../tags/config/"}
    assert docs_site.html("index.html").select("li.tagindex-card")  # the home page's listing


def test_the_reference_is_generated_from_every_option(docs_site: Site) -> None:
    page = docs_site.html("configuration/index.html")
    assert "tagindex-reference" not in str(page)
    for opt in schema.options():
        heading = page.find(id=opt.anchor)
        assert heading is not None, opt.path
        assert heading.get_text().startswith(opt.path)
        first_words = " ".join(opt.doc.split()[:4]).replace("`", "")
        assert first_words in " ".join(heading.find_next("p").find_next("p").get_text().split())


def test_changelog_and_readme_links(docs_site: Site) -> None:
    assert "[0.1.0]" in docs_site.html("changelog/index.html").get_text()
    readme = (ROOT / "README.md").read_text("utf-8")
    assert len(readme.splitlines()) <= 200
    for target in re.findall(r"\]\((docs/[^)#]+)", readme):
        assert (ROOT / target).is_file(), target
    linked = set(re.findall(r"\]\(docs/([\w-]+\.md)", readme))
    pages = {p for p in page_tags() if not p.endswith(".ja.md") and p != "index.md"}
    assert "](CHANGELOG.md)" in readme  # the changelog page includes it
    pages.discard("changelog.md")
    assert pages <= linked, f"README links no page {sorted(pages - linked)}"


def test_docs_pages_keep_their_paths() -> None:
    for name in ("architecture.md", "bad-input.md", "benchmarks.md", "gallery.md"):
        assert Path(ROOT / "docs" / name).is_file()


def test_properdocs_builds_it_too(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "properdocs", "build", "--strict", "--site-dir", str(tmp_path)],
        cwd=ROOT,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    assert "Traceback" not in result.stderr
    assert (tmp_path / "tags" / "zensical" / "index.html").is_file()
    assert (tmp_path / "ja" / "tags" / "index.html").is_file()


def test_the_tagindex_command_and_zensical_build_it_too(tmp_path: Path) -> None:
    """Issue 26's proof on a real documentation site: a copy of the repository's docs site,
    `tagindex init`, `tagindex build`, then the real `zensical-i18n build`. Its tag pages list
    the same pages, under the same titles, as the MkDocs build's."""
    from test_zensical import cards, on_zensical  # the Zensical suite's own helpers

    project = tmp_path / "docs-site"
    project.mkdir()
    for name in ("mkdocs.yml", "README.md", "CHANGELOG.md"):
        if (ROOT / name).exists():
            (project / name).write_bytes((ROOT / name).read_bytes())
    shutil.copytree(ROOT / "docs", project / "docs", ignore=shutil.ignore_patterns("site"))
    mkdocs_site = build(project, "--strict")
    zensical_site = on_zensical(project, i18n=True)
    for rel in ("tags/config/index.html", "tags/zensical/index.html"):
        assert (zensical_site / rel).is_file(), rel
        on_mkdocs = [card[:2] for card in cards(mkdocs_site.dir, rel)]
        on_zensical_ = [card[:2] for card in cards(zensical_site, rel)]
        assert on_mkdocs and on_zensical_ == on_mkdocs, rel
