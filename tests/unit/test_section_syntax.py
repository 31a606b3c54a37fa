"""Tags on sections (issue 41): the syntax read from the source, found again in the HTML."""

from __future__ import annotations

import re

import markdown
from hypothesis import given
from hypothesis import strategies as st

from mkdocs_tagindex.core.records.sections import declared, located, with_chips
from mkdocs_tagindex.core.text.readtime import Rates

SOURCE = """---
tags: [paper]
---

# Walkthrough

Intro.

## GRPO in practice { #grpo-part }
<!-- tags: grpo, rl -->

First paragraph of GRPO.

### A detail

Detail words.

## GRPO in practice

<!-- tags: dpo, dpo -->
## Untagged

```md
## Not a heading
<!-- tags: code -->
```
"""


def render(text: str, **toc: object) -> str:
    body = text.split("---\n", 2)[2]
    md = markdown.Markdown(
        extensions=["toc", "attr_list"], extension_configs={"toc": {"permalink": True, **toc}}
    )
    return str(md.convert(body))


def test_declared_reads_level_text_file_line_and_tags() -> None:
    said: list[str] = []
    found = declared(SOURCE, "a.md", said.append)
    assert [(d.level, d.text, d.line, d.tags) for d in found] == [
        (2, "GRPO in practice", 9, ("grpo", "rl")),
        (2, "GRPO in practice", 18, ("dpo",)),
    ]
    assert said == []


def test_malformed_markup_is_one_warning_naming_file_heading_and_line() -> None:
    source = (
        "# Title\n<!-- tags: x -->\n\n## A\n<!-- tags: -->\n\n## B\ntext\n<!-- tags: y -->\n"
        "## C\n<!-- tags: z\n## D\n<!-- tags: d -->\n<!-- tags: e -->\n"
    )
    said: list[str] = []
    found = declared(source, "p.md", said.append)
    assert [d.text for d in found] == ["D"]
    assert said == [
        "p.md:2: section tags (heading 'Title'): under the page's title: the page's own tags "
        "say that",
        "p.md:5: section tags (heading 'A'): no tag named",
        "p.md:9: section tags (heading 'B'): not directly under a heading",
        "p.md:11: section tags (heading 'C'): the comment is not closed on its line ('-->')",
        "p.md:14: section tags (heading 'D'): a second tags comment under the same heading",
    ]


def test_located_takes_the_real_anchor_text_read_time_and_summary() -> None:
    html = render(SOURCE)
    found = located(declared(SOURCE, "a.md", None), html, "a.md", None, rates=Rates(), limit=0)
    assert [(s.anchor, s.heading, s.summary, s.read_time) for s in found] == [
        ("grpo-part", "GRPO in practice", "First paragraph of GRPO.", 1),
        ("grpo-in-practice", "GRPO in practice", None, 1),
    ]


def test_anchor_follows_the_toc_slugify_separator_and_dedup() -> None:
    source = "---\n---\n## Same Name\n<!-- tags: a -->\n\n## Same Name\n<!-- tags: b -->\n"
    html = render(source, separator="_")
    found = located(declared(source, "a.md", None), html, "a.md", None, rates=None, limit=0)
    assert [s.anchor for s in found] == ["same_name", "same_name_1"]
    assert all("¶" not in s.heading for s in found)


def test_section_read_time_counts_its_own_text_to_the_next_same_level_heading() -> None:
    words = " ".join(["word"] * 600)
    source = (
        f"---\n---\n## A\n<!-- tags: a -->\n\n{words}\n\n### Sub\n\n{words}\n\n"
        f"## B\n\n{words} {words}\n"
    )
    html = render(source)
    (found,) = located(declared(source, "a.md", None), html, "a.md", None, rates=Rates(), limit=0)
    assert found.read_time == 6  # 1,200 words at 238 a minute; B's 1,200 not counted
    assert found.summary is not None and found.summary.startswith("word word")


