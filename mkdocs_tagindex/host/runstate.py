"""The MkDocs host's run state: one per `mkdocs build` (or `mkdocs serve` rebuild), across
mkdocs-static-i18n's language builds, and the `Memory` kept across runs.

mkdocs-static-i18n runs one whole MkDocs build per language on the same plugin instance (the
default language sometimes twice), so what is true for the whole site lives in the engine's
`core.run.Run`, made here from MkDocs' files at the first `on_files`; what one language build
finds lives in `host/buildstate.py`'s `BuildState`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import get_plugin_logger
from mkdocs.structure.files import Files

from ..core import Article, Messages, Run, TagIndexConfig, bundled_icons
from . import i18n, interop
from .files import Stubs
from .jinja import OwnTemplates

log = get_plugin_logger("tagindex")


@dataclass
class Memory:
    """Kept across runs by the plugin instance: the temporary folder of generated sources, and
    the last article record of every page, for pages a `--dirty` rebuild does not render."""

    stubs: Stubs = field(default_factory=Stubs)
    articles: dict[tuple[str, str], tuple[Article, tuple[str, ...]]] = field(default_factory=dict)
    """(language, source path) → the page's last article record and its tags' spellings."""
    compiled: OwnTemplates = field(default_factory=OwnTemplates)
    """The plugin's templates, compiled once for every build of the process."""
    keeps_articles: bool = True
    """Only `mkdocs serve` rebuilds in the same process; a `mkdocs build` (even `--dirty`)
    starts with nothing to reuse, so it keeps no copy of every language's articles."""

    resolved_by: Mapping[str, str] = field(default_factory=dict)
    """The tags file's names and aliases (`TagCatalog.keys`) the records' tag ids come from."""

    def use_catalog(self, keys: Mapping[str, str]) -> None:
        """A changed tags file maps names to other tags: the records' tag ids are stale."""
        if keys is not self.resolved_by and keys != self.resolved_by:
            self.articles.clear()
            self.resolved_by = keys

    def forget(self, lang: str, keep: set[str]) -> None:
        """Drop what is known of `lang`'s pages that no longer exist."""
        for key in [k for k in self.articles if k[0] == lang and k[1] not in keep]:
            del self.articles[key]


class RunState:
    """One run: its messages from `on_config` on, and the engine's run from the first
    `on_files` on (it needs every page's source)."""

    def __init__(self, options: TagIndexConfig, *, serving: bool) -> None:
        self.options = options
        self.serving = serving
        self.messages = Messages(log.log)
        self._core: Run | None = None

    @property
    def started(self) -> bool:
        return self._core is not None

    @property
    def core(self) -> Run:
        assert self._core is not None, "the first on_files starts the engine's run"
        return self._core

    def start(self, files: Files, config: MkDocsConfig) -> None:
        """The engine's run, with the first pass over every page's front matter: which tags
        each language will have, to create their pages while other plugins can still see new
        files."""
        self._core = Run(
            self.options,
            i18n.languages(config),
            self.messages,
            serving=self.serving,
            is_shadow=interop.shadow_tags(config),
            icons=bundled_icons("material", _custom_dirs(config)),
        )
        self._core.first_pass(self._sources(files), sectioned=True)

    @staticmethod
    def _sources(files: Files) -> Iterator[tuple[str, str]]:
        """Every page's source, one at a time (a large site's would not fit in memory)."""
        for file in sorted(files, key=lambda f: f.src_uri):
            if not file.is_documentation_page():
                continue
            try:
                yield file.src_uri, file.content_string
            except (OSError, ValueError):
                continue  # MkDocs reports unreadable files itself


def _custom_dirs(config: MkDocsConfig) -> list[str]:
    """The site's `custom_dir`, whose `.icons` Material reads before its own."""
    custom = config.theme.custom_dir
    return [custom] if custom else []
