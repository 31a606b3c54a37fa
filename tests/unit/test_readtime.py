"""Tests for mkdocs_tagindex.readtime: golden pages, counting rules, rates and overrides.

Pages are generated so that their counts are known exactly; expected minutes are worked
out by hand in the comments, not recomputed with the module's own formula.
"""

from __future__ import annotations

import math
import re
import unicodedata
from dataclasses import dataclass, field

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mkdocs_tagindex.core.text.readtime import (
    DEFAULT_RATES,
    Rates,
    TextCounts,
    count,
    minutes,
    rates_for,
    seconds,
)

# --- page generators --------------------------------------------------------------------

# Each entry is exactly one word under the rules (apostrophe, hyphen, accents, digits).
EN_WORDS = ["reading", "don't", "well-known", "naïve", "GRPO", "2024", "Zoë", "time"]
# 10 counted characters: ス ー パ ー の 価 値 を 削 る; 「」。 are not counted.
JA_UNIT = "「スーパー」の価値を削る。"
# 2 Latin words (GRPO, PPO) and 12 CJK characters; 。 not counted.
MIXED_UNIT = "GRPOはPPOから価値モデルを削った。"
# 10 counted characters: 中文没有空格 + 按字计算; ，。 not counted.
ZH_UNIT = "中文没有空格，按字计算。"
# 10 hangul syllables: 한국어 (3) 문장을 (3) 읽습니다 (4).
KO_UNIT = "한국어 문장을 읽습니다. "
# One code line: 4 code words (total_count, add, x, 10) and 6 CJK characters (合計を数える).
CODE_LINE = (
    '<span class="n">total_count</span> <span class="o">=</span> '
    '<span class="n">add</span><span class="p">(</span><span class="n">x</span>'
    '<span class="p">,</span> <span class="mi">10</span><span class="p">)</span>  '
    '<span class="c1"># 合計を数える</span>'
)
TITLE = (
    '<h1 id="hello-world">Hello world<a class="headerlink" href="#hello-world" '
    'title="Permanent link">&para;</a></h1>'
)


def english(words: int) -> str:
    """<p> paragraphs of 20 words from EN_WORDS, with inline markup inside some words."""
    chosen = [EN_WORDS[i % len(EN_WORDS)] for i in range(words)]
    chosen[::7] = [f"<em>{word}</em>" for word in chosen[::7]]
    return "\n".join(
        "<p>" + " ".join(chosen[i : i + 20]) + "</p>" for i in range(0, len(chosen), 20)
    )


def cjk(unit: str, times: int, per_paragraph: int = 20) -> str:
    return "\n".join(
        "<p>" + unit * min(per_paragraph, times - i) + "</p>"
        for i in range(0, times, per_paragraph)
    )


def code_block(lines: int) -> str:
    body = "\n".join([CODE_LINE] * lines)
    return f'<div class="highlight"><pre><span></span><code>{body}\n</code></pre></div>'


IMAGES = [
    '<p><img alt="A diagram of the reading pipeline" src="img/a.png" /></p>',
    '<img src="b.png">',
    '<IMG SRC="c.png" ALT="upper case tag">',
    '<figure><img src="d.png" loading="lazy"><figcaption></figcaption></figure>',
    '<picture><source srcset="e.webp"><img src="e.png"></picture>',
]


def images(n: int) -> str:
    return "\n".join(IMAGES[i % len(IMAGES)] for i in range(n))


# --- golden table -----------------------------------------------------------------------


@dataclass(frozen=True)
class Golden:
    name: str
    html: str
    lang: str | None
    counts: TextCounts
    default_minutes: int
    overrides: dict[str, dict[str, float | None]] = field(default_factory=dict)
    custom_minutes: int = 0


