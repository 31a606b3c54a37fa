"""Generated pages and files as MkDocs files: their sources in a temporary folder.

A generated page is a plain MkDocs `Page` backed by a small Markdown file in a temporary folder
(as Material's blog does for its archive and category views): every other plugin finds a real
`abs_src_path`, a `toc`, `meta` and a title, and an author who lists the page in `nav` gives it
its title there. The file holds only front matter (template, title, the `tagindex` marker);
the page's body comes from the templates in `theme_overrides/`, rendered from the tag model.

Other plugins and hooks tell these pages apart by `page.file.generated_by == "tagindex"`
(MkDocs' own marker) or by the `tagindex` key in `page.meta` (`{kind: tag, tag: grpo}`).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import yaml
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import get_plugin_logger
from mkdocs.structure.files import File, Files, InclusionLevel

from ..core import ownership
from . import i18n

try:  # libyaml's emitter: five times as fast as PyYAML's; MkDocs reads the same meta back
    _Dumper: Any = yaml.CSafeDumper
except AttributeError:  # pragma: no cover - PyYAML built without libyaml
    _Dumper = yaml.SafeDumper


log = get_plugin_logger("tagindex")

STUB_PREFIX = "tagindex-generated-"
"""File-name prefix of the stubs, so that no stub shares a name with an author's page."""


class Stubs:
    """The temporary folder holding the source files of generated pages, one per plugin instance.

    Paths come from routes (a validated `tags_dir` and slugs that are single safe segments);
    each is still checked to stay inside the folder before anything is written.
    """

    def __init__(self) -> None:
        self._root: str | None = None
        self._written: dict[str, set[str]] = {}

    @property
    def root(self) -> str:
        if self._root is None:
            self._root = os.path.realpath(tempfile.mkdtemp(prefix="mkdocs-tagindex-"))
        return self._root

    def _path(self, lang: str, src_uri: str, name_prefix: str) -> str:
        *folders, name = src_uri.split("/")
        path = os.path.join(self.root, lang or "_", *folders, f"{name_prefix}{name}")
        path = os.path.realpath(path)
        if os.path.commonpath([path, self.root]) != self.root:  # pragma: no cover - guarded above
            raise ValueError(f"generated file {src_uri!r} would leave {self.root}")
        return path

    def write(self, lang: str, src_uri: str, meta: dict[str, Any]) -> str:
        """Write the stub of `src_uri` for one language; returns its absolute path.

        Written on every build, so its modification time tells `--dirty` builds to render it.
        """
        # not `index.md`: mkdocs-autolinks-plugin resolves links by file name and warns when
        # two files share one, so a stub never takes the name of a page an author links to
        text = (
            "---\n" + yaml.dump(meta, Dumper=_Dumper, allow_unicode=True, sort_keys=True) + "---\n"
        )
        path = self._save(lang, src_uri, STUB_PREFIX, [text])
        self._written.setdefault(lang, set()).add(path)
        return path

    def write_static(self, lang: str, src_uri: str, text: str | Iterable[str]) -> str:
        """Write a generated file that is not a page (a feed, `tags.json`); returns its path.

        On disk rather than in `File.content`: MkDocs keeps every `File` of a language until
        the whole build ends (static-i18n's other languages build inside it), and the feeds
        and `tags.json` of a large site are megabytes. Its name keeps no stub prefix; no stub
        has a name without one, so the two never meet.
        """
        return self._save(lang, src_uri, "", [text] if isinstance(text, str) else text)

    def _save(self, lang: str, src_uri: str, name_prefix: str, chunks: Iterable[str]) -> str:
        """Write one file whole, or fail naming it: a disk that fills up mid-write leaves no
        half file that MkDocs would copy (or a `--dirty` rebuild keep) as if it were complete."""
        path = src_uri  # until the temporary folder exists
        opened = False
        try:
            path = self._path(lang, src_uri, name_prefix)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as handle:
                opened = True
                handle.writelines(chunks)
        except OSError as error:
            if opened:
                with contextlib.suppress(OSError):
                    os.remove(path)
            raise PluginError(cannot_write(src_uri, path, error)) from error
        return path

    def prune(self, lang: str, keep: set[str]) -> None:
        """Remove the stubs of `lang` that this build no longer generates."""
        for path in self._written.get(lang, set()) - keep:
            if os.path.isfile(path):
                os.remove(path)
        self._written[lang] = set(keep) & self._written.get(lang, set())

    @property
    def count(self) -> int:
        return sum(len(paths) for paths in self._written.values())

    def remove(self) -> None:
        if self._root is not None:
            shutil.rmtree(self._root, ignore_errors=True)
            self._root = None
            self._written.clear()


