"""The config edits of `tagindex init` and their undoing by `tagindex clean`, for `mkdocs.yml` and
`zensical.toml` alike: every edit is whole lines, each marked `# tagindex init`, and is kept only
when the format's round-trip parser (ruamel.yaml, tomlkit) reads the result as the text before
with exactly init's addition and every other key at its value; an edit that is not is not made.

Lines, not the parsers' own writers: tomlkit puts a key it adds under the next table's comment,
writes LF into a CRLF file, and leaves blank lines where it removes one; ruamel.yaml re-indents
and re-quotes what it dumps. Whole marked lines give init then clean the config's exact bytes
back (CRLF included), and tell init's lines in a fresh clone, with no record anywhere else.

The marks (`clean` reads them, `take_out`):
- `… # tagindex init` ends a line init inserted; a table or key it opened (`[project.theme]`,
  `not_in_nav: |`) stays, unmarked, while the author has put lines of their own under it;
- `# tagindex init: /tags/` alone on a line, inside a `not_in_nav` block (a gitignore comment
  for MkDocs and Zensical), marks the pattern line after it;
- `… # tagindex init: was "<line>" <hash>` ends a one-line flow value init extended (`plugins:
  [search, tagindex, tags]`): its line as it was, given back while the line is as init wrote it.
"""

from __future__ import annotations

import glob
import hashlib
import json
import os
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

MARK = "# tagindex init"
TAIL = re.compile(r"[ \t]+# tagindex init$")
WAS = re.compile(r'[ \t]+# tagindex init: was ("(?:[^"\\]|\\.)*") ([0-9a-f]{8})$')
PATTERN = re.compile(r"^[ \t]*# tagindex init: (\S.*?)[ \t]*$")
TOML_HEADER = re.compile(r"^[ \t]*\[\[?[ \t]*([^\[\]#=]+?)[ \t]*\]\]?[ \t]*(?:#.*)?$")
YAML_OPENER = re.compile(r"^[ \t]*[^\s#-][^#]*:[ \t]*(?P<scalar>[|>][-+0-9]*)?[ \t]*$")


class Unreadable(Exception):
    """The config does not parse: nothing in it is edited."""


@dataclass(frozen=True)
class Want:
    """One thing init adds: the key it changes, the key's value before → after (what the edit
    must amount to), what is said when done, and the lines to add by hand when it is not."""

    key: str
    items: tuple[str, ...]
    after: Callable[[Any], Any]
    said: str
    by_hand: str


ABSENT = object()


def newline(text: str) -> str:
    first = text.split("\n", 1)[0]
    return "\r\n" if first.endswith("\r") else "\n"


def body(line: str) -> str:
    return line.rstrip("\r\n")


def indent(line: str) -> int:
    return len(line) - len(line.lstrip(" \t"))


def marked(lines: list[str]) -> list[str]:
    return [f"{line}  {MARK}" if line.strip() else line for line in lines]


def inserted(lines: list[str], at: int, new: list[str], nl: str) -> list[str]:
    """`lines` with `new` (without line ends) at `at`; at the end of a file without a final line
    end, the file keeps none (the last line before them gets one, which clean takes back)."""
    out = list(lines)
    add = [line + nl for line in new]
    if at == len(out) and out and not out[-1].endswith("\n"):
        out[-1] += nl
        add[-1] = add[-1][: -len(nl)]
    out[at:at] = add
    return out


def _sha8(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:8]


def replaced(line: str, new: str) -> str:
    """`line` (with its end) turned into `new`, with the mark that gives the line back."""
    old = body(line)
    ending = line[len(old) :]
    return f"{new}  {MARK}: was {json.dumps(old, ensure_ascii=False)} {_sha8(new)}{ending}"


def flow_added(line: str, closer: str, addition: str) -> Iterator[str]:
    """`line` with `addition` put before a `closer` (`]`, `}`) of a one-line flow value, each
    place from the right (the parse tells which one is the value's)."""
    text = body(line)
    for at in range(len(text) - 1, -1, -1):
        if text[at] != closer:
            continue
        head = text[:at].rstrip()
        sep = "" if head.endswith(("[", "{")) else (" " if head.endswith(",") else ", ")
        yield replaced(line, head + sep + addition + text[len(head) :])


