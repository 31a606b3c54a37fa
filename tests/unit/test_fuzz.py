"""Fuzzing the engine with generated front matter and tags files (issue 24, point 2).

Every front-matter key the plugin reads gets generated values of any YAML type (huge and tiny
numbers, NaN and infinities, control, bidi and zero-width characters, very long strings, nested
lists and mappings, dates out of range), sometimes written into the block as raw YAML scalars,
and whole blocks that are not YAML at all. Tags files are random YAML documents and random
bytes. Each site goes through the engine as a host drives it (`tests/build/test_second_host.py`:
`Run`, `Language`, `Edition`, `render.Renderer`), no MkDocs build. The properties:

- nothing raises;
- every value the plugin cannot use gives exactly one warning naming the file and the key (an
  independent model of each key's rules, `problems`, counts them); front matter that is not
  YAML gives one warning naming the file and the line;
- a page whose tags are usable is listed, a card on each of its tag pages;
- everything shown is escaped: text values carry `<x-fuzz>`, which must not appear as markup in
  the tag pages, the all-tags page, the head, the article's meta line or its chips; the feeds
  and `tags.json` parse as XML and strict JSON.

`make test` runs each property 300 times, derandomized; `make fuzz` runs them
`TAGINDEX_FUZZ_EXAMPLES` times (20,000) with a random seed and prints Hypothesis' statistics.
"""

from __future__ import annotations

import datetime
import json
import logging
import math
import os
import re
import string
import tempfile
import xml.etree.ElementTree as ElementTree
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import yaml
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from mkdocs_tagindex.core import (
    Edition,
    Found,
    Language,
    Languages,
    Messages,
    Published,
    Run,
    SiteInfo,
    SourcePage,
    TagIndexConfig,
)
from mkdocs_tagindex.core.model.routes import url_of
from mkdocs_tagindex.core.options import tagsfile
from mkdocs_tagindex.core.options.optiontypes import MAX_TAG_CHARS, MAX_TAGS
from mkdocs_tagindex.core.output.render import Renderer
from mkdocs_tagindex.core.records.frontmatter import front_matter
from mkdocs_tagindex.core.text.slugs import strip_format
from mkdocs_tagindex.core.text.values import BUILD_ERRORS, clean_text, short

# -- settings: 300 derandomized examples in `make test`, a long random run in `make fuzz` ------

LONG_RUN = os.environ.get("TAGINDEX_FUZZ_EXAMPLES")
settings.register_profile(
    "tagindex-test",
    max_examples=300,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile(
    "tagindex-fuzz",
    max_examples=int(LONG_RUN or 20_000),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
FUZZ = settings.get_profile("tagindex-fuzz" if LONG_RUN else "tagindex-test")

MARK = "<x-fuzz>"
"""Put into generated text; the rendered HTML may only have it escaped."""

# -- generated values -------------------------------------------------------------------------

SPECIAL = (
    "\x00\x01\x07\x08\x1b\x7f\x85\x9f"  # control characters
    "\u200b\u200c\u200d\u2060\ufeff\u00ad"  # zero-width and soft hyphen
    "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c"  # bidi
    "\u2028\u2029\u3000\t\n\r "  # separators, full-width space
    "\ufffe\uffff\U0001f600\u0301"  # noncharacters, emoji, a combining mark
    "<>&\"'`/\\:,#{}[]-*!|%@"  # markup and YAML punctuation
    "強ロボ한국عربيעבר"
)
chars = st.one_of(
    st.sampled_from(SPECIAL),
    st.sampled_from(string.ascii_letters + string.digits),
    st.characters(exclude_categories=("Cs",)),
)
short_text = st.text(chars, max_size=12)
texts = st.one_of(
    short_text,
    st.builds(lambda a, b: f"{a}{MARK}{b}", short_text, short_text),
    st.builds(lambda a, n: (a[:3] or "x") * n, short_text, st.integers(300, 3000)),  # long
    st.sampled_from(["", " ", ",", "yes", "no", "NaN", "inf", "-1e999", "1_000", "0x1F", "12"]),
    st.sampled_from(["2026-05-31", "2026-05-31T10:00:00Z", "0001-01-01", "9999-12-31"]),
)
numbers = st.one_of(
    st.integers(),
    st.integers(-(10**20), 10**20),
    st.sampled_from([0, 1, -1, 600, 601, 2**63, -(2**63)]),
    # 10**308 … 10**4000, drawn by exponent so that the statistics do not print 4,000 digits
    st.sampled_from([308, 309, -400, 4000]).map(lambda e: 10**e if e > 0 else -(10**-e)),
    st.floats(),  # NaN and infinities included
    st.sampled_from([5e-324, -0.0, 1e308, float("nan"), float("inf"), float("-inf"), 0.5]),
)
fixed_offsets = st.integers(-23 * 60 - 59, 23 * 60 + 59).map(
    lambda m: datetime.timezone(datetime.timedelta(minutes=m))
)
moments = st.one_of(
    st.dates(),
    st.datetimes(),
    st.datetimes(timezones=fixed_offsets),
    st.sampled_from([datetime.date.min, datetime.date.max, datetime.datetime.max]),
)
scalars = st.one_of(st.none(), st.booleans(), numbers, texts, moments)
yaml_values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(st.one_of(short_text, st.integers(), st.booleans()), inner, max_size=3),
    ),
    max_leaves=8,
)

