"""`tagindex init`: what Zensical's build needs once, added to the config as text (comments and
`!ENV` tags stay as they are; `mkdocs.yml` or `zensical.toml`), shown as a diff, and nothing on
a second run:

- the `tags` plugin: Zensical's chips on articles, linked to the tag pages by their marker;
- `not_in_nav: /<tags_dir>/`: Zensical honours it (tested on 0.0.73), so generated pages stay
  out of an automatic navigation;
- `extra_css` / `extra_javascript`: the cards' stylesheets and the toolbar's script;
- `theme.custom_dir` with `fragments/tags/tagindex/listing.html` (`layout/listing.html`, with
  the site's card order, front-matter keys and labels written into it): the `tagindex` layout
  of Zensical's tags listings, cards from the listed pages' front matter; on tagindex's own tag
  pages, whose marker links the chips, it renders nothing (no second list under the cards). A
  template init placed and nobody changed is brought up to date by the next init.

What it changed is recorded in the marker of the tags folder (`undo.py`), and `tagindex clean`
takes exactly that out again.
"""

from __future__ import annotations

import difflib
import hashlib
import json
import logging
import re
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from . import undo
from .owned import Owned, roots, write_atomic
from .publish import LAYOUT, asset_urls
from .site import Site, plugin_options
from .tomledit import TomlDoc, TomlEditError, quoted

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

Say = Callable[[int, str], None]
TEMPLATE = f"fragments/tags/{LAYOUT}/listing.html"
LAYOUT_SOURCE = Path(__file__).parent / "layout" / "listing.html"
EARLIER_TEXTS = (
    "{#- tagindex: the listing behind a tag page's <!-- material/tags --> marker renders "
    "nothing (the cards are the page). Written by `tagindex init`. -#}\n",
)
"""What earlier versions of init placed: replaced, as a template init wrote."""
READ_TIMES = 121
"""Read-time labels written out (1 to 120 minutes); longer ones use the plural "other" form."""


def template_text(site: Site) -> str:
    """The Zensical layout with this site's settings: the card order, the front-matter key
    names and the labels of the theme's language (MiniJinja cannot ask tagindex for them)."""
    from ..core.labels import labels_for

    options = site.options
    dirs = [str(site.custom_dir)] if site.custom_dir is not None else []
    labels, _ = labels_for(site.theme_lang, options.labels, dirs)
    many = labels.t("read_time", 999).replace("999", "{count}")
    keys = options.front_matter
    settings = {
        "sort": str(options.sort_by),
        "reverse": bool(options.sort_reverse),
        "keys": {
            name: str(getattr(keys, name))
            for name in ("category", "member", "type", "summary", "description", "read_time")
        }
        | {"date": str(keys.date), "weight": str(keys.weight), "title": "title"},
        "labels": {
            "member": labels.t("member"),
            "types": {str(k): str(v) for k, v in dict(labels.table.get("types", {})).items()},
            "read_time": [many] + [labels.t("read_time", n) for n in range(1, READ_TIMES)],
        },
    }
    literal = json.dumps(settings, ensure_ascii=False, sort_keys=True)
    return LAYOUT_SOURCE.read_text("utf-8").replace("TAGINDEX_SETTINGS", literal)


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def template_state(site: Site) -> str:
    """`current`, `missing`, `stale` (one init placed, since outdated) or `own` (the author's)."""
    custom = site.custom_dir or (site.root / "overrides")
    path = custom / TEMPLATE
    if not path.is_file():
        return "missing"
    data = path.read_bytes()
    if data == template_text(site).encode("utf-8"):
        return "current"
    placed = {_sha(t.encode("utf-8")) for t in EARLIER_TEXTS}
    root = site.tags_dir
    for change in Owned(site.docs_dir, roots(site)).inits.get(root) or []:
        placed.update(str(h) for h in dict(change.get("files") or {}).values())
    return "stale" if _sha(data) in placed else "own"


