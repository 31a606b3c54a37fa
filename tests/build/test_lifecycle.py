"""The `tagindex` command over a repository's life (issue 39, item 7): a Hypothesis state machine
drives one small site (a few tagged pages, `zensical.toml` or `mkdocs.yml`, a git repository)
through what authors do — pages and tags edited, added, removed, renamed, a section's tags
(`<!-- tags: … -->` under a heading) set and removed; `tags_dir`,
`per_page`, `sort_by` and `exclude_docs` changed; `init`, `build`, a build killed at a random
write (SIGKILL, SIGINT, SIGTERM), `clean`; a `git clone` (with and without
`core.autocrlf=true`) the machine then carries on in; a generated page edited by hand; a line
added inside a block `init` wrote — and checks after every step:

- the config parses (tomllib; MkDocs' own YAML loader) and every value the author wrote is as
  the author wrote it;
- author files (the pages) are byte for byte what the model says (only the steps that edit them
  change them; a CRLF clone turns them CRLF);
- after each successful build, everything the command generated under `docs/` equals what a
  first build writes in a fresh copy of its inputs (the config, the pages, the `overrides/` init
  left; `.tagindex` aside: it is state, not output), line endings normalised only in a CRLF
  clone; no text of a page the host does not publish (`exclude_docs`, Zensical's default
  exclusion of `templates/`) is in it; every published tagged page is in `tags.json`;
- the expected refusals: a build while the author's edit of a generated page is in the tags
  folder exits non-zero naming the file (a build after `tags_dir` moved away from it exits 0
  and names it); `clean` then leaves that file and names it; after `clean` nothing of init's is
  left (config entries, `overrides/`, generated files), and `init` then `clean` with no config
  edit between gives back the config's exact bytes.

The command runs in-process (`cli.main`), except the killed build (tests/killpoints.py).
Languages: the i18n plugin (zensical-i18n's suffix layout) with English, or English and German,
or none, and German translations (`page.de.md`); the folder layout (`docs/en/`, fault 8's
"a language removed") is not modelled: it would move every page.

`make test`: TAGINDEX_LIFECYCLE_EXAMPLES (20) derandomized sequences of at least 15 steps
(TAGINDEX_LIFECYCLE_STEPS: 17 at most), no shrinking; every rule must have done something at
least once. `make fuzz`: TAGINDEX_LIFECYCLE_EXAMPLES sequences
with a random seed, shrunk. TAGINDEX_LIFECYCLE_IGNORE=name,@tag turns checks (by name:
`unpublished`, `build@killed`; or every check after a kill: `@killed`) into notes printed once,
to look past a known fault for the next one.
"""

from __future__ import annotations

import contextlib
import difflib
import io
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, TypeVar

from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)
from killpoints import run_killed
from mkdocs.utils.yaml import yaml_load

from mkdocs_tagindex.command.cli import main
from mkdocs_tagindex.command.config.site import tomllib

EXAMPLES = int(os.environ.get("TAGINDEX_LIFECYCLE_EXAMPLES", "20"))
STEPS = int(os.environ.get("TAGINDEX_LIFECYCLE_STEPS", "17"))
FUZZ = "TAGINDEX_LIFECYCLE_EXAMPLES" in os.environ
IGNORE = {x for x in os.environ.get("TAGINDEX_LIFECYCLE_IGNORE", "").split(",") if x}
TAGS = ("alpha", "beta", "Gamma Ray", "c++", "ünï", "secretplan")
GIT_ENV = {
    **os.environ,
    "GIT_AUTHOR_NAME": "Life",
    "GIT_AUTHOR_EMAIL": "life@example.org",
    "GIT_COMMITTER_NAME": "Life",
    "GIT_COMMITTER_EMAIL": "life@example.org",
    "GIT_CONFIG_NOSYSTEM": "1",
    "HOME": tempfile.gettempdir(),
}
HITS: Counter[str] = Counter()
NOTES: Counter[str] = Counter()
SEQUENCES: list[int] = []


