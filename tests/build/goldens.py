"""Goldens: what tagindex adds to the output of every fixture site (issue 23 point 4, issue 34).

Each site (the example site, the theme fixtures, every interop fixture, the seed site, and the
theme fixture again under MkDocs' own `mkdocs` and `readthedocs` themes) is copied to a
temporary folder and built with the real `mkdocs build --strict` the way the suite builds it
(tests/conftest.py; the interop fixtures in a fresh git repository, as
tests/build/test_interop.py does). Only tagindex's own output is recorded, under
`tests/goldens/<site>/`, so that a bump of Material or another plugin does not move it:

- every built HTML page that holds something of tagindex, as that page's tagindex parts only
  (`extract`): the `<title>`, the `<head>` elements tagindex adds (its stylesheets and scripts,
  the feeds' `<link rel="alternate">`, JSON-LD, Open Graph), then every outermost body element
  of ours (class `tagindex`/`tagindex-*` or a `data-tagindex*` attribute: the generated pages'
  `div.tagindex`, listings, the meta line, related articles) and the chips (`nav.md-tags`,
  our partials/tags.html), each as parsed and serialised by BeautifulSoup;
- the feeds, `tags.json` and every other JSON or XML file whole, except `sitemap.xml` and
  Material's search index (their content is MkDocs' and Material's; `files.txt` has the URLs);
- `files.txt`: every built file (minus the files copied verbatim from Material's theme and
  `sitemap.xml.gz`), the generated pages marked with their kind.

Our CSS and JS (theme_overrides/assets/tagindex/) are not stored per site: each site's copy must
be byte-identical to the package's file (`asset_problems`). Whole pages are kept only as smoke
goldens of the frame, one per theme (`WHOLE`: Material light, `mkdocs`, `readthedocs`), under
`tests/goldens/whole/`: they catch output outside tagindex's parts and are all a Material bump
should move.

Everything is stored as text, as built apart from the normalisations below, so that `git diff`
shows what a change does. A change that means to change output runs `make goldens` (this file
as a script: `python tests/build/goldens.py [site ...]`) and the diff of `tests/goldens/` is
reviewed with it. `make goldens` builds every site twice, in two different temporary folders,
and refuses to write anything unless both normalised builds are identical and no file still
carries the day of the build. tests/build/test_goldens.py builds each site once and compares.

The builds import tagindex from the checkout this file lives in (PYTHONPATH = ROOT), not from
wherever the venv's editable install points, so that a worktree tests itself.
"""

from __future__ import annotations

import argparse
import datetime
import difflib
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from email.utils import parsedate_to_datetime
from pathlib import Path

HERE = Path(__file__).resolve().parent
if str(HERE.parent) not in sys.path:  # run as a script: conftest is one folder up
    sys.path.insert(0, str(HERE.parent))
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

import material  # noqa: E402
import yaml  # noqa: E402
from bs4 import BeautifulSoup, Tag  # noqa: E402
from bs4.formatter import HTMLFormatter  # noqa: E402
from test_interop import git_init  # noqa: E402

from conftest import FIXTURES, ROOT, run_mkdocs, seed_site  # noqa: E402

GOLDENS = ROOT / "tests" / "goldens"
MATERIAL_TEMPLATES = Path(material.__file__).resolve().parent / "templates"

# The environment of every build: the checkout's own package first; the MkDocs 2 notices off,
# as test_interop.host_build has them (conftest.run_mkdocs adds NO_MKDOCS_2_WARNING=1 and keeps
# TAGINDEX_VERIFY=all, which conftest sets: every generated page is also checked both ways).
BUILD_ENV = {"PYTHONPATH": str(ROOT), "DISABLE_MKDOCS_2_WARNING": "true"}


def _copy(source: Path) -> Callable[[Path], None]:
    def prepare(dest: Path) -> None:
        # a `site/` left by an earlier `make demo-build` is output, not input
        shutil.copytree(source, dest, dirs_exist_ok=True, ignore=shutil.ignore_patterns("site"))

    return prepare


def _interop(source: Path) -> Callable[[Path], None]:
    def prepare(dest: Path) -> None:
        _copy(source)(dest)
        git_init(dest)  # as test_interop does: the git plugins need a repository

    return prepare


