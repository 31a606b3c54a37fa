"""`tagindex init`: what Zensical's build needs once, added to the config as text (comments and
`!ENV` tags stay as they are; `mkdocs.yml` or `zensical.toml`), said one line a thing (the diff
only on a dry run), and nothing on a second run:

- the `tags` plugin: Zensical's chips on articles, linked to the tag pages by their marker;
- `not_in_nav: /<tags_dir>/`: Zensical honours it (tested on 0.0.73), so generated pages stay
  out of an automatic navigation;
- `extra_css` / `extra_javascript`: the cards' stylesheets and the toolbar's script;
- `theme.custom_dir` with `fragments/tags/tagindex/listing.html` (`layout/listing.html`, with
  the site's card order, front-matter keys and labels written into it): the `tagindex` layout
  of Zensical's tags listings, cards from the listed pages' front matter; on tagindex's own tag
  pages, whose marker links the chips, it renders nothing (no second list under the cards);
- `partials/tags.html` there (`layout/tags.html`): Zensical links a chip to the first listing
  that admits the page (a site's own tags page wins), this links it to tagindex's tag page; in
  an MkDocs build it is the plugin's own partial. An author's own one is left, with the lines
  to add. A file init placed and nobody changed is brought up to date by the next init.

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
from .pagefile import LAYOUT
from .publish import asset_urls
from .site import Site, plugin_options
from .tomledit import TomlDoc, TomlEditError, quoted

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

Say = Callable[[int, str], None]
TEMPLATE = f"fragments/tags/{LAYOUT}/listing.html"
LAYOUT_SOURCE = Path(__file__).parent / "layout" / "listing.html"
CHIPS = "partials/tags.html"
CHIPS_SOURCE = Path(__file__).parent / "layout" / "tags.html"
"""Zensical's chip partial, each chip linked to tagindex's page of its tag (`layout/tags.html`)."""
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
    from ..core import FIELDS, labels_for

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
        # the badges core/records/cardfields.py declares: (front-matter key, value → its label)
        "fields": [
            [field.name, {str(k): str(v) for k, v in dict(labels.table[field.labels]).items()}]
            for field in FIELDS
            if field.labels
        ],
    }
    literal = json.dumps(settings, ensure_ascii=False, sort_keys=True)
    return LAYOUT_SOURCE.read_text("utf-8").replace("TAGINDEX_SETTINGS", literal)


def _tag_dirs(site: Site) -> str:
    """The folders of the site's tag pages, one per built language, as a JSON list (the
    chip partial picks a tag's link under one of them)."""
    langs = site.languages()
    return json.dumps([f"{langs.prefix(lang)}{site.tags_dir}/" for lang in langs.build])


def chips_text(site: Site) -> str:
    """The chip partial with this site's tag page folders (one per built language)."""
    text = CHIPS_SOURCE.read_text("utf-8").replace("TAGINDEX_DIRS", _tag_dirs(site))
    return text.replace("TAGINDEX_MKDOCS", _plugin_chips())


def _plugin_chips() -> str:
    """The MkDocs plugin's own `partials/tags.html`, without its comment: the placed partial
    shadows it in an MkDocs build of the same site, and renders it there unchanged."""
    from ..core import theme_overrides_dir

    text = (Path(theme_overrides_dir()) / CHIPS).read_text("utf-8")
    return text.split("-#}\n", 1)[1].rstrip("\n") if text.startswith("{#-") else text


def placed(site: Site) -> list[tuple[str, str, tuple[str, ...]]]:
    """What init places under `custom_dir`: path, text, and the texts earlier inits placed."""
    return [(TEMPLATE, template_text(site), EARLIER_TEXTS), (CHIPS, chips_text(site), ())]


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def template_state(
    site: Site,
    rel: str = TEMPLATE,
    text: str | None = None,
    earlier: tuple[str, ...] = EARLIER_TEXTS,
) -> str:
    """`current`, `missing`, `stale` (one init placed, since outdated) or `own` (the author's)."""
    custom = site.custom_dir or (site.root / "overrides")
    path = custom / rel
    if not path.is_file():
        return "missing"
    data = path.read_bytes()
    if data == (template_text(site) if text is None else text).encode("utf-8"):
        return "current"
    hashes = {_sha(t.encode("utf-8")) for t in earlier}
    for change in Owned(site.docs_dir, roots(site)).inits.get(site.tags_dir) or []:
        hashes.update(str(h) for h in dict(change.get("files") or {}).values())
    return "stale" if _sha(data) in hashes else "own"


def chips_won(path: Path) -> bool:
    """The site's own chip partial picks tagindex's link (it has the lines init suggests)."""
    try:
        return "tagindex_dirs" in path.read_text("utf-8")
    except (OSError, UnicodeDecodeError):
        return False


