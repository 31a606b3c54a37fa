"""Who holds a build's memory: `tracemalloc` snapshots at the end of MkDocs' site-wide events.

    .venv/bin/python bench/tracemem.py /tmp/n300-tagindex > /tmp/tagindex.txt
    .venv/bin/python bench/tracemem.py /tmp/n300-plain > /tmp/plain.txt

At the end of every non-page event (and at the start of `post_build`, where static-i18n's other
language builds run) it prints the traced total and tracemalloc's peak so far; at the snapshots
named by `--at` (default: the first language's `env` end and the outer `post_build` start) it
prints what is alive, grouped by the innermost frame of this plugin on the allocation's stack
(`--frames` deep; memory that other code allocates on our behalf, such as the search plugin's
entries for generated pages, is grouped by its own innermost frame instead) and by file.
Slow (every allocation's stack is recorded): run it on N = 300 or smaller. Compare the two
variants' tables: what tagindex adds is what the peak of `bench/rss_by_event.py` carries.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import tracemalloc
from collections import Counter
from typing import Any

PAGE_EVENTS = frozenset(
    {
        "pre_page",
        "page_read_source",
        "page_markdown",
        "page_content",
        "page_context",
        "post_page",
        "pre_template",
        "template_context",
        "post_template",
    }
)
OURS = os.sep + "mkdocs_tagindex" + os.sep


def _owner(trace: tracemalloc.Trace, outermost: bool = False) -> str:
    """The innermost (or outermost: which of its handlers) frame of this plugin on the stack,
    else the innermost frame at all."""
    frames = list(trace.traceback)  # oldest first
    for frame in frames if outermost else reversed(frames):
        if OURS in frame.filename:
            name = frame.filename.split(OURS, 1)[1]
            return f"tagindex/{name}:{frame.lineno}"
    frame = frames[-1]
    parts = frame.filename.split(os.sep)
    return f"{'/'.join(parts[-2:])}:{frame.lineno}"


def report(label: str, top: int) -> None:
    snapshot = tracemalloc.take_snapshot()
    snapshot = snapshot.filter_traces([tracemalloc.Filter(False, tracemalloc.__file__)])
    owners: Counter[str] = Counter()
    handlers: Counter[str] = Counter()
    ours = 0
    for trace in snapshot.traces:
        owner = _owner(trace)
        owners[owner] += trace.size
        if owner.startswith("tagindex/"):
            ours += trace.size
            handlers[_owner(trace, outermost=True)] += trace.size
    total = sum(owners.values())
    print(f"\n## {label}: {total / 2**20:.1f} MB alive, {ours / 2**20:.2f} MB from tagindex frames")
    for owner, size in owners.most_common(top):
        print(f"  {size / 2**20:7.2f} MB  {owner}")
    print("  -- tagindex frames:")
    for owner, size in sorted(
        ((o, s) for o, s in owners.items() if o.startswith("tagindex/")), key=lambda x: -x[1]
    )[:top]:
        print(f"  {size / 2**20:7.2f} MB  {owner}")
    print("  -- tagindex, by the outermost frame of ours (the handler):")
    for owner, size in handlers.most_common(top):
        print(f"  {size / 2**20:7.2f} MB  {owner}")
    by_file: Counter[str] = Counter()
    for stat in snapshot.statistics("filename"):
        parts = stat.traceback[0].filename.split(os.sep)
        by_file["/".join(parts[-2:])] += stat.size
    print("  -- by file:")
    for name, size in by_file.most_common(top):
        print(f"  {size / 2**20:7.2f} MB  {name}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("project")
    parser.add_argument("--frames", type=int, default=12)
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--at", nargs="*", default=["0:env end", "0:post_build start"])
    args = parser.parse_args()
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    os.chdir(args.project)
    from mkdocs.commands.build import build
    from mkdocs.config import load_config
    from mkdocs.plugins import PluginCollection

    run_event = PluginCollection.run_event
    depth = [0]

    def mark(name: str, edge: str) -> None:
        label = f"{depth[0]}:{name} {edge}"
        now, peak = tracemalloc.get_traced_memory()
        print(f"{'  ' * depth[0]}{label}: {now / 2**20:.1f} MB, peak so far {peak / 2**20:.1f}")
        if label in args.at:
            report(label, args.top)
        sys.stdout.flush()

    def logged(self: Any, name: str, item: Any = None, **kwargs: Any) -> Any:
        if name in PAGE_EVENTS:
            return run_event(self, name, item, **kwargs)
        if name == "post_build":
            mark(name, "start")
        depth[0] += 1
        try:
            return run_event(self, name, item, **kwargs)
        finally:
            depth[0] -= 1
            mark(name, "end")

    PluginCollection.run_event = logged  # type: ignore[method-assign]
    tracemalloc.start(args.frames)
    site = tempfile.mkdtemp(prefix="tracemem-")
    try:
        config = load_config("mkdocs.yml", site_dir=site)
        config.plugins.on_startup(command="build", dirty=False)
        build(config)
    finally:
        shutil.rmtree(site, ignore_errors=True)
    now, peak = tracemalloc.get_traced_memory()
    print(f"\nend: {now / 2**20:.1f} MB traced, peak {peak / 2**20:.1f} MB")


if __name__ == "__main__":
    main()
