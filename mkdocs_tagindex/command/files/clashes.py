"""Author pages whose URL is the URL of a page the command generates.

Zensical refuses a site where two sources have one destination ("page destination ... has
multiple owners"), and its destinations are MkDocs' (`core.routes.url_of`: `tags.md` and
`tags/index.md` are both `tags/` with directory URLs; `tags.ja.md` is `ja/tags/` in
zensical-i18n's suffix layout). File paths alone miss these, so the command compares pages by
language and URL, and stops before it writes anything. The MkDocs host is not concerned: there,
an author's page at a tag page's path wins, with the plugin's warning.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from ...core import Languages, Messages, Run, url_of
from ..config.confedit import prepared
from ..config.site import CommandError, Site
from .owned import Owned

Key = tuple[str, str]
"""(language, site-relative URL within that language)."""

FIX = (
    "Zensical refuses two pages at one URL: rename or move the page, or set the tagindex "
    "option tags_dir to another folder"
)


def destinations(
    languages: Languages, paths: Iterable[str], directory_urls: bool
) -> dict[Key, str]:
    """(language, URL) → the source under `docs_dir` each language's build publishes there
    (its own pages, and the default language's where it falls back to them)."""
    out: dict[Key, str] = {}
    pages = [p for p in paths if p.endswith(".md")]
    for lang, srcs in languages.select(pages).items():
        for src in srcs:
            out.setdefault((lang, url_of(languages.locale_of(src)[1], "", directory_urls)), src)
    return out


def found(site: Site, authors: Iterable[str], planned: Mapping[Key, str]) -> list[str]:
    """One message per author page at the URL of a planned page (`planned`: its name)."""
    theirs = destinations(site.languages(), authors, site.directory_urls)
    said: dict[str, str] = {}
    for key, src in sorted(theirs.items()):
        page = planned.get(key)
        if page is not None and src not in said:
            lang = f" ({key[0]})" if site.i18n is not None else ""
            said[src] = (
                f"{site.docs_dir / src} is published at {key[1]}{lang}, the URL of the tag page "
                f"tagindex generates as {page}"
            )
    return list(said.values())


def stop_on_clashes(site: Site, authors: Iterable[str], files: Iterable[str]) -> None:
    """`tagindex build`: a `CommandError` naming each clash (`files`: what it would write)."""
    planned = destinations(site.languages(), files, site.directory_urls)
    problems = found(site, authors, planned)
    if problems:
        raise CommandError("nothing written: " + "; ".join(problems) + f". {FIX}.")


def for_zensical(site: Site, owned: Owned) -> bool:
    """Whether `tagindex check` checks for Zensical: a `zensical.toml`, or a site where
    `tagindex init` prepared (its lines in the config, or a template it stamped) or `tagindex
    build` left its journal or a page with its marker in a folder of the command (read from the
    files: the same in a fresh clone)."""
    if site.toml or prepared(site.path, site.custom_dir):
        return True
    return any(manifest is not None for manifest in owned.manifests.values())


def check_clashes(
    site: Site,
    authors: list[str],
    sources: Iterable[tuple[str, Any]],
    read: Callable[..., dict[str, Any]],
    say: Callable[[int, str], None],
) -> None:
    """`tagindex check`: the tag pages a build would generate (as the first pass predicts them,
    read without its messages: the check says those once already), against the authors' pages."""
    languages = site.languages()
    run = Run(site.options, languages, Messages(lambda level, text: None))
    run.first_pass(sources, read)
    planned: dict[Key, str] = {}
    for lang in languages.build:
        for route in run.plan(lang).routes():
            name = f"{route.src_uri} ({lang})" if site.i18n is not None else route.src_uri
            planned[(lang, url_of(route.src_uri, "", site.directory_urls))] = name
    for problem in found(site, authors, planned):
        say(logging.ERROR, f"{problem}. {FIX}")
