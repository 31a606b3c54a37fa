"""Where a build's CPU time goes, phase by phase, for two or more projects side by side.

`bench/scale.py` says how much longer a build with tagindex takes; this says where. Each project
is built once in a child process (`mkdocs build`, in-process) that charges every CPU second to
exactly one phase, exclusive of the phases nested inside it:

- `read <kind>` and `write <kind>`: MkDocs reading (Markdown) and writing (context, template) a
  page, by kind (`article`, or `generated` by tagindex);
- `render <kind>`: Jinja templates rendered while a page is written (the theme's, and ours);
- `<plugin>.<event>`: every plugin's event handler, every plugin; a page's events by its kind;
- `gc <generation>`: the cyclic garbage collector;
- `mkdocs`: everything else (config, files, nav, copying, the search index's own writing).

Nested builds (static-i18n builds each other language inside the first's `on_post_build`) are
charged phase by phase too, so its own handler keeps only its own time. The timers cost a few
per cent of the build, the same for every project.

Run: .venv/bin/python bench/phases.py bench/sites/n1000/plain bench/sites/n1000/tagindex

Two commits side by side: copy the tagindex project (say to `before`), make a worktree of the
old commit, and add `--code before=/tmp/old-worktree`.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

import child

CHILD = r"""
import functools, gc, json, sys, time
from collections import Counter
import jinja2
from mkdocs.commands import build as b
from mkdocs.config import load_config
from mkdocs.plugins import CombinedEvent, PluginCollection

clock = time.process_time
spent, counts = Counter(), Counter()
stack = []  # [label, start, time spent in phases nested inside]

def enter(label):
    stack.append([label, clock(), 0.0])

def leave():
    label, start, nested = stack.pop()
    elapsed = clock() - start
    spent[label] += elapsed - nested
    counts[label] += 1
    if stack:
        stack[-1][2] += elapsed

def timed(label_of, inner):
    @functools.wraps(inner)  # keeps `mkdocs_priority`, which orders the handlers
    def run(*args, **kwargs):
        enter(label_of(*args, **kwargs))
        try:
            return inner(*args, **kwargs)
        finally:
            leave()
    return run

current = [None]  # the kind of page being read or written, if any
def kind(page):  # the floor's trivial pages (bench/sitegen.py) sit where tagindex's would
    tags = page.file.src_uri.startswith("tags/")
    return "generated" if page.file.generated_by == "tagindex" or tags else "article"

def page_step(step, inner):
    def run(page, *args, **kwargs):
        previous, current[0] = current[0], kind(page)
        enter(f"{step} {current[0]}")
        try:
            return inner(page, *args, **kwargs)
        finally:
            leave()
            current[0] = previous
    return run

b._populate_page = page_step("read", b._populate_page)
b._build_page = page_step("write", b._build_page)
render = jinja2.Template.render
jinja2.Template.render = timed(lambda *a, **k: f"render {current[0] or 'other'}", render)

register = PluginCollection._register_event
def timed_register(self, event_name, method, plugin_name=None):
    if isinstance(method, CombinedEvent):  # registers each of its methods, through us
        return register(self, event_name, method, plugin_name)
    owner = plugin_name or type(getattr(method, "__self__", method)).__module__
    label = f"{owner}.{event_name}"
    def label_of(*args, **kwargs):  # a page's event is charged to its kind of page
        return f"{label} {current[0]}" if current[0] else label
    return register(self, event_name, timed(label_of, method), plugin_name)
PluginCollection._register_event = timed_register

def on_gc(phase, info):
    if phase == "start":
        enter(f"gc {info['generation']}")
    elif stack and stack[-1][0].startswith("gc "):
        leave()
gc.callbacks.append(on_gc)

start = clock()
config = load_config("mkdocs.yml", site_dir=sys.argv[1])
b.build(config)
gc.callbacks.remove(on_gc)
total = clock() - start
spent["mkdocs"] += total - sum(spent.values())
print(json.dumps({"total": total, "spent": spent, "counts": counts}))
"""


@dataclass(frozen=True)
class Run:
    """One build's CPU seconds, in all and by phase, and how often each phase ran."""

    total: float
    spent: dict[str, float]
    counts: dict[str, int]


def measure(project: Path, site: Path, code: Path | None = None) -> Run:
    """One build of `project` into `site`, timed phase by phase in a child process (with the
    package from the checkout `code`, if given)."""
    output = child.run(CHILD, project, str(site), code=code)
    data = json.loads(output.strip().splitlines()[-1])
    return Run(float(data["total"]), dict(data["spent"]), dict(data["counts"]))


