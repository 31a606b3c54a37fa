"""What the last `tagindex build` saw, kept beside the Markdown cache (`.cache/tagindex/`),
so that a build whose inputs did not change does nothing, and one whose changes cannot touch
what tagindex publishes does nothing either.

The published files are a function of: the config files (and the environment variables their
`!ENV` tags read), the options passed on the command line, the package (its code and templates),
the Markdown tools, the theme's `custom_dir`, the tags file, the meta files, and each page's
front matter and (for a page with tags) the facts of its rendered Markdown: first heading, read
time, summary. Nothing else of a page's body reaches a tag page, a feed or `tags.json`.

So a run first compares, without importing the engine, Jinja or Markdown:

1. the settings' hash and the stat (mtime, size) of every input and every written file: all
   equal, nothing to do;
2. else, for the pages whose stat changed: the same bytes (touched), or the same front matter and,
   for a page with tags, the same facts (its Markdown rendered again, alone): nothing to do;
3. else the whole build runs (with its caches), and the state is written again.

A page added or removed, a meta file or the config changed, or a written file changed or gone:
the whole build.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import sys
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from importlib.util import find_spec
from pathlib import Path
from typing import Any

from ... import __version__
from .snapshot import Snapshot

STATE_VERSION = 5
NAME = "state.pickle"
TABLES = ("files", "facts", "outputs", "about")
FRONT = re.compile(r"\A-{3}[ \t]*\r?\n(.*?\r?\n)?(?:\.{3}|-{3})[ \t]*(?:\r?\n|\Z)", re.S)
"""Front matter, as the core and `markup.BODY` find it."""
INHERIT = re.compile(r"^INHERIT:\s*['\"]?([^'\"#\n]+?)['\"]?\s*(?:#.*)?$", re.M)
ENV = re.compile(r"!ENV\s*\[?\s*([^\]\n#]+)")
TOOLS = ("zensical", "zensical_i18n", "markdown", "pymdownx", "pygments")
"""Packages whose version changes the rendered Markdown (their folders' stamps are hashed)."""

Stamp = tuple[int, int]


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:32]


def text_hash(text: str) -> str:
    """Hash of a page's text as the build reads it (UTF-8, a BOM dropped)."""
    return sha(text.encode("utf-8", "surrogatepass"))


def front_of(text: str) -> str:
    """Hash of a page's front matter block (the text between its `---` lines)."""
    found = FRONT.match(text)
    return sha((found.group(0) if found else "").encode("utf-8", "surrogatepass"))


def _stamp(path: str) -> Stamp | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_mtime_ns, st.st_size)


def tree_stamps(root: str) -> list[tuple[str, int, int]]:
    """(path relative to `root`, mtime, size) of every file under `root`, sorted (empty if it
    is not there)."""
    out = []
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(files):
            found = _stamp(os.path.join(folder, name))
            if found is not None:
                out.append((os.path.relpath(os.path.join(folder, name), root), *found))
    return out


@lru_cache(maxsize=1)
def _installed() -> str:
    """The hash of the package (code, templates) and the Markdown tools' versions, once per
    process: a build asks for the settings' hash up to three times (state, memo, cards)."""
    package = Path(__file__).resolve().parent.parent.parent
    parts = [_tools()]
    for root in (str(package), str(package.parent / "theme_overrides")):
        parts.append(tree_stamps(root) if os.path.isdir(root) else [root, _stamp(root)])
    return sha(json.dumps(parts, sort_keys=True, default=str).encode())


def _tools() -> list[Any]:
    out: list[Any] = [sys.version]
    for name in TOOLS:
        spec = find_spec(name)
        origin = spec.origin if spec is not None else None
        out.append([name, _stamp(os.path.dirname(origin)) if origin else None])
    return out


def config_files(config: Path) -> list[str]:
    """The config file and the files it inherits from (`INHERIT`), relative to the config's
    folder (the project's root: a copied or moved project keeps its keys)."""
    root = config.parent
    found = [config.name]
    path = config
    while len(found) < 10:
        try:
            match = INHERIT.search(path.read_text("utf-8"))
        except OSError:
            break
        if not match:
            break
        path = (path.parent / match.group(1).strip()).resolve()
        found.append(os.path.relpath(path, root))
    return found


def settings_key(
    root: Path, configs: Iterable[str], extra: Iterable[str], options: Mapping[str, Any]
) -> str:
    """Hash of everything site-wide: config texts, their `!ENV` values, the command's options,
    the package (code, templates), the Markdown tools, and the trees in `extra` (custom_dir,
    the tags file). Paths are relative to the project's `root`, so that a copy of the project
    (`cp -a`) has the same settings as its original."""
    parts: list[Any] = [STATE_VERSION, __version__, dict(options), _installed()]
    for config in configs:
        try:
            text = (root / config).read_text("utf-8")
        except OSError:
            text = ""
        names = {n.strip() for found in ENV.findall(text) for n in found.split(",")}
        parts.append([config, sha(text.encode()), sorted((n, os.environ.get(n)) for n in names)])
    for rel in extra:
        path = str(root / rel)
        parts.append([rel, tree_stamps(path) if os.path.isdir(path) else _stamp(path)])
    return sha(json.dumps(parts, sort_keys=True, default=str).encode())


