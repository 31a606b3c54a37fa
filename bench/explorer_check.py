"""What the explorer bench expects of the page, from the site's own data (bench/explorer.py): which
articles a choice of tags gives, in which order, the steps it takes, and the check after each.

Pure (no browser, no build), so tests/unit/test_bench_explorer.py runs it in the default suite.
The check holds for an explorer that has every card in the page and hides the rest as for one
that draws only the first screenful: the cards drawn must be the first k expected, in order, with
k ≥ 1 whenever the count is above 0, and never more than the count.
"""

from __future__ import annotations

import json
import math
import random
import urllib.parse
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


@dataclass
class Index:
    """Which item places (0-based: the explorer's items, the cards' numbers less one) each slug
    lists, and the tag names (what Ctrl-F must find). The items are tags.json's `articles`, in
    its order, each followed by its sections that are cards of their own on some tag's page
    (issue 41), in document order (sections.json's); `page_of` maps such a section to its
    article's item. A slug lists an article it tags and a section that adds it."""

    articles: dict[str, frozenset[int]]
    names: dict[str, str]
    popular: list[str] = field(default_factory=list)  # slugs, most articles first
    page_of: dict[int, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.popular:
            self.popular = sorted(self.articles, key=lambda s: (-len(self.articles[s]), s))

    @classmethod
    def from_data(cls, data: dict[str, Any], sections: dict[str, Any] | None = None) -> Index:
        """From tags.json's data and, on a site that tags sections, sections.json's (the
        document order of a page's tagged headings)."""
        adds: dict[int, set[str]] = {}  # article place → anchors of its section cards
        for tag in data["tags"]:
            for card in tag["cards"]:
                if card.get("section") is not None:
                    adds.setdefault(int(card["article"]), set()).add(str(card["section"]))
        order = _document_order(data, sections)
        item: dict[tuple[int, str | None], int] = {}
        page_of: dict[int, int] = {}
        listed = [int(card["article"]) for tag in data["tags"] for card in tag["cards"]]
        count = len(data["articles"]) if "articles" in data else max(listed, default=-1) + 1
        for place in range(count):
            page = item[place, None] = len(item)
            for anchor in sorted(adds[place], key=order(place)) if place in adds else ():
                page_of[len(item)] = page
                item[place, anchor] = len(item)
        articles = {
            str(tag["slug"]): frozenset(
                item[int(card["article"]), card.get("section")] for card in tag["cards"]
            )
            for tag in data["tags"]
        }
        names = {str(tag["slug"]): str(tag["name"]) for tag in data["tags"]}
        return cls(articles, names, page_of=page_of)

    @classmethod
    def read(cls, path: Path) -> Index:
        """tags.json at `path`, and sections.json beside it when there is one."""
        beside = path.with_name("sections.json")
        sections = json.loads(beside.read_text("utf-8")) if beside.is_file() else None
        return cls.from_data(json.loads(path.read_text("utf-8")), sections)

    def expected(self, slugs: Sequence[str], match: str) -> list[int]:
        """The places a choice shows, in card order (ascending): the articles with every chosen
        tag (match=all) or any one (match=any), and the sections that have them with their
        article's tags where the article is not shown; none for no tag."""
        sets = [self.articles[s] for s in slugs]
        if not sets:
            return []
        joined = frozenset.intersection(*sets) if match == "all" else frozenset.union(*sets)
        pages = {p for p in joined if p not in self.page_of}
        if self.page_of:
            near = frozenset.union(*sets)  # a section shown has one of them itself
            for section in near - pages:
                page = self.page_of.get(section)
                if page is None or page in pages:
                    continue
                has = [section in tagged or page in tagged for tagged in sets]
                if all(has) if match == "all" else any(has):
                    pages.add(section)
        return sorted(pages)


def _document_order(data: dict[str, Any], sections: dict[str, Any] | None) -> Any:
    """For an article's place, a sort key of its anchors: their order in its page
    (sections.json names a page by its URL from the site's root, tags.json by its full URL)."""
    pages = (sections or {}).get("pages", {})

    def anchors_of(url: str) -> list[str]:
        path = url.split("//", 1)[-1].split("/", 1)[-1] if "//" in url else url
        parts = path.split("/")
        for at in range(len(parts)):  # the longest tail of the path that names a page
            if "/".join(parts[at:]) in pages:
                return list(pages["/".join(parts[at:])])
        return []

    def of(place: int) -> Any:
        anchors = anchors_of(str(data["articles"][place]["url"]))
        return lambda anchor: (anchors.index(anchor) if anchor in anchors else len(anchors), anchor)

    return of


def percentile(values: Sequence[float], q: float) -> float:
    """The q-th percentile (0–100), linear between the closest ranks (numpy's default)."""
    if not values:
        raise ValueError("no values")
    ordered = sorted(values)
    at = (len(ordered) - 1) * q / 100
    low, high = math.floor(at), math.ceil(at)
    return ordered[low] + (ordered[high] - ordered[low]) * (at - low)


# -- the steps -------------------------------------------------------------------------------------


@dataclass
class Step:
    kind: str  # add, remove, match
    selector: str  # what the page clicks
    slugs: list[str]  # the selection after it
    match: str


def pick(slug: str) -> str:
    return f'[data-tagindex-pick="{slug}"]'


def match_radio(match: str) -> str:
    return f'[data-tagindex-match] input[value="{match}"]'


def first_step(index: Index, seed: int) -> Step:
    """The first choice: one of the ten most used tags (seeded)."""
    slug = random.Random(seed).choice(index.popular[:10])
    return Step("add", pick(slug), [slug], "all")


def plan(index: Index, first: Step, steps: int, seed: int) -> list[Step]:
    """`steps` changes after `first`, keeping 1–4 tags chosen: a tag added (half the time
    among the 50 most used, else any; never one that leads to no article, whose "+" the page
    disables), one removed (by its chip or its "+" again), or all / any switched."""
    rng = random.Random(seed + 1)
    chosen, match = list(first.slugs), first.match
    made: list[Step] = []
    while len(made) < steps:
        kinds = ["add"] * (len(chosen) < 4) + ["remove"] * (len(chosen) > 1) + ["match"]
        kind = rng.choice(kinds)
        if kind == "add":
            slug = addable(index, chosen, match, rng)
            if slug is None:
                continue
            chosen = [*chosen, slug]
            selector = pick(slug)
        elif kind == "remove":
            slug = rng.choice(chosen)
            chosen = [s for s in chosen if s != slug]
            by_chip = rng.random() < 0.5
            selector = f'[data-tagindex-unpick="{slug}"]' if by_chip else pick(slug)
        else:
            match = "any" if match == "all" else "all"
            selector = match_radio(match)
        made.append(Step(kind, selector, chosen, match))
    return made


def addable(index: Index, chosen: list[str], match: str, rng: random.Random) -> str | None:
    """A tag whose "+" leads to at least one article, from the 50 most used or from all."""
    pool = index.popular[:50] if rng.random() < 0.5 else index.popular
    candidates = [s for s in pool if s not in chosen]
    rng.shuffle(candidates)
    for slug in candidates[:2000]:
        if match == "any" or index.expected([*chosen, slug], match):
            return slug
    return None


def heaviest(index: Index, rounds: int) -> list[Step]:
    """all / any switched `rounds` times on the four most used tags (opened as all): the most
    cards a change of 1–4 tags draws."""
    top = index.popular[:4]
    steps, match = [], "all"
    for _ in range(rounds):
        match = "any" if match == "all" else "all"
        steps.append(Step("match", match_radio(match), top, match))
    return steps


# -- the check -------------------------------------------------------------------------------------


def query_of(search: str) -> tuple[list[str], str]:
    """The slugs and match of a location.search, as the explorer writes them (slugs joined by
    "+", split before decoding)."""
    params = dict(p.split("=", 1) for p in search.lstrip("?").split("&") if "=" in p)
    slugs = [urllib.parse.unquote(s) for s in params.get("t", "").split("+") if s]
    return slugs, params.get("match", "")


def digits(text: str) -> str:
    """The cards a count names ("1,234 articles" → "1234"; "10 articles · 3 sections" → "13")."""
    parts = ["".join(ch for ch in part if ch.isdigit()) for part in text.split("·")]
    return str(sum(int(part) for part in parts if part)) if any(parts) else ""


def problems(
    step: Step, expected: list[int], search: str, count: str, drawn: list[int]
) -> list[str]:
    """What is wrong with the page after `step`: `search` is location.search, `count` the count's
    text, `drawn` the data-tagindex-number of each card drawn, in document order."""
    found = []
    slugs, match = query_of(search)
    if slugs != step.slugs or match != step.match:
        found.append(f"URL {search!r}, expected t={'+'.join(step.slugs)} match={step.match}")
    if digits(count) != str(len(expected)):
        found.append(f"count {count!r}, expected {len(expected)}")
    if expected and not drawn:
        found.append(f"no card drawn for {len(expected)} articles")
    if len(drawn) > len(expected):
        found.append(f"{len(drawn)} cards drawn for {len(expected)} articles")
    want = [place + 1 for place in expected[: len(drawn)]]
    if len(drawn) <= len(expected) and drawn != want:
        wrong = next(i for i, (a, b) in enumerate(zip(drawn, want, strict=False)) if a != b)
        found.append(
            f"card {wrong + 1} drawn is article {drawn[wrong]}, expected {want[wrong]} "
            f"(the first {len(drawn)} of {len(expected)} in order; drawn from there "
            f"{drawn[wrong : wrong + 6]}, expected {want[wrong : wrong + 6]})"
        )
    return found
