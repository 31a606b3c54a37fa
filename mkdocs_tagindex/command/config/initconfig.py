"""What `tagindex init` adds to `mkdocs.yml` and `zensical.toml`, and where each shape of the
config takes it: the candidate line edits of each key, of which `confedit` keeps the first its
parser proves. A key init would change that is a YAML alias, an `!ENV` value or inherited through
`INHERIT` is not edited: init says what to add by hand, and leaves the file as it was.
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Iterator
from typing import Any

from .confedit import (
    ABSENT,
    MARK,
    TOML_HEADER,
    Unreadable,
    Want,
    apply,
    body,
    flow_added,
    indent,
    inserted,
    marked,
    newline,
    parse,
    settings,
    take_out,
)
from .site import Site, asset_urls, plugin_options

CUSTOM_DIR = "overrides"


class _Pattern:
    """A `not_in_nav` text with init's pattern (after the mark line, in YAML) added at its end."""

    __hash__ = None  # type: ignore[assignment]

    def __init__(self, old: Any, lines: list[str]) -> None:
        self.lines = (str(old).splitlines() if isinstance(old, str) else []) + lines
        self.valid = old is ABSENT or old is None or isinstance(old, str)

    def __eq__(self, other: object) -> bool:
        return self.valid and isinstance(other, str) and other.splitlines() == self.lines


def _listed(items: list[str], mapping: bool = False) -> Any:
    def after(old: Any) -> Any:
        if isinstance(old, dict) and mapping:
            return {**old, **{item: {} for item in items}}
        if isinstance(old, list):
            return [*old, *items]
        return list(items) if old is ABSENT or old is None else ABSENT

    return after


def _themed(first: dict[str, str]) -> Any:
    def after(old: Any) -> Any:
        if isinstance(old, dict):
            return {**old, "custom_dir": CUSTOM_DIR}
        return dict(first) if old is ABSENT or old is None else ABSENT

    return after


def _path(item: object) -> str:
    return str(item.get("path") if isinstance(item, dict) else item)


def wants(site: Site) -> list[Want]:
    """What the site lacks, in the order init adds it."""
    toml, name, out = site.toml, site.path.name, []
    if not site.has_plugin("tags"):
        config = site.config
        names = (
            ["tags"]
            if toml or plugin_options(config, "search") or "plugins" in config
            else ["search", "tags"]
        )
        hand = f"a table `[{_prefix(site)}plugins.tags]`" if toml else f"`{names[-1]}` to plugins"
        what = f"add the {' and '.join(names)} plugin{'s' * (len(names) > 1)} to {name}"
        after = (
            (lambda old: {**(old if isinstance(old, dict) else {}), "tags": {}})
            if toml
            else _listed(names, True)
        )
        out.append(Want("plugins", tuple(names), after, what, hand))
    css, js = asset_urls(site)
    for key, urls in (("extra_css", css), ("extra_javascript", js)):
        have = {
            _path(x) for x in site.config.get(key) or [] if isinstance(site.config.get(key), list)
        }
        if add := [u for u in urls if u not in have]:
            hand = ", ".join(add) + f" to {key}"
            out.append(
                Want(
                    key, tuple(add), _listed(add), f"add {', '.join(add)} to {key} in {name}", hand
                )
            )
    pattern = f"/{site.tags_dir}/"
    if pattern not in str(site.config.get("not_in_nav") or ""):
        what = f"add {pattern} to not_in_nav in {name}"
        hand = f"a line `{pattern}` to not_in_nav"

        def texted(old: Any, p: str = pattern) -> Any:
            return _Pattern(old, [p] if toml and old is ABSENT else [f"{MARK}: {p}", p])

        out.append(Want("not_in_nav", (pattern,), texted, what, hand))
    if site.custom_dir is None:
        first = (
            {"custom_dir": CUSTOM_DIR} if toml else {"name": "material", "custom_dir": CUSTOM_DIR}
        )
        hand = (
            f'`custom_dir = "{CUSTOM_DIR}"` to [{_prefix(site)}theme]'
            if toml
            else f"`custom_dir: {CUSTOM_DIR}` to theme"
        )
        what = f"set theme.custom_dir to {CUSTOM_DIR} in {name}"
        out.append(Want("theme", (CUSTOM_DIR,), _themed(first), what, hand))
    return out


