"""A card field is declared once (issue 34, point 2): `core/cardfields.py`'s `level` reaches
the article record, the card's meta line, `tags.json` and the front-matter reference, and a bad
value is one warning naming the file and the key."""

from __future__ import annotations

import pytest

from mkdocs_tagindex.core.records import cardfields
from mkdocs_tagindex.core.records.article import Article
from mkdocs_tagindex.core.text.labels import LABELS, labels_for

from conftest import ROOT


@pytest.mark.parametrize(
    ("value", "found", "said"),
    [
        ("advanced", (("level", "advanced"),), []),
        ("Beginner", (("level", "beginner"),), []),
        (
            "expert",
            (),
            [
                "p.md: front matter 'level': expected one of beginner, advanced, "
                "got str 'expert'; no level shown"
            ],
        ),
        (
            3,
            (),
            [
                "p.md: front matter 'level': expected one of beginner, advanced, "
                "got int 3; no level shown"
            ],
        ),
        (None, (), []),
    ],
)
def test_the_declared_field_is_read_and_checked(
    value: object, found: object, said: list[str]
) -> None:
    warnings: list[str] = []
    notes: list[str] = []
    assert cardfields.read_fields("p.md", {"level": value}, warnings.append, notes.append) == found
    assert warnings == []  # `level` is a common key: another tool's value is a note
    assert notes == said


def test_an_article_answers_for_every_declared_field() -> None:
    plain = Article("a.md", "a/", "A", ("x",))
    rated = Article("b.md", "b/", "B", ("x",), fields=(("level", "advanced"),))
    assert plain.level is None and rated.level == "advanced"
    with pytest.raises(AttributeError):
        plain.undeclared  # noqa: B018


def test_every_language_names_every_badge_value() -> None:
    for field in cardfields.FIELDS:
        if field.labels is None:
            continue
        for code in LABELS:
            table = LABELS[code][field.labels]
            assert set(table) == {"beginner", "advanced"}, code
        labels, _ = labels_for("ja", {}, [])
        assert labels.value(field.labels, "advanced") == "上級"


def test_every_declared_field_is_in_the_front_matter_reference() -> None:
    doc = (ROOT / "docs" / "front-matter.md").read_text("utf-8")
    for field in cardfields.FIELDS:
        assert f"| `{field.name}` |" in doc, field.name
