"""Which assets a page of each theme loads, and the override mistakes said before Jinja fails."""

from __future__ import annotations

from pathlib import Path

from mkdocs_tagindex.core.model.tagindex import Pagination
from mkdocs_tagindex.core.output import theme
from mkdocs_tagindex.core.output.contexts import ArticleContext, PageContext

CSS = "assets/tagindex/tagindex.css"
FILTERS = "assets/tagindex/tagindex-filters.css"
BASIC = "assets/tagindex/tagindex-basic.css"
JS = "assets/tagindex/tagindex.js"
AUDIENCES = (("students", "Students"),)
PAGED = Pagination(number=1, count=2, urls=("tags/x/", "tags/x/page/2/"))


def page(kind: str, **fields: object) -> PageContext:
    return PageContext(kind=kind, lang="en", labels=None, index=None, **fields)  # type: ignore[arg-type]


def article() -> ArticleContext:
    return ArticleContext(kind="article", lang="en", labels=None, article=None, show_meta=True)  # type: ignore[arg-type]


def test_material_pages_load_the_toolbar_styles_and_script_only_with_a_toolbar() -> None:
    assets = theme.assets_for("material")
    assert assets.supported
    with_switch = page("tag", audiences=AUDIENCES)
    assert assets.stylesheets(with_switch) == (CSS, FILTERS)
    assert assets.scripts(with_switch) == (JS,)
    assert assets.stylesheets(page("tag", filters=("type",))) == (CSS, FILTERS)
    assert assets.stylesheets(page("tag")) == (CSS,) and assets.scripts(page("tag")) == ()
    # A tag split into pages has its toolbars too: the script reads tags.json for the rest.
    paged = page("tag", audiences=AUDIENCES, pagination=PAGED)
    assert assets.stylesheets(paged) == (CSS, FILTERS) and assets.scripts(paged) == (JS,)
    assert assets.scripts(page("tag", pagination=PAGED)) == ()  # nothing to filter by
    # The all-tags page has the audience switch, never the filters.
    assert assets.scripts(page("index", audiences=AUDIENCES)) == (JS,)
    assert assets.scripts(page("index", filters=("type",))) == ()
    assert assets.stylesheets(article()) == (CSS,) and assets.scripts(article()) == ()


def test_mkdocs_themes_and_others_get_the_basic_stylesheet() -> None:
    for name in ("mkdocs", "readthedocs"):
        assets = theme.assets_for(name)
        assert assets.supported
        assert assets.stylesheets(page("tag", audiences=AUDIENCES)) == (BASIC,)
        assert assets.scripts(page("tag", audiences=AUDIENCES)) == (JS,)
    for name in ("windmill", None):
        assets = theme.assets_for(name)
        assert not assets.supported and assets.stylesheets(page("index")) == (BASIC,)


def test_every_asset_named_is_shipped() -> None:
    root = Path(theme.theme_overrides_dir())
    for name in ("material", "mkdocs"):
        assets = theme.assets_for(name)
        for rel in (*assets.base, *assets.toolbar, assets.script):
            assert (root / rel).is_file(), rel


def test_overrides_that_extend_themselves_are_named(tmp_path: Path) -> None:
    folder = tmp_path / "tagindex"
    (folder / "_base").mkdir(parents=True)
    (folder / "card.html").write_text('{% extends "tagindex/card.html" %}\n')
    (folder / "tag.html").write_text("{%- extends 'tagindex-theme/tagindex/tag.html' -%}\n")
    (folder / "tags.html").write_text('{% extends "tagindex/_base/tags.html" %}\n')  # right
    (folder / "audience.html").write_text("<div>my own switch</div>\n")  # a whole copy: fine
    (folder / "_base" / "tags.html").write_text('{% extends "tagindex/base.html" %}\n')  # a copy
    (folder / "_base" / "card.html").write_text('{% extends "tagindex/card.html" %}\n')  # a loop
    problems = theme.override_problems(str(tmp_path))
    assert len(problems) == 3, problems
    assert "_base/card.html extends 'tagindex/card.html', which comes back" in problems[0]
    assert "start from a copy of ours" in problems[0]
    assert "tagindex/card.html extends 'tagindex/card.html', which is this file" in problems[1]
    assert "extend 'tagindex/_base/card.html' instead" in problems[1]
    assert "tag.html extends 'tagindex-theme/tagindex/tag.html', which does not" in problems[2]
    assert "extend 'tagindex/_base/tag.html' instead" in problems[2]
    assert theme.override_problems(None) == []
    assert theme.override_problems(str(tmp_path / "missing")) == []