def _prefix(site: Site) -> str:
    try:
        data = parse("toml", site.path.read_text("utf-8"))
    except (OSError, Unreadable):
        return "project."
    return "project." if isinstance(data, dict) and "project" in data else ""


# --- mkdocs.yml ----------------------------------------------------------------------------------


def _yaml_value(text: str) -> str:
    return text if re.fullmatch(r"[A-Za-z0-9_/][A-Za-z0-9_./-]*", text) else json.dumps(text)


def _top(lines: list[str], key: str) -> int | None:
    pattern = re.compile(
        rf"^(?:{re.escape(key)}|\"{re.escape(key)}\"|'{re.escape(key)}')[ \t]*:(?:[ \t]|$)"
    )
    found = [n for n, line in enumerate(lines) if pattern.match(body(line))]
    return found[-1] if found else None


def _rest(line: str) -> str:
    """A top-level key's value text on its own line: no comment, no anchor."""
    rest = body(line).split(":", 1)[1].strip()
    rest = re.sub(r"^&\S+\s*", "", rest)
    return "" if rest.startswith("#") else rest


def _block(lines: list[str], at: int) -> range:
    end = at + 1
    while end < len(lines):
        text = body(lines[end])
        if text.strip() and indent(text) == 0 and not text.startswith(("#", "- ", "-\t")):
            break
        end += 1
    return range(at + 1, end)


def _last(lines: list[str], block: range, scalar: bool, start: int) -> int:
    """The last line of a block that holds its value (comments after it are the next key's)."""
    last = start
    for n in block:
        text = body(lines[n])
        if text.strip() and (indent(text) > 0 if scalar else not text.lstrip().startswith("#")):
            last = n
    return last


def _new_yaml(want: Want) -> list[str]:
    if want.key == "not_in_nav":
        pattern = want.items[0]
        return [f"not_in_nav: |  {MARK}", f"  {MARK}: {pattern}", f"  {pattern}"]
    if want.key == "theme":
        return marked(["theme:", "  name: material", f"  custom_dir: {CUSTOM_DIR}"])
    return marked([f"{want.key}:", *(f"  - {_yaml_value(item)}" for item in want.items)])


def yaml_edits(lines: list[str], want: Want) -> Iterator[list[str]]:
    """The line edits that may add `want` to a `mkdocs.yml`."""
    nl = newline("".join(lines[:1]))
    at = _top(lines, want.key)
    if at is None:
        yield inserted(lines, len(lines), _new_yaml(want), nl)
        return
    rest = _rest(lines[at])
    if rest[:1] in ("[", "{"):
        closer = "]" if rest[0] == "[" else "}"
        if want.key == "theme":
            addition = f"custom_dir: {CUSTOM_DIR}"
        elif closer == "}":
            addition = ", ".join(f"{_yaml_value(item)}: {{}}" for item in want.items)
        else:
            addition = ", ".join(_yaml_value(item) for item in want.items)
        for line in flow_added(lines[at], closer, addition):
            yield [*lines[:at], line, *lines[at + 1 :]]
        return
    scalar = rest[:1] in ("|", ">")
    if rest and not scalar:
        return
    block = _block(lines, at)
    last = _last(lines, block, scalar, at)
    firsts = [
        lines[n]
        for n in block
        if body(lines[n]).strip() and not (not scalar and body(lines[n]).lstrip().startswith("#"))
    ]
    lead = body(firsts[0])[: indent(firsts[0])] if firsts else "  "
    if want.key == "not_in_nav":
        if scalar:
            pattern = want.items[0]
            yield inserted(lines, last + 1, [f"{lead}{MARK}: {pattern}", f"{lead}{pattern}"], nl)
        return
    if scalar:
        return
    if want.key == "theme":
        new = [f"{lead}custom_dir: {CUSTOM_DIR}"]
    elif firsts and not body(firsts[0]).lstrip().startswith("-"):
        new = [f"{lead}{_yaml_value(item)}: {{}}" for item in want.items]
    else:
        new = [f"{lead}- {_yaml_value(item)}" for item in want.items]
    yield inserted(lines, last + 1, marked(new), nl)


