"""The published set (issue 39, item 2, fault 1): a page is listed only if the host publishes
it. `tests/fixtures/published/` holds a page for each of the host's exclusions (`exclude_docs`
with a `!` taken back, `draft_docs`, the default `templates/` and dot-folders, a blog draft,
a future post under `draft_if_future_date`), each with a secret of its own in its title, tag
and summary; the Zensical copy adds what MkDocs cannot build (the `exclude` plugin's `glob`
and `regex`, a `README.md` beside an `index.md`, which MkDocs warns about). Built once per host;
the invariant of `tests/publishedset.py` on each, and the listing exactly the published pages.

Before the fix, on Zensical: "INTERNAL ONLY XSECRET1" in tags.json and the feeds, cards linking
to `secret/plan/` (a 404) and a tag page `tags/xsecret1/`; MkDocs passed.
"""

from __future__ import annotations

import datetime
import json
import os
import re
import shutil
from pathlib import Path
from urllib.parse import unquote

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from publishedset import check_site
from test_zensical import on_zensical, tagindex, zensical

from mkdocs_tagindex.command import rebuild
from mkdocs_tagindex.command.pages import published
from mkdocs_tagindex.core.model.routes import url_of

from conftest import FIXTURES, build, write_page

SECRETS = [*(f"XSECRET{n}" for n in range(1, 10)), "XSECRETR"]
LISTED = ["Guide", "Home", "Kept private", "Live post", "Not in nav", "Sub index"]
README_SECRET = "XSECRETR"
"""Zensical 0.0.73 indexes the text of a `README.md` beside an `index.md` in `search.json`
(under the folder's URL) though it builds the index page there: its own doing, not ours."""


def _zensical_extras(project: Path) -> None:
    """What only Zensical builds: the `exclude` plugin and a README beside an index."""
    path = project / "mkdocs.yml"
    text = path.read_text("utf-8")
    plugin = "  - exclude:\n      glob: ['globbed/*']\n      regex: ['rx/']\n"
    path.write_text(text.replace("  - tagindex\n", plugin + "  - tagindex\n"), "utf-8")
    for secret, rel in (
        ("XSECRET8", "globbed/deep/g.md"),
        ("XSECRET9", "rx/r.md"),
        ("XSECRETR", "sub/README.md"),
    ):
        meta = {"title": f"Page {secret}", "tags": ["shared", secret.lower()]}
        write_page(project, rel, meta, f"INTERNAL ONLY {secret}.\n")


@pytest.fixture(scope="module")
def hosts(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, Path]]:
    root = tmp_path_factory.mktemp("published")
    mk = root / "mkdocs"
    shutil.copytree(FIXTURES / "published", mk)
    zen = root / "zen"
    shutil.copytree(FIXTURES / "published", zen)
    _zensical_extras(zen)
    return {"mkdocs": (mk, build(mk, "--strict").dir), "zensical": (zen, on_zensical(zen))}


@pytest.mark.parametrize("host", ["mkdocs", "zensical"])
def test_no_unpublished_page_is_listed_or_leaks(
    hosts: dict[str, tuple[Path, Path]], host: str
) -> None:
    project, site = hosts[host]
    secrets = [s for s in SECRETS if s != README_SECRET]
    check_site(project, site, secrets=secrets)
    if host == "zensical":  # the README's text: nowhere but in Zensical's own search index
        check_site(project, site, secrets=[README_SECRET], skip=["search.json"])
    for secret in SECRETS:
        assert not (site / "tags" / secret.lower()).exists()


@pytest.mark.parametrize("host", ["mkdocs", "zensical"])
def test_exactly_the_published_tagged_pages_are_listed(
    hosts: dict[str, tuple[Path, Path]], host: str
) -> None:
    _project, site = hosts[host]
    data = json.loads((site / "tags" / "tags.json").read_text("utf-8"))
    shared = next(t for t in data["tags"] if t["slug"] == "shared")
    assert sorted(card["title"] for card in shared["cards"]) == LISTED
    assert "DRAFTMARK" not in (site / "tags" / "shared" / "index.html").read_text("utf-8")
    feeds = [(site / "tags" / "shared" / name).read_text("utf-8") for name in ("feed.xml",)]
    assert all("DRAFTMARK" not in feed and "Not in nav" in feed for feed in feeds)


