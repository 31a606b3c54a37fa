"""What one `tagindex build` publishes and what it read: `publish.py` fills it, the cache
(`cache.py`, `skips.py`) adds what it gives again, `build.py` records it in the state."""

from __future__ import annotations

from dataclasses import dataclass, field

from .files.owned import Report
from .pages.sources import Source


@dataclass
class Result:
    files: dict[str, bytes] = field(default_factory=dict)
    rendered: int = 0
    """Pages whose Markdown was rendered (not found in the cache)."""
    report: Report | None = None
    sources: list[Source] = field(default_factory=list)
    """The pages as this run read them."""
    facts: dict[str, list[list[object]]] = field(default_factory=dict)
    """Page with tags → [language, text language, heading, minutes, summary] per build."""
    same: dict[str, str] = field(default_factory=dict)
    """Files whose bytes on disk were read in this run and are those of `files`."""