def missing(site: Site) -> list[str]:
    """What `tagindex init` would add, in words (empty: nothing)."""
    out = []
    if not site.has_plugin("tags"):
        out.append("the 'tags' plugin is not configured (chips on articles)")
    css, js = asset_urls(site)
    have = [str(x) for x in site.config.get("extra_css") or []]
    have += [_path(x) for x in _list(site, "extra_javascript")]
    for url in css + js:
        if url not in have:
            out.append(f"'{url}' is not in extra_css/extra_javascript")
    if f"/{site.tags_dir}/" not in str(site.config.get("not_in_nav") or ""):
        out.append(f"not_in_nav does not list /{site.tags_dir}/ (generated pages in the nav)")
    state = template_state(site) if site.custom_dir is not None else "missing"
    if state == "missing":
        out.append(f"no {TEMPLATE} under theme.custom_dir (the tagindex listing layout)")
    elif state == "stale":
        out.append(f"{TEMPLATE} is as an earlier init wrote it, out of date")
    return out


def _path(item: object) -> str:
    """An `extra_javascript` entry's path (a string, or a mapping with `path`)."""
    return str(item.get("path") if isinstance(item, dict) else item)


def _list(site: Site, key: str) -> list[object]:
    value = site.config.get(key)
    return list(value) if isinstance(value, list) else []


def _top_key(lines: list[str], key: str) -> int | None:
    for n, line in enumerate(lines):
        if re.match(rf"{re.escape(key)}\s*:", line):
            return n
    return None


def _block_end(lines: list[str], start: int) -> int:
    """Index after the last line of the top-level key at `start` (its indented block)."""
    end = start + 1
    last = start
    while end < len(lines) and (not lines[end].strip() or lines[end][:1] in (" ", "\t", "-", "#")):
        if lines[end].strip() and not lines[end].lstrip().startswith("#"):
            last = end
        end += 1
    return last + 1


def _add_items(lines: list[str], key: str, items: list[str]) -> str | None:
    """Add `- item` lines to a top-level block list (made when absent); a problem, or None."""
    start = _top_key(lines, key)
    if start is None:
        lines += [f"{key}:", *(f"  - {i}" for i in items)]
        return None
    if lines[start].split(":", 1)[1].strip() not in ("", "[]"):
        return f"{key} is not a block list: add {', '.join(items)} by hand"
    lines[start] = f"{key}:"
    end = _block_end(lines, start)
    indent = "  "
    for line in lines[start + 1 : end]:
        if line.lstrip().startswith("-"):
            indent = line[: len(line) - len(line.lstrip())]
            break
    lines[end:end] = [f"{indent}- {i}" for i in items]
    return None


def edit_yaml(site: Site, text: str) -> tuple[str, list[str]]:
    """The config with what is missing added; and what could not be added."""
    lines = text.splitlines()
    problems: list[str] = []
    if not site.has_plugin("tags"):
        wanted = (
            ["tags"]
            if plugin_options(site.config, "search") or "plugins" in site.config
            else ["search", "tags"]
        )
        if problem := _add_items(lines, "plugins", wanted):
            problems.append(problem)
    css, js = asset_urls(site)
    have = {str(x) for x in site.config.get("extra_css") or []}
    add = [u for u in css if u not in have]
    if add and (problem := _add_items(lines, "extra_css", add)):
        problems.append(problem)
    have = {_path(x) for x in _list(site, "extra_javascript")}
    add = [u for u in js if u not in have]
    if add and (problem := _add_items(lines, "extra_javascript", add)):
        problems.append(problem)
    pattern = f"/{site.tags_dir}/"
    if pattern not in str(site.config.get("not_in_nav") or ""):
        start = _top_key(lines, "not_in_nav")
        if start is None:
            lines += ["not_in_nav: |", f"  {pattern}"]
        elif lines[start].split(":", 1)[1].strip() in ("|", "|-", "|+"):
            lines.insert(_block_end(lines, start), f"  {pattern}")
        else:
            problems.append(f"not_in_nav is not a block scalar: add {pattern} by hand")
    if site.custom_dir is None:
        start = _top_key(lines, "theme")
        if start is None:
            lines += ["theme:", "  name: material", "  custom_dir: overrides"]
        elif lines[start].split(":", 1)[1].strip():
            problems.append("theme is not a mapping: add custom_dir: overrides by hand")
        else:
            lines.insert(start + 1, "  custom_dir: overrides")
    return "\n".join(lines) + "\n", problems