RAW = [
    "2026-02-30",
    "0000-00-00",
    "2026-13-01",
    "10000-01-01",
    "9999-12-31 23:59:59 -12:00",
    "0001-01-01T00:00:00+14:00",
    ".nan",
    "-.inf",
    "1e400",
    "0b102",
    "0o9",
    "!!binary aGVsbG8=",
    "!!set {a, b}",
    "!!omap [a: 1]",
    "!!timestamp nope",
    "!!int x",
    "!!float y",
    "!!python/object/apply:os.system [true]",
    "*nowhere",
    "&a [*a]",
    "[unclosed",
    "{a: 1",
    '"unterminated',
    "'it''s'",
    "@reserved",
    "`tick",
    "a: b: c",
    "- [x]\n- y",
    "|\n  literal\n  text",
    ">\n  folded",
    '"\\ud800"',
    '"\\x00\\u202e<x-fuzz>"',
    "\t[tab]",
    "\u3000[fullwidth]",
    "123456789012345678901234567890123456789",
    "~",
]
"""Scalars written into the block as they are: what YAML has but a dumped value never is."""

KEYS = [
    "tags",
    "category",
    "categories",
    "member",
    "type",
    "summary",
    "description",
    "date",
    "weight",
    "read_time",
    "lang",
    "audience",
    "authors",
    "author",
    "draft",
    "title",
]
good_tags = st.lists(st.one_of(short_text, texts, st.integers(0, 3000)), min_size=1, max_size=4)
good = {
    "tags": good_tags,
    "category": st.one_of(texts, st.lists(texts, max_size=3)),
    "member": st.sampled_from([True, False, "yes", "no", 1, 0, "on"]),
    "date": st.one_of(
        moments,
        st.fixed_dictionaries({"created": moments}, optional={"updated": moments}),
    ),
    "weight": numbers,
    "read_time": st.integers(-5, 700),
    "lang": st.sampled_from(["en", "ja", "xx", "", "en-\u202e", "zh_Hant", "\x00"]),
    "draft": st.booleans(),
}


def value_for(key: str) -> st.SearchStrategy[object]:
    canonical = {"categories": "category", "author": "authors", "audience": "tags"}.get(key, key)
    usual = good.get(canonical, texts)
    return st.one_of(usual, usual, yaml_values, st.sampled_from(RAW).map(Raw))


class Raw(str):
    """A scalar written into the block as it is (see `RAW`)."""


def dump(key: str, value: object) -> str:
    if isinstance(value, Raw):
        return (
            f"{key}: {value}\n"
            if "\n" not in value
            else f"{key}:\n  " + value.replace("\n", "\n  ") + "\n"
        )
    try:
        return yaml.safe_dump({key: value}, allow_unicode=True, width=10_000)
    except (yaml.YAMLError, ValueError, OverflowError):
        return f"{key}: null\n"


@st.composite
def front_matter_blocks(draw: st.DrawFn) -> str:
    """A page's front matter: several keys with generated values, or text that is no YAML."""
    kind = draw(st.sampled_from(["keys", "keys", "keys", "garbage", "none"]))
    if kind == "none":
        return ""
    if kind == "garbage":
        alphabet = st.one_of(st.sampled_from(list("-:[]{}&*!|>'\"#%@`?,\t\u3000 \n\r")), chars)
        block = draw(st.text(alphabet, max_size=80))
        return "---\n" + block.replace("---", "-") + "\n---\n"
    keys = draw(st.lists(st.sampled_from(KEYS), unique=True, max_size=8))
    if draw(st.booleans()) and "tags" not in keys:
        keys.insert(0, "tags")
    lines = "".join(dump(key, draw(value_for(key))) for key in keys)
    return "---\n" + lines + "---\n"