# -- every fixture site on Zensical --------------------------------------------------------------
# The MkDocs host checks the invariant on each fixture where the suite builds it already (the
# interop builder, test_shapes, test_zensical, test_fast_path); the Zensical host here, on the
# fixtures no other test builds with Zensical. `make test` builds the first few (the blog and
# i18n ones, where the published set has rules of its own), TAGINDEX_ALL_FIXTURES=1 (`make soak`)
# every one. `interop/material-tags` is not among them: its own `docs/tags.md` is where the tag
# pages go, which the command refuses on Zensical by design (test_zensical_clash.py).
INTEROP = FIXTURES / "interop"
ON_ZENSICAL = ["theme-site", "theme-ar", "interop/blog", "interop/material-tags-i18n"]
MORE = [
    f"interop/{p.name}"
    for p in sorted(INTEROP.iterdir())
    if p.is_dir() and f"interop/{p.name}" not in ON_ZENSICAL and p.name != "material-tags"
]
ALL = os.environ.get("TAGINDEX_ALL_FIXTURES") == "1"


@pytest.mark.parametrize(
    "name",
    [
        *ON_ZENSICAL,
        *(pytest.param(n, marks=pytest.mark.skipif(not ALL, reason="make soak")) for n in MORE),
    ],
)
def test_every_fixture_on_zensical_lists_only_what_zensical_publishes(
    tmp_path: Path, name: str
) -> None:
    project = tmp_path / name.replace("/", "-")
    shutil.copytree(FIXTURES / name, project, ignore=shutil.ignore_patterns("site"))
    config = project / "mkdocs.yml"
    # `tagindex init` edits a block `theme:` only (a flow mapping is the init helper's case)
    flow = re.compile(r"^theme: \{name: (\w+)\}$", re.MULTILINE)
    text = flow.sub(r"theme:\n  name: \1", config.read_text("utf-8"))
    config.write_text(text, "utf-8")
    site = on_zensical(project, i18n="\n  - i18n:" in text)
    check_site(site.parent, site)


# -- the rules against the real Zensical, on generated trees -------------------------------------
DIRS = ["a", "b", "secret", "templates", ".hid", "Case", "sub", "x.private"]
NAMES = ["index.md", "README.md", "p.md", "q.private.md", ".d.md", "Z.md", "keep.private.md"]
PATTERNS = [
    *("secret/", "/a/", "*.private.md", "!keep.private.md", "b/**/p.md", "!templates/"),
    *("Z.md", "/sub", "!a/p.md", "a/*", "**/q.private.md", "[ab]/p.md", "!.hid/", "case/"),
    *("/index.md", "sub/README.md", "!/a/index.md", "*.md", "!b/"),
]
EXAMPLES = int(os.environ.get("TAGINDEX_PUBLISHED_EXAMPLES", "3"))


@st.composite
def trees(draw: st.DrawFn) -> tuple[list[str], dict[str, object]]:
    folders = st.lists(st.sampled_from(DIRS), max_size=3).map("/".join)
    paths = draw(
        st.lists(
            st.tuples(folders, st.sampled_from(NAMES)).map(lambda p: f"{p[0]}/{p[1]}".lstrip("/")),
            min_size=5,
            max_size=40,
            unique=True,
        )
    )
    lines = st.lists(st.sampled_from(PATTERNS), max_size=5)
    config: dict[str, object] = {
        "exclude_docs": "\n".join(draw(lines)) + "\n",
        "draft_docs": "\n".join(draw(st.lists(st.sampled_from(PATTERNS), max_size=2))) + "\n",
    }
    if draw(st.booleans()):
        config["exclude"] = {
            "glob": draw(st.lists(st.sampled_from(["*/p.md", "a*", "*Z.md"]), max_size=2)),
            "regex": draw(st.lists(st.sampled_from(["sub/", r".*Z\.md$", "b"]), max_size=2)),
        }
    return paths, config


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=EXAMPLES <= 3,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(tree=trees())
def test_the_rules_agree_with_zensical_on_generated_trees(
    tmp_path_factory: pytest.TempPathFactory, tree: tuple[list[str], dict[str, object]]
) -> None:
    """Each generated page carries its own marker; what `published.Published` says of its
    path (with the README rule over the published ones) is what the real `zensical build`
    puts in `site/`: the page at its URL, with its marker, or no page of it at all."""
    paths, options = tree
    project = tmp_path_factory.mktemp("rules")
    config: dict[str, object] = {
        "site_name": "Rules",
        **{k: v for k, v in options.items() if k != "exclude"},
    }
    if "exclude" in options:
        config["plugins"] = [{"exclude": options["exclude"]}]
    (project / "mkdocs.yml").write_text(yaml.safe_dump(config), "utf-8")
    markers = {}
    for n, rel in enumerate(paths):
        markers[rel] = f"marker{n:03d}z"
        write_page(project, rel, None, f"# Page {n}\n\n{markers[rel]}\n")
    zensical(project)
    rules = published.Published(config)
    passed = [p for p in paths if rules.path(p)]
    expected = set(passed) - rules.shadowed(passed)
    site = project / "site"
    for rel in paths:
        built = site / url_of(rel) / "index.html"
        text = built.read_text("utf-8") if built.is_file() else ""
        assert (markers[rel] in text) == (rel in expected), (rel, config)