def write_site_file(site_dir: str, url: str, text: str) -> str:
    """Write a file of ours straight into `site_dir` at site-relative `url` (never outside it),
    whole or not at all; returns its path."""
    root = os.path.realpath(site_dir)
    path = os.path.realpath(os.path.join(root, *url.split("/")))
    if os.path.commonpath([path, root]) != root:  # pragma: no cover - our own names
        raise PluginError(f"tagindex: '{url}' would leave site_dir")
    temporary = f"{path}.tagindex-tmp"
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(temporary, "w", encoding="utf-8") as handle:
            handle.write(text)
        os.replace(temporary, path)
    except OSError as error:
        with contextlib.suppress(OSError):
            os.remove(temporary)
        raise PluginError(cannot_write(url, path, error)) from error
    return path


def cannot_write(name: str, path: str, error: OSError) -> str:
    """`tagindex: cannot write 'tags/grpo/feed.xml' (/tmp/…/feed.xml): No space left on
    device`, with the folder that failed when it is not the file itself."""
    reason = error.strerror or str(error)
    if error.filename and os.fspath(error.filename) != path:
        reason += f" ({os.fspath(error.filename)!s})"
    return f"tagindex: cannot write '{name}' ({path}): {reason}"


class _Output(File):
    """A generated file that is not a page, copied by MkDocs to site_dir: a copy that fails
    leaves no half file there and is a build error naming the file, not a traceback."""

    def copy_file(self, dirty: bool = False) -> None:
        try:
            super().copy_file(dirty)
        except OSError as error:
            path = self.abs_dest_path
            if os.path.isfile(path):
                with contextlib.suppress(OSError):
                    os.remove(path)
            raise PluginError(cannot_write(self.dest_uri, path, error)) from error


def _in_language(file: File, prefix: str) -> File:
    """The file under its language's folder (`prefix`); its source path stays un-prefixed, so
    `nav: [tags/index.md]` finds it in every language."""
    if prefix:
        file.dest_uri = prefix + file.dest_uri
    return file


def new_file(config: MkDocsConfig, src_uri: str, prefix: str, abs_src_path: str) -> File:
    """A generated page at `src_uri`, written under the current language's folder."""
    file = File.generated(
        config, src_uri, abs_src_path=abs_src_path, inclusion=InclusionLevel.NOT_IN_NAV
    )
    return _in_language(file, prefix)


def static_file(config: MkDocsConfig, src_uri: str, prefix: str, abs_src_path: str) -> File:
    """A generated file that is not a page (a feed, `tags.json`): MkDocs copies it to
    `site_dir` with the static files, under the current language's folder."""
    file = _Output.generated(
        config, src_uri, abs_src_path=abs_src_path, inclusion=InclusionLevel.INCLUDED
    )
    return _in_language(file, prefix)


def target_file(config: MkDocsConfig, src_uri: str, prefix: str) -> File:
    """A file standing for a page of another language's build (a switcher target)."""
    return _in_language(File(src_uri, None, config.site_dir, config.use_directory_urls), prefix)


def drop_command_files(files: Files, config: MkDocsConfig, tags_dir: str) -> Files:
    """`files` without what `tagindex build` (the command for Zensical) wrote in this project:
    in its folders, the files that prove they are its own and unchanged (`core/ownership.py`:
    a marker, or the folder's journal), the journals, and temporary files a killed run left.
    The plugin builds its own pages there; an author's file, or one of the command's that the
    author edited since (kept, with a warning), stays a page of the site."""
    languages = i18n.languages(config)
    docs = Path(config.docs_dir)
    for root in ownership.owned_roots(tags_dir, languages.structure, languages.build):
        journal = ownership.read_journal(docs / root)
        for file in [f for f in files if f.src_uri.startswith(root + "/")]:
            name = file.src_uri[len(root) + 1 :]
            if name == ownership.MARKER or ownership.TMP.match(name.rsplit("/", 1)[-1]):
                files.remove(file)
                continue
            if file.abs_src_path is None:
                continue
            try:
                whose = ownership.status(Path(file.abs_src_path).read_bytes(), name, journal, None)
            except OSError:
                continue  # MkDocs reports an unreadable file itself
            if whose == "ours":
                files.remove(file)
            elif whose == "edited":
                log.warning(
                    f"'{file.src_uri}' was written by 'tagindex build' and changed since: "
                    "published as your page. Run 'tagindex clean' or move it to drop it"
                )
    return files
