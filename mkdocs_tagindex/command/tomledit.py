"""`zensical.toml` edited as text, so that its comments, order and layout stay: `tagindex init`
adds keys, array items and tables, and nothing else. (tomlkit would keep them too, but Zensical
does not install it.) Each edit is checked by parsing the result: a text this module cannot edit
safely is left alone, with the reason.
"""

from __future__ import annotations

import json
import re
import sys
from dataclasses import dataclass

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

HEADER = re.compile(r"^[ \t]*\[\[?[ \t]*([^\[\]#]+?)[ \t]*\]\]?[ \t]*(?:#.*)?$", re.M)


class TomlEditError(Exception):
    """An edit this module does not make (the author adds it by hand)."""


def quoted(value: str) -> str:
    """A TOML basic string (JSON's escapes are TOML's for these)."""
    return json.dumps(value, ensure_ascii=False)


@dataclass(frozen=True)
class Section:
    """A table's lines: `start` is the offset after its header line, `end` where the next
    header starts (or the end of the text)."""

    name: str
    start: int
    end: int


def sections(text: str) -> list[Section]:
    """The root (name "") and every table, in order."""
    found = [(m.group(1).replace(" ", ""), m.start(), m.end()) for m in HEADER.finditer(text)]
    found = [f for f in found if not _in_string(text, f[1])]
    out = []
    starts = [("", 0, 0), *found]
    for n, (name, _at, after) in enumerate(starts):
        end = starts[n + 1][1] if n + 1 < len(starts) else len(text)
        body = after + 1 if after < len(text) and text[after : after + 1] == "\n" else after
        out.append(Section(name, body if name else 0, end))
    return out


def _in_string(text: str, at: int) -> bool:
    """Whether offset `at` is inside a multi-line string (a header look-alike in one)."""
    before = text[:at]
    return before.count('"""') % 2 == 1 or before.count("'''") % 2 == 1


def _scan_value_end(text: str, at: int) -> int:
    """Offset just after the array or inline table that opens at `at` (strings and comments
    skipped)."""
    depth = 0
    n = at
    while n < len(text):
        ch = text[n]
        if ch in "\"'":
            triple = text[n : n + 3] == ch * 3
            close = ch * 3 if triple else ch
            n += len(close)
            while n < len(text) and text[n : n + len(close)] != close:
                n += 2 if ch == '"' and text[n] == "\\" else 1
            n += len(close)
            continue
        if ch == "#":
            n = text.find("\n", n)
            n = len(text) if n < 0 else n
            continue
        if ch in "[{":
            depth += 1
        elif ch in "]}":
            depth -= 1
            if depth == 0:
                return n + 1
        n += 1
    raise TomlEditError("an array that does not close")


class TomlDoc:
    """A TOML text and the table where the site's settings are (`project`, or the root)."""

    def __init__(self, text: str) -> None:
        self.text = text
        data = tomllib.loads(text)
        self.prefix = "project." if "project" in data else ""

    def table(self, name: str) -> Section | None:
        full = (self.prefix + name).rstrip(".")
        for section in sections(self.text):
            if section.name == full:
                return section
        return None

    def _key(self, section: Section, key: str) -> re.Match[str] | None:
        pattern = re.compile(rf"^[ \t]*{re.escape(key)}[ \t]*=[ \t]*", re.M)
        return pattern.search(self.text, section.start, section.end)

    def _insert(self, at: int, lines: str) -> None:
        before = self.text[:at]
        if before and not before.endswith("\n"):
            lines = "\n" + lines
        self.text = before + lines + self.text[at:]

    def _end_of_content(self, section: Section) -> int:
        """Offset after the section's last line that is neither blank nor a comment (new keys go
        there: comments after it introduce the next table)."""
        lines = self.text[section.start : section.end].splitlines(keepends=True)
        while lines and (not lines[-1].strip() or lines[-1].lstrip().startswith("#")):
            lines.pop()
        return section.start + sum(len(line) for line in lines)

    def set_key(self, table: str, key: str, value: str) -> None:
        """`key = value` at the end of `table` (made at the end of the text if absent)."""
        section = self.table(table)
        if section is None:
            if table == "" and self.prefix == "project.":
                raise TomlEditError("no [project] table")
            name = (self.prefix + table).rstrip(".")
            sep = "" if self.text.endswith("\n\n") or not self.text else "\n"
            self._insert(len(self.text), f"{sep}[{name}]\n{key} = {value}\n")
            return
        if self._key(section, key):
            raise TomlEditError(f"{key} is already set")
        self._insert(self._end_of_content(section), f"{key} = {value}\n")

    def add_table(self, name: str) -> None:
        """An empty `[name]` table at the end of the text."""
        full = self.prefix + name
        sep = "" if self.text.endswith("\n\n") or not self.text else "\n"
        if not self.text.endswith("\n") and self.text:
            sep = "\n\n"
        self.text += f"{sep}[{full}]\n"

    def append_items(self, table: str, key: str, items: list[str]) -> None:
        """Add string items to the array `key` of `table` (the key made if absent)."""
        values = [quoted(item) for item in items]
        section = self.table(table)
        found = self._key(section, key) if section is not None else None
        if found is None:
            self.set_key(table, key, "[" + ", ".join(values) + "]")
            return
        if self.text[found.end() : found.end() + 1] != "[":
            raise TomlEditError(f"{key} is not an array")
        end = _scan_value_end(self.text, found.end()) - 1
        inner = self.text[found.end() + 1 : end]
        if not re.sub(r"#[^\n]*", "", inner).strip():
            self.text = self.text[: found.end() + 1] + ", ".join(values) + self.text[end:]
            return
        last = self._last_item_end(found.end() + 1, end)
        comma = self.text[last - 1] == ","
        if "\n" in inner:
            line = self.text[self.text.rfind("\n", 0, last) + 1 : last]
            indent = line[: len(line) - len(line.lstrip())]
            eol = self.text.find("\n", last, end)
            rest = self.text[last:eol] if eol >= 0 else ""
            at = eol if eol >= 0 and (not rest.strip() or rest.lstrip().startswith("#")) else last
            add = "".join(f"\n{indent}{v}," for v in values)
            head = "" if comma else ","
            self.text = self.text[:last] + head + self.text[last:at] + add + self.text[at:]
            return
        add = (" " if comma else ", ") + ", ".join(values) + ("," if comma else "")
        self.text = self.text[:last] + add + self.text[last:]

    def _last_item_end(self, start: int, end: int) -> int:
        """Offset after the last significant character between `start` and `end`."""
        last = start
        n = start
        while n < end:
            ch = self.text[n]
            if ch == "#":
                nl = self.text.find("\n", n)
                n = end if nl < 0 or nl > end else nl
                continue
            if ch in "\"'":
                close = _scan_string(self.text, n)
                last = n = close
                continue
            if not ch.isspace():
                last = n + 1
            n += 1
        return last


def _scan_string(text: str, at: int) -> int:
    ch = text[at]
    close = ch * 3 if text[at : at + 3] == ch * 3 else ch
    n = at + len(close)
    while n < len(text) and text[n : n + len(close)] != close:
        n += 2 if ch == '"' and text[n] == "\\" else 1
    return n + len(close)
