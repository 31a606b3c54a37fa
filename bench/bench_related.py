"""Related articles at scale: `model.related` over N synthetic articles with the scale
benchmark's Zipf-like tags (bench/sitegen.py), at N = 1,000, 2,000 and 4,000.

What it shows: the time per article stays flat as N grows (the cost is O(articles × tags per
article × scan), not quadratic), and how many candidate scores were computed, against the
number a full pairwise comparison would need.

Run: .venv/bin/python bench/bench_related.py [--sizes 1000 4000]
"""

from __future__ import annotations

import argparse
import datetime as dt
import itertools
import random
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from sitegen import make_tags, pick_tags  # noqa: E402

from mkdocs_tagindex.core.model import tagindex as model  # noqa: E402
from mkdocs_tagindex.core.text.slugs import tag_key  # noqa: E402


def articles(n: int, seed: int = 0) -> list[model.Article]:
    rng = random.Random(seed)
    tags = make_tags(rng, max(10, n // 10))
    weights = list(itertools.accumulate(1 / rank**1.1 for rank in range(1, len(tags) + 1)))
    start = dt.date(2024, 1, 1)
    out = []
    for i in range(n):
        names = pick_tags(rng, tags, weights)
        out.append(
            model.Article(
                src_uri=f"articles/a{i:05d}.md",
                url=f"articles/a{i:05d}/",
                title=f"Article {i}",
                tags=tuple(dict.fromkeys(tag_key(t) for t in names)),
                date=start + dt.timedelta(days=rng.randrange(900)),
            )
        )
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 2000, 4000])
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    run(args.sizes, rounds=args.rounds)


def run(sizes: list[int], *, rounds: int) -> None:
    print("\n## Related articles: cost against N (best of rounds)\n")
    print(
        "| N | tags | tag memberships | candidates scanned | pairs (N²/2) | best time (ms) "
        "| µs per article |"
    )
    print("|---:|---:|---:|---:|---:|---:|---:|")
    for n in sizes:
        found = articles(n)
        memberships = sum(len(a.tags) for a in found)
        members: dict[str, int] = {}
        for article in found:
            for tag in article.tags:
                members[tag] = members.get(tag, 0) + 1
        scanned = sum(min(members[t], model.RELATED_SCAN) for a in found for t in a.tags)
        best = float("inf")
        for _ in range(rounds):
            start = time.perf_counter()
            model.related(found, limit=4)
            best = min(best, time.perf_counter() - start)
        print(
            f"| {n:,} | {len(members):,} | {memberships:,} | {scanned:,} | {n * n // 2:,} "
            f"| {best * 1000:.1f} | {best / n * 1e6:.0f} |"
        )


if __name__ == "__main__":
    main()
