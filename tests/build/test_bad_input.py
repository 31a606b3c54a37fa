"""Bad front matter, one row of docs/bad-input.md per case (issue #7).

For every row: the build completes (or fails cleanly under `--strict`) with a warning naming the
file and the key, never a traceback; a page with tags stays listed on its tag pages; whatever
front matter says is escaped; nothing is written outside `site_dir`.

Most rows share one site (`bad_site`, built once); `--strict` is checked with one build per class
of warning (`strict_builds`). Rows that need a site of their own (5,000 pages, an empty site, and
inputs that crash or exhaust the build) have their own tests at the end.
"""

from __future__ import annotations

import json
import os
import posixpath
import re
import resource
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import unquote, urlsplit

import feedparser
import pytest
from bs4 import BeautifulSoup, Tag

from mkdocs_tagindex.core.options.optiontypes import MAX_TAGS
from mkdocs_tagindex.core.text.slugs import MAX_SLUG_BYTES, tag_key

from conftest import ROOT, Site, build, material_config, run_mkdocs, write_config, write_page

# -- the rows ----------------------------------------------------------------------------------

SCRIPT = '<script>alert("x1")</script>'
IMG = '"><img src=x onerror=alert("x2")>'
JS_URL = 'javascript:alert("x3")'
TITLE_BREAKOUT = '</title><script>alert("x4")</script>'


