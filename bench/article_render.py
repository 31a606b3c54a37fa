"""What tagindex adds to the render of an article page: its chips, meta line and related links.

`bench/phases.py` charges an article page's template render to `render article`, whoever's
template parts are in it, so tagindex's parts of article pages hide in a phase that plain has
too, and that moves by ±10 % between two builds on this machine. This measures them in one
process instead: it builds `project` up to the sixth article page, then renders that page's
template over and over, alternating, with the context tagindex gave it and with tagindex's
keys (`tagindex`, `tags`) taken out, and prints the median and least CPU time of each.

Run: .venv/bin/python bench/article_render.py bench/sites/n1000/tagindex --reps 30
"""

from __future__ import annotations

import argparse
import shutil
from collections.abc import Sequence
from pathlib import Path

import child

CHILD = r"""
import statistics, sys, time
from mkdocs.commands import build as b
from mkdocs.config import load_config

reps = int(sys.argv[2])

class Done(Exception):
    pass

write = b._build_page
articles = [0]

def probe(page, config, doc_files, nav, env, dirty=False, excluded=False):
    if page.file.generated_by or articles[0] < 5:  # past the first, which compile templates
        articles[0] += 0 if page.file.generated_by else 1
        return write(page, config, doc_files, nav, env, dirty, excluded)
    context = b.get_context(nav, doc_files, config, page)
    template = env.get_template(page.meta.get("template", "main.html"))
    context = config.plugins.on_page_context(context, page=page, config=config, nav=nav)
    bare = {k: v for k, v in context.items() if k not in ("tagindex", "tags")}
    times = {"with tagindex's parts": [], "without": []}
    for _ in range(reps):
        for name, ctx in (("with tagindex's parts", context), ("without", bare)):
            start = time.process_time()
            template.render(ctx)
            times[name].append(time.process_time() - start)
    print(f"page: {page.file.src_uri}, {reps} renders each")
    for name, spent in times.items():
        median, least = statistics.median(spent) * 1000, min(spent) * 1000
        print(f"{name}: median {median:.2f} ms, least {least:.2f} ms")
    raise Done

b._build_page = probe
try:
    b.build(load_config("mkdocs.yml", site_dir=sys.argv[1]))
except Done:
    pass
"""


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("project", type=Path, help="a tagindex project (bench/sites/…/tagindex)")
    parser.add_argument("--reps", type=int, default=30, help="renders of each kind")
    args = parser.parse_args(argv)
    site = args.project.resolve().parent / "site-article-render"
    try:
        print(child.run(CHILD, args.project, str(site), str(args.reps)).strip())
    finally:
        shutil.rmtree(site, ignore_errors=True)  # the few pages written before the probe


if __name__ == "__main__":
    main()
