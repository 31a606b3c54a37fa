"""Categories in the page's language (issue 40, item 10), in real builds on both hosts: MkDocs
with mkdocs-static-i18n, and the `tagindex` command with zensical-i18n, in English and Japanese.

The site has an article translated into Japanese (`Agents` / `エージェント`) and three that are
not: one in the same category, one whose category the tags file's `categories:` table names
(`Tools` → `ツール`), one that nothing names (`Misc`). On the Japanese pages the untranslated
ones show the Japanese names: on the cards, in `data-tagindex-facets`, as the filter's values,
as the group headings (`group_by: category`) and in `tags.json`, one name per category, so the
filters still match; the English pages are as written.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from conftest import ROOT, build, run_tagindex, write_config, write_page

BIN = Path(sys.executable).parent
JA = {"エージェント", "ツール", "Misc"}
EN = {"Agents", "Tools", "Misc"}


def site(project: Path, table: str = "  Tools: {ja: ツール, de: Werkzeuge}\n") -> Path:
    write_config(
        project,
        {
            "site_name": "Categories",
            "site_url": "https://example.org/",
            "theme": {"name": "material", "language": "en"},
            "plugins": [
                "search",
                {
                    "i18n": {
                        "docs_structure": "suffix",
                        "fallback_to_default": True,
                        "languages": [
                            {"locale": "en", "default": True, "name": "English", "build": True},
                            {"locale": "ja", "name": "日本語", "build": True},
                        ],
                    }
                },
                {
                    "tagindex": {
                        "filters": ["category"],
                        "group_by": "category",
                        "tags_file": "tags.yml",
                        "unknown_tags": "ignore",
                    }
                },
            ],
        },
    )
    (project / "tags.yml").write_text(f"grpo:\n  name: GRPO\ncategories:\n{table}", "utf-8")
    write_page(project, "index.md", {"title": "Home"}, "Home.\n")
    listing = "<!-- tagindex { tags: [grpo], category: エージェント } -->\n"  # MkDocs' markers
    write_page(project, "index.ja.md", {"title": "ホーム"}, f"ホーム。\n\n{listing}")
    pages = {
        "a.md": ("Alpha", "Agents"),
        "a.ja.md": ("アルファ", "エージェント"),
        "b.md": ("Beta", "Agents"),
        "c.md": ("Gamma", "Tools"),
        "d.md": ("Delta", "Misc"),
    }
    for i, (rel, (title, category)) in enumerate(pages.items()):
        meta = {"title": title, "tags": ["grpo"], "category": category, "date": f"2026-01-0{i + 1}"}
        write_page(project, rel, meta, f"{title}.\n")
    return project


def on_zensical(project: Path) -> Path:
    """A copy of `project` published by `tagindex init` + `tagindex build`, built by the real
    `zensical-i18n build`."""
    copy = project.parent / (project.name + "-zensical")
    shutil.copytree(project, copy, ignore=shutil.ignore_patterns("site", ".cache"))
    for step in ("init", "build"):
        result = run_tagindex(copy, step)
        assert result.returncode == 0, result.stderr
        assert "Traceback" not in result.stderr and "WARNING" not in result.stderr, result.stderr
    result = subprocess.run(
        [str(BIN / "zensical-i18n"), "build"],
        cwd=copy,
        env={**os.environ, "PYTHONPATH": str(ROOT), "NO_MKDOCS_2_WARNING": "1"},
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stderr[-3000:] + result.stdout[-3000:]
    return copy / "site"


def shown(site_dir: Path, prefix: str) -> dict[str, object]:
    """What the tag page and `tags.json` of a language say of the categories."""
    html = BeautifulSoup(
        (site_dir / f"{prefix}tags/grpo/index.html").read_text("utf-8"), "html.parser"
    )
    facet = html.select_one('[data-tagindex-facet="category"]')
    assert facet is not None, "no category filter"
    values = [str(b["data-tagindex-value"]) for b in facet.select("[data-tagindex-value]")]
    cards = {
        " ".join(c.select_one(".tagindex-card__title").get_text(" ").split()): (  # type: ignore[union-attr]
            c.select_one(".tagindex-card__category").get_text(strip=True),  # type: ignore[union-attr]
            tuple(json.loads(str(c["data-tagindex-facets"])).get("category", [])),
        )
        for c in html.select(".tagindex-card")
    }
    for link in html.select(".tagindex-group__heading .headerlink"):  # Zensical's permalink
        link.decompose()
    headings = [" ".join(h.get_text(" ").split()) for h in html.select(".tagindex-group__heading")]
    index = json.loads((site_dir / f"{prefix}tags/tags.json").read_text("utf-8"))
    in_json = {c for a in index["articles"] for c in a["categories"]}
    return {"values": values, "cards": cards, "headings": headings, "json": in_json}


def check(site_dir: Path) -> None:
    en, ja = shown(site_dir, ""), shown(site_dir, "ja/")
    assert set(en["values"]) == EN | {""}, en  # "" is "All"
    assert en["json"] == EN and set(en["headings"]) == EN  # type: ignore[arg-type]
    assert en["cards"] == {  # type: ignore[comparison-overlap]
        "Alpha": ("Agents", ("Agents",)),
        "Beta": ("Agents", ("Agents",)),
        "Gamma": ("Tools", ("Tools",)),
        "Delta": ("Misc", ("Misc",)),
    }
    assert ja["cards"] == {  # the translation, the table, else as written
        "アルファ": ("エージェント", ("エージェント",)),
        "Beta": ("エージェント", ("エージェント",)),
        "Gamma": ("ツール", ("ツール",)),
        "Delta": ("Misc", ("Misc",)),
    }
    # one name per category: the filter's values are the facets' and the headings', no more
    assert set(ja["values"]) == JA | {""} and len(ja["values"]) == 4, ja
    assert set(ja["headings"]) == JA and len(ja["headings"]) == 3, ja  # type: ignore[arg-type]
    assert ja["json"] == JA


def test_japanese_pages_name_the_categories_in_japanese_on_both_hosts(tmp_path: Path) -> None:
    project = site(tmp_path / "site")
    mk = build(project, "--strict")
    assert mk.warnings() == [], mk.warnings()
    check(mk.dir)
    home = BeautifulSoup((mk.dir / "ja/index.html").read_text("utf-8"), "html.parser")
    listed = [" ".join(t.get_text(" ").split()) for t in home.select(".tagindex-card__title")]
    assert sorted(listed) == ["Beta", "アルファ"]  # a listing's category: the page's names
    check(on_zensical(project))


@pytest.mark.parametrize(
    ("table", "said"),
    [
        ("  - Tools\n", "'categories': expected a mapping of category to its name per language"),
        ("  Tools: ツール\n", "'categories', category 'Tools': expected a mapping of language"),
    ],
)
def test_a_bad_table_is_one_warning_and_no_traceback(tmp_path: Path, table: str, said: str) -> None:
    project = site(tmp_path / "site", table)
    strict = build(project, "--strict", check=False)
    assert strict.result.returncode != 0  # --strict makes the warning a failure
    lenient = build(project)
    found = [w for w in lenient.warnings() if said in w]
    assert len(found) == 1 and "tags.yml" in found[0], lenient.warnings()
    ja = shown(lenient.dir, "ja/")
    assert ja["cards"]["Gamma"] == ("Tools", ("Tools",))  # type: ignore[index]  # as written
    assert ja["cards"]["Beta"] == ("エージェント", ("エージェント",))  # type: ignore[index]


def test_an_edit_in_another_language_reaches_the_next_tagindex_build(tmp_path: Path) -> None:
    """The names come from files a language's build does not publish (a.md is not in the
    Japanese build: a.ja.md is): renaming `Agents` in a.md must still rebuild the Japanese
    pages the command keeps from its last build, as a cold build of the same files does."""
    from mkdocs_tagindex.command import rebuild

    project = site(tmp_path / "site", table="  Tools: {ja: ツール}\n")
    config = project / "mkdocs.yml"
    assert run_tagindex(project, "init").returncode == 0
    rebuild.run(config, lambda level, text: None, quiet=True)
    before = json.loads((project / "docs/tags/tags.ja.json").read_text("utf-8"))
    assert {c for a in before["articles"] for c in a["categories"]} == JA
    page = project / "docs/a.md"
    page.write_text(page.read_text("utf-8").replace("category: Agents", "category: Bots"), "utf-8")
    assert rebuild.run(config, lambda level, text: None, quiet=True) > 0
    after = json.loads((project / "docs/tags/tags.ja.json").read_text("utf-8"))
    # Beta keeps 'Agents', which no translation names now; Alpha's own name is its own
    assert {c for a in after["articles"] for c in a["categories"]} == {
        "エージェント",
        "Agents",
        "ツール",
        "Misc",
    }
    cold = tmp_path / "cold"
    shutil.copytree(project, cold, ignore=shutil.ignore_patterns(".cache", "tags"))
    rebuild.run(cold / "mkdocs.yml", lambda level, text: None, quiet=True)
    assert (cold / "docs/tags/tags.ja.json").read_bytes() == (
        project / "docs/tags/tags.ja.json"
    ).read_bytes()