GOLDEN = [
    # 2,380 / 238 = 10 min exactly; at 200 wpm 11.9 -> 12.
    Golden(
        "english-2380-words",
        english(2380),
        "en",
        TextCounts(words=2380),
        10,
        {"en": {"words_per_minute": 200}},
        12,
    ),
    # One word more tips it over: 10.004 -> 11. At 2,381 wpm exactly 1.
    Golden(
        "english-2381-words-rounds-up",
        english(2381),
        "en",
        TextCounts(words=2381),
        11,
        {"en": {"words_per_minute": 2381}},
        1,
    ),
    # 6,000 / 600 = 10; at 500 cpm 12.
    Golden(
        "japanese-6000-chars",
        cjk(JA_UNIT, 600),
        "ja_JP",
        TextCounts(cjk_chars=6000),
        10,
        {"ja": {"chars_per_minute": 500}},
        12,
    ),
    # 600 words at 238 wpm = 151.26 s, 3,600 chars at 600 cpm = 360 s: 511.26 s -> 9.
    # At 120 wpm and 400 cpm: 300 s + 540 s = 840 s = 14 min exactly.
    Golden(
        "mixed-ja-en",
        cjk(MIXED_UNIT, 300),
        "ja",
        TextCounts(words=600, cjk_chars=3600),
        9,
        {"ja": {"words_per_minute": 120, "chars_per_minute": 400}},
        14,
    ),
    # 3,000 / 300 = 10; at 250 cpm 12.
    Golden(
        "chinese-3000-chars",
        cjk(ZH_UNIT, 300),
        "zh-CN",
        TextCounts(cjk_chars=3000),
        10,
        {"zh": {"chars_per_minute": 250}},
        12,
    ),
    # 2,500 / 500 = 5; at 250 cpm 10.
    Golden(
        "korean-2500-syllables",
        cjk(KO_UNIT, 250),
        "ko",
        TextCounts(cjk_chars=2500),
        5,
        {"ko": {"chars_per_minute": 250}},
        10,
    ),
    # Prose 238 words = 60 s; 200 code words at 100/min = 120 s; 300 CJK chars in code at
    # 600 * 100/238 = 252.1 cpm = 71.4 s: 251.4 s -> 5.
    # At 240 wpm and 120 code wpm: 59.5 s + 100 s + 300 chars at 300 cpm = 60 s: 219.5 -> 4.
    Golden(
        "code-heavy",
        english(238) + code_block(50),
        "en",
        TextCounts(words=238, code_words=200, code_cjk_chars=300),
        5,
        {"en": {"words_per_minute": 240, "code_words_per_minute": 120}},
        4,
    ),
    # Same page with code left out: 60 s -> 1.
    Golden(
        "code-heavy-code-excluded",
        english(238) + code_block(50),
        "en",
        TextCounts(words=238, code_words=200, code_cjk_chars=300),
        5,
        {"default": {"code_words_per_minute": None}},
        1,
    ),
    # 15 images: 12+11+...+3 = 75 s, then 5 x 3 s = 15 s: 90 s, plus 238 words = 60 s:
    # 150 s -> 3. With 20 s first and 2 s minimum: 20+19+...+6 = 195 s + 60 s = 255 s -> 5.
    Golden(
        "image-heavy",
        english(238) + images(15),
        "en",
        TextCounts(words=238, images=15),
        3,
        {"en": {"image_first_seconds": 20, "image_min_seconds": 2}},
        5,
    ),
    # Nothing at all is still 1 minute, whatever the rates.
    Golden("empty", "", None, TextCounts(), 1, {"default": {"words_per_minute": 1}}, 1),
    # Two words ("Hello world"; the permalink's ¶ is not a word): 1 min; at 1 wpm, 2 min.
    Golden(
        "title-only",
        TITLE,
        "en",
        TextCounts(words=2),
        1,
        {"default": {"words_per_minute": 1}},
        2,
    ),
]


@pytest.mark.parametrize("golden", GOLDEN, ids=lambda golden: golden.name)
def test_golden_counts(golden: Golden) -> None:
    assert count(golden.html) == golden.counts


@pytest.mark.parametrize("golden", GOLDEN, ids=lambda golden: golden.name)
def test_golden_minutes_default_rates(golden: Golden) -> None:
    assert minutes(golden.html, rates_for(golden.lang)) == golden.default_minutes


@pytest.mark.parametrize("golden", GOLDEN, ids=lambda golden: golden.name)
def test_golden_minutes_custom_rates(golden: Golden) -> None:
    rates = rates_for(golden.lang, golden.overrides)
    assert minutes(golden.html, rates) == golden.custom_minutes


