"""A blog post's read time as Zensical's blog shows it on the post, for the post's card.

Zensical 0.0.73 reimplements Material's blog rule in its compiled core (`post_readtime`, on by
default): the post's HTML text outside `object`, `script`, `style` and `svg`, split on `\\W+`,
at `post_readtime_words_per_minute` (265) words a minute, plus 12 s for the first image and one
second less for each further one (3 s at least), rounded up to whole minutes; a `readtime:` in
the post's front matter wins. Its `\\W` is Rust's Unicode one, not Python's: combining marks,
connector punctuation and joiners are word characters there, other numbers (`²`, `½`) are not
(tests/build/test_zensical_blog.py holds the two equal on real builds). A card uses the same
number, so a post's card and its page agree.
"""

from __future__ import annotations

import functools
import math
import posixpath
import re
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from ..config.site import plugin_entries, read_config

SKIPPED = frozenset(("object", "script", "style", "svg"))
VOID = frozenset(
    (
        *("area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta"),
        *("param", "source", "track", "wbr"),
    )
)
ASCII_GAPS = re.compile(r"[^0-9A-Za-z_]+")
JOINERS = frozenset(("\u200c", "\u200d"))
LETTER_SYMBOLS = ((0x24B6, 0x24E9), (0x1F130, 0x1F149), (0x1F150, 0x1F169), (0x1F170, 0x1F189))
"""Circled and squared letters: symbols by category, but Alphabetic, so words for Rust."""


@dataclass(frozen=True)
class Blog:
    """One blog of the site: where its posts are, and how it times them."""

    posts: str
    """The posts' folder under `docs_dir`, with a trailing `/`."""
    readtime: bool
    words_per_minute: int


def blogs_of(config: Mapping[str, Any]) -> tuple[Blog, ...]:
    """The enabled blogs of a config as `command.site.read_config` reads it."""
    out = []
    for options in plugin_entries(config, "blog"):
        if options.get("enabled", True) is False:
            continue
        rate = options.get("post_readtime_words_per_minute", 265)
        out.append(
            Blog(
                posts=posts_dir(options),
                readtime=options.get("post_readtime", True) is not False,
                words_per_minute=rate if isinstance(rate, int) and rate > 0 else 265,
            )
        )
    return tuple(out)


def posts_dir(options: Mapping[str, Any]) -> str:
    """A blog's posts' folder (its `post_dir`, `{blog}` its `blog_dir`), with a trailing `/`."""
    blog_dir = str(options.get("blog_dir") or "blog").strip("/")
    post_dir = str(options.get("post_dir") or "{blog}/posts").replace("{blog}", blog_dir)
    return posixpath.normpath(post_dir.strip("/")).removeprefix("./") + "/"


@functools.lru_cache(maxsize=8)
def site_blogs(config_path: str) -> tuple[Blog, ...]:
    """The blogs of the config at `config_path` (for a run that has no `Site`)."""
    return blogs_of(read_config(Path(config_path)))


@functools.lru_cache(maxsize=8)
def _staged_path(config_path: str) -> Callable[[str], tuple[str | None, str]]:
    """A page's locale and path in its language's staged tree, from its path under
    `docs_dir` (`Languages.locale_of`)."""
    from ..config.site import load_site

    return load_site(Path(config_path)).languages().locale_of


def site_blog_of(config_path: str, src: str) -> Blog | None:
    """The blog whose post `src` (under `docs_dir`) is, for a run that has no `Site`: by its
    staged path, as Zensical sees it (zensical-i18n's folder layout puts `ja/blog/posts/a.md`
    at `blog/posts/a.md`)."""
    return blog_of(site_blogs(config_path), site_staged_path(config_path, src))


def site_staged_path(config_path: str, src: str) -> str:
    """A page's path (under `docs_dir`) in its language's staged tree, for a run that has no
    `Site`."""
    return _staged_path(config_path)(src)[1]


def blog_of(blogs: tuple[Blog, ...], src: str) -> Blog | None:
    """The blog whose post `src` (relative to `docs_dir`) is, if any."""
    return next((blog for blog in blogs if src.startswith(blog.posts)), None)


def own(meta: Mapping[str, Any]) -> int | None:
    """The post's own `readtime:`, which the blog shows instead of its count."""
    value = meta.get("readtime")
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else None


class _Text(HTMLParser):
    """The text and images of a post's HTML, as Material's `ReadtimeParser` reads them."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.open: list[str] = []
        self.text: list[str] = []
        self.images = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.images += tag == "img"
        if tag not in VOID:
            self.open.append(tag)

    def handle_data(self, data: str) -> None:
        if not SKIPPED.intersection(self.open):
            self.text.append(data)

    def handle_endtag(self, tag: str) -> None:
        if self.open and self.open[-1] == tag:
            self.open.pop()


@functools.lru_cache(maxsize=4096)
def _word(char: str) -> bool:
    """Whether Rust's regex counts `char` in `\\w` (Alphabetic, marks, `Nd`, `Pc`, joiners)."""
    kind = unicodedata.category(char)
    if kind[0] in "LM" or kind in ("Nd", "Nl", "Pc") or char in JOINERS:
        return True
    code = ord(char)
    return any(low <= code <= high for low, high in LETTER_SYMBOLS)


def words(text: str) -> int:
    """How many pieces `\\W+` (Rust's) cuts `text` into, empty ends included."""
    if text.isascii():
        return len(ASCII_GAPS.split(text))
    count, gap = 1, False
    for char in text:
        if _word(char):
            gap = False
        elif not gap:
            count, gap = count + 1, True
    return count


def minutes(html: str, words_per_minute: int = 265) -> int:
    """The read time Zensical's blog computes for a post of this HTML."""
    parser = _Text()
    parser.feed(html)
    parser.close()
    seconds = math.ceil(words("".join(parser.text)) / words_per_minute * 60)
    delta = 12
    for _ in range(parser.images):
        seconds += delta
        delta = max(delta - 1, 3)
    return math.ceil(seconds / 60)
