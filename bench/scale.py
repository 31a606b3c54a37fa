"""Scale benchmark: generated bilingual sites of N articles, with and without tagindex.

For each N, bench/sitegen.py writes three variants of the same site (`plain`: Material +
static-i18n; `material-tags`: + Material's tags plugin and a listing page; `tagindex`: + this
plugin with audiences), then all three are built in the same run, alternating (the starting
variant rotates every round), each `mkdocs build -q` in a child process that reports its own peak
RSS. Per N: a Markdown table of median wall time, peak RSS, pages and time per article.

`--profile` adds one in-process cProfile build of the `tagindex` variant at the largest N: the
functions of mkdocs_tagindex by cumulative time, the share of the build spent inside them, and the
build's top functions overall. `--profile-plain` profiles the `plain` variant too, and sets a few
landmarks of the two builds side by side. `--runs 0` only generates the sites (and profiles).

`--site-profile longtail` builds bench/sitegen.py's long-tail sites instead (tags outnumber the
tagged pages, most of them on one or two): `--languages 2` (en + ja, N = 1,000) or `--languages 7`
(a seven-language documentation site, 165 pages per language); `--n` is then pages per language.

Output goes to stdout and to bench/results/scale-<timestamp>.md (git-ignored); progress to stderr.

Run: .venv/bin/python bench/scale.py --n 200 1000 --runs 3 --profile
     .venv/bin/python bench/scale.py --site-profile longtail --languages 7 --runs 3
"""

from __future__ import annotations

import argparse
import cProfile
import datetime as dt
import logging
import os
import platform
import pstats
import re
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

import child  # noqa: E402
import sitegen  # noqa: E402

VARIANTS = sitegen.VARIANTS
BASE = "plain"
ZIPF_LANGUAGES = ("en", "ja")

# bench/run.py's child: mkdocs run as a module, printing its own peak RSS at exit; here also its
# CPU time (user + system), which other processes on the machine disturb much less than wall time.
CHILD = """
import atexit, collections, functools, os, resource, runpy, sys, time
own = collections.Counter()
if os.environ.get("BENCH_OWN_TIME"):
    # CPU time inside tagindex's event handlers, inclusive of what they call: a profile that
    # costs nothing where cProfile would make an N = 4,000 build take hours
    from mkdocs.plugins import PluginCollection
    register = PluginCollection._register_event
    def timed_register(self, event_name, method, plugin_name=None):
        if str(getattr(method, "__module__", "")).startswith("mkdocs_tagindex"):
            inner = method
            @functools.wraps(inner)
            def method(*args, **kwargs):
                start = time.process_time()
                try:
                    return inner(*args, **kwargs)
                finally:
                    own[event_name] += time.process_time() - start
        return register(self, event_name, method, plugin_name)
    PluginCollection._register_event = timed_register
def report():
    usage = resource.getrusage(resource.RUSAGE_SELF)
    cpu = usage.ru_utime + usage.ru_stime
    for event, seconds in sorted(own.items()):
        print(f"own_time {event}={seconds:.3f}", file=sys.stderr)
    print(f"maxrss_kb={usage.ru_maxrss} cpu_s={cpu:.3f}", file=sys.stderr)
atexit.register(report)
sys.argv = ["mkdocs", *sys.argv[1:]]
runpy.run_module("mkdocs", run_name="__main__")
"""


class Report:
    """Lines printed as they come and kept for the results file."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.lines: list[str] = []

    def __call__(self, text: str = "") -> None:
        print(text, flush=True)
        self.lines.append(text)

    def save(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.path.write_text("\n".join(self.lines) + "\n", "utf-8")


def progress(text: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {text}", file=sys.stderr, flush=True)


@dataclass
class Runs:
    """Every build of one variant at one N."""

    walls: list[float] = field(default_factory=list)
    cpus: list[float] = field(default_factory=list)
    rss_mb: list[float] = field(default_factory=list)
    pages: tuple[int, int] = (0, 0)
    search_bytes: int = 0
    """Size of the built site's search_index.json files (static-i18n merges every language's
    entries into the default language's)."""
    own: list[dict[str, float]] = field(default_factory=list)
    """With --own-time: CPU seconds inside tagindex's handlers, by event, for each build."""

    @property
    def wall(self) -> float:
        return statistics.median(self.walls)

    @property
    def best_wall(self) -> float:
        """The least wall time of the rounds."""
        return min(self.walls)

    @property
    def cpu(self) -> float:
        return statistics.median(self.cpus)

    @property
    def best_cpu(self) -> float:
        """The least CPU time of the rounds: what the build needs when nothing disturbs it."""
        return min(self.cpus)

    @property
    def rss(self) -> float:
        return statistics.median(self.rss_mb)