SAME = "read article"
"""Markdown, exclusive of every plugin's handlers: the same work in every project, which no
plugin here changes, so its ratio between two builds is the machine's drift between them."""


def is_own(label: str, base: Run) -> bool:
    """A phase that exists only because of the plugin a project adds to the base: its
    handlers (no phase of the base has them), and anything on tagindex's pages."""
    return label not in base.spent or label.endswith(" generated")


def table(names: Sequence[str], runs: Sequence[Run], top: int) -> str:
    """Seconds per phase for every project and each one's difference from the first, biggest
    differences first; then what tagindex's own phases add, and the drift between builds."""
    base = runs[0]
    labels = sorted({label for run in runs for label in run.spent})

    def delta(label: str) -> float:
        return max(abs(run.spent.get(label, 0.0) - base.spent.get(label, 0.0)) for run in runs)

    diffs = " | ".join(f"Δ {n}" for n in names[1:])
    lines = [
        f"| phase | {' | '.join(names)} | {diffs} | calls |",
        "|---" + "|---:" * (2 * len(names)) + "|",
    ]
    for label in sorted(labels, key=delta, reverse=True)[:top]:
        values = [run.spent.get(label, 0.0) for run in runs]
        cells = " | ".join(f"{v:.2f}" for v in values)
        more = " | ".join(f"{v - values[0]:+.2f}" for v in values[1:])
        calls = " / ".join(f"{run.counts.get(label, 0):,}" for run in runs)
        lines.append(f"| {label} | {cells} | {more} | {calls} |")
    cells = " | ".join(f"{run.total:.2f}" for run in runs)
    more = " | ".join(
        f"{run.total - base.total:+.2f} ({run.total / base.total - 1:+.1%})" for run in runs[1:]
    )
    lines += [f"| **total CPU** | {cells} | {more} | |", ""]
    for name, run in zip(names[1:], runs[1:], strict=True):
        own = sum(v for label, v in run.spent.items() if is_own(label, base))
        rest = run.total - own - base.total
        lines.append(
            f"- {name}: its own phases (the added plugin's handlers, tagindex's pages) "
            f"{own:.2f} s, {own / base.total:.1%} of {names[0]}; everything else {rest:+.2f} s."
        )
        if base.spent.get(SAME) and run.spent.get(SAME):
            ratio = run.spent[SAME] / base.spent[SAME]
            lines.append(f"  `{SAME}` took {ratio:.3f}× as long as in {names[0]}: drift.")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("projects", type=Path, nargs="*", help="the first is the base")
    parser.add_argument("--from-json", type=Path, help="print the table of a saved --json")
    parser.add_argument("--top", type=int, default=30, help="phases to show")
    parser.add_argument("--json", type=Path, help="also write the raw figures here")
    parser.add_argument("--keep", action="store_true", help="keep the built sites")
    parser.add_argument(
        "--code",
        action="append",
        default=[],
        metavar="PROJECT=DIR",
        help="build PROJECT (a folder name) with mkdocs_tagindex from the checkout DIR, e.g. a "
        "worktree of another commit: both commits side by side in one run",
    )
    args = parser.parse_args(argv)
    code = {
        name: Path(folder).resolve() for name, _, folder in (c.partition("=") for c in args.code)
    }
    if args.from_json:
        saved = json.loads(args.from_json.read_text("utf-8"))
        print(table(list(saved), [Run(**run) for run in saved.values()], args.top))
        return
    if len(args.projects) < 2:
        parser.error("two projects or more, or --from-json")
    runs = []
    for project in args.projects:
        print(f"building {project} …", file=sys.stderr, flush=True)
        site = project.parent / f"site-phases-{project.name}"
        runs.append(measure(project.resolve(), site.resolve(), code.get(project.name)))
        if not args.keep:  # at N = 4,000 a site is 11 GB
            shutil.rmtree(site, ignore_errors=True)
        print(f"  {runs[-1].total:.1f} s CPU", file=sys.stderr, flush=True)
    names = [project.name for project in args.projects]
    print(table(names, runs, args.top))
    if args.json:
        figures = {name: asdict(run) for name, run in zip(names, runs, strict=True)}
        args.json.write_text(json.dumps(figures, indent=1), "utf-8")


if __name__ == "__main__":
    main()