def _yaml(text: str) -> str:
    """A YAML double-quoted scalar for `text` (payloads carry quotes)."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _fields(payload: str, tag: str) -> str:
    value = _yaml(payload)
    return (
        f"title: {value}\nsummary: {value}\ncategory: {value}\ntype: {value}\ntags: [{tag}]\n"
        f"date: 2026-01-01"
    )


@dataclass(frozen=True)
class Row:
    """One bad input: the page `bad/<id>.md` and what the plugin must do with it."""

    id: str
    front: str | None
    """Front matter between the `---` lines; None when `raw` is the whole file."""
    raw: str | None = None
    warn: str | None = None
    """Regex a warning about this file must match; None: no warning may name the file."""
    key: str | None = None
    """Front-matter key the warning must name (quoted, as `'member'`)."""
    tags: tuple[str, ...] = ()
    """Tag keys whose pages must list this page exactly once."""
    card_has: tuple[str, ...] = ()
    card_lacks: tuple[str, ...] = ()
    payload: str | None = None
    """Text from front matter that must come out escaped, never as markup."""
    extra: dict[str, str] = field(default_factory=dict)
    """Other files of the row, relative to docs/ (written as they are)."""

    @property
    def src(self) -> str:
        return f"bad/{self.id}.md"

    @property
    def url(self) -> str:
        return f"bad/{self.id}/"

    def text(self) -> str:
        if self.raw is not None:
            return self.raw
        return f"---\n{self.front}\n---\n\nBody of {self.id}.\n"


NOT_YAML = r"front matter is not valid YAML \(line \d+\): .+; its keys are ignored"
TAGS_TYPE = r"front matter 'tags': expected a list of tag names, .+; ignored"
TAG_ITEM = r"front matter 'tags': a tag must be text, but one item is .+; that item was ignored"
EMPTY_TAG = r"front matter 'tags': an empty tag name was ignored"

ROWS: list[Row] = [
    # front matter that is not a mapping
    Row(
        "fm-list",
        None,
        raw="---\n- fm-list\n- b\n---\n\nA list.\n",
        warn=r"front matter is a list, not a mapping of keys; it is ignored",
    ),
    Row(
        "fm-scalar",
        None,
        raw="---\njust a sentence\n---\n\nA string.\n",
        warn=r"front matter is a str, not a mapping of keys; it is ignored",
    ),
    # the value of `tags`
    Row("tags-string", 'tags: "str-a, str-b"', tags=("str-a", "str-b")),
    Row("tags-number", "tags: 2024", warn=TAGS_TYPE, key="tags"),
    Row("tags-null", "tags:"),
    Row("tags-empty-list", "tags: []"),
    Row("tags-bool", "tags: true", warn=TAGS_TYPE, key="tags"),
    Row("tags-mapping", "tags: {map-a: 1}", warn=TAGS_TYPE, key="tags"),
    Row(
        "tags-nested",
        "tags: [nested-ok, [nested-a, nested-b]]",
        warn=TAG_ITEM,
        key="tags",
        tags=("nested-ok",),
    ),
    Row("tag-empty", 'tags: [empty-ok, ""]', warn=EMPTY_TAG, key="tags", tags=("empty-ok",)),
    Row(
        "tag-empty-item",
        "tags:\n  - null-ok\n  -",
        warn=r"front matter 'tags': .+",
        key="tags",
        tags=("null-ok",),
    ),
    Row(
        "tag-empty-parts",
        'tags: "parts-a,, parts-b,"',
        warn=EMPTY_TAG,
        key="tags",
        tags=("parts-a", "parts-b"),
    ),
    Row("tag-blank", 'tags: ["   ", blank-ok]', warn=EMPTY_TAG, key="tags", tags=("blank-ok",)),
    Row("tag-twice", "tags: [twice, twice, Twice]", tags=("twice",)),
    # case and width: three pages, one tag
    Row(
        "tag-case-width",
        "tags: [ABC]",
        tags=("abc",),
        extra={
            "bad/tag-case-width-lower.md": "---\ntags: [abc]\n---\n\nLower.\n",
            "bad/tag-case-width-full.md": "---\ntags: [ＡＢＣ, abc]\n---\n\nFull width.\n",
        },
    ),
    # names that look like paths
    Row("tag-dotdot", 'tags: [".."]', tags=("..",)),
    Row("tag-traversal", 'tags: ["../../escape"]', tags=("../../escape",)),
    Row("tag-slash", 'tags: ["/"]', tags=("/",)),
    Row("tag-dot", 'tags: ["."]', tags=(".",)),
    Row("tag-percent", 'tags: ["%2F"]', tags=("%2f",)),
    Row("tag-nul", 'tags: ["nul\\0byte"]', tags=("nulbyte",)),
    Row("tag-control", 'tags: ["ctl\\a\\e[31mred"]', tags=("ctl[31mred",)),
    Row("tag-long", 'tags: ["long-' + "x" * 295 + '"]', tags=("long-" + "x" * 295,)),
    Row("tag-long-cjk", 'tags: ["' + "強" * 300 + '"]', tags=("強" * 300,)),
    Row("tag-all-punct", 'tags: ["!!!", "???"]', tags=("!!!", "???")),
    Row(
        "tag-surrogate",
        'tags: ["\\ud800"]',
        warn=r"front matter is not valid YAML .+; its keys are ignored",
    ),
    # markup in every field that reaches the output
    Row("xss-script-fields", _fields(SCRIPT, "xss-fields"), tags=("xss-fields",), payload=SCRIPT),
    Row("xss-img-fields", _fields(IMG, "xss-fields"), tags=("xss-fields",), payload=IMG),
    Row("xss-js-fields", _fields(JS_URL, "xss-fields"), tags=("xss-fields",), payload=JS_URL),
    Row("xss-script-tag", f"tags: [{_yaml(SCRIPT)}]", tags=(SCRIPT,), payload=SCRIPT),
    Row("xss-img-tag", f"tags: [{_yaml(IMG)}]", tags=(IMG,), payload=IMG),
    Row("xss-js-tag", f"tags: [{_yaml(JS_URL)}]", tags=(JS_URL.lower(),), payload=JS_URL),
    Row(
        "xss-title-breakout-tag",
        f"tags: [{_yaml(TITLE_BREAKOUT)}]",
        tags=(TITLE_BREAKOUT,),
        payload=TITLE_BREAKOUT,
    ),
    # member
    Row("member-yes", 'tags: [member]\nmember: "yes"', tags=("member",), card_has=("★ MEMBER",)),
    Row("member-no", 'tags: [member]\nmember: "no"', tags=("member",), card_lacks=("★ MEMBER",)),
    Row("member-1", "tags: [member]\nmember: 1", tags=("member",), card_has=("★ MEMBER",)),
    Row(
        "member-maybe",
        'tags: [member]\nmember: "maybe"',
        warn=r"front matter 'member': expected true or false, got 'maybe'; ignored",
        key="member",
        tags=("member",),
        card_lacks=("★ MEMBER",),
    ),
    # read_time: the computed time is shown instead
    Row(
        "read-time-negative",
        "tags: [read-time]\nread_time: -3",
        warn=r"front matter 'read_time': expected minutes between 1 and 600, got -3; ignored",
        key="read_time",
        tags=("read-time",),
        card_has=("1 min read",),
    ),
    Row(
        "read-time-ten",
        'tags: [read-time]\nread_time: "ten"',
        warn=r"front matter 'read_time': expected a number of minutes, got 'ten'; ignored",
        key="read_time",
        tags=("read-time",),
        card_has=("1 min read",),
    ),
    Row(
        "read-time-huge",
        "tags: [read-time]\nread_time: 10000",
        warn=r"front matter 'read_time': expected minutes between 1 and 600, got 10000; ignored",
        key="read_time",
        tags=("read-time",),
        card_has=("1 min read",),
        card_lacks=("10000",),
    ),
    Row(
        "read-time-nan",
        "tags: [read-time]\nread_time: .nan",
        warn=r"front matter 'read_time': expected a number of minutes, got nan; ignored",
        key="read_time",
        tags=("read-time",),
        card_has=("1 min read",),
    ),
    # other keys: warned, the page stays listed
    Row(
        "date-words",
        'tags: [dates]\ndate: "last tuesday"',
        warn=r"front matter 'date': expected a date like 2026-05-31, got 'last tuesday'; ignored",
        key="date",
        tags=("dates",),
    ),
    Row(
        "category-mapping",
        "tags: [other-keys]\ncategory: {a: 1}",
        warn=r"front matter 'category': expected text, got dict .+; ignored",
        key="category",
        tags=("other-keys",),
    ),
    Row(
        "type-list",
        "tags: [other-keys]\ntype: [paper, news]",
        warn=r"front matter 'type': expected text, got list .+; ignored",
        key="type",
        tags=("other-keys",),
        card_lacks=("PAPER",),
    ),
    Row(
        "weight-words",
        'tags: [other-keys]\nweight: "heavy"',
        warn=r"front matter 'weight': expected a number, got 'heavy'; ignored",
        key="weight",
        tags=("other-keys",),
    ),
    Row(
        "lang-number",
        "tags: [other-keys]\nlang: 5",
        warn=r"front matter 'lang': .+; ignored",
        key="lang",
        tags=("other-keys",),
    ),
    Row(
        "title-list",
        "tags: [other-keys]\ntitle: [a, b]",
        warn=r"front matter 'title': expected text, got list .+; ignored",
        key="title",
        tags=("other-keys",),
    ),
    Row("no-title", None, raw="---\ntags: [untitled]\n---\n\nJust text.\n", tags=("untitled",)),
    # front matter that is not YAML
    Row("yaml-fullwidth-indent", "tags:\n\u3000- fullwidth", warn=NOT_YAML),
    Row(
        "yaml-python-tag",
        "tags: [pyobj]\nx: !!python/object/apply:os.system [touch PWNED]",
        warn=NOT_YAML,
    ),
    Row("utf8-bom", None, raw="\ufeff---\ntags: [bom]\n---\n\nBOM.\n", tags=("bom",)),
    Row("crlf", None, raw="---\r\ntags: [crlf]\r\n---\r\n\r\nCRLF.\r\n", tags=("crlf",)),
    # size
    Row(
        "many-tags",
        "tags: [" + ", ".join(f"m{i:04d}" for i in range(1000)) + "]",
        warn=r"front matter 'tags': 1,000 tags, more than 100: the first 100 are listed, "
        r"the other 900 \('m0100', …\) were ignored",
        key="tags",
        tags=tuple(f"m{i:04d}" for i in range(MAX_TAGS)),
    ),
    Row(
        "tag-huge",
        'tags: [huge-ok, "' + "h" * 5000 + '"]',
        warn=r"front matter 'tags': a tag of 5,000 characters \(more than 1000\) was ignored",
        key="tags",
        tags=("huge-ok",),
    ),
    # generated paths an author already uses: the author's file wins
    Row(
        "author-page",
        "tags: [collide]",
        extra={"tags/collide.md": "---\ntitle: Mine\n---\n\n# Mine\n\nThe author's page.\n"},
    ),
    Row(
        "author-file",
        "tags: [asset-clash]",
        extra={"tags/asset-clash/index.html": "<!doctype html><p>The author's file.</p>\n"},
    ),
]
"""Rows sharing the `bad_site` build."""

OWN_SITE = {
    "date-impossible": "date: 2026-02-30 (a date YAML parses, then cannot construct)",
    "alias-bomb": "YAML aliases that expand to 10⁹ items, under `member`",
    "empty-site": "no pages at all",
    "many-pages": "one tag on 5,000 pages",
}
"""Rows with a site of their own (tests at the end of this file)."""

BY_ID = {row.id: row for row in ROWS}
XSS = [row for row in ROWS if row.payload]

# -- building ------------------------------------------------------------------------------------


def site_config() -> dict[str, object]:
    """Material with the plugin; `nav` holds the home page only, so the theme's own navigation
    (which prints page titles as they are) cannot blur what the plugin outputs."""
    config = material_config()
    config["nav"] = ["index.md"]
    return config


def write_rows(project: Path, rows: list[Row]) -> None:
    write_config(project, site_config())
    write_page(project, "index.md", {"title": "Home"}, "Home.\n")
    write_page(project, "plain.md", {"title": "Plain", "tags": ["plain"]}, "Plain.\n")
    for row in rows:
        files = {row.src: row.text(), **row.extra}
        for rel, content in files.items():
            path = project / "docs" / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(content.encode("utf-8"))


def tree(root: Path) -> set[str]:
    return {p.relative_to(root).as_posix() for p in root.rglob("*")}


class TagLinks(dict[str, str]):
    """Tag key → link; looked up by any spelling of the tag (`..`, `C++`), as a reader would."""

    def __getitem__(self, name: str) -> str:
        return super().__getitem__(tag_key(name))

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and super().__contains__(tag_key(name))


@dataclass(repr=False)
class BadSite:
    site: Site
    outer: Path
    before: set[str]
    after: set[str]
    index: dict[str, str]
    """Tag key → the all-tags page's link to its page (site-relative file)."""

    def __repr__(self) -> str:
        return f"BadSite({self.site.dir})"


