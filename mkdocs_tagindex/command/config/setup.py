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

Nothing is recorded elsewhere: each line init adds to the config carries `# tagindex init`
(`confedit.py`, `initconfig.py`), and each template it places starts with a comment holding the
hash of the rest (`stamped`), so a fresh clone knows what is init's and unchanged, and
`tagindex clean` (`undo.py`) takes out exactly that.
"""

from __future__ import annotations

import difflib
import hashlib
import json
import logging
import re
from collections.abc import Callable
from pathlib import Path

from . import confedit, initconfig
from .site import LAYOUT, Site

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
    names, the labels of the theme's language and where each language's `listings.json` is
    (MiniJinja cannot ask tagindex for them)."""
    from ...core import FIELDS, labels_for

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
        # (URL prefix, tags folder) of each language: a listing's page finds its listings.json
        "roots": json.loads(_tag_roots(site)),
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


def _tag_roots(site: Site) -> str:
    """(language's URL prefix, its tags folder) of each built language, the longest prefix
    first, as a JSON list: a page without tags finds its language's `sections.json` by it, and
    a listing its `listings.json`."""
    langs = site.languages()
    pairs = [(langs.prefix(lang), f"{langs.prefix(lang)}{site.tags_dir}/") for lang in langs.build]
    return json.dumps(sorted(pairs, key=lambda pair: (-len(pair[0]), pair[0])))


def chips_text(site: Site) -> str:
    """The chip partial with this site's tag page folders (one per built language)."""
    text = CHIPS_SOURCE.read_text("utf-8").replace("TAGINDEX_DIRS", _tag_dirs(site))
    text = text.replace("TAGINDEX_ROOTS", _tag_roots(site))
    return text.replace("TAGINDEX_MKDOCS", _plugin_chips())


def _plugin_chips() -> str:
    """The MkDocs plugin's own `partials/tags.html`, without its comment: the placed partial
    shadows it in an MkDocs build of the same site, and renders it there unchanged."""
    from ...core import theme_overrides_dir

    text = (Path(theme_overrides_dir()) / CHIPS).read_text("utf-8")
    return text.split("-#}\n", 1)[1].rstrip("\n") if text.startswith("{#-") else text


def placed(site: Site) -> list[tuple[str, str, tuple[str, ...]]]:
    """What init places under `custom_dir`: path, text (stamped), and the texts earlier inits
    placed (without a stamp: this version's unstamped text is one of them)."""
    out = []
    for rel, text, earlier in (
        (TEMPLATE, template_text(site), EARLIER_TEXTS),
        (CHIPS, chips_text(site), ()),
    ):
        out.append((rel, stamped(text), (*earlier, text)))
    return out


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


STAMP = re.compile(r"\A\{#- tagindex init sha256:([0-9a-f]{64}) -#\}\r?\n")
"""The first line of a template init placed: the hash of the rest, line ends as LF."""


def _lf(text: str) -> bytes:
    return text.replace("\r\n", "\n").encode("utf-8")


def stamped(text: str) -> str:
    """`text` with the comment that proves, from the file alone, that init wrote it unchanged."""
    return f"{{#- tagindex init sha256:{_sha(_lf(text))} -#}}\n{text}"


def stamp_holds(data: bytes) -> bool | None:
    """Whether a file's stamp matches its body (line ends normalised: a checkout with
    `core.autocrlf=true` keeps it); None: no stamp."""
    text = data.decode("utf-8", errors="replace")
    found = STAMP.match(text)
    if found is None:
        return None
    return _sha(_lf(text[found.end() :])) == found.group(1)


def template_state(
    site: Site,
    rel: str = TEMPLATE,
    text: str | None = None,
    earlier: tuple[str, ...] = EARLIER_TEXTS,
) -> str:
    """`current`, `missing`, `stale` (one init placed, since outdated: its stamp holds, or it is
    a text an earlier init placed) or `own` (the author's, or init's and edited since)."""
    custom = site.custom_dir or (site.root / "overrides")
    path = custom / rel
    if not path.is_file():
        return "missing"
    data = path.read_bytes().replace(b"\r\n", b"\n")
    if data == _lf(stamped(template_text(site)) if text is None else text):
        return "current"
    if stamp_holds(data) or data in {_lf(t) for t in earlier}:
        return "stale"
    return "own"


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
    why = {
        "plugins": "chips on articles",
        "extra_css": "the cards' styles",
        "extra_javascript": "the toolbar and the explorer",
        "not_in_nav": "generated pages out of an automatic navigation",
        "theme": "where the layouts go",
    }
    out = [f"init would {w.said} ({why[w.key]})" for w in initconfig.wants(site)]
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
                f"{shown(site, custom / rel)} is the site's own: chips link to Zensical's first "
                "listing, not to tagindex's tag pages (`tagindex init` shows the lines to add)"
            )
    return out


PAST = {"add": "added", "set": "set", "write": "wrote", "update": "updated"}


def _said(what: str, dry_run: bool) -> str:
    """`add x to y` as init says it: done (`added x to y`) or, on a dry run, to be done."""
    verb, _, rest = what.partition(" ")
    return f"would {what}" if dry_run else f"{PAST[verb]} {rest}"


def shown(site: Site, path: Path) -> str:
    try:
        return path.relative_to(site.root).as_posix()
    except ValueError:
        return str(path)


def _files(site: Site, say: Say) -> list[tuple[Path, str, str]]:
    """The files init places under `custom_dir` (to write, and what to say); an author's own
    file is left, with what it needs said."""
    custom = site.custom_dir or (site.root / "overrides")
    writes: list[tuple[Path, str, str]] = []
    for rel, text, earlier in placed(site):
        path = custom / rel
        state = template_state(site, rel, text, earlier) if path.exists() else "missing"
        if state in ("missing", "stale"):
            verb = "write" if state == "missing" else "update"
            writes.append((path, text, f"{verb} {shown(site, path)}"))
        elif state == "own" and rel == CHIPS and not chips_won(path):
            say(
                logging.WARNING,
                f"{shown(site, path)} is the site's own: init leaves it, and chips link to "
                f"Zensical's first listing, not tagindex's tag pages; add {chips_lines(site)}",
            )
        elif state == "own":
            say(logging.INFO, f"{shown(site, path)} is yours (not as init wrote it): left as it is")
    return writes


def init(site: Site, say: Say, dry_run: bool = False) -> int:
    """Add what is missing; say what, one line a thing (and the config's diff on a dry run);
    0 when done (or nothing to do)."""
    text = site.path.read_bytes().decode("utf-8")
    new, problems, done = initconfig.edit(site, text)
    for problem in problems:
        say(logging.WARNING, problem)
    if new != text and dry_run:
        diff = difflib.unified_diff(
            text.splitlines(), new.splitlines(), site.path.name, site.path.name, lineterm=""
        )
        print("\n".join(diff))
    writes = _files(site, say)
    for what in done + [w[2] for w in writes]:
        print(f"tagindex init: {_said(what, dry_run)}")
    if new == text and not writes:
        print("tagindex init: nothing to add")
    if not dry_run:
        confedit.sweep(site.path)
        for path, _, _ in writes:
            confedit.sweep(path)
        if new != text:
            confedit.write(site.path, new.encode("utf-8"))
        for path, layout, _ in writes:
            path.parent.mkdir(parents=True, exist_ok=True)
            confedit.write(path, layout.encode("utf-8"))
    return 1 if problems else 0
