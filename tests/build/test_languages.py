"""Sites in other languages than English and Japanese build `--strict` with their own labels.

Real `mkdocs build --strict` with Material (and mkdocs-static-i18n where named); the labels are
read from the HTML that comes out and compared with texts written out here, not with the
module's tables, so a code that resolves to the wrong table fails.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from bs4 import BeautifulSoup, Tag

from conftest import Site, build, material_config, seed_site, write_config, write_page

NO_TABLE = "no built-in labels for language"


def text(page: BeautifulSoup | Tag, selector: str) -> str:
    found = page.select_one(selector)
    assert found is not None, f"nothing matches {selector}"
    return " ".join(found.get_text("").split())


def texts(page: BeautifulSoup, selector: str) -> list[str]:
    return [" ".join(e.get_text("").split()) for e in page.select(selector)]


def assert_clean(site: Site) -> None:
    """`--strict` passed (build() checked) and nothing was even worth a warning."""
    assert site.warnings() == [], site.warnings()
    assert NO_TABLE not in site.log


def articles(project: Path, suffix: str = "") -> None:
    """Two articles tagged grpo (one also `rl`): 13 min and 1 min, a member paper and a tutorial."""
    write_page(project, f"index{suffix}.md", {"title": "Home"}, "Home.\n")
    write_page(
        project,
        f"a{suffix}.md",
        {
            "title": "Alpha",
            "tags": ["grpo", "rl"],
            "type": "paper",
            "member": True,
            "read_time": 13,
            "date": "2026-01-02",
        },
        "Alpha text.\n",
    )
    write_page(
        project,
        f"b{suffix}.md",
        {
            "title": "Beta",
            "tags": ["grpo"],
            "type": "tutorial",
            "read_time": 1,
            "date": "2026-01-01",
        },
        "Beta text.\n",
    )


def theme_site(project: Path, language: str, **options: object) -> Path:
    config = material_config(**options)
    config["theme"] = {"name": "material", "language": language}
    write_config(project, config)
    articles(project)
    return project


def i18n_site(project: Path, locales: list[str], **options: object) -> Path:
    """static-i18n, suffix structure, the first locale the default; the same two articles in
    every language."""
    languages = [
        {"locale": loc, "name": loc, "build": True, **({"default": True} if i == 0 else {})}
        for i, loc in enumerate(locales)
    ]
    plugin: object = {"tagindex": options} if options else "tagindex"
    write_config(
        project,
        {
            "site_name": "Languages",
            "site_url": "https://example.org/",
            "theme": {"name": "material", "language": locales[0]},
            "plugins": [
                "search",
                {"i18n": {"docs_structure": "suffix", "languages": languages}},
                plugin,
            ],
        },
    )
    for i, loc in enumerate(locales):
        articles(project, suffix="" if i == 0 else f".{loc}")
    return project


def tag_page(site: Site, prefix: str = "") -> BeautifulSoup:
    return site.html(f"{prefix}tags/grpo/index.html")


def test_french_only_site(tmp_path: Path) -> None:
    site = build(theme_site(tmp_path, "fr"), "--strict")
    assert_clean(site)
    page = tag_page(site)
    assert text(page, ".tagindex-heading") == "#grpo"
    assert text(page, ".tagindex-count") == "2 articles"
    assert texts(page, ".tagindex-card__read-time") == ["13 min de lecture", "1 min de lecture"]
    assert texts(page, ".tagindex-card__member") == ["★ RÉSERVÉ AUX MEMBRES"]
    assert texts(page, ".tagindex-card__type") == ["ÉTUDE", "TUTORIEL"]
    assert text(page, ".tagindex-footer") == "Toutes les étiquettes"
    index = site.html("tags/index.html")
    assert text(index, ".tagindex-heading") == "Toutes les étiquettes"
    assert text(index, ".tagindex-count") == "2 étiquettes · 2 articles"
    article = site.html("a/index.html")
    assert (
        text(article, ".tagindex-article-meta")
        == "★ RÉSERVÉ AUX MEMBRES · ÉTUDE · 13 min de lecture"
    )


def test_french_site_without_any_tag(tmp_path: Path) -> None:
    config = material_config()
    config["theme"] = {"name": "material", "language": "fr"}
    write_config(tmp_path, config)
    write_page(tmp_path, "index.md", {"title": "Accueil"}, "Bonjour.\n")
    write_page(tmp_path, "guide.md", None, "# Guide\n\nTexte.\n")
    assert_clean(build(tmp_path, "--strict"))


def test_german_site(tmp_path: Path) -> None:
    config = material_config()
    config["theme"] = {"name": "material", "language": "de"}
    site = build(seed_site(tmp_path, config), "--strict")
    assert_clean(site)
    page = tag_page(site)
    assert text(page, ".tagindex-count") == "16 Artikel"
    first = page.select_one("li.tagindex-card")
    assert first is not None
    assert text(first, ".tagindex-card__meta") == (
        "01 · Training & Alignment · ★ FÜR MITGLIEDER · PAPER · 13 Min. Lesezeit"
    )
    assert "min read" not in page.get_text() and "articles" not in page.get_text()
    index = site.html("tags/index.html")
    assert text(index, ".tagindex-count") == "2 Schlagwörter · 16 Artikel"
    assert texts(index, ".tagindex-index__count") == ["16 Artikel", "8 Artikel"]


def test_german_and_english_static_i18n_site(tmp_path: Path) -> None:
    site = build(i18n_site(tmp_path, ["de", "en"]), "--strict")
    assert_clean(site)
    de, en = tag_page(site), tag_page(site, "en/")
    assert de.html is not None and de.html["lang"] == "de"
    assert text(de, ".tagindex-count") == "2 Artikel"
    assert texts(de, ".tagindex-card__read-time") == ["13 Min. Lesezeit", "1 Min. Lesezeit"]
    assert text(de, ".tagindex-footer") == "Alle Schlagwörter"
    assert en.html is not None and en.html["lang"] == "en"
    assert text(en, ".tagindex-count") == "2 articles"
    assert texts(en, ".tagindex-card__read-time") == ["13 min read", "1 min read"]
    assert texts(en, ".tagindex-card__member") == ["★ MEMBER"]


def test_french_english_japanese_static_i18n_site(tmp_path: Path) -> None:
    site = build(i18n_site(tmp_path, ["fr", "en", "ja"]), "--strict")
    assert_clean(site)
    expected = {
        "": ("2 articles", "13 min de lecture", "Toutes les étiquettes"),
        "en/": ("2 articles", "13 min read", "All tags"),
        "ja/": ("2件の記事", "13分で読めます", "すべてのタグ"),
    }
    got = {}
    for prefix in expected:
        page = tag_page(site, prefix)
        got[prefix] = (
            text(page, ".tagindex-count"),
            texts(page, ".tagindex-card__read-time")[0],
            text(page, ".tagindex-footer"),
        )
    assert got == expected


def test_language_without_a_table_uses_materials_read_time_and_says_so_once(
    tmp_path: Path,
) -> None:
    site = build(theme_site(tmp_path, "is", per_page=1), "--strict")
    assert site.warnings() == [], site.warnings()
    notes = [line for line in site.log.splitlines() if NO_TABLE in line]
    assert len(notes) == 1 and notes[0].startswith("INFO"), notes
    assert "'is'" in notes[0] and "partials/languages/is.html" in notes[0]
    page = tag_page(site)
    assert texts(page, ".tagindex-card__read-time") == ["13 mín lestur"]  # Material's Icelandic
    assert text(page, ".tagindex-count") == "2 articles"  # English for the rest
    assert text(page, ".tagindex-pagination__next") == "Næsta"  # footer.next; CSS draws arrows
    second = site.html("tags/grpo/page/2/index.html")
    assert texts(second, ".tagindex-card__read-time") == ["1 mín lestur"]
    assert text(second, ".tagindex-pagination__previous") == "Fyrri"


def test_language_whose_material_translation_has_no_read_time(tmp_path: Path) -> None:
    """Material's Georgian has `readtime.one` but no `readtime.other`: English read time, as
    Material's own blog shows for anything but 1 minute."""
    site = build(theme_site(tmp_path, "ka"), "--strict")
    assert site.warnings() == [], site.warnings()
    notes = [line for line in site.log.splitlines() if NO_TABLE in line]
    assert len(notes) == 1 and notes[0].startswith("INFO") and "read time" not in notes[0]
    page = tag_page(site)
    assert texts(page, ".tagindex-card__read-time") == ["13 min read", "1 min read"]


