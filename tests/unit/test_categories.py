"""Categories in the page's language (issue 40, item 10): the names a language gives the default
language's categories, from its translations, then the tags file's `categories:` table, else as
written; the table's validation; and `Language.collect` naming an untranslated article's
categories so."""

from __future__ import annotations

import logging
import random
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from mkdocs_tagindex.core import Language, Messages, Run, SiteInfo, SourcePage
from mkdocs_tagindex.core.model.categories import CategoryNames, category_names, learned
from mkdocs_tagindex.core.model.layouts import Languages
from mkdocs_tagindex.core.options import tagsfile
from mkdocs_tagindex.core.options.config import TagIndexConfig
from mkdocs_tagindex.core.records.article import Facts

SUFFIX = Languages(current="en", default="en", build=("en", "ja", "de"), structure="suffix")
FOLDER = Languages(current="en", default="en", build=("en", "ja"), structure="folder")


def names_of(
    written: dict[str, tuple[str, ...]],
    table: dict[str, dict[str, str]] | None = None,
    languages: Languages = SUFFIX,
) -> tuple[CategoryNames, list[str]]:
    said: list[str] = []
    return category_names(languages, written, table or {}, said.append), said


# -- learned from translations --------------------------------------------------------------------


def test_a_translation_names_the_category_of_the_untranslated_articles() -> None:
    names, said = names_of(
        {
            "a.md": ("Agents",),
            "a.ja.md": ("エージェント",),
            "b.md": ("Agents",),  # no translation: it is what the names are for
            "c.md": ("Tools", "Agents"),
            "c.ja.md": ("ツール", "エージェント"),  # two items, paired in order
        }
    )
    assert said == []
    assert names.of("ja") == {"Agents": "エージェント", "Tools": "ツール"}
    assert names.shown("ja", ("Agents",)) == ("エージェント",)
    assert names.shown("ja", ("Other", "Tools")) == ("Other", "ツール")  # else as written
    assert names.of("en") == {} and names.shown("en", ("Agents",)) == ("Agents",)
    assert names.of("de") == {}  # no German translation names anything


def test_the_folder_layout_pairs_the_same_page_in_each_folder() -> None:
    names, _ = names_of(
        {"en/a.md": ("Agents",), "ja/a.md": ("エージェント",), "en/b.md": ("Agents",)},
        languages=FOLDER,
    )
    assert names.of("ja") == {"Agents": "エージェント"}


def test_lists_of_different_lengths_say_nothing() -> None:
    names, said = names_of({"a.md": ("Agents", "Tools"), "a.ja.md": ("エージェント",)})
    assert names.of("ja") == {} and said == []


def test_two_categories_that_become_one_name_are_one() -> None:
    names, _ = names_of(
        {
            "a.md": ("Agents",),
            "a.ja.md": ("エージェント",),
            "b.md": ("Agent",),
            "b.ja.md": ("エージェント",),
        }
    )
    assert names.shown("ja", ("Agents", "Agent")) == ("エージェント",)


def test_disagreeing_translations_warn_once_naming_both_files_and_the_most_given_wins() -> None:
    names, said = names_of(
        {
            "a.md": ("Agents",),
            "a.ja.md": ("AIエージェント",),
            "b.md": ("Agents",),
            "b.ja.md": ("エージェント",),
            "c.md": ("Agents",),
            "c.ja.md": ("エージェント",),
        }
    )
    assert names.of("ja") == {"Agents": "エージェント"}
    assert len(said) == 1
    assert "b.ja.md" in said[0] and "a.ja.md" in said[0]
    assert "'Agents'" in said[0] and "'エージェント'" in said[0] and "'AIエージェント'" in said[0]


def test_a_tie_goes_to_the_first_file_in_path_order() -> None:
    names, said = names_of(
        {"b.md": ("Agents",), "b.ja.md": ("B",), "a.md": ("Agents",), "a.ja.md": ("A",)}
    )
    assert names.of("ja") == {"Agents": "A"}
    assert said[0].startswith("a.ja.md: ") and "b.ja.md" in said[0]


