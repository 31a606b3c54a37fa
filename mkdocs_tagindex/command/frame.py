"""Cards rendered once per build: an article's card is the same on each of its tags' pages
but for its number (the templates ask `tagindex.frame`, `core.contexts.PassThrough`), so the
first page that shows it renders it and the next ones reuse it, number filled in.

Only with the package's own card templates (no `tagindex/` folder under the theme's
`custom_dir`: an override may read the page's tag), and checked: the first pages of each
language are also rendered in full, and one difference turns the reuse off for the rest of the
build. The MkDocs host does the same in `host/frame.py`, which this command does not import.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..core.contexts import PassThrough
from ..core.model import Card

SAMPLE = 2
"""Pages rendered both ways before the kept cards are trusted."""


class CardFrame(PassThrough):
    """One language's kept cards (key: article, heading element, the page's depth)."""

    def __init__(self, custom_dir: Path | None) -> None:
        self.enabled = custom_dir is None or not (custom_dir / "tagindex").exists()
        self.cards: dict[tuple[str, ...], str] = {}
        self.checked = 0

    def card_key(self, card: Card, *state: Any) -> tuple[str, ...] | None:
        if not self.enabled:
            return None
        return ("card", card.article.src_uri, *map(str, state))

    def has_card(self, key: tuple[str, ...] | None) -> bool:
        return key is not None and key in self.cards

    def keep_card(self, key: tuple[str, ...] | None, html: str, card: Card) -> str:
        if key is not None and self.enabled:
            self.cards[key] = html
        return html.replace(self.blank(card).number, card.number)

    def card(self, key: tuple[str, ...], card: Card) -> str:
        return self.cards[key].replace(self.blank(card).number, card.number)

    def needs_check(self) -> bool:
        return self.enabled and self.checked < SAMPLE

    def compare(self, fast: str, full: str) -> bool:
        """Keep reusing cards if `fast` is `full`; otherwise stop (for this build)."""
        self.checked += 1
        if fast != full:
            self.enabled = False
            self.cards.clear()
        return fast == full
