"""Tags on sections: a heading that carries tags, read from the page's Markdown source and found
again in its rendered HTML (pure).

The syntax is an HTML comment on the lines under an ATX heading::

    ## GRPO in practice
    <!-- tags: grpo, rl -->

A comment is harmless where tagindex is absent: plain MkDocs with no Markdown extension,
Material and Zensical all keep it out of sight. The source gives what the author wrote and where
(lines are the file's own, front matter included, for warnings); the rendered HTML gives what the
page really shows: the heading's id (set by `{ #id }`, the toc's `slugify` and `separator`,
deduplicated `_1`), its text without the permalink sign, the section's text.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from ..text import readtime
from ..text.html import first_paragraph, plain

Warn = Callable[[str], None]

MARK = re.compile(r"<!--\s*tags\s*:")
"""Where a section's tags start, in the source as in the HTML: a page without it has none."""


def has_sections(source: str) -> bool:
    """Whether a page's source may tag a section (a host's quick test before it reads more)."""
    return MARK.search(source) is not None


@dataclass(frozen=True)
class Declared:
    """A tagged heading as the source writes it."""

    level: int
    text: str
    """The heading as written (closing `#`s and an attribute list `{ … }` left out)."""
    line: int
    """The heading's line in the file, from 1, front matter included."""
    tags: tuple[str, ...]
    """The tags' names as written, in order, each once."""


@dataclass(frozen=True)
class Section:
    """A tagged heading as the page shows it: what a section card needs."""

    anchor: str
    """The heading's id in the rendered page (never re-slugified here)."""
    heading: str
    """The heading's plain text, without the toc's permalink sign."""
    level: int
    line: int
    tags: tuple[str, ...]
    """The tags' names as written."""
    read_time: int | None = None
    """Minutes to read the section's text, to the next heading of its level or higher."""
    summary: str | None = None
    """The section's first paragraph before any sub-heading, or None."""
    ids: tuple[str, ...] = ()
    """The tags' ids (`tag_key`), filled in when the page becomes an article."""


_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
_ATX = re.compile(r"^ {0,3}(#{1,6})(?:[ \t]+(.*?))?[ \t]*$")
_CLOSING = re.compile(r"(?:^|[ \t]+)#+$")
_ATTRS = re.compile(r"[ \t]*\{[^{}]*\}$")
_COMMENT = re.compile(r"^ {0,3}<!--\s*tags\s*:(.*)$")
_FRONT = re.compile(r"\A-{3}[ \t]*\r?\n(?:.*?\r?\n)?(?:\.{3}|-{3})[ \t]*(?:\r?\n|\Z)", re.S)


def _heading_text(raw: str) -> str:
    text = _CLOSING.sub("", raw.strip())
    return _ATTRS.sub("", text).strip()


def _tags(body: str) -> tuple[str | None, tuple[str, ...]]:
    """(problem, tags) of what follows `tags:` on a comment's line."""
    inside, closed, rest = body.partition("-->")
    if not closed:
        return "the comment is not closed on its line ('-->')", ()
    if rest.strip():
        return f"text after the comment: {rest.strip()[:40]!r}", ()
    names = tuple(dict.fromkeys(n.strip() for n in inside.split(",") if n.strip()))
    if not names:
        return "no tag named", ()
    return None, names


def declared(source: str, src_uri: str, warn: Warn | None) -> tuple[Declared, ...]:
    """The tagged headings of a page's whole source (front matter included), in order. A tags
    comment that is malformed, under no heading, under the page's title (`#`: the page's own
    `tags:` say that) or a second one under a heading is said once (`warn`) and left out."""
    if not has_sections(source):
        return ()
    front = _FRONT.match(source)
    skip = source[: front.end()].count("\n") if front else 0
    out: list[Declared] = []
    heading: tuple[int, str, int] | None = None
    under = False  # only blank lines since the heading
    fence: str | None = None
    for number, line in enumerate(source.splitlines()[skip:], skip + 1):
        opened = _FENCE.match(line)
        if fence is not None:
            if opened and opened.group(1).startswith(fence):
                fence = None
            continue
        if opened:
            fence, under = opened.group(1), False
            continue
        atx = _ATX.match(line)
        if atx:
            heading, under = (len(atx.group(1)), _heading_text(atx.group(2) or ""), number), True
            continue
        comment = _COMMENT.match(line)
        if comment is None:
            under = under and not line.strip()
            continue
        problem, names = _tags(comment.group(1))
        if problem is None and (heading is None or not under):
            problem = "not directly under a heading"
        elif problem is None and heading is not None and heading[0] == 1:
            problem = "under the page's title: the page's own tags say that"
        if problem is None and out and heading is not None and out[-1].line == heading[2]:
            problem = "a second tags comment under the same heading"
        if problem is not None:
            if warn is not None:
                title = f"heading '{heading[1]}'" if heading is not None else "no heading"
                warn(f"{src_uri}:{number}: section tags ({title}): {problem}")
            under = False
            continue
        assert heading is not None
        out.append(Declared(heading[0], heading[1], heading[2], names))
    return tuple(out)