def check(name: str, ok: bool, message: str) -> None:
    """An invariant, by name: a failure, or a note when the name is in IGNORE."""
    if ok:
        return
    base, *where = name.split("@")
    if name in IGNORE or base in IGNORE or any(f"@{w}" in IGNORE for w in where):
        if not NOTES[name]:
            print(f"lifecycle note [{name}]: {message[:1500]}", file=sys.stderr)
        NOTES[name] += 1
        return
    raise _failure(name)(f"[{name}] {message}")


def _failure(name: str) -> type[AssertionError]:
    """One exception class per check, so Hypothesis tells the faults apart (and shrinks and
    reports each: it keys a failure by its type and place)."""
    cls = _FAILURES.get(name)
    if cls is None:
        ident = re.sub(r"\W", "_", name)
        cls = _FAILURES[name] = type(f"Broken_{ident}", (AssertionError,), {})
    return cls


_FAILURES: dict[str, type[AssertionError]] = {}


F = TypeVar("F", bound=Callable[..., Any])


def counted(function: F) -> F:
    """Count the rule's runs (every rule must run at least once over the test)."""

    def wrapped(self: Lifecycle, *args: Any, **kwargs: Any) -> None:
        self.steps += 1
        if function(self, *args, **kwargs) is not False:  # False: nothing to do in this state
            HITS[function.__name__] += 1

    wrapped.__name__ = function.__name__
    wrapped.__qualname__ = function.__qualname__
    return wrapped  # type: ignore[return-value]


@dataclass(frozen=True)
class Page:
    """An author's page: a unique word in its title and summary (searched for in the output)."""

    ident: int
    tags: tuple[str, ...]
    date: int
    section: tuple[str, ...] = ()
    """The tags of its section (issue 41), under the heading in `<!-- tags: … -->`; () none."""

    def text(self, crlf: bool = False) -> bytes:
        tags = "".join(f'  - "{t}"\n' for t in self.tags)
        body = (
            f'---\ntitle: "Page qz{self.ident}t"\nsummary: "Summary qz{self.ident}s"\n'
            f"date: 2026-01-{self.date:02d}\ntags:\n{tags}---\n\nBody of page {self.ident}.\n"
        )
        if self.section:
            said = ", ".join(self.section)
            body += f"\n## Part\n<!-- tags: {said} -->\n\nSection qz{self.ident}p of the page.\n"
        data = body.encode("utf-8")
        return data.replace(b"\n", b"\r\n") if crlf else data


def run(args: list[str]) -> tuple[int, str]:
    """`tagindex *args` in-process: its exit code and what it said."""
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(err):
        try:
            code = main(args)
        except SystemExit as exc:
            code = int(exc.code or 0)
    return code, err.getvalue()


def git(cwd: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=cwd, env=GIT_ENV, check=True, capture_output=True)


def files(folder: Path) -> dict[str, bytes]:
    if not folder.is_dir():
        return {}
    return {
        p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*") if p.is_file()
    }


