"""`command/pages/published.py` in isolation: the blog rules and bad input. The path rules are held
against the real `zensical build` in tests/build/test_published.py (generated trees)."""

from __future__ import annotations

import datetime

import pytest

from mkdocs_tagindex.command.config.site import CommandError
from mkdocs_tagindex.command.pages import posturl
from mkdocs_tagindex.command.pages.published import Published

NOW = datetime.datetime(2026, 6, 1, tzinfo=datetime.timezone.utc)
PAST, FUTURE = datetime.date(2026, 1, 1), datetime.date(2027, 1, 1)


def _blog(**options: object) -> Published:
    return Published({"plugins": ["search", {"blog": options}]})


@pytest.mark.parametrize(
    ("options", "meta", "built"),
    [
        ({}, {"date": PAST}, True),
        ({}, {"date": PAST, "draft": True}, False),
        ({"draft": True}, {"date": PAST, "draft": True}, True),  # the blog builds its drafts
        ({}, {"date": FUTURE}, True),
        ({"draft_if_future_date": True}, {"date": FUTURE}, False),
        ({"draft_if_future_date": True}, {"date": FUTURE, "draft": False}, True),
        ({"draft_if_future_date": True}, {"date": {"created": "2027-01-01T10:00"}}, False),
        ({"draft_if_future_date": True}, {"date": PAST}, True),
        ({"enabled": False}, {"date": PAST, "draft": True}, True),  # no blog: a plain page
    ],
)
def test_blog_drafts(options: dict[str, object], meta: dict[str, object], built: bool) -> None:
    assert _blog(**options).page("blog/posts/a.md", meta, NOW) is built
    assert _blog(**options).page("blog/other.md", meta, NOW)  # not a post


def test_a_post_dir_of_its_own() -> None:
    rules = _blog(blog_dir="news", post_dir="{blog}/articles")
    assert not rules.page("news/articles/a.md", {"draft": True}, NOW)
    assert rules.page("news/posts/a.md", {"draft": True}, NOW)


def test_readme_beside_a_published_index() -> None:
    rules = Published({})
    paths = ["README.md", "index.md", "a/README.md", "b/README.md", "b/index.md", "c/x.md"]
    assert rules.shadowed(paths) == {"README.md", "b/README.md"}


@pytest.mark.parametrize(
    ("config", "said"),
    [
        ({"exclude_docs": ["a/"]}, "mkdocs.yml: 'exclude_docs' must be a multiline string"),
        ({"draft_docs": 3}, "mkdocs.yml: 'draft_docs' must be a multiline string"),
        (
            {"plugins": [{"exclude": {"regex": ["("]}}]},
            "mkdocs.yml: plugin 'exclude' 'regex': '(': missing ), unterminated subpattern",
        ),
        (
            {"plugins": [{"exclude": {"glob": {"a": 1}}}]},
            "mkdocs.yml: plugin 'exclude' 'glob' must be a string or a list",
        ),
    ],
)
def test_bad_settings_are_one_line_naming_the_key(config: dict[str, object], said: str) -> None:
    with pytest.raises(CommandError) as raised:
        Published(config, "mkdocs.yml")
    assert str(raised.value).startswith(said)
    assert "\n" not in str(raised.value)


def test_post_path_by_the_blogs_format() -> None:
    blogs = posturl.post_urls_of({"plugins": ["blog"]})
    meta = {"date": PAST, "title": "Héllo  Wörld: C++"}
    assert posturl.post_path(blogs, "blog/posts/a.md", meta, None) == (
        "blog/2026/01/01/héllo--wörld-c.md"
    )
    assert posturl.post_path(blogs, "blog/posts/a.md", {"title": "x"}, None) is None  # no date
    assert posturl.post_path(blogs, "guide.md", meta, None) is None
