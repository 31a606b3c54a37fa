"""A site's configuration as the command needs it: `mkdocs.yml` (the plugin's `tagindex:` entry
under `plugins:`) or `zensical.toml` (`[project.plugins.tagindex]`), read the way Zensical reads
them (`zensical/config.py`: `!ENV`, `INHERIT`, a `[project]` table), without importing Zensical.
"""

from __future__ import annotations

import difflib
import hashlib
import os
import reprlib
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import yaml

if TYPE_CHECKING:
    from ...core import Icons, Languages, TagIndexConfig

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

PLUGIN = "tagindex"
CONFIG_NAMES = ("zensical.toml", "mkdocs.yml", "mkdocs.yaml")


class CommandError(Exception):
    """A problem the command reports in one line and exits 1 on."""


class _Loader(yaml.SafeLoader):
    """`mkdocs.yml` without running anything: `!ENV` resolved as MkDocs and Zensical do, Python
    tags (`!!python/name:…`, emoji generators) kept as their names."""


def _env(loader: yaml.SafeLoader, node: yaml.Node) -> Any:
    if isinstance(node, yaml.ScalarNode):
        names, default = [loader.construct_scalar(node)], None
    elif isinstance(node, yaml.SequenceNode):
        items = list(node.value)
        default = loader.construct_object(items.pop()) if len(items) > 1 else None
        names = [loader.construct_scalar(item) for item in items]
    else:
        raise CommandError(f"!ENV expects a name or a list, not {type(node).__name__}")
    for name in names:
        if str(name) in os.environ:
            return yaml.safe_load(os.environ[str(name)])
    return default


def _python(loader: yaml.SafeLoader, suffix: str, node: yaml.Node) -> Any:
    return f"!!python/{suffix}"


_Loader.add_constructor("!ENV", _env)
_Loader.add_multi_constructor("tag:yaml.org,2002:python/", _python)
_Loader.add_multi_constructor("!!python/", _python)


def _unreadable(path: Path, exc: Exception, loader: Any) -> CommandError:
    """One line for a config YAML cannot read (never PyYAML's traceback or its three-line
    marks): the file, the line, the problem and, for a value YAML parses but cannot build
    (`2026-02-30`), the key and the value."""
    from ...core import build_problem, unbuildable, unbuildable_where

    if isinstance(exc, yaml.YAMLError):
        mark = getattr(exc, "problem_mark", None)
        where = f" (line {mark.line + 1})" if mark is not None else ""
        problem = getattr(exc, "problem", None) or str(exc).split("\n", 1)[0]
        return CommandError(f"{path}: not valid YAML{where}: {problem}")
    try:
        found = unbuildable(path.read_text("utf-8"), loader)
    except (OSError, UnicodeDecodeError):
        found = None
    where, value = unbuildable_where(found, 1)
    return CommandError(f"{path}: cannot be read{where}: {build_problem(exc)}{value}")


def read_yaml(path: Path) -> dict[str, Any]:
    """A YAML config as Zensical reads it (`zensical/config.py`: PyYAML, its own `!ENV`, no
    `!relative`), with its `INHERIT` parent merged under it (deep merge, lists appended)."""
    from ...core import BUILD_ERRORS

    try:
        data: Any = yaml.load(path.read_text("utf-8"), Loader=_Loader)
    except (yaml.YAMLError, *BUILD_ERRORS) as exc:
        raise _unreadable(path, exc, _Loader) from None
    if not isinstance(data, dict):
        return {}
    parent = data.pop("INHERIT", None)
    if parent:
        base = read_yaml((path.parent / str(parent)).resolve())
        data = _merge(base, data)
    return dict(data)


def _merge(base: dict[str, Any], top: Mapping[str, Any]) -> dict[str, Any]:
    out = dict(base)
    for key, value in top.items():
        old = out.get(key)
        if isinstance(old, dict) and isinstance(value, Mapping):
            out[key] = _merge(old, value)
        elif isinstance(old, list) and isinstance(value, list):
            out[key] = old + value
        else:
            out[key] = value
    return out