def test_post_cards_link_where_zensical_builds_each_post(tmp_path: Path) -> None:
    """A blog post is published at the URL its blog names (`posturl.py`), not at its source
    path: two blogs, the default `{date}/{slug}` and `{categories}/{file}` with a date format
    of its own; titles from `title`, the first heading, `slug`, and none (the file's name);
    a Unicode title slugified as Zensical does. Every card, tags.json entry and feed item
    resolves in Zensical's `site/`."""
    project = tmp_path / "posts"
    write_page(project, "index.md", {"title": "Home"}, "Welcome.\n")
    (project / "mkdocs.yml").write_text(
        "site_name: Posts\nsite_url: https://example.org/\ntheme:\n  name: material\n"
        "plugins:\n  - search\n  - blog\n  - blog:\n      blog_dir: news\n"
        "      post_url_format: '{categories}/{file}'\n      post_url_date_format: yyyy\n"
        "  - tags\n  - tagindex\n",
        "utf-8",
    )
    posts = {
        "blog/posts/a.md": ({"title": "Héllo Wörld: C++ & 日本語 it's"}, "Text.\n"),
        "blog/posts/b.md": ({"date": {"created": "2026-02-03T10:00:00"}}, "# From Heading\n"),
        "blog/posts/c.md": ({"slug": "my-own"}, "# Whatever\n"),
        "blog/posts/d-file.md": ({}, "No heading here.\n"),
        "news/posts/e.md": ({"categories": ["Big News", "Other"]}, "# Filed\n"),
        "news/posts/f.md": ({}, "# Uncategorised\n"),
    }
    for n, (rel, (meta, body)) in enumerate(posts.items(), start=1):
        front = {"date": f"2026-01-0{n}", **meta, "tags": ["posts"]}
        write_page(project, rel, front, body)
    for blog in ("blog", "news"):
        write_page(project, f"{blog}/index.md", None, f"# {blog}\n")
    site = on_zensical(project)
    check_site(site.parent, site)
    data = json.loads((site / "tags" / "tags.json").read_text("utf-8"))
    urls = sorted(unquote(c["url"]) for t in data["tags"] for c in t["cards"])
    assert [u.removeprefix("https://example.org/") for u in urls] == [
        "blog/2026/01/01/héllo-wörld-c--日本語-its/",
        "blog/2026/01/03/my-own/",
        "blog/2026/01/04/d-file/",
        "blog/2026/02/03/from-heading/",
        "news/big-news/e/",
        "news/f/",
    ]


# -- later builds (and the watch's, which are the same `rebuild.run`) follow the rules -----------
FOLDERS = ["", "secret", "later", "wip", "templates", ".hid", "nav"]
SEQUENCE_EXAMPLES = int(os.environ.get("TAGINDEX_PUBLISHED_SEQUENCES", "4"))


