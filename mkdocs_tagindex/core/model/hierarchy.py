"""Tag hierarchy (`hierarchy: true`): tags written `ml/rl/grpo` as a path of levels (pure).

A tag is split on `hierarchy_separator` exactly as Material's `tags_hierarchy` splits it
(`name.split(separator)`), and each level keeps today's identity rules (`slugs.tag_key`): `ML`
and `ml` are one level. A tag's id is its levels' keys joined by `/` (`ml/rl/grpo`), whatever
the separator, so an id names its parents (`ml`, `ml/rl`) and its place in the tree; with the
hierarchy off no id ever contains `/` (`tag_key` turns it into `-`).

The URL of a level is its parent's URL plus the level's slug (`tags/ml/rl/grpo/`). A level below
the top named `page` would meet the pages of its parent split by `per_page`
(`tags/ml/page/2/`), so its slug is `page-tag`, as Windows' device names get `-tag`.

Bad input is repaired and reported, never fatal: an empty level (`ml//rl`, a trailing `/`) is
left out, a tag deeper than `MAX_LEVELS` keeps its first `MAX_LEVELS` levels.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from ..text.slugs import digest, slugify, tag_key

MAX_LEVELS = 8
"""Deepest tag path; a deeper one keeps its first eight levels, with a warning."""

PAGE_FOLDER = "page"
"""The folder of a split tag's later pages (`routes.Plan.tag_src`)."""


@dataclass(frozen=True)
class Split:
    """A tag name as levels (as written, trimmed), and what was wrong with it."""

    levels: tuple[str, ...]
    problems: tuple[str, ...] = ()


def split(name: str, separator: str) -> Split:
    """The levels of a tag name; empty levels left out, at most `MAX_LEVELS` kept."""
    raw = name.split(separator)
    levels = [level.strip() for level in raw if level.strip()]
    problems = []
    if len(levels) < len(raw):
        problems.append(f"has an empty level between or after '{separator}'")
    if len(levels) > MAX_LEVELS:
        problems.append(f"has {len(levels)} levels, more than {MAX_LEVELS}")
        levels = levels[:MAX_LEVELS]
    if not levels:  # only separators: one flat tag, as without the hierarchy
        return Split((name,), tuple(problems))
    return Split(tuple(levels), tuple(problems))


def problem_message(src_uri: str, key: str, name: str, separator: str) -> str | None:
    """The warning for a bad tag path in a page's front matter (None: the path is fine)."""
    found = split(name, separator)
    if not found.problems:
        return None
    return (
        f"{src_uri}: front matter '{key}': tag '{name}' {' and '.join(found.problems)}; "
        f"read as '{separator.join(found.levels)}'"
    )


def path_key(name: str, separator: str) -> str:
    """The id of a tag name: each level's `tag_key`, joined by `/`."""
    return "/".join(tag_key(level) for level in split(name, separator).levels)


def parent(tag: str) -> str | None:
    """`ml/rl` → `ml`; a top-level tag has none."""
    return tag.rsplit("/", 1)[0] if "/" in tag else None


def lineage(tag: str) -> list[str]:
    """The tag's ancestors from the top, then the tag: `ml`, `ml/rl`, `ml/rl/grpo`."""
    parts = tag.split("/")
    return ["/".join(parts[: i + 1]) for i in range(len(parts))]


def leaf(tag: str) -> str:
    return tag.rsplit("/", 1)[-1]


def expand(tags: Iterable[str]) -> list[str]:
    """Tags and all their ancestors, each once, in first-seen order."""
    return list(dict.fromkeys(level for tag in tags for level in lineage(tag)))


def spellings(tag: str, name: str, separator: str) -> list[tuple[str, str]]:
    """(id, as written) of each level of one written tag, for the names levels are shown by.
    Aligned from the leaf: an alias may give a path of another depth (`ml` → `ai/ml`); levels
    the author did not write are left to other spellings or the tags file."""
    written = split(name, separator).levels
    return list(zip(reversed(lineage(tag)), reversed(written), strict=False))


def segment_slug(key: str, depth: int) -> str:
    """The URL segment of one level (`depth` 0: top level)."""
    slug = slugify(key)
    return f"{slug}-tag" if depth > 0 and slug == PAGE_FOLDER else slug


def assign(tags: Iterable[str], taken: dict[str, str]) -> dict[str, str]:
    """Nested slugs (`ml/rl/grpo`) for tags and their ancestors, added to `taken`: each level's
    slug under its parent's, so a page's URL is its parent's plus one folder."""
    used = set(taken.values())
    for tag in sorted(set(expand(tags)) - taken.keys()):  # a parent sorts before its children
        up = parent(tag)
        slug = segment_slug(leaf(tag), tag.count("/"))
        if up is not None:
            slug = f"{taken[up]}/{slug}"
        while slug in used:  # practically never: two cut keys whose hashes meet
            slug = f"{slug}-{digest(slug)}"
        used.add(slug)
        taken[tag] = slug
    return taken


def full_name(tag: str, names: Mapping[str, str], separator: str) -> str:
    """A tag's path as readers see it (`ML/RL/GRPO`): each level's shown name."""
    return separator.join(names.get(level, leaf(level)) for level in lineage(tag))