def all_tags(site: Site, rel: str = "tags/index.html") -> dict[str, tuple[str, int]]:
    """The all-tags page: tag key → (file its link points to, the count it shows)."""
    out: dict[str, tuple[str, int]] = {}
    for item in site.html(rel).select(".tagindex-index__item"):
        link = item.select_one("a.tagindex-index__tag")
        count = item.select_one(".tagindex-index__count")
        assert link is not None and count is not None
        name = link.get_text().strip().removeprefix("#")
        assert tag_key(name) not in out, f"two items for {name!r}"
        out[tag_key(name)] = (target(rel, str(link["href"])), int(count["data-tagindex-count"]))
    return out


def target(page_rel: str, href: str) -> str:
    """Site-relative file a relative link on `page_rel` points to."""
    path = posixpath.normpath(
        posixpath.join(posixpath.dirname(page_rel), unquote(urlsplit(href).path))
    )
    return path + "/index.html" if href.endswith("/") else path


def cards(site: Site, rel: str) -> list[Tag]:
    """Every card of a tag, following its pages (`rel=next`) when it is split into several."""
    found: list[Tag] = []
    seen = set()
    while rel not in seen:
        seen.add(rel)
        page = site.html(rel)
        found += page.select("ol.tagindex-cards > li.tagindex-card")
        following = page.select_one("a[rel=next]")
        if following is None:
            break
        rel = target(rel, str(following["href"]))
    return found


