"""The fast path of generated pages: render what they share once, fill in what is theirs.

Generated pages of one language and depth that the nav does not list render the same theme
frame (header chrome, navigation, footer, scripts, configuration) but for a few page-specific
parts, and an article's card is the same on each of its tags' pages but for its number. The
templates ask a `Frame` for those parts: the first page of a kind renders them and the `Frame`
keeps them; the next pages reuse them (`tagindex/_base/base.html`, `tagindex/_base/tag.html`).

The fast path must give the very same bytes as a full render. It cannot know what a site's own
template overrides read, so it is checked: the first pages of every kind are also rendered in
full (`Build.check_frame`, at `on_page_context`) and held against MkDocs' own render of them
(`Build.checked_output`, at `on_post_page`). One difference makes the full render that page's
HTML and turns the fast path off for the rest of the build, with a DEBUG line saying where the
two renders parted. An override the fast path cannot see through is never wrong, only
slower. A kind with too few pages to gain from it (MIN_PAGES; the all-tags page) is rendered
in full and not checked. `TAGINDEX_FAST_PATH=0` in the environment turns the fast path off;
`TAGINDEX_VERIFY=all` checks every generated page instead of a sample (the test suite does).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Any

from jinja2 import Environment, TemplateError, nodes

from ..core.contexts import NUMBER, PassThrough
from ..core.model import Card

SAMPLE = 2
"""Pages of each kind rendered both ways before the fast path is trusted. The first page of a
kind fills its frame (it may reuse cards of other kinds already), the second is the first to
reuse the frame."""

MIN_PAGES = SAMPLE + 2
"""Pages a kind needs for the fast path to pay: its first page fills the frame (a full
render) and each sampled page is rendered in full once more, so with SAMPLE pages checked a
kind of three costs as much either way, and a smaller kind less in full."""


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
    """Frame kind → pages of it rendered both ways so far."""
    reason: str | None = None
    """Why the fast path was turned off, if it was."""

    # -- theme blocks -------------------------------------------------------------------------

    def key(self, block: str, *state: Any) -> tuple[str, ...] | None:
        """Key of a shared block (`footer`, `scripts`, …) for pages in `state` (depth, kind,
        …); None when the fast path is off, so the block renders in full."""
        return (block, *map(str, state)) if self.enabled else None

    def has(self, key: tuple[str, ...] | None) -> bool:
        return key is not None and key in self.parts

    def get(self, key: tuple[str, ...]) -> str:
        return self.parts[key]

    def put(self, key: tuple[str, ...] | None, html: str) -> str:
        if key is not None and self.enabled:
            self.parts[key] = html
        return html

    # -- cards --------------------------------------------------------------------------------

    portable_cards: bool = True
    """The card template reads only what is the same on every tag page (card_is_portable)."""

    def card_key(self, card: Card, *state: Any) -> tuple[str, ...] | None:
        if not self.enabled or not self.portable_cards:
            return None
        return ("card", card.article.src_uri, *map(str, state))

    def has_card(self, key: tuple[str, ...] | None) -> bool:
        return key is not None and key in self.cards

    def keep_card(self, key: tuple[str, ...] | None, html: str, card: Card) -> str:
        if key is not None and self.enabled:
            self.cards[key] = html
        return html.replace(NUMBER, card.number)

    def card(self, key: tuple[str, ...], card: Card) -> str:
        return self.cards[key].replace(NUMBER, card.number)

    # -- the check ----------------------------------------------------------------------------

    def needs_check(self, kind: str) -> bool:
        return self.enabled and (verify_all() or self.checked.get(kind, 0) < SAMPLE)

    def compare(self, kind: str, page: str, fast: str, full: str) -> bool:
        """Keep the fast path if `fast` is `full`; otherwise turn it off and say why."""
        self.checked[kind] = self.checked.get(kind, 0) + 1
        if fast == full:
            return True
        at = next(
            (i for i, (a, b) in enumerate(zip(fast, full, strict=False)) if a != b),
            min(len(fast), len(full)),
        )
        self.reason = (
            f"the fast path of generated pages differs from a full render of '{page}' at "
            f"character {at} (full: {full[max(0, at - 40) : at + 40]!r}, fast: "
            f"{fast[max(0, at - 40) : at + 40]!r}); generated pages render in full"
        )
        self.enabled = False
        self.parts.clear()
        self.cards.clear()
        return False
