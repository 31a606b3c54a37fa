"""A blog post's URL as Zensical 0.0.73's blog publishes it: the command cannot take it from
the host (it runs before), and a post's source path is not where the post is built.

Zensical ports Material's blog in its compiled core: `{blog_dir}/{post_url_format}/`, the
format `{date}/{slug}` by default, `{date}` the post's creation date in
`post_url_date_format` (`yyyy/MM/dd`, a Babel pattern), `{slug}` the post's `slug` or its
title slugified (its `title`, else its first heading, else its file name as it is), `{file}`
the file's name, `{categories}` the first `post_url_max_categories` (1) categories slugified.
Its slugify keeps Unicode letters, drops what is neither a word character, a space nor `-`,
lowers the case and turns each space into the separator without collapsing them (a real
`zensical build`: `Héllo Wörld: C++ & 日本語 it's` → `héllo-wörld-c--日本語-its`).
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from babel.dates import format_date

from ..config.site import plugin_entries
from .posttime import posts_dir
from .published import created

NOT_WORD = re.compile(r"[^\w\s-]")
SPACE = re.compile(r"\s")


@dataclass(frozen=True)
class PostUrls:
    """How one blog names its posts' URLs."""

    posts: str
    """Its posts' folder (staged path), with a trailing `/`."""
    blog_dir: str
    url_format: str
    date_format: str
    separator: str
    max_categories: int


def post_urls_of(config: Mapping[str, Any]) -> tuple[PostUrls, ...]:
    """The enabled blogs of a config, as `command.site.read_config` reads it."""
    out = []
    for options in plugin_entries(config, "blog"):
        if options.get("enabled", True) is False:
            continue
        most = options.get("post_url_max_categories", 1)
        out.append(
            PostUrls(
                posts=posts_dir(options),
                blog_dir=str(options.get("blog_dir") or "blog").strip("/"),
                url_format=str(options.get("post_url_format") or "{date}/{slug}"),
                date_format=str(options.get("post_url_date_format") or "yyyy/MM/dd"),
                separator=str(options.get("post_slugify_separator") or "-"),
                max_categories=most if isinstance(most, int) else 1,
            )
        )
    return tuple(out)


def slugify(text: str, separator: str) -> str:
    return SPACE.sub(separator, NOT_WORD.sub("", text).strip().lower())


def post_path(
    blogs: tuple[PostUrls, ...], path: str, meta: Mapping[str, Any], heading: str | None
) -> str | None:
    """Where the post at staged `path` is built, as a page path (`blog/2026/01/02/a.md`, for
    `routes.url_of`); None: not a post, or no date to name it by."""
    blog = next((b for b in blogs if path.startswith(b.posts)), None)
    if blog is None:
        return None
    stamp = created(meta.get("date"))
    if stamp is None:
        return None
    made = stamp.date()
    stem = posixpath.splitext(posixpath.basename(path))[0]
    title = meta.get("title") or heading
    slug = str(meta.get("slug") or (slugify(str(title), blog.separator) if title else stem))
    categories = meta.get("categories")
    names = [str(c) for c in categories] if isinstance(categories, list) else []
    date = made.strftime("%Y/%m/%d")
    if blog.date_format != "yyyy/MM/dd":
        date = format_date(made, format=blog.date_format, locale="en")
    parts = {
        "date": date,
        "slug": slug,
        "file": stem,
        "categories": "/".join(slugify(n, blog.separator) for n in names[: blog.max_categories]),
    }
    try:
        tail = blog.url_format.format(**parts)
    except (KeyError, IndexError, ValueError):
        return None
    tail = "/".join(part for part in tail.split("/") if part)
    return f"{blog.blog_dir}/{tail}.md"
