"""A second host: the engine driven with pages a test read itself, no MkDocs build (issue 23).

The "host" here reads a docs folder, parses front matter and renders Markdown with the Markdown
library, calls the core's public calls in the order docs/architecture.md gives, and renders the
page bodies with `core.render.Renderer`. The body of every tag page must be the very HTML the
MkDocs plugin writes for the same site inside Material's frame.
"""

from __future__ import annotations

import logging
import re
from pathlib import Path

import markdown
from bs4 import BeautifulSoup

from mkdocs_tagindex.core import (
    Edition,
    Found,
    Language,
    Languages,
    Messages,
    Published,
    Run,
    SiteInfo,
    SourcePage,
    TagIndexConfig,
)
from mkdocs_tagindex.core.model.routes import url_of
from mkdocs_tagindex.core.output.render import Renderer
from mkdocs_tagindex.core.records.frontmatter import front_matter

from conftest import Site, build, material_config, seed_site, write_page

BODY = re.compile(r"\A---.*?\n---\s*\n", re.S)


def core_build(docs: Path, options: dict[str, object]) -> tuple[dict[str, str], list[str]]:
    """Every generated page's body by site-relative URL, and the messages said."""
    config = TagIndexConfig()
    config.load_dict(options)
    errors, _ = config.validate()
    assert not errors
    said: list[str] = []
    messages = Messages(lambda level, text: said.append(f"{logging.getLevelName(level)} {text}"))
    run = Run(config, Languages(current="en", default="en", build=("en",)), messages)
    sources = sorted(
        (p.relative_to(docs).as_posix(), p.read_text("utf-8")) for p in docs.rglob("*.md")
    )
    run.first_pass(sources)
    language = Language(run, "en", SiteInfo(url="https://example.org/", name="Fixture"))
    found: list[Found] = []
    for src_uri, text in sources:
        meta = front_matter(text, src_uri, run.warn)
        html = markdown.markdown(BODY.sub("", text, count=1))
        heading = re.search(r"<h1[^>]*>(.*?)</h1>", html)
        facts = language.facts(html, heading.group(1) if heading else None, None)
        title = meta.get("title")
        page = SourcePage(
            src_uri, url_of(src_uri), meta, str(title) if title else None, None, facts
        )
        article = language.article(page)
        if article is not None:
            found.append(article)
    collected = language.collect(found)
    pages = {r.src_uri: (r, url_of(r.src_uri)) for r in collected.plan.routes()}
    edition = Edition(language, collected, Published(pages, {}, lambda src: False))
    renderer = Renderer()
    bodies = {
        url: renderer.page(edition.page_context(route, url), url) for route, url in pages.values()
    }
    return bodies, said


def body_of(html: str) -> str:
    element = BeautifulSoup(html, "html.parser").select_one("div.tagindex")
    assert element is not None
    return str(element)


def test_the_seed_site_gives_the_same_tag_pages_through_the_core(tmp_path: Path) -> None:
    project = seed_site(tmp_path / "seed", material_config(per_page=6))
    write_page(
        project, "extra.md", {"title": "Extra", "tags": ["rl", "Solo"]}, "# Extra\n\nText.\n"
    )
    site: Site = build(project, "--strict")
    bodies, said = core_build(project / "docs", {"per_page": 6})
    assert not [line for line in said if line.startswith("WARNING")], said
    # the seed's #grpo (16 cards over 3 pages of 6), #rl, #solo, their pages and the index
    assert {"tags/", "tags/grpo/", "tags/grpo/page/2/", "tags/grpo/page/3/", "tags/rl/"} <= set(
        bodies
    )
    for url, body in bodies.items():
        built = (site.dir / url / "index.html").read_text("utf-8")
        assert body_of(body) == body_of(built), url
    grpo = BeautifulSoup(bodies["tags/grpo/"], "html.parser")
    numbers = [n.get_text() for n in grpo.select(".tagindex-card__number")]
    assert numbers == ["01", "02", "03", "04", "05", "06"]
