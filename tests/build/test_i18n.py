"""mkdocs-static-i18n: per-language tag pages, switcher, fallbacks, sitemap, tags file, serve."""

from __future__ import annotations

import json
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from mkdocs.config import load_config

from mkdocs_tagindex.host import i18n

from conftest import build, run_mkdocs, write_config, write_page

TITLES = {
    "en": {"a": "Alpha article", "b": "Beta article (English only)"},
    "ja": {"a": "アルファの記事", "c": "ガンマの記事（日本語のみ）"},
}


def i18n_site(
    project: Path,
    *,
    structure: str = "suffix",
    default: str = "en",
    directory_urls: bool = True,
    options: dict[str, object] | None = None,
) -> Path:
    """Pages a (en+ja), b (English only), c (Japanese only), in the given i18n layout."""
    other = "ja" if default == "en" else "en"
    languages = [
        {"locale": default, "default": True, "name": default.upper(), "build": True},
        {"locale": other, "name": other.upper(), "build": True},
    ]
    plugin: object = {"tagindex": options} if options else "tagindex"
    write_config(
        project,
        {
            "site_name": "I18n fixture",
            "site_url": "https://example.org/docs/",
            "use_directory_urls": directory_urls,
            "theme": {"name": "material", "language": default},
            "plugins": [
                "search",
                {"i18n": {"docs_structure": structure, "languages": languages}},
                plugin,
            ],
        },
    )
    pages = {
        "en": {
            "a": ["grpo", "Robotics"],
            "b": ["grpo"],
        },
        "ja": {"a": ["grpo", "ロボティクス"], "c": ["強化学習"]},
    }
    for lang, articles in pages.items():
        for name, tags in [("index", []), *articles.items()]:
            if structure == "suffix":
                rel = f"{name}.md" if lang == default else f"{name}.{lang}.md"
            else:
                rel = f"{lang}/{name}.md"
            title = TITLES[lang].get(name, f"Home {lang}")
            meta: dict[str, object] = {"title": title}
            if tags:
                meta.update(
                    tags=tags,
                    type="paper",
                    read_time=3,
                    date="2026-01-0" + "123"["abc".index(name)],
                )
            write_page(project, rel, meta, f"Text of {title}.\n")
    return project


def switcher(page: BeautifulSoup) -> dict[str, str]:
    return {str(a["hreflang"]): str(a["href"]) for a in page.select("a.md-select__link")}


def card_titles(page: BeautifulSoup) -> list[str]:
    return [a.get_text() for a in page.select(".tagindex-card__title a")]


VARIANTS = [
    pytest.param(s, d, u, id=f"{s}-{d}-{'dirurls' if u else 'files'}")
    for s in ("suffix", "folder")
    for d in ("en", "ja")
    for u in (True, False)
]