def yaml_refusal(site: Site, lines: list[str], own: Any, want: Want) -> str | None:
    """Why init leaves `want`'s key to the author: an alias, an `!ENV` value, or inherited."""
    at = _top(lines, want.key)
    if at is not None:
        rest = _rest(lines[at])
        if rest.startswith("*"):
            return f"an alias ({rest.split()[0]})"
        if rest.startswith("!ENV"):
            return "an !ENV value"
    if (
        isinstance(own, dict)
        and own.get("INHERIT")
        and want.key not in own
        and want.key in site.config
    ):
        return f"inherited through INHERIT ({own['INHERIT']})"
    return None


# --- zensical.toml -------------------------------------------------------------------------------


def _region(lines: list[str], table: str) -> range | None:
    """The lines of `table`'s own keys ("" : the top, before the first table)."""
    heads = [
        (n, m.group(1).replace(" ", ""))
        for n, line in enumerate(lines)
        if (m := TOML_HEADER.match(body(line)))
    ]
    if not table:
        return range(0, heads[0][0] if heads else len(lines))
    for i, (n, name) in enumerate(heads):
        if name == table and not body(lines[n]).lstrip().startswith("[["):
            return range(n + 1, heads[i + 1][0] if i + 1 < len(heads) else len(lines))
    return None


def _key(lines: list[str], region: range, key: str) -> int | None:
    pattern = re.compile(rf"^[ \t]*{re.escape(key)}[ \t]*=")
    return next((n for n in region if pattern.match(body(lines[n]))), None)


def _end(lines: list[str], region: range) -> int:
    """Where a new key of the table goes: after its last line that is not blank or a comment."""
    last = [
        n for n in region if body(lines[n]).strip() and not body(lines[n]).lstrip().startswith("#")
    ]
    return last[-1] + 1 if last else region.start


def toml_edits(lines: list[str], want: Want, prefix: str) -> Iterator[list[str]]:
    """The line edits that may add `want` to a `zensical.toml` (`prefix`: `project.` or none)."""
    nl = newline("".join(lines[:1]))
    table = prefix.rstrip(".")
    region = _region(lines, table)
    if want.key == "plugins":
        at = _key(lines, region, "plugins") if region is not None else None
        if at is not None:  # an inline table
            for line in flow_added(lines[at], "}", "tags = {}"):
                yield [*lines[:at], line, *lines[at + 1 :]]
        yield inserted(lines, len(lines), marked([f"[{prefix}plugins.tags]"]), nl)
        return
    if want.key == "theme":
        own = _region(lines, f"{prefix}theme")
        if own is not None:
            yield inserted(lines, _end(lines, own), marked([f'custom_dir = "{CUSTOM_DIR}"']), nl)
        at = _key(lines, region, "theme") if region is not None else None
        if at is not None:
            for line in flow_added(lines[at], "}", f'custom_dir = "{CUSTOM_DIR}"'):
                yield [*lines[:at], line, *lines[at + 1 :]]
        elif own is None:
            new = marked([f"[{prefix}theme]", f'custom_dir = "{CUSTOM_DIR}"'])
            yield inserted(lines, len(lines), new, nl)
        return
    if region is None:
        return
    at = _key(lines, region, want.key)
    values = [json.dumps(item, ensure_ascii=False) for item in want.items]
    if at is None:
        value = values[0] if want.key == "not_in_nav" else "[" + ", ".join(values) + "]"
        yield inserted(lines, _end(lines, region), marked([f"{want.key} = {value}"]), nl)
        return
    if want.key == "not_in_nav":
        close = next(
            (n for n in range(at + 1, len(lines)) if body(lines[n]).strip() in ('"""', "'''")), None
        )
        if close is not None:
            yield inserted(lines, close, [f"{MARK}: {want.items[0]}", want.items[0]], nl)
        return
    for line in flow_added(lines[at], "]", ", ".join(values)):
        yield [*lines[:at], line, *lines[at + 1 :]]
    close = next(
        (n for n in range(at + 1, len(lines)) if body(lines[n]).lstrip().startswith("]")), None
    )
    if close is not None:
        items = [
            n
            for n in range(at + 1, close)
            if body(lines[n]).strip() and not body(lines[n]).lstrip().startswith("#")
        ]
        lead = body(lines[items[-1]])[: indent(lines[items[-1]])] if items else "  "
        yield inserted(lines, close, marked([f"{lead}{v}," for v in values]), nl)
        yield inserted(lines, close, marked([f"{lead}, {v}" for v in values]), nl)


