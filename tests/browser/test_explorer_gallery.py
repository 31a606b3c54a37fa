"""The pictures of the tag explorer in docs/features.md (`make gallery` writes them), in English
and Japanese: the example site's all-tags page with two tags chosen. Each picture is taken only
once the page shows what tags.json says the choice is."""

from __future__ import annotations

import pytest

from .conftest import DESKTOP, ServedSite, Shooter, SitePageFactory
from .test_explorer import LANGS, chosen, expected, open_explorer, settle, shown, tags_json


@pytest.mark.parametrize("lang", LANGS)
def test_pictures_of_the_explorer(
    example_site: ServedSite, site_page: SitePageFactory, gallery: Shooter, lang: str
) -> None:
    prefix = LANGS[lang]
    opened = site_page(example_site, DESKTOP, color_scheme="light")
    page = open_explorer(opened, example_site.url(prefix + "tags/?t=grpo+rl&match=all"))
    settle(page, "?t=grpo+rl&match=all")
    assert chosen(page) == ["grpo", "rl"]
    titles = expected(tags_json(example_site, prefix), ["grpo", "rl"])
    assert [t for _, t in shown(page)] == titles and len(titles) > 2
    page.locator("[data-tagindex-explorer]").scroll_into_view_if_needed()
    page.evaluate(
        "() => window.scrollTo(0, document.querySelector('[data-tagindex-explorer]')"
        ".getBoundingClientRect().top + window.scrollY - 70)"
    )
    gallery(page, f"explorer-{lang}")
    assert opened.errors == []
