"""Timings of the `tagindex` command on the bench's en+ja site (issue 26, point 4), beside
Zensical's own build of the same site: a cold `tagindex build` (no cache, nothing written yet),
one with nothing changed, one with one article's text changed, one with one article's tags
changed, `tagindex check`, and a cold `zensical-i18n build`. Every figure is a whole process,
start-up included, with its CPU time (user + system: what a machine loaded by other work does
not inflate as it does the wall time); the repeated ones are the best of `--rounds`, each round
a new edit. Then the edit-to-page delay of `tagindex build --watch`: from an edit that gives an
article a new tag to that tag's page on disk (what `zensical serve` then reloads).

    python bench/zensical.py [--n 1000] [--rounds 3] [--no-zensical]
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from sitegen import generate  # noqa: E402

ENV = {**os.environ, "PYTHONPATH": str(ROOT)}
BIN = Path(sys.executable).parent


def timed(cwd: Path, *cmd: str, env: dict[str, str] | None = None) -> tuple[float, float]:
    """Wall and CPU seconds (user + system, the process and its children) of one command."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    result = subprocess.run(cmd, cwd=cwd, env=env or ENV, capture_output=True, text=True)
    took = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if result.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} failed:\n{result.stderr[-3000:]}")
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return took, cpu


def best(
    cwd: Path,
    cmd: tuple[str, ...],
    rounds: int,
    edit: Callable[[int], None] | None = None,
    env: dict[str, str] | None = None,
) -> tuple[float, float]:
    """The fastest of `rounds` runs (wall, and the CPU of that run), `edit(n)` before each."""
    runs = []
    for n in range(rounds):
        if edit is not None:
            edit(n)
        runs.append(timed(cwd, *cmd, env=env))
    return min(runs)


def watch_delay(site: Path, edits: int = 3, env: dict[str, str] | None = None) -> list[float]:
    """Seconds from an edit (a new tag on an article) to its tag page written by the watch."""
    cmd = [sys.executable, "-m", "mkdocs_tagindex", "build", "--watch"]
    proc = subprocess.Popen(cmd, cwd=site, env=env or ENV, stderr=subprocess.PIPE, text=True)
    delays = []
    try:
        assert proc.stderr is not None
        for line in proc.stderr:
            if "watching" in line:
                break
        article = sorted((site / "docs" / "articles").glob("*[0-9].md"))[7]
        for n in range(edits):
            text = article.read_text("utf-8")
            tag = f"watchbench{n}-{time.monotonic_ns()}"
            start = time.perf_counter()
            article.write_text(re.sub(r"^tags: \[", f'tags: ["{tag}", ', text, count=1, flags=re.M))
            page = site / "docs" / "tags" / tag / "index.md"
            while not page.exists():
                if time.perf_counter() - start > 120:
                    raise SystemExit(f"the watch did not write {page} in 120 s")
                time.sleep(0.02)
            delays.append(time.perf_counter() - start)
            time.sleep(0.5)
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    return delays


Edit = Callable[[int], None]


def edits(site: Path, label: str) -> tuple[Path, str, Edit, Edit]:
    """The bench's article, its text, and its two edits: a line added to its body (round `n`),
    and a new tag `<label><n>` first in its tags."""
    article = sorted((site / "docs" / "articles").glob("*[0-9].md"))[5]
    text = article.read_text("utf-8")

    def body(n: int) -> None:
        article.write_text(text + f"\nOne more line ({label} {n}).\n", "utf-8")

    def tags(n: int) -> None:
        tag = f"{label}{n}"
        article.write_text(re.sub(r"^tags: \[", f'tags: ["{tag}", ', text, count=1, flags=re.M))

    return article, text, body, tags