def test_static_i18n_site_with_a_language_without_a_table(tmp_path: Path) -> None:
    site = build(i18n_site(tmp_path, ["en", "is"]), "--strict")
    assert site.warnings() == [], site.warnings()
    notes = [line for line in site.log.splitlines() if NO_TABLE in line]
    assert len(notes) == 1 and notes[0].startswith("INFO"), notes
    assert texts(tag_page(site), ".tagindex-card__read-time")[0] == "13 min read"
    assert texts(tag_page(site, "is/"), ".tagindex-card__read-time")[0] == "13 mín lestur"


EVERY_TABLE = {
    # Material's language code → (count line for 2 articles, read time of 13 minutes)
    "en": ("2 articles", "13 min read"),
    "ja": ("2件の記事", "13分で読めます"),
    "zh": ("2 篇文章", "阅读约 13 分钟"),
    "zh-Hant": ("2 篇文章", "閱讀約 13 分鐘"),
    "zh-TW": ("2 篇文章", "閱讀約 13 分鐘"),
    "ko": ("글 2개", "읽는 데 13분"),
    "de": ("2 Artikel", "13 Min. Lesezeit"),
    "fr": ("2 articles", "13 min de lecture"),
    "es": ("2 artículos", "13 min de lectura"),
    "pt": ("2 artigos", "13 min de leitura"),
    "pt-BR": ("2 artigos", "13 min de leitura"),
    "it": ("2 articoli", "13 min di lettura"),
    "nl": ("2 artikelen", "13 min leestijd"),
    "pl": ("2 artykuły", "13 min czytania"),
    "ru": ("2 статьи", "13 мин чтения"),
    "uk": ("2 статті", "13 хв читання"),
    "tr": ("2 makale", "13 dk okuma"),
    "vi": ("2 bài viết", "13 phút đọc"),
    "id": ("2 artikel", "13 menit baca"),
    "ar": ("مقالتان", "قراءة في 13 دقيقة"),
    "he": ("שני מאמרים", "13 דקות קריאה"),
}


@pytest.mark.slow
def test_every_table_in_one_static_i18n_site(tmp_path: Path) -> None:
    """All twenty tables through Material's own language codes, one static-i18n build."""
    locales = list(EVERY_TABLE)
    site = build(i18n_site(tmp_path, locales), "--strict")
    assert_clean(site)
    got = {}
    for i, loc in enumerate(locales):
        page = tag_page(site, "" if i == 0 else f"{loc}/")
        got[loc] = (text(page, ".tagindex-count"), texts(page, ".tagindex-card__read-time")[0])
    assert got == EVERY_TABLE
    for loc in ("ar", "he"):  # Material lays the generated pages out right to left too
        body = tag_page(site, f"{loc}/").body
        assert body is not None and body.get("dir") == "rtl"