def chips_lines(site: Site) -> str:
    """What an author's own `partials/tags.html` needs for chips to link to the tag pages: the
    lines `layout/tags.html` has (they compile under Jinja too, for an MkDocs build)."""
    dirs = _tag_dirs(site)
    return (
        "these lines inside its `{% for tag in tags %}` loop, before the chip's link, and link"
        " the chip to `chip.url` instead of `tag.url`:\n"
        f"  {{% set tagindex_dirs = {dirs} %}}\n"
        "  {% set chip = namespace(url=tag.url) %}\n"
        "  {% for link in tag.links or [] %}{% for dir in tagindex_dirs %}"
        "{% if chip.url == tag.url and link.url[:dir | length] == dir %}"
        '{% set target = link.url | split("#") | first %}'
        "{% if target != dir %}{% set chip.url = target %}{% endif %}"
        "{% endif %}{% endfor %}{% endfor %}"
    )


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
    what = {TEMPLATE: "the tagindex listing layout", CHIPS: "chips linked to the tag pages"}
    custom = site.custom_dir or (site.root / "overrides")
    for rel, text, earlier in placed(site):
        state = template_state(site, rel, text, earlier) if site.custom_dir else "missing"
        if state == "missing":
            out.append(f"no {rel} under theme.custom_dir ({what[rel]})")
        elif state == "stale":
            out.append(f"{rel} is as an earlier init wrote it, out of date")
        elif state == "own" and rel == CHIPS and not chips_won(custom / rel):
            out.append(
                f"{_shown(site, custom / rel)} is the site's own: chips link to Zensical's first "
                "listing, not to tagindex's tag pages (`tagindex init` shows the lines to add)"
            )
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


def edit_yaml(site: Site, text: str) -> tuple[str, list[str], list[str]]:
    """The config with what is missing added; what could not be added; what was (in words)."""
    lines = text.splitlines()
    problems: list[str] = []
    done: list[str] = []
    if not site.has_plugin("tags"):
        wanted = (
            ["tags"]
            if plugin_options(site.config, "search") or "plugins" in site.config
            else ["search", "tags"]
        )
        if problem := _add_items(lines, "plugins", wanted):
            problems.append(problem)
        else:
            plural = "s" * (len(wanted) > 1)
            done.append(f"add the {' and '.join(wanted)} plugin{plural} to {site.path.name}")
    css, js = asset_urls(site)
    have = {str(x) for x in site.config.get("extra_css") or []}
    add = [u for u in css if u not in have]
    if add and (problem := _add_items(lines, "extra_css", add)):
        problems.append(problem)
    elif add:
        done.append(f"add {', '.join(add)} to extra_css in {site.path.name}")
    have = {_path(x) for x in _list(site, "extra_javascript")}
    add = [u for u in js if u not in have]
    if add and (problem := _add_items(lines, "extra_javascript", add)):
        problems.append(problem)
    elif add:
        done.append(f"add {', '.join(add)} to extra_javascript in {site.path.name}")
    pattern = f"/{site.tags_dir}/"
    if pattern not in str(site.config.get("not_in_nav") or ""):
        start = _top_key(lines, "not_in_nav")
        if start is None:
            lines += ["not_in_nav: |", f"  {pattern}"]
            done.append(f"add {pattern} to not_in_nav in {site.path.name}")
        elif lines[start].split(":", 1)[1].strip() in ("|", "|-", "|+"):
            lines.insert(_block_end(lines, start), f"  {pattern}")
            done.append(f"add {pattern} to not_in_nav in {site.path.name}")
        else:
            problems.append(f"not_in_nav is not a block scalar: add {pattern} by hand")
    if site.custom_dir is None:
        start = _top_key(lines, "theme")
        if start is None:
            lines += ["theme:", "  name: material", "  custom_dir: overrides"]
            done.append(f"set theme.custom_dir to overrides in {site.path.name}")
        elif lines[start].split(":", 1)[1].strip():
            problems.append("theme is not a mapping: add custom_dir: overrides by hand")
        else:
            lines.insert(start + 1, "  custom_dir: overrides")
            done.append(f"set theme.custom_dir to overrides in {site.path.name}")
    return "\n".join(lines) + "\n", problems, done


