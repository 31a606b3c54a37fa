"""Tag pages link onward (issue 35, point 2): "narrow with…" offers the tags that share most
articles with the page's tag, each a link to the all-tags page's explorer with both selected
(`tags/?t=<this>+<other>&match=all`). Built with `mkdocs build --strict` and with the command +
Zensical; the links, their order and their targets are the same on both hosts."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urljoin, urlsplit

from bs4 import BeautifulSoup
from test_zensical import on_zensical, tagindex

from conftest import build, material_config, write_config, write_page

RL_JA = "強化学習"
RL_JA_QUOTED = "%E5%BC%B7%E5%8C%96%E5%AD%A6%E7%BF%92"

ARTICLES = {
    "a": ["grpo", "rl", "ppo", RL_JA],
    "b": ["grpo", "rl", "ppo"],
    "c": ["grpo", "rl"],
    "d": ["grpo", "alpha"],
    "e": ["rl", "beta"],
    "f": ["zeta"],
}
"""grpo shares 3 articles with rl, 2 with ppo, 1 with alpha and 1 with 強化学習 (ties: the
all-tags page's order, by name); zeta shares none."""


def narrow_site(project: Path, **options: object) -> Path:
    write_config(project, material_config(per_page=2, **options))
    write_page(project, "index.md", {"title": "Home"}, "# Home\n\nHello.\n")
    for n, (name, tags) in enumerate(ARTICLES.items()):
        meta = {"title": name.upper(), "tags": tags, "date": f"2026-01-{n + 1:02d}"}
        write_page(project, f"{name}.md", meta, f"# {name.upper()}\n\nText of {name}.\n")
    return project


def links(site_dir: Path, rel: str) -> list[tuple[str, str, str]] | None:
    """The page's "narrow with…" links: (text, count text, absolute target); None: no block."""
    html = BeautifulSoup((site_dir / rel).read_text("utf-8"), "html.parser")
    nav = html.select_one("nav.tagindex-narrow")
    if nav is None:
        return None
    label = html.select_one("#" + str(nav.get("aria-labelledby")))
    assert label is not None and label.get_text() == "Narrow with"
    base = "https://x/" + rel.removesuffix("index.html")
    out = []
    for item in nav.select("li"):
        # one link holds the tag and its count (issue 40: one target, named for what it does)
        link = item.select_one("a")
        assert link is not None
        tag, count = (
            link.select_one(".tagindex-narrow__tag"),
            link.select_one(".tagindex-narrow__count"),
        )
        assert tag is not None and count is not None
        assert link.get("aria-labelledby") == f"{nav.get('aria-labelledby')} {link.get('id')}"
        out.append((tag.get_text(), count.get_text(), urljoin(base, str(link.get("href")))))
    return out


def explorer(*slugs: str) -> str:
    return "https://x/tags/?t=" + "+".join(slugs) + "&match=all"


GRPO = [
    ("#rl", "3 articles", explorer("grpo", "rl")),
    ("#ppo", "2 articles", explorer("grpo", "ppo")),
    ("#alpha", "1 article", explorer("grpo", "alpha")),
    (f"#{RL_JA}", "1 article", explorer("grpo", RL_JA_QUOTED)),
]


def test_links_order_targets_on_both_hosts(tmp_path: Path) -> None:
    project = narrow_site(tmp_path / "narrow")
    mk = build(project, "--strict")
    assert mk.warnings() == []
    zen = on_zensical(project)
    for site_dir in (mk.dir, zen):
        # every page of the paginated tag, each resolved from its own URL
        assert links(site_dir, "tags/grpo/index.html") == GRPO
        assert links(site_dir, "tags/grpo/page/2/index.html") == GRPO
        ja = links(site_dir, f"tags/{RL_JA}/index.html")
        assert ja == [
            (f"#{name}", "1 article", explorer(RL_JA_QUOTED, name))
            for name in ("grpo", "ppo", "rl")
        ]
        assert links(site_dir, "tags/zeta/index.html") is None  # nothing to offer
        target = urlsplit(GRPO[0][2])
        assert (target.path, target.query) == ("/tags/", "t=grpo+rl&match=all")
        assert (site_dir / "tags/index.html").is_file()  # the links land on the all-tags page
    raw = (mk.dir / "tags/grpo/index.html").read_text("utf-8")
    assert 'href="../?t=grpo+rl&amp;match=all"' in raw
    assert f'href="../../../?t=grpo+{RL_JA_QUOTED}&amp;match=all"' in (
        mk.dir / "tags/grpo/page/2/index.html"
    ).read_text("utf-8")


def test_the_limit_and_zero_turns_the_block_off(tmp_path: Path) -> None:
    two = build(narrow_site(tmp_path / "two", narrow_with=2), "--strict")
    assert links(two.dir, "tags/grpo/index.html") == GRPO[:2]
    off = narrow_site(tmp_path / "off", narrow_with=0)
    for site_dir in (build(off, "--strict").dir, on_zensical(off)):
        html = (site_dir / "tags/grpo/index.html").read_text("utf-8")
        assert "tagindex-narrow" not in html
        assert BeautifulSoup(html, "html.parser").select("ol.tagindex-cards > li")  # still a page


def test_a_hidden_tag_is_never_offered(tmp_path: Path) -> None:
    project = narrow_site(tmp_path / "hidden", tags_file="tags.yml", unknown_tags="ignore")
    (project / "tags.yml").write_text("alpha: {hidden: true}\n", "utf-8")
    site = build(project, "--strict")
    assert links(site.dir, "tags/grpo/index.html") == [GRPO[0], GRPO[1], GRPO[3]]
    assert links(site.dir, "tags/beta/index.html") == [("#rl", "1 article", explorer("beta", "rl"))]


def test_no_block_without_the_all_tags_page(tmp_path: Path) -> None:
    site = build(narrow_site(tmp_path / "noindex", index=False), "--strict")
    assert not (site.dir / "tags/index.html").exists()
    assert links(site.dir, "tags/grpo/index.html") is None


def test_no_block_where_the_all_tags_page_has_no_explorer(tmp_path: Path) -> None:
    """Issue 39, fault 12: the links open the explorer, so no block where there is none to open:
    the author's own all-tags page (the plugin then generates none), `explorer: false`, and on
    Zensical `index: false` too (the author's page at the all-tags page's URL is a clash there,
    refused by the command)."""
    own = narrow_site(tmp_path / "own")
    write_page(own, "tags.md", {"title": "My tags"}, "# My tags\n\nNo explorer here.\n")
    mk_own = build(own, "--strict")
    assert "No explorer here." in (mk_own.dir / "tags/index.html").read_text("utf-8")
    assert links(mk_own.dir, "tags/grpo/index.html") is None
    no_explorer = narrow_site(tmp_path / "plain", explorer=False)
    no_index = narrow_site(tmp_path / "noindex", index=False)
    for site_dir in (
        build(no_explorer, "--strict").dir,
        on_zensical(no_explorer),
        on_zensical(no_index),
    ):
        assert links(site_dir, "tags/grpo/index.html") is None
        assert links(site_dir, "tags/grpo/page/2/index.html") is None
        assert (site_dir / "tags/grpo/index.html").is_file()


def test_hierarchy_keeps_the_path_and_leaves_out_the_tags_own_levels(tmp_path: Path) -> None:
    project = tmp_path / "tree"
    write_config(project, material_config(hierarchy=True, group_by="year"))
    write_page(project, "index.md", {"title": "Home"}, "# Home\n\nHello.\n")
    pages = {"a": ["ml/rl/grpo", "nlp"], "b": ["ml/rl", "nlp"], "c": ["ml/vision"]}
    for name, tags in pages.items():
        meta = {"title": name.upper(), "tags": tags, "date": "2026-01-01"}
        write_page(project, f"{name}.md", meta, f"# {name.upper()}\n\nText.\n")
    mk = build(project, "--strict")
    zen = on_zensical(project)
    for site_dir in (mk.dir, zen):
        # grouped pages (group_by): on Zensical the page body is Markdown around the block
        assert links(site_dir, "tags/ml/rl/index.html") == [
            ("#nlp", "2 articles", explorer("ml/rl", "nlp"))
        ]
        assert links(site_dir, "tags/nlp/index.html") == [
            ("#ml", "2 articles", explorer("nlp", "ml")),
            ("#rl", "2 articles", explorer("nlp", "ml/rl")),
            ("#grpo", "1 article", explorer("nlp", "ml/rl/grpo")),
        ]
        assert links(site_dir, "tags/ml/index.html") == [
            ("#nlp", "2 articles", explorer("ml", "nlp"))
        ]
        assert links(site_dir, "tags/ml/vision/index.html") is None


def test_a_rebuild_follows_a_neighbour_renamed_elsewhere(tmp_path: Path) -> None:
    """The command keeps a tag page while what it shows is unchanged: a tag it offers, renamed
    by pages that are not on it (its most used spelling), changes it too."""
    project = tmp_path / "renamed"
    write_config(project, material_config())
    write_page(project, "index.md", {"title": "Home"}, "# Home\n\nHello.\n")
    write_page(project, "a.md", {"title": "A", "tags": ["x", "y"]}, "# A\n\nText.\n")
    write_page(project, "b.md", {"title": "B", "tags": ["y"]}, "# B\n\nText.\n")
    for step in ("init", "build"):
        assert tagindex(project, step).returncode == 0
    page = project / "docs/tags/x/index.md"
    assert ">#y</span>" in page.read_text("utf-8")  # the tag inside its narrow link
    write_page(project, "b.md", {"title": "B", "tags": ["Y"]}, "# B\n\nText.\n")
    write_page(project, "c.md", {"title": "C", "tags": ["Y"]}, "# C\n\nText.\n")
    assert tagindex(project, "build").returncode == 0
    assert ">#Y</span>" in page.read_text("utf-8")