def _seed(dest: Path) -> None:
    seed_site(dest)


def _themed(source: Path, theme: str) -> Callable[[Path], None]:
    """The fixture under another theme, as tests/browser/conftest.py's fixture_site builds it:
    `theme` becomes `{name: theme}` (Material's palette and options dropped)."""

    def prepare(dest: Path) -> None:
        _copy(source)(dest)
        config_file = dest / "mkdocs.yml"
        config = yaml.safe_load(config_file.read_text(encoding="utf-8"))
        config["theme"] = {"name": theme}
        config_file.write_text(yaml.safe_dump(config, sort_keys=False), encoding="utf-8")

    return prepare


def _sites() -> dict[str, Callable[[Path], None]]:
    sites: dict[str, Callable[[Path], None]] = {
        "example_site": _copy(ROOT / "example_site"),
        "theme-site": _copy(FIXTURES / "theme-site"),
        "theme-ar": _copy(FIXTURES / "theme-ar"),
        "theme-site-mkdocs": _themed(FIXTURES / "theme-site", "mkdocs"),
        "theme-site-readthedocs": _themed(FIXTURES / "theme-site", "readthedocs"),
        "seed": _seed,
    }
    for folder in sorted((FIXTURES / "interop").iterdir()):
        if folder.is_dir():
            sites[f"interop/{folder.name}"] = _interop(folder)
    return sites


SITES = _sites()

# The smoke goldens: one whole page per theme, (site, page) -> tests/goldens/whole/<theme>.html.
WHOLE = {
    "material": ("example_site", "tags/grpo/index.html"),
    "mkdocs": ("theme-site-mkdocs", "tags/reinforcement-learning/index.html"),
    "readthedocs": ("theme-site-readthedocs", "tags/reinforcement-learning/index.html"),
}
WHOLE_DIR = GOLDENS / "whole"


# -- normalisation ------------------------------------------------------------------------------
# Only what legitimately differs from one build to the next is rewritten, each for its reason.
# Temporary paths are not: no output holds one (two builds in two folders would show it).

# MkDocs writes the build date (UTC, from the clock) as the <lastmod> of every sitemap entry.
SITEMAP_LASTMOD = re.compile(r"<lastmod>\d{4}-\d{2}-\d{2}</lastmod>")

# Full timestamps (to the second) that fall within the build itself can only come from the
# clock: mkdocs-rss-plugin dates its channel (pubDate, lastBuildDate) and the pages without git
# history (the generated pages) at build time, in RFC 822 (feed_rss_*.xml) and ISO 8601
# (feed_json_*.json). A timestamp outside the build's window (a git or front-matter date) stays.
RFC822 = re.compile(
    r"(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} "
    r"(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} [+-]\d{4}"
)
ISO8601 = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})")
BUILD_TIME = "<build-time>"
# MkDocs' own themes (`mkdocs`, `readthedocs`) end every page with a comment of the build's
# date and time from the clock.
BUILD_DATE_UTC = re.compile(
    r"(?<=Build Date UTC : )\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(?:\.\d+)?\+00:00"
)


class Window:
    """The span of one build, in UTC, with a margin."""

    def __init__(self, start: datetime.datetime, end: datetime.datetime) -> None:
        margin = datetime.timedelta(seconds=2)
        self.start, self.end = start - margin, end + margin

    def days(self) -> set[str]:
        return {self.start.date().isoformat(), self.end.date().isoformat()}

    def holds(self, moment: datetime.datetime) -> bool:
        if moment.tzinfo is None:  # RFC 822's "-0000" (rss' channel dates): UTC, zone unsaid
            moment = moment.replace(tzinfo=datetime.timezone.utc)
        return self.start <= moment <= self.end


def _now() -> datetime.datetime:
    return datetime.datetime.now(datetime.timezone.utc)


def _clock_stamp(window: Window, parse: Callable[[str], datetime.datetime]) -> Callable[..., str]:
    def replace(match: re.Match[str]) -> str:
        try:
            moment = parse(match.group(0))
        except ValueError:
            return match.group(0)
        return BUILD_TIME if window.holds(moment) else match.group(0)

    return replace