class _Names(yaml.SafeLoader):
    """PyYAML's safe loader with Python tags kept as their names: the base of MkDocs' own
    loader here, so that reading a config runs nothing of it."""


_Names.add_multi_constructor("tag:yaml.org,2002:python/", _python)
_Names.add_multi_constructor("!!python/", _python)


class _Where:
    """What MkDocs' `!relative` placeholders ask of a config: its file and its `docs_dir`."""

    def __init__(self, path: Path) -> None:
        self.config_file_path = str(path)
        self.docs_dir = str(path.parent / "docs")
        self._current_page = None


def read_mkdocs_yaml(path: Path) -> dict[str, Any]:
    """A YAML config as MkDocs reads it (`mkdocs.utils.yaml.yaml_load` with MkDocs' loader:
    `!ENV`, `!relative`, `INHERIT` merged by mergedeep), Python tags kept as names: what
    `tagindex check` reads on a MkDocs site (issue 39, fault 11: `!relative` refused)."""
    from mkdocs.exceptions import ConfigurationError
    from mkdocs.utils.yaml import get_yaml_loader, yaml_load

    from ...core import BUILD_ERRORS

    where = _Where(path)
    loader = get_yaml_loader(loader=_Names, config=cast(Any, where))
    try:
        with path.open("rb") as source:
            data: Any = yaml_load(source, loader)
    except ConfigurationError as exc:
        if isinstance(exc.__context__, yaml.YAMLError):
            raise _unreadable(path, exc.__context__, loader) from None
        raise CommandError(f"{path}: {exc}") from None
    except BUILD_ERRORS as exc:
        raise _unreadable(path, exc, loader) from None
    if not isinstance(data, dict):
        return {}
    where.docs_dir = str(path.parent / str(data.get("docs_dir") or "docs"))
    return dict(data)


def read_config(path: Path, mkdocs: bool = False) -> dict[str, Any]:
    """`zensical.toml`'s `[project]`, or a YAML config as Zensical reads it (`mkdocs`: as
    MkDocs does)."""
    if path.suffix.lower() == ".toml":
        try:
            data = tomllib.loads(path.read_text("utf-8"))
        except tomllib.TOMLDecodeError as exc:
            raise CommandError(f"{path}: not valid TOML: {exc}") from exc
        return dict(data.get("project", data))
    return read_mkdocs_yaml(path) if mkdocs else read_yaml(path)


def plugin_entries(config: Mapping[str, Any], name: str) -> list[dict[str, Any]]:
    """The options of every entry of a plugin under `plugins:` (a list or a mapping; `material/`
    names too), in order: a list may hold one plugin twice, as Zensical reads it."""
    plugins = config.get("plugins")
    entries: list[tuple[str, Any]] = []
    if isinstance(plugins, Mapping):
        entries = list(plugins.items())
    elif isinstance(plugins, list):
        for item in plugins:
            if isinstance(item, str):
                entries.append((item, {}))
            elif isinstance(item, Mapping) and len(item) == 1:
                entries.extend(item.items())
    return [
        dict(value) if isinstance(value, Mapping) else {}
        for key, value in entries
        if str(key).removeprefix("material/") == name
    ]


def plugin_options(config: Mapping[str, Any], name: str) -> dict[str, Any] | None:
    """A plugin's options from a `plugins:` list or mapping (None: not configured)."""
    found = plugin_entries(config, name)
    return found[0] if found else None


def cache_file(config: Path, name: str) -> Path:
    """The cache file `name` (`state.pickle`) of one config file, in the project's
    `.cache/tagindex/` (`state.mkdocs.yml.pickle`): two configs sharing a project (`mkdocs.yml`,
    `alt.yml` with another `tags_dir`) each compare a build with their own last one, never with
    the other's (issue 39, fault 5)."""
    stem, dot, ext = name.rpartition(".")
    return config.parent / ".cache" / "tagindex" / f"{stem}.{config.name}{dot}{ext}"


