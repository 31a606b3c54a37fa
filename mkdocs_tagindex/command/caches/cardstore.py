"""Cards rendered once: an article's card is the same on each of its tags' pages but for its
number (the templates ask `tagindex.frame`, `core.contexts.PassThrough`), so the first page that
shows it renders it and the next ones reuse it, number filled in. Kept across builds too
(`CardStore`, `.cache/tagindex/cards.<config>.pickle`), keyed by everything a card is made of:
the article record, the language, the title's element, the page's depth, and the settings'
hash (config, package code and templates, custom_dir), so a build after a tag edit renders only
the cards of articles whose record changed.

Only with the package's own card templates (no `tagindex/` folder under the theme's
`custom_dir`: an override may read the page's tag), and checked: the first small pages of each
language are also rendered in full (every page with `TAGINDEX_VERIFY=all`), and one difference
turns the reuse off for the rest of the build. The MkDocs host does the same in
`host/fastpath.py`, which this command does not import.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import Any

from ...core import Card, PassThrough
from . import layers
from .snapshot import Snapshot

SAMPLE = 2
"""Pages rendered both ways before the kept cards are trusted."""
SMALL = 24
"""Only pages with at most this many cards are checked (a full render of the largest tag costs
more than the rest of the build's cards)."""


CARDS = "cards.pickle"
KEEP_BUILDS = 20
"""A card no build used in this many builds is dropped (a build that reuses its pages from the
memo renders no card, and must not forget the cards of the pages it reused)."""


class CardStore:
    """Cards of earlier builds: key → HTML with the number left out, and the last build that
    used it (`KEEP_BUILDS`)."""

    def __init__(self, path: Path, salt: str) -> None:
        """`path`: the config's own file (`Site.cache_file(CARDS)`)."""
        self.path = path
        self.salt = salt
        self.snapshot = Snapshot(self.path, salt, ("html", "used", "builds"))
        tables = self.snapshot.load()
        self.old: dict[str, str] = tables["html"]
        self.used: dict[str, int] = tables["used"]
        self.build = tables["builds"].get("last", -1) + 1
        self.new: dict[str, str] = {}

    def key(self, lang: str, card: Card, state: tuple[Any, ...]) -> str:
        text = "\0".join([self.salt, lang, repr(card.article), *map(str, state)])
        return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:32]

    def get(self, key: str) -> str | None:
        found = self.new.get(key) or (self.old.get(key) if layers.on("cards") else None)
        if found is not None:
            self.new[key] = found
        return found

    def put(self, key: str, html: str) -> None:
        self.new[key] = html

    def save(self) -> None:
        if not self.new:
            return  # nothing rendered: what is kept stays as it is
        oldest = self.build - KEEP_BUILDS
        html = {k: v for k, v in self.old.items() if self.used[k] > oldest}
        html.update(self.new)
        used = {k: self.build if k in self.new else self.used[k] for k in html}
        self.snapshot.save({"html": html, "used": used, "builds": {"last": self.build}})


class CardFrame(PassThrough):
    """One language's kept cards."""

    def __init__(self, custom_dir: Path | None, store: CardStore, lang: str) -> None:
        self.enabled = custom_dir is None or not (custom_dir / "tagindex").exists()
        self.store = store
        self.lang = lang
        self.checked = 0

    def card_key(self, card: Card, *state: Any) -> tuple[str, ...] | None:
        if not self.enabled:
            return None
        return (self.store.key(self.lang, card, state),)

    def has_card(self, key: tuple[str, ...] | None) -> bool:
        return key is not None and self.store.get(key[0]) is not None

    def keep_card(
        self, key: tuple[str, ...] | None, html: str, card: Card, full: str | None = None
    ) -> str:
        """Keep a card rendered without its number; `full` (the MkDocs host's in-render check)
        never comes here: this frame checks whole pages instead (`compare`)."""
        if key is not None and self.enabled:
            self.store.put(key[0], html)
        return full if full is not None else html.replace(self.blank(card).number, card.number)

    def card(self, key: tuple[str, ...], card: Card) -> str:
        return str(self.store.get(key[0])).replace(self.blank(card).number, card.number)

    def needs_check(self, cards: int) -> bool:
        """Whether to render the page (of `cards` cards) in full too: the first small ones, or
        every page with `TAGINDEX_VERIFY=all` (as the MkDocs host's fast path)."""
        if os.environ.get("TAGINDEX_VERIFY") == "all":
            return self.enabled
        return self.enabled and self.checked < SAMPLE and 0 < cards <= SMALL

    def compare(self, fast: str, full: str) -> bool:
        """Keep reusing cards if `fast` is `full`; otherwise stop (for this build)."""
        self.checked += 1
        if fast != full:
            self.enabled = False
        return fast == full
