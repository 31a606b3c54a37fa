from __future__ import annotations

from mkdocs_tagindex import labels as tables


def test_english_plurals() -> None:
    labels, substituted = tables.labels_for("en", {})
    assert not substituted
    assert labels.t("articles", 1) == "1 article"
    assert labels.t("articles", 16) == "16 articles"
    assert labels.t("read_time", 13) == "13 min read"
    assert labels.t("member") == "★ MEMBER"
    assert labels.type("paper") == "PAPER"
    assert labels.type("podcast") == "PODCAST"


def test_japanese_labels() -> None:
    labels, substituted = tables.labels_for("ja", {})
    assert not substituted
    assert labels.t("articles", 1) == "1件の記事"
    assert labels.t("articles", 16) == "16件の記事"
    assert labels.t("read_time", 13) == "13分で読めます"
    assert labels.type("paper") == "論文"


def test_overrides_and_missing_language() -> None:
    labels, _ = tables.labels_for("en", {"en": {"articles": {"other": "{count} posts"}}})
    assert labels.t("articles", 3) == "3 posts"
    assert labels.t("articles", 1) == "1 article"
    labels, substituted = tables.labels_for("de", {})
    assert substituted
    assert labels.t("articles", 2) == "2 articles"


def test_plural_categories() -> None:
    assert tables.plural_category("en", 1) == "one"
    assert tables.plural_category("en_GB", 0) == "other"
    assert tables.plural_category("ja", 1) == "other"
    assert tables.plural_category("fr", 0) == "one"


def test_other_languages_do_not_inherit_english_plural_forms() -> None:
    ja, _ = tables.labels_for("ja", {})
    assert "one" not in ja.table["articles"]
    de, _ = tables.labels_for("de", {"de": {"articles": {"other": "{count} Artikel"}}})
    assert de.t("articles", 1) == "1 Artikel"
    en, _ = tables.labels_for("en", {"en": {"articles": {"other": "{count} posts"}}})
    assert en.t("articles", 1) == "1 article"  # an English override keeps English's other forms