def edit_toml(site: Site, text: str) -> tuple[str, list[str]]:
    """`zensical.toml` with what is missing added (`tomledit`); and what could not be added.
    Each step is checked by parsing its result; a step that does not parse is left out."""
    doc = TomlDoc(text)
    problems: list[str] = []

    def step(what: str, edit: Callable[[], None]) -> None:
        before = doc.text
        try:
            edit()
            tomllib.loads(doc.text)
        except (TomlEditError, tomllib.TOMLDecodeError) as exc:
            doc.text = before
            problems.append(f"{what}: {exc}; add it by hand")

    if not site.has_plugin("tags"):
        plugins = site.config.get("plugins")
        if plugins is not None and not isinstance(plugins, Mapping):
            problems.append("plugins is not a table: add the tags plugin by hand")
        else:
            step("[project.plugins.tags]", lambda: doc.add_table("plugins.tags"))
    css, js = asset_urls(site)
    have = {str(x) for x in site.config.get("extra_css") or []}
    if add := [u for u in css if u not in have]:
        step("extra_css", lambda: doc.append_items("", "extra_css", add))
    have = {_path(x) for x in _list(site, "extra_javascript")}
    if add_js := [u for u in js if u not in have]:
        step("extra_javascript", lambda: doc.append_items("", "extra_javascript", add_js))
    pattern = f"/{site.tags_dir}/"
    current = site.config.get("not_in_nav")
    if current is None:
        step("not_in_nav", lambda: doc.set_key("", "not_in_nav", quoted(pattern)))
    elif pattern not in str(current):
        problems.append(f"not_in_nav is set: add {pattern} to it by hand")
    if site.custom_dir is None:
        if "theme" in site.config and doc.table("theme") is None:
            problems.append("theme is not a [project.theme] table: add custom_dir by hand")
        else:
            step("theme.custom_dir", lambda: doc.set_key("theme", "custom_dir", '"overrides"'))
    return doc.text, problems


def init(site: Site, say: Say, dry_run: bool = False) -> int:
    """Add what is missing; show the change; record it for `tagindex clean`; 0 when done (or
    nothing to do)."""
    text = site.path.read_text("utf-8")
    new, problems = (edit_toml if site.toml else edit_yaml)(site, text)
    for problem in problems:
        say(logging.WARNING, problem)
    changes: dict[str, Any] = {}
    if new != text:
        diff = difflib.unified_diff(
            text.splitlines(), new.splitlines(), site.path.name, site.path.name, lineterm=""
        )
        print("\n".join(diff))
        changes["config"] = undo.config_change(site, text, new)
    custom = site.custom_dir or (site.root / "overrides")
    template = custom / TEMPLATE
    layout = template_text(site)
    state = template_state(site) if template.exists() else "missing"
    if state in ("missing", "stale"):
        print(f"{'+' if state == 'missing' else '~'} {template}")
        changes["files"], changes["dirs"] = undo.file_change(site, template, layout)
    elif state == "own":
        say(logging.INFO, f"{template} is yours (not as init wrote it): left as it is")
    if not changes:
        print("tagindex init: nothing to add")
    if changes and not dry_run:
        undo.record(site, changes)  # first: a folder in the way stops init before any edit
        if new != text:
            write_atomic(site.path, new.encode("utf-8"))
        if "files" in changes:
            write_atomic(template, layout.encode("utf-8"))
    return 1 if problems else 0
