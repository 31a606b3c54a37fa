"""Benchmark mkdocs_tagindex.tagsfile.load on generated tags files of 100,000 entries.

Run: .venv/bin/python bench/bench_tagsfile.py [--entries N] [--runs R] [--before]

Two files, generated deterministically: `names` gives each entry one name; `full` gives each a
name and a description in two languages (en, ja) and two aliases, so every key is exercised.
Reported per file: its size, the median and best wall time of `load` over R runs, the number of
tags and of problems (none expected: the files are valid), and the time of a second `load` of
the unchanged file (what `mkdocs serve` pays on a rebuild). `--before` adds one run of each as
the plugin loaded it before issue 13 (PyYAML's pure-Python loader, cyclic GC on): minutes.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, nullcontext
from pathlib import Path
from unittest import mock

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mkdocs_tagindex.core.options import tagsfile

ENTRIES: dict[str, Callable[[int], str]] = {
    "names": lambda n: f"tag-{n:06d}:\n  name: Topic {n}\n",
    "full": lambda n: (
        f"tag-{n:06d}:\n"
        f"  name: {{en: Topic {n}, ja: トピック{n}}}\n"
        f"  description: {{en: All about topic {n}., ja: トピック{n}のすべて。}}\n"
        f"  aliases: [t{n}, topic-{n}-alias]\n"
    ),
}


@contextmanager
def as_before() -> Iterator[None]:
    """The loader of the plugin before issue 13: pure Python, the cyclic GC left running."""
    with (
        mock.patch.object(tagsfile, "_Loader", yaml.SafeLoader),
        mock.patch.object(tagsfile, "_without_cyclic_gc", nullcontext),
    ):
        yield


def timed_loads(path: Path, runs: int) -> tuple[list[float], int, int]:
    times = []
    tags = problems = 0
    for _ in range(runs):
        tagsfile._LAST.clear()  # a cold load every run
        start = time.perf_counter()
        catalog, found = tagsfile.load(str(path))
        times.append(time.perf_counter() - start)
        tags, problems = len(catalog.names), len(found)
    return times, tags, problems


def run(entries: int = 100_000, runs: int = 3, before: bool = False) -> None:
    print(f"Tags files of {entries:,} entries; cold loads (no cache), {runs} runs each.\n")
    print("| file | MB | loader | median (s) | best (s) | tags | problems | unchanged again (s) |")
    print("|---|---:|---|---:|---:|---:|---:|---:|")
    with tempfile.TemporaryDirectory() as tmp:
        for name, entry in ENTRIES.items():
            path = Path(tmp) / f"{name}.yml"
            path.write_text("".join(entry(n) for n in range(entries)), encoding="utf-8")
            size = path.stat().st_size / 1e6
            times, tags, problems = timed_loads(path, runs)
            start = time.perf_counter()
            tagsfile.load(str(path))  # the cache of the last file: serve's next rebuild
            again = time.perf_counter() - start
            loader = "C" if tagsfile._Loader is not yaml.SafeLoader else "pure Python"
            print(
                f"| {name} | {size:.1f} | {loader}, GC paused | {statistics.median(times):.2f} "
                f"| {min(times):.2f} | {tags:,} | {problems} | {again:.3f} |"
            )
            if before:
                with as_before():
                    times, tags, problems = timed_loads(path, 1)
                print(
                    f"| {name} | {size:.1f} | before: pure Python, GC on | {times[0]:.2f} "
                    f"| {times[0]:.2f} | {tags:,} | {problems} | |"
                )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--entries", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--before", action="store_true")
    args = parser.parse_args()
    run(args.entries, args.runs, args.before)


if __name__ == "__main__":
    main()
