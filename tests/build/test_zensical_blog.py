"""Blog posts' read times on both hosts (issue 33): a post's card shows the read time that
host's blog shows on the post itself, on MkDocs (Material's blog) and on Zensical (its own
blog, through `tagindex build`); the two hosts may differ, and other pages keep tagindex's."""

from __future__ import annotations

import datetime
import random
import re
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import pytest
from bs4 import BeautifulSoup
from publishedset import check_site
from test_zensical import on_zensical, tag_pages, tagindex, zensical

from mkdocs_tagindex.command.pages import posttime

from conftest import Site, build, write_config, write_page

MINUTES = re.compile(r"(\d+) min read")
WORDS = ["alpha", "beta", "gamma's", "e.g.", "foo_bar", "3.14", "x-ray", "naïve", "café"]


def _prose(n: int, seed: int) -> str:
    rng = random.Random(seed)
    return " ".join(rng.choice(WORDS) for _ in range(n))


def _code(lines: int) -> str:
    body = "\n".join(
        f"value_{i} = compute(alpha, beta[{i}])  # step {i} of the loop" for i in range(lines)
    )
    return f"```python\n{body}\n```\n"


POSTS: dict[str, tuple[dict[str, object], str]] = {
    "prose": ({}, _prose(420, 1)),
    "code": ({}, _prose(30, 2) + "\n\n" + _code(160) + "\n" + _prose(20, 3)),
    "code-images": (
        {},
        _code(60)
        + "\n"
        + "\n\n".join(f"![shot {i}](https://example.org/{i}.png)" for i in range(9)),
    ),
    "own": ({"readtime": 9}, _prose(100, 4) + "\n\n" + _code(200)),
    "japanese": ({}, "日本語の文章です。読みやすい長さの段落を書きます。" * 60),
    # Zensical's `\W` is Rust's: marks and joiners are word characters, `²` and `½` are not
    "marks": ({}, "हिन्दी भाषा का पाठ x² ½ a\u200db " * 70),
}


def _blog_site(project: Path) -> Path:
    write_config(
        project,
        {
            "site_name": "Blog",
            "site_url": "https://example.org/",
            "theme": {"name": "material"},
            "plugins": ["search", "blog", "tags", "tagindex"],
            "markdown_extensions": ["pymdownx.highlight", "pymdownx.superfences"],
        },
    )
    write_page(project, "index.md", {"title": "Home"}, "Welcome.\n")
    write_page(project, "blog/index.md", None, "# Blog\n")
    write_page(project, "guide.md", {"title": "Guide", "tags": ["news"]}, _prose(700, 9) + "\n")
    write_page(project, "notes.md", {"title": "Notes", "tags": ["news", "code"]}, _code(120))
    for day, (slug, (meta, body)) in enumerate(POSTS.items(), start=1):
        front = {"date": datetime.date(2026, 3, day), "slug": slug, "tags": ["news", slug], **meta}
        write_page(project, f"blog/posts/{slug}.md", front, f"# Post {slug}\n\n{body}\n")
    write_page(
        project,
        "blog/posts/untagged.md",
        {"date": datetime.date(2026, 3, 20)},
        "# Untagged\n\nText.\n",
    )
    return project


def _shown(site_dir: Path, url: str) -> int | None:
    """The read time a built page shows (None: none)."""
    path = site_dir / urlsplit(url).path.lstrip("/") / "index.html"
    text = " ".join(BeautifulSoup(path.read_text("utf-8"), "html.parser").get_text(" ").split())
    found = {int(n) for n in MINUTES.findall(text)}
    assert len(found) <= 1, (url, found)
    return found.pop() if found else None


def _cards(site_dir: Path, rel: str) -> dict[str, int | None]:
    """Each card's link (absolute path) → the read time it shows."""
    html = BeautifulSoup((site_dir / rel).read_text("utf-8"), "html.parser")
    base = "https://x/" + rel.removesuffix("index.html")
    out = {}
    for card in html.select(".tagindex-card"):
        link = card.select_one(".tagindex-card__title a") or card.select_one("a")
        assert link is not None
        url = urlsplit(urljoin(base, str(link.get("href")))).path
        meta = card.select_one(".tagindex-card__meta")
        found = MINUTES.search(meta.get_text(" ") if meta else "")
        out[url.rstrip("/") + "/"] = int(found.group(1)) if found else None
    return out


