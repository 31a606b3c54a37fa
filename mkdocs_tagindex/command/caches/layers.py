"""The command's cache layers, each of which the bench can turn off alone
(`TAGINDEX_LAYERS_OFF=skips,cards`) to measure what it saves per workload
(`bench/zensical.py --layers`): a layer stays only while it saves more than a tenth of what a
user waits for. Output never depends on them: with any layer off, every build publishes the
same bytes (tests/build/test_zensical_incremental.py runs with all of them off too)."""

from __future__ import annotations

import os
from functools import cache

LAYERS = {
    "state": "a build whose inputs' stats (then hashes, then facts) are unchanged stops there",
    "facts": "each article's rendered facts (heading, read time, summary) kept by its text",
    "front": "each page's front matter kept by the hash of its text",
    "articles": "each page's article record kept while its final state is equal",
    "languages": "a language whose articles and shared tags are equal gives its files again",
    "skips": "a language whose pages are unchanged is not read at all",
    "pages": "a generated page whose templates receive the same is not rendered again",
    "cards": "each card rendered once, and kept across builds",
    "texts": "tags.json's lines kept by their inputs",
    "exit": "the process left without Python's finalization",
}
"""Layer → what it does (the bench prints it)."""


@cache
def _off() -> frozenset[str]:
    names = {n.strip() for n in os.environ.get("TAGINDEX_LAYERS_OFF", "").split(",")}
    unknown = names - set(LAYERS) - {"", "all"}
    if unknown:
        raise SystemExit(f"TAGINDEX_LAYERS_OFF: unknown layers {sorted(unknown)}")
    return frozenset(LAYERS) if "all" in names else frozenset(names - {""})


def on(name: str) -> bool:
    """Whether cache layer `name` is used in this process."""
    assert name in LAYERS, name
    return name not in _off()