def test_golden_custom_rates_change_the_result() -> None:
    """Guards the table itself: a custom column equal to the default proves nothing."""
    for golden in GOLDEN:
        if golden.name != "empty":
            assert golden.custom_minutes != golden.default_minutes, golden.name


# --- what is read -----------------------------------------------------------------------


def test_script_style_svg_and_friends_are_ignored() -> None:
    html = (
        "<script>var hidden = 'one two three';</script>"
        '<style>.hidden { color: red; }</style><STYLE type="text/css">p {}</style>'
        '<p>visible <svg viewBox="0 0 1 1"><title>icon title</title><text>日本</text></svg>'
        "text</p><!-- a comment with words 日本 and <p>a > b</p> -->"
        "<template><p>template words</p></template>"
        '<noscript><img src="fallback.png"><p>enable scripts</p></noscript>'
        '<object data="x.svg">object fallback</object><SCRIPT>upper case</SCRIPT>'
        "<p>here</p>"
    )
    assert count(html) == TextCounts(words=3)


def test_unclosed_script_does_not_hide_the_rest_of_the_page() -> None:
    # The stray tag is dropped like any other; its would-be content is read.
    assert count("<script>x = 1<p>one two</p>").words == 4


def test_entities_are_unescaped() -> None:
    html = "<p>R&amp;D &amp; more&nbsp;caf&eacute; &#26085;&#x672C; &lt;tag&gt; &copy;</p>"
    # R, D, more, café, tag; & and © are not words; 日本 are two CJK characters.
    assert count(html) == TextCounts(words=5, cjk_chars=2)


def test_many_entities_decode_like_html_unescape() -> None:
    # Over 32 entities takes the one-replace-per-entity path.
    prose = "<p>" + " ".join(["don&rsquo;t"] * 20 + ["&amp;lt;", "&lt;b&gt;"] * 10) + "</p>"
    # don't is one word; "&amp;lt;" is the text "&lt;", whose "lt" is a word, and must not
    # be decoded a second time along with the real "&lt;".
    assert count(prose).words == 40
    code = "<pre><code>" + "&quot;x&quot; &lt;b&gt; " * 20 + "</code></pre>"
    assert count(code) == TextCounts(code_words=40)


def test_japanese_punctuation_is_not_counted() -> None:
    punctuation = "。、，「」『』・（）！？〜…：；【】《》〈〉〔〕＝＋\u3000゛゜"
    assert count(f"<p>{punctuation}</p>") == TextCounts()


@pytest.mark.parametrize(
    ("text", "chars"),
    [
        ("ーーーーー", 5),  # the prolonged sound mark is part of words
        ("コーヒー", 4),
        ("ｺｰﾋｰ", 4),  # halfwidth katakana and halfwidth prolonged sound mark
        ("人々", 2),  # iteration marks are part of words
        ("いすゞ", 3),
        ("𠮷野家", 3),  # CJK extension B
        ("한국어", 3),
        ("ＧＰＵ２０２４", 7),  # fullwidth letters and digits are typeset like kanji
    ],
)
def test_cjk_characters_counted(text: str, chars: int) -> None:
    assert count(f"<p>{text}</p>") == TextCounts(cjk_chars=chars)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("don't", 1),
        ("don\u2019t", 1),
        ("well-known", 1),
        ("well\u2011known", 1),
        ("naïve", 1),
        (unicodedata.normalize("NFD", "naïve café"), 2),
        ("hy\u00adphen", 1),
        ("'quoted'", 1),
        ("--flag", 1),
        ("a--b", 2),
        ("- -- '", 0),
        ("foo/bar", 2),
        ("word\u2014word", 2),
        ("a \u2014 b \u2013 c", 3),
        ("\u201cquoted\u201d\u2026", 1),
        ("snake_case", 2),
        ("3.14", 2),
        ("2\u00d73", 2),
        ("R&D", 2),
        ("Привет, мир", 2),
        ("Ελληνικά", 1),
        ("हिन्दी भाषा", 2),
        ("Tiếng Việt", 2),
        ("GRPOはPPOから", 2),
        ("🙂 ok", 1),
    ],
)
def test_word_rules(text: str, words: int) -> None:
    assert count(f"<p>{text}</p>").words == words


