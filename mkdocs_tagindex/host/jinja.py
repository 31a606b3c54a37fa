"""The theme's Jinja environment, as the plugin needs it: the `tagindex-theme/` prefix that
reaches the theme's own templates past our overrides, errors in our templates reported as
build errors naming the template, and our templates compiled once per run.
"""

from __future__ import annotations

import os
import traceback
from collections.abc import Sequence
from typing import Any, ClassVar

from jinja2 import (
    BytecodeCache,
    ChoiceLoader,
    Environment,
    FileSystemLoader,
    PrefixLoader,
    Template,
    TemplateNotFound,
    TemplateSyntaxError,
)
from jinja2.bccache import Bucket
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import BuildError, PluginError
from mkdocs.plugins import get_plugin_logger

from ..core import theme

log = get_plugin_logger("tagindex")


def prepare(env: Environment, config: MkDocsConfig, compiled: OwnTemplates) -> None:
    """Set up the theme's environment of one build (at `on_env`, before any page renders)."""
    # `tagindex-theme/…` reaches the theme's own templates past our overrides, so our
    # partials/tags.html can add to the theme's chips instead of copying them.
    ours = theme.theme_overrides_dir()
    theme_dirs = [d for d in config.theme.dirs if d != ours]
    if config.theme.custom_dir in theme_dirs:
        theme_dirs.remove(config.theme.custom_dir)
    assert env.loader is not None
    env.loader = ChoiceLoader(
        [env.loader, PrefixLoader({"tagindex-theme": FileSystemLoader(theme_dirs)})]
    )
    if env.bytecode_cache is None:
        env.bytecode_cache = compiled
    report_template_errors(env, config.theme.dirs, config.theme.custom_dir)


class OwnTemplates(BytecodeCache):
    """The compiled code of the plugin's own templates, kept by the plugin instance.

    MkDocs makes a new Jinja environment for every build, and mkdocs-static-i18n builds every
    language (the default one twice): each compiled our templates again.
    Other templates (the theme's, the site's) are left to their own environment. Jinja keys a
    bucket by the template's source, so an edited template under `mkdocs serve` compiles anew.
    """

    def __init__(self) -> None:
        self.folder = os.path.realpath(theme.theme_overrides_dir())
        self.code: dict[str, bytes] = {}

    def get_bucket(
        self, environment: Environment, name: str, filename: str | None, source: str
    ) -> Bucket:
        if filename is None or not os.path.realpath(filename).startswith(self.folder + os.sep):
            return Bucket(environment, "", "")  # not ours: compiled as usual, not kept
        return super().get_bucket(environment, name, filename, source)

    def load_bytecode(self, bucket: Bucket) -> None:
        if bucket.key in self.code:
            bucket.bytecode_from_string(self.code[bucket.key])

    def dump_bytecode(self, bucket: Bucket) -> None:
        if bucket.key:
            self.code[bucket.key] = bucket.bytecode_to_string()


def report_template_errors(
    env: Environment, theme_dirs: Sequence[str], custom_dir: str | None
) -> None:
    """Make an error in a template the plugin provides, or in a site's override of one, a
    build error naming the template, the line and the block (`PluginError`: MkDocs prints one
    `ERROR` line and aborts), not a traceback; other templates' errors are left as they are.

    The pages' own renders are MkDocs' (`template.render` in `_build_page`), so the check sits
    in the templates' class. Syntax errors in the site's overrides are found here, at once,
    before any page is built: MkDocs loads a page's template outside any render."""
    locator = _Locator(theme_dirs)
    env.template_class = type("TagIndexTemplate", (_Reporting,), {"locator": locator})
    for name in locator.overridden(custom_dir):
        try:
            env.get_template(name)
        except TemplateSyntaxError as error:
            raise PluginError(str(locator.message(error, name))) from error


class _Locator:
    """Which templates are the plugin's (its names under `tagindex/` and the theme partials it
    shadows), and where in them an error happened."""

    _FRAMES = ("top-level template code", "template")

    def __init__(self, theme_dirs: Sequence[str]) -> None:
        self.dirs = [os.path.realpath(d) for d in theme_dirs]
        ours = theme.theme_overrides_dir()
        self.names = {
            os.path.relpath(os.path.join(folder, name), ours).replace(os.sep, "/")
            for folder, _, names in os.walk(ours)
            for name in names
            if name.endswith(".html")
        }

    def name_of(self, filename: str) -> str | None:
        """The template name of a file in one of the theme's folders, if it is the plugin's."""
        path = os.path.realpath(filename)
        for folder in self.dirs:
            if os.path.commonpath([path, folder]) == folder:
                name = os.path.relpath(path, folder).replace(os.sep, "/")
                return name if name.startswith("tagindex/") or name in self.names else None
        return None

    def overridden(self, custom_dir: str | None) -> list[str]:
        """The plugin's templates that the site's custom_dir overrides."""
        if not custom_dir or not os.path.isdir(custom_dir):
            return []
        found = []
        for folder, _, names in os.walk(custom_dir):
            for name in names:
                path = os.path.join(folder, name)
                if name.endswith(".html") and self.name_of(path) is not None:
                    found.append(os.path.relpath(path, custom_dir).replace(os.sep, "/"))
        return sorted(found)

    def message(self, error: Exception, rendering: str | None) -> str | None:
        """`tagindex: template 'tagindex/card.html' (…/overrides/tagindex/card.html), line 3,
        block 'x': UndefinedError: …; rendering 'tagindex/tag.html'`, or None when no template
        of the plugin is involved."""
        frames = [
            (frame.filename, frame.lineno, frame.name)
            for frame in traceback.extract_tb(error.__traceback__)
            if frame.name in self._FRAMES or frame.name.startswith("block '")
        ]
        if isinstance(error, TemplateSyntaxError) and error.filename:
            frames.append((error.filename, error.lineno, "template"))
        if not frames or not any(self.name_of(f) for f, _, _ in frames):
            return None
        filename, line, where = frames[-1]
        name = self.name_of(filename) or os.path.basename(filename)
        place = f"template '{name}' ({filename}), line {line}"
        if where.startswith("block "):
            place += f", {where}"
        if isinstance(error, TemplateSyntaxError):
            problem = f"syntax error: {error.message}"
        elif isinstance(error, TemplateNotFound):
            problem = f"template '{error.name}' not found"
        else:
            problem = f"{type(error).__name__}: {error}"
        also = f"; rendering '{rendering}'" if rendering and rendering != name else ""
        return f"tagindex: {place}: {problem}{also}"


class _Reporting(Template):
    """Templates whose errors, when a template of the plugin is involved, are PluginErrors."""

    locator: ClassVar[_Locator]

    def render(self, *args: Any, **kwargs: Any) -> str:
        try:
            return super().render(*args, **kwargs)
        except BuildError:
            raise
        except Exception as error:
            message = self.locator.message(error, self.name)
            if message is None:
                raise
            log.debug(message, exc_info=True)  # the whole traceback with `--verbose`
            raise PluginError(message) from error