def card_target(tag_rel: str, card: Tag) -> str:
    link = card.select_one(".tagindex-card__title a")
    assert link is not None
    return target(tag_rel, str(link["href"]))


def meta_line(card: Tag) -> str:
    meta = card.select_one(".tagindex-card__meta")
    assert meta is not None
    return " ".join(meta.get_text("").split())


@pytest.fixture(scope="module")
def bad_site(tmp_path_factory: pytest.TempPathFactory) -> BadSite:
    outer = tmp_path_factory.mktemp("bad")
    project = outer / "project"
    write_rows(project, ROWS)
    before = tree(outer)
    site = build(project)
    index = TagLinks({key: rel for key, (rel, _) in all_tags(site).items()})
    return BadSite(site, outer, before, tree(outer), index)


def warnings_about(site: Site, src: str) -> list[str]:
    return [w for w in site.warnings() if f" {src}: " in w]


STRICT_CLASSES: dict[str, list[Row]] = {}
for _row in ROWS:
    if _row.warn is not None:
        STRICT_CLASSES.setdefault(_row.key or "front-matter", []).append(_row)
CLEAN = [row for row in ROWS if row.warn is None]


@pytest.fixture(scope="module")
def strict_builds(
    tmp_path_factory: pytest.TempPathFactory,
) -> dict[str, subprocess.CompletedProcess[str]]:
    """`mkdocs build --strict`: one site per class of warning, and one of every clean row."""
    jobs = {**STRICT_CLASSES, "clean": CLEAN}
    projects = {}
    for name, rows in jobs.items():
        projects[name] = tmp_path_factory.mktemp(f"strict-{name}")
        write_rows(projects[name], rows)
    with ThreadPoolExecutor(max_workers=2) as pool:
        futures = {
            name: pool.submit(run_mkdocs, path, "--strict") for name, path in projects.items()
        }
        return {name: future.result() for name, future in futures.items()}


def strict_class(row: Row) -> str:
    return next(name for name, rows in STRICT_CLASSES.items() if row in rows)


# -- every row -----------------------------------------------------------------------------------


@pytest.mark.parametrize("row", ROWS, ids=lambda r: r.id)
def test_warning_names_the_file_and_the_key(bad_site: BadSite, row: Row) -> None:
    found = warnings_about(bad_site.site, row.src)
    if row.warn is None:
        assert found == [], f"{row.id}: unexpected warnings {found}"
        return
    assert found, f"{row.id}: no warning names {row.src}"
    assert any(re.search(row.warn, w) for w in found), f"{row.id}: {found}"
    if row.key is not None:
        assert any(f"'{row.key}'" in w for w in found), f"{row.id}: {found} lacks '{row.key}'"


