"""Which pages Zensical publishes: the command lists a page only if the host builds it.

Zensical 0.0.73 decides in its compiled core (its Python side, `zensical/config.py`, only
checks that `exclude_docs`, `draft_docs` and `not_in_nav` are strings and passes the `exclude`
plugin's `glob`/`regex` on), so each rule here was confirmed on a real `zensical build`
(docs/zensical.md lists them, tests/build/test_published.py holds them):

- `.*` and `/templates/`, then the config's `exclude_docs`, are one gitignore list (a later `!`
  line takes a default back), as MkDocs' `_default_exclude + exclude_docs`; `draft_docs` pages
  are not built either (`zensical build` has no preview). pathspec's `GitIgnoreSpec` is what
  MkDocs matches them with. `not_in_nav` pages are published.
- The `exclude` plugin (mkdocs-exclude's port): `fnmatch` of each `glob` (`*` crosses `/`),
  `re.match` of each `regex`, on the page's path.
- `README.md` beside a published `index.md` is not built (both would be the folder's page).
- A blog post (under a blog's `post_dir`) whose meta says `draft: true` is not built unless the
  blog's own `draft` option is on; with `draft_if_future_date`, a post dated after now with no
  `draft` of its own is a draft too.

Paths are the ones Zensical sees: with zensical-i18n, the page's path in its language's staged
tree (`ja/secret/a.md` and `secret/a.ja.md` are both `secret/a.md`).
"""

from __future__ import annotations

import datetime
import fnmatch
import posixpath
import re
from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pathspec import GitIgnoreSpec

from ...core import front_matter
from ..config.site import CommandError, plugin_entries, plugin_options
from .posttime import posts_dir

DEFAULT_EXCLUDE = (".*", "/templates/")
"""MkDocs' `_default_exclude`, which Zensical applies the same way."""
SETTINGS = ("exclude_docs", "draft_docs")


@dataclass(frozen=True)
class BlogDrafts:
    """What one blog does with its drafts."""

    posts: str
    """Its posts' folder, with a trailing `/`."""
    publish_drafts: bool
    """The blog's `draft` option: drafts are built too."""
    future_is_draft: bool
    """`draft_if_future_date`."""


class Published:
    """The host's rules for one config (see the module)."""

    def __init__(self, config: Mapping[str, Any], where: str = "config") -> None:
        lines = list(DEFAULT_EXCLUDE)
        for key in SETTINGS:
            value = config.get(key)
            if value is None:
                continue
            if not isinstance(value, str):
                raise CommandError(f"{where}: '{key}' must be a multiline string")
            lines.extend(value.splitlines())
        self.excluded = GitIgnoreSpec.from_lines(lines)
        self.globs, self.regexes = _exclude_plugin(config, where)
        self.blogs = tuple(_blogs(config))

    def path(self, path: str) -> bool:
        """Whether a page at `path` (its staged path, `/`-separated) is not excluded by path."""
        if self.excluded.match_file(path):
            return False
        if any(fnmatch.fnmatchcase(path, glob) for glob in self.globs):
            return False
        return not any(regex.match(path) for regex in self.regexes)

    def page(self, path: str, meta: Mapping[str, Any], now: datetime.datetime) -> bool:
        """Whether a page that `path` lets through is built, given its final meta (a blog draft
        is not)."""
        blog = next((b for b in self.blogs if path.startswith(b.posts)), None)
        if blog is None or blog.publish_drafts:
            return True
        draft = meta.get("draft")
        if draft is None and blog.future_is_draft:
            when_made = created(meta.get("date"))
            return when_made is None or when_made <= now
        return draft is not True

    def shadowed(self, paths: Iterable[str]) -> set[str]:
        """The `README.md` of the folders among `paths` (published pages) that have an
        `index.md`: the index is the folder's page."""
        found = set(paths)
        return {
            path
            for path in found
            if posixpath.basename(path) == "README.md"
            and posixpath.join(posixpath.dirname(path), "index.md") in found
        }


def _exclude_plugin(
    config: Mapping[str, Any], where: str
) -> tuple[tuple[str, ...], tuple[re.Pattern[str], ...]]:
    options = plugin_options(config, "exclude")
    if options is None or options.get("enabled", True) is False:
        return (), ()
    found: dict[str, list[str]] = {}
    for name in ("glob", "regex"):
        value = options.get(name)
        items = [] if value in (None, "") else [value] if isinstance(value, str) else value
        if not isinstance(items, list) or not all(isinstance(i, str) for i in items):
            raise CommandError(f"{where}: plugin 'exclude' '{name}' must be a string or a list")
        found[name] = items
    try:
        regexes = tuple(re.compile(pattern) for pattern in found["regex"])
    except re.error as exc:
        raise CommandError(f"{where}: plugin 'exclude' 'regex': {exc.pattern!r}: {exc}") from exc
    return tuple(found["glob"]), regexes


def _blogs(config: Mapping[str, Any]) -> Iterable[BlogDrafts]:
    for options in plugin_entries(config, "blog"):
        if options.get("enabled", True) is False:
            continue
        yield BlogDrafts(
            posts=posts_dir(options),
            publish_drafts=options.get("draft") is True,
            future_is_draft=options.get("draft_if_future_date") is True,
        )


def created(value: Any) -> datetime.datetime | None:
    """A post's creation time from its `date` (a date, a datetime, a string, or a mapping
    with `created`), in UTC; None when it has none the command can read."""
    if isinstance(value, Mapping):
        value = value.get("created")
    if isinstance(value, str):
        try:
            value = datetime.datetime.fromisoformat(value)
        except ValueError:
            return None
    if isinstance(value, datetime.datetime):
        return value if value.tzinfo else value.replace(tzinfo=datetime.timezone.utc)
    if isinstance(value, datetime.date):
        return datetime.datetime(value.year, value.month, value.day, tzinfo=datetime.timezone.utc)
    return None


def now() -> datetime.datetime:
    """The time a future post is compared with (one place, for tests to see)."""
    return datetime.datetime.now(datetime.timezone.utc)


def posts_due(
    config: Mapping[str, Any],
    docs_dir: Path,
    srcs: Iterable[str],
    listed: Collection[str],
    staged: Callable[[str], str],
) -> bool:
    """Whether a post that `draft_if_future_date` held back is due now: a tagged post of such a
    blog, without a `draft` of its own, dated now or before, that the last build did not list
    (`listed`: the pages it read facts of). Nothing on disk changes when its date comes, so the
    state's "nothing changed" asks this (`rebuild.quick`). `staged`: a page's staged path."""
    blogs = [b for b in Published(config).blogs if b.future_is_draft and not b.publish_drafts]
    if not blogs:
        return False
    when = now()
    for src in srcs:
        if src in listed or not src.endswith(".md"):
            continue
        if not any(staged(src).startswith(blog.posts) for blog in blogs):
            continue
        try:
            meta = front_matter((docs_dir / src).read_text("utf-8-sig"), src, _quiet)
        except (OSError, UnicodeDecodeError):
            return True  # let the build say it
        made = created(meta.get("date"))
        if meta.get("draft") is None and meta.get("tags") and made and made <= when:
            return True
    return False


def _quiet(message: str) -> None:
    """The build says what is wrong with a front matter; the state's check does not."""