def section_tags(source: str, src_uri: str, warn: Warn | None) -> tuple[str, ...]:
    """Every tag a page's sections declare, each once, its malformed markup said (`warn`):
    what `tagindex check` and the near-duplicate report read of a page's sections."""
    return tuple(dict.fromkeys(name for d in declared(source, src_uri, warn) for name in d.tags))


_SHOWN = re.compile(
    r"<h([1-6])\b([^>]*)>((?:(?!</h[1-6]>).)*)</h\1>\s*<!--\s*tags\s*:(.*?)-->", re.S | re.I
)
_ID = re.compile(r"""\bid\s*=\s*(?:"([^"]*)"|'([^']*)')""")
_PERMALINK = re.compile(r"<a\b[^>]*\bclass=\"[^\"]*\bheaderlink\b[^\"]*\"[^>]*>.*?</a>", re.S)
_ANY_HEADING = re.compile(r"<h([1-6])\b", re.I)


def _names(text: str) -> tuple[str, ...]:
    return tuple(dict.fromkeys(n.strip() for n in text.split(",") if n.strip()))


def located(
    found: tuple[Declared, ...],
    html: str,
    src_uri: str,
    warn: Warn | None,
    *,
    rates: readtime.Rates | None,
    limit: int,
) -> tuple[Section, ...]:
    """The declared sections as the rendered page shows them, matched in order with the
    headings that a tags comment follows in the HTML. `rates`: None, no read time."""
    shown = list(_SHOWN.finditer(html))
    out: list[Section] = []
    at = 0
    for want in found:
        match = next((m for m in shown[at:] if _names(m.group(4)) == want.tags), None)
        if match is None:
            if warn is not None:
                warn(
                    f"{src_uri}:{want.line}: section tags (heading '{want.text}'): not found "
                    "under that heading in the rendered page"
                )
            continue
        at = shown.index(match) + 1
        ident = _ID.search(match.group(2))
        anchor = (ident.group(1) or ident.group(2) or "") if ident else ""
        if not anchor:
            if warn is not None:
                warn(
                    f"{src_uri}:{want.line}: section tags (heading '{want.text}'): the heading "
                    "has no id in the rendered page (is the toc extension off?)"
                )
            continue
        out.append(_section(want, match, html, anchor, rates, limit))
    return tuple(out)


def _section(
    want: Declared,
    match: re.Match[str],
    html: str,
    anchor: str,
    rates: readtime.Rates | None,
    limit: int,
) -> Section:
    level = int(match.group(1))
    body = html[match.end() :]
    end = next((h.start() for h in _ANY_HEADING.finditer(body) if int(h.group(1)) <= level), None)
    text = body[:end] if end is not None else body
    first = _ANY_HEADING.search(text)
    own = text[: first.start()] if first is not None else text
    return Section(
        anchor=anchor,
        heading=plain(_PERMALINK.sub("", match.group(3))) or want.text,
        level=level,
        line=want.line,
        tags=want.tags,
        read_time=readtime.minutes(text, rates) if rates is not None else None,
        summary=first_paragraph(own, limit),
    )


def with_chips(html: str, chips: Mapping[str, str]) -> str:
    """A page's HTML with each tagged heading's chips (`chips`: the heading's id → their markup)
    placed after its tags comment, where a reader sees them under the heading."""
    if not chips:
        return html
    out: list[str] = []
    at = 0
    for match in _SHOWN.finditer(html):
        ident = _ID.search(match.group(2))
        markup = chips.get((ident.group(1) or ident.group(2) or "") if ident else "")
        if markup:
            out += [html[at : match.end()], markup]
            at = match.end()
    out.append(html[at:])
    return "".join(out)