@pytest.mark.parametrize("row", [r for r in ROWS if r.tags], ids=lambda r: r.id)
def test_page_stays_listed_on_each_of_its_tags(bad_site: BadSite, row: Row) -> None:
    site = bad_site.site
    article = f"{row.url}index.html"
    assert (site.dir / article).is_file()
    sample = row.tags if len(row.tags) <= 5 else row.tags[:: len(row.tags) // 5]
    for name in sample:
        key = tag_key(name)
        assert key in bad_site.index, f"{row.id}: tag {name!r} is not on the all-tags page"
        rel = bad_site.index[key]
        found = cards(site, rel)
        targets = [card_target(rel, c) for c in found]
        assert targets.count(article) == 1, f"{row.id}: {article} on {rel}: {targets}"
        card = found[targets.index(article)]
        line = meta_line(card)
        for text in row.card_has:
            assert text in line, f"{row.id}: {line!r} lacks {text!r}"
        for text in row.card_lacks:
            assert text not in line, f"{row.id}: {line!r} has {text!r}"


@pytest.mark.parametrize("row", ROWS, ids=lambda r: r.id)
def test_strict_build_fails_cleanly_or_passes(
    strict_builds: dict[str, subprocess.CompletedProcess[str]], row: Row
) -> None:
    if row.warn is None:
        result = strict_builds["clean"]
        assert result.returncode == 0, result.stderr[-3000:]
        return
    result = strict_builds[strict_class(row)]
    assert result.returncode != 0
    assert "Traceback" not in result.stderr, result.stderr[-3000:]
    assert re.search(r"Aborted with \d+ warnings in strict mode", result.stdout + result.stderr)
    named = [line for line in result.stderr.splitlines() if f" {row.src}: " in line]
    assert named and (row.key is None or any(f"'{row.key}'" in w for w in named)), named


# -- escaping ------------------------------------------------------------------------------------


def script_signature(script: Tag) -> str:
    src = str(script.get("src", ""))
    if src:
        return "src:" + posixpath.basename(src)
    text = re.sub(r"([\"'])(\.{1,2}/?)+\1", '""', script.get_text())  # the page's depth
    return f"inline:{script.get('id', '')}:{text[:40]}"


def ours(script: Tag) -> bool:
    """The plugin's own scripts: tagindex.js, the explorer's (all-tags page), and a tag page's
    JSON-LD (which must be JSON, one object, nothing executable)."""
    if str(script.get("src", "")).endswith(
        ("assets/tagindex/tagindex.js", "assets/tagindex/tagindex-explorer.js")
    ):
        return True
    if script.get("type") == "application/ld+json":
        try:
            return isinstance(json.loads(script.string or ""), dict)
        except ValueError:
            return False
    return False


def injected(node: BeautifulSoup | Tag, theme_scripts: set[str]) -> list[str]:
    """Elements and attributes that did not come from the theme or the plugin's templates."""
    problems = []
    for element in node.find_all(True):
        for attr, value in element.attrs.items():
            if attr.lower().startswith("on"):
                problems.append(f"<{element.name} {attr}={value!r}>")
            if attr.lower() in {"href", "src", "action", "formaction"} and str(
                value
            ).strip().lower().startswith("javascript:"):
                problems.append(f"<{element.name} {attr}={value!r}>")
        if element.name == "script":
            own = "tagindex-labels" in (element.get("class") or []) or ours(element)
            if not own and script_signature(element) not in theme_scripts:
                problems.append(f"<script> in <{element.parent.name}>: {element.get_text()!r}")
    return problems


@pytest.fixture(scope="module")
def theme_scripts(bad_site: BadSite) -> set[str]:
    home = bad_site.site.html("index.html")
    return {script_signature(s) for s in home.find_all("script")}


@pytest.mark.parametrize("row", XSS, ids=lambda r: r.id)
def test_front_matter_is_escaped_on_tag_pages(
    bad_site: BadSite, theme_scripts: set[str], row: Row
) -> None:
    site = bad_site.site
    for key in row.tags:
        rel = bad_site.index[key]
        page = site.html(rel)
        assert injected(page, theme_scripts) == [], f"{row.id}: {rel}"
        heading = page.select_one(".tagindex-heading")
        if row.id.endswith("-tag"):
            assert heading is not None and heading.get_text() == f"#{row.payload}"
        else:
            card = next(c for c in cards(site, rel) if card_target(rel, c).startswith(row.url))
            for selector in (
                ".tagindex-card__title a",
                ".tagindex-card__summary",
                ".tagindex-card__category",
            ):
                part = card.select_one(selector)
                assert part is not None and part.get_text() == row.payload, selector
            kind = card.select_one(".tagindex-card__type")
            assert kind is not None and kind.get_text() == str(row.payload).upper()
    problems = injected(site.html("tags/index.html"), theme_scripts)
    assert problems == [], "all-tags page"


@pytest.mark.parametrize("row", XSS, ids=lambda r: r.id)
def test_front_matter_is_text_in_feeds_and_structured_data(bad_site: BadSite, row: Row) -> None:
    """Every feed of the row's tags parses cleanly (feedparser, JSON) with the payload as text,
    and the tag page's JSON-LD is one intact script element that decodes to the payload."""
    site = bad_site.site
    for key in row.tags:
        rel = bad_site.index[key]
        folder = site.dir / rel.rsplit("/", 1)[0]
        raw = (folder / "feed.xml").read_text("utf-8")
        assert "<script" not in raw and "<img" not in raw, row.id
        parsed = feedparser.parse(raw.encode("utf-8"))
        assert not parsed.bozo, (row.id, parsed.bozo_exception)
        data = json.loads((folder / "feed.json").read_text("utf-8"))
        texts = [parsed.feed.title, *[e.title for e in parsed.entries]]
        texts += [t.term for e in parsed.entries for t in e.get("tags", [])]
        texts += [data["title"], *[i["title"] for i in data["items"]]]
        assert any(str(row.payload) in text for text in texts), row.id
        page_text = (site.dir / rel).read_text("utf-8")
        scripts = BeautifulSoup(page_text, "html.parser").select(
            'script[type="application/ld+json"]'
        )
        assert len(scripts) == 1 and "</script" not in (scripts[0].string or "").lower()
        ld = json.loads(scripts[0].string or "")
        assert any(str(row.payload) in text for text in strings(ld)), row.id


def strings(value: object) -> list[str]:
    """Every string in a decoded JSON value."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in strings(v)]
    return []


@pytest.mark.parametrize("row", XSS, ids=lambda r: r.id)
def test_front_matter_is_escaped_in_chips_and_article_meta(
    bad_site: BadSite, theme_scripts: set[str], row: Row
) -> None:
    """The parts of an article page the plugin fills: chips and the read-time line. (The theme
    prints the article's own title in its header as it is, as for any MkDocs page.)"""
    page = bad_site.site.html(f"{row.url}index.html")
    chips = page.select_one("nav.md-tags")
    assert chips is not None
    assert injected(chips, theme_scripts) == []
    if row.id.endswith("-tag"):
        assert chips.get_text(strip=True) == f"#{row.payload}"  # named as tag pages name it
    meta = page.select_one(".tagindex-article-meta")
    if meta is not None:
        assert injected(meta, theme_scripts) == []


def test_no_markup_from_front_matter_in_any_tag_page(bad_site: BadSite) -> None:
    """A cheap scan of every generated page for the payloads' markup, unescaped."""
    raw = ["<script>alert(", "<img src=x", "<title><script"]
    for path in (bad_site.site.dir / "tags").rglob("*.html"):
        text = path.read_text("utf-8")
        assert not [r for r in raw if r in text], path


# -- what ends up on disk ----------------------------------------------------------------------


def test_nothing_is_written_outside_site_dir(bad_site: BadSite) -> None:
    new = bad_site.after - bad_site.before
    assert new, "the build wrote nothing"
    outside = sorted(p for p in new if not p.startswith("project/site/") and p != "project/site")
    assert outside == []
    assert not (bad_site.outer / "project/PWNED").exists()
    assert {p.split("/")[1] for p in bad_site.after if p.count("/") >= 1} == {
        "docs",
        "mkdocs.yml",
        "site",
    }


def test_tag_pages_are_single_safe_path_segments(bad_site: BadSite) -> None:
    tags_dir = bad_site.site.dir / "tags"
    for key, rel in bad_site.index.items():
        if key in {"collide", "asset-clash"}:
            continue
        parts = rel.split("/")
        assert parts[0] == "tags" and parts[2:] == ["index.html"], (key, rel)
        slug = parts[1]
        assert slug not in {"", ".", ".."} and "%" not in slug and "\\" not in slug
        assert len(slug.encode("utf-8")) <= MAX_SLUG_BYTES, slug
        assert not any(ord(ch) < 32 or ord(ch) == 127 for ch in slug), repr(slug)
        assert (tags_dir / slug / "index.html").is_file()
    for punct in ("..", ".", "/", "!!!", "???"):
        assert re.fullmatch(r"tags/tag-[0-9a-f]{8}/index.html", bad_site.index[punct]), punct
    assert bad_site.index["../../escape"] == "tags/escape/index.html"
    assert bad_site.index["%2f"] == "tags/2f/index.html"


def test_control_characters_never_reach_the_output(bad_site: BadSite) -> None:
    for key in ("nulbyte", "ctl[31mred"):
        raw = (bad_site.site.dir / bad_site.index[key]).read_text("utf-8")
        assert not re.search(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]", raw), key
    heading = bad_site.site.html(bad_site.index["nulbyte"]).select_one(".tagindex-heading")
    assert heading is not None and heading.get_text() == "#nulbyte"


def test_long_tags_are_cut_to_the_slug_limit(bad_site: BadSite) -> None:
    for key in ("long-" + "x" * 295, "強" * 300):
        slug = bad_site.index[key].split("/")[1]
        assert len(slug.encode("utf-8")) <= MAX_SLUG_BYTES
        assert re.search(r"-[0-9a-f]{8}$", slug), slug
        heading = bad_site.site.html(bad_site.index[key]).select_one(".tagindex-heading")
        assert heading is not None and heading.get_text() == f"#{key}"  # the name stays whole


# -- rows with checks of their own ---------------------------------------------------------------


def test_case_and_width_variants_are_one_tag(bad_site: BadSite) -> None:
    rel = bad_site.index["abc"]
    assert rel == "tags/abc/index.html"
    found = [card_target(rel, c) for c in cards(bad_site.site, rel)]
    assert sorted(found) == [
        "bad/tag-case-width-full/index.html",
        "bad/tag-case-width-lower/index.html",
        "bad/tag-case-width/index.html",
    ]
    heading = bad_site.site.html(rel).select_one(".tagindex-heading")
    assert heading is not None and heading.get_text() == "#abc"  # the most used spelling


def test_a_page_without_title_is_listed_under_mkdocs_title(bad_site: BadSite) -> None:
    for row_id in ("no-title", "title-list"):
        row = BY_ID[row_id]
        rel = bad_site.index[row.tags[0]]
        card = next(
            c for c in cards(bad_site.site, rel) if card_target(rel, c) == f"{row.url}index.html"
        )
        title = card.select_one(".tagindex-card__title a")
        h1 = bad_site.site.html(f"{row.url}index.html").select_one("article h1")
        assert title is not None and h1 is not None
        assert title.get_text().strip() and title.get_text() == h1.get_text(strip=True)


def test_one_page_with_a_thousand_tags_lists_the_first_hundred(bad_site: BadSite) -> None:
    row = BY_ID["many-tags"]
    site = bad_site.site
    counts = all_tags(site)
    keys = [k for k in counts if re.fullmatch(r"m\d{4}", k)]
    assert keys == [f"m{i:04d}" for i in range(MAX_TAGS)]
    assert all(counts[k][1] == 1 for k in keys)
    assert not (site.dir / "tags/m0100").exists()  # no page, and no chip, past the cap
    link = f'href="../../{row.url}"'
    for key in keys:  # a string check per page; full parsing of a sample above
        text = (site.dir / bad_site.index[key]).read_text("utf-8")
        assert link in text and 'data-tagindex-count="1"' in text, key
    chips = site.html(f"{row.url}index.html").select("nav.md-tags a.md-tag")
    assert [c.get_text(strip=True) for c in chips] == [f"#{t}" for t in row.tags]


def test_the_authors_page_and_file_win(bad_site: BadSite) -> None:
    site = bad_site.site
    assert bad_site.index["collide"] == "tags/collide/index.html"
    page = site.html("tags/collide/index.html")
    assert "The author's page." in page.get_text() and page.select(".tagindex-cards") == []
    chip = site.html("bad/author-page/index.html").select_one("nav.md-tags a.md-tag")
    assert chip is not None and target("bad/author-page/index.html", str(chip["href"])) == (
        "tags/collide/index.html"
    )
    static = (site.dir / "tags/asset-clash/index.html").read_text("utf-8")
    assert static == BY_ID["author-file"].extra["tags/asset-clash/index.html"]


def test_all_tags_counts_match_the_tag_pages(bad_site: BadSite) -> None:
    site = bad_site.site
    counts = all_tags(site)
    for key, (rel, count) in counts.items():
        if re.fullmatch(r"m\d{4}", key) or key in {"collide", "asset-clash"}:
            continue  # checked above
        page = site.html(rel)
        line = page.select_one(".tagindex-count")
        assert line is not None and int(line["data-tagindex-count"]) == count
        assert len(cards(site, rel)) == count, key
    header = site.html("tags/index.html").select_one(".tagindex-count")
    assert header is not None
    assert header.get_text(" ", strip=True).startswith(f"{len(counts)} tags")


def test_no_slug_collisions_in_the_fixture_itself(bad_site: BadSite) -> None:
    assert not [w for w in bad_site.site.warnings() if "would share the slug" in w]


# -- rows with a site of their own -------------------------------------------------------------


def _run_limited(project: Path, *args: str, memory: int, timeout: float) -> tuple[int, str]:
    """`mkdocs build` with an address-space limit, so a blow-up fails fast and alone."""

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))

    try:
        result = subprocess.run(
            [sys.executable, "-m", "mkdocs", "build", *args],
            cwd=project,
            env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
            capture_output=True,
            text=True,
            timeout=timeout,
            preexec_fn=limit,
        )
    except subprocess.TimeoutExpired:
        return -1, f"timed out after {timeout} s"
    return result.returncode, result.stderr


