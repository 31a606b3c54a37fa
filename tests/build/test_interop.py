"""tagindex next to the plugins real sites run (issue 11): one small site per plugin under
`tests/fixtures/interop/`, each built with `--strict` (never `-q`) on MkDocs and on ProperDocs,
asserting that the right articles are on the right tag pages and that the other plugin still
did its own job.

Every fixture is copied into a fresh git repository first: the git plugins need one, and the
others must not mind it.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urljoin
from xml.etree import ElementTree

import pytest
import yaml
from bs4 import Tag
from publishedset import check_site

from conftest import FIXTURES, Site

INTEROP = FIXTURES / "interop"
HOSTS = ["mkdocs", "properdocs"]


def git_init(project: Path) -> None:
    env = {
        **os.environ,
        "GIT_AUTHOR_NAME": "Ada Tester",
        "GIT_AUTHOR_EMAIL": "ada@example.org",
        "GIT_COMMITTER_NAME": "Ada Tester",
        "GIT_COMMITTER_EMAIL": "ada@example.org",
        "GIT_AUTHOR_DATE": "2025-03-04T05:06:07Z",
        "GIT_COMMITTER_DATE": "2025-03-04T05:06:07Z",
    }
    for args in (["init", "-q", "-b", "main"], ["add", "-A"], ["commit", "-qm", "fixture"]):
        subprocess.run(["git", *args], cwd=project, env=env, check=True, capture_output=True)


def run_host(project: Path, host: str) -> Site:
    """`<host> build --strict` in `project`, as a site author runs it, passed or not."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "DISABLE_MKDOCS_2_WARNING": "true"}
    result = subprocess.run(
        [sys.executable, "-m", host, "build", "--strict"],
        cwd=project,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert "Traceback" not in result.stderr, result.stderr[-4000:]
    return Site(project, result)


def host_build(project: Path, host: str) -> Site:
    """`<host> build --strict` in `project`, which must pass."""
    site = run_host(project, host)
    assert site.result.returncode == 0, site.result.stderr[-4000:]
    return site


Builder = Callable[..., Site]


@pytest.fixture(scope="module")
def interop(tmp_path_factory: pytest.TempPathFactory) -> Builder:
    """Build a fixture site once per host (and per configuration change) for the module."""
    built: dict[tuple[str, str, str], Site] = {}

    def get(name: str, host: str, change: dict[str, object] | None = None) -> Site:
        key = (name, host, json.dumps(change, sort_keys=True))
        if key not in built:
            project = tmp_path_factory.mktemp(f"{name}-{host}")
            shutil.copytree(INTEROP / name, project, dirs_exist_ok=True)
            if change:
                config = yaml.safe_load((project / "mkdocs.yml").read_text("utf-8"))
                config.update(change)
                (project / "mkdocs.yml").write_text(yaml.safe_dump(config), "utf-8")
            git_init(project)
            built[key] = host_build(project, host)
            check_site(project, built[key].dir)  # the published set's invariant (issue 39)
        return built[key]

    return get


@pytest.fixture(params=HOSTS)
def host(request: pytest.FixtureRequest) -> str:
    return str(request.param)


def cards(site: Site, rel: str) -> list[tuple[str, str, str]]:
    """(meta line, title, the file the title links to) of each card on a tag page."""
    out = []
    for card in site.html(rel).select("ol.tagindex-cards > li.tagindex-card"):
        meta = card.select_one(".tagindex-card__meta")
        link = card.select_one(".tagindex-card__title a")
        assert meta is not None and link is not None
        out.append((" ".join(meta.get_text("").split()), link.get_text(), target(rel, link)))
    return out


def target(rel: str, link: Tag) -> str:
    """Site-relative file a link on page `rel` points to."""
    url = urljoin("https://x.test/" + rel, str(link["href"])).removeprefix("https://x.test/")
    url = url.split("#")[0]
    return url + "index.html" if url.endswith("/") or url == "" else url


def chips(site: Site, rel: str) -> list[tuple[str, str | None, list[str]]]:
    """(name, linked file or None, classes) of the tag chips on an article page."""
    out = []
    for chip in site.html(rel).select("nav.md-tags .md-tag"):
        href = target(rel, chip) if chip.get("href") is not None else None
        out.append((chip.get_text(strip=True), href, list(chip.get("class") or [])))
    return out


def sitemap(site: Site) -> str:
    return (site.dir / "sitemap.xml").read_text("utf-8")


# -- Material's meta plugin ---------------------------------------------------------------------


def test_meta_plugin_folder_tags_and_category(interop: Builder, host: str) -> None:
    site = interop("meta", host)
    assert cards(site, "tags/folder-tag/index.html") == [
        ("01 · Folder Cat · 1 min read", "Own tags in the folder", "folder/own/index.html"),
        ("02 · Folder Cat · 1 min read", "Plain page in the folder", "folder/plain/index.html"),
    ]
    assert [c[2] for c in cards(site, "tags/own/index.html")] == [
        "other/index.html",
        "folder/own/index.html",
    ]
    # the page keeps, in its chips, the folder's tag that the meta plugin gave it
    assert [(name, href) for name, href, _ in chips(site, "folder/own/index.html")] == [
        ("#folder-tag", "tags/folder-tag/index.html"),
        ("#own", "tags/own/index.html"),
    ]
    # the meta plugin's own job: its file is not published
    assert not (site.dir / "folder/.meta.yml").exists()
    assert site.warnings() == []


# -- Material's blog ----------------------------------------------------------------------------


def test_blog_posts_are_articles_with_their_dates_and_categories(
    interop: Builder, host: str
) -> None:
    site = interop("blog", host)
    assert cards(site, "tags/grpo/index.html") == [
        (
            "01 · Research, Notes · 7 min read",
            "Second post",
            "blog/2024/03/01/second-post/index.html",
        ),
        ("02 · 1 min read", "A guide, dated like a post", "guide/index.html"),
        ("03 · Research · 1 min read", "First post", "blog/2024/01/15/first-post/index.html"),
    ]
    assert "A draft" not in site.html("tags/grpo/index.html").get_text()  # a draft: not built
    assert [(n, h) for n, h, _ in chips(site, "blog/2024/01/15/first-post/index.html")] == [
        ("#grpo", "tags/grpo/index.html")
    ]
    # the blog's own job: its index, archive and category views
    assert "First post" in site.html("blog/index.html").get_text()
    assert (site.dir / "blog/archive/2024/index.html").is_file()
    assert (site.dir / "blog/category/research/index.html").is_file()
    assert "Alice Example" in site.html("blog/2024/01/15/first-post/index.html").get_text()
    assert site.warnings() == []


# -- hooks that set page.meta ------------------------------------------------------------------


def test_hooks_that_add_and_remove_tags(interop: Builder, host: str) -> None:
    site = interop("hooks", host)
    assert [c[1] for c in cards(site, "tags/guide/index.html")] == [
        "Configure guide",
        "Install guide",
    ]
    assert [c[1] for c in cards(site, "tags/setup/index.html")] == [
        "Configure guide",
        "Dropped tag",
    ]
    assert not (site.dir / "tags/vanishing").exists()  # front matter has it; the final meta not
    assert "vanishing" not in sitemap(site) and "tags/guide/" in sitemap(site)
    index = site.html("tags/index.html").get_text()
    assert "#guide" in index and "vanishing" not in index
    search = (site.dir / "search/search_index.json").read_text("utf-8")
    assert "tags/guide/" in search and "vanishing" not in search
    assert site.warnings() == []


def test_generated_pages_look_like_ordinary_pages_to_other_plugins(
    interop: Builder, host: str
) -> None:
    """What a hook sees of a generated page: a real source file, a table of contents, meta with
    the marker, MkDocs' `generated_by`, a title, no edit link."""
    site = interop("hooks", host)
    seen = json.loads((site.dir / "pages.json").read_text("utf-8"))
    generated = {k: v for k, v in seen.items() if v["generated_by"]}
    assert sorted(generated) == ["tags/guide/index.md", "tags/index.md", "tags/setup/index.md"]
    for src, page in generated.items():
        assert page["abs_src_path"] is True, src
        assert page["toc"] == "TableOfContents", src
        assert page["generated_by"] == "tagindex"
        assert {"template", "title", "description", "tagindex"} <= set(page["meta"]), src
        assert page["edit_url"] is None, src
    assert generated["tags/guide/index.md"]["tagindex"] == {
        "kind": "tag",
        "tag": "guide",
        "number": 1,
    }
    assert generated["tags/guide/index.md"]["title"] == "guide"
    assert generated["tags/index.md"]["tagindex"] == {"kind": "index"}
    assert seen["drop.md"]["edit_url"] == "https://example.org/repo/edit/main/docs/drop.md"


# -- mkdocs-macros ------------------------------------------------------------------------------


def test_macros_in_front_matter_title(interop: Builder, host: str) -> None:
    site = interop("macros", host)
    page = site.html("tags/macros/index.html")
    assert [c[1] for c in cards(site, "tags/macros/index.html")] == ["Zeta guide"]
    summary = page.select_one(".tagindex-card__summary")
    assert (
        summary is not None
        and summary.get_text() == "The guide to Zeta, rendered by mkdocs-macros."
    )
    assert site.warnings() == []


# -- mkdocs-rss-plugin --------------------------------------------------------------------------


def feed_titles(site: Site) -> list[str]:
    feed = ElementTree.parse(site.dir / "feed_rss_created.xml")
    return sorted(str(item.findtext("title")) for item in feed.iter("item"))


def test_rss_plugin_with_its_default_settings(interop: Builder, host: str) -> None:
    site = interop("rss", host)
    assert [c[1] for c in cards(site, "tags/news/index.html")] == ["Second news", "First news"]
    # its own job: a feed of the site's pages; by default that includes generated pages
    titles = feed_titles(site)
    assert {"First news", "Second news"} <= set(titles)
    assert site.warnings() == []


def test_rss_plugin_match_path_leaves_generated_pages_out(interop: Builder, host: str) -> None:
    """The documented setting: rss' `match_path` by source path keeps the feed to content."""
    change = {"plugins": ["search", {"rss": {"match_path": "^(?!tags/).*"}}, "tagindex"]}
    site = interop("rss", host, change)
    assert feed_titles(site) == ["First news", "Home", "Second news"]
    assert [c[1] for c in cards(site, "tags/news/index.html")] == ["Second news", "First news"]


# -- mkdocs-redirects ---------------------------------------------------------------------------


def test_redirects_to_generated_pages(interop: Builder, host: str) -> None:
    site = interop("redirects", host)
    for old, new in (("old-grpo", "../tags/grpo/"), ("old-tags", "../tags/")):
        text = (site.dir / old / "index.html").read_text("utf-8")
        assert f'content="0; url={new}"' in text or f"url={new}" in text, text
    assert [c[1] for c in cards(site, "tags/grpo/index.html")] == ["GRPO article"]
    assert site.warnings() == []


# -- mkdocs-awesome-nav -------------------------------------------------------------------------


def test_awesome_nav_titles_for_generated_pages(interop: Builder, host: str) -> None:
    site = interop("awesome-nav", host)
    for rel, title in (
        ("tags/index.html", "Browse tags"),
        ("tags/grpo/index.html", "The GRPO tag"),
    ):
        page = site.html(rel)
        assert page.title is not None and page.title.get_text() == f"{title} - Awesome nav"
        active = page.select(".md-sidebar--primary .md-nav__link--active")
        assert [a.get_text(strip=True) for a in active] == [title]
    # the all-tags page still lists the tags under their own names, and the cards are right
    assert "#grpo" in site.html("tags/index.html").get_text()
    assert [c[1] for c in cards(site, "tags/grpo/index.html")] == ["One", "Two"]
    assert site.warnings() == []


# -- the git plugins ------------------------------------------------------------------------


def test_git_revision_date_localized(interop: Builder, host: str) -> None:
    site = interop("git-revision", host)
    dates = site.html("article/index.html").select(".git-revision-date-localized-plugin")
    assert dates and dates[0].get_text(strip=True) == "2025-03-04"
    assert [c[1] for c in cards(site, "tags/git/index.html")] == ["Tracked article"]
    assert site.warnings() == []


def test_git_authors(interop: Builder, host: str) -> None:
    site = interop("git-authors", host)
    assert "Ada Tester" in site.html("article/index.html").get_text()
    assert [c[1] for c in cards(site, "tags/git/index.html")] == ["Tracked article"]
    assert site.warnings() == []  # no "has not been committed yet" for generated pages


# -- mkdocs-publisher, mkdocs-autolinks-plugin --------------------------------------------------


def test_publisher_obsidian(interop: Builder, host: str) -> None:
    site = interop("publisher", host)
    note = site.html("note/index.html")
    assert note.select_one(".admonition.note") is not None  # the callout became an admonition
    assert [c[1] for c in cards(site, "tags/obsidian/index.html")] == ["A note"]
    assert site.warnings() == []


def test_autolinks(interop: Builder, host: str) -> None:
    site = interop("autolinks", host)
    link = site.html("index.html").select_one("article a[href*=target]")
    assert link is not None and target("index.html", link) == "deep/er/target/index.html"
    assert [c[1] for c in cards(site, "tags/links/index.html")] == ["Target page"]
    assert site.warnings() == []


# -- mkdocs-minify-plugin, mkdocs-glightbox ------------------------------------------------------


def test_minify(interop: Builder, host: str) -> None:
    site = interop("minify", host)
    raw = (site.dir / "tags/small/index.html").read_text("utf-8")
    assert raw.startswith("<!doctype html><html lang=en") and "\n    " not in raw
    page = site.html("tags/small/index.html")
    summary = page.select_one(".tagindex-card__summary")
    assert summary is not None and summary.get_text() == "A summary that survives minification."
    assert site.warnings() == []


def test_glightbox(interop: Builder, host: str) -> None:
    site = interop("glightbox", host)
    assert site.html("article/index.html").select_one("a.glightbox img") is not None
    assert [c[1] for c in cards(site, "tags/pictures/index.html")] == ["Article with a picture"]
    assert site.warnings() == []


# -- Material's typeset and tags plugins --------------------------------------------------------


def test_typeset(interop: Builder, host: str) -> None:
    site = interop("typeset", host)
    toc = site.html("article/index.html").select_one(".md-sidebar--secondary .md-typeset code")
    assert toc is not None and toc.get_text() == "torch.compile"  # typeset kept the markup
    assert [c[1] for c in cards(site, "tags/typeset/index.html")] == ["The grpo loss, typeset"]
    assert site.warnings() == []


def test_material_tags_icons_shadow_tags_and_its_listing_page(interop: Builder, host: str) -> None:
    """With `extra.tags` icons, chips carry the tag's own name (Material finds the icon by it
    and draws its `#` mark itself)."""
    site = interop("material-tags", host)
    # a shadow tag is a hidden tag: no chip in `mkdocs build` (under serve, where Material shows
    # shadow tags, a dimmed one: tests/build/test_listings.py)
    assert chips(site, "article/index.html") == [
        ("grpo", "tags/grpo/index.html", ["md-tag", "md-tag-icon", "md-tag--algo"]),
    ]
    assert not (site.dir / "tags/internal").exists()  # a shadow tag gets no page
    listing = site.html("tags/index.html")  # the author's listing page, kept
    assert listing.select_one(".tagindex-index") is None
    assert listing.select_one('[id="tag:grpo"]') is not None  # Material renders its sections
    assert [c[1] for c in cards(site, "tags/grpo/index.html")] == ["GRPO article", "RL article"]
    footer = site.html("tags/grpo/index.html").select_one(".tagindex-footer a")
    assert footer is not None and target("tags/grpo/index.html", footer) == "tags/index.html"
    assert site.warnings() == []


def test_material_tags_with_static_i18n_fallback_chips_keep_links(
    interop: Builder, host: str
) -> None:
    site = interop("material-tags-i18n", host)
    assert [(n, h) for n, h, _ in chips(site, "ja/untranslated/index.html")] == [
        ("#grpo", "ja/tags/grpo/index.html"),
        ("#english-only", "tags/english-only/index.html"),  # no Japanese page: the English one
    ]
    assert not (site.dir / "ja/tags/english-only").exists()
    assert [c[1] for c in cards(site, "ja/tags/grpo/index.html")] == [
        "Untranslated article",
        "翻訳済みの記事",
    ]
    assert site.warnings() == []


# -- ProperDocs ----------------------------------------------------------------------------


def test_properdocs_builds_the_example_site(tmp_path: Path) -> None:
    shutil.copytree(FIXTURES.parent.parent / "example_site", tmp_path, dirs_exist_ok=True)
    site = host_build(tmp_path, "properdocs")
    assert len(cards(site, "tags/grpo/index.html")) == 16
    assert len(cards(site, "ja/tags/grpo/index.html")) == 16
    assert site.warnings() == []


def test_blog_drafts_are_listed_and_marked_under_serve(tmp_path: Path) -> None:
    """Material's blog shows drafts under `mkdocs serve` (`draft_on_serve`): so do the cards."""
    from mkdocs.commands.build import build as mkdocs_build
    from mkdocs.config import load_config

    shutil.copytree(INTEROP / "blog", tmp_path, dirs_exist_ok=True)
    config = load_config(str(tmp_path / "mkdocs.yml"))
    config.plugins.on_startup(command="serve", dirty=False)
    try:
        mkdocs_build(config, serve_url="http://127.0.0.1:8000/")
    finally:
        config.plugins.on_shutdown()
    site = Site(tmp_path, subprocess.CompletedProcess([], 0, "", ""))
    found = cards(site, "tags/grpo/index.html")
    assert found[0][1:] == ("A draft", "blog/2024/05/01/a-draft/index.html")
    assert found[0][0].endswith("· Draft")
    assert all(not meta.endswith("Draft") for meta, _, _ in found[1:])


def test_a_tag_only_final_meta_has_gets_its_page_in_every_language(
    interop: Builder, host: str
) -> None:
    """A hook's tag gets a page in both languages, and every language switch leads to a page
    that exists. A known limit: the first language is written before the next one's hooks have
    run, so its switch can only lead to the next language's all-tags page."""
    site = interop("hooks-i18n", host)
    assert [c[1] for c in cards(site, "tags/guide/index.html")] == ["Install"]
    assert [c[1] for c in cards(site, "ja/tags/guide/index.html")] == ["インストール"]

    def switch(path: str) -> dict[str, str]:
        return {
            str(a["hreflang"]): target(path, a) for a in site.html(path).select("a.md-select__link")
        }

    assert switch("ja/tags/guide/index.html") == {
        "en": "tags/guide/index.html",
        "ja": "ja/tags/guide/index.html",
    }
    assert switch("tags/guide/index.html") == {
        "en": "tags/guide/index.html",
        "ja": "ja/tags/index.html",
    }
    assert (site.dir / "ja/tags/index.html").is_file()
    assert "ja/tags/guide/" in sitemap(site)
    assert site.warnings() == []


def test_blog_authors_reach_the_feeds(interop: Builder, host: str) -> None:
    site = interop("blog", host)
    data = json.loads((site.dir / "tags/grpo/feed.json").read_text("utf-8"))
    authors = {i["title"]: i.get("authors") for i in data["items"]}
    assert authors["First post"] == [{"name": "Alice Example"}]
    assert authors["Second post"] is None


STEPPING_CLOCK_HOOK = """
import itertools, types
from mkdocs.structure.files import File
from mkdocs_git_revision_date_localized_plugin import plugin

ticks = itertools.count(1_700_000_000)
plugin.time = types.SimpleNamespace(time=lambda: next(ticks))  # a second at every reading

def on_files(files, config):
    files.append(File.generated(config, "made.md", content="# Made\\n"))
"""


def test_git_revision_dates_of_generated_pages_across_a_second(tmp_path: Path, host: str) -> None:
    """git-revision-date-localized dates a generated page by reading the clock twice (last,
    then first revision); when a second ended in between it warned, and `--strict` failed a
    build now and then. A hook steps the plugin's clock a second at every reading and adds a
    page of its own: the build fails on that page's warning alone (the clock did step, and
    the filter is for our pages only), and every tag page is written."""
    shutil.copytree(INTEROP / "git-revision", tmp_path, dirs_exist_ok=True)
    (tmp_path / "hook.py").write_text(STEPPING_CLOCK_HOOK, "utf-8")
    config_file = tmp_path / "mkdocs.yml"
    config_file.write_text(config_file.read_text("utf-8") + "hooks: [hook.py]\n", "utf-8")
    git_init(tmp_path)
    site = run_host(tmp_path, host)
    older = [w for w in site.warnings() if "First revision" in w]
    assert site.result.returncode == 1 and older == site.warnings(), site.warnings()
    assert len(older) == 1 and "for page made.md." in older[0], older
    assert [c[1] for c in cards(site, "tags/git/index.html")] == ["Tracked article"]
