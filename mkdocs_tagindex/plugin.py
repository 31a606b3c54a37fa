"""MkDocs events → the run and build states (`state.py`). Nothing here parses text or builds HTML.

When things happen (MkDocs 1.6, `mkdocs/commands/build.py`), and why this plugin acts there:

1. `on_config` (every build). A `mkdocs build` is one *run*; static-i18n starts its other
   language builds from inside its `on_post_build`, on this same instance, so a run is counted
   from the first `on_config` to the `on_post_build` that closes it (`depth`). A new `Run` is
   made at the start of a run, a new `Build` for every build.
2. `on_files`, priority 100: early, so that plugins which take a snapshot of the files in their
   own `on_files` (mkdocs-redirects) see the generated pages. Once per run, the first pass reads
   every language's front matter to predict which tag pages exist. Without static-i18n the
   pages are generated here.
   `on_files`, priority -110: static-i18n (-100) has narrowed the files to one language and
   would drop files outside `docs_dir`; with it, this language's pages are generated here.
3. MkDocs builds the nav from the files (a generated page the author lists gets the nav's
   title), then `on_nav`; our handler runs last (-110), after awesome-nav and static-i18n.
4. MkDocs reads every page of `files.documentation_pages()` *as it is then*: `on_pre_page`,
   `on_page_markdown` (Material's meta plugin, macros, hooks set `page.meta` here),
   `on_page_content`. Ours runs last there (-100) and notes what the HTML says (heading, read
   time, first paragraph); page meta is final by then.
5. `on_env`: every page has been read. At 100 (before Material's tags plugin renders its
   listings) the template loader is set up; at -100 every article is taken from its page's
   final state (`page.meta`, `page.title`, `page.url`), and the generated pages are corrected
   to match: pages for tags only final meta has are added and read with the same page events,
   pages of tags that vanished are removed. MkDocs takes the list of pages to write after this.
6. `on_page_context` (60, before Material's tags plugin, which keeps a `tags` value it finds):
   each page gets its `tagindex` context; articles get their chips. At -110 (last: the
   context is final) a sample of generated pages is rendered in full for the fast path's check.
7. `on_post_page` (1000: first, MkDocs' own render before any plugin edits it): a sampled
   generated page's render is held against its full render (`frame.py`).
8. `on_post_build` (-110, after static-i18n's, which runs the other languages' builds): the
   run ends when the outermost build's handler returns.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Literal

from jinja2 import ChoiceLoader, Environment, FileSystemLoader, PrefixLoader
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, CombinedEvent, event_priority
from mkdocs.structure.files import Files
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import Page
from mkdocs.utils.templates import TemplateContext

from . import i18n, theme
from .config import TagIndexConfig
from .state import Build, Memory, Run

if TYPE_CHECKING:  # only `mkdocs serve` loads the server (2 MB): a build never imports it
    from mkdocs.livereload import LiveReloadServer


class TagIndexPlugin(BasePlugin[TagIndexConfig]):
    """Tag pages of numbered article cards, an all-tags page, and tag chips on articles."""

    def __init__(self) -> None:
        self.memory = Memory()
        self.serving = False
        self.depth = 0
        self._run: Run | None = None
        self._build: Build | None = None

    @property
    def run(self) -> Run:
        assert self._run is not None, "on_config starts every run"
        return self._run

    @property
    def build(self) -> Build:
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
        if self.depth == 0:
            self._run = Run(self.config, serving=self.serving)
        self.depth += 1
        self._build = None
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
            self.run.info(
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
        if self.run.languages is None:
            self.run.first_pass(files, config)
        self._build = Build(self.run, self.memory, config)
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
            self.build.nav(nav)
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

    @event_priority(100)  # before Material's tags plugin renders its listings
    def _on_env_loader(
        self, env: Environment, *, config: MkDocsConfig, files: Files
    ) -> Environment | None:
        if not self.config.enabled:
            return env
        # `tagindex-theme/…` reaches the theme's own templates past our overrides, so our
        # partials/tags.html can add to the theme's chips instead of copying them.
        theme_dirs = [d for d in config.theme.dirs if d != theme.theme_overrides_dir()]
        if config.theme.custom_dir in theme_dirs:
            theme_dirs.remove(config.theme.custom_dir)
        assert env.loader is not None
        env.loader = ChoiceLoader(
            [env.loader, PrefixLoader({"tagindex-theme": FileSystemLoader(theme_dirs)})]
        )
        return env

    @event_priority(-100)  # last: every page has been read, by every plugin
    def _on_env_model(
        self, env: Environment, *, config: MkDocsConfig, files: Files
    ) -> Environment | None:
        if self.config.enabled:
            self.build.finalize(config, files, env)
        return env

    on_env = CombinedEvent(_on_env_loader, _on_env_model)

    @event_priority(60)  # before Material's tags plugin, which keeps a `tags` value it finds
    def _on_page_context(
        self, context: TemplateContext, *, page: Page, config: MkDocsConfig, nav: Any
    ) -> TemplateContext | None:
        if self.config.enabled:
            self.build.page_context(context, page, config)
        return context

    @event_priority(-110)  # last: the context is what the page will be rendered with
    def _on_page_context_check(
        self, context: TemplateContext, *, page: Page, config: MkDocsConfig, nav: Any
    ) -> TemplateContext | None:
        if self.config.enabled and self.build.env is not None:
            self.build.check_frame(context, page, self.build.env)
        return context

    on_page_context = CombinedEvent(_on_page_context, _on_page_context_check)

    @event_priority(1000)  # first: MkDocs' own render, before any plugin changes the HTML
    def on_post_page(self, output: str, *, page: Page, config: MkDocsConfig) -> str | None:
        if self.config.enabled and self._build is not None:
            return self.build.checked_output(output, page)
        return output

    @event_priority(-110)  # after static-i18n's, inside which its other builds run
    def on_post_build(self, *, config: MkDocsConfig) -> None:
        if self.config.enabled:
            self._end_build()

    def on_build_error(self, *, error: Exception) -> None:
        self.depth = 1
        self._end_build()

    def _end_build(self) -> None:
        self.depth = max(0, self.depth - 1)
        self._build = None
        if self.depth == 0:
            self._run = None

    def on_shutdown(self) -> None:
        self.memory.stubs.remove()
