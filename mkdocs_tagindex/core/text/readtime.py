"""Reading time of a rendered page, for Latin-script, CJK and mixed text.

Pure functions with no MkDocs imports, so that they are cheap to test and to benchmark.

Why not Material's ``readtime``: it splits text on ``\\W+``, so a Japanese or Chinese
sentence between two punctuation marks counts as one "word" and CJK pages come out far too
short; it also reads code at prose speed. Here Latin-script words and CJK characters are
counted separately and their times added, so mixed pages (Japanese prose full of English
terms) work, and code blocks have their own rate.

Default rates, each configurable per language (see ``rates_for``):

* Latin-script words: 238 words per minute, the silent reading rate of English
  non-fiction in Brysbaert (2019), "How many words do we read per minute? A review and
  meta-analysis of reading rate", Journal of Memory and Language 109, 104047.
* Japanese: 600 characters per minute. Published figures range from about 400 to 1,000;
  Zola uses 653 for ``ja`` in its per-language table.
* Chinese: 300 characters per minute. Less well founded: the IReST study
  (Trauzettel-Klosinski & Dietz 2012, "Standardized assessment of reading performance:
  the new International Reading Speed Texts IReST", IOVS 53(9):5452) measured 255
  syllables, that is characters, per minute for Chinese read *aloud*; silent reading is
  faster, and 260-300 is the figure commonly quoted.
* Korean: 500 syllables per minute. Weakest of all: it is the 500 characters per minute
  Medium applies to all CJK text, not a measured Korean rate.
* Code blocks: 100 code words (identifiers and numbers) per minute. No reading-rate study
  covers code, so this is a judgment call: code is read more slowly and less linearly than
  prose, and with operators and brackets free and 3-5 identifiers on a typical line it
  comes to 20-30 lines a minute. ``None`` leaves code out.
* Images: 12 s for the first, one second less for each further one, 3 s at least (the
  rule of Medium and of Material's blog plugin).
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from functools import cache
from html import unescape
from types import MappingProxyType
from typing import Any

__all__ = [
    "DEFAULT_RATES",
    "Rates",
    "TextCounts",
    "count",
    "minutes",
    "rates_for",
    "seconds",
]


@dataclass(frozen=True)
class Rates:
    """Reading speeds for one language.

    ``words_per_minute`` applies to Latin-script words and ``chars_per_minute`` to CJK
    characters on every page, whatever its language, so that a Japanese page's English
    terms and an English page's Japanese quotes are both timed.
    """

    words_per_minute: float = 238  # Latin-script (space-separated) words
    chars_per_minute: float = 600  # CJK characters (kana, kanji, hangul)
    code_words_per_minute: float | None = 100  # None = exclude code blocks
    image_first_seconds: float = 12
    image_min_seconds: float = 3

    def __post_init__(self) -> None:
        """Reject rates that would divide by zero or give negative times."""
        for field in fields(self):
            reason = _invalid(field.name, getattr(self, field.name))
            if reason:
                raise ValueError(reason)
        if self.image_min_seconds > self.image_first_seconds:
            raise ValueError(
                f"image_min_seconds ({self.image_min_seconds!r}) must not exceed "
                f"image_first_seconds ({self.image_first_seconds!r})"
            )


def _invalid(name: str, value: object) -> str | None:
    """Why value does not fit the Rates field name, or None if it does."""
    if value is None:
        if name == "code_words_per_minute":
            return None
        return f"{name} must be a number; only code_words_per_minute may be null (no code)"
    # bool is an int subclass, but `words_per_minute: true` in mkdocs.yml is a mistake.
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return f"{name} must be a number, got {value!r}"
    if isinstance(value, float) and not math.isfinite(value):
        return f"{name} must be finite, got {value!r}"
    if name.endswith("_per_minute") and value <= 0:
        return f"{name} must be positive, got {value!r}"
    if value < 0:
        return f"{name} must not be negative, got {value!r}"
    return None


DEFAULT_RATES: Mapping[str, Rates] = MappingProxyType(
    {
        "default": Rates(),
        "en": Rates(),
        "ja": Rates(chars_per_minute=600),
        "zh": Rates(chars_per_minute=300),
        "ko": Rates(chars_per_minute=500),
    }
)

_RATE_KEYS = tuple(f.name for f in fields(Rates))


def _normalize_lang(lang: str) -> str:
    return lang.strip().lower().replace("_", "-")


def _checked_overrides(
    overrides: Mapping[str, Mapping[str, float | None]],
) -> dict[str, dict[str, float | None]]:
    """Check the shape and the keys; values are checked when rates_for merges them."""
    if not isinstance(overrides, Mapping):
        raise ValueError(f"read time rates must be a mapping of languages, got {overrides!r}")
    checked: dict[str, dict[str, float | None]] = {}
    for raw_lang, section in overrides.items():
        if not isinstance(raw_lang, str) or not raw_lang.strip():
            raise ValueError(f"read time rates: language must be a non-empty string: {raw_lang!r}")
        lang = _normalize_lang(raw_lang)
        if lang in checked:
            raise ValueError(f"read time rates: language {raw_lang!r} is given twice")
        if not isinstance(section, Mapping):
            raise ValueError(
                f"read time rates for {raw_lang!r} must be a mapping of rate names, got {section!r}"
            )
        for key in section:
            if key not in _RATE_KEYS:
                raise ValueError(
                    f"read time rates for {raw_lang!r}: unknown key {key!r}; "
                    f"valid keys are {', '.join(_RATE_KEYS)}"
                )
        checked[lang] = dict(section)
    return checked


def rates_for(
    lang: str | None,
    overrides: Mapping[str, Mapping[str, float | None]] | None = None,
) -> Rates:
    """Rates for a language code like 'ja', 'ja_JP', 'ja-JP', 'en', or None (the default).

    Built-in rates come from ``DEFAULT_RATES`` by primary subtag ('ja_JP' -> 'ja'),
    falling back to 'default'. ``overrides`` are plain dicts from mkdocs.yml, e.g.
    ``{'default': {'image_first_seconds': 10}, 'ja': {'chars_per_minute': 500}}``,
    applied in order: 'default' (to every language), the primary subtag, then the full tag
    ('zh-TW' beats 'zh'). Unknown keys and bad values raise ValueError with a message fit
    for a config error. Every section is checked on every call, not only the page's
    language, so ``rates_for(None, overrides)`` at config time validates the whole mapping.
    """
    tag = _normalize_lang(lang) if lang else ""
    if not overrides:
        return _merged(tag, {})
    checked = _checked_overrides(overrides)
    for other in checked:
        _merged(other, checked)
    return _merged(tag, checked)


def _merged(tag: str, checked: dict[str, dict[str, float | None]]) -> Rates:
    primary = tag.split("-", 1)[0]
    rates = DEFAULT_RATES.get(primary) or DEFAULT_RATES["default"]
    # Any: Rates.__post_init__ checks the values, alone and together.
    changes: dict[str, Any] = {}
    for key in ("default", primary, tag):
        changes.update(checked.get(key, {}))
    if not changes:
        return rates
    try:
        return replace(rates, **changes)
    except ValueError as error:
        raise ValueError(f"read time rates for {tag or 'default'!r}: {error}") from None


# --- counting ---------------------------------------------------------------------------
#
# Why not one regex for everything: Python's re costs several nanoseconds per character
# and much more per match, and an English page has thousands of words. Words are therefore
# counted on the UTF-8 bytes with bytes.translate and bytes.count, which run at memory
# speed; the CJK regex runs only on pages that contain CJK-block characters.

# CJK characters that are counted: kana (with the prolonged sound mark ー and the iteration
# marks, which are parts of words), kanji (with 々, 〆 and the ideographic zero), hangul
# syllables and compatibility jamo, halfwidth katakana, and fullwidth Latin letters and
# digits (typeset like kanji in CJK text). Punctuation such as 。、「」・〜 and the
# fullwidth ! ? ( ) is left out.
_CJK = (
    r"\u3005-\u3007\u303b\u3041-\u3096\u309d-\u309f\u30a1-\u30fa\u30fc-\u30ff\u3131-\u318e"
    r"\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7a3\uf900-\ufaff\uff10-\uff19\uff21-\uff3a"
    r"\uff41-\uff5a\uff66-\uff9d\U00020000-\U0003ffff"
)
# The regex costs more per match than per character, so runs also take in the commonest
# punctuation, 、。，, which is then subtracted with str.count: three to ten times fewer
# matches. Written [C][C]* rather than [C]+ so that re skips ahead to a candidate first
# character instead of trying every position.
_RUN_PUNCTUATION = "\u3001\u3002\uff0c"


@cache
def _cjk_runs() -> re.Pattern[str]:
    """Compiled at its first use (its ranges beyond U+FFFF are slow to compile): a
    `tagindex build` that renders no page never needs it."""
    return re.compile(f"[{_CJK}{_RUN_PUNCTUATION}][{_CJK}{_RUN_PUNCTUATION}]*")


def _byte_classes(word_chars: bytes, joiners: bytes) -> bytes:
    """A bytes.translate table giving the class of a character from its first UTF-8 byte.

    a: part of a word; j: joins two word parts (apostrophe, hyphen); space: anything else.
    Leading bytes of multi-byte characters stand for code point ranges: C3-DF is
    U+00C0-U+07FF (Latin-1 letters, Latin Extended, combining marks, Greek, Cyrillic,
    Armenian, Hebrew, Arabic...) and E0-E1 is U+0800-U+1FFF (Indic, Thai, Georgian,
    Vietnamese...): letters of alphabets. C2 is Latin-1 punctuation and symbols; E2 is
    U+2000-U+2FFF, general punctuation, dashes, quotes, arrows and symbols; E3-EF hold the
    CJK blocks (counted by _cjk_runs, never part of a Latin word) and private use; F0-F4
    are everything beyond U+FFFF (emoji, CJK extension B+).
    """
    table = bytearray(b" " * 256)
    for byte in word_chars + bytes(range(0xC3, 0xE2)):
        table[byte] = ord("a")
    for byte in joiners:
        table[byte] = ord("j")
    return bytes(table)


_ALNUM = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
_PROSE_CLASSES = _byte_classes(_ALNUM, b"'-")
# In code an identifier is one word, underscores included; nothing joins.
_CODE_CLASSES = _byte_classes(_ALNUM + b"_", b"")
# UTF-8 continuation bytes: deleting them leaves one byte per character.
_CONTINUATION = bytes(range(0x80, 0xC0))
# Leading UTF-8 bytes of the CJK blocks; a page without any skips the CJK regex.
_CJK_LEADS = tuple(bytes([byte]) for byte in (*range(0xE3, 0xEE), 0xEF, *range(0xF0, 0xF5)))
# Non-ASCII characters whose class differs from their leading byte's: the typographic
# apostrophe and hyphens join; soft hyphen, zero-width (non-)joiner and word joiner sit
# inside words; the multiplication and division signs are not letters.
_PROSE_FIXES = (
    ("\u2019", "'"),
    ("\u2010", "-"),
    ("\u2011", "-"),
    ("\u00ad", ""),
    ("\u200c", ""),
    ("\u200d", ""),
    ("\u2060", ""),
    ("\u00d7", " "),
    ("\u00f7", " "),
)
_ENTITY_RE = re.compile(r"&#?[0-9A-Za-z]+;?")


def _unescape(text: str) -> str:
    """html.unescape, but one call per distinct entity when there are many.

    html.unescape makes a Python call per entity, and Pygments and SmartyPants output is
    full of &quot;, &lt; and &rsquo;. Entities that decode to '&' go last so that
    "&amp;lt;" stays "&lt;".
    """
    if "&" not in text:
        return text
    if text.count("&") < 32:
        return unescape(text)
    decoded = {entity: unescape(entity) for entity in set(_ENTITY_RE.findall(text))}
    for entity in sorted(decoded, key=lambda entity: "&" in decoded[entity]):
        text = text.replace(entity, decoded[entity])
    return text


def _count_text(text: str, classes: bytes, fixes: tuple[tuple[str, str], ...]) -> tuple[int, int]:
    """(words, CJK characters) in plain text."""
    cjk = 0
    if text.isascii():
        data = text.encode()
    else:
        for old, new in fixes:
            if old in text:
                text = text.replace(old, new)
        # 、。， occur only in CJK text; without them, look for a CJK block's leading byte.
        punctuation = [mark for mark in _RUN_PUNCTUATION if mark in text]
        data = b"" if punctuation else text.encode("utf-8", "surrogatepass")
        if punctuation or any(lead in data for lead in _CJK_LEADS):
            # Each run becomes one space: the count comes from the change in length, and
            # words are then counted in the (much shorter) rest.
            rest, runs = _cjk_runs().subn(" ", text)
            cjk = len(text) - len(rest) + runs - sum(text.count(mark) for mark in punctuation)
            data = rest.encode("utf-8", "surrogatepass")
    kinds = data.translate(classes, _CONTINUATION)
    # A word starts at a word character after a separator, or after a joiner that does not
    # follow a word character ("'quoted", "--flag"); "don't" and "well-known" are one word.
    kinds = b"  " + kinds
    return kinds.count(b" a") + kinds.count(b" ja") + kinds.count(b"jja"), cjk


def _ci(name: str) -> str:
    """Case-insensitive without re.IGNORECASE, which would cost re its fast literal '<'."""
    return "".join(f"[{char}{char.upper()}]" for char in name)


# One pass over the tags splits the page into prose and <pre> blocks, counts images, and
# drops what is never read: comments, scripts, styles, inline SVG, templates, noscript
# fallbacks (often a duplicate <img>), objects, and the line-number cells Pygments puts in a
# table beside code. An element without its closing tag is left alone rather than hiding
# the rest of the page. A tag needs a letter, '/', '!' or '?' after '<': a stray '<' in text
# is not a tag. Groups: skipped element, <pre> content, img.
_SKIPPED = "|".join(map(_ci, ("script", "style", "svg", "template", "noscript", "object")))
_PRE = _ci("pre")
_SPLIT_RE = re.compile(
    # Closing tags first: half of all tags, and never special (</pre> and the closing tags
    # of skipped elements are consumed with their opening tags).
    r"<(?:/[^>]*>"
    r"|!--.*?-->"
    rf"|({_SKIPPED})\b[^>]*>.*?</(?i:\1)\s*>"
    r"|td\s+class=\"linenos\"[^>]*>.*?</td\s*>"
    rf"|{_PRE}\b[^>]*>([^<]*(?:<(?!/{_PRE}\s*>)[^<]*)*)</{_PRE}\s*>"
    rf"|({_ci('img')})\b[^>]*>"
    r"|[A-Za-z!?][^>]*>)",
    re.DOTALL,
)
# Inside <pre>: Pygments' inline line numbers, and highlighting spans.
_LINENOS_RE = re.compile(r"<span\s+class=\"linenos\"[^>]*>[^<]*</span>")
_TAG_RE = re.compile(r"<[A-Za-z/!?][^>]*>")


@dataclass(frozen=True)
class TextCounts:
    """What a page contains, independent of rates, so it can be computed once and cached.

    ``code_words`` are identifiers and numbers in ``<pre>`` blocks; ``code_cjk_chars`` are
    CJK characters there (Japanese comments, strings), kept apart so that they are read at
    the CJK rate slowed down like code words, not at the code word rate.
    """

    words: int = 0
    cjk_chars: int = 0
    code_words: int = 0
    images: int = 0
    code_cjk_chars: int = 0


def count(html: str) -> TextCounts:
    """Count words, CJK characters, code words and images in rendered page HTML.

    Regular expressions and byte tables rather than an HTML parser: this runs on every page
    of every build and must stay several times faster than Material's HTMLParser reader.
    """
    # split() returns text, skipped element, <pre> content, img, text, ...; every tag is a
    # delimiter, so joining the text with spaces also separates words across tags
    # (<li>a</li><li>b</li>).
    parts = _SPLIT_RE.split(html)
    images = parts[3::4]
    prose = _unescape(" ".join(parts[0::4]))
    words, cjk = _count_text(prose, _PROSE_CLASSES, _PROSE_FIXES)
    code_words = code_cjk = 0
    blocks = [block for block in parts[2::4] if block]
    if blocks:
        code_html = "\n".join(blocks)
        if "linenos" in code_html:
            code_html = _LINENOS_RE.sub("", code_html)
        # Inside <pre>, tags are highlighting spans around literal text: they vanish.
        code = _unescape(_TAG_RE.sub("", code_html))
        code_words, code_cjk = _count_text(code, _CODE_CLASSES, ())
    return TextCounts(
        words=words,
        cjk_chars=cjk,
        code_words=code_words,
        images=len(images) - images.count(None),
        code_cjk_chars=code_cjk,
    )


def _image_seconds(images: int, first: float, least: float) -> float:
    """first, first - 1, ... down to least, then least for every further image."""
    if images <= 0:
        return 0.0
    falling = min(images, math.floor(first - least) + 1)
    return falling * first - falling * (falling - 1) / 2 + (images - falling) * least


def seconds(counts: TextCounts, rates: Rates) -> float:
    """Reading time in seconds: Latin words, CJK characters, code and images added."""
    total = counts.words * 60 / rates.words_per_minute
    total += counts.cjk_chars * 60 / rates.chars_per_minute
    code_rate = rates.code_words_per_minute
    if code_rate is not None:
        total += counts.code_words * 60 / code_rate
        # CJK in code is slowed down by the same factor as words in code.
        cjk_code_rate = rates.chars_per_minute * code_rate / rates.words_per_minute
        total += counts.code_cjk_chars * 60 / cjk_code_rate
    return total + _image_seconds(counts.images, rates.image_first_seconds, rates.image_min_seconds)


def minutes(html: str, rates: Rates) -> int:
    """ceil(seconds/60), at least 1: "0 min read" is never useful, even for an empty page."""
    # Rounding first keeps float noise (600.0000000001 s) from adding a minute.
    return max(1, math.ceil(round(seconds(count(html), rates) / 60, 6)))
