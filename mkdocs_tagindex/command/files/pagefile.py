"""A generated page's Markdown file, as Zensical builds it: front matter (title, description,
the `tagindex` marker) and a body of raw HTML from the core's `Renderer` (Zensical renders raw
HTML as is). The body is excluded from Zensical's search (`data-search-exclude`); a hidden block
before it gives the search what the MkDocs plugin gives it (the description and count, and the
cards' titles). The first page of a tag carries a `<!-- material/tags -->` marker, every name in
it escaped for YAML inside an HTML comment, so that Zensical's chips on the articles link to it;
its layout (`tagindex`, placed by `tagindex init`) renders nothing on these pages (and cards in
the author's own listings).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace

import yaml

from ...core import PageContext, PassThrough, Renderer, Route
from ..caches.cardstore import CardFrame
from ..config.site import LAYOUT

"""Zensical listing layout of the marker: `fragments/tags/tagindex/listing.html` (`setup.py`),
which renders nothing on the pages this command writes."""


def page_file(
    renderer: Renderer,
    context: PageContext,
    url: str,
    frame: CardFrame,
    meta: Mapping[str, object],
    route: Route,
    names: list[str],
) -> bytes:
    """A generated page's file: its body and its search text rendered, in its Markdown."""
    body = renderer.page(context, url)
    if frame.needs_check(len(context.cards)):
        full = renderer.page(replace(context, frame=PassThrough()), url)
        body = body if frame.compare(body, full) else full
    search = renderer.env.get_template("tagindex/search.html").render(tagindex=context)
    titles = context_titles(context)
    md = context.markdown_headings
    text = page_source(meta, route, body, search, titles, names, markdown=md)
    return text.encode("utf-8")


def context_titles(context: object) -> list[str]:
    return [card.article.title for card in getattr(context, "cards", ())]


_H1 = re.compile(r"<h1[^>]*>.*?</h1>\s*", re.S)


def page_source(
    meta: Mapping[str, object],
    route: Route,
    body: str,
    search: str,
    titles: list[str],
    names: list[str],
    markdown: bool = False,
) -> str:
    """A generated page's Markdown source; `markdown`: the body has Markdown headings."""
    front = {"title": meta["title"], "description": meta["description"]}
    front["tagindex"] = meta["tagindex"]
    parts = ["---", yaml.safe_dump(front, allow_unicode=True, sort_keys=False).strip(), "---", ""]
    if names and route.number == 1:
        include = ", ".join(marker_name(n) for n in names)
        parts += [
            f"<!-- material/tags {{ include: [{include}], layout: {LAYOUT}, toc: false }} -->",
            "",
        ]
    found = _H1.sub("", search, count=1).strip()
    listed = "".join(f"<li>{_escape(t)}</li>" for t in titles)
    wrapper = "<div data-search-exclude>"
    if markdown:  # group headings in Markdown: the HTML around them is read as Markdown
        # too (md_in_html), where an indented line would be code
        wrapper = '<div data-search-exclude markdown="1">'
        body = "\n".join(line.lstrip() for line in body.splitlines())
    parts += [
        f'<div class="tagindex-search" hidden>{found}<ul>{listed}</ul></div>',
        "",
        f"{wrapper}\n{body.strip()}\n</div>",
        "",
    ]
    return "\n".join(parts)


_MARKER_RAW = frozenset('<>-!&"\\')
"""Written as `\\uXXXX` in the marker: what could end or open an HTML comment (`-->`,
`--!>`, `<!--`), an entity, YAML's own quote and escape, and the line breaks and BOM
that YAML would not keep."""


_YAML_PRINTABLE = re.compile("[\x20-\x7e\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
"""What YAML lets stand unescaped in a double-quoted scalar (tab and line breaks apart)."""


def marker_name(name: str) -> str:
    """A tag name for the `include` of a `<!-- material/tags … -->` marker: a YAML
    double-quoted scalar (Zensical reads the marker's options as YAML) in which every
    character that could close the comment, and every control or line break (which YAML would
    fold), is a `\\u` escape, so that Zensical reads back the very name."""
    out = []
    for char in name:
        code = ord(char)
        if char in _MARKER_RAW or not _YAML_PRINTABLE.match(char) or char in "\u2028\u2029\ufeff":
            out.append(f"\\u{code:04x}")
        else:
            out.append(char)
    return '"' + "".join(out) + '"'


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