def scan(docs_dir: str, ours: Collection[str], meta_name: str | None) -> dict[str, Stamp]:
    """Stat of every page and meta file under `docs_dir` but the files tagindex wrote (`ours`,
    paths under `docs_dir`), as `sources.all_files` chooses them."""
    found: dict[str, Stamp] = {}
    for folder, _dirs, files in os.walk(docs_dir):
        rel = os.path.relpath(folder, docs_dir).replace(os.sep, "/")
        hidden = rel != "." and any(p.startswith(".") for p in rel.split("/"))
        for name in files:
            if name == meta_name or (name.endswith(".md") and not hidden and name[0] != "."):
                path = name if rel == "." else f"{rel}/{name}"
                if path in ours:
                    continue
                stamp = _stamp(os.path.join(folder, name))
                if stamp is not None:
                    found[path] = stamp
    return found


@dataclass
class State:
    """What the last whole build saw; `path` is its file."""

    path: Path
    settings: str = ""
    site: dict[str, Any] = field(default_factory=dict)
    """From the config, for step 1: docs_dir, roots, meta_name, configs, extra, facts."""
    files: dict[str, list[Any]] = field(default_factory=dict)
    """Input path → [mtime, size, hash of bytes, hash of front matter]."""
    facts: dict[str, list[list[Any]]] = field(default_factory=dict)
    """Page with tags → [language, text language, heading, minutes, summary] per build."""
    outputs: dict[str, list[int]] = field(default_factory=dict)
    """Written path (under docs_dir) → [mtime, size]."""
    scanned: dict[str, Stamp] | None = None
    """The inputs' stats as this run first took them (not saved): a build reuses them."""

    snapshot: Snapshot | None = field(default=None, repr=False, compare=False)

    @property
    def root(self) -> Path:
        """The project's folder (the cache is its `.cache/tagindex/`)."""
        return self.path.parent.parent.parent

    @property
    def docs_dir(self) -> str:
        """`docs_dir` as the last build had it, relative to the project: this copy's."""
        return str(self.root / self.site["docs_dir"])

    @classmethod
    def load(cls, path: Path) -> State:
        """The state in `path` (`site.cache_file(config, NAME)`: one per config file)."""
        snapshot = Snapshot(path, STATE_VERSION, TABLES)
        tables = snapshot.load()
        about = tables["about"]
        state = cls(path, about.get("settings", ""), about.get("site", {}), snapshot=snapshot)
        state.files, state.facts = tables["files"], tables["facts"]
        state.outputs = tables["outputs"]
        return state

    def save(self) -> None:
        """Written whole, when anything changed (`snapshot.py`)."""
        if self.snapshot is None:
            self.snapshot = Snapshot(self.path, STATE_VERSION, TABLES)
        about = {"settings": self.settings, "site": self.site}
        tables = {"files": self.files, "facts": self.facts, "outputs": self.outputs}
        self.snapshot.save({**tables, "about": about})

    def settings_now(self, options: Mapping[str, Any]) -> str:
        site = self.site
        return settings_key(self.root, site.get("configs", []), site.get("extra", []), options)

    def scan(self) -> dict[str, Stamp]:
        return scan(self.docs_dir, self.outputs.keys(), self.site.get("meta_name"))

    def outputs_unchanged(self) -> bool:
        docs = self.docs_dir
        return all(_stamp(os.path.join(docs, rel)) == tuple(st) for rel, st in self.outputs.items())


def known_texts(state: State, now: Mapping[str, Stamp]) -> dict[str, str]:
    """The hash of each page's text as the state has it, for the pages whose stat (in `now`)
    is still the one it was taken at (`sources.read_sources` need not read them)."""
    return {
        rel: found[2]
        for rel, stamp in now.items()
        if (found := state.files.get(rel)) and tuple(found[:2]) == stamp and len(found) == 4
    }


FactsOf = Callable[[str, str, list[list[Any]]], bool]
"""(page path under docs_dir, its text, its facts as last recorded) → whether its facts are
still those."""


def unchanged(state: State, now: Mapping[str, Stamp], same_facts: FactsOf) -> bool | None:
    """Step 2: whether the changes since the state cannot change what tagindex publishes
    (None: a page was added or removed, or a meta file changed: build). Records new stats."""
    if set(now) != set(state.files):
        return None
    docs = state.docs_dir
    meta_name = state.site.get("meta_name")
    for rel, stamp in now.items():
        old = state.files[rel]
        if (old[0], old[1]) == stamp:
            continue
        try:
            data = Path(docs, rel).read_bytes()
        except OSError:
            return None
        if rel.rsplit("/", 1)[-1] == meta_name:
            if sha(data) != old[2]:
                return None
            state.files[rel] = [*stamp, *old[2:]]
            continue
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            return False
        if text_hash(text) == old[2]:
            state.files[rel] = [*stamp, *old[2:]]
            continue
        if front_of(text) != old[3]:
            return False
        if rel in state.facts and not same_facts(rel, text, state.facts[rel]):
            return False
        state.files[rel] = [*stamp, text_hash(text), old[3]]
    return True


def recorded(entry: Sequence[Any]) -> list[Any]:
    """What the build's state keeps of a page's facts: [heading, minutes, summary], and a 1
    after them where the page tags a section or its markup was said wrong (the state's quick
    test cannot tell whether those changed, and builds again: `rebuild._same_facts`)."""
    return [*entry[:3], *([1] if entry[3] or entry[4] else [])]
