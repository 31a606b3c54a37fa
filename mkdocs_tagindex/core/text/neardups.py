"""Tags that look like one tag spelled two ways: `agent` / `agents`, `kubernetes` /
`kubernets`, `k8s` / `kubernetes`. Case, width and separators are folded into one tag already
(`slugs.tag_key`); these are the spellings the fold cannot know, said so that an author adds an
alias to the tags file (or renames a page's tag).

What counts as near, between two tags of the site (their ids):

- a plural: one is the other with `s`, `es`, or `y` → `ies` (the shorter of 3 characters at
  least);
- one edit apart (a letter added, dropped, changed, or two neighbours swapped) in tags of 5
  characters or more, where the edit touches no digit (`gpt-3` / `gpt-4`, `llama2` / `llama3`
  are different things) and no separator;
- a known abbreviation of the other (`KNOWN`).

Never near: tags under 3 characters (`ml` / `rl`), or under 5 for an edit. The pairs are found
without comparing every tag with every other: each tag is indexed by its one-letter deletions,
so the cost grows with the number of tags times their length.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

KNOWN: tuple[tuple[str, str], ...] = (
    ("k8s", "kubernetes"),
    ("js", "javascript"),
    ("ts", "typescript"),
    ("py", "python"),
    ("ml", "machine-learning"),
    ("ai", "artificial-intelligence"),
    ("llm", "large-language-model"),
    ("llms", "large-language-models"),
    ("rl", "reinforcement-learning"),
    ("nlp", "natural-language-processing"),
    ("cv", "computer-vision"),
    ("db", "database"),
    ("i18n", "internationalization"),
    ("a11y", "accessibility"),
)
"""Abbreviations and what they stand for, as tag ids."""
MIN_PLURAL = 3
MIN_EDIT = 5


@dataclass(frozen=True, order=True)
class Near:
    """Two tags that look like one: `a` sorts first; `why` says how."""

    a: str
    b: str
    why: str


def _plurals(tag: str) -> list[str]:
    forms = [tag + "s", tag + "es"]
    if tag.endswith("y"):
        forms.append(tag[:-1] + "ies")
    return forms


def _deletions(tag: str) -> set[str]:
    return {tag[:i] + tag[i + 1 :] for i in range(len(tag))}


def _one_edit(a: str, b: str) -> bool:
    """Exactly one edit apart (insert, delete, substitute, swap neighbours), touching no digit
    and no separator."""
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) > len(b):
        a, b = b, a
    start = 0
    while start < len(a) and a[start] == b[start]:
        start += 1
    end_a, end_b = len(a), len(b)
    while end_a > start and end_b > start and a[end_a - 1] == b[end_b - 1]:
        end_a -= 1
        end_b -= 1
    changed = a[start:end_a] + b[start:end_b]
    if any(ch.isdigit() or ch == "-" for ch in changed):
        return False
    if len(a) < len(b):  # one added letter
        return end_a == start and end_b - start == 1
    if end_a - start == 1:  # one letter changed
        return True
    # two neighbours swapped
    return end_a - start == 2 and a[start] == b[start + 1] and a[start + 1] == b[start]


def near_pairs(tags: Iterable[str], known: Iterable[tuple[str, str]] = KNOWN) -> list[Near]:
    """Every pair of `tags` (ids) that looks like one tag, each once, sorted."""
    present = sorted(set(tags))
    have = set(present)
    found: set[Near] = set()

    def add(x: str, y: str, why: str) -> None:
        a, b = sorted((x, y))
        found.add(Near(a, b, why))

    for tag in present:
        if len(tag) >= MIN_PLURAL:
            for form in _plurals(tag):
                if form in have:
                    add(tag, form, "a plural")
    by_deletion: dict[str, list[str]] = {}
    for tag in present:
        if len(tag) >= MIN_EDIT - 1:
            for variant in _deletions(tag) | {tag}:
                by_deletion.setdefault(variant, []).append(tag)
    paired = {(n.a, n.b) for n in found}
    for group in by_deletion.values():
        for i, x in enumerate(group):
            for y in group[i + 1 :]:
                pair = (min(x, y), max(x, y))
                if pair not in paired and min(len(x), len(y)) >= MIN_EDIT and _one_edit(x, y):
                    paired.add(pair)
                    add(x, y, "one letter apart")
    for short, full in known:
        if short in have and full in have:
            add(short, full, "an abbreviation")
    return sorted(found)


def message(near: Near, files: Mapping[str, list[str]], names: Mapping[str, str]) -> str:
    """The line said about one pair: both tags as written, a few files of each, and the tags
    file entry that makes them one."""

    def where(tag: str) -> str:
        found = sorted(files.get(tag, ()))
        more = f", and {len(found) - 3} more" if len(found) > 3 else ""
        return ", ".join(found[:3]) + more

    a, b = names.get(near.a, near.a), names.get(near.b, near.b)
    keep, alias = (
        (near.b, b)
        if len(files.get(near.b, ())) > len(files.get(near.a, ()))
        else (
            near.a,
            a,
        )
    )
    other = b if alias == a else a
    return (
        f"tags '{a}' ({where(near.a)}) and '{b}' ({where(near.b)}) look like one tag "
        f"({near.why}); if they are, make one an alias of the other in the tags file: "
        f"{keep}: {{aliases: [{other}]}}"
    )