def _check_posts_match_their_pages(
    site_dir: Path, count: int = len(POSTS)
) -> dict[str, int | None]:
    """Every post's card, on every tag page, shows the read time its post page shows."""
    cards = _cards(site_dir, "tags/news/index.html")
    posts = {url: m for url, m in cards.items() if url.startswith("/blog/")}
    assert len(posts) == count, cards
    for rel in tag_pages(site_dir):
        for url, minutes in _cards(site_dir, rel).items():
            if url.startswith("/blog/"):
                assert minutes is not None and minutes == _shown(site_dir, url), (rel, url)
    return posts


@pytest.fixture(scope="module")
def hosts(tmp_path_factory: pytest.TempPathFactory) -> tuple[Site, Path]:
    project = _blog_site(tmp_path_factory.mktemp("blog") / "site")
    mk = build(project, "--strict")
    zen = on_zensical(project)
    for site in (mk.dir, zen):  # the published set's invariant (issue 39)
        check_site(site.parent, site)
    return mk, zen


def test_a_post_card_shows_the_read_time_of_its_host_blog(hosts: tuple[Site, Path]) -> None:
    mk, zen = hosts
    on_mkdocs = _check_posts_match_their_pages(mk.dir)
    on_zensical = _check_posts_match_their_pages(zen)
    own = next(url for url in on_zensical if "/own/" in url)
    assert on_mkdocs[own] == on_zensical[own] == 9  # the post's `readtime:` on both
    # the blogs differ where Python's `\W` and Rust's do: each card follows its own host
    marks = next(url for url in on_zensical if "/marks/" in url)
    assert on_mkdocs[marks] != on_zensical[marks]
    # other pages keep tagindex's read time, the same on both hosts
    for rel in ("tags/news/index.html", "tags/code/index.html"):
        plain = {u: m for u, m in _cards(mk.dir, rel).items() if not u.startswith("/blog/")}
        assert plain and plain == {
            u: m for u, m in _cards(zen, rel).items() if not u.startswith("/blog/")
        }


def test_an_edited_post_gets_its_new_read_time(hosts: tuple[Site, Path]) -> None:
    _mk, zen = hosts
    project = zen.parent
    post = project / "docs" / "blog" / "posts" / "prose.md"
    post.write_text(post.read_text("utf-8") + "\n" + _prose(900, 5) + "\n", "utf-8")
    result = tagindex(project, "build")
    assert result.returncode == 0, result.stderr
    zensical(project)
    posts = _check_posts_match_their_pages(zen)
    assert posts[next(u for u in posts if "/prose/" in u)] >= 5


def test_blogs_of_reads_post_dir_rate_and_switch() -> None:
    config = {
        "plugins": [
            "search",
            {"material/blog": {"blog_dir": "news/", "post_readtime_words_per_minute": 100}},
            {"blog": {"blog_dir": "b", "post_dir": "{blog}/entries", "post_readtime": False}},
            {"blog": {"enabled": False}},
        ]
    }
    blogs = posttime.blogs_of(config)
    assert [(b.posts, b.readtime, b.words_per_minute) for b in blogs] == [
        ("news/posts/", True, 100),
        ("b/entries/", False, 265),
    ]
    assert posttime.blog_of(blogs, "news/posts/2026/a.md") == blogs[0]
    assert posttime.blog_of(blogs, "news/index.md") is None
    assert posttime.own({"readtime": 4}) == 4
    assert posttime.own({"readtime": True}) is None
    assert posttime.words("हिन्दी x² a\u200db") == 3  # हिन्दी, x, a‍b


def test_a_post_edit_that_tagindex_would_time_the_same_is_not_skipped(tmp_path: Path) -> None:
    """The quick check of `tagindex build` (nothing published can have changed) times a
    changed post by its blog's rule: 1,000 words (4 min for the blog, 5 for tagindex) become
    2,100 Japanese characters in one `\\W`-free run (1 min for the blog, 4 for tagindex), so
    tagindex's own rule would find the recorded 4 again and keep the stale card."""
    project = tmp_path / "site"
    write_config(
        project,
        {"site_name": "Blog", "theme": {"name": "material"}, "plugins": ["blog", "tagindex"]},
    )
    write_page(project, "blog/index.md", None, "# Blog\n")
    front = {"date": datetime.date(2026, 3, 1), "slug": "edited", "tags": ["news"]}
    post = write_page(project, "blog/posts/edited.md", front, "# Edited\n\nIntro paragraph.\n\n")
    head = post.read_text("utf-8")
    post.write_text(head + " ".join(["alpha"] * 1000) + "\n", "utf-8")
    zen = on_zensical(project)
    assert _check_posts_match_their_pages(zen, 1) == {"/blog/2026/03/01/edited/": 4}
    copy = zen.parent
    (copy / "docs/blog/posts/edited.md").write_text(head + "日本語" * 700 + "\n", "utf-8")
    result = tagindex(copy, "build")
    assert result.returncode == 0, result.stderr
    zensical(copy)
    assert _check_posts_match_their_pages(zen, 1) == {"/blog/2026/03/01/edited/": 1}