def write(path: Path, data: bytes) -> None:
    """The config or a template: what a killed run left of it taken first (`sweep`), then
    `write_atomic`."""
    sweep(path)
    write_atomic(path, data)


def write_atomic(path: Path, data: bytes) -> None:
    """`data` into `path` by a temporary file renamed over it: a killed run leaves the file as
    it was or as it is meant to be, never half of it. The one way the command writes a file
    (`files/owned.py` writes its pages with it too)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with open(tmp, "wb") as handle:
            handle.write(data)
        os.replace(tmp, path)
    finally:
        if tmp.exists():
            tmp.unlink()


def sweep(path: Path) -> None:
    """The temporary files of `path` that a killed run left (their process is gone)."""
    try:
        found = list(path.parent.glob(f".{glob.escape(path.name)}.*.tmp"))
    except OSError:
        return
    for tmp in found:
        pid = tmp.name[len(path.name) + 2 : -4]
        if pid.isdigit() and int(pid) != os.getpid() and not alive(int(pid)):
            tmp.unlink(missing_ok=True)


def alive(pid: int) -> bool:
    """Whether process `pid` runs (another user's counts as running): its temporary files stay."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


def prepared(config: Path, custom_dir: Path | None) -> bool:
    """Whether `tagindex init` prepared the site, from the files alone: its mark in the config,
    or a template it placed (stamped) in `custom_dir` (the clash check's sign of a Zensical
    site, where no build has run yet)."""
    try:
        if MARK.encode() in config.read_bytes():
            return True
        if custom_dir is None:
            return False
        with open(custom_dir / "partials" / "tags.html", "rb") as handle:
            return handle.read(40).startswith(b"{#- tagindex init sha256:")
    except OSError:
        return False


# --- parsing, and the proof that an edit is what it means ---------------------------------------


def parse(kind: str, text: str) -> Any:
    """The config as plain data (mappings as dicts, tagged YAML values as (tag, value))."""
    import tomlkit
    from ruamel.yaml import YAML
    from ruamel.yaml.error import YAMLError
    from tomlkit.exceptions import TOMLKitError

    try:
        if kind == "toml":
            return tomlkit.parse(text).unwrap()

        loader = YAML(typ="rt")
        loader.allow_duplicate_keys = True
        return plain(loader.load(text))
    except (TOMLKitError, YAMLError, ValueError) as exc:
        raise Unreadable(str(exc).splitlines()[0] if str(exc) else type(exc).__name__) from None


def plain(value: Any) -> Any:
    """ruamel.yaml's round-trip data as plain values; a tag (`!ENV`, `!relative`) kept."""
    tag = getattr(getattr(value, "tag", None), "value", None)
    if isinstance(value, dict):
        out: Any = {str(k): plain(v) for k, v in value.items()}
    elif isinstance(value, list):
        out = [plain(v) for v in value]
    elif tag and hasattr(value, "value"):
        return (tag, plain(value.value))
    elif isinstance(value, str):
        return str(value)
    else:
        return value
    return (tag, out) if tag else out


def settings(kind: str, tree: Any) -> Any:
    """Where the site's keys are: `[project]` of a `zensical.toml` that has one, else the top."""
    if kind == "toml" and isinstance(tree, dict) and isinstance(tree.get("project"), dict):
        return tree["project"]
    return tree


def proven(kind: str, before: Any, text: str, want: Want) -> bool:
    """`text` parses as `before` with the key `want` changes at its intended value, and every
    other key as it was."""
    try:
        after = parse(kind, text)
    except Unreadable:
        return False
    if not isinstance(before, dict) or not isinstance(after, dict):
        return False
    old, new = settings(kind, before), settings(kind, after)
    if set(old) | {want.key} != set(new):
        return False
    if any(new[k] != v for k, v in old.items() if k != want.key):
        return False
    if old is not before and (
        set(before) != set(after) or any(after[k] != v for k, v in before.items() if k != "project")
    ):
        return False
    return bool(want.after(old.get(want.key, ABSENT)) == new[want.key])


def apply(
    kind: str,
    text: str,
    wants: list[Want],
    candidates: Callable[[list[str], Want], Iterator[list[str]]],
) -> tuple[str, list[Want]]:
    """`text` with each want added by the first candidate edit the parser proves; the wants no
    candidate made."""
    lines = text.splitlines(keepends=True)
    before = parse(kind, text)
    missed = []
    for want in wants:
        for candidate in candidates(lines, want):
            if proven(kind, before, "".join(candidate), want):
                lines = candidate
                before = parse(kind, "".join(lines))
                break
        else:
            missed.append(want)
    return "".join(lines), missed


# --- clean: init's lines taken out -------------------------------------------------------------


def _opens(kind: str, text: str) -> str | None:
    """What an init line without its mark opens: `table`, `block`, `scalar` (YAML), or None."""
    if kind == "toml":
        return "table" if TOML_HEADER.match(text) else None
    found = YAML_OPENER.match(text)
    if not found:
        return None
    return "scalar" if found.group("scalar") else "block"


def _under(kind: str, lines: list[str], at: int, opens: str) -> Iterator[int]:
    """The lines under the table or key that line `at` opens (blank lines included)."""
    top = indent(lines[at])
    for n in range(at + 1, len(lines)):
        text = body(lines[n])
        if kind == "toml":
            if TOML_HEADER.match(text):
                return
        elif text.strip() and indent(text) <= top:
            scalar = opens == "scalar"
            item = indent(text) == top and text.lstrip().startswith("- ")
            if scalar or not (item or text.lstrip().startswith("#")):
                return
        yield n


def _authors(kind: str, lines: list[str], at: int, opens: str, gone: set[int]) -> bool:
    """Whether the author has lines of their own under what init's line `at` opens."""
    for n in _under(kind, lines, at, opens):
        text = body(lines[n]).strip()
        if n in gone or not text:
            continue
        if opens == "scalar" or not text.startswith("#"):
            return True
    return False


def take_out(kind: str, text: str) -> tuple[str, int, list[str]]:
    """`text` without what init added (its marked lines; the tables and keys it opened unless the
    author wrote under them); how many lines changed; what could not be taken out."""
    lines = text.splitlines(keepends=True)
    gone: set[int] = set()
    openers: list[tuple[int, str]] = []
    back: dict[int, str] = {}
    problems: list[str] = []
    for n, line in enumerate(lines):
        text_n = body(line)
        if found := WAS.search(text_n):
            if _sha8(text_n[: found.start()]) == found.group(2):
                back[n] = json.loads(found.group(1)) + line[len(text_n) :]
            else:
                problems.append(f"{text_n.strip()!r} was changed since init extended it")
        elif found := TAIL.search(text_n):
            opens = _opens(kind, text_n[: found.start()])
            if opens:
                openers.append((n, opens))
            else:
                gone.add(n)
        elif found := PATTERN.match(text_n):
            gone.add(n)
            for m in range(n + 1, len(lines)):  # the pattern: in the same block, below it
                below = body(lines[m])
                if below.strip() == found.group(1):
                    gone.add(m)
                    break
                if below.strip() and indent(below) < indent(text_n):
                    break
    kept: dict[int, str] = {}
    for n, opens in reversed(openers):
        if _authors(kind, lines, n, opens, gone):
            text_n = body(lines[n])
            kept[n] = TAIL.sub("", text_n) + lines[n][len(text_n) :]
        else:
            gone.add(n)
    out = [back.get(n, kept.get(n, line)) for n, line in enumerate(lines) if n not in gone]
    if lines and len(lines) - 1 in gone and not lines[-1].endswith("\n") and out:
        out[-1] = body(out[-1])
    return "".join(out), len(gone) + len(back) + len(kept), problems
