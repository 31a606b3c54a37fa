"""Markdown → HTML as Zensical renders it, for read times, summaries and first headings.

The extensions are Zensical's own list for the site: `zensical.config.parse_config` gives the
config's `markdown_extensions`, or Zensical's `DEFAULT_MARKDOWN_EXTENSIONS` where it names none,
with the same normalisation. What a page's HTML says is kept in `.cache/tagindex/` beside the
config, keyed by the page's Markdown (front matter aside) and the config's text, so an unchanged
page is never rendered again; misses are rendered on every core.
"""

from __future__ import annotations

import functools
import hashlib
import os
import re
import sys
import threading
import time
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ...core import first_paragraph, plain
from ..caches import layers
from ..config.site import CommandError

if TYPE_CHECKING:
    from ...core import Facts

BODY = re.compile(r"\A-{3}[ \t]*\r?\n(.*?\r?\n)?(?:\.{3}|-{3})[ \t]*(?:\r?\n|\Z)", re.S)
"""Front matter, as the core parses it: the rest is the page's Markdown."""

CACHE_VERSION = "4"
FACTS = "facts.pickle"
PARALLEL_FROM = 64
"""Below this many pages to render, one process is faster than starting a pool."""

_MD: dict[str, Any] = {}
"""Config path → its Markdown instance: one per config a process builds (tests build many)."""


def zensical_config(config_path: str) -> Any:
    """The config as Zensical parses it; what Zensical refuses (a `custom_dir` that does not
    exist, …) is one line naming the file, as Zensical says it, not a traceback."""
    from zensical.config import ConfigurationError, parse_config

    try:
        return parse_config(config_path)
    except ConfigurationError as exc:
        raise CommandError(f"{config_path}: {exc} (Zensical refuses it too)") from None


def _markdown(config_path: str) -> Any:
    """One Markdown instance per config and process, configured as Zensical configures it."""
    md = _MD.get(config_path)
    if md is None:
        from markdown import Markdown  # type: ignore[import-untyped,unused-ignore]

        config = zensical_config(config_path)
        extensions = [e for e in config["markdown_extensions"] if isinstance(e, str)]
        md = _MD[config_path] = Markdown(
            extensions=extensions, extension_configs=config["mdx_configs"]
        )
    return md


@functools.lru_cache(maxsize=8)
def headings_in_html(config_path: str) -> bool:
    """Whether Zensical's Markdown, as this config sets it up, reads a Markdown heading with
    an id inside raw HTML (`md_in_html` and `attr_list`): then the group headings of a grouped
    tag page are written in Markdown, and Zensical's toc lists them."""
    names = {e for e in zensical_config(config_path)["markdown_extensions"] if isinstance(e, str)}
    wanted = ("md_in_html", "attr_list")
    return all(f"markdown.extensions.{n}" in names or n in names for n in wanted)


def body_of(text: str) -> str:
    """A page's Markdown without its front matter: all that its HTML comes from (so a page
    whose front matter alone changed keeps its facts, and is not rendered again)."""
    return BODY.sub("", text, count=1)


def render_one(config_path: str, text: str) -> tuple[str, str | None]:
    """A page's HTML and its first `<h1>` (as plain text), from its whole source."""
    md = _markdown(config_path)
    md.reset()
    html = str(md.convert(body_of(text)))
    heading = None
    for token in getattr(md, "toc_tokens", []) or []:
        if token.get("level") == 1:
            heading = plain(str(token.get("html") or token.get("name") or "")) or None
            break
    return html, heading


def _render_batch(args: tuple[str, list[str]]) -> list[tuple[str, str | None]]:
    config_path, texts = args
    return [render_one(config_path, text) for text in texts]


PR_SET_PDEATHSIG = 1
"""Linux `prctl` option: the signal a process gets when the thread that made it exits."""


def _die_with(parent: int) -> None:
    """A worker's initializer: the worker ends when `parent` does, so a `kill -9` of the build
    leaves none behind (they would wait on the task queue forever). On Linux the kernel sends
    SIGKILL at once; everywhere, a daemon thread also polls the parent's pid."""
    if sys.platform.startswith("linux"):
        try:
            import ctypes
            import signal

            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)
        except (OSError, AttributeError):
            pass  # the thread below still does it
    if os.getppid() != parent:  # the parent died before the line above took effect
        os._exit(1)
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()