def test_a_comment_the_page_does_not_show_under_its_heading_is_said() -> None:
    source = "---\n---\n## A\n<!-- tags: a -->\n"
    said: list[str] = []
    assert (
        located(
            declared(source, "a.md", None), "<h2>A</h2>", "a.md", said.append, rates=None, limit=0
        )
        == ()
    )
    assert said == [
        "a.md:3: section tags (heading 'A'): not found under that heading in the rendered page"
    ]


@given(st.text(alphabet="#<!->-tags:, \n`~ab{}", max_size=200))
def test_declared_never_raises_and_lines_point_at_headings(text: str) -> None:
    lines = text.splitlines()
    for found in declared(text, "f.md", lambda _m: None):
        assert lines[found.line - 1].lstrip(" ").startswith("#" * found.level)
        assert found.tags


def test_an_untagged_heading_before_a_tagged_one_is_not_taken_for_it() -> None:
    source = "---\n---\n## Plain\n\nText.\n\n## Tagged\n<!-- tags: a -->\n\nOwn.\n"
    html = render(source)
    (found,) = located(declared(source, "a.md", None), html, "a.md", None, rates=None, limit=0)
    assert (found.anchor, found.heading, found.summary) == ("tagged", "Tagged", "Own.")


def _flat(tokens: list[dict[str, object]]) -> list[dict[str, object]]:
    out: list[dict[str, object]] = []
    for token in tokens:
        out.append(token)
        out.extend(_flat(token["children"]))  # type: ignore[arg-type]
    return out


headings = st.lists(
    st.tuples(
        st.integers(2, 4),
        st.sampled_from(["Intro", "Method", "Method", "Über uns", "C# & C++", "*Bold* part"]),
        st.one_of(st.none(), st.lists(st.sampled_from(["a", "b", "c d"]), min_size=1, max_size=2)),
        st.booleans(),
    ),
    max_size=8,
)


@given(headings)
def test_every_tagged_heading_is_found_with_the_id_the_toc_gave_it(
    drawn: list[tuple[int, str, list[str] | None, bool]],
) -> None:
    parts = ["---\ntags: [x]\n---\n"]
    for level, text, tags, blank in drawn:
        parts.append(f"{'#' * level} {text}\n")
        if tags is not None:
            parts.append(("\n" if blank else "") + f"<!-- tags: {', '.join(tags)} -->\n")
        parts.append("\nSome text.\n\n")
    source = "".join(parts)
    md = markdown.Markdown(extensions=["toc"], extension_configs={"toc": {"permalink": True}})
    html = str(md.convert(source.split("---\n", 2)[2]))
    said: list[str] = []
    found = located(
        declared(source, "f.md", said.append), html, "f.md", said.append, rates=None, limit=0
    )
    ids = [str(t["id"]) for t in _flat(md.toc_tokens)]  # type: ignore[attr-defined]
    wanted = [ids[i] for i, (_, _, tags, _) in enumerate(drawn) if tags is not None]
    assert said == []
    assert [s.anchor for s in found] == wanted
    assert all("¶" not in s.heading and s.heading for s in found)


def test_chips_go_after_the_comment_of_their_heading_only() -> None:
    html = render(SOURCE)
    found = located(declared(SOURCE, "a.md", None), html, "a.md", None, rates=None, limit=200)
    chips = {s.anchor: f"<div data-chips='{s.anchor}'></div>" for s in found}
    assert len(chips) >= 2
    out = with_chips(html, chips)
    for anchor, markup in chips.items():
        assert out.count(markup) == 1
        before = out[: out.index(markup)]
        assert before.rstrip().endswith("-->")  # right after the tags comment
        assert re.findall(r'<h[1-6][^>]*\bid="([^"]+)"', before)[-1] == anchor  # its heading's
    assert re.sub(r"<div data-chips='[^']*'></div>", "", out) == html  # nothing else changed
    assert with_chips(html, {}) == html
    assert with_chips(html, {"no-such-id": "<div></div>"}) == html
