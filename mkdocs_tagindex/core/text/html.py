"""What a page's rendered HTML says of it: plain text, its first real paragraph (pure).

Read from the HTML MkDocs and every other plugin made, not from the Markdown, so that the card
shows what the page shows.
"""

from __future__ import annotations

import re
from html import unescape

_TAG = re.compile(r"<[^>]+>")


def plain(html: str) -> str:
    """Text of an HTML fragment with white space collapsed (a heading, a paragraph)."""
    return " ".join(unescape(_TAG.sub("", html)).split())


_BLOCK = re.compile(
    r"<(/?)(p|div|details|table|figure|blockquote|pre|ul|ol|dl|aside|nav|section|header|footer|"
    r"form|fieldset|script|style|template|svg|math|iframe|video|audio|object)\b[^>]*?(/?)>",
    re.I,
)


def first_paragraph(html: str, limit: int) -> str | None:
    """Text of the page's first real paragraph, cut at a word boundary after `limit`.

    The card's last-resort summary: only a `<p>` at the top level of the content counts, so
    admonitions ("Info"), details, code, tables, figures, lists and quotes are skipped, and so
    is a paragraph with no text (an image alone). Tags are stripped; templates escape the text.
    """
    depth = 0
    start: int | None = None
    for match in _BLOCK.finditer(html):
        closing, name, self_closing = match.group(1), match.group(2).lower(), match.group(3)
        if self_closing:
            continue
        if name == "p":
            if not closing and depth == 0:
                start = match.end()
            elif closing and start is not None:
                text = plain(html[start : match.start()])
                start = None
                if text:
                    return _cut(text, limit)
            continue
        depth = max(0, depth - 1) if closing else depth + 1
    return None


def _cut(text: str, limit: int) -> str:
    if limit and len(text) > limit:
        cut = text[:limit]
        space = cut.rfind(" ")
        text = (cut[:space] if space > limit // 2 else cut).rstrip(" ,;:.-—") + "…"
    return text
