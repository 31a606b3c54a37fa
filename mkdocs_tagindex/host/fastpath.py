"""The fast path of generated pages: render what they share once, fill in what is theirs.

Generated pages of one language and depth that the nav does not list render the same theme
frame (header chrome, navigation, footer, scripts, configuration) but for a few page-specific
parts, and an article's card is the same on each of its tags' pages but for its number. The
templates ask a `Frame` for those parts: the first page of a kind renders them and the `Frame`
keeps them; the next pages reuse them (`tagindex/_base/base.html`, `tagindex/_base/tag.html`).

The fast path must give the very same bytes as a full render. It cannot know what a site's own
template overrides read, so it is checked, inside the pages' own renders: on the SAMPLE pages
of every kind after the first (`Frame.begin`), each shared part is rendered in full anyway and
held against the one kept, and each card is rendered with its number and held against the kept
one with its number filled in. One difference gives that page its full render of the part and
turns the fast path off for the rest of the build, with a DEBUG line (a WARNING when every page
is checked) saying where the two parted. No page is rendered twice. An override the fast path
cannot see through is never wrong, only slower. `TAGINDEX_FAST_PATH=0` in the environment turns
the fast path off; `TAGINDEX_VERIFY=all` checks every generated page instead of a sample (the
test suite does).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from jinja2 import Environment, TemplateError, nodes

from ..core import NUMBER, Card, PassThrough

SAMPLE = 2
"""Pages of each kind checked after the first (which fills the frame) before the fast path is
trusted for the rest of the kind."""


CARD = "tagindex/card.html"
CARD_READS = frozenset({"labels", "card_heading", "frame"})
"""What a card may read of `tagindex` for its rendering to be the same on every tag page: a
card template that reads more (`tagindex.tag`) is rendered for every page it is on."""


def card_is_portable(env: Environment) -> bool:
    """Whether the card template, with everything it extends and includes, reads nothing of
    `tagindex` but CARD_READS: only then can one article's card serve every tag page."""
    seen: set[str] = set()
    pending = [CARD]
    while pending:
        name = pending.pop()
        if name in seen:
            continue
        seen.add(name)
        try:
            assert env.loader is not None
            source, _, _ = env.loader.get_source(env, name)
            tree = env.parse(source)
        except (TemplateError, AssertionError, OSError):
            return False  # not found or not parsed here: render every card
        for kind in (nodes.Extends, nodes.Include, nodes.Import, nodes.FromImport):
            for node in tree.find_all(kind):
                target = getattr(node, "template", None)
                if not isinstance(target, nodes.Const) or not isinstance(target.value, str):
                    return False  # a template chosen at render time
                pending.append(target.value)
        through = {id(g.node) for g in tree.find_all(nodes.Getattr)}
        for name_node in tree.find_all(nodes.Name):
            if name_node.name == "tagindex" and id(name_node) not in through:
                return False  # `tagindex` itself handed on: it could be read in any way
        for getattr_node in tree.find_all(nodes.Getattr):
            inner = getattr_node.node
            tagindex = isinstance(inner, nodes.Name) and inner.name == "tagindex"
            if tagindex and getattr_node.attr not in CARD_READS:
                return False
    return True


def enabled_by_environment() -> bool:
    return os.environ.get("TAGINDEX_FAST_PATH", "1") not in ("0", "false", "no", "off")


def verify_all() -> bool:
    return os.environ.get("TAGINDEX_VERIFY", "") == "all"


@dataclass
class Frame(PassThrough):
    """The parts generated pages share, for one language build; templates call it."""

    enabled: bool = True
    parts: dict[tuple[str, ...], str] = field(default_factory=dict)
    cards: dict[tuple[str, ...], str] = field(default_factory=dict)
    checked: dict[str, int] = field(default_factory=dict)
    """Frame kind → pages of it seen so far."""
    sampling: bool = False
    """The page being rendered is one of its kind's sample: what it shares is rendered in full
    and held against what was kept."""
    page: str = ""
    """The page being rendered, for the message when a part differs."""
    reason: str | None = None
    """Why the fast path was turned off, if it was."""
    portable_cards: bool = True
    """The card template reads only what is the same on every tag page (card_is_portable)."""

    def begin(self, kind: str, page: str) -> None:
        """A generated page of `kind` is about to render. The first page of a kind fills the
        frame; the next SAMPLE pages (every page with TAGINDEX_VERIFY=all) are checked."""
        seen = self.checked.get(kind, 0)
        self.checked[kind] = seen + 1
        self.page = page
        self.sampling = self.enabled and seen > 0 and (seen <= SAMPLE or verify_all())

    # -- theme blocks -------------------------------------------------------------------------

    def key(self, block: str, *state: Any) -> tuple[str, ...] | None:
        """Key of a shared block (`footer`, `scripts`, …) for pages in `state` (depth, kind,
        …); None when the fast path is off, so the block renders in full."""
        return (block, *map(str, state)) if self.enabled else None

    def block(self, key: tuple[str, ...] | None, render: Callable[[], str]) -> str:
        """A shared block: the kept one, or rendered (and kept, or checked on a sample)."""
        kept = self.parts.get(key) if key is not None and self.enabled else None
        if kept is not None and not self.sampling:
            return kept
        html = str(render())
        if key is None or not self.enabled:
            return html
        if kept is not None and kept != html:
            self._differs(kept, html)
        else:
            self.parts[key] = html
        return html

    # -- cards --------------------------------------------------------------------------------

    def card_key(self, card: Card, *state: Any) -> tuple[str, ...] | None:
        if not self.enabled or not self.portable_cards:
            return None
        return ("card", card.article.src_uri, *map(str, state))

    def has_card(self, key: tuple[str, ...] | None) -> bool:
        """A kept card the page can take as it is (a sample renders every card)."""
        return key is not None and not self.sampling and key in self.cards

    def keep_card(
        self, key: tuple[str, ...] | None, html: str, card: Card, full: str | None = None
    ) -> str:
        """Keep a card rendered with its number left out (`html`) and give it its number. On a
        sample, `full` is the card rendered with its number: both must agree, and agree with
        the card kept from another page."""
        filled = html.replace(NUMBER, card.number)
        if key is None or not self.enabled:
            return full if full is not None else filled
        if full is not None:
            kept = self.cards.get(key)
            if filled != full or (kept is not None and kept != html):
                self._differs(kept.replace(NUMBER, card.number) if kept else filled, full)
                return full
        self.cards[key] = html
        return filled

    def card(self, key: tuple[str, ...], card: Card) -> str:
        return self.cards[key].replace(NUMBER, card.number)

    # -- a difference -------------------------------------------------------------------------

    def _differs(self, fast: str, full: str) -> None:
        """A shared part is not the same on this page: the rest of the build renders in full,
        and this page keeps its full render of the part."""
        at = next(
            (i for i, (a, b) in enumerate(zip(fast, full, strict=False)) if a != b),
            min(len(fast), len(full)),
        )
        self.reason = (
            f"the fast path of generated pages differs from a full render of '{self.page}' at "
            f"character {at} of a shared part (full: {full[max(0, at - 40) : at + 40]!r}, "
            f"fast: {fast[max(0, at - 40) : at + 40]!r}); generated pages render in full"
        )
        self.enabled = False
        self.sampling = False
        self.parts.clear()
        self.cards.clear()
