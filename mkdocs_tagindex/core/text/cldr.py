"""CLDR facts of the built-in label tables' languages, as Babel 2.19.0 has them: plural
rules and which are written right to left.

Kept here so that a site in these languages never loads Babel's locale data (large, and
never needed by a plain build of English and Japanese); any other language asks Babel.
tests/unit/test_labels.py checks every entry against the installed Babel, so an update of CLDR
that changes one fails there, printing the entries the installed Babel has.
"""

from __future__ import annotations

PLURALS: dict[str, dict[str, str]] = {
    "ar": {
        "few": "n mod 100 in 3..10",
        "many": "n mod 100 in 11..99",
        "one": "n in 1",
        "two": "n in 2",
        "zero": "n in 0",
    },
    "de": {"one": "i in 1 and v in 0"},
    "en": {"one": "i in 1 and v in 0"},
    "es": {
        "many": "e in 0 and i not in 0 and i mod 1000000 in 0 and v in 0 or e not in 0..5",
        "one": "n in 1",
    },
    "fr": {
        "many": "e in 0 and i not in 0 and i mod 1000000 in 0 and v in 0 or e not in 0..5",
        "one": "i in 0..1",
    },
    "he": {"one": "i in 1 and v in 0 or i in 0 and v not in 0", "two": "i in 2 and v in 0"},
    "id": {},
    "it": {
        "many": "e in 0 and i not in 0 and i mod 1000000 in 0 and v in 0 or e not in 0..5",
        "one": "i in 1 and v in 0",
    },
    "ja": {},
    "ko": {},
    "nl": {"one": "i in 1 and v in 0"},
    "pl": {
        "few": "v in 0 and i mod 10 in 2..4 and i mod 100 not in 12..14",
        "many": "v in 0 and i not in 1 and i mod 10 in 0..1 or v in 0 and i mod 10 in 5..9 or "
        "v in 0 and i mod 100 in 12..14",
        "one": "i in 1 and v in 0",
    },
    "pt": {
        "many": "e in 0 and i not in 0 and i mod 1000000 in 0 and v in 0 or e not in 0..5",
        "one": "i in 0..1",
    },
    "pt-BR": {
        "many": "e in 0 and i not in 0 and i mod 1000000 in 0 and v in 0 or e not in 0..5",
        "one": "i in 0..1",
    },
    "pt-PT": {
        "many": "e in 0 and i not in 0 and i mod 1000000 in 0 and v in 0 or e not in 0..5",
        "one": "i in 1 and v in 0",
    },
    "ru": {
        "few": "v in 0 and i mod 10 in 2..4 and i mod 100 not in 12..14",
        "many": "v in 0 and i mod 10 in 0 or v in 0 and i mod 10 in 5..9 or v in 0 and i mod "
        "100 in 11..14",
        "one": "v in 0 and i mod 10 in 1 and i mod 100 not in 11",
    },
    "tr": {"one": "n in 1"},
    "uk": {
        "few": "v in 0 and i mod 10 in 2..4 and i mod 100 not in 12..14",
        "many": "v in 0 and i mod 10 in 0 or v in 0 and i mod 10 in 5..9 or v in 0 and i mod "
        "100 in 11..14",
        "one": "v in 0 and i mod 10 in 1 and i mod 100 not in 11",
    },
    "vi": {"one": "i in 0 or n in 1"},
    "zh-Hans": {},
    "zh-Hant": {},
}
"""Language of a built-in table (or `PLURAL_LOCALES`) → its CLDR plural rules (`other` implied)."""

RIGHT_TO_LEFT: frozenset[str] = frozenset({"ar", "he"})
"""The tables' languages written right to left; the others are written left to right."""
