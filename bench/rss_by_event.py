"""Where a build's peak RSS is reached: resident memory at the start and end of every MkDocs
event (page events aside), and the event running when a 50 ms sampler saw the peak.

    .venv/bin/python bench/rss_by_event.py bench/sites/n1000/plain > /tmp/plain.txt
    .venv/bin/python bench/rss_by_event.py bench/sites/n1000/tagindex > /tmp/tagindex.txt
    paste /tmp/plain.txt /tmp/tagindex.txt

Run two variants side by side (the sampler does not care about CPU contention) and compare the
columns: the phase where they part is where a plugin's memory goes. Indentation shows the
nesting of static-i18n's language builds inside the first build's `on_post_build`.
"""

from __future__ import annotations

import os
import resource
import shutil
import sys
import tempfile
import threading
import time
from typing import Any

PAGE_EVENTS = frozenset(
    {
        "pre_page",
        "page_read_source",
        "page_markdown",
        "page_content",
        "page_context",
        "post_page",
        "pre_template",
        "template_context",
        "post_template",
    }
)


def rss_mb() -> float:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def main(project: str) -> None:
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    os.chdir(project)
    from mkdocs.commands.build import build
    from mkdocs.config import load_config
    from mkdocs.plugins import PluginCollection

    lines: list[tuple[float, int, str, str, float]] = []
    state = {"depth": 0, "now": "", "peak": 0.0, "at": ""}
    run_event = PluginCollection.run_event

    def logged(self: Any, name: str, item: Any = None, **kwargs: Any) -> Any:
        depth = state["depth"]
        if name not in PAGE_EVENTS:
            lines.append((time.time(), depth, name, "start", rss_mb()))
        state["now"], state["depth"] = f"{depth}:{name}", depth + 1
        try:
            return run_event(self, name, item, **kwargs)
        finally:
            state["depth"] = depth
            if name not in PAGE_EVENTS:
                lines.append((time.time(), depth, name, "end", rss_mb()))
            state["now"] = f"{depth}:after {name}"

    def sample() -> None:
        while True:
            now = rss_mb()
            if now > state["peak"]:
                state["peak"], state["at"] = now, state["now"]
            time.sleep(0.05)

    PluginCollection.run_event = logged  # type: ignore[method-assign]
    threading.Thread(target=sample, daemon=True).start()
    site = tempfile.mkdtemp(prefix="rss-by-event-")
    try:
        config = load_config("mkdocs.yml", site_dir=site)
        config.plugins.on_startup(command="build", dirty=False)
        build(config)
    finally:
        shutil.rmtree(site, ignore_errors=True)
    maxrss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak {state['peak']:.0f} MB during {state['at']}; maxrss {maxrss:.0f} MB")
    start = lines[0][0]
    for at, depth, name, edge, mb in lines:
        print(f"{at - start:7.1f} {'  ' * depth}{name} {edge} {mb:.0f}")


if __name__ == "__main__":
    main(sys.argv[1])