def test_a_blog_in_zensical_i18ns_folder_layout_is_listed_as_zensical_publishes_it(
    tmp_path: Path,
) -> None:
    """Issue 33's leftover (issue 39): `en/blog/posts/…` and `ja/blog/posts/…` are posts of the
    blog (zensical-i18n stages each language's folder as the docs root): each card links to
    where the post is built (`ja/blog/2026/03/01/…/` for the translation, the fallback under
    `ja/` too), shows the read time the post shows, and the draft post and the excluded and
    default-excluded pages are nowhere. Before: the cards of code-heavy posts had tagindex's
    read time, not the blog's (the post's path was not under `blog/posts/`)."""
    project = tmp_path / "site"
    languages = [
        {"locale": "en", "default": True, "name": "EN", "build": True},
        {"locale": "ja", "name": "JA", "build": True},
    ]
    write_config(
        project,
        {
            "site_name": "Blog",
            "site_url": "https://example.org/",
            "theme": {"name": "material"},
            "exclude_docs": "secret/\n",
            "plugins": [
                "search",
                "blog",
                "tags",
                {"i18n": {"docs_structure": "folder", "languages": languages}},
                "tagindex",
            ],
            "markdown_extensions": ["pymdownx.highlight", "pymdownx.superfences"],
        },
    )
    body = _prose(30, 2) + "\n\n" + _code(160) + "\n"
    for lang in ("en", "ja"):
        write_page(project, f"{lang}/index.md", {"title": f"Home {lang}"}, "Welcome.\n")
        write_page(project, f"{lang}/blog/index.md", None, "# Blog\n")
        front = {"date": datetime.date(2026, 3, 1), "tags": ["news"], "title": f"Code {lang}"}
        write_page(project, f"{lang}/blog/posts/code.md", front, body)
    only = {"date": datetime.date(2026, 3, 2), "tags": ["news"], "title": "English only"}
    write_page(project, "en/blog/posts/only.md", only, _prose(300, 5) + "\n")
    secrets = {
        "en/blog/posts/draft.md": {"date": datetime.date(2026, 3, 3), "draft": True},
        "ja/secret/plan.md": {},
        "en/templates/t.md": {},
    }
    for n, (rel, meta) in enumerate(secrets.items()):
        front = {**meta, "title": f"Hidden XSECRETI{n}", "tags": ["news", f"xsecreti{n}"]}
        write_page(project, rel, front, f"INTERNAL ONLY XSECRETI{n}.\n")
    zen = on_zensical(project, i18n=True)
    check_site(zen.parent, zen, secrets=[f"XSECRETI{n}" for n in range(len(secrets))])
    en = _cards(zen, "tags/news/index.html")
    ja = _cards(zen, "ja/tags/news/index.html")
    assert sorted(en) == ["/blog/2026/03/01/code-en/", "/blog/2026/03/02/english-only/"]
    assert sorted(ja) == ["/ja/blog/2026/03/01/code-ja/", "/ja/blog/2026/03/02/english-only/"]
    for rel in ("tags/news/index.html", "ja/tags/news/index.html"):
        for url, minutes in _minutes(zen, rel).items():
            assert minutes == _minutes_shown(zen, url), (rel, url)
    assert _minutes(zen, "ja/tags/news/index.html")["/ja/blog/2026/03/01/code-ja/"] == 7


ANY_MINUTES = re.compile(r"(\d+)\s*(?:min read|分)")


def _minutes(site_dir: Path, rel: str) -> dict[str, int]:
    """Each card's link → the read time it shows, in English or Japanese."""
    html = BeautifulSoup((site_dir / rel).read_text("utf-8"), "html.parser")
    out = {}
    for card in html.select(".tagindex-card"):
        link = card.select_one(".tagindex-card__title a")
        meta = card.select_one(".tagindex-card__meta")
        found = ANY_MINUTES.search(meta.get_text(" ") if meta else "")
        assert link is not None and found is not None, rel
        url = urlsplit(urljoin("https://x/" + rel, str(link.get("href")))).path
        out[url] = int(found.group(1))
    return out


def _minutes_shown(site_dir: Path, url: str) -> int:
    """The read time the post at `url` shows."""
    page = site_dir / url.lstrip("/") / "index.html"
    text = " ".join(BeautifulSoup(page.read_text("utf-8"), "html.parser").get_text(" ").split())
    found = {int(n) for n in ANY_MINUTES.findall(text)}
    assert len(found) == 1, (url, found)
    return found.pop()