def test_tags_separate_words() -> None:
    assert count("<ul><li>alpha</li><li>beta</li></ul><p>one<br>two</p>").words == 4


def test_inline_code_is_prose() -> None:
    assert count("<p>use <code>foo_bar</code> here</p>") == TextCounts(words=4)


def test_code_blocks_are_counted_separately() -> None:
    html = (
        "<p>Intro text.</p>"
        '<div class="highlight"><pre><span></span><code><span class="n">foo</span>'
        '<span class="o">.</span><span class="n">bar_baz</span><span class="p">()</span>\n'
        '<span class="k">return</span> <span class="s2">&quot;&lt;div&gt;&quot;</span>'
        "</code></pre></div><PRE>plain pre</PRE>"
    )
    # Code words: foo, bar_baz, return, div, plain, pre. Highlighting spans join, not split.
    assert count(html) == TextCounts(words=2, code_words=6)


def test_highlighting_spans_add_no_space_in_code() -> None:
    # Whitespace in <pre> is literal: however the highlighter splits a token, it reads the same.
    html = '<pre><code><span class="n">foo</span><span class="err">bar</span> baz</code></pre>'
    assert count(html) == TextCounts(code_words=2)


def test_code_line_numbers_are_ignored() -> None:
    table = (
        '<div class="highlight"><table class="highlighttable"><tr><td class="linenos">'
        '<div class="linenodiv"><pre><span></span><span class="normal">1</span>\n'
        '<span class="normal">2</span></pre></div></td><td class="code"><div><pre><span>'
        "</span><code>alpha\nbeta\n</code></pre></div></td></tr></table></div>"
    )
    inline = (
        '<pre><code><span class="linenos">1</span>    alpha\n'
        '<span class="linenos" data-linenos="2 "></span>    beta\n</code></pre>'
    )
    assert count(table) == TextCounts(code_words=2)
    assert count(inline) == TextCounts(code_words=2)


def test_excluded_code_costs_nothing() -> None:
    html = english(238) + code_block(500)
    without_code = rates_for("en", {"en": {"code_words_per_minute": None}})
    assert seconds(count(html), without_code) == pytest.approx(60)
    assert minutes(html, without_code) == 1
    assert minutes(html, rates_for("en")) > 10


# --- images and time --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("images_count", "expected"),
    [(0, 0), (1, 12), (2, 23), (10, 75), (11, 78), (15, 90), (100, 345)],
)
def test_image_seconds_default(images_count: int, expected: float) -> None:
    assert seconds(TextCounts(images=images_count), Rates()) == expected


def test_image_seconds_custom() -> None:
    assert seconds(TextCounts(images=4), Rates(image_first_seconds=5, image_min_seconds=5)) == 20
    # 12.5 + 11.5 + ... + 3.5 (10 images) = 80, then the minimum of 3.
    rates = Rates(image_first_seconds=12.5, image_min_seconds=3)
    assert seconds(TextCounts(images=11), rates) == 83


@given(
    images_count=st.integers(0, 60),
    first=st.floats(0, 40, allow_nan=False),
    least=st.floats(0, 40, allow_nan=False),
)
def test_image_seconds_match_the_rule(images_count: int, first: float, least: float) -> None:
    first, least = max(first, least), min(first, least)
    rates = Rates(image_first_seconds=first, image_min_seconds=least)
    expected = sum(max(first - i, least) for i in range(images_count))
    assert seconds(TextCounts(images=images_count), rates) == pytest.approx(expected)


def test_seconds_add_up_each_part() -> None:
    rates = Rates(
        words_per_minute=100,
        chars_per_minute=300,
        code_words_per_minute=50,
        image_first_seconds=10,
        image_min_seconds=10,
    )
    counts = TextCounts(words=100, cjk_chars=300, code_words=50, images=2, code_cjk_chars=150)
    # 60 + 60 + 60 + 20, and CJK in code at 300 * 50/100 = 150 cpm: 60.
    assert seconds(counts, rates) == pytest.approx(260)