@pytest.mark.parametrize(("structure", "default", "directory_urls"), VARIANTS)
def test_each_language_has_its_own_tag_pages(
    tmp_path: Path, structure: str, default: str, directory_urls: bool
) -> None:
    other = "ja" if default == "en" else "en"
    site = build(
        i18n_site(tmp_path, structure=structure, default=default, directory_urls=directory_urls),
        "--strict",
    )
    prefix = {default: "", other: f"{other}/"}
    ext = "" if directory_urls else "index.html"

    for lang in ("en", "ja"):
        page = site.html(f"{prefix[lang]}tags/grpo/index.html")
        assert page.html is not None and page.html["lang"] == lang
        titles = card_titles(page)
        count = page.select_one(".tagindex-count")
        assert count is not None
        if lang == "en":
            assert titles == [TITLES["en"]["b"], TITLES["en"]["a"]]
            assert count.get_text(strip=True) == "2 articles"
        else:
            assert TITLES["ja"]["a"] in titles
            assert count.get_text(strip=True) == f"{len(titles)}件の記事"
        # every card link resolves to a built page in the right language folder
        for link in page.select(".tagindex-card__title a"):
            href = str(link["href"])
            target = (site.dir / prefix[lang] / "tags/grpo" / href).resolve()
            target = target / "index.html" if href.endswith("/") else target
            assert target.is_file(), href
        # the switcher stays on the same tag page
        alt = switcher(page)
        other_lang = other if lang == default else default
        assert alt[other_lang].endswith(f"{prefix[other_lang]}tags/grpo/{ext}"), alt

    # untranslated: b exists in English only
    if default == "en":
        ja_page = site.html("ja/tags/grpo/index.html")
        marked = [
            c.select_one(".tagindex-card__title a").get_text()  # type: ignore[union-attr]
            for c in ja_page.select(".tagindex-card")
            if c.select_one(".tagindex-card__untranslated")
        ]
        assert marked == [TITLES["en"]["b"]]
        label = ja_page.select_one(".tagindex-card__untranslated")
        assert label is not None and label.get_text() == "未翻訳"

    # a Japanese-only tag: a page in Japanese only; its switcher goes to the other all-tags page
    ja_prefix = prefix["ja"]
    assert (site.dir / f"{ja_prefix}tags/強化学習/index.html").is_file()
    en_prefix = prefix["en"]
    assert not (site.dir / f"{en_prefix}tags/強化学習").exists()
    only_ja = site.html(f"{ja_prefix}tags/強化学習/index.html")
    assert switcher(only_ja)["en"].endswith(f"{en_prefix}tags/{ext}")

    # hreflang links in <head> and the sitemap carry the generated pages of both languages
    head = {
        str(link["hreflang"])
        for link in site.html(f"{en_prefix}tags/grpo/index.html").select(
            "link[rel=alternate][hreflang]"
        )
    }
    assert head == {"en", "ja"}
    sitemap = (site.dir / "sitemap.xml").read_text("utf-8")
    locs = set(re.findall(r"<loc>([^<]+)</loc>", sitemap))
    base = "https://example.org/docs/"
    assert f"{base}{en_prefix}tags/grpo/{ext}" in locs
    assert f"{base}{ja_prefix}tags/grpo/{ext}" in locs
    assert f"{base}{en_prefix}tags/{ext}" in locs
    index = json.loads((site.dir / "search/search_index.json").read_text("utf-8"))
    entries = {d["location"]: d for d in index["docs"]}
    for lang in ("en", "ja"):
        entry = entries[f"{prefix[lang]}tags/grpo/{ext}"]
        assert entry["title"] == "grpo" and "#grpo" in entry["text"]


def test_site_without_i18n_is_one_language(tmp_path: Path) -> None:
    write_config(
        tmp_path,
        {
            "site_name": "x",
            "theme": {"name": "material", "language": "ja"},
            "plugins": ["tagindex"],
        },
    )
    write_page(tmp_path, "index.md", {"title": "Home"}, "x\n")
    write_page(tmp_path, "a.md", {"title": "A", "tags": ["t"]}, "本文です。\n")
    site = build(tmp_path, "--strict")
    count = site.html("tags/t/index.html").select_one(".tagindex-count")
    assert count is not None and count.get_text(strip=True) == "1件の記事"


def test_fallback_articles_can_be_hidden(tmp_path: Path) -> None:
    site = build(i18n_site(tmp_path, options={"fallback_articles": "hide"}), "--strict")
    assert card_titles(site.html("ja/tags/grpo/index.html")) == [TITLES["ja"]["a"]]
    assert len(card_titles(site.html("tags/grpo/index.html"))) == 2


def test_tags_file_joins_translations_under_one_slug(tmp_path: Path) -> None:
    i18n_site(tmp_path, options={"tags_file": "tags.yml"})
    (tmp_path / "tags.yml").write_text(
        "robotics:\n"
        "  name: {en: Robotics, ja: ロボティクス}\n"
        "  description: {en: Robots that learn., ja: 学習するロボット。}\n"
        "grpo:\n  name: GRPO\n"
        "強化学習: {}\n",
        "utf-8",
    )
    site = build(tmp_path, "--strict")
    en = site.html("tags/robotics/index.html")
    ja = site.html("ja/tags/robotics/index.html")
    assert en.select_one(".tagindex-heading").get_text(strip=True) == "#Robotics"  # type: ignore[union-attr]
    assert ja.select_one(".tagindex-heading").get_text(strip=True) == "#ロボティクス"  # type: ignore[union-attr]
    assert ja.select_one(".tagindex-description").get_text(strip=True) == "学習するロボット。"  # type: ignore[union-attr]
    assert switcher(ja)["en"].endswith("tags/robotics/")
    assert not (site.dir / "ja/tags/ロボティクス").exists()
    chips = site.html("ja/a/index.html").select("nav.md-tags a.md-tag")
    assert [c.get_text(strip=True) for c in chips] == ["#GRPO", "#ロボティクス"]


