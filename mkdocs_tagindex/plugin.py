"""MkDocs events → the host's run state, build state and page stage (`host/`), which translate
between MkDocs and the engine (`core/`). Nothing here parses text or builds HTML.

When things happen (MkDocs 1.6, `mkdocs/commands/build.py`) and why this plugin acts there is
in docs/architecture.md, "When things happen on MkDocs"; each handler's priority says why here.
In short: `on_config` starts a run (static-i18n builds every language inside the first one's
`on_post_build`, so a run counts `depth`); the first `on_files` starts the engine's run with a
first pass over every page's front matter and each build generates its predicted pages;
`on_page_content` notes what each article's HTML says; `on_env` (before Material's tags plugin
renders its listings) takes every article from its page's final state and makes the language's
`Edition`; `on_page_context` hands the templates their `tagindex`; `on_post_page` checks the
fast path's sample; `on_post_build` ends the run.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Literal

from jinja2 import Environment
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, CombinedEvent, event_priority
from mkdocs.structure.files import Files
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import Page
from mkdocs.utils.templates import TemplateContext

from .core import TagIndexConfig, TagIndexError, theme
from .host import i18n, interop, jinja
from .host.buildstate import BuildState
from .host.files import drop_command_files
from .host.runstate import Memory, RunState
from .host.stage import PageStage

if TYPE_CHECKING:  # only `mkdocs serve` loads the server: a build never imports it
    from mkdocs.livereload import LiveReloadServer


class TagIndexPlugin(BasePlugin[TagIndexConfig]):
    """Tag pages of numbered article cards, an all-tags page, and tag chips on articles."""

    def __init__(self) -> None:
        self.memory = Memory()
        self.serving = False
        self.depth = 0
        self._run: RunState | None = None
        self._build: BuildState | None = None
        self._stage: PageStage | None = None

    @property
    def run(self) -> RunState:
        assert self._run is not None, "on_config starts every run"
        return self._run

    @property
    def build(self) -> BuildState:
        assert self._build is not None, "on_files starts every build"
        return self._build

    def on_startup(self, *, command: Literal["build", "gh-deploy", "serve"], dirty: bool) -> None:
        self.serving = command == "serve"
        self.memory.keeps_articles = self.serving

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig | None:
        if not self.config.enabled:
            return config
        # One instance per site: a second one would generate the same pages and overwrite the
        # first one's context and chips (MkDocs itself only warns about it).
        instances = [
            name
            for name, plugin in config.plugins.items()
            if isinstance(plugin, TagIndexPlugin) and plugin.config.enabled
        ]
        if len(instances) > 1:
            names = ", ".join(instances)
            raise PluginError(
                f"tagindex: listed {len(instances)} times under 'plugins' ({names}); it supports "
                "one instance per site. Remove the others or give them 'enabled: false'."
            )
        tags_file = self.config.tags_file
        if tags_file and not self.serving and not os.path.isfile(tags_file):
            raise PluginError(
                f"tagindex: option 'tags_file': the path '{tags_file}' isn't an existing file"
            )
        if self.depth == 0:
            self._run = RunState(self.config, serving=self.serving)
        self.depth += 1
        self._build = self._stage = None
        # After the site's own custom_dir, before the theme: authors override by file name.
        ours = theme.theme_overrides_dir()
        dirs = config.theme.dirs
        if ours not in dirs:
            custom = config.theme.custom_dir
            dirs.insert(dirs.index(custom) + 1 if custom in dirs else 0, ours)
        problems = theme.override_problems(config.theme.custom_dir)
        if problems:  # Jinja would end in a RecursionError or TemplateNotFound traceback
            raise PluginError("tagindex: " + "; ".join(problems))
        # Not extra_css/extra_javascript (every page would load them): the templates link what
        # each page draws, asking the theme's assets (theme.py) from config.theme.
        assets = config.theme[theme.THEME_KEY] = theme.assets_for(config.theme.name)
        if not assets.supported:
            name = config.theme.name or f"custom_dir {config.theme.custom_dir}"
            self.run.messages.info(
                f"theme '{name}' is not one the plugin is styled for (material, "
                f"{', '.join(theme.BASIC_THEMES)}); tag pages use the basic stylesheet"
            )
        return config

    def on_serve(
        self, server: LiveReloadServer, /, *, config: MkDocsConfig, builder: Callable[..., Any]
    ) -> LiveReloadServer | None:
        """Rebuild when the tags file changes: `mkdocs serve` watches only docs_dir, mkdocs.yml
        and the theme, and the tags file usually sits beside mkdocs.yml."""
        if self.config.enabled and self.config.tags_file:
            server.watch(self.config.tags_file)
        return server

    @event_priority(100)  # before plugins that snapshot the files (mkdocs-redirects)
    def _on_files_early(self, files: Files, *, config: MkDocsConfig) -> Files | None:
        if not self.config.enabled:
            return files
        # after `tagindex build` in this project: its files are not the author's pages
        files = drop_command_files(files, config, self.config.tags_dir)
        if not self.run.started:
            self.run.start(files, config)
        self._build = BuildState(self.run, self.memory, config)
        if not i18n.active(config):
            self.build.add_pages(files, config)
        return files

    @event_priority(-110)  # after static-i18n (-100) has chosen this language's files
    def _on_files_language(self, files: Files, *, config: MkDocsConfig) -> Files | None:
        if self.config.enabled and i18n.active(config):
            self.build.add_pages(files, config)
        return files

    on_files = CombinedEvent(_on_files_early, _on_files_language)

    @event_priority(-110)  # after awesome-nav, literate-nav and static-i18n's nav translations
    def on_nav(self, nav: Navigation, *, config: MkDocsConfig, files: Files) -> Navigation | None:
        if self.config.enabled:
            self.build.nav(nav, config)
        return nav

    def on_pre_page(self, page: Page, *, config: MkDocsConfig, files: Files) -> Page | None:
        if self.config.enabled:
            self.build.pre_page(page)
        return page

    @event_priority(-100)  # last: page meta is final and other plugins have changed the HTML
    def on_page_content(
        self, html: str, *, page: Page, config: MkDocsConfig, files: Files
    ) -> str | None:
        if self.config.enabled:
            return self.build.page_content(html, page, config)
        return html

    @event_priority(110)  # before Material's tags plugin (100) renders its listings
    def on_env(self, env: Environment, *, config: MkDocsConfig, files: Files) -> Environment | None:
        """Every page has been read (MkDocs calls `on_env` after the last `on_page_content`):
        the template loader, then every article from its page's final state, the edition, our
        listings filled in, and `tagindex_native` for the `tagindex` layout of Material's
        listings, which its tags plugin renders at 100 with this environment."""
        if not self.config.enabled:
            return env
        jinja.prepare(env, config, self.memory.compiled)
        try:
            edition = self.build.finalize(config, files)
        except TagIndexError as error:
            raise PluginError(str(error)) from None
        self._stage = PageStage(self.build, edition, env, files, config)
        self._stage.fill_listings(config, files)
        env.globals["tagindex_native"] = self._stage.native_listing
        return env

    @event_priority(60)  # before Material's tags plugin, which keeps a `tags` value it finds
    def on_page_context(
        self, context: TemplateContext, *, page: Page, config: MkDocsConfig, nav: Any
    ) -> TemplateContext | None:
        if self.config.enabled and self._stage is not None:
            self._stage.page_context(context, page, config)
        return context

    def on_post_page(self, output: str, *, page: Page, config: MkDocsConfig) -> str | None:
        if self.config.enabled and self._stage is not None:
            self._stage.after_page()
        return output

    @event_priority(100)  # before static-i18n's (-100), inside which its other builds run
    def _on_post_build_language(self, *, config: MkDocsConfig) -> None:
        """This language's pages are written: its edition, page stage and fast-path frames are
        no longer needed, so the next language's build does not carry them (peak memory).
        MkDocs keeps this build's environment until its `build()` returns: unhook ours."""
        if self._stage is not None:
            self._stage.env.globals.pop("tagindex_native", None)
        self._build = self._stage = None

    @event_priority(-110)  # after static-i18n's, inside which its other builds run
    def _on_post_build_run(self, *, config: MkDocsConfig) -> None:
        if self.config.enabled:
            self._end_build()

    on_post_build = CombinedEvent(_on_post_build_language, _on_post_build_run)

    def on_build_error(self, *, error: Exception) -> None:
        self.depth = 1
        self._end_build()

    def _end_build(self) -> None:
        self.depth = max(0, self.depth - 1)
        self._build = self._stage = None
        if self.depth == 0:
            self._run = None
            interop.forget_generated()

    def on_shutdown(self) -> None:
        self.memory.stubs.remove()