@st.composite
def sites(draw: st.DrawFn) -> list[tuple[str, str]]:
    count = draw(st.integers(1, 3))
    pages = []
    for number in range(count):
        block = draw(front_matter_blocks())
        heading = draw(st.sampled_from(["", f"# Heading {MARK}\n\n", "# Plain\n\n"]))
        body = draw(st.sampled_from(["Text.", f"A {MARK} paragraph.", "強い" * 200, ""]))
        pages.append((f"p{number}.md", block + "\n" + heading + body + "\n"))
    return pages


# -- the independent model of what each key accepts --------------------------------------------

TRUE_FALSE = {"true", "yes", "y", "on", "1", "false", "no", "n", "off", "0", ""}


def is_text(value: object) -> bool:
    return isinstance(value, (str, int, float)) and not isinstance(value, bool)


def number_of(value: object) -> float | None:
    if isinstance(value, bool):
        return None
    try:
        if isinstance(value, (int, float)):
            number = float(value)
        elif isinstance(value, str):
            number = float(value.strip())
        else:
            return None
    except (ValueError, OverflowError):
        return None
    return None if math.isnan(number) else number


def is_date(value: object) -> bool:
    if isinstance(value, datetime.date):
        return True
    if isinstance(value, str):
        try:
            datetime.datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
        except ValueError:
            return False
        return True
    return False


def tag_name(item: object) -> str:
    return strip_format(clean_text(str(item)))


def bad_items(items: list[Any]) -> int:
    """Distinct warnings for the unusable items of a list: the same message is said once."""
    return len({(type(i).__name__, short(i)) for i in items if not is_text(i)})


def problems(canonical: str, value: object) -> int:
    """How many warnings a key's value must give (0: the plugin uses it, or it is empty)."""
    if value is None:
        return 0
    if canonical in ("tags", "audience"):
        if isinstance(value, str):
            items: list[Any] = value.split(",")
        elif isinstance(value, list):
            items = value
        else:
            return 1
        names = [tag_name(i) for i in items if is_text(i)]
        empty = any(not n for n in names)
        long = len({(len(n), short(n)) for n in names if len(n) > MAX_TAG_CHARS})
        kept = {n for n in names if n and len(n) <= MAX_TAG_CHARS}
        return bad_items(items) + empty + long + (len(kept) > MAX_TAGS)
    if canonical in ("category", "authors"):
        if isinstance(value, list):
            return bad_items(value)
        return 0 if is_text(value) else 1
    if canonical in ("title", "type", "summary", "description"):
        return 0 if is_text(value) else 1
    if canonical in ("member", "draft"):
        usable = (
            isinstance(value, bool)
            or (type(value) is int and value in (0, 1))
            or (isinstance(value, str) and value.strip().lower() in TRUE_FALSE)
        )
        return 0 if usable else 1
    if canonical == "date":
        if isinstance(value, Mapping):
            updated = value.get("updated")
            return (
                0 if is_date(value.get("created")) and (updated is None or is_date(updated)) else 1
            )
        return 0 if is_date(value) else 1
    if canonical == "weight":
        return 0 if number_of(value) is not None else 1
    if canonical == "read_time":
        minutes = number_of(value)
        return 0 if minutes is not None and 1 <= minutes <= 600 else 1
    if canonical == "lang":
        return 0 if isinstance(value, str) else 1
    raise AssertionError(canonical)


def keys_read(meta: Mapping[str, Any]) -> dict[str, str]:
    """Front-matter key → canonical name, for the keys the plugin reads from this page."""
    read = {key: key for key in KEYS if key in meta and key not in ("categories", "author")}
    if "category" not in meta and "categories" in meta:
        read["categories"] = "category"
    if "authors" not in meta and "author" in meta:
        read["author"] = "authors"
    return read


def has_tags(value: object) -> bool:
    """Whether the plugin reads the page at all: it says something under `tags`."""
    return value not in (None, "", [], [None])


def usable_tags(value: object) -> bool:
    if isinstance(value, str):
        value = value.split(",")
    return isinstance(value, list) and any(
        is_text(i) and 0 < len(tag_name(i)) <= MAX_TAG_CHARS for i in value
    )


# -- the host ---------------------------------------------------------------------------------

RENDERER = Renderer()
HEAD = RENDERER.env.get_template("tagindex/head.html")
META = RENDERER.env.get_template("tagindex/article-meta.html")


def strict_json(text: str) -> object:
    def refuse(name: str) -> object:
        raise AssertionError(f"not JSON: {name}")

    return json.loads(text, parse_constant=refuse)