@pytest.mark.parametrize(("policy", "fails"), [("ignore", False), ("warn", True), ("error", True)])
def test_unknown_tags_policy(tmp_path: Path, policy: str, fails: bool) -> None:
    i18n_site(tmp_path, options={"tags_file": "tags.yml", "unknown_tags": policy})
    (tmp_path / "tags.yml").write_text("grpo: {}\n", "utf-8")
    result = run_mkdocs(tmp_path, "--strict")
    assert (result.returncode != 0) is fails
    assert "Traceback" not in result.stderr
    if fails:
        assert "not in the tags file" in result.stderr
        assert re.search(
            r"a(\.ja)?\.md: front matter 'tags': tag '(Robotics|ロボティクス)'", result.stderr
        )
    if policy == "warn":
        assert run_mkdocs(tmp_path).returncode == 0


def test_static_i18n_internals_we_use_still_exist(tmp_path: Path) -> None:
    """Fails loudly when a static-i18n release renames what i18n.py relies on."""
    config = load_config(str(i18n_site(tmp_path) / "mkdocs.yml"))
    assert i18n.check_internals(config) == []
    langs = i18n.languages(config)
    assert langs.default == "en" and langs.build == ("en", "ja") and langs.structure == "suffix"
    site = build(tmp_path)
    page = site.html("ja/a/index.html")
    assert page.html is not None and page.html["lang"] == "ja"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def status(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return int(response.status)
    except urllib.error.HTTPError as exc:
        return exc.code
    except OSError:
        return 0


def wait_for(url: str, code: int, seconds: float = 90) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if status(url) == code:
            return
        time.sleep(0.5)
    raise AssertionError(f"{url} did not answer {code} within {seconds} s")


@pytest.mark.slow
def test_serve_rebuilds_both_languages_when_tags_change(tmp_path: Path) -> None:
    project = i18n_site(tmp_path)
    port = free_port()
    base = f"http://127.0.0.1:{port}/docs/"
    server = subprocess.Popen(
        [sys.executable, "-m", "mkdocs", "serve", "-a", f"127.0.0.1:{port}"],
        cwd=project,
        env={"NO_MKDOCS_2_WARNING": "1", "PATH": "/usr/bin:/bin"},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_for(base + "ja/tags/grpo/", 200)
        assert status(base + "tags/newtag/") == 404
        for rel in ("docs/a.md", "docs/a.ja.md"):
            path = project / rel
            path.write_text(path.read_text("utf-8").replace("- grpo", "- newtag"), "utf-8")
        wait_for(base + "ja/tags/newtag/", 200)
        wait_for(base + "tags/newtag/", 200)
        # grpo is left on b only, an English page: the English page lists it alone, and the
        # Japanese page goes (a tag only on untranslated fallbacks has no page of its own)
        with urllib.request.urlopen(base + "tags/grpo/", timeout=5) as response:
            en = BeautifulSoup(response.read().decode(), "html.parser")
        assert card_titles(en) == [TITLES["en"]["b"]]
        wait_for(base + "ja/tags/grpo/", 404)
        for rel in ("docs/a.md", "docs/a.ja.md"):
            path = project / rel
            path.write_text(path.read_text("utf-8").replace("- newtag", "- grpo"), "utf-8")
        wait_for(base + "tags/newtag/", 404)
        wait_for(base + "ja/tags/newtag/", 404)
        wait_for(base + "ja/tags/grpo/", 200)
    finally:
        server.terminate()
        server.wait(timeout=30)