def edit_toml(site: Site, text: str) -> tuple[str, list[str], list[str]]:
    """`zensical.toml` with what is missing added (`tomledit`); what could not be added; what
    was (in words). Each step is checked by parsing its result; one that does not is left out."""
    doc = TomlDoc(text)
    problems: list[str] = []
    done: list[str] = []

    def step(what: str, edit: Callable[[], None], said: str) -> None:
        before = doc.text
        try:
            edit()
            tomllib.loads(doc.text)
        except (TomlEditError, tomllib.TOMLDecodeError) as exc:
            doc.text = before
            problems.append(f"{what}: {exc}; add it by hand")
        else:
            done.append(said)

    if not site.has_plugin("tags"):
        plugins = site.config.get("plugins")
        if plugins is not None and not isinstance(plugins, Mapping):
            problems.append("plugins is not a table: add the tags plugin by hand")
        else:
            step(
                "[project.plugins.tags]",
                lambda: doc.add_table("plugins.tags"),
                f"add the tags plugin to {site.path.name}",
            )
    css, js = asset_urls(site)
    have = {str(x) for x in site.config.get("extra_css") or []}
    if add := [u for u in css if u not in have]:
        step(
            "extra_css",
            lambda: doc.append_items("", "extra_css", add),
            f"add {', '.join(add)} to extra_css in {site.path.name}",
        )
    have = {_path(x) for x in _list(site, "extra_javascript")}
    if add_js := [u for u in js if u not in have]:
        step(
            "extra_javascript",
            lambda: doc.append_items("", "extra_javascript", add_js),
            f"add {', '.join(add_js)} to extra_javascript in {site.path.name}",
        )
    pattern = f"/{site.tags_dir}/"
    current = site.config.get("not_in_nav")
    if current is None:
        step(
            "not_in_nav",
            lambda: doc.set_key("", "not_in_nav", quoted(pattern)),
            f"add {pattern} to not_in_nav in {site.path.name}",
        )
    elif pattern not in str(current):
        problems.append(f"not_in_nav is set: add {pattern} to it by hand")
    if site.custom_dir is None:
        if "theme" in site.config and doc.table("theme") is None:
            problems.append("theme is not a [project.theme] table: add custom_dir by hand")
        else:
            step(
                "theme.custom_dir",
                lambda: doc.set_key("theme", "custom_dir", '"overrides"'),
                f"set theme.custom_dir to overrides in {site.path.name}",
            )
    return doc.text, problems, done


PAST = {"add": "added", "set": "set", "write": "wrote", "update": "updated"}


def _said(what: str, dry_run: bool) -> str:
    """`add x to y` as init says it: done (`added x to y`) or, on a dry run, to be done."""
    verb, _, rest = what.partition(" ")
    return f"would {what}" if dry_run else f"{PAST[verb]} {rest}"


def _shown(site: Site, path: Path) -> str:
    try:
        return path.relative_to(site.root).as_posix()
    except ValueError:
        return str(path)


def _files(site: Site, say: Say) -> tuple[dict[str, str], list[str], list[tuple[Path, str, str]]]:
    """The files init places under `custom_dir` (to record, folders made, to write and what to
    say); an author's own file is left, with what it needs said."""
    custom = site.custom_dir or (site.root / "overrides")
    files: dict[str, str] = {}
    dirs: list[str] = []
    writes: list[tuple[Path, str, str]] = []
    for rel, text, earlier in placed(site):
        path = custom / rel
        state = template_state(site, rel, text, earlier) if path.exists() else "missing"
        if state in ("missing", "stale"):
            hashed, made = undo.file_change(site, path, text)
            files.update(hashed)
            dirs += [d for d in made if d not in dirs]
            verb = "write" if state == "missing" else "update"
            writes.append((path, text, f"{verb} {_shown(site, path)}"))
        elif state == "own" and rel == CHIPS and not chips_won(path):
            say(
                logging.WARNING,
                f"{_shown(site, path)} is the site's own: init leaves it, and chips link to "
                f"Zensical's first listing, not tagindex's tag pages; add {chips_lines(site)}",
            )
        elif state == "own":
            say(
                logging.INFO, f"{_shown(site, path)} is yours (not as init wrote it): left as it is"
            )
    return files, dirs, writes


def init(site: Site, say: Say, dry_run: bool = False) -> int:
    """Add what is missing; say what, one line a thing (and the config's diff on a dry run);
    record it for `tagindex clean`; 0 when done (or nothing to do)."""
    text = site.path.read_text("utf-8")
    new, problems, done = (edit_toml if site.toml else edit_yaml)(site, text)
    for problem in problems:
        say(logging.WARNING, problem)
    changes: dict[str, Any] = {}
    if new != text:
        if dry_run:
            diff = difflib.unified_diff(
                text.splitlines(), new.splitlines(), site.path.name, site.path.name, lineterm=""
            )
            print("\n".join(diff))
        changes["config"] = undo.config_change(site, text, new)
    files, dirs, writes = _files(site, say)
    if files:
        changes["files"], changes["dirs"] = files, dirs
    for what in done + [w[2] for w in writes]:
        print(f"tagindex init: {_said(what, dry_run)}")
    if not changes:
        print("tagindex init: nothing to add")
    if changes and not dry_run:
        undo.record(site, changes)  # first: a folder in the way stops init before any edit
        if new != text:
            write_atomic(site.path, new.encode("utf-8"))
        for path, layout, _ in writes:
            write_atomic(path, layout.encode("utf-8"))
    return 1 if problems else 0