def find_config(path: str | None) -> Path:
    if path:
        found = Path(path)
        if not found.is_file():
            raise CommandError(f"no config file at {path}")
        return found.resolve()
    for name in CONFIG_NAMES:
        if Path(name).is_file():
            return Path(name).resolve()
    raise CommandError(f"no config file here ({', '.join(CONFIG_NAMES)}); pass -f CONFIG")


@dataclass(frozen=True)
class I18n:
    """zensical-i18n's (and mkdocs-static-i18n's) options: the same schema."""

    structure: str
    default: str
    build: tuple[str, ...]
    fallback: bool


def _i18n(options: Mapping[str, Any] | None) -> I18n | None:
    if options is None:
        return None
    entries = [e for e in options.get("languages") or [] if isinstance(e, Mapping)]
    if not entries:
        raise CommandError("plugins.i18n: 'languages' must be a non-empty list")
    locales = [str(e.get("locale")) for e in entries]
    default = next((str(e["locale"]) for e in entries if e.get("default")), locales[0])
    built = [str(e["locale"]) for e in entries if e.get("build", True)]
    build = (default, *[x for x in built if x != default])
    return I18n(
        structure=str(options.get("docs_structure") or "suffix"),
        default=default,
        build=build,
        fallback=bool(options.get("fallback_to_default", True)),
    )


@dataclass(frozen=True)
class Site:
    """What the command knows of a site."""

    path: Path
    config: dict[str, Any]
    options: TagIndexConfig
    configured: bool
    """The config has a `tagindex` plugin entry (else the defaults)."""
    docs_dir: Path
    i18n: I18n | None
    digest: str
    """Hash of the config file's text: part of every cache key."""
    theme_lang: str = "en"
    extra: dict[str, Any] = field(default_factory=dict)
    warnings: tuple[str, ...] = ()
    """The config's warnings (an unknown option), said by every command that loads it."""

    @property
    def root(self) -> Path:
        return self.path.parent

    @property
    def toml(self) -> bool:
        return self.path.suffix.lower() == ".toml"

    @property
    def site_url(self) -> str | None:
        url = self.config.get("site_url")
        return str(url) if url else None

    @property
    def name(self) -> str:
        return str(self.config.get("site_name") or "")

    @property
    def directory_urls(self) -> bool:
        return bool(self.config.get("use_directory_urls", True))

    @property
    def theme(self) -> dict[str, Any]:
        theme = self.config.get("theme")
        if isinstance(theme, str):
            return {"name": theme}
        return dict(theme) if isinstance(theme, Mapping) else {}

    @property
    def theme_name(self) -> str:
        name = str(self.theme.get("name") or "material")
        return "material" if name in ("material", "zensical") else name

    @property
    def custom_dir(self) -> Path | None:
        custom = self.theme.get("custom_dir")
        return (self.root / str(custom)).resolve() if custom else None

    def icons(self, bundle: str) -> Icons:
        """The icons the tags file may name: `custom_dir/.icons`, then `bundle`'s own set
        (`zensical`, or `material` for a site still on MkDocs)."""
        from ...core import bundled_icons

        return bundled_icons(bundle, [str(self.custom_dir)] if self.custom_dir else [])

    @property
    def tags_dir(self) -> str:
        return str(self.options.tags_dir).strip("/")

    @property
    def cache_dir(self) -> Path:
        return self.root / ".cache" / "tagindex"

    def cache_file(self, name: str) -> Path:
        """This config's own cache file `name` (`cache_file`)."""
        return cache_file(self.path, name)

    def settings_extra(self) -> list[str]:
        """The trees every cache key holds besides the config: `custom_dir` (first, if set) and
        the tags file, relative to the project."""
        extra = [os.path.relpath(self.custom_dir, self.root)] if self.custom_dir else []
        if self.options.tags_file:
            extra.append(os.path.normpath(str(self.options.tags_file)))
        return extra

    def languages(self) -> Languages:
        from ...core import Languages

        if self.i18n is None:
            return Languages(
                current=self.theme_lang, default=self.theme_lang, build=(self.theme_lang,)
            )
        i18n = self.i18n
        return Languages(
            current=i18n.default,
            default=i18n.default,
            build=i18n.build,
            structure=i18n.structure,
            fallback=i18n.fallback,
        )

    def has_plugin(self, name: str) -> bool:
        return plugin_options(self.config, name) is not None


