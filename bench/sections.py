"""The cost of tags on sections (issue 41): the scale benchmark's bilingual site (sitegen,
variant `tagindex`) built with `mkdocs build`, as generated and with three tagged sections per
article (the first three `##` headings of every page, each tagged with a tag of another page of
the site, so that each becomes a section card), compared: the build's CPU time (user + sys of
the `mkdocs build` process), and the tag pages' weight per card.

Issue 41's limits: build CPU at most 10 % above the site without section tags; a tag page at
most 20 % heavier per card.

Run: .venv/bin/python bench/sections.py --n 1000   (--repeat 2: the best of two builds each)
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
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import sitegen

HEADING = re.compile(r"^## .*$", re.M)
TAGS = re.compile(r"^tags: \[(.*)\]$|^tags:\n((?:- .*\n)+)", re.M)


def tag_sections(docs: Path, per_article: int = 3) -> int:
    """Tag the first `per_article` `##` headings of every article with tags of other articles
    (in turn), under each a `<!-- tags: … -->`; returns how many it tagged."""
    pages = sorted(docs.rglob("a*.md"))
    pool = sorted({t for p in pages for t in _tags(p.read_text("utf-8"))})
    tagged = 0
    for i, page in enumerate(pages):
        text = page.read_text("utf-8")
        headings = HEADING.findall(text)[:per_article]
        for k, heading in enumerate(headings):
            name = pool[(i * per_article + k) % len(pool)]
            text = text.replace(heading, f"{heading}\n<!-- tags: {name} -->", 1)
        tagged += len(headings)
        page.write_text(text, "utf-8")
    return tagged


def _tags(text: str) -> list[str]:
    found = TAGS.search(text)
    if found is None:
        return []
    if found.group(1) is not None:
        return [t.strip().strip("'\"") for t in found.group(1).split(",") if t.strip()]
    return [line[2:].strip().strip("'\"") for line in found.group(2).splitlines()]


def build(site: Path) -> float:
    """CPU seconds (user + sys) of one `mkdocs build --strict` of `site`."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict"],
        cwd=site,
        env=env,
        capture_output=True,
        text=True,
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if result.returncode != 0:
        raise SystemExit(result.stderr[-3000:])
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


CARD = re.compile(r'<li class="tagindex-card.*?</li>', re.S)


def weight_per_card(site_dir: Path) -> tuple[float, float]:
    """Bytes of the tag pages (every language) over the cards they show, and the mean bytes
    of one card's own HTML."""
    size = cards = card_bytes = 0
    for page in site_dir.rglob("tags/*/index.html"):
        text = page.read_text("utf-8")
        size += len(text.encode("utf-8"))
        found = CARD.findall(text)
        cards += len(found)
        card_bytes += sum(len(card.encode("utf-8")) for card in found)
    return size / max(cards, 1), card_bytes / max(cards, 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--n", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        plain, sectioned = Path(tmp) / "plain", Path(tmp) / "sections"
        sitegen.generate(plain, args.n, variant="tagindex", search_merge=False)
        shutil.copytree(plain, sectioned)
        tagged = tag_sections(sectioned / "docs")
        cpu = {}
        for name, site in (("plain", plain), ("sections", sectioned)):
            cpu[name] = min(build(site) for _ in range(args.repeat))
        weight = {
            name: weight_per_card(site / "site")
            for name, site in (("plain", plain), ("sections", sectioned))
        }
    print(f"articles: {args.n} per language; tagged sections: {tagged}")
    for name in cpu:
        page, card = weight[name]
        print(
            f"{name:9s} build CPU {cpu[name]:7.2f} s   tag pages {page:7.0f} B/card, "
            f"a card's own HTML {card:5.0f} B"
        )
    (plain_page, plain_card), (page, card) = weight["plain"], weight["sections"]
    print(
        f"section tags: CPU {100 * (cpu['sections'] / cpu['plain'] - 1):+.1f} % (limit +10 %), "
        f"tag pages per card {100 * (page / plain_page - 1):+.1f} %, a card "
        f"{100 * (card / plain_card - 1):+.1f} % (limit +20 %)"
    )


if __name__ == "__main__":
    main()