# -- the tags file's table, and the order --------------------------------------------------------


def test_the_table_names_what_no_translation_does_and_a_translation_wins() -> None:
    table = {"Agents": {"ja": "表のエージェント", "de": "Agenten"}, "Tools": {"ja_JP": "ツール"}}
    names, _ = names_of({"a.md": ("Agents",), "a.ja.md": ("エージェント",)}, table)
    assert names.of("ja") == {"Agents": "エージェント"}  # the translation first
    assert names.of("de") == {"Agents": "Agenten"}  # then the table
    assert names.shown("ja", ("Tools",)) == ("Tools",)  # `ja_JP` is not `ja`: as written


def test_a_translation_that_keeps_the_name_keeps_it_over_the_table() -> None:
    names, _ = names_of({"a.md": ("RL",), "a.ja.md": ("RL",)}, {"RL": {"ja": "強化学習"}})
    assert names.shown("ja", ("RL",)) == ("RL",)


def test_the_table_for_a_regional_language_takes_its_base_language() -> None:
    languages = Languages(current="en", default="en", build=("en", "pt_BR"), structure="suffix")
    names, _ = names_of({}, {"Agents": {"pt": "Agentes"}}, languages)
    assert names.of("pt_BR") == {"Agents": "Agentes"}


written_sets = st.dictionaries(
    st.sampled_from(["a", "b", "c", "d"]).flatmap(
        lambda stem: st.sampled_from([f"{stem}.md", f"{stem}.ja.md", f"{stem}.de.md"])
    ),
    st.lists(st.sampled_from(["Agents", "Tools", "エ", "ツ", "Werk"]), max_size=2).map(tuple),
)


@settings(max_examples=200, deadline=None)
@given(written_sets, st.randoms(use_true_random=False))
def test_the_names_follow_the_files_not_their_order(
    written: dict[str, tuple[str, ...]], rnd: random.Random
) -> None:
    """The same files in any order give the same names and the same warnings; every name is
    one that a translation gives, and a language never renames into its default."""
    names, said = names_of(written)
    items = list(written.items())
    rnd.shuffle(items)
    again, said_again = names_of(dict(items))
    assert (again, said_again) == (names, said)
    for lang in ("ja", "de"):
        given_names = {c for src, cats in written.items() if f".{lang}." in src for c in cats}
        assert set(names.of(lang).values()) <= given_names
    assert names.of("en") == {}


def test_learned_pairs_only_translations_of_the_default_language() -> None:
    said: list[str] = []
    found = learned(SUFFIX, {"a.ja.md": ("エ",), "a.de.md": ("Werk",)}, said.append)
    assert found == {"ja": {}, "de": {}}


# -- the table in the tags file ------------------------------------------------------------------


def load(tmp_path: Path, text: str) -> tuple[tagsfile.TagCatalog, list[str], str]:
    path = tmp_path / "tags.yml"
    path.write_text(text, encoding="utf-8")
    catalog, problems = tagsfile.load(str(path))
    return catalog, problems, str(path)


def test_the_table_loads_and_is_no_tag(tmp_path: Path) -> None:
    catalog, problems, _ = load(
        tmp_path,
        "grpo:\n  name: GRPO\ncategories:\n  Agents: {ja: エージェント, de: Agenten}\n"
        "  2026: {ja: 二〇二六}\n",
    )
    assert problems == []
    assert catalog.categories == {
        "Agents": {"ja": "エージェント", "de": "Agenten"},
        "2026": {"ja": "二〇二六"},
    }
    assert catalog.resolve("categories") == ("categories", False)
    assert catalog.resolve("grpo") == ("grpo", True)


def test_a_tag_named_categories_keeps_its_entry(tmp_path: Path) -> None:
    for text in ("categories:\n  name: {en: Categories, ja: カテゴリー}\n", "categories:\n"):
        catalog, problems, _ = load(tmp_path, text)
        assert problems == [] and catalog.categories == {}
        assert catalog.resolve("categories") == ("categories", True)