class Host:
    """The engine driven as `tests/build/test_second_host.py` drives it; keeps what it said."""

    def __init__(self, options: dict[str, object] | None = None) -> None:
        config = TagIndexConfig()
        config.load_dict(options or {})
        errors, _ = config.validate()
        assert not errors, errors
        self.said: list[tuple[int, str]] = []
        messages = Messages(lambda level, text: self.said.append((level, text)))
        self.run = Run(config, Languages(current="en", default="en", build=("en",)), messages)

    @property
    def warnings(self) -> list[str]:
        return [text for level, text in self.said if level >= logging.WARNING]

    def build(self, sources: list[tuple[str, str]]) -> tuple[Edition, dict[str, str], list[str]]:
        """The edition, every generated page's body by URL, and the article parts rendered."""
        run = self.run
        run.first_pass(sources)
        language = Language(run, "en", SiteInfo(url="https://example.org/", name=f"S {MARK}"))
        found: list[Found] = []
        for src_uri, text in sources:
            meta = front_matter(text, src_uri, run.warn)
            heading = f"Heading {MARK}" if "# Heading" in text else None
            facts = language.facts(f"<p>{text[-300:]}</p>", heading, meta.get("lang"))
            title = meta.get("title")
            page = SourcePage(
                src_uri, url_of(src_uri), meta, str(title) if title else None, None, facts
            )
            article = language.article(page)
            if article is not None:
                found.append(article)
        collected = language.collect(found)
        pages = {r.src_uri: (r, url_of(r.src_uri)) for r in collected.plan.routes()}
        edition = Edition(language, collected, Published(pages, {}, lambda src: False))
        bodies: dict[str, str] = {}
        parts: list[str] = []
        config = {"theme": {"tagindex_assets": RENDERER.assets}}
        for route, url in pages.values():
            context = edition.page_context(route, url)
            bodies[url] = RENDERER.page(context, url)
            parts.append(HEAD.render(tagindex=context, config=config, page_url=url))
        for article in [*collected.articles.values(), *collected.unlisted.values()]:
            context = edition.article_context(article)
            parts.append(META.render(tagindex=context, config=config, page_url=article.url))
            chips = edition.chips(article, None, icons=False, shadows_shown=False)
            parts.extend(str(chip.name) for chip in chips)
        for file in edition.outputs.files:
            content = file.content if isinstance(file.content, str) else "".join(file.content)
            if file.src_uri.endswith(".xml"):
                ElementTree.fromstring(content.encode("utf-8"))
            elif file.src_uri.endswith(".json"):
                strict_json(content)
        return edition, bodies, parts


def assert_escaped(html: str) -> None:
    assert "<x-fuzz" not in html, html[max(0, html.find("<x-fuzz") - 200) :][:400]


LINE = re.compile(r"\(line (\d+)\)")


def check_page(src_uri: str, text: str, warnings: list[str], edition: Edition) -> None:
    """One page's warnings against the model, and its card."""
    mine = [w for w in warnings if w.startswith(f"{src_uri}: ")]
    match = re.match(r"\A---[ \t]*\r?\n(.*?\r?\n)?(?:\.{3}|-{3})[ \t]*(?:\r?\n|\Z)", text, re.S)
    block = (match.group(1) or "") if match else ""
    try:
        meta = yaml.load(block, Loader=yaml.CSafeLoader) if match else None
    except (yaml.YAMLError, *BUILD_ERRORS):
        assert len(mine) == 1, mine
        found = LINE.search(mine[0])
        assert found, f"no line in {mine[0]!r}"
        assert 2 <= int(found.group(1)) <= block.count("\n") + 2, (mine[0], block)
        event("front matter: not YAML")
        return
    if meta is None:
        assert not mine, mine
        return
    if not isinstance(meta, dict):
        assert len(mine) == 1 and "not a mapping" in mine[0], mine
        event("front matter: not a mapping")
        return
    if not has_tags(meta.get("tags")):
        assert not mine, (mine, meta)
        return
    read = keys_read(meta)
    for key, canonical in read.items():
        expected = problems(canonical, meta[key])
        named = [w for w in mine if w.startswith(f"{src_uri}: front matter '{key}'")]
        assert len(named) == expected, (key, meta[key], named)
        for warning in named:
            event(f"warning: '{canonical}' {warning.split(': ')[2].split(',')[0][:30]}")
    assert all(any(f"front matter '{key}'" in w for key in read) for w in mine), mine
    article = edition.article(src_uri)
    if not usable_tags(meta.get("tags")):
        assert article is None
        event("page: tags unusable")
        return
    assert article is not None, (src_uri, meta)
    if article.draft:
        event("page: draft")
        return
    for tag in article.tags:
        cards = edition.index.by_key[tag].cards
        assert [c.article.src_uri for c in cards].count(src_uri) == 1
    event("page: listed")


