"""A site's languages and their docs layout: which source file is in which language, and which
files each language's site publishes (pure: static-i18n's naming rules, not its plugin object).

The MkDocs host reads the languages from mkdocs-static-i18n (`host/i18n.py`); another host
reads the same options from the site's configuration.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

_RE_LOCALE = re.compile(r"(^[a-z]{2}(-[A-Za-z]{4})?(-[A-Z]{2})?$)|(^[a-z]{2}_[A-Z]{2}$)")
"""static-i18n's own pattern for a locale in a file or folder name."""


@dataclass(frozen=True)
class Languages:
    """The languages of a site, as static-i18n will build them (one language without it)."""

    current: str
    default: str
    build: tuple[str, ...]
    structure: str = "none"
    """`suffix`, `folder`, or `none` without static-i18n."""
    fallback: bool = False

    def prefix(self, lang: str) -> str:
        """Folder of a language's pages under `site_dir`."""
        return "" if lang == self.default else f"{lang}/"

    def locale_of(self, src_uri: str) -> tuple[str | None, str]:
        """Locale of a source file and its language-neutral path, by static-i18n's naming rules.

        The locale is None for files in a language that is configured but not built.
        """
        return _locale_of(self, src_uri)

    def _locale_of(self, src_uri: str) -> tuple[str | None, str]:
        if self.structure == "suffix":
            stem, ext = posixpath.splitext(src_uri)
            base, dot, suffix = stem.rpartition(".")
            if dot and (suffix in self.build or _RE_LOCALE.match(suffix)):
                return (suffix if suffix in self.build else None), base + ext
        elif self.structure == "folder":
            head, _, rest = src_uri.partition("/")
            if rest and (head in self.build or _RE_LOCALE.match(head)):
                return (head if head in self.build else None), rest
        return self.default, src_uri

    def select(self, src_uris: Iterable[str]) -> dict[str, list[str]]:
        """The source files each language's build will publish (its own, then fallbacks)."""
        own: dict[str, dict[str, str]] = {lang: {} for lang in self.build}
        for src_uri in sorted(src_uris):
            locale, norm = self.locale_of(src_uri)
            if locale is not None and locale in own:
                own[locale].setdefault(norm, src_uri)
        chosen: dict[str, list[str]] = {}
        for lang in self.build:
            pages = dict(own[lang])
            if self.fallback and lang != self.default:
                for norm, src_uri in own[self.default].items():
                    pages.setdefault(norm, src_uri)
            chosen[lang] = sorted(pages.values())
        return chosen


@lru_cache(maxsize=1 << 16)
def _locale_of(languages: Languages, src_uri: str) -> tuple[str | None, str]:
    """`Languages.locale_of`, asked three times a build for each page (by `select` twice)."""
    return languages._locale_of(src_uri)
