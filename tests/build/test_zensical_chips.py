"""Chips on Zensical link to tagindex's tag pages (issue 33): Zensical links a chip to the first
of the tag's listings (`tag.links`), which on a site keeping its own `<!-- material/tags -->`
page is that page, not tagindex's; the chip partial `tagindex init` places picks tagindex's.
Each chip's absolute target is compared with the MkDocs build of the same site."""

from __future__ import annotations

import shutil
from pathlib import Path
from urllib.parse import urljoin

import pytest
import zensical as zensical_module
from bs4 import BeautifulSoup
from test_zensical import on_zensical, tagindex

from conftest import build, write_config, write_page

ARTICLES = {
    "a1": ["grpo", "Big Tag"],
    "a2": ["grpo"],
    "a3": ["rl", "grpo"],
    "a4": ["Big Tag", "rl"],
    "a5": ["rl"],
}


def chip_site(project: Path, folders: bool = False, directory_urls: bool = True) -> Path:
    """Five articles, three tags, the site's own tags listing at `docs/tags.md`."""
    config: dict[str, object] = {
        "site_name": "Chips",
        "site_url": "https://example.org/",
        "theme": {"name": "material"},
        "plugins": ["search", "tags", {"tagindex": {"tags_dir": "topics"}}],
        "extra": {"tags": {"grpo": "hot"}},  # Material's chip icons: the same classes
    }
    if not directory_urls:
        config["use_directory_urls"] = False
    write_config(project, config)
    write_page(project, "index.md", {"title": "Home"}, "# Home\n\nWelcome.\n")
    write_page(project, "tags.md", {"title": "Tags"}, "# Tags\n\n<!-- material/tags -->\n")
    for n, (name, tags) in enumerate(ARTICLES.items()):
        rel = f"{'posts/' * n}{name}.md" if folders else f"{name}.md"
        write_page(project, rel, {"title": name.upper(), "tags": tags}, f"# {name}\n\nText.\n")
    return project


def page_url(rel: str, directory_urls: bool) -> str:
    stem = rel.removesuffix(".md")
    return f"https://x/{stem}/" if directory_urls else f"https://x/{stem}.html"


def html_file(rel: str, directory_urls: bool) -> str:
    stem = rel.removesuffix(".md")
    return f"{stem}/index.html" if directory_urls else f"{stem}.html"


def chips(site_dir: Path, directory_urls: bool) -> dict[str, dict[str, str]]:
    """Each article's chips: tag name → absolute target (and classes, after a space)."""
    out = {}
    for path in sorted((site_dir.parent / "docs").rglob("a?.md")):
        rel = path.relative_to(site_dir.parent / "docs").as_posix()
        html = (site_dir / html_file(rel, directory_urls)).read_text("utf-8")
        base = page_url(rel, directory_urls)
        out[rel] = {
            a.get_text(strip=True).removeprefix("#"): urljoin(base, str(a.get("href")))
            + " "
            + " ".join(a.get("class") or [])
            for a in BeautifulSoup(html, "html.parser").select("a.md-tag")
        }
    return out


@pytest.mark.parametrize(
    ("folders", "directory_urls"),
    [(False, True), (True, True), (False, False)],
    ids=["flat", "folders", "no-directory-urls"],
)
def test_chips_link_to_tagindex_pages_as_on_mkdocs(
    tmp_path: Path, folders: bool, directory_urls: bool
) -> None:
    project = chip_site(tmp_path / "s", folders, directory_urls)
    on_mkdocs = chips(build(project, "--strict").dir, directory_urls)
    zensical_chips = chips(on_zensical(project), directory_urls)
    pages = {"grpo": "grpo", "Big Tag": "big-tag", "rl": "rl"}
    suffix = "/" if directory_urls else "/index.html"
    assert len(on_mkdocs) == len(ARTICLES)
    for rel, tags in on_mkdocs.items():
        name = Path(rel).stem
        assert sorted(tags) == sorted(ARTICLES[name])
        for tag, url in tags.items():
            icon = " md-tag--hot" if tag == "grpo" else ""
            assert url == f"https://x/topics/{pages[tag]}{suffix} md-tag md-tag-icon{icon}"
    assert zensical_chips == on_mkdocs