@FUZZ
@given(sites())
def test_generated_front_matter_is_warned_listed_and_escaped(pages: list[tuple[str, str]]) -> None:
    host = Host()
    edition, bodies, parts = host.build(pages)
    warnings = host.warnings
    sources = {src for src, _ in pages}
    for warning in warnings:
        assert warning.split(": ", 1)[0] in sources, warning
    for src_uri, text in pages:
        check_page(src_uri, text, warnings, edition)
    for url, html in bodies.items():
        assert_escaped(html)
        if url.startswith("tags/") and url != "tags/":
            own = re.sub(r"page/\d+/$", "", url)  # a tag may be named `page` itself
            tag = next(t for t in edition.index.tags if t.url == own)
            assert html.count('class="tagindex-card"') + html.count(
                'class="tagindex-card tagindex-card--member"'
            ) == min(len(tag.cards), edition.options.per_page or len(tag.cards))
    for part in parts:
        assert_escaped(part)


# -- tags files ---------------------------------------------------------------------------------

entry_values = st.one_of(
    texts,
    st.dictionaries(st.sampled_from(["en", "ja", "*", "english", "pt-BR", ""]), texts, max_size=3),
    yaml_values,
)
entries = st.one_of(
    st.fixed_dictionaries(
        {},
        optional={
            "name": entry_values,
            "description": entry_values,
            "aliases": st.one_of(st.lists(texts, max_size=3), yaml_values),
            "hidden": st.one_of(st.booleans(), yaml_values),
        },
    ),
    yaml_values,
)
tags_documents = st.one_of(
    st.dictionaries(st.one_of(texts, numbers, st.booleans(), st.none()), entries, max_size=5),
    yaml_values,
)


def written(data: object) -> bytes:
    try:
        return yaml.safe_dump(data, allow_unicode=True).encode("utf-8")
    except (yaml.YAMLError, ValueError, OverflowError):
        return b"{}"


tags_files = st.one_of(
    tags_documents.map(written),
    st.binary(max_size=200),
    st.builds(lambda a, b: a + b, tags_documents.map(written), st.binary(max_size=20)),
    st.text(st.one_of(st.sampled_from(list(":-[]{}&*!|>'\"#\t\n ")), chars), max_size=120).map(
        lambda t: t.encode("utf-8", "surrogatepass")
    ),
)
FOLDER = tempfile.TemporaryDirectory(prefix="tagindex-fuzz-")


@FUZZ
@given(tags_files, st.lists(texts, min_size=1, max_size=3))
def test_generated_tags_files_are_warned_and_escaped(raw: bytes, names: list[str]) -> None:
    path = Path(FOLDER.name) / "tags.yml"
    path.write_bytes(raw)
    catalog, said = tagsfile.load(str(path))
    assert all(problem.startswith(f"{path}: ") for problem in said), said
    # the names the file gives are put on pages, so they are shown as headings and chips
    for names_of in list(catalog.names.values())[:3]:
        names += [str(name) for name in names_of.values()]
    tags = yaml.safe_dump({"tags": names, "title": MARK}, allow_unicode=True, width=10_000)
    host = Host({"tags_file": str(path), "unknown_tags": "warn"})
    try:
        _, bodies, parts = host.build([("a.md", f"---\n{tags}---\n\n# A\n")])
    except Exception as exc:
        raise AssertionError(f"tags file {raw[:300]!r}") from exc
    assert all(w.startswith((f"{path}: ", "a.md: ")) for w in host.warnings), host.warnings
    event(
        f"tags file: {'some' if catalog.keys else 'no'} tags, {'some' if said else 'no'} problems"
    )
    for html in [*bodies.values(), *parts]:
        assert_escaped(html)


def test_the_model_agrees_with_known_rows() -> None:
    """The model of `problems` against rows of docs/bad-input.md, so a wrong model fails here
    rather than hiding a bug."""
    assert problems("tags", "parts-a,, parts-b,") == 1
    assert problems("tags", [None, None, "x"]) == 1
    assert problems("member", "maybe") == 1
    assert problems("member", 1) == 0
    assert problems("read_time", 10_000) == 1
    assert problems("read_time", float("nan")) == 1
    assert problems("date", {"created": "2026-05-31", "updated": "nope"}) == 1
    assert problems("lang", 5) == 1
    assert problems("title", ["a"]) == 1