def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(1.0)
    os._exit(1)


def render_all(config_path: Path, texts: list[str]) -> list[tuple[str, str | None]]:
    """HTML and heading of each text, in order; on every core when there are many."""
    if len(texts) < PARALLEL_FROM:
        return [render_one(str(config_path), t) for t in texts]
    from concurrent.futures import ProcessPoolExecutor  # here: not in every start-up

    workers = max(1, min(os.cpu_count() or 1, 8))
    chunks = [texts[i::workers] for i in range(workers)]
    with ProcessPoolExecutor(
        max_workers=workers, initializer=_die_with, initargs=(os.getpid(),)
    ) as pool:
        parts = list(pool.map(_render_batch, [(str(config_path), c) for c in chunks]))
    out: list[tuple[str, str | None]] = [("", None)] * len(texts)
    for w, part in enumerate(parts):
        for i, item in enumerate(part):
            out[w + i * workers] = item
    return out


def facts_params(options: Any) -> dict[str, Any]:
    """What `Language.facts` reads of the options, as JSON (kept in the build's state)."""
    read_time = options.read_time
    return {
        "enabled": bool(read_time.enabled),
        "language": read_time.language,
        "rates": {lang: dict(rates) for lang, rates in (read_time.rates or {}).items()},
        "summary_length": options.summary_length,
    }


def facts_of(
    params: Mapping[str, Any],
    code: str,
    html: str,
    heading: str | None,
    text_lang: str | None,
    post_rate: int | None = None,
) -> list[Any]:
    """[heading, minutes, summary] as `core.Language(code).facts` gives them, from
    `facts_params`, without the engine (tests/unit/test_command_state.py holds them equal);
    `post_rate`: the page is a post of a blog that times it so (`posttime`)."""
    from ...core import readtime

    minutes = None
    if params["enabled"] and post_rate:
        from .posttime import minutes as post_minutes

        minutes = post_minutes(html, post_rate)
    elif params["enabled"]:
        lang = str(text_lang or params["language"] or code)
        minutes = readtime.minutes(html, readtime.rates_for(lang, params["rates"]))
    return [heading, minutes, first_paragraph(html, int(params["summary_length"]))]


def entry_of(facts: Facts) -> list[Any]:
    """A page's facts as the facts cache keeps them: heading, minutes, summary, then its
    tagged sections and their warnings (issue 41)."""
    return [facts.heading, facts.minutes, facts.summary, facts.sections, facts.said]


def facts_from(entry: Sequence[Any]) -> Facts:
    """The facts a cache entry (`entry_of`) holds."""
    from ...core import Facts

    return Facts(entry[0], entry[1], entry[2], tuple(entry[3]), tuple(entry[4]))


def key_of(*parts: str) -> str:
    text = "\0".join((CACHE_VERSION, *parts, ""))  # each part followed by a NUL
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:32]


class FactsCache:
    """Key → `entry_of` a page's facts from earlier runs; only what this run used is kept."""

    def __init__(self, path: Path) -> None:
        """`path`: the config's own file (`Site.cache_file(FACTS)`)."""
        from ..caches.snapshot import Snapshot

        self.path = path
        self.snapshot = Snapshot(self.path, CACHE_VERSION, ("facts",))
        self.old: dict[str, list[Any]] = self.snapshot.load()["facts"]
        self.new: dict[str, list[Any]] = {}

    def peek(self, key: str) -> list[Any] | None:
        """What `get` gives, without keeping it."""
        return self.old.get(key) if layers.on("facts") else None

    def get(self, key: str) -> list[Any] | None:
        found = self.old.get(key) if layers.on("facts") else None
        if found is not None:
            self.new[key] = found
        return found

    def put(self, key: str, value: Iterable[Any]) -> None:
        self.new[key] = list(value)

    def save(self) -> None:
        self.snapshot.save({"facts": self.new})