class Model:
    """What the site holds and which of its pages Zensical publishes, by construction."""

    def __init__(self) -> None:
        self.pages: dict[str, str] = {}  # path → title
        self.posts: dict[str, tuple[bool, bool]] = {}  # path → (draft, future)
        self.excluded: set[str] = {"secret"}
        self.drafts: set[str] = {"later"}
        self.future_is_draft = True

    def listed(self) -> list[str]:
        hidden = {"templates", ".hid"} | self.excluded | self.drafts
        titles = [t for p, t in self.pages.items() if p.partition("/")[0] not in hidden]
        for path, (draft, future) in self.posts.items():
            if not draft and not (future and self.future_is_draft):
                titles.append(self.pages_title(path))
        return sorted(titles)

    @staticmethod
    def pages_title(path: str) -> str:
        return "Post " + path.rsplit("/", 1)[-1].removesuffix(".md")

    def config(self) -> str:
        def block(folders: set[str]) -> str:
            return "".join(f"  {f}/\n" for f in sorted(folders)) or "  nothing-here/\n"

        future = "true" if self.future_is_draft else "false"
        return (
            "site_name: Sequence\nsite_url: https://example.org/\ntheme:\n  name: material\n"
            f"exclude_docs: |\n{block(self.excluded)}draft_docs: |\n{block(self.drafts)}"
            "not_in_nav: |\n  nav/\nplugins:\n  - search\n"
            f"  - blog:\n      draft_if_future_date: {future}\n  - tagindex\n"
        )


def _apply(project: Path, model: Model, op: tuple[str, int]) -> None:
    kind, n = op
    if kind == "page":
        folder = FOLDERS[n % len(FOLDERS)]
        rel = f"{folder}/p{n}.md".lstrip("/")
        model.pages[rel] = f"Page {n}"
        write_page(project, rel, {"title": f"Page {n}", "tags": ["t"]}, f"Text {n}.\n")
    elif kind == "post":
        rel = f"blog/posts/q{n}.md"
        draft, future = n % 3 == 0, n % 3 == 1
        model.posts[rel] = (draft, future)
        front: dict[str, object] = {"date": "2099-01-01" if future else "2026-01-01"}
        front.update({"draft": True} if draft else {})
        write_page(project, rel, {**front, "tags": ["t"]}, f"# Post q{n}\n\nText.\n")
    elif kind == "remove" and (model.pages or model.posts):
        every = sorted([*model.pages, *model.posts])
        rel = every[n % len(every)]
        (project / "docs" / rel).unlink()
        model.pages.pop(rel, None)
        model.posts.pop(rel, None)
    elif kind == "edit" and model.pages:
        rel = sorted(model.pages)[n % len(model.pages)]
        path = project / "docs" / rel
        path.write_text(path.read_text("utf-8") + f"More {n}.\n", "utf-8")
    elif kind in ("exclude", "draft"):
        folders = model.excluded if kind == "exclude" else model.drafts
        folders ^= {FOLDERS[1 + n % 3]}
    elif kind == "future":
        model.future_is_draft = not model.future_is_draft
    (project / "mkdocs.yml").write_text(model.config(), "utf-8")


OPS = st.tuples(
    st.sampled_from(["page", "post", "remove", "edit", "exclude", "draft", "future"]),
    st.integers(0, 40),
)