def _iso(text: str) -> datetime.datetime:
    return datetime.datetime.fromisoformat(text.replace("Z", "+00:00"))


def normalise(rel: str, data: bytes, window: Window) -> bytes:
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return data  # no binary output carries a date
    if rel.endswith("sitemap.xml"):
        text = SITEMAP_LASTMOD.sub("<lastmod>BUILD-DATE</lastmod>", text)
    text = BUILD_DATE_UTC.sub(BUILD_TIME, text)
    text = RFC822.sub(_clock_stamp(window, parsedate_to_datetime), text)
    text = ISO8601.sub(_clock_stamp(window, _iso), text)
    return text.encode("utf-8")


# -- building -----------------------------------------------------------------------------------


def _verbatim_from_material(rel: str, path: Path) -> bool:
    theirs = MATERIAL_TEMPLATES / rel
    return theirs.is_file() and theirs.read_bytes() == path.read_bytes()


def recorded(site_dir: Path) -> list[str]:
    """The files of a built site that the goldens hold."""
    out = []
    for path in site_dir.rglob("*"):
        if not path.is_file():
            continue
        rel = path.relative_to(site_dir).as_posix()
        if rel.endswith("sitemap.xml.gz") or _verbatim_from_material(rel, path):
            continue
        out.append(rel)
    return sorted(out)


