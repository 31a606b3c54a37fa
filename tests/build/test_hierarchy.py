"""Tag hierarchy (issue 27, part 1) in real builds: `mkdocs build --strict` and
`properdocs build --strict` of one site, the HTML parsed; bad paths; the hierarchy off; an
en+ja site with mkdocs-static-i18n; Zensical through `tagindex build` and `zensical build`."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ElementTree
from pathlib import Path
from urllib.parse import urljoin

import pytest
from bs4 import BeautifulSoup, Tag

from conftest import ROOT, Site, build, material_config, write_config, write_page

ENV = {**os.environ, "PYTHONPATH": str(ROOT), "NO_MKDOCS_2_WARNING": "1"}
HOSTS = ["mkdocs", "properdocs"]

ARTICLES: dict[str, tuple[list[str], str]] = {
    "a1": (["ML/RL/GRPO"], "2026-01-06"),
    "a2": (["ml/rl/grpo", "ml/rl"], "2026-01-05"),
    "a3": (["ml/rl/ppo"], "2026-01-04"),
    "a4": (["ml"], "2026-01-03"),
    "a5": (["ml/cv", "LLM/Serving"], "2026-01-02"),
    "a6": (["ml/page"], "2026-01-01"),
    "a7": (["python"], "2025-12-31"),
}


def hierarchy_site(project: Path, **options: object) -> Path:
    write_config(project, material_config(**{"hierarchy": True, **options}))
    write_page(project, "index.md", {"title": "Home"}, "Welcome.\n")
    for name, (tags, date) in ARTICLES.items():
        meta = {"title": name.upper(), "tags": tags, "date": date, "read_time": 2}
        write_page(project, f"articles/{name}.md", meta, f"Body of {name}.\n")
    return project


def host_build(project: Path, host: str) -> Site:
    result = subprocess.run(
        [sys.executable, "-m", host, "build", "--strict"],
        cwd=project,
        env={**ENV, "DISABLE_MKDOCS_2_WARNING": "true"},
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert "Traceback" not in result.stderr, result.stderr[-4000:]
    assert result.returncode == 0, result.stderr[-4000:]
    return Site(project, result)


@pytest.fixture(scope="module", params=HOSTS)
def site(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Site:
    project = hierarchy_site(tmp_path_factory.mktemp(request.param), per_page=2)
    return host_build(project, request.param)


def resolve(page: str, href: str) -> str:
    """Site-relative path an href on the page at site-relative `page` (a folder URL) leads to."""
    return urljoin("https://x/" + page, href).removeprefix("https://x/")


def card_titles(html: BeautifulSoup) -> list[str]:
    return [a.get_text(strip=True) for a in html.select(".tagindex-card__title a")]


def numbers(html: BeautifulSoup) -> list[str]:
    return [n.get_text(strip=True) for n in html.select(".tagindex-card__number")]


def test_a_page_per_level(site: Site) -> None:
    for rel in ("tags/ml/", "tags/ml/rl/", "tags/ml/rl/grpo/", "tags/llm/", "tags/llm/serving/"):
        assert (site.dir / rel / "index.html").is_file(), rel
    assert not (site.dir / "tags/ml-rl-grpo").exists()


def test_a_parent_lists_its_subtree_each_article_once_numbered_once(site: Site) -> None:
    first = site.html("tags/ml/index.html")
    count = first.select_one("[data-tagindex-total]")
    assert count is not None and count["data-tagindex-count"] == "6"  # a1..a6, a2 once
    titles, numbered = [], []
    for rel in ("tags/ml/", "tags/ml/page/2/", "tags/ml/page/3/"):  # per_page: 2
        html = site.html(rel + "index.html")
        titles += card_titles(html)
        numbered += numbers(html)
    assert titles == ["A1", "A2", "A3", "A4", "A5", "A6"]
    assert numbered == ["01", "02", "03", "04", "05", "06"]
    assert not (site.dir / "tags/ml/page/4").exists()
    # an article tagged with the parent itself is on the parent page
    assert "A4" in titles


def test_children_links_with_counts(site: Site) -> None:
    html = site.html("tags/ml/index.html")
    children = {
        resolve("tags/ml/", str(li.a["href"])): li.select_one("[data-tagindex-child-count]")
        for li in html.select(".tagindex-children > li")
        if isinstance(li.a, Tag)
    }
    counts = {k: v["data-tagindex-child-count"] for k, v in children.items() if v is not None}
    assert counts == {"tags/ml/cv/": "1", "tags/ml/page-tag/": "1", "tags/ml/rl/": "3"}
    rl = site.html("tags/ml/rl/index.html")
    assert [a.get_text(strip=True) for a in rl.select(".tagindex-children a")] == ["#GRPO", "#ppo"]
    assert site.html("tags/ml/rl/grpo/index.html").select(".tagindex-children") == []


def test_breadcrumbs_link_every_level(site: Site) -> None:
    html = site.html("tags/ml/rl/grpo/index.html")
    crumbs = html.select(".tagindex-breadcrumbs li")
    assert [li.get_text(strip=True) for li in crumbs] == ["All tags", "ml", "rl", "GRPO"]
    links = [
        resolve("tags/ml/rl/grpo/", str(a["href"])) for a in html.select(".tagindex-breadcrumbs a")
    ]
    assert links == ["tags/", "tags/ml/", "tags/ml/rl/"]
    assert crumbs[-1].get("aria-current") == "page"
    (script,) = html.select('script[type="application/ld+json"]')
    listed = json.loads(script.string or "")["breadcrumb"]["itemListElement"]
    assert [(c["name"], c["item"].removeprefix("https://example.org/")) for c in listed][1:] == [
        ("All tags", "tags/"),
        ("#ml", "tags/ml/"),
        ("#rl", "tags/ml/rl/"),
        ("#GRPO", "tags/ml/rl/grpo/"),
    ]
    # a top-level tag has no level above it: no breadcrumbs
    assert site.html("tags/ml/index.html").select(".tagindex-breadcrumbs") == []
    assert site.html("tags/python/index.html").select(".tagindex-breadcrumbs") == []


def test_the_all_tags_page_is_a_nested_tree_with_counts(site: Site) -> None:
    html = site.html("tags/index.html")
    tree = html.select_one("ul.tagindex-tree")
    assert tree is not None

    def branch(ul: Tag) -> list[tuple[str, str, list[object]]]:
        out: list[tuple[str, str, list[object]]] = []
        for li in ul.find_all("li", recursive=False):
            link = li.find("a", recursive=False)
            count = li.find(class_="tagindex-index__count", recursive=False)
            sub = li.find("ul", recursive=False)
            out.append((link.get_text(), count["data-tagindex-count"], branch(sub) if sub else []))
        return out

    assert branch(tree) == [
        ("#LLM", "1", [("#Serving", "1", [])]),
        (
            "#ml",
            "6",
            [
                ("#cv", "1", []),
                ("#page", "1", []),
                ("#rl", "3", [("#GRPO", "2", []), ("#ppo", "1", [])]),
            ],
        ),
        ("#python", "1", []),
    ]
    link = tree.select_one("a[title='ml/rl/GRPO']")
    assert link is not None and resolve("tags/", str(link["href"])) == "tags/ml/rl/grpo/"


def test_chips_show_the_leaf_with_the_whole_path_as_title(site: Site) -> None:
    html = site.html("articles/a1/index.html")
    (chip,) = html.select(".md-tags a.md-tag")
    assert chip.get_text(strip=True) == "#GRPO"
    assert chip["title"] == chip["aria-label"] == "ml/rl/GRPO"
    assert resolve("articles/a1/", str(chip["href"])) == "tags/ml/rl/grpo/"


def test_feeds_and_tags_json_per_level(site: Site) -> None:
    for level, items in (("ml", 6), ("ml/rl", 3), ("ml/rl/grpo", 2)):
        root = ElementTree.parse(site.dir / f"tags/{level}/feed.xml").getroot()
        assert len(root.findall("./channel/item")) == items, level
        assert (site.dir / f"tags/{level}/feed.json").is_file()
    data = json.loads((site.dir / "tags/tags.json").read_text("utf-8"))
    tags = {t["slug"]: t for t in data["tags"]}
    assert tags["ml"]["parent"] is None
    assert tags["ml"]["children"] == ["ml/cv", "ml/page-tag", "ml/rl"]
    assert tags["ml/rl/grpo"]["parent"] == "ml/rl" and tags["ml/rl/grpo"]["path"] == "ml/rl/GRPO"
    assert tags["ml"]["count"] == 6 and [c["page"] for c in tags["ml"]["cards"]] == [
        1,
        1,
        2,
        2,
        3,
        3,
    ]


def test_the_build_says_which_urls_moved(site: Site) -> None:
    (line,) = [x for x in site.log.splitlines() if "tag(s) moved to nested URLs" in x]
    assert line.startswith("INFO")
    assert "'LLM/Serving': tags/llm-serving/ → tags/llm/serving/" in line
    assert "'python'" not in line


def test_index_sort_count_orders_each_level(tmp_path: Path) -> None:
    site = build(hierarchy_site(tmp_path, index_sort="count"), "--strict")
    tree = site.html("tags/index.html").select_one("ul.tagindex-tree")
    assert tree is not None
    roots = [li.a.get_text() for li in tree.find_all("li", recursive=False)]
    assert roots[0] == "#ml"
    ml = tree.find_all("li", recursive=False)[0]
    children = [li.a.get_text() for li in ml.ul.find_all("li", recursive=False)]
    assert children == ["#rl", "#cv", "#page"]  # by count, then name


def test_bad_paths_warn_naming_the_file(tmp_path: Path) -> None:
    write_config(tmp_path, material_config(hierarchy=True))
    deep = "/".join(f"l{i}" for i in range(9))
    write_page(tmp_path, "bad.md", {"title": "Bad", "tags": ["ml//rl", "ml/cv/", deep]}, "x\n")
    strict = build(tmp_path, "--strict", check=False)
    assert strict.result.returncode != 0
    site = build(tmp_path)
    warnings = site.warnings()
    assert any("bad.md: front matter 'tags': tag 'ml//rl'" in w for w in warnings)
    assert any("bad.md: front matter 'tags': tag 'ml/cv/'" in w for w in warnings)
    assert any("bad.md" in w and "9 levels" in w for w in warnings)
    assert (site.dir / "tags/ml/rl/index.html").is_file()
    assert (site.dir / "tags/l0/l1/l2/l3/l4/l5/l6/l7/index.html").is_file()
    assert not (site.dir / "tags/l0/l1/l2/l3/l4/l5/l6/l7/l8").exists()


def test_off_a_path_stays_one_flat_tag(tmp_path: Path) -> None:
    write_config(tmp_path, material_config())
    write_page(tmp_path, "a.md", {"title": "A", "tags": ["LLM/Serving"]}, "x\n")
    site = build(tmp_path, "--strict")
    assert (site.dir / "tags/llm-serving/index.html").is_file()
    assert not (site.dir / "tags/llm").exists()
    assert site.html("tags/index.html").select("ul.tagindex-tree") == []
    assert "moved to nested URLs" not in site.log


# -- mkdocs-static-i18n -------------------------------------------------------------------------


def test_each_language_has_its_own_tree(tmp_path: Path) -> None:
    languages = [
        {"locale": "en", "default": True, "name": "EN", "build": True},
        {"locale": "ja", "name": "JA", "build": True},
    ]
    write_config(
        tmp_path,
        {
            "site_name": "I18n",
            "site_url": "https://example.org/",
            "theme": {"name": "material", "language": "en"},
            "plugins": [
                "search",
                {"i18n": {"docs_structure": "suffix", "languages": languages}},
                {"tagindex": {"hierarchy": True}},
            ],
        },
    )
    pages = {
        "index.md": ({"title": "Home"}, None),
        "index.ja.md": ({"title": "ホーム"}, None),
        "a.md": ({"title": "A en", "tags": ["ml/rl"], "date": "2026-01-02"}, None),
        "a.ja.md": ({"title": "A ja", "tags": ["ml/rl"], "date": "2026-01-02"}, None),
        "b.ja.md": ({"title": "B ja", "tags": ["ml/強化学習"], "date": "2026-01-01"}, None),
    }
    for rel, (meta, _) in pages.items():
        write_page(tmp_path, rel, meta, "Text.\n")
    site = build(tmp_path, "--strict")
    en = site.html("tags/ml/index.html")
    ja = site.html("ja/tags/ml/index.html")
    assert card_titles(en) == ["A en"]
    assert card_titles(ja) == ["A ja", "B ja"]
    ja_children = [a.get_text(strip=True) for a in ja.select(".tagindex-children a")]
    assert ja_children == ["#rl", "#強化学習"]
    crumbs = [
        resolve("ja/tags/ml/rl/", str(a["href"]))
        for a in site.html("ja/tags/ml/rl/index.html").select(".tagindex-breadcrumbs a")
    ]
    assert crumbs == ["ja/tags/", "ja/tags/ml/"]
    (chip,) = site.html("ja/b/index.html").select(".md-tags a.md-tag")
    assert chip["title"] == "ml/強化学習"
    assert resolve("ja/b/", str(chip["href"])) == "ja/tags/ml/%E5%BC%B7%E5%8C%96%E5%AD%A6%E7%BF%92/"


# -- Zensical: `tagindex build`, then the real `zensical build` --------------------------------


def test_zensical_gets_the_nested_pages(tmp_path: Path) -> None:
    project = hierarchy_site(tmp_path / "site", per_page=0)
    for step in (("init",), ("build",)):
        result = subprocess.run(
            [sys.executable, "-m", "mkdocs_tagindex", *step],
            cwd=project,
            env=ENV,
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert result.returncode == 0, result.stderr
    assert "moved to nested URLs" in result.stderr + result.stdout
    zensical = Path(sys.executable).parent / "zensical"
    result = subprocess.run(
        [str(zensical), "build"], cwd=project, env=ENV, capture_output=True, text=True, timeout=600
    )
    assert result.returncode == 0, result.stderr[-3000:] + result.stdout[-3000:]
    out = project / "site"

    def page(rel: str) -> BeautifulSoup:
        return BeautifulSoup((out / rel / "index.html").read_text("utf-8"), "html.parser")

    ml = page("tags/ml")
    assert card_titles(ml) == ["A1", "A2", "A3", "A4", "A5", "A6"]
    assert numbers(ml) == ["01", "02", "03", "04", "05", "06"]
    assert [a.get_text(strip=True) for a in ml.select(".tagindex-children a")] == [
        "#cv",
        "#page",
        "#rl",
    ]
    grpo = page("tags/ml/rl/grpo")
    assert [
        resolve("tags/ml/rl/grpo/", str(a["href"])) for a in grpo.select(".tagindex-breadcrumbs a")
    ] == ["tags/", "tags/ml/", "tags/ml/rl/"]
    tree = page("tags").select_one("ul.tagindex-tree")
    assert tree is not None and tree.select_one("ul.tagindex-tree__children") is not None
    # Zensical's own chips (without its `tags_hierarchy`): the whole path, linked to the leaf
    # page (with Zensical's own fragment, `#tag:mlrlgrpo`, which our layout leaves without target)
    chips = {
        a.get_text(strip=True): resolve("articles/a1/", str(a.get("href"))).split("#")[0]
        for a in page("articles/a1").select(".md-tag")
    }
    assert chips == {"ML/RL/GRPO": "tags/ml/rl/grpo/"}
    shutil.rmtree(out)


def test_zensical_tags_hierarchy_is_warned_against(tmp_path: Path) -> None:
    project = hierarchy_site(tmp_path)
    config = material_config(hierarchy=True)
    config["plugins"] = ["search", {"tags": {"tags_hierarchy": True}}, *config["plugins"][1:]]  # type: ignore[index]
    write_config(project, config)
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs_tagindex", "build"],
        cwd=project,
        env=ENV,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    warnings = [x for x in result.stderr.splitlines() if x.startswith("WARNING")]
    found = [x for x in warnings if "tags_hierarchy: true links a chip" in x]
    assert len(found) == 1  # besides what `tagindex init` would add (not run here)


def test_tagindex_check_names_a_bad_path(tmp_path: Path) -> None:
    write_config(tmp_path, {"site_name": "C", "plugins": [{"tagindex": {"hierarchy": True}}]})
    write_page(tmp_path, "a.md", {"tags": ["ml//rl"]}, "x\n")
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs_tagindex", "check"],
        cwd=tmp_path,
        env=ENV,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 1
    assert "a.md: front matter 'tags': tag 'ml//rl' has an empty level" in result.stderr
