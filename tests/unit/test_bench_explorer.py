"""The explorer bench's pure parts (bench/explorer_check.py, bench/explorer_site.py's dealing):
the percentile it reports, the articles it expects, and the check that keeps its timings honest
for an explorer with every card in the page as for one that draws a screenful. The bench itself
(Chromium, sites of 10,000 articles) runs only in `make bench-explorer`."""

from __future__ import annotations

import random
import statistics
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

BENCH = Path(__file__).resolve().parents[2] / "bench"
_PATH = list(sys.path)
sys.path.insert(0, str(BENCH))

import explorer_check as check  # noqa: E402
import explorer_site  # noqa: E402

sys.path[:] = _PATH  # bench/ left on the path hid the installed zensical (bench/zensical.py)

DATA = {  # tags.json's shape, the fields the bench reads
    "articles": [{} for _ in range(6)],
    "tags": [
        {"slug": "rl", "name": "RL", "cards": [{"article": 0}, {"article": 2}, {"article": 5}]},
        {"slug": "grpo", "name": "GRPO", "cards": [{"article": 2}, {"article": 5}]},
        {"slug": "llm", "name": "LLM", "cards": [{"article": 1}, {"article": 3}, {"article": 4}]},
    ],
}


def test_percentile_is_linear_between_ranks() -> None:
    values = [float(v) for v in range(1, 101)]
    assert check.percentile(values, 95) == pytest.approx(95.05)
    assert check.percentile(values, 50) == pytest.approx(statistics.median(values))
    assert check.percentile([7.0], 95) == 7.0
    assert check.percentile([3.0, 1.0, 2.0], 0) == 1.0
    assert check.percentile([3.0, 1.0, 2.0], 100) == 3.0
    with pytest.raises(ValueError):
        check.percentile([], 95)


@given(st.lists(st.floats(0, 1e4), min_size=2, max_size=60))
def test_percentile_agrees_with_statistics(values: list[float]) -> None:
    deciles = statistics.quantiles(values, n=10, method="inclusive")
    assert check.percentile(values, 90) == pytest.approx(deciles[-1], abs=1e-6)


def test_expected_articles_all_and_any_in_card_order() -> None:
    index = check.Index.from_data(DATA)
    assert index.popular == ["llm", "rl", "grpo"]
    assert index.expected(["rl", "grpo"], "all") == [2, 5]
    assert index.expected(["grpo", "llm"], "any") == [1, 2, 3, 4, 5]
    assert index.expected(["rl", "llm"], "all") == []
    assert index.expected([], "any") == []


def test_query_of_reads_what_the_explorer_writes() -> None:
    assert check.query_of("?t=c%2B%2B+rl&match=any") == (["c++", "rl"], "any")
    assert check.query_of("") == ([], "")


STEP = check.Step("add", '[data-tagindex-pick="grpo"]', ["rl", "grpo"], "all")
SEARCH = "?t=rl+grpo&match=all"


def test_a_right_page_passes_whether_it_draws_every_card_or_the_first() -> None:
    assert check.problems(STEP, [2, 5], SEARCH, "2 articles", [3, 6]) == []
    assert check.problems(STEP, [2, 5], SEARCH, "2 articles", [3]) == []
    assert check.problems(STEP, [], SEARCH, "0 articles", []) == []


@pytest.mark.parametrize(
    ("search", "count", "drawn", "says"),
    [
        ("?t=rl&match=all", "2 articles", [3, 6], "URL"),
        (SEARCH.replace("all", "any"), "2 articles", [3, 6], "URL"),
        (SEARCH, "3 articles", [3, 6], "count"),
        (SEARCH, "2 articles", [], "no card drawn"),
        (SEARCH, "2 articles", [6], "card 1 drawn is article 6"),
        (SEARCH, "2 articles", [6, 3], "card 1 drawn"),
        (SEARCH, "2 articles", [3, 6, 7], "3 cards drawn for 2"),
    ],
)
def test_a_wrong_page_is_named(search: str, count: str, drawn: list[int], says: str) -> None:
    found = check.problems(STEP, [2, 5], search, count, drawn)
    assert any(says in problem for problem in found), found


@given(st.sets(st.integers(0, 500), max_size=40), st.integers(0, 45), st.randoms())
def test_only_the_first_k_in_order_pass(places: set[int], k: int, rng: random.Random) -> None:
    """Drawn = the first k expected (k ≥ 1 when any) passes; any other drawn list fails."""
    expected = sorted(places)
    k = min(k, len(expected))
    right = [p + 1 for p in expected[:k]]
    ok = check.problems(STEP, expected, SEARCH, f"{len(expected)} articles", right) == []
    assert ok == (k >= 1 or not expected)
    if len(right) >= 2:
        wrong = right[:]
        rng.shuffle(wrong)
        if wrong != right:
            assert check.problems(STEP, expected, SEARCH, f"{len(expected)}", wrong)


def test_the_plan_adds_only_tags_that_lead_somewhere() -> None:
    rng = random.Random(3)
    names = [f"t{i}" for i in range(60)]
    dealt = explorer_site.deal_tags(rng, 40, names)
    assert {name for tags in dealt for name in tags} == set(names)
    assert all(3 <= len(tags) <= 8 for tags in dealt)
    data = {
        "tags": [
            {"slug": n, "name": n, "cards": [{"article": i} for i, t in enumerate(dealt) if n in t]}
            for n in names
        ]
    }
    index = check.Index.from_data(data)
    first = check.first_step(index, 0)
    steps = check.plan(index, first, 60, 0)
    assert steps == check.plan(index, first, 60, 0)  # seeded
    assert len(steps) == 60
    for before, step in zip([first, *steps], steps, strict=False):
        assert 1 <= len(step.slugs) <= 4
        if step.kind == "add":
            assert index.expected(step.slugs, step.match), step
            assert len(step.slugs) == len(before.slugs) + 1


SECTIONS = {  # a tags a page; b#s2 adds rl, b#s1 paper; c#t adds grpo (issue 41)
    "articles": [{"url": f"https://x/{p}/"} for p in "abc"],
    "tags": [
        {"slug": "rl", "name": "RL", "cards": [{"article": 0}, {"article": 1, "section": "s2"}]},
        {"slug": "grpo", "name": "GRPO", "cards": [{"article": 1}, {"article": 2, "section": "t"}]},
        {"slug": "paper", "name": "P", "cards": [{"article": 1, "section": "s1"}, {"article": 2}]},
    ],
}
ORDER = {"pages": {"b/": {"s1": [], "s2": []}, "c/": {"t": []}}}  # sections.json: document order


def test_expected_with_sections_follows_the_explorers_rule() -> None:
    """Items: a 0, b 1, b#s1 2, b#s2 3 (document order, not the order tags.json met them),
    c 4, c#t 5. A section shows with its tags and its page's, where its page does not."""
    index = check.Index.from_data(SECTIONS, ORDER)
    assert index.page_of == {2: 1, 3: 1, 5: 4}
    assert index.expected(["rl", "grpo"], "all") == [3]
    assert index.expected(["grpo", "paper"], "all") == [2, 5]
    assert index.expected(["grpo"], "all") == [1, 5]
    assert index.expected(["rl", "paper"], "any") == [0, 2, 3, 4]
    assert check.digits("10 articles · 3 sections") == "13"
    assert check.digits("1,234 articles") == "1234"