def check_package_source(cwd: str) -> str:
    """Where a build's subprocess imports tagindex from: it must be this checkout."""
    env = {**os.environ, **BUILD_ENV}
    found = subprocess.run(
        [sys.executable, "-c", "import mkdocs_tagindex; print(mkdocs_tagindex.__file__)"],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    assert Path(found).resolve().is_relative_to(ROOT), f"tagindex comes from {found}, not {ROOT}"
    return found


def build_site(name: str, workdir: Path) -> dict[str, bytes]:
    """Build site `name` in `workdir` with `mkdocs build --strict`; its normalised output."""
    project = workdir / name.replace("/", "-")
    project.mkdir(parents=True)
    SITES[name](project)
    check_package_source(str(project))
    start = _now()
    result = run_mkdocs(project, "--strict", env=BUILD_ENV)
    window = Window(start, _now())
    assert result.returncode == 0, f"{name}: {result.stderr[-4000:]}"
    assert "Traceback" not in result.stderr, f"{name}: {result.stderr[-4000:]}"
    site_dir = project / "site"
    return {
        rel: normalise(rel, (site_dir / rel).read_bytes(), window) for rel in recorded(site_dir)
    }


def stored(name: str, folder: Path | None = None) -> dict[str, bytes]:
    """The goldens of site `name` (or the files of `folder`), as stored."""
    folder = folder or GOLDENS / name
    return {
        p.relative_to(folder).as_posix(): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


# -- what is recorded ---------------------------------------------------------------------------

ASSETS = ROOT / "theme_overrides" / "assets" / "tagindex"
ASSET_PREFIX = "assets/tagindex/"
FEED_TYPES = {"application/rss+xml", "application/atom+xml", "application/feed+json"}
# JSON and XML that are not tagindex's: MkDocs' sitemap and Material's search index.
NOT_OURS = re.compile(r"(?:^|/)(?:sitemap\.xml|search/search_index\.json)$")
GENERATED = ("tag", "index")  # data-tagindex of a generated page's div.tagindex


class _AsWritten(HTMLFormatter):
    """Serialise a part close to what the template wrote: attributes in their order, boolean
    attributes bare, void elements without "/" (BeautifulSoup's default sorts and expands them)."""

    def __init__(self) -> None:
        super().__init__(void_element_close_prefix="")

    def attributes(self, tag: Tag) -> list[tuple[str, object]]:  # type: ignore[override]
        return [(key, None if value == "" else value) for key, value in tag.attrs.items()]


AS_WRITTEN = _AsWritten()


def _words(tag: Tag, name: str) -> list[str]:
    value = tag.get(name)
    if value is None:
        return []
    return value.split() if isinstance(value, str) else [str(v) for v in value]


def _ours(tag: Tag) -> bool:
    """An element that tagindex writes: its templates' classes and hooks, its <head> additions."""
    classes = _words(tag, "class")
    if any(c == "tagindex" or c.startswith("tagindex-") for c in classes):
        return True
    if any(name.startswith("data-tagindex") for name in tag.attrs):
        return True
    if tag.name == "nav" and "md-tags" in classes:  # the chips: our partials/tags.html
        return True
    if tag.name in ("link", "script") and ASSET_PREFIX in str(tag.get("href") or tag.get("src")):
        return True
    if tag.name == "link" and "alternate" in _words(tag, "rel"):
        return tag.get("type") in FEED_TYPES
    if tag.name == "script" and tag.get("type") == "application/ld+json":
        return True
    return tag.name == "meta" and str(tag.get("property") or "").startswith("og:")


def extract(html: bytes) -> tuple[str, bytes] | None:
    """A page's tagindex parts, as text (its <title> first), and the kind of generated page it is
    ("" for a page of the author's); None when the page holds nothing of tagindex."""
    soup = BeautifulSoup(html, "html.parser")
    taken: set[int] = set()
    parts: list[Tag] = []
    for element in soup.find_all(_ours):
        if any(id(parent) in taken for parent in element.parents):
            continue  # inside a part already taken whole
        taken.add(id(element))
        parts.append(element)
    if not parts:
        return None
    kinds = [str(e.get("data-tagindex")) for e in parts if e.get("data-tagindex") in GENERATED]
    title = [soup.title.decode(formatter=AS_WRITTEN)] if soup.title else []
    text = "\n\n".join(title + [part.decode(formatter=AS_WRITTEN) for part in parts]) + "\n"
    return (kinds[0] if kinds else ""), text.encode("utf-8")


def record(output: dict[str, bytes]) -> dict[str, bytes]:
    """What the goldens hold of a site's normalised output (see the module's docstring)."""
    out: dict[str, bytes] = {}
    files: list[str] = []
    for rel, data in sorted(output.items()):
        line = rel
        if rel.endswith(".html"):
            found = extract(data)
            if found is not None:
                kind, out[rel] = found
                line += f"  [generated: {kind}]" if kind else ""
        elif rel.endswith((".json", ".xml")) and not NOT_OURS.search(rel):
            out[rel] = data
        files.append(line)
    out["files.txt"] = ("\n".join(files) + "\n").encode("utf-8")
    return out


def asset_problems(name: str, output: dict[str, bytes]) -> list[str]:
    """Our CSS and JS as the site serves them must be the package's files, byte for byte."""
    problems = []
    for rel, data in sorted(output.items()):
        if rel.startswith(ASSET_PREFIX) or f"/{ASSET_PREFIX}" in rel:
            source = ASSETS / rel.rsplit("/", 1)[1]
            if not source.is_file() or source.read_bytes() != data:
                problems.append(f"{name}: {rel} is not {source.relative_to(ROOT)} byte for byte")
    return problems


def whole_pages(name: str, output: dict[str, bytes]) -> dict[str, bytes]:
    """The smoke goldens that site `name` gives: {"<theme>.html": its whole normalised page}."""
    return {f"{theme}.html": output[rel] for theme, (site, rel) in WHOLE.items() if site == name}


# -- comparing ----------------------------------------------------------------------------------

# Minified HTML, feeds and the search index are one long line: for the diff only, lines are
# cut between tags and between JSON members, so that the diff shows where they differ.
_CUT = re.compile(r"(?<=>)(?=<)|(?<=>) (?=<)|(?<=, )(?=\")|(?<=\},)(?=\{)")


def _lines(data: bytes) -> list[str]:
    text = data.decode("utf-8", errors="replace")
    out: list[str] = []
    for line in text.splitlines():
        out.extend(_CUT.split(line) if len(line) > 200 else [line])
    return out


def short_diff(rel: str, old: bytes, new: bytes, limit: int = 40) -> str:
    diff = list(
        difflib.unified_diff(
            _lines(old), _lines(new), f"golden/{rel}", f"built/{rel}", n=2, lineterm=""
        )
    )
    if not diff:  # the same lines: a difference of line endings or a final newline
        return f"(same lines; bytes differ: {len(old)} golden, {len(new)} built)"
    more = f"\n... {len(diff) - limit} more diff lines" if len(diff) > limit else ""
    return "\n".join(diff[:limit]) + more


def compare(name: str, golden: dict[str, bytes], built: dict[str, bytes]) -> list[str]:
    """One message per difference: a file missing, a file new, a file changed (with its diff)."""
    problems = [
        f"{name}: {rel} is in the goldens but was not built" for rel in golden.keys() - built.keys()
    ]
    problems += [
        f"{name}: {rel} was built but is not in the goldens" for rel in built.keys() - golden.keys()
    ]
    for rel in sorted(golden.keys() & built.keys()):
        if golden[rel] != built[rel]:
            problems.append(f"{name}: {rel} differs\n{short_diff(rel, golden[rel], built[rel])}")
    return problems


# -- regenerating (make goldens) ----------------------------------------------------------------


def _today_left(window_days: set[str], files: dict[str, bytes]) -> list[str]:
    """Files that still hold the day of the build after normalisation: a clock date missed."""
    marks = set(window_days)
    for day in window_days:
        date = datetime.date.fromisoformat(day)
        marks.add(date.strftime("%d %b %Y"))  # RFC 822
        marks.add(f"{date.strftime('%B')} {date.day}, {date.year}")  # Babel's en "long"
        marks.add(f"{date.year}年{date.month}月{date.day}日")
    return [
        f"{rel}: {mark}" for rel, data in files.items() for mark in marks if mark.encode() in data
    ]


def regenerate(names: list[str], jobs: int = 2, prune: bool = False) -> None:
    """Build each site twice; if both agree, write their goldens (with `prune`, the goldens of
    sites that no longer exist go)."""
    with tempfile.TemporaryDirectory(prefix="tagindex-goldens-") as tmp:
        runs = [(name, run) for name in names for run in (1, 2)]
        started = _now()

        def one(task: tuple[str, int]) -> dict[str, bytes]:
            name, run = task
            return build_site(name, Path(tmp) / f"run{run}")

        with ThreadPoolExecutor(jobs) as pool:
            outputs = dict(zip(runs, pool.map(one, runs), strict=True))
        days = Window(started, _now()).days()
    problems = []
    for name in names:
        problems += [
            f"not deterministic: {p}" for p in compare(name, outputs[name, 1], outputs[name, 2])
        ]
        problems += [f"{name}: clock date left in {p}" for p in _today_left(days, outputs[name, 1])]
        problems += asset_problems(name, outputs[name, 1])
    if problems:
        sys.exit("Nothing written.\n" + "\n".join(problems))
    if prune:
        shutil.rmtree(GOLDENS, ignore_errors=True)
    total = 0
    for name in names:
        goldens = record(outputs[name, 1])
        _write(GOLDENS / name, goldens)
        pages = whole_pages(name, outputs[name, 1])
        _write(WHOLE_DIR, pages, clear=False)
        size = sum(len(d) for d in [*goldens.values(), *pages.values()])
        total += size
        print(f"{name}: {len(goldens)} files, {size:,} bytes (of {len(outputs[name, 1])} built)")
    print(f"total: {total:,} bytes written in {GOLDENS.relative_to(ROOT)}/")


def _write(folder: Path, files: dict[str, bytes], clear: bool = True) -> None:
    if clear:
        shutil.rmtree(folder, ignore_errors=True)
    for rel, data in files.items():
        (folder / rel).parent.mkdir(parents=True, exist_ok=True)
        (folder / rel).write_bytes(data)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("sites", nargs="*", help=f"default: all of {', '.join(SITES)}")
    parser.add_argument("-j", "--jobs", type=int, default=2, help="builds at a time (2)")
    args = parser.parse_args(argv)
    unknown = [s for s in args.sites if s not in SITES]
    if unknown:
        parser.error(f"unknown sites {unknown}; known: {', '.join(SITES)}")
    regenerate(args.sites or list(SITES), args.jobs, prune=not args.sites)


if __name__ == "__main__":
    main()
