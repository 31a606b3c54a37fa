"""Timings of the `tagindex` command on the bench's en+ja site (issue 26, point 4), beside
Zensical's own build of the same site: a cold `tagindex build` (no cache, nothing written yet),
one with nothing changed, one with one article changed, `tagindex check`, and a cold
`zensical-i18n build`. Every figure is a whole process, start-up included.

    python bench/zensical.py [--n 1000]
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from sitegen import generate  # noqa: E402

ENV = {**os.environ, "PYTHONPATH": str(ROOT)}
BIN = Path(sys.executable).parent


def timed(cwd: Path, *cmd: str) -> float:
    start = time.perf_counter()
    result = subprocess.run(cmd, cwd=cwd, env=ENV, capture_output=True, text=True)
    took = time.perf_counter() - start
    if result.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} failed:\n{result.stderr[-3000:]}")
    return took


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--n", type=int, default=1000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        generate(site, args.n, variant="tagindex")
        tagindex = (sys.executable, "-m", "mkdocs_tagindex")
        rows = [("tagindex init", timed(site, *tagindex, "init"))]
        rows.append(("tagindex build, cold (no cache)", timed(site, *tagindex, "build")))
        rows.append(("tagindex build, nothing changed", timed(site, *tagindex, "build")))
        article = sorted((site / "docs").rglob("*.md"))[5]
        article.write_text(article.read_text("utf-8") + "\nOne more line.\n", "utf-8")
        rows.append(("tagindex build, one article changed", timed(site, *tagindex, "build")))
        rows.append(("tagindex check", timed(site, *tagindex, "check")))
        shutil.rmtree(site / ".cache", ignore_errors=True)
        rows.append(("zensical-i18n build, cold", timed(site, str(BIN / "zensical-i18n"), "build")))
        rows.append(("zensical-i18n build, warm", timed(site, str(BIN / "zensical-i18n"), "build")))
    print(f"N = {args.n} articles, en + ja, {os.cpu_count()} cores")
    for name, took in rows:
        print(f"  {name:<40} {took:6.2f} s")


if __name__ == "__main__":
    main()