def load_site(path: Path, mkdocs: bool = False) -> Site:
    """The site at `path`, its tagindex options validated as the plugin validates them
    (`mkdocs`: its YAML read as MkDocs reads it, for `tagindex check` on a MkDocs site)."""
    from ...core import TagIndexConfig

    config = read_config(path, mkdocs)
    if not config.get("site_name"):
        raise CommandError(f"{path.name}: missing required setting 'site_name'")
    raw = plugin_options(config, PLUGIN)
    options = TagIndexConfig(config_file_path=str(path))
    options.load_dict(dict(raw or {}))
    errors, warnings = options.validate()
    if errors:
        said = "; ".join(f"option '{name}': {error}" for name, error in errors)
        raise CommandError(f"{path.name}: plugins.{PLUGIN}: {said}")
    docs_dir = (path.parent / str(config.get("docs_dir") or "docs")).resolve()
    if not docs_dir.is_dir():
        raise CommandError(f"docs_dir does not exist: {docs_dir}")
    theme = config.get("theme")
    lang = theme.get("language") if isinstance(theme, Mapping) else None
    return Site(
        path=path,
        config=config,
        options=options,
        configured=raw is not None,
        docs_dir=docs_dir,
        i18n=_i18n(plugin_options(config, "i18n")),
        digest=hashlib.sha256(path.read_bytes()).hexdigest()[:16],
        theme_lang=str(lang or "en"),
        warnings=option_warnings(path, raw or {}, warnings),
    )


def option_warnings(
    path: Path, raw: Mapping[str, Any], warnings: list[tuple[str, str]]
) -> tuple[str, ...]:
    """The options' warnings as MkDocs words them (`Config value 'plugins': Plugin 'tagindex'
    option 'per_pgae': Unrecognised configuration name: per_pgae`), after the config file's
    name; an unknown option also with the value that is ignored and the option it may be
    (issue 39, fault 10: the command said nothing where MkDocs warns)."""
    from ...core import TagIndexConfig

    known = sorted(name for name, _option in TagIndexConfig._schema)
    out = []
    for key, message in sorted(warnings, key=lambda item: (str(item[0]), str(item[1]))):
        text = f"{path.name}: Config value 'plugins': Plugin '{PLUGIN}' option '{key}': {message}"
        if key in raw and key not in known:
            close = difflib.get_close_matches(str(key), known, n=1)
            hint = f"; did you mean '{close[0]}'?" if close else ""
            text += f" (its value {reprlib.repr(raw[key])} is ignored{hint})"
        out.append(text)
    return tuple(out)


LAYOUT = "tagindex"
"""The layout of Zensical's tags listing that the generated pages name in their marker and
whose template `tagindex init` places: one name for both sides of that contract."""

ASSETS = ("tagindex.css", "tagindex-filters.css", "tagindex.js", "tagindex-explorer.js")
"""The stylesheets and scripts the generated pages need, copied into the tags folder."""


def assets_dir(site: Site) -> str:
    return f"{site.tags_dir}/assets"


def asset_urls(site: Site) -> tuple[list[str], list[str]]:
    """The `extra_css` and `extra_javascript` entries the generated pages need (what the build
    copies, and what init adds to the config)."""
    folder = assets_dir(site)
    return [f"{folder}/{ASSETS[0]}", f"{folder}/{ASSETS[1]}"], [f"{folder}/{n}" for n in ASSETS[2:]]