def build_once(
    project: Path, site: Path, own: dict[str, float] | None = None
) -> tuple[float, float, float]:
    """Wall seconds, CPU seconds and peak RSS (MB) of one `mkdocs build -q` of `project` into
    `site`; CPU and RSS are measured inside the child. With `own`, the child also times
    tagindex's event handlers and `own` receives their CPU seconds by event."""
    start = time.perf_counter()
    extra = {"BENCH_OWN_TIME": "1"} if own is not None else {}
    result = subprocess.run(
        [sys.executable, "-c", CHILD, "build", "-q", "-d", str(site)],
        cwd=project,
        capture_output=True,
        text=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1", **extra},
        check=False,
    )
    wall = time.perf_counter() - start
    if result.returncode != 0:
        raise RuntimeError(f"mkdocs build failed in {project}:\n{result.stderr[-4000:]}")
    found = re.search(r"maxrss_kb=(\d+) cpu_s=([\d.]+)", result.stderr)
    if found is None:
        raise RuntimeError(f"no maxrss from the child in {project}:\n{result.stderr[-2000:]}")
    if own is not None:
        for event, seconds in re.findall(r"own_time (\w+)=([\d.]+)", result.stderr):
            own[event] = float(seconds)
    return wall, float(found.group(2)), int(found.group(1)) / 1024


def count_pages(site: Path) -> tuple[int, int]:
    """HTML pages in the site, and those under tags/ and each other language's <language>/tags/."""
    pages = sum(1 for _ in site.rglob("*.html"))
    dirs = [site / "tags", *site.glob("*/tags")]
    tagged = sum(1 for d in dirs if d.is_dir() for _ in d.rglob("*.html"))
    return pages, tagged


def search_bytes(site: Path) -> int:
    """Bytes of every search_index.json in the site."""
    return sum(path.stat().st_size for path in site.rglob("search_index.json"))


def folder_name(
    n: int, profile: str = "zipf", languages: int = 2, search_merge: bool = True
) -> str:
    """The folder of one site size under bench/sites/: `n1000`, `longtail7-n165`."""
    name = f"n{n}" if profile == "zipf" else f"{profile}{languages}-n{n}"
    return name if search_merge else f"{name}-nomerge"


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    cpuinfo = Path("/proc/cpuinfo")
    if cpuinfo.exists():
        found = re.search(r"^model name\s*:\s*(.+)$", cpuinfo.read_text(), re.M)
        if found:
            cpu = found.group(1).strip()
    return f"{os.cpu_count()} cores ({cpu}), {platform.system()} {platform.release()}"


def versions() -> str:
    names = ("mkdocs", "mkdocs-material", "mkdocs-static-i18n", "mkdocs-tagindex")
    found = []
    for name in names:
        try:
            found.append(f"{name} {metadata.version(name)}")
        except metadata.PackageNotFoundError:
            found.append(f"{name} (not installed)")
    return f"Python {platform.python_version()}, " + ", ".join(found)


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"{one:.2f} / {five:.2f} / {fifteen:.2f}"


