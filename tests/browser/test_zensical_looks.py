"""The example site's tag pages on Zensical (issue 26), in the browser: `tagindex init`,
`tagindex build` and the real `zensical-i18n build`, with Zensical's classic and modern looks
(`theme.variant`), light and dark (the palette toggle). The cards are there and styled, the
script ran (the toolbar shows), the texts tagindex draws meet WCAG AA, nothing of tagindex
leaves loopback, no script error. The pictures are the Zensical half of docs/gallery.md
(`make gallery`)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from .colors import NO_MOTION_CSS, measure
from .conftest import DESKTOP, ServedSite, Shooter, SitePageFactory
from .conftest import ZENSICAL_LOOKS as LOOKS

SCHEMES = ("light", "dark")
FONTS = ("https://fonts.googleapis.com/", "https://fonts.gstatic.com/")


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