# --- properties -------------------------------------------------------------------------

WORD = st.text(alphabet="abcdefghijklmnopqrstuvwxyzÀéßДж0123456789", min_size=1, max_size=8)
SEPARATOR = st.sampled_from([" ", "\n", ", ", ". ", " — ", "/", "</p><p>", " <em>", "</em> "])


@given(words=st.lists(WORD, max_size=60), separators=st.lists(SEPARATOR, min_size=60))
def test_words_separated_by_anything_are_counted(words: list[str], separators: list[str]) -> None:
    text = "".join(word + separator for word, separator in zip(words, separators, strict=False))
    assert count(f"<p>{text}</p>").words == len(words)


# Written out independently of the module's character class.
COUNTED_RANGES = [
    (0x3005, 0x3007),
    (0x303B, 0x303B),
    (0x3041, 0x3096),
    (0x309D, 0x309F),
    (0x30A1, 0x30FA),
    (0x30FC, 0x30FF),
    (0x3131, 0x318E),
    (0x31F0, 0x31FF),
    (0x3400, 0x4DBF),
    (0x4E00, 0x9FFF),
    (0xAC00, 0xD7A3),
    (0xF900, 0xFAFF),
    (0xFF10, 0xFF19),
    (0xFF21, 0xFF3A),
    (0xFF41, 0xFF5A),
    (0xFF66, 0xFF9D),
    (0x20000, 0x3FFFF),
]


def is_counted(char: str) -> bool:
    return any(low <= ord(char) <= high for low, high in COUNTED_RANGES)


CJK_ALPHABET = st.characters(
    min_codepoint=0x3000, max_codepoint=0xFFEF, exclude_categories=("Cs", "Co", "Cn")
)


@given(st.text(alphabet=CJK_ALPHABET, max_size=200))
def test_cjk_count_matches_the_ranges(text: str) -> None:
    counts = count(f"<p>{text}</p>")
    assert counts.cjk_chars == sum(map(is_counted, text))


REFERENCE_WORD = re.compile(r"[^\W_]+(?:['\u2019-][^\W_]+)*")
MIXED_ALPHABET = st.sampled_from(list("ab zé'’-.,/_—…「」。、日本ー\n1"))


@given(st.text(alphabet=MIXED_ALPHABET, max_size=200))
def test_words_match_a_plain_regex_on_mixed_text(text: str) -> None:
    """The byte-table word count agrees with a straightforward regex of the same rule."""
    latin = re.sub("[日本ー「」。、]", " ", text)
    counts = count(f"<p>{text}</p>")
    assert counts.words == len(REFERENCE_WORD.findall(latin))
    assert counts.cjk_chars == sum(text.count(char) for char in "日本ー")


@given(st.text(max_size=300))
def test_any_text_gives_sane_counts(text: str) -> None:
    counts = count(text)
    assert min(counts.words, counts.cjk_chars, counts.code_words, counts.images) >= 0
    assert minutes(text, Rates()) >= 1


# --- rates ------------------------------------------------------------------------------


def test_default_rates_are_the_documented_ones() -> None:
    assert set(DEFAULT_RATES) == {"default", "en", "ja", "zh", "ko"}
    assert DEFAULT_RATES["default"] == DEFAULT_RATES["en"] == Rates()
    assert Rates() == Rates(238, 600, 100, 12, 3)
    assert DEFAULT_RATES["ja"].chars_per_minute == 600
    assert DEFAULT_RATES["zh"].chars_per_minute == 300
    assert DEFAULT_RATES["ko"].chars_per_minute == 500
    # Latin terms on CJK pages are read at the same Latin rate.
    assert {rates.words_per_minute for rates in DEFAULT_RATES.values()} == {238}


def test_default_rates_are_read_only() -> None:
    with pytest.raises(TypeError):
        DEFAULT_RATES["fr"] = Rates()  # type: ignore[index]


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("zh", "zh"),
        ("zh_CN", "zh"),
        ("zh-Hant-TW", "zh"),
        ("ZH", "zh"),
        ("ko_KR", "ko"),
        ("ja-JP", "ja"),
        (None, "default"),
        ("", "default"),
        ("fr", "default"),
        ("default", "default"),
    ],
)
def test_rates_for_language_codes(lang: str | None, expected: str) -> None:
    assert rates_for(lang) == DEFAULT_RATES[expected]