class Lifecycle(RuleBasedStateMachine):
    """One site, one repository; the model: the pages, the options, the flags of what happened."""

    base: Path

    def __init__(self) -> None:
        super().__init__()
        self.dir = Path(tempfile.mkdtemp(dir=self.base))
        self.root = self.dir / "p0"
        self.kind = "toml"
        self.pages: dict[str, Page] = {}
        self.author: dict[str, bytes] = {}  # docs-relative path → bytes on disk
        self.excluded: set[str] = set()
        self.options: dict[str, object] = {"tags_dir": "tags"}
        self.langs: tuple[str, ...] = ()
        self.extra_line = False
        self.crlf = False
        self.inited = False
        self.pristine: bytes | None = None  # the config before init, while no edit came between
        self.tampered: tuple[str, bytes] | None = None  # a generated file the author edited
        self.keep = False
        self.killed = False  # a build was killed since the last one that ended
        self.dirs: set[str] = set()  # the tags_dir of every build (more than one: `@moved`)
        self.next_id = 1
        self.clones = 0
        self.steps = 0

    def check(self, name: str, ok: bool, message: str) -> None:
        """`check`, the name marked with what came before (`build@killed`: a build killed since
        the last one that ended; `@moved`: builds with another tags_dir before; `@crlf-clone`,
        `@clone`): Hypothesis then reports and
        shrinks each as a failure of its own."""
        where = []
        if len(self.dirs) > 1:
            where.append("moved")
        if self.killed:
            where.append("killed")
        if self.clones:
            where.append("crlf-clone" if self.crlf else "clone")
        check("@".join([name, *where]), ok, message)

    # --- the site ----------------------------------------------------------------------------
    @property
    def config(self) -> Path:
        return self.root / ("zensical.toml" if self.kind == "toml" else "mkdocs.yml")

    @property
    def docs(self) -> Path:
        return self.root / "docs"

    def write_page(self, rel: str, page: Page) -> None:
        path = self.docs / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        data = page.text()
        path.write_bytes(data)
        self.pages[rel] = page
        self.author[rel] = data

    def drop_page(self, rel: str) -> None:
        (self.docs / rel).unlink()
        del self.pages[rel]
        del self.author[rel]
        self.excluded.discard(rel)

    def published(self, rel: str) -> bool | None:
        """Whether Zensical publishes the page (None: this test does not say — a `.de.md` page
        while the i18n plugin builds English alone)."""
        if rel.startswith("templates/"):
            return False
        if ".de." in rel and self.langs and "de" not in self.langs:
            return None
        # zensical-i18n matches exclude_docs against the page's path in its language's staged
        # tree (`a.de.md` is `a.md` in German): `a.md` excluded takes `a.de.md` with it, and
        # a line `a.de.md` excludes nothing (command/pages/published.py, confirmed on Zensical)
        staged = rel.replace(".de.md", ".md") if self.langs else rel
        return staged not in self.excluded

    def config_text(self) -> str:
        return self.config.read_bytes().decode("utf-8")

    def write_config(self, text: str) -> None:
        if self.crlf and "\r\n" in self.config_text():
            text = text.replace("\r\n", "\n").replace("\n", "\r\n")
        self.config.write_bytes(text.encode("utf-8"))
        self.pristine = None

    def options_lines(self) -> str:
        out = []
        for key, value in self.options.items():
            if self.kind == "toml":
                shown = f'"{value}"' if isinstance(value, str) else str(value)
                out.append(f"{key} = {shown}\n")
            else:
                out.append(f"      {key}: {value}\n")
        return "".join(out)

    def exclude_value(self) -> str:
        return "".join(f"{x}\n" for x in ["none.md", *sorted(self.excluded)])

    def first_config(self) -> str:
        excluded = self.exclude_value()
        if self.kind == "toml":
            return (
                '# the author\'s\n[project]\nsite_name = "Life"\nsite_url = "https://example.org/"\n'
                f'exclude_docs = """\n{excluded}"""\n\n[project.plugins.tagindex]\n'
                + self.options_lines()
                + f"# languages\n{self.languages_lines()}# end of languages\n"
            )
        block = "".join(f"  {line}\n" for line in excluded.splitlines())
        return (
            "site_name: Life\nsite_url: https://example.org/\ntheme:\n  name: material\n"
            f"exclude_docs: |\n{block}plugins:\n  - search\n"
            f"  # languages\n{self.languages_lines()}  # end of languages\n"
            "  - tagindex:\n" + self.options_lines()
        )

    def languages_value(self) -> dict[str, object] | None:
        if not self.langs:
            return None
        languages: list[dict[str, object]] = [{"locale": "en", "default": True}]
        languages += [{"locale": lang} for lang in self.langs[1:]]
        return {"docs_structure": "suffix", "languages": languages}

    def languages_lines(self) -> str:
        """The i18n plugin's entry (zensical-i18n / mkdocs-static-i18n), suffix layout."""
        if not self.langs:
            return ""
        rest = "".join(f", {{locale = {lang}}}" for lang in self.langs[1:])
        if self.kind == "toml":
            rest = rest.replace("= de", '= "de"')
            return (
                '[project.plugins.i18n]\ndocs_structure = "suffix"\n'
                f'languages = [{{locale = "en", default = true}}{rest}]\n'
            )
        rest = rest.replace(" = ", ": ")
        return (
            "  - i18n:\n      docs_structure: suffix\n"
            f"      languages: [{{locale: en, default: true}}{rest}]\n"
        )

    def edit_config(self, pattern: str, new: str) -> None:
        text = self.config_text().replace("\r\n", "\n")
        found = re.search(pattern, text, flags=re.S)
        assert found, f"the author's block {pattern!r} is gone from the config:\n{text}"
        self.write_config(text[: found.start(1)] + new + text[found.end(1) :])

    def set_options(self) -> None:
        if self.kind == "toml":
            self.edit_config(
                r"\[project\.plugins\.tagindex\]\n((?:[a-z_]+ = [^\n]*\n)*)", self.options_lines()
            )
        else:
            self.edit_config(r"  - tagindex:\n((?:      [^\n]*\n)*)", self.options_lines())

    def set_languages(self) -> None:
        self.edit_config(r"# languages\n(.*?)[ ]*# end of languages", self.languages_lines())

    def set_excluded(self) -> None:
        value = self.exclude_value()
        if self.kind == "toml":
            self.edit_config(r'exclude_docs = """\n(.*?)"""', value)
        else:
            block = "".join(f"  {line}\n" for line in value.splitlines())
            self.edit_config(r"exclude_docs: \|\n((?:  [^\n]*\n)*)", block)

    # --- the output --------------------------------------------------------------------------
    def generated(self, root: Path, author: set[str]) -> dict[str, bytes]:
        out = {}
        for rel, data in files(root / "docs").items():
            if rel in author or rel.split("/")[-1] == ".tagindex":
                continue
            out[rel] = data.replace(b"\r\n", b"\n") if self.crlf else data
        return out

    def fresh(self) -> dict[str, bytes]:
        """What a first build writes in a copy of the build's inputs alone: the config, the
        pages, `overrides/` (as init left them: a site without init builds differently)."""
        copy = self.dir / "fresh"
        if copy.exists():
            shutil.rmtree(copy)
        (copy / "docs").mkdir(parents=True)
        shutil.copyfile(self.config, copy / self.config.name)
        for rel in self.pages:
            (copy / "docs" / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(self.docs / rel, copy / "docs" / rel)
        if (self.root / "overrides").is_dir():  # init's templates: the build reads them
            shutil.copytree(self.root / "overrides", copy / "overrides")
        cfg = str(copy / self.config.name)
        code, log = run(["build", "-f", cfg, "--lock-timeout", "5", *self.keep_flag()])
        assert code == 0, f"build of a fresh copy failed: {log}"
        return self.generated(copy, set(self.pages))

    def keep_flag(self) -> list[str]:
        return ["--keep-pages"] if self.keep else []

    def check_output(self, log: str) -> None:
        """After a successful build: the output is a fresh build's, and lists exactly what the
        host publishes."""
        ours = self.generated(self.root, set(self.pages))
        if self.tampered is not None:
            ours.pop(self.tampered[0], None)
        cold = self.fresh()
        extra, missing = sorted(set(ours) - set(cold)), sorted(set(cold) - set(ours))
        differ = sorted(k for k in set(ours) & set(cold) if ours[k] != cold[k])
        diff = ""
        if differ:
            lines = difflib.unified_diff(
                cold[differ[0]].decode("utf-8", "replace").splitlines(),
                ours[differ[0]].decode("utf-8", "replace").splitlines(),
                "fresh/" + differ[0],
                differ[0],
                lineterm="",
            )
            diff = "\n".join(list(lines)[:30])
        self.check(
            "fresh",
            not extra and not missing and not differ,
            f"output differs from a fresh build's: extra {extra[:6]}, missing {missing[:6]}, "
            f"different {differ[:6]}; the build said:\n{log}{diff}",
        )
        blob = b"\n".join(ours.values())
        for rel, page in self.pages.items():
            if self.published(rel) is False:
                for word in (f"qz{page.ident}t", f"qz{page.ident}s", f"qz{page.ident}p"):
                    self.check(
                        "unpublished",
                        word.encode() not in blob,
                        f"unpublished {rel} ({word}) is in the generated files",
                    )
        for rel, page in self.pages.items():
            if self.published(rel) and (page.tags or page.section):
                lang = ".de" if ".de." in rel and self.langs else ""  # the suffix layout
                where = f"{self.options['tags_dir']}/tags{lang}.json"
                self.check(
                    "listed",
                    f"qz{page.ident}t".encode() in ours.get(where, b""),
                    f"published {rel} is not in {where}",
                )

    # --- invariants --------------------------------------------------------------------------
    @staticmethod
    def plugin(plugins: object, name: str) -> object:
        """A plugin's options in a parsed config (`plugins:` a list or a mapping)."""
        if isinstance(plugins, list):
            entries = [p[name] for p in plugins if isinstance(p, dict) and name in p]
            return entries[0] if entries else None
        return plugins.get(name) if isinstance(plugins, dict) else None

    @invariant()
    def config_keeps_the_authors_values(self) -> None:
        if not self.pages:
            return
        text = self.config_text()
        try:
            if self.kind == "toml":
                data = tomllib.loads(text)["project"]
            else:
                data = yaml_load(io.StringIO(text))
        except Exception as exc:
            self.check("config-parses", False, f"the config no longer parses ({exc}):\n{text}")
            return
        plugins = data.get("plugins")
        options = self.plugin(plugins, "tagindex")
        found = {
            "site_name": data.get("site_name"),
            "exclude_docs": data.get("exclude_docs"),
            "tagindex": options,
            "i18n": self.plugin(plugins, "i18n"),
        }
        wanted = {
            "site_name": "Life",
            "exclude_docs": self.exclude_value(),
            "tagindex": self.options,
            "i18n": self.languages_value(),
        }
        self.check(
            "config-values",
            found == wanted,
            f"config values {found} != the author's {wanted}:\n{text}",
        )
        if self.extra_line and self.kind == "toml":
            theme = data.get("theme") or {}
            self.check(
                "config-line", theme.get("language") == "de", f"theme.language lost:\n{text}"
            )
        elif self.extra_line:
            lines = str(data.get("not_in_nav") or "").splitlines()
            self.check(
                "config-line", "/drafts/" in lines, f"the author's not_in_nav line lost:\n{text}"
            )

    @invariant()
    def author_files_unchanged(self) -> None:
        for rel, data in self.author.items():
            path = self.docs / rel
            self.check(
                "author-files",
                path.is_file() and path.read_bytes() == data,
                f"{rel} was changed by a step that did not edit it",
            )

    # --- the rules ---------------------------------------------------------------------------
    @initialize(
        kind=st.sampled_from(["toml", "yml"]),
        tags=st.lists(
            st.lists(st.sampled_from(TAGS), min_size=1, max_size=3), min_size=3, max_size=4
        ),
        ready=st.booleans(),
    )
    def site(self, kind: str, tags: list[list[str]], ready: bool) -> None:
        self.kind = kind
        self.root.mkdir()
        for n, chosen in enumerate(tags):
            self.write_page(
                f"pg{self.next_id}x.md" if n % 2 == 0 else f"notes/pg{self.next_id}x.md",
                Page(self.next_id, tuple(dict.fromkeys(chosen)), self.next_id),
            )
            self.next_id += 1
        self.write_config(self.first_config())
        git(self.root, "init", "-q")
        if ready:
            self.init()
            self.build()

    @rule(data=st.data(), tags=st.lists(st.sampled_from(TAGS), max_size=3), date=st.integers(1, 28))
    @counted
    def edit_page(self, data: st.DataObject, tags: list[str], date: int) -> None:
        rel = data.draw(st.sampled_from(sorted(self.pages)))
        self.write_page(rel, Page(self.pages[rel].ident, tuple(dict.fromkeys(tags)), date))

    @rule(
        folder=st.sampled_from(["", "notes/", "templates/"]),
        tags=st.lists(st.sampled_from(TAGS), min_size=1, max_size=3),
    )
    @counted
    def add_page(self, folder: str, tags: list[str]) -> None:
        self.write_page(
            f"{folder}pg{self.next_id}x.md", Page(self.next_id, tuple(dict.fromkeys(tags)), 3)
        )
        self.next_id += 1

    @precondition(lambda self: len(self.pages) > 1)
    @rule(data=st.data())
    @counted
    def remove_page(self, data: st.DataObject) -> None:
        rel = data.draw(st.sampled_from(sorted(self.pages)))
        was_excluded = rel in self.excluded
        self.drop_page(rel)
        if was_excluded:
            self.set_excluded()

    @rule(data=st.data(), folder=st.sampled_from(["", "notes/", "templates/", "more/"]))
    @counted
    def rename_page(self, data: st.DataObject, folder: str) -> None:
        """A page moved (a new URL): its name, or its folder."""
        rel = data.draw(st.sampled_from(sorted(self.pages)))
        page, was_excluded = self.pages[rel], rel in self.excluded
        self.drop_page(rel)
        new = replace(page, ident=self.next_id)
        self.next_id += 1
        self.write_page(f"{folder}pg{new.ident}x.md", new)
        if was_excluded:
            self.set_excluded()

    @rule(data=st.data(), tags=st.lists(st.sampled_from(TAGS), max_size=2, unique=True))
    @counted
    def tag_section(self, data: st.DataObject, tags: list[str]) -> None:
        """A section's tags added, changed or removed (its page's `tags:` as they were)."""
        rel = data.draw(st.sampled_from(sorted(self.pages)))
        self.write_page(rel, replace(self.pages[rel], section=tuple(tags)))

    @rule(old=st.sampled_from(TAGS), new=st.sampled_from(TAGS))
    @counted
    def rename_tag(self, old: str, new: str) -> None:
        for rel, page in sorted(self.pages.items()):
            if old in page.tags:
                tags = tuple(dict.fromkeys(new if t == old else t for t in page.tags))
                self.write_page(rel, replace(page, tags=tags))

    @rule(value=st.sampled_from(["tags", "topics"]))
    @counted
    def set_tags_dir(self, value: str) -> None:
        self.options["tags_dir"] = value
        self.set_options()

    @rule(value=st.sampled_from([None, 1, 2, 10]))
    @counted
    def set_per_page(self, value: int | None) -> None:
        self.options.pop("per_page", None)
        if value is not None:
            self.options["per_page"] = value
        self.set_options()

    @rule(value=st.sampled_from([None, "title", "date"]))
    @counted
    def set_sort_by(self, value: str | None) -> None:
        self.options.pop("sort_by", None)
        if value is not None:
            self.options["sort_by"] = value
        self.set_options()

    @rule(langs=st.sampled_from([(), ("en",), ("en", "de")]))
    @counted
    def set_languages_rule(self, langs: tuple[str, ...]) -> None:
        """The i18n plugin (suffix layout): none, English alone, English and German."""
        self.langs = langs
        self.set_languages()

    @rule(data=st.data())
    @counted
    def translate_page(self, data: st.DataObject) -> bool:
        """A German translation (`page.de.md`) of a page: a page of its own words."""
        originals = sorted(r for r in self.pages if ".de." not in r)
        if not originals:
            return False
        rel = data.draw(st.sampled_from(originals))
        page = self.pages[rel]
        self.write_page(rel[:-3] + ".de.md", replace(page, ident=self.next_id))
        self.next_id += 1
        return True

    @rule(data=st.data())
    @counted
    def toggle_exclude(self, data: st.DataObject) -> None:
        rel = data.draw(st.sampled_from(sorted(self.pages)))
        self.excluded ^= {rel}
        self.set_excluded()

    @rule()
    @counted
    def init(self) -> None:
        before = self.config.read_bytes()
        code, log = run(["init", "-f", str(self.config)])
        self.check("init", code == 0, f"init exited {code}: {log}")
        if not self.inited:
            self.pristine = before
        self.inited = True

    @rule()
    @counted
    def build(self) -> None:
        self.keep = False
        self.build_now()

    @rule()
    @counted
    def build_keep_pages(self) -> None:
        """`build --keep-pages`: no .gitignore, the pages are committed with the site."""
        self.keep = True
        self.build_now()

    def build_now(self) -> None:
        self.dirs.add(str(self.options["tags_dir"]))
        code, log = run(["build", "-f", str(self.config), "--lock-timeout", "5", *self.keep_flag()])
        self.check("traceback", "Traceback" not in log, log)
        tags_dir = str(self.options["tags_dir"])
        if self.tampered is not None:
            rel, original = self.tampered
            if rel.startswith(f"{tags_dir}/"):
                self.check(
                    "tampered-refused", code != 0 and rel in log, f"exit {code}, said:\n{log}"
                )
                (self.docs / rel).write_bytes(original)  # the author takes the edit back
                self.tampered = None
                return
            self.check("tampered-named", code == 0 and rel in log, f"exit {code}, said:\n{log}")
        self.check("build", code == 0, f"build exited {code}:\n{log}")
        if code == 0:
            self.check_output(log)
            self.killed = False
        if self.tampered is not None:
            rel, original = self.tampered
            (self.docs / rel).write_bytes(original)
            self.tampered = None

    @precondition(lambda self: self.tampered is None)
    @rule(
        at=st.integers(1, 40), sig=st.sampled_from([signal.SIGKILL, signal.SIGINT, signal.SIGTERM])
    )
    @counted
    def build_killed(self, at: int, sig: int) -> None:
        """Ctrl-C, a cancelled CI job, an OOM kill: just before the build's at-th write under
        docs/ (if it makes that many, else it ends)."""
        self.dirs.add(str(self.options["tags_dir"]))
        result = run_killed(
            self.root,
            ["build", "-f", str(self.config), "--lock-timeout", "5", *self.keep_flag()],
            at,
            sig,
            under=self.docs,
        )
        self.check("traceback", "Traceback" not in result.stderr, result.stderr)
        self.killed = self.killed or result.returncode != 0

    @rule()
    @counted
    def clean(self) -> None:
        code, log = run(["clean", "-f", str(self.config), "--lock-timeout", "5"])
        self.check("clean", code == 0, f"clean exited {code}:\n{log}")
        left = sorted(self.generated(self.root, set(self.pages)))
        allowed = [] if self.tampered is None else [self.tampered[0]]
        self.check("clean-leaves", left == allowed, f"clean left {left[:8]}; it said:\n{log}")
        if self.tampered is not None:
            self.check(
                "clean-names",
                self.tampered[0] in log,
                f"clean did not name the edited file:\n{log}",
            )
            (self.docs / self.tampered[0]).unlink(missing_ok=True)  # the author removes it
            self.tampered = None
        self.check_config_clean()
        overrides = sorted(files(self.root / "overrides"))
        self.check("clean-overrides", not overrides, f"clean left overrides/{overrides}")
        if self.pristine is not None:
            self.check(
                "clean-bytes",
                self.config.read_bytes() == self.pristine,
                f"init then clean: {self.config.read_bytes()!r}, was {self.pristine!r}",
            )
        self.pristine = None
        self.inited = False

    def check_config_clean(self) -> None:
        """After `clean`: nothing init adds is left in the config (the author wrote none of it;
        the line the author added inside init's block stays)."""
        text = self.config_text()
        try:
            data = tomllib.loads(text)["project"] if self.kind == "toml" else yaml_load(text)
        except Exception:
            return  # the invariant `config_keeps_the_authors_values` says so
        theme = data.get("theme") or {}
        left = {key: data[key] for key in ("extra_css", "extra_javascript") if key in data}
        if "custom_dir" in theme:
            left["theme.custom_dir"] = theme["custom_dir"]
        if self.plugin(data.get("plugins"), "tags") is not None or "tags" in (
            data.get("plugins") or []
        ):
            left["plugins.tags"] = True
        nav = str(data.get("not_in_nav") or "").splitlines()
        if [x for x in nav if x != "/drafts/"]:
            left["not_in_nav"] = nav
        self.check("clean-config", not left, f"clean left init's {left} in the config:\n{text}")

    @rule(autocrlf=st.booleans())
    @counted
    def clone(self, autocrlf: bool) -> None:
        """Commit, clone (as Git for Windows does with autocrlf), carry on in the clone."""
        if self.tampered is not None:
            rel, original = self.tampered
            (self.docs / rel).write_bytes(original)
            self.tampered = None
        git(self.root, "add", "-A")
        git(self.root, "commit", "-q", "--allow-empty", "-m", f"step {self.steps}")
        self.clones += 1
        target = self.dir / f"p{self.clones}"
        options = ["-c", "core.autocrlf=true"] if autocrlf else []
        git(self.dir, "clone", "-q", *options, str(self.root), str(target))
        self.root = target
        self.crlf = autocrlf
        for rel, data in self.author.items():  # the repository holds LF; the checkout:
            want = data.replace(b"\r\n", b"\n")
            if autocrlf:
                want = want.replace(b"\n", b"\r\n")
            on_disk = (self.docs / rel).read_bytes()
            assert on_disk == want, f"git checked {rel} out as {on_disk!r}, not {want!r}"
            self.author[rel] = on_disk
        self.pristine = None

    @precondition(lambda self: self.tampered is None)
    @rule(data=st.data())
    @counted
    def edit_generated(self, data: st.DataObject) -> bool:
        """The author edits a page the command generated (any tags folder still there)."""
        pages = sorted(
            rel for rel in self.generated(self.root, set(self.pages)) if rel.endswith("index.md")
        )
        if not pages:
            return False
        rel = data.draw(st.sampled_from(pages))
        path = self.docs / rel
        original = path.read_bytes()
        path.write_bytes(original + b"\nMy own note.\n")
        self.tampered = (rel, original)
        return True

    @precondition(lambda self: not self.extra_line)
    @rule(last=st.booleans())
    @counted
    def add_config_line(self, last: bool) -> bool:
        """A line the author adds inside a block init wrote (`[project.theme]` init created;
        the `not_in_nav: |` block), first or last in it, when there is one."""
        text = self.config_text().replace("\r\n", "\n")
        header, line = (
            ("[project.theme]", 'language = "de"\n')
            if self.kind == "toml"
            else ("not_in_nav: |", "  /drafts/\n")
        )
        block = r"(?:[a-z_]+ = [^\n]*\n)*" if self.kind == "toml" else r"(?:  [^\n]*\n)*"
        if not text.endswith("\n"):
            text += "\n"
        # init marks the header it wrote (`  # tagindex init`): a comment may end that line
        found = re.search(rf"(?m)^{re.escape(header)}[ \t]*(?:#[^\n]*)?\n({block})", text)
        if found is None:
            return False
        at = found.end(1) if last else found.start(1)
        self.write_config(text[:at] + line + text[at:])
        self.extra_line = True
        return True

    def teardown(self) -> None:
        SEQUENCES.append(self.steps)
        shutil.rmtree(self.dir, ignore_errors=True)


RULES = {
    name
    for name, value in vars(Lifecycle).items()
    if callable(value) and getattr(value, "hypothesis_stateful_rule", None) is not None
}


def test_lifecycle(tmp_path: Path) -> None:
    Lifecycle.base = tmp_path
    HITS.clear()
    SEQUENCES.clear()
    phases = [Phase.explicit, Phase.generate] + ([Phase.shrink] if FUZZ else [])
    start = time.monotonic()
    run_state_machine_as_test(
        Lifecycle,
        _min_steps=15,  # Hypothesis may end a sequence early; not before 15 steps here
        settings=settings(
            max_examples=EXAMPLES,
            stateful_step_count=STEPS,
            derandomize=not FUZZ,
            deadline=None,
            phases=phases,
            database=None,
            suppress_health_check=list(HealthCheck),
        ),
    )
    took = time.monotonic() - start
    print(
        f"lifecycle: {len(SEQUENCES)} sequences, {sum(SEQUENCES)} steps, {took:.0f}s; "
        f"rules {dict(sorted(HITS.items()))}; notes {dict(NOTES)}",
        file=sys.stderr,
    )
    long = [n for n in SEQUENCES if n >= 15]
    assert len(long) >= min(EXAMPLES, 20), f"only {len(long)} sequences of 15+ steps: {SEQUENCES}"
    assert set(HITS) >= RULES, f"rules never run: {sorted(RULES - set(HITS))}"