# --- the edit ------------------------------------------------------------------------------------


def edit(site: Site, text: str) -> tuple[str, list[str], list[str]]:
    """The config with what is missing added; what could not be (the file then unchanged); what
    was added, in words. Where something is missing and init's own lines are there (`tags_dir`
    changed since: they name the old folder), they are taken out as `clean` takes them out and
    what is missing is added to that text: init's lines are its to rewrite, not to pile up."""
    if wants(site) and (again := _without_inits_lines(site, text)) is not None:
        retried = _edit(*again)
        if not retried[1]:
            return retried
    return _edit(site, text)


def _without_inits_lines(site: Site, text: str) -> tuple[Site, str] | None:
    """The site and the config's text without init's marked lines (None: there are none, or
    one cannot be taken out, or a YAML config whose keys are not plain: an `!ENV` value, an
    `INHERIT`, which this reading does not resolve)."""
    kind = "toml" if site.toml else "yaml"
    stripped, _, problems = take_out(kind, text)
    if problems or stripped == text:
        return None
    try:
        tree = settings(kind, parse(kind, stripped))
    except Unreadable:
        return None
    if not isinstance(tree, dict) or (kind == "yaml" and ("INHERIT" in tree or _tagged(tree))):
        return None
    return dataclasses.replace(site, config=tree), stripped


def _tagged(value: Any) -> bool:
    """Whether `confedit.plain` data holds a tagged value (a `(tag, value)` pair)."""
    if isinstance(value, tuple):
        return True
    if isinstance(value, dict):
        return any(_tagged(v) for v in value.values())
    return isinstance(value, list) and any(_tagged(v) for v in value)


def _edit(site: Site, text: str) -> tuple[str, list[str], list[str]]:
    kind = "toml" if site.toml else "yaml"
    name = site.path.name
    try:
        own = parse(kind, text)
    except Unreadable as exc:
        return text, [f"{name}: not read ({exc}): init changes nothing in it"], []
    missing = wants(site)
    lines = text.splitlines(keepends=True)
    refused = []
    if kind == "yaml":
        refused = [(w, why) for w in missing if (why := yaml_refusal(site, lines, own, w))]
    if refused:
        problems = [
            f"{name}: {w.key} is {why}: init leaves {name} as it is; add by hand: {w.by_hand}"
            for w, why in refused
        ]
        rest = [w.by_hand for w in missing if all(w is not r for r, _ in refused)]
        if rest:
            problems.append(f"{name}: add by hand too: {'; '.join(rest)}")
        return text, problems, []
    # a block scalar last: a line after one at the end of a file without a line end there
    # would give it one (a change of its value)
    order = sorted(missing, key=lambda w: w.key == "not_in_nav")
    if kind == "toml":
        prefix = "project." if isinstance(own, dict) and "project" in own else ""
        new, missed = apply(kind, text, order, lambda ls, w: toml_edits(ls, w, prefix))
    else:
        new, missed = apply(kind, text, order, yaml_edits)
    if missed:
        problems = [
            f"{name}: {w.key} is not in a shape init can add to without changing what else it says"
            f": init leaves {name} as it is; add by hand: {w.by_hand}"
            for w in missed
        ]
        rest = [w.by_hand for w in missing if all(w is not m for m in missed)]
        if rest:
            problems.append(f"{name}: add by hand too: {'; '.join(rest)}")
        return text, problems, []
    return new, [], [w.said for w in missing]
