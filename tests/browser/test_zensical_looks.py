"""The example site's tag pages on Zensical (issue 26), in the browser: `tagindex init`,
`tagindex build` and the real `zensical-i18n build`, with Zensical's classic and modern looks
(`theme.variant`), light and dark (the palette toggle). The cards are there and styled, the
script ran (the toolbar shows), the texts tagindex draws meet WCAG AA, nothing of tagindex
leaves loopback, no script error. The pictures are the Zensical half of docs/gallery.md
(`make gallery`)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page

from .colors import NO_MOTION_CSS, measure
from .conftest import DESKTOP, ServedSite, Shooter, SitePageFactory, _serve
from conftest import ROOT

LOOKS = ("classic", "modern")
SCHEMES = ("light", "dark")
BIN = Path(sys.executable).parent
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}
FONTS = ("https://fonts.googleapis.com/", "https://fonts.gstatic.com/")


def run(project: Path, *command: str) -> None:
    result = subprocess.run(
        command, cwd=project, env=ENV, capture_output=True, text=True, timeout=900
    )
    assert result.returncode == 0, result.stderr[-4000:] + result.stdout[-2000:]
    assert "Traceback" not in result.stderr, result.stderr[-4000:]


@pytest.fixture(scope="session")
def zensical_sites(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, ServedSite]]:
    """The example site built with Zensical in each look, each served on its own port."""
    sites: dict[str, ServedSite] = {}
    servers = []
    try:
        for look in LOOKS:
            project = tmp_path_factory.mktemp(f"zensical-{look}") / "example_site"
            shutil.copytree(
                ROOT / "example_site", project, ignore=shutil.ignore_patterns("site", ".cache")
            )
            config = project / "mkdocs.yml"
            text = config.read_text("utf-8")
            assert "\ntheme:\n" in text
            config.write_text(text.replace("\ntheme:\n", f"\ntheme:\n  variant: {look}\n", 1))
            run(project, sys.executable, "-m", "mkdocs_tagindex", "init")
            run(project, sys.executable, "-m", "mkdocs_tagindex", "build")
            run(project, str(BIN / "zensical-i18n"), "build")
            assert (project / "site/tags/grpo/index.html").is_file()
            server, thread, base_url = _serve(project / "site")
            servers.append((server, thread))
            sites[look] = ServedSite(dir=project / "site", base_url=base_url)
        yield sites
    finally:
        for server, thread in servers:
            server.shutdown()
            server.server_close()
            thread.join(timeout=10)


def to_dark(page: Page) -> None:
    """Zensical's palette toggle, as a reader switches (the example site names two schemes)."""
    page.locator("label.md-header__button[for=__palette_1]").first.click()
    page.locator("body[data-md-color-scheme=slate]").wait_for(state="attached")


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("look", LOOKS)
def test_grpo_page_on_zensical(
    zensical_sites: dict[str, ServedSite],
    site_page: SitePageFactory,
    gallery: Shooter,
    look: str,
    scheme: str,
) -> None:
    site = zensical_sites[look]
    opened = site_page(site, DESKTOP, color_scheme="light")
    page = opened.page
    page.goto(site.url("/tags/grpo/"))
    page.locator("[data-tagindex-toolbar]:not([hidden])").first.wait_for()
    if scheme == "dark":
        to_dark(page)
    page.add_style_tag(content=NO_MOTION_CSS)
    page.evaluate("document.fonts.ready.then(() => true)")
    cards = page.locator(".tagindex-card")
    assert cards.count() >= 10
    listed = page.locator("ol.tagindex-cards").first
    assert listed.evaluate("el => getComputedStyle(el).listStyleType") == "none"  # our CSS
    box = cards.first.bounding_box()
    assert box is not None and box["width"] > 300
    assert not page.locator(".md-typeset h2[id^='tag:']").count()  # no second list
    low = [r.describe() for r in measure(page, ["[data-tagindex]"]) if r.ratio < r.required]
    assert low == [], "\n".join(low[:10])
    gallery(page, f"zensical-{look}-{scheme}")
    assert opened.errors == []
    # Zensical's own web fonts (theme.font) are the only requests that try to leave loopback
    assert [url for url in opened.blocked if not url.startswith(FONTS)] == []