def test_init_leaves_an_own_chip_partial_and_says_what_to_add(tmp_path: Path) -> None:
    project = chip_site(tmp_path / "s")
    config = project / "mkdocs.yml"
    config.write_text(
        config.read_text("utf-8").replace("name: material", "name: material\n  custom_dir: mine"),
        "utf-8",
    )
    own = project / "mine/partials/tags.html"
    own.parent.mkdir(parents=True)
    own.write_text("{# my chips #}\n", "utf-8")
    result = tagindex(project, "init")
    assert result.returncode == 0 and "Traceback" not in result.stderr
    assert own.read_text("utf-8") == "{# my chips #}\n"
    assert "mine/partials/tags.html is the site's own" in result.stderr
    assert 'tagindex_dirs = ["topics/"]' in result.stderr and "chip.url" in result.stderr
    assert "wrote mine/fragments/tags/tagindex/listing.html" in result.stdout
    built = tagindex(project, "build")
    assert built.stderr.count("mine/partials/tags.html is the site's own") == 1
    # Zensical's own partial with the lines init gave: no warning, and the chips reach tagindex
    lines = [line for line in result.stderr.splitlines() if line.startswith("  {%")]
    assert len(lines) == 3
    zensical_partial = Path(zensical_module.__file__).parent / "templates/partials/tags.html"
    text = zensical_partial.read_text("utf-8")
    text = text.replace("{% for tag in tags %}", "{% for tag in tags %}\n" + "\n".join(lines))
    own.write_text(text.replace("{{ tag.url | url }}", "{{ chip.url | url }}"), "utf-8")
    assert "is the site's own" not in tagindex(project, "build").stderr
    on_mkdocs = chips(build(chip_site(tmp_path / "plain"), "--strict").dir, True)
    assert chips(on_zensical(project), True) == on_mkdocs


def test_mkdocs_builds_a_site_init_prepared_as_before(tmp_path: Path) -> None:
    """The chip partial init places shadows the plugin's own in an MkDocs build of the same
    site: there it must compile under Jinja and render the plugin's chips unchanged."""
    project = chip_site(tmp_path / "s")
    before = build(project, "--strict")
    prepared = tmp_path / "prepared"
    shutil.copytree(project, prepared, ignore=shutil.ignore_patterns("site"))
    result = tagindex(prepared, "init")
    assert result.returncode == 0, result.stderr
    assert (prepared / "overrides/partials/tags.html").is_file()
    after = build(prepared, "--strict")
    assert chips(after.dir, True) == chips(before.dir, True)
    for rel in ("a1/index.html", "a4/index.html"):
        want, got = before.html(rel).select_one("article"), after.html(rel).select_one("article")
        assert want is not None and got is not None
        assert " ".join(str(got).split()) == " ".join(str(want).split())


def test_chips_of_tags_written_with_spaces_or_invisible_characters_link_too(
    tmp_path: Path,
) -> None:
    """The engine cleans a tag's name (`"grpo "` is `grpo`, a zero-width space is dropped);
    Zensical matches the names as written, so the marker lists those spellings too, and every
    chip links to tagindex's page, as on MkDocs."""
    project = tmp_path / "written"
    write_config(
        project,
        {
            "site_name": "W",
            "theme": {"name": "material"},
            "plugins": ["search", "tags", "tagindex"],
        },
    )
    write_page(project, "index.md", None, "# Home\n")
    write_page(project, "a.md", {"tags": ["grpo ", "Zero\u200bWidth", "rl"]}, "# A\n\nText.\n")
    write_page(project, "b.md", {"tags": ["grpo", "ZeroWidth"]}, "# B\n\nText.\n")
    mk = build(project, "--strict")
    zen = on_zensical(project)
    for site in (mk.dir, zen):
        links = {
            a.get_text(strip=True).lstrip("#"): urljoin("https://x/a/", str(a.get("href")))
            for a in BeautifulSoup(
                (site / "a/index.html").read_text("utf-8"), "html.parser"
            ).select("a.md-tag")
        }
        assert sorted(links.values()) == [
            "https://x/tags/grpo/",
            "https://x/tags/rl/",
            "https://x/tags/zerowidth/",
        ], (site, links)