def test_a_bad_table_is_one_warning_naming_the_file_and_the_key(tmp_path: Path) -> None:
    catalog, problems, path = load(tmp_path, "grpo:\ncategories: [Agents]\n")
    assert problems == [
        f"{path}: 'categories': expected a mapping of category to its name per language, "
        "such as {Agents: {ja: エージェント}}, got list ['Agents']; ignored"
    ]
    assert catalog.categories == {} and catalog.resolve("grpo") == ("grpo", True)


def test_bad_rows_are_named_and_the_good_ones_stay(tmp_path: Path) -> None:
    catalog, problems, path = load(
        tmp_path,
        "categories:\n"
        "  Agents: エージェント\n"  # one text: for which language?
        "  Tools: {ja: ツール, 'not a code': x, de: [a]}\n"
        "  '': {ja: 空}\n"
        "  Speech: {ja: 音声}\n",
    )
    assert catalog.categories == {"Tools": {"ja": "ツール"}, "Speech": {"ja": "音声"}}
    where = f"{path}: 'categories'"
    assert problems[0] == (
        f"{where}, category 'Agents': expected a mapping of language code to the category's "
        "name, such as {ja: エージェント}, got str 'エージェント'; ignored"
    )
    assert problems[1].startswith(f"{where}, category 'Tools': ") and "not a code" in problems[1]
    assert problems[2] == f"{where}, category 'Tools': 'de': expected text, got list ['a']; ignored"
    assert problems[3].startswith(f"{where}: entry '': a category must be non-empty text")
    assert len(problems) == 4


# -- Language.collect: an untranslated article in the language's words --------------------------


def article_page(src_uri: str, category: str, *, fallback: bool) -> SourcePage:
    return SourcePage(
        src_uri=src_uri,
        url=src_uri.replace(".md", "/"),
        meta={"tags": ["grpo"], "category": category},
        title=None,
        facts=Facts(),
        locale="ja" if src_uri.endswith(".ja.md") else "en",
        fallback=fallback,
    )


def test_collect_names_only_the_untranslated_articles() -> None:
    languages = Languages(
        current="en", default="en", build=("en", "ja"), structure="suffix", fallback=True
    )
    said: list[tuple[int, str]] = []
    options = TagIndexConfig()
    options.load_dict({})
    assert not options.validate()[0]
    run = Run(options, languages, Messages(lambda level, text: said.append((level, text))))
    sources = {
        "a.md": "---\ntags: [grpo]\ncategory: Agents\n---\n",
        "a.ja.md": "---\ntags: [grpo]\ncategory: エージェント\n---\n",
        "b.md": "---\ntags: [grpo]\ncategory: Agents\n---\n",
        "c.ja.md": "---\ntags: [grpo]\ncategory: Agents\n---\n",  # Japanese, written so
    }
    run.first_pass(sources.items())
    assert [m for level, m in said if level >= logging.WARNING] == []
    site = SiteInfo(url=None, name="s")
    for lang, pages in (
        (
            "en",
            [
                article_page("a.md", "Agents", fallback=False),
                article_page("b.md", "Agents", fallback=False),
            ],
        ),
        (
            "ja",
            [
                article_page("a.ja.md", "エージェント", fallback=False),
                article_page("b.md", "Agents", fallback=True),
                article_page("c.ja.md", "Agents", fallback=False),
            ],
        ),
    ):
        language = Language(run, lang, site)
        found = [f for p in pages if (f := language.article(p)) is not None]
        collected = language.collect(found)
        shown = {src: a.categories for src, a in collected.articles.items()}
        if lang == "en":
            assert shown == {"a.md": ("Agents",), "b.md": ("Agents",)}
        else:
            assert shown == {
                "a.ja.md": ("エージェント",),
                "b.md": ("エージェント",),  # the translation's name
                "c.ja.md": ("Agents",),  # its own language, as written
            }
            assert found[1].article.categories == ("Agents",)  # the record a host keeps
