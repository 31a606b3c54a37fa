"""Issue 33, point 2 on Zensical: a site's own `main.html` override, author pages whose URL is a
planned tag page (an error before any write), and `mkdocs build` after `tagindex build` in the
same project (the plugin builds its own pages over the command's files)."""

from __future__ import annotations

from pathlib import Path

from bs4 import BeautifulSoup
from test_zensical import cards, on_zensical, tag_pages

from conftest import build, material_config, seed_site

MAIN = '{% extends "base.html" %}\n{% block announce %}Site news{% endblock %}\n'
BLOCK = (
    '{% extends "tagindex/_base/card.html" %}\n'
    '{% block tagindex_card_summary scoped %}<em class="mine">Mine:</em> {{ super() }}'
    "{% endblock %}\n"
)


def test_a_sites_main_html_override_leaves_the_commands_frame(tmp_path: Path) -> None:
    config = material_config()
    config["theme"] = {"name": "material", "custom_dir": "overrides"}
    project = seed_site(tmp_path / "s", config)
    (project / "overrides").mkdir()
    (project / "overrides/main.html").write_text(MAIN, "utf-8")
    (project / "overrides/tagindex").mkdir()
    (project / "overrides/tagindex/card.html").write_text(BLOCK, "utf-8")
    mk = build(project, "--strict")
    zen = on_zensical(project)
    pages = tag_pages(mk.dir)
    assert "tags/grpo/index.html" in pages and pages == tag_pages(zen)
    for rel in pages:
        assert cards(zen, rel) == cards(mk.dir, rel), rel
    for built in (zen, mk.dir):  # the site's block override applies on both hosts
        page = BeautifulSoup((built / "tags/grpo/index.html").read_text("utf-8"), "html.parser")
        assert len(page.select(".tagindex-card .mine")) == 16
    assert "Site news" in (zen / "index.html").read_text("utf-8")  # the site's override holds