def _own_site(project: Path, rel: str, text: str) -> None:
    write_rows(project, [])
    path = project / "docs" / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, "utf-8")


def test_impossible_date_is_reported_not_a_traceback(tmp_path: Path) -> None:
    """`2026-02-30` matches YAML's timestamp pattern, so the loader raises ValueError (not a
    YAMLError) while building the value. MkDocs itself swallows it; the plugin must report it."""
    _own_site(tmp_path, "bad/date-impossible.md", "---\ntags: [dates]\ndate: 2026-02-30\n---\nx\n")
    for args, ok in (((), True), (("--strict",), False)):
        result = run_mkdocs(tmp_path, *args)
        assert "Traceback" not in result.stderr, result.stderr[-1500:]
        assert (result.returncode == 0) is ok, result.stderr[-1500:]
        assert re.search(r"WARNING .* bad/date-impossible\.md: ", result.stderr), result.stderr


def test_alias_bomb_is_reported_without_expanding_it(tmp_path: Path) -> None:
    """Nine levels of ten aliases: 10⁹ items if anything walks or prints the value whole."""
    lines = ["---", "tags: [bomb]", 'a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol"]']
    lines += [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]" for i in range(1, 10)]
    lines += ["member: *a9", "---", "Body.", ""]
    _own_site(tmp_path, "bad/alias-bomb.md", "\n".join(lines))
    # an ordinary build of this site needs ~450 MB of address space and 1 s
    code, stderr = _run_limited(tmp_path, memory=900 << 20, timeout=60)
    assert "Traceback" not in stderr and "MemoryError" not in stderr, stderr[-1500:]
    assert code == 0, stderr[-1500:]
    assert re.search(r"WARNING .* bad/alias-bomb\.md: front matter 'member'", stderr), stderr
    site = Site(tmp_path, subprocess.CompletedProcess([], 0, "", ""))
    assert "bad/alias-bomb/index.html" in [
        target("tags/bomb/index.html", str(a["href"]))
        for a in site.html("tags/bomb/index.html").select(".tagindex-card__title a")
    ]


