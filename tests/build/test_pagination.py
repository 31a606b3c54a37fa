"""Long tags are split into pages: numbering continues, prev/next, per language."""

from __future__ import annotations

from pathlib import Path

from bs4 import BeautifulSoup
from test_i18n import switcher

from conftest import build, material_config, write_config, write_page


def numbers(page: BeautifulSoup) -> list[str]:
    return [n.get_text() for n in page.select(".tagindex-card__number")]


def test_pages_of_a_long_tag(tmp_path: Path) -> None:
    options = {"per_page": 5, "sort_by": "title", "audiences": {"s": "S"}, "filters": ["type"]}
    write_config(tmp_path, material_config(**options))
    write_page(tmp_path, "index.md", {"title": "Home"}, "Hi\n")
    for i in range(12):
        tags = ["long", "short"] if i < 3 else ["long"]
        write_page(tmp_path, f"p{i:02d}.md", {"title": f"P{i:02d}", "tags": tags}, "b\n")
    site = build(tmp_path, "--strict")
    first = site.html("tags/long/index.html")
    second = site.html("tags/long/page/2/index.html")
    third = site.html("tags/long/page/3/index.html")
    assert not (site.dir / "tags/long/page/4").exists()
    assert numbers(first) == ["01", "02", "03", "04", "05"]
    assert numbers(second) == ["06", "07", "08", "09", "10"]
    assert numbers(third) == ["11", "12"]
    for page in (first, second, third):
        count = page.select_one(".tagindex-count")
        assert count is not None and count.get_text(strip=True) == "12 articles"
    assert first.select_one("a[rel=prev]") is None
    assert first.select_one("a[rel=next]")["href"] == "page/2/"  # type: ignore[index]
    assert second.select_one("a[rel=prev]")["href"] == "../../"  # type: ignore[index]
    assert second.select_one("a[rel=next]")["href"] == "../3/"  # type: ignore[index]
    assert third.select_one("a[rel=next]") is None
    current = second.select_one(".tagindex-pagination [aria-current=page]")
    assert current is not None and current.get_text() == "2"
    # the audience switch and filters work on long tags too: the script reads tags.json
    assert second.select("[data-tagindex-toolbar]")
    root = second.select_one('[data-tagindex="tag"]')
    assert root is not None and root["data-tagindex-index"] == "../../../tags.json"
    assert second.select_one("[data-tagindex-pagination]") is not None
    title = second.select_one("title")
    assert title is not None and "page 2 of 3" in title.get_text()
    # the short tag is one page, without pagination
    short = site.html("tags/short/index.html")
    assert numbers(short) == ["01", "02", "03"]
    assert short.select_one(".tagindex-pagination") is None
    assert short.select("[data-tagindex-toolbar]")
    write_config(tmp_path, material_config(per_page=0))
    whole = build(tmp_path, "--strict")
    assert len(numbers(whole.html("tags/long/index.html"))) == 12
    assert not (whole.dir / "tags/long/page").exists()


def test_switcher_keeps_the_page_number_where_it_exists(tmp_path: Path) -> None:
    from test_i18n import i18n_site

    i18n_site(tmp_path, options={"per_page": 2, "fallback_articles": "hide"})
    for i in range(3):  # English grpo: a, b, e0-e2 = 5 cards → 3 pages
        write_page(tmp_path, f"e{i}.md", {"title": f"E{i}", "tags": ["grpo"]}, "e\n")
    for i in range(2):  # Japanese grpo: a, j0, j1 = 3 cards → 2 pages
        write_page(tmp_path, f"j{i}.ja.md", {"title": f"J{i}", "tags": ["grpo"]}, "j\n")
    site = build(tmp_path, "--strict")
    assert (site.dir / "tags/grpo/page/3/index.html").is_file()
    assert (site.dir / "ja/tags/grpo/page/2/index.html").is_file()
    assert not (site.dir / "ja/tags/grpo/page/3").exists()
    assert switcher(site.html("tags/grpo/page/2/index.html"))["ja"].endswith("ja/tags/grpo/page/2/")
    assert switcher(site.html("tags/grpo/page/3/index.html"))["ja"].endswith("ja/tags/grpo/")
    assert switcher(site.html("ja/tags/grpo/page/2/index.html"))["en"].endswith(
        "/tags/grpo/page/2/"
    )