def scale_n(
    report: Report,
    n: int,
    runs: int,
    seed: int,
    sites: Path,
    *,
    search_merge: bool = True,
    variants: Sequence[str] = VARIANTS,
    own_time: bool = False,
    profile: str = "zipf",
    languages: int = 2,
) -> tuple[dict[str, Path], dict[str, Runs]]:
    """Generate, build alternating, and report one N (pages per language) of a profile: the
    projects and builds by variant."""
    chosen = [v for v in VARIANTS if v in variants]
    folder = folder_name(n, profile, languages, search_merge)
    projects = {v: sites / folder / v for v in chosen}
    start = time.perf_counter()
    summary = None
    for variant, project in projects.items():
        summary = sitegen.generate(
            project,
            n,
            seed=seed,
            variant=variant,
            search_merge=search_merge,
            profile=profile,
            languages=languages,
        )
    generated = time.perf_counter() - start
    langs = summary.languages if summary is not None else ZIPF_LANGUAGES
    label = folder if profile != "zipf" else f"N={n}"
    progress(f"{label}: generated {len(chosen)} variants in {generated:.1f} s")
    if runs < 1:
        return projects, {}

    results = {v: Runs() for v in chosen}
    # One output folder for every variant: each build replaces the last, so only one built site
    # (about 0.6 GB at N = 1,000 with Material's full navigation on every page) is on disk.
    site = sites / folder / "site"
    load_before = load()
    for round_ in range(runs):
        shift = round_ % len(chosen)  # rotate who goes first, so order effects spread out
        for variant in chosen[shift:] + chosen[:shift]:
            own = {} if own_time and variant == "tagindex" else None
            wall, cpu, rss = build_once(projects[variant], site, own)
            if own is not None:
                results[variant].own.append(own)
            results[variant].walls.append(wall)
            results[variant].cpus.append(cpu)
            results[variant].rss_mb.append(rss)
            results[variant].pages = count_pages(site)
            results[variant].search_bytes = search_bytes(site)
            progress(
                f"{label} round {round_ + 1}/{runs}: {variant} {wall:.1f} s wall, "
                f"{cpu:.1f} s CPU, {rss:.0f} MB"
            )
    load_after = load()
    shutil.rmtree(site, ignore_errors=True)

    base = results[BASE]
    merge_note = "" if search_merge else ", static-i18n `reconfigure_search: false`"
    if summary is None:
        report(f"## N = {n:,} articles ({2 * n:,} Markdown pages: English + Japanese{merge_note})")
        tags = f"{max(10, n // 10)} tags"
    else:
        report(
            f"## Long tail, {len(langs)} languages ({', '.join(langs)}): {n:,} pages per "
            f"language ({summary.pages:,} Markdown pages{merge_note})"
        )
        tags = (
            f"{summary.tagged:,} tagged pages per language; {summary.tags:,} tags in every "
            f"language ({summary.once:,} on one page, {summary.twice:,} on two, the most used "
            f"on {summary.most})"
        )
    report()
    report(
        f"{runs} builds per variant, alternating; {tags}; seed {seed}; "
        f"the {len(chosen)} sites generated in {generated:.1f} s; "
        f"load average (1/5/15 min) {load_before} before, {load_after} after."
    )
    report()
    report(
        "| variant | median wall (s) | runs (s) | best wall (s) | best wall ÷ plain "
        "| best CPU (s) | CPU ÷ plain | peak RSS (MB, median) | RSS ÷ plain | HTML pages "
        "| under tags/ | search_index.json (kB) | per article (ms) |"
    )
    report("|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for variant in chosen:
        r = results[variant]
        pages, tag_pages = r.pages
        runs_text = ", ".join(f"{w:.1f}" for w in r.walls)
        report(
            f"| {variant} | {r.wall:.1f} | {runs_text} | {r.best_wall:.1f} "
            f"| {r.best_wall / base.best_wall:.3f} "
            f"| {r.best_cpu:.1f} | {r.best_cpu / base.best_cpu:.3f} "
            f"| {r.rss:.0f} | {r.rss / base.rss:.3f} | {pages:,} | {tag_pages:,} "
            f"| {r.search_bytes / 1000:,.0f} | {r.wall / n * 1000:.1f} |"
        )
    report()
    report(
        "`under tags/` (and each other language's `tags/`) is what tagindex generated for "
        "`tagindex`; for `material-tags` it is the authored listing pages (`tags.md`, "
        "`tags.ja.md`, …). `search_index.json` sums every such file in the site. "
        f"`per article` is median wall ÷ N (each article is {len(langs)} pages, one per "
        "language). "
        "CPU is the child's user + system time, the least of the rounds: on a shared machine it "
        "moves much less than wall."
    )
    report()
    own_builds = results["tagindex"].own if "tagindex" in results else []
    if own_builds:
        best = min(range(len(own_builds)), key=lambda i: results["tagindex"].cpus[i])
        own = own_builds[best]
        cpu = results["tagindex"].cpus[best]
        report(
            f"CPU time inside tagindex's event handlers (inclusive of what they call: its Jinja "
            f"renders, the fast path's check), in the tagindex build with the least CPU "
            f"({cpu:.1f} s):"
        )
        report()
        report("| event | CPU (s) | share of the build |")
        report("|---|---:|---:|")
        for event, seconds in sorted(own.items(), key=lambda item: -item[1]):
            report(f"| {event} | {seconds:.2f} | {seconds / cpu:.2%} |")
        total = sum(own.values())
        report(f"| all | {total:.2f} | {total / cpu:.2%} |")
        report()
    report.save()
    return projects, results


PAGE_COSTS = """
import json, sys, time
from mkdocs.commands import build as b
from mkdocs.config import load_config
spent = {"article": [0.0, 0], "generated": [0.0, 0]}
populate, write = b._populate_page, b._build_page
def kind(page):
    return "generated" if page.file.generated_by == "tagindex" else "article"
def timed(inner):
    def run(page, *args, **kwargs):
        start = time.perf_counter()
        inner(page, *args, **kwargs)
        spent[kind(page)][0] += time.perf_counter() - start
        if inner is write:
            spent[kind(page)][1] += 1
    return run
b._populate_page, b._build_page = timed(populate), timed(write)
config = load_config("mkdocs.yml", site_dir=sys.argv[1])
b.build(config)
print(json.dumps(spent))
"""


def page_costs(report: Report, project: Path, site: Path) -> None:
    """One build of `project` in a child process that times MkDocs' two steps of every page
    (reading: Markdown and the page events; writing: context and template), by kind of page."""
    import json

    output = child.run(PAGE_COSTS, project, str(site), what="page-cost build")
    spent = json.loads(output.strip().splitlines()[-1])
    shutil.rmtree(site, ignore_errors=True)
    article = spent["article"][0] / max(1, spent["article"][1])
    generated = spent["generated"][0] / max(1, spent["generated"][1])
    report("Cost of one page, read and written (an in-process build of `tagindex`):")
    report()
    report("| page | pages | ms per page |")
    report("|---|---:|---:|")
    report(f"| article | {spent['article'][1]:,} | {article * 1000:.2f} |")
    report(f"| generated by tagindex | {spent['generated'][1]:,} | {generated * 1000:.2f} |")
    report()
    report(f"A generated page costs {generated / article:.1%} of an article page.")
    report()
    report.save()


def where(path: str) -> str:
    """A short, stable name for a profiled function's file."""
    path = path.replace("\\", "/")
    for marker in ("/site-packages/", f"{ROOT.as_posix()}/"):
        if marker in path:
            return path.split(marker, 1)[1]
    return path


Key = tuple[str, int, str]

# Where a bilingual Material build spends its time, for scale: (label, file suffix, function).
BUILD_PY = "mkdocs/commands/build.py"
SEARCH_PY = "material/plugins/search/plugin.py"
LANDMARKS = (
    ("MkDocs: Markdown of every page (`_populate_page`)", BUILD_PY, "_populate_page"),
    ("MkDocs: theme templates of every page (`_build_page`)", BUILD_PY, "_build_page"),
    ("Material search: page sections (`on_page_context`)", SEARCH_PY, "on_page_context"),
    ("Material search: writing the index (`on_post_build`)", SEARCH_PY, "on_post_build"),
    (
        "static-i18n: search index merge (`reconfigure_search_duplicates`)",
        "mkdocs_static_i18n/reconfigure.py",
        "reconfigure_search_duplicates",
    ),
)


Row = tuple[int, int, float, float, dict[Key, tuple[int, int, float, float]]]


@dataclass
class Profiled:
    """One build under cProfile: pstats rows, total profiled time, wall time, pages."""

    rows: dict[Key, Row]
    total: float
    wall: float
    pages: int
    generated: int

    def landmark(self, suffix: str, func: str) -> tuple[int, float]:
        """Calls and inclusive time of the functions named `func` in files ending in `suffix`."""
        found = [v for k, v in self.rows.items() if k[0].endswith(suffix) and k[2] == func]
        return sum(v[1] for v in found), sum(v[3] for v in found)


def run_profiled(project: Path, n: int, variant: str, dump: Path) -> Profiled:
    """One in-process `mkdocs build` of `project` under cProfile; raw stats saved to `dump`."""
    os.environ["NO_MKDOCS_2_WARNING"] = "1"
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    logging.getLogger("mkdocs").setLevel(logging.ERROR)  # as `-q`
    progress(f"N={n}: profiling one {variant} build (cProfile, in-process)")
    cwd = Path.cwd()
    site = project.parent / "site"
    os.chdir(project)
    profiler = cProfile.Profile()
    try:
        start = time.perf_counter()
        config = load_config(str(project / "mkdocs.yml"), site_dir=str(site))
        config.plugins.on_startup(command="build", dirty=False)
        profiler.enable()
        try:
            build(config)
        finally:
            profiler.disable()
            config.plugins.on_shutdown()
        wall = time.perf_counter() - start
        pages, generated = count_pages(site)
    finally:
        os.chdir(cwd)
        shutil.rmtree(site, ignore_errors=True)
    progress(f"N={n}: profiled {variant} build {wall:.1f} s")
    dump.parent.mkdir(parents=True, exist_ok=True)
    profiler.dump_stats(dump)
    stats = pstats.Stats(profiler)
    rows: dict[Key, Row] = stats.stats  # type: ignore[attr-defined]
    total: float = stats.total_tt  # type: ignore[attr-defined]
    return Profiled(rows, total, wall, pages, generated)


def profile(
    report: Report, tagindex: Profiled, plain: Profiled | None, n: int, median_wall: float | None
) -> None:
    """What mkdocs_tagindex costs in a profiled build, beside a profiled plain build if any."""
    rows, total, wall = tagindex.rows, tagindex.total, tagindex.wall
    pages, generated = tagindex.pages, tagindex.generated

    def is_module(key: Key) -> bool:
        return "/mkdocs_tagindex/" in key[0].replace("\\", "/")

    def is_template(key: Key) -> bool:
        return "/theme_overrides/" in key[0].replace("\\", "/")

    def name(key: Key) -> str:
        file, line, func = key
        return f"`{func}` ({where(file)}:{line})" if line else f"`{func}`"

    ours = {k: v for k, v in rows.items() if is_module(k)}
    templates = {k: v for k, v in rows.items() if is_template(k)}
    ours_tt = sum(v[2] for v in ours.values())
    templates_tt = sum(v[2] for v in templates.values())
    # Inclusive time of the plugin's event handlers, as MkDocs calls them (never nested in one
    # another): everything they do, the jinja renders they start included.
    events: dict[Key, float] = {}
    for key, (_cc, _nc, _tt, _ct, callers) in ours.items():
        from_mkdocs = sum(
            c[3] for caller, c in callers.items() if caller[0].endswith("mkdocs/plugins.py")
        )
        if from_mkdocs:
            events[key] = from_mkdocs
    events_ct = sum(events.values())

    build_calls, build_ct = tagindex.landmark(BUILD_PY, "_build_page")
    per_page = build_ct / build_calls if build_calls else 0.0

    report(f"## Profile: `tagindex` variant, N = {n:,} (one build under cProfile)")
    if plain is not None:
        report()
        report(
            f"The `plain` variant was profiled the same way for comparison: {plain.total:.1f} s "
            f"of profiled time, {plain.wall:.1f} s wall, {plain.pages:,} HTML pages. Call counts "
            "are exact; the difference in seconds between two single builds is as noisy as the "
            "machine."
        )
    report()
    median = f"; the median unprofiled build above: {median_wall:.1f} s" if median_wall else ""
    report(
        f"Profiled build: {total:.1f} s of profiled time, {wall:.1f} s wall{median}. cProfile "
        "slows call-heavy Python code more than the rest, so the shares are indicative."
    )
    report()
    report(
        f"- Time inside mkdocs_tagindex functions (sum of tottime): **{ours_tt:.2f} s, "
        f"{ours_tt / total:.2%} of the build**."
    )
    report(
        f"- Plus its Jinja templates (theme_overrides/, tottime): {templates_tt:.2f} s, "
        f"{templates_tt / total:.2%}; together {(ours_tt + templates_tt) / total:.2%}."
    )
    report(
        f"- Its plugin event handlers, inclusive of everything they call: {events_ct:.2f} s, "
        f"{events_ct / total:.2%}. MkDocs rendering the generated pages through the theme is "
        "counted in MkDocs, not here; the wall-time ratio in the table above includes it."
    )
    report(
        f"- It generates {generated:,} of the {pages:,} HTML pages ({generated / pages:.1%}). "
        "MkDocs writes them (`_build_page`) like any page, but most of their frame is shared "
        "(the fast path), so they cost much less than the build's mean of "
        f"{per_page * 1000:.0f} ms per page; cProfile cannot split one function's time by "
        "page: `--page-costs` measures it."
    )
    report()
    report("Where the build goes (inclusive time of a few landmarks):")
    report()
    if plain is None:
        report("| landmark | calls | cumulative (s) | share of build |")
        report("|---|---:|---:|---:|")
        for label, suffix, func in LANDMARKS:
            calls, cum = tagindex.landmark(suffix, func)
            report(f"| {label} | {calls:,} | {cum:.1f} | {cum / total:.1%} |")
    else:
        report(
            "| landmark | plain: calls | plain (s) | tagindex: calls | tagindex (s) "
            "| tagindex − plain (s) |"
        )
        report("|---|---:|---:|---:|---:|---:|")
        for label, suffix, func in LANDMARKS:
            calls, cum = tagindex.landmark(suffix, func)
            plain_calls, plain_cum = plain.landmark(suffix, func)
            report(
                f"| {label} | {plain_calls:,} | {plain_cum:.1f} | {calls:,} | {cum:.1f} "
                f"| {cum - plain_cum:+.1f} |"
            )
        report(
            f"| whole profiled build | | {plain.total:.1f} | | {total:.1f} "
            f"| {total - plain.total:+.1f} |"
        )
    report()
    report("Event handlers (inclusive, as called by MkDocs):")
    report()
    report("| handler | calls | cumulative (s) | share of build |")
    report("|---|---:|---:|---:|")
    for key, cum in sorted(events.items(), key=lambda kv: -kv[1]):
        report(f"| {name(key)} | {ours[key][1]:,} | {cum:.3f} | {cum / total:.2%} |")
    report()
    report("Top 25 mkdocs_tagindex functions by cumulative time:")
    report()
    report("| function | calls | tottime (s) | cumulative (s) | cumulative share |")
    report("|---|---:|---:|---:|---:|")
    for key, (_cc, nc, tt, ct, _callers) in sorted(ours.items(), key=lambda kv: -kv[1][3])[:25]:
        report(f"| {name(key)} | {nc:,} | {tt:.3f} | {ct:.3f} | {ct / total:.2%} |")
    report()
    if templates:
        report("Its templates by tottime:")
        report()
        report("| template function | calls (generator resumes) | tottime (s) |")
        report("|---|---:|---:|")
        by_tt = sorted(templates.items(), key=lambda kv: -kv[1][2])[:10]
        for key, (_cc, nc, tt, _ct, _callers) in by_tt:
            report(f"| {name(key)} | {nc:,} | {tt:.3f} |")
        report()
    report("Top 15 functions of the whole build by tottime:")
    report()
    report("| function | calls | tottime (s) | share | cumulative (s) |")
    report("|---|---:|---:|---:|---:|")
    for key, (_cc, nc, tt, ct, _callers) in sorted(rows.items(), key=lambda kv: -kv[1][2])[:15]:
        report(f"| {name(key)} | {nc:,} | {tt:.3f} | {tt / total:.2%} | {ct:.3f} |")
    report()
    report.save()


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--n",
        type=int,
        nargs="+",
        help="site sizes (4000: slow tier); default 200 1000, longtail: the shape's",
    )
    parser.add_argument(
        "--site-profile",
        choices=sitegen.PROFILES,
        default="zipf",
        help="zipf: 1–5 tags of N/10 (default); longtail: more tags than tagged pages",
    )
    parser.add_argument(
        "--languages",
        type=int,
        choices=sorted(sitegen.LONGTAIL),
        default=2,
        help="longtail: en + ja (2) or the seven-language documentation site (7)",
    )
    parser.add_argument(
        "--runs", type=int, default=3, help="builds per variant and N (0: generate only)"
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--profile", action="store_true", help="profile tagindex at the max N")
    parser.add_argument(
        "--profile-plain", action="store_true", help="with --profile: profile plain too, to compare"
    )
    parser.add_argument(
        "--no-search-merge",
        action="store_true",
        help="static-i18n's reconfigure_search: false (its merge is quadratic: 25 min at 4,000)",
    )
    parser.add_argument(
        "--page-costs", action="store_true", help="time article and generated pages at each N"
    )
    parser.add_argument(
        "--variants", nargs="+", choices=VARIANTS, default=list(VARIANTS), help="variants to build"
    )
    parser.add_argument(
        "--own-time",
        action="store_true",
        help="time tagindex's event handlers in its builds (cheap, unlike --profile)",
    )
    parser.add_argument("--sites", type=Path, default=HERE / "sites", help="generated sites")
    parser.add_argument("--results", type=Path, default=HERE / "results")
    args = parser.parse_args(argv)
    if not {BASE, "tagindex"} <= set(args.variants):
        parser.error("--variants: plain (what the others are measured against) and tagindex")

    stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    report = Report(args.results / f"scale-{stamp}.md")
    if args.n is None:
        longtail = args.site_profile == "longtail"
        args.n = [sitegen.LONGTAIL[args.languages].n] if longtail else [200, 1000]
    sizes = sorted(set(args.n))
    report(f"# Scale benchmark, {dt.datetime.now().isoformat(timespec='seconds')}")
    report()
    report(f"- Machine: {machine()}")
    report(f"- {versions()}")
    report(
        f"- Sizes {', '.join(f'{n:,}' for n in sizes)}; {args.runs} builds per variant; "
        "`mkdocs build -q` in a child process each, `NO_MKDOCS_2_WARNING=1`"
    )
    report()
    projects: dict[str, Path] = {}
    results: dict[str, Runs] = {}
    for n in sizes:
        projects, results = scale_n(
            report,
            n,
            args.runs,
            args.seed,
            args.sites,
            search_merge=not args.no_search_merge,
            variants=args.variants,
            own_time=args.own_time,
            profile=args.site_profile,
            languages=args.languages,
        )
        if args.page_costs:
            page_costs(report, projects["tagindex"], projects["tagindex"].parent / "site")
    if args.profile:
        largest = sizes[-1]
        dumps = {v: report.path.with_name(f"{report.path.stem}-{v}.prof") for v in VARIANTS}
        plain = None
        if args.profile_plain:
            plain = run_profiled(projects["plain"], largest, "plain", dumps["plain"])
        tagindex = run_profiled(projects["tagindex"], largest, "tagindex", dumps["tagindex"])
        median = results["tagindex"].wall if results else None
        profile(report, tagindex, plain, largest, median)
        saved = ", ".join(str(dumps[v]) for v in ("plain", "tagindex") if dumps[v].exists())
        report(f"Raw profiles (open with `python -m pstats`): {saved}")
        report.save()
    progress(f"written to {report.path}")


if __name__ == "__main__":
    main()