def test_empty_site(tmp_path: Path) -> None:
    """A site without a single tag gets no generated page at all (nothing to list)."""
    write_config(tmp_path, material_config())
    (tmp_path / "docs").mkdir()
    site = build(tmp_path, "--strict")
    assert not (site.dir / "tags").exists()
    assert "tags/" not in (site.dir / "sitemap.xml").read_text("utf-8")
    assert site.warnings() == []


CARD_NUMBER = re.compile(r'class="tagindex-card__number">(\d+)<')
CARD_LINK = re.compile(r'class="tagindex-card__title"[^>]*><a href="([^"]+)"')


@pytest.mark.slow
def test_one_tag_on_five_thousand_pages(tmp_path: Path) -> None:
    outer = tmp_path
    project = outer / "project"
    write_config(project, site_config())
    write_page(project, "index.md", {"title": "Home"}, "Home.\n")
    docs = project / "docs" / "many"
    docs.mkdir(parents=True)
    for i in range(5000):
        (docs / f"p{i:04d}.md").write_text(
            f"---\ntitle: Page {i:04d}\ntags: [crowd]\ndate: 2026-01-01\n---\n\nBody.\n", "utf-8"
        )
    before = tree(outer)
    site = build(project, "--strict")
    assert {p for p in tree(outer) - before if not p.startswith("project/site")} == set()
    # Plain regexes over the raw HTML: a 5,000-card page is slow to parse with html.parser.
    rel, numbers, links = "tags/crowd/index.html", [], []
    seen = set()
    while rel not in seen:
        seen.add(rel)
        raw = (site.dir / rel).read_text("utf-8")
        numbers += CARD_NUMBER.findall(raw)
        links += [target(rel, href) for href in CARD_LINK.findall(raw)]
        following = [
            href[1]
            for a in re.findall(r"<a\b[^>]*>", raw)
            if 'rel="next"' in a
            for href in [re.search(r'href="([^"]+)"', a)]
            if href
        ]
        if not following:
            break
        rel = target(rel, following[0])
    assert numbers == [f"{i:04d}" for i in range(1, 5001)]
    assert sorted(links) == [f"many/p{i:04d}/index.html" for i in range(5000)]
    assert links == sorted(links)  # same date: ordered by title
    assert 'data-tagindex-count="5000"' in (site.dir / "tags/crowd/index.html").read_text("utf-8")
    assert all_tags(site) == {"crowd": ("tags/crowd/index.html", 5000)}


# -- the documentation -----------------------------------------------------------------------------


def test_docs_table_has_a_row_per_case() -> None:
    doc = (ROOT / "docs" / "bad-input.md").read_text("utf-8")
    ids = re.findall(r"^\| `([a-z0-9-]+)`(?: ✘)? \|", doc, re.M)
    assert len(ids) == len(set(ids))
    assert sorted(ids) == sorted([row.id for row in ROWS] + list(OWN_SITE))
    assert len(ids) >= 30