@pytest.mark.parametrize("lang", ["ja", "ja_JP", "ja-JP", "JA", " ja "])
def test_overrides_apply_to_every_spelling(lang: str) -> None:
    overrides = {"ja": {"chars_per_minute": 500}}
    assert rates_for(lang, overrides).chars_per_minute == 500
    assert rates_for("en", overrides).chars_per_minute == 600
    assert rates_for(None, overrides).chars_per_minute == 600


def test_override_precedence() -> None:
    overrides: dict[str, dict[str, float | None]] = {
        "default": {"words_per_minute": 200, "chars_per_minute": 450},
        "zh": {"chars_per_minute": 250},
        "zh_TW": {"chars_per_minute": 280},
    }
    assert rates_for("zh-TW", overrides) == Rates(words_per_minute=200, chars_per_minute=280)
    assert rates_for("zh-CN", overrides) == Rates(words_per_minute=200, chars_per_minute=250)
    # 'default' overrides apply to every language, built-in ja and ko rates included.
    assert rates_for("ko", overrides) == Rates(words_per_minute=200, chars_per_minute=450)
    assert rates_for(None, overrides) == Rates(words_per_minute=200, chars_per_minute=450)


def test_override_can_exclude_code() -> None:
    assert rates_for("en", {"en": {"code_words_per_minute": None}}).code_words_per_minute is None


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        ({"ja": {"chars_per_min": 500}}, r"'ja': unknown key 'chars_per_min'; valid keys are"),
        ({"ko": {"speed": 1}}, r"'ko': unknown key 'speed'"),
        ({"en": {"words_per_minute": None}}, r"words_per_minute must be a number"),
        ({"en": {"words_per_minute": "200"}}, r"words_per_minute must be a number, got '200'"),
        ({"en": {"words_per_minute": True}}, r"must be a number, got True"),
        ({"en": {"words_per_minute": 0}}, r"words_per_minute must be positive"),
        ({"en": {"chars_per_minute": -5}}, r"chars_per_minute must be positive"),
        ({"en": {"words_per_minute": math.nan}}, r"words_per_minute must be finite"),
        ({"en": {"image_min_seconds": -1}}, r"image_min_seconds must not be negative"),
        ({"en": {"image_min_seconds": 20}}, r"'en'.*must not exceed image_first_seconds"),
        ({"ja_JP": {}, "ja-jp": {}}, r"given twice"),
        ({"en": 238}, r"must be a mapping"),
        ({"": {"words_per_minute": 1}}, r"non-empty string"),
    ],
)
def test_bad_overrides_raise(overrides: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        rates_for("en", overrides)  # type: ignore[arg-type]


def test_mistake_in_another_language_still_raises() -> None:
    """A typo under a language the site has no page in yet must not wait to be found."""
    with pytest.raises(ValueError, match="'ko': unknown key 'wpm'"):
        rates_for("en", {"ko": {"wpm": 200}})
    with pytest.raises(ValueError, match="'ko': chars_per_minute must be positive"):
        rates_for("en", {"ko": {"chars_per_minute": -1}})
    with pytest.raises(ValueError, match=r"'ko': image_min_seconds .* must not exceed"):
        rates_for("en", {"ko": {"image_min_seconds": 20}})
    with pytest.raises(ValueError, match="'zh': words_per_minute must be a number"):
        rates_for(None, {"zh": {"words_per_minute": "fast"}})  # type: ignore[dict-item]


@pytest.mark.parametrize(
    "kwargs",
    [
        {"words_per_minute": 0},
        {"chars_per_minute": -1},
        {"code_words_per_minute": 0},
        {"image_first_seconds": 2, "image_min_seconds": 3},
        {"image_first_seconds": math.inf},
    ],
)
def test_rates_reject_impossible_values(kwargs: dict[str, float]) -> None:
    with pytest.raises(ValueError):
        Rates(**kwargs)
