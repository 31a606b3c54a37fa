"""Read times in real builds: Japanese by characters, overrides, article headers."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import build, material_config, run_mkdocs, write_config, write_page

# 1,500 kana and kanji: 1500 / 600 per minute → 3 minutes (Material's blog counts it as 1).
JAPANESE = "強化学習はエージェントが報酬を最大化する方法を学ぶ枠組みです" * 50
ENGLISH = " ".join(["word"] * 700)  # 700 / 238 → 3 minutes


def read_time(site_dir: Path, tag: str = "t") -> list[str]:
    from bs4 import BeautifulSoup

    page = BeautifulSoup((site_dir / f"tags/{tag}/index.html").read_text("utf-8"), "html.parser")
    return [s.get_text() for s in page.select(".tagindex-card__read-time")]


def test_japanese_site_counts_characters(tmp_path: Path) -> None:
    config = material_config()
    config["theme"] = {"name": "material", "language": "ja"}
    write_config(tmp_path, config)
    write_page(tmp_path, "index.md", {"title": "ホーム"}, "こんにちは\n")
    assert len("".join(ch for ch in JAPANESE if ch not in "。、")) == 1500
    write_page(tmp_path, "a.md", {"title": "記事", "tags": ["t"]}, JAPANESE + "\n")
    site = build(tmp_path, "--strict")
    assert read_time(site.dir) == ["3分で読めます"]


def test_page_lang_overrides_and_front_matter_wins(tmp_path: Path) -> None:
    write_config(tmp_path, material_config(sort_by="title"))
    write_page(tmp_path, "index.md", {"title": "Home"}, "Hi\n")
    write_page(tmp_path, "a.md", {"title": "A", "tags": ["t"], "lang": "ja"}, JAPANESE + "\n")
    write_page(tmp_path, "b.md", {"title": "B", "tags": ["t"]}, ENGLISH + "\n")
    write_page(tmp_path, "c.md", {"title": "C", "tags": ["t"], "read_time": 42}, ENGLISH + "\n")
    site = build(tmp_path, "--strict")
    assert read_time(site.dir) == ["3 min read", "3 min read", "42 min read"]


def test_configured_rates(tmp_path: Path) -> None:
    rates = {"default": {"words_per_minute": 100}, "ja": {"chars_per_minute": 300}}
    write_config(tmp_path, material_config(sort_by="title", read_time={"rates": rates}))
    write_page(tmp_path, "index.md", {"title": "Home"}, "Hi\n")
    write_page(tmp_path, "a.md", {"title": "A", "tags": ["t"], "lang": "ja"}, JAPANESE + "\n")
    write_page(tmp_path, "b.md", {"title": "B", "tags": ["t"]}, ENGLISH + "\n")
    site = build(tmp_path, "--strict")
    assert read_time(site.dir) == ["5 min read", "7 min read"]


def test_disabled_read_time_keeps_front_matter_values(tmp_path: Path) -> None:
    write_config(tmp_path, material_config(sort_by="title", read_time={"enabled": False}))
    write_page(tmp_path, "index.md", {"title": "Home"}, "Hi\n")
    write_page(tmp_path, "a.md", {"title": "A", "tags": ["t"]}, ENGLISH + "\n")
    write_page(tmp_path, "b.md", {"title": "B", "tags": ["t"], "read_time": 4}, "b\n")
    site = build(tmp_path, "--strict")
    assert read_time(site.dir) == ["4 min read"]


@pytest.mark.parametrize("on_article", [True, False])
def test_article_header_shows_member_type_and_read_time(tmp_path: Path, on_article: bool) -> None:
    write_config(tmp_path, material_config(read_time={"on_article": on_article}))
    write_page(tmp_path, "index.md", {"title": "Home"}, "Hi\n")
    meta = {"title": "A", "tags": ["t"], "member": True, "type": "paper"}
    write_page(tmp_path, "a.md", meta, ENGLISH + "\n")
    site = build(tmp_path, "--strict")
    page = site.html("a/index.html")
    line = page.select_one(".tagindex-article-meta")
    chips = page.select("nav.md-tags a.md-tag")
    assert [c.get_text(strip=True) for c in chips] == ["#t"]  # the theme's chips are kept
    if on_article:
        assert line is not None
        assert " ".join(line.get_text().split()) == "★ MEMBER · PAPER · 3 min read"
    else:
        assert line is None


def test_bad_rates_are_a_config_error(tmp_path: Path) -> None:
    rates = {"ja": {"chars_per_minut": 500}}
    write_config(tmp_path, material_config(read_time={"rates": rates}))
    write_page(tmp_path, "index.md", {"title": "Home"}, "Hi\n")
    result = run_mkdocs(tmp_path)
    assert result.returncode != 0
    assert "chars_per_minut" in result.stderr and "Traceback" not in result.stderr