@settings(
    max_examples=SEQUENCE_EXAMPLES,
    deadline=None,
    derandomize=SEQUENCE_EXAMPLES <= 4,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(ops=st.lists(OPS, min_size=6, max_size=10))
def test_every_later_build_lists_what_zensical_publishes(
    tmp_path_factory: pytest.TempPathFactory, ops: list[tuple[str, int]]
) -> None:
    """After each edit (pages added to excluded, draft, default-excluded and published
    folders, blog drafts and future posts, pages removed or edited, `exclude_docs`,
    `draft_docs` and `draft_if_future_date` changed in the config), `tagindex build` (the
    same `rebuild.run` `build --watch` runs each round, its fast path included) lists exactly
    the published pages."""
    project = tmp_path_factory.mktemp("sequence")
    model = Model()
    write_page(project, "index.md", {"title": "Home"}, "Welcome.\n")
    _apply(project, model, ("page", 0))
    for step, op in enumerate([("page", 0), *ops]):
        _apply(project, model, op)
        rebuild.run(project / "mkdocs.yml", lambda level, text: None, quiet=True)
        found = project / "docs" / "tags" / "tags.json"  # none without a tagged page
        data = json.loads(found.read_text("utf-8")) if found.is_file() else {"tags": []}
        titles = sorted(c["title"] for t in data["tags"] for c in t["cards"])
        assert titles == model.listed(), (step, op, ops)


def test_a_held_back_post_is_listed_by_the_first_build_after_its_date(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Nothing on disk changes when a future post's date comes: the state's "nothing changed"
    must not keep it off its tag pages (Zensical builds it from then on). Before: the second
    build said nothing changed and the post stayed unlisted."""
    model = Model()
    write_page(tmp_path, "index.md", {"title": "Home"}, "Welcome.\n")
    _apply(tmp_path, model, ("page", 0))
    date = datetime.datetime(2030, 6, 1, tzinfo=datetime.timezone.utc)
    front = {"date": "2030-06-01", "tags": ["t"]}
    write_page(tmp_path, "blog/posts/soon.md", front, "# Post soon\n\nText.\n")

    def titles() -> list[str]:
        data = json.loads((tmp_path / "docs" / "tags" / "tags.json").read_text("utf-8"))
        return sorted(c["title"] for t in data["tags"] for c in t["cards"])

    config = tmp_path / "mkdocs.yml"
    monkeypatch.setattr(published, "now", lambda: date - datetime.timedelta(days=1))
    rebuild.run(config, lambda level, text: None, quiet=True)
    assert titles() == ["Page 0"]
    assert rebuild.run(config, lambda level, text: None, quiet=True) == 0  # nothing to do
    monkeypatch.setattr(published, "now", lambda: date)
    rebuild.run(config, lambda level, text: None, quiet=True)
    assert titles() == ["Page 0", "Post soon"]


def test_with_zensical_i18n_the_rules_apply_to_each_languages_staged_path(
    tmp_path: Path,
) -> None:
    """zensical-i18n stages each language's pages (`a.ja.md` as `a.md`) and Zensical applies
    `exclude_docs` there: `*.ja.md` excludes nothing (a real build lists `ja/a/`), `/b.md`
    excludes `b.ja.md` from the Japanese build, `secret/` both languages' pages."""
    project = tmp_path / "suffix"
    (project).mkdir()
    (project / "mkdocs.yml").write_text(
        "site_name: Suffix\nsite_url: https://example.org/\ntheme:\n  name: material\n"
        "exclude_docs: |\n  *.ja.md\n  secret/\n  /b.md\nplugins:\n  - search\n  - tags\n"
        "  - i18n:\n      docs_structure: suffix\n      languages:\n"
        "        - {locale: en, default: true, name: EN, build: true}\n"
        "        - {locale: ja, name: JA, build: true}\n  - tagindex\n",
        "utf-8",
    )
    pages = {"index.md": "Home", "index.ja.md": "ホーム", "a.md": "A", "a.ja.md": "A ja"}
    secret = {"b.ja.md": "XSECRETB", "secret/s.md": "XSECRETS", "secret/s.ja.md": "XSECRETJ"}
    for rel, title in {**pages, **secret}.items():
        write_page(project, rel, {"title": title, "tags": ["t"]}, f"Text of {title}.\n")
    site = on_zensical(project, i18n=True)
    check_site(site.parent, site, secrets=list(secret.values()))
    for lang, want in (("", ["A", "Home"]), ("ja/", ["A ja", "ホーム"])):
        data = json.loads((site / lang / "tags" / "tags.json").read_text("utf-8"))
        assert sorted(c["title"] for t in data["tags"] for c in t["cards"]) == want


def test_front_matter_zensical_never_reads_is_not_refused(tmp_path: Path) -> None:
    """`zensical build` neither reads nor refuses the front matter of a page it does not
    publish (an empty `tags:` stops it on a published page): `tagindex check` and `build` warn
    about the published page only (before: about the excluded one too, which `--strict`
    checks failed on)."""
    project = tmp_path / "refusals"
    project.mkdir()
    (project / "mkdocs.yml").write_text(
        "site_name: R\ntheme:\n  name: material\nexclude_docs: |\n  secret/\n"
        "draft_docs: |\n  later/\nplugins:\n  - search\n  - tags\n  - tagindex\n",
        "utf-8",
    )
    write_page(project, "index.md", {"title": "Home", "tags": ["a"]}, "Welcome.\n")
    for rel in ("secret/s.md", "later/l.md"):
        (project / "docs" / rel).parent.mkdir(parents=True)
        (project / "docs" / rel).write_text("---\ntags:\n---\n# Unread\n", "utf-8")
    zensical(project)  # the ground truth: the build goes through
    for command in ("check", "build"):
        said = tagindex(project, command).stderr
        assert "tags: empty" not in said, (command, said)
    (project / "docs" / "guide.md").write_text("---\ntags:\n---\n# Read\n", "utf-8")
    for command in ("check", "build"):
        said = tagindex(project, command).stderr
        assert "guide.md: tags: empty" in said and "secret/" not in said, (command, said)