def workloads(site: Path, rounds: int, off: str) -> list[float]:
    """CPU seconds of a build with nothing changed, after a text edit and after a tag edit
    (best of `rounds`), and the watch's edit-to-page wall seconds (best), with the cache layers
    `off` turned off (`command/caches/layers.py`), from a cold build with them off."""
    env = {**ENV, "TAGINDEX_LAYERS_OFF": off}
    shutil.rmtree(site / ".cache", ignore_errors=True)
    shutil.rmtree(site / "docs" / "tags", ignore_errors=True)
    build = (sys.executable, "-m", "mkdocs_tagindex", "build")
    timed(site, *build, env=env)
    article, text, body, tags = edits(site, f"layer-{off or 'none'}")
    found = [best(site, build, rounds, env=env)[1], best(site, build, rounds, body, env)[1]]
    found.append(best(site, build, rounds, tags, env)[1])
    article.write_text(text, "utf-8")
    timed(site, *build, env=env)
    found.append(min(watch_delay(site, edits=rounds, env=env)))
    return found


def layer_table(site: Path, rounds: int) -> None:
    """Each cache layer turned off alone, beside all of them on: what it saves of each
    workload (issue 33's rule: a layer stays only where it saves over 10 % of one)."""
    sys.path.insert(0, str(ROOT))
    from mkdocs_tagindex.command.caches.layers import LAYERS

    base = workloads(site, rounds, "")
    names = ("nothing", "text", "tags", "watch")
    print(f"  {'layer off':<12}" + "".join(f"{n:>16}" for n in names) + "   verdict")
    print(f"  {'(none)':<12}" + "".join(f"{b:13.3f} s  " for b in base))
    for layer in [*LAYERS, "all"]:
        off = workloads(site, rounds, layer)
        saved = [(o - b) / o if o > 0 else 0.0 for o, b in zip(off, base, strict=True)]
        cells = "".join(f"{o:7.3f} s {s:5.0%} " for o, s in zip(off, saved, strict=True))
        verdict = "keep" if max(saved) > 0.10 else "drop (saves 10 % of none)"
        print(f"  {layer:<12}{cells}  {verdict if layer != 'all' else ''}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--n", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=3, help="best of this many (default 3)")
    parser.add_argument(
        "--no-zensical", action="store_true", help="skip zensical-i18n's builds (minutes)"
    )
    parser.add_argument(
        "--layers",
        action="store_true",
        help="only the cache layers' table (command/caches/layers.py)",
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        generate(site, args.n, variant="tagindex")
        if args.layers:
            load = " / ".join(f"{x:.2f}" for x in os.getloadavg())
            print(f"N = {args.n} articles, en + ja; CPU s (watch: wall s), best of {args.rounds}")
            layer_table(site, args.rounds)
            print(f"load average before: {load}")
            return
        tagindex = (sys.executable, "-m", "mkdocs_tagindex")
        build = (*tagindex, "build")
        rows = [("tagindex init", timed(site, *tagindex, "init"))]
        rows.append(("tagindex build, cold (no cache)", timed(site, *build)))
        rows.append(("tagindex build, nothing changed", best(site, build, args.rounds)))
        article, text, body, tags = edits(site, "benchtag")
        rows.append(
            ("tagindex build, one article's text changed", best(site, build, args.rounds, body))
        )
        rows.append(
            ("tagindex build, one article's tags changed", best(site, build, args.rounds, tags))
        )
        article.write_text(text, "utf-8")
        timed(site, *build)
        rows.append(("tagindex check", best(site, (*tagindex, "check"), args.rounds)))
        delays = watch_delay(site, edits=max(3, args.rounds))
        if not args.no_zensical:
            shutil.rmtree(site / ".cache", ignore_errors=True)
            i18n = str(BIN / "zensical-i18n")
            rows.append(("zensical-i18n build, cold", timed(site, i18n, "build")))
            rows.append(("zensical-i18n build, warm", timed(site, i18n, "build")))
    load = " / ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"N = {args.n} articles, en + ja, {os.cpu_count()} cores, load average {load}")
    print(f"  {'':<45} {'wall':>8} {'CPU':>8}   (best of {args.rounds} where repeated)")
    for name, (took, cpu) in rows:
        print(f"  {name:<45} {took:6.2f} s {cpu:6.2f} s")
    shown = ", ".join(f"{d:.2f}" for d in delays)
    print(f"  {'build --watch: edit to tag page (new tag)':<45} {min(delays):6.2f} s  ({shown})")


if __name__ == "__main__":
    main()
