"""Soak: `mkdocs serve` (and `--dirty`) under a stream of edits, as authors work (issue 24).

A static-i18n site (en + ja, suffix layout, Material, a tags file) is served by a real
`mkdocs serve` on a free loopback port, without `--strict` (a broken file is reported and left
out). A scripted stream of edits runs against it, each one later undone: drop a tag, break an
article's front matter, add an article with a new tag, delete an article, change a tag's case,
break the tags file, add a translated page (`*.ja.md`). After each edit the test reads the
served pages over HTTP until they say what the files now say: the all-tags page and every tag
page of both languages (cards: link and title), and the chips of the edited article. The
deadline only guards against a hang; it is no speed target.

At the end: no `Traceback` and no `ERROR` in the server's log, the server's resident memory
grew by at most 20 MB after the first rebuilds, and the served tag pages equal a clean
`mkdocs build` of the same files.

What `--dirty` cannot keep right, and this test does not ask of it: pages MkDocs does not write
again stay as they were (a tag page no article has any more is still served, though no longer
linked; an article the edit did not touch keeps its old chips when the tags file changes).

`TAGINDEX_SOAK_EDITS` sets the number of edits (`make soak`: 400); the default is 40.
"""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import pytest
import yaml
from bs4 import BeautifulSoup

from conftest import MKDOCS, ROOT, write_config, write_page

pytestmark = pytest.mark.slow

EDITS = int(os.environ.get("TAGINDEX_SOAK_EDITS", "40"))
DEADLINE = 60.0
"""Seconds an edit may take to show: only a guard against a hang."""
RSS_LIMIT_KB = 20 * 1024
WARMUP = 5
"""RSS is measured from after this many edits (each one at least one rebuild) to the end."""

TAGS_FILE = {
    "grpo": {"name": "GRPO"},
    "robotics": {"name": {"en": "Robotics", "ja": "ロボティクス"}, "aliases": ["robot"]},
    "rl": {"name": {"en": "RL", "ja": "強化学習"}},
}
BROKEN_YAML = "title: [unclosed\ntags: grpo: rl\n"


@dataclass
class Article:
    title: str
    tags: list[str]
    date: str
    broken: bool = False


@dataclass
class Files:
    """What the docs folder says: the model the served pages are checked against."""

    en: dict[str, Article] = field(default_factory=dict)
    """Name (a01) → the English article, `articles/<name>.md`."""
    ja: dict[str, Article] = field(default_factory=dict)
    """Name → its Japanese translation, `articles/<name>.ja.md`."""
    tags_file_ok: bool = True

    def tag_id(self, name: str) -> str:
        key = name.lower()
        if self.tags_file_ok:
            for tag, entry in TAGS_FILE.items():
                if key in entry.get("aliases", []):
                    return tag
        return key

    def tag_name(self, tag: str, lang: str, spelled: str) -> str:
        entry = TAGS_FILE.get(tag) if self.tags_file_ok else None
        if entry is not None:
            name = entry["name"]
            return name if isinstance(name, str) else name[lang]
        return spelled  # every tag outside the tags file has one spelling at any time

    def listed(self, lang: str) -> dict[str, Article]:
        """The articles of one language's build: its own, and (ja) untranslated fallbacks."""
        own = self.ja if lang == "ja" else self.en
        pages = dict(own)
        if lang == "ja":
            pages.update({n: a for n, a in self.en.items() if n not in self.ja})
        return {n: a for n, a in pages.items() if not a.broken}

    def expected(self, lang: str) -> dict[str, object]:
        """Tag slug → name and cards (href path, title); only tags an own article has."""
        prefix = "/ja" if lang == "ja" else ""
        own = {n for n, a in (self.ja if lang == "ja" else self.en).items() if not a.broken}
        tags: dict[str, dict[str, object]] = {}
        for name, article in sorted(self.listed(lang).items()):
            for spelled in article.tags:
                tag = self.tag_id(spelled)
                entry = tags.setdefault(tag, {"own": False, "cards": set(), "spelled": spelled})
                entry["own"] = bool(entry["own"]) or name in own
                entry["cards"].add((f"{prefix}/articles/{name}/", article.title))  # type: ignore[attr-defined]
        return {
            tag: (self.tag_name(tag, lang, str(e["spelled"])), sorted(e["cards"]))  # type: ignore[call-overload]
            for tag, e in tags.items()
            if e["own"]
        }

    def chips(self, name: str) -> list[tuple[str, str]]:
        """The chips of an English article: (name, tag page path), in front-matter order."""
        article = self.en.get(name)
        if article is None or article.broken:
            return []
        ids = dict.fromkeys(self.tag_id(t) for t in article.tags)
        spelled = {self.tag_id(t): t for t in article.tags}
        return [(self.tag_name(t, "en", spelled[t]), f"/tags/{t}/") for t in ids]


def write_article(project: Path, rel: str, article: Article) -> None:
    if article.broken:
        path = project / "docs" / rel
        path.write_text(f"---\n{BROKEN_YAML}---\n\n# {article.title}\n\nBroken.\n", "utf-8")
        return
    meta = {"title": article.title, "tags": article.tags, "date": article.date}
    write_page(project, rel, meta, f"Text of {article.title}.\n\n" + "word " * 120 + "\n")


def write_tags_file(project: Path, ok: bool) -> None:
    text = yaml.safe_dump(TAGS_FILE, allow_unicode=True) if ok else "grpo: {name: [GRPO\n"
    (project / "tags.yml").write_text(text, "utf-8")


def make_site(project: Path, *, search: bool = True) -> Files:
    languages = [
        {"locale": "en", "default": True, "name": "English", "build": True},
        {"locale": "ja", "name": "日本語", "build": True},
    ]
    write_config(
        project,
        {
            "site_name": "Soak",
            "site_url": "https://example.org/",
            "theme": {"name": "material", "language": "en"},
            "plugins": [
                *(["search"] if search else []),
                {"i18n": {"docs_structure": "suffix", "languages": languages}},
                {"tagindex": {"tags_file": "tags.yml", "unknown_tags": "ignore"}},
            ],
        },
    )
    write_tags_file(project, True)
    write_page(project, "index.md", {"title": "Home"}, "Home.\n")
    write_page(project, "index.ja.md", {"title": "ホーム"}, "ホーム。\n")
    files = Files()
    files.en = {
        "a01": Article("Alpha", ["grpo", "robotics"], "2026-01-01"),
        "a02": Article("Beta", ["grpo", "rl"], "2026-01-02"),
        "a03": Article("Gamma", ["rl"], "2026-01-03"),
        "a04": Article("Delta", ["grpo"], "2026-01-04"),
        "a05": Article("Epsilon", ["solo", "grpo"], "2026-01-05"),
        "a06": Article("Zeta", ["robot", "rl"], "2026-01-06"),
    }
    files.ja = {"a01": Article("アルファ", ["grpo", "robotics"], "2026-01-01")}
    for name, article in files.en.items():
        write_article(project, f"articles/{name}.md", article)
    for name, article in files.ja.items():
        write_article(project, f"articles/{name}.ja.md", article)
    return files


Edit = tuple[str, str | None, Callable[[Path, Files], None]]
"""(what it does, the English article whose chips it changes, the edit)."""


def _set(name: str, article: Article | None, ja: bool = False) -> Callable[[Path, Files], None]:
    def edit(project: Path, files: Files) -> None:
        table = files.ja if ja else files.en
        rel = f"articles/{name}.ja.md" if ja else f"articles/{name}.md"
        if article is None:
            (project / "docs" / rel).unlink()
            table.pop(name)
        else:
            write_article(project, rel, article)
            table[name] = article

    return edit


def _tags_file(ok: bool) -> Callable[[Path, Files], None]:
    def edit(project: Path, files: Files) -> None:
        write_tags_file(project, ok)
        files.tags_file_ok = ok

    return edit


def edit_cycle(k: int, files: Files) -> list[Edit]:
    """Seven edits and their undoing, in the order an author might make them."""
    a02, a03, a04, a05 = (files.en[n] for n in ("a02", "a03", "a04", "a05"))
    fresh = Article(f"New {k}", [f"fresh{k}", "grpo"], "2026-02-01")
    ja02 = Article("ベータ", ["grpo", "rl"], "2026-01-02")
    return [
        ("drop a tag", "a02", _set("a02", Article(a02.title, ["grpo"], a02.date))),
        ("restore the tag", "a02", _set("a02", a02)),
        ("break front matter", "a03", _set("a03", Article(a03.title, [], a03.date, True))),
        ("mend front matter", "a03", _set("a03", a03)),
        ("add an article with a new tag", "a07", _set("a07", fresh)),
        ("delete the new article", "a07", _set("a07", None)),
        ("delete an article", "a04", _set("a04", None)),
        ("restore the article", "a04", _set("a04", a04)),
        ("change a tag's case", "a05", _set("a05", Article(a05.title, ["SOLO", "grpo"], a05.date))),
        ("change it back", "a05", _set("a05", a05)),
        ("break the tags file", None, _tags_file(False)),
        ("mend the tags file", None, _tags_file(True)),
        ("add a translated page", None, _set("a02", ja02, ja=True)),
        ("delete the translated page", None, _set("a02", None, ja=True)),
    ]


# -- the server ---------------------------------------------------------------------------------


def server_env() -> dict[str, str]:
    """As authors run it: without the suite's TAGINDEX_VERIFY=all (two renders of every tag
    page, which `test_fast_path.py` checks), and with this checkout's package."""
    env = {k: v for k, v in os.environ.items() if k != "TAGINDEX_VERIFY"}
    return {**env, "PYTHONPATH": str(ROOT), "NO_MKDOCS_2_WARNING": "1"}


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Server:
    def __init__(self, project: Path, dirty: bool, log: Path) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log_path = log
        self._log = log.open("w", encoding="utf-8")
        args = [*MKDOCS, "serve", "-a", f"127.0.0.1:{self.port}", *(["--dirty"] if dirty else [])]
        self.proc = subprocess.Popen(
            args, cwd=project, env=server_env(), stdout=self._log, stderr=subprocess.STDOUT
        )

    def log(self) -> str:
        if not self._log.closed:
            self._log.flush()
        return self.log_path.read_text("utf-8", errors="replace")

    def get(self, path: str) -> str | None:
        """The served page, None for a 404. MkDocs holds a request while it rebuilds."""
        assert self.proc.poll() is None, f"mkdocs serve exited:\n{self.log()[-4000:]}"
        try:
            with urllib.request.urlopen(self.base + path, timeout=DEADLINE) as response:
                return str(response.read().decode("utf-8"))
        except urllib.error.HTTPError as error:
            if error.code == 404:
                return None
            raise
        except TimeoutError:  # after a failed rebuild, MkDocs holds requests until the next
            pytest.fail(f"{path}: no answer in {DEADLINE:.0f} s\nlog:\n{self.log()[-4000:]}")

    def epoch(self) -> int:
        """The version of the site served now (MkDocs' livereload epoch, in every page)."""
        html = self.get("/")
        found = re.search(r"livereload\((\d+),", html or "")
        assert found is not None, html
        return int(found[1])

    def next_epoch(self, epoch: int, timeout: float) -> int:
        """Wait for a rebuild after `epoch` to finish (livereload's long poll); the epoch now."""
        url = f"{self.base}/livereload/{epoch}/0"
        try:
            with urllib.request.urlopen(url, timeout=max(timeout, 1)) as response:
                return int(response.read())
        except TimeoutError:
            return epoch

    def rss_kb(self) -> int:
        status = Path(f"/proc/{self.proc.pid}/status").read_text()
        found = re.search(r"^VmRSS:\s+(\d+) kB", status, re.M)
        assert found is not None
        return int(found[1])

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)  # as Ctrl-C: on_shutdown removes the stubs
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self._log.close()


# -- what the served pages say ------------------------------------------------------------------


def soup(html: str) -> BeautifulSoup:
    return BeautifulSoup(html, "html.parser")


def text(node: object) -> str:
    return " ".join(node.get_text(" ").split())  # type: ignore[attr-defined]


def path_of(page: str, href: str) -> str:
    return urlsplit(urljoin("http://h" + page, href)).path


def read_index(html: str, page: str) -> dict[str, str]:
    """The all-tags page: tag slug → name."""
    found = {}
    for link in soup(html).select("a.tagindex-index__tag"):
        slug = path_of(page, str(link["href"])).rstrip("/").rsplit("/", 1)[-1]
        found[slug] = text(link).removeprefix("#")
    return found


def read_cards(html: str, page: str) -> list[tuple[str, str]]:
    cards = soup(html).select("ol.tagindex-cards > li.tagindex-card .tagindex-card__title a")
    return sorted((path_of(page, str(a["href"])), text(a)) for a in cards)


def read_chips(html: str, page: str) -> list[tuple[str, str]]:
    chips = soup(html).select(".md-tags .md-tag")
    return [(text(c).removeprefix("#"), path_of(page, str(c.get("href", "")))) for c in chips]


def served_state(
    server: Server, files: Files, chips_of: list[str], gone: set[str]
) -> dict[str, object]:
    """What the server shows of everything `files.expected` and `files.chips` describe, and of
    the tag pages in `gone` (each language's slugs that no longer have one: a 404)."""
    state: dict[str, object] = {}
    for lang in ("en", "ja"):
        prefix = "/ja" if lang == "ja" else ""
        index_page = f"{prefix}/tags/"
        html = server.get(index_page)
        index = read_index(html, index_page) if html else {}
        tags: dict[str, object] = {}
        for slug in sorted(set(index) | set(files.expected(lang)) | gone):
            page = f"{prefix}/tags/{slug}/"
            html = server.get(page)
            tags[slug] = (index.get(slug), read_cards(html, page) if html else None)
        state[lang] = tags
    for name in chips_of:
        page = f"/articles/{name}/"
        html = server.get(page)
        state[f"chips {name}"] = read_chips(html, page) if html is not None else []
    return state


def expected_state(files: Files, chips_of: list[str], gone: set[str]) -> dict[str, object]:
    state: dict[str, object] = {}
    for lang in ("en", "ja"):
        tags = {slug: (None, None) for slug in gone}
        tags.update(files.expected(lang))  # type: ignore[arg-type]
        state[lang] = tags
    for name in chips_of:
        state[f"chips {name}"] = files.chips(name)
    return state


def wait_until_shown(
    server: Server,
    files: Files,
    chips_of: list[str],
    gone: set[str],
    what: str,
    epoch: int | None,
) -> float:
    """Read the served pages after each rebuild that ends after `epoch` (None: now) until
    they say what the files say. Reading only after a rebuild leaves the CPU to the build."""
    want = expected_state(files, chips_of, gone)
    start = time.monotonic()
    while True:
        left = DEADLINE - (time.monotonic() - start)
        if epoch is not None:
            epoch = server.next_epoch(epoch, left)
        got = served_state(server, files, chips_of, gone)
        if got == want:
            return time.monotonic() - start
        if left <= 0:
            pytest.fail(
                f"after '{what}' the served site did not show the files within {DEADLINE:.0f} s"
                f"\nwanted: {want}\nserved: {got}\nlog:\n{server.log()[-3000:]}"
            )
        if epoch is None:
            time.sleep(0.5)


def clean_build_cards(project: Path, out: Path) -> dict[str, object]:
    result = subprocess.run(
        [*MKDOCS, "build", "-d", str(out)],
        cwd=project,
        env=server_env(),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    pages: dict[str, object] = {}
    for prefix in ("", "/ja"):
        index_page = f"{prefix}/tags/"
        index = read_index((out / index_page.strip("/") / "index.html").read_text("utf-8"), "/")
        for slug in index:
            page = f"{prefix}/tags/{slug}/"
            html = (out / page.strip("/") / "index.html").read_text("utf-8")
            pages[page] = card_texts(html, page)
        pages[index_page] = sorted(index.items())
    return pages


def card_texts(html: str, page: str) -> list[tuple[str, list[str]]]:
    """Every card of a tag page: its whole text and every link in it."""
    return [
        (text(card), [path_of(page, str(a["href"])) for a in card.select("a[href]")])
        for card in soup(html).select("ol.tagindex-cards > li.tagindex-card")
    ]


# -- the soak -----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def soaks(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[bool, Future[None]]]:
    """Both soaks at once, each with its own server and site: the servers' rebuilds take the
    machine's two cores between them, where one after the other took twice the time."""
    with ThreadPoolExecutor(max_workers=2) as pool:
        yield {
            dirty: pool.submit(soak, tmp_path_factory.mktemp("dirty" if dirty else "serve"), dirty)
            for dirty in (False, True)
        }


@pytest.mark.parametrize("dirty", [False, True], ids=["serve", "serve-dirty"])
def test_soak(soaks: dict[bool, Future[None]], dirty: bool) -> None:
    soaks[dirty].result()  # its assertion errors, raised here


def soak(tmp_path: Path, dirty: bool) -> None:
    """One soak: a server, the stream of edits, and what is checked at the end."""
    project = tmp_path / "site"
    # Not Material's search under `--dirty`: with static-i18n its index doubles on every dirty
    # rebuild (search keeps the last index and static-i18n appends each language's entries to
    # it; without tagindex, 30 → 3,586 entries in 8 rebuilds), so each rebuild takes twice as
    # long as the one before. Plain `serve` keeps it: there the index starts afresh.
    files = make_site(project, search=not dirty)
    server = Server(project, dirty, tmp_path / "serve.log")
    started = time.monotonic()
    try:
        deadline = started + 180  # the first build, and the server's start
        while True:
            try:
                if server.get("/") is not None:
                    break
            except (urllib.error.URLError, ConnectionError):
                pass
            assert time.monotonic() < deadline, f"server did not start:\n{server.log()[-3000:]}"
            time.sleep(0.3)
        everyone = [*files.en, "a07"]
        slugs: set[str] = set()
        wait_until_shown(server, files, everyone, slugs, "start", None)

        waits: list[float] = []
        rss_after_warmup = 0
        k = 0
        edits: list[Edit] = []
        for i in range(EDITS + EDITS % 2):  # whole pairs: the site ends as it began
            if not edits:
                k += 1
                edits = edit_cycle(k, files)
            what, article, edit = edits.pop(0)
            before = expected_state(files, everyone, slugs)
            epoch = server.epoch()
            edit(project, files)
            assert expected_state(files, everyone, slugs) != before, f"{what} shows nothing"
            # `--dirty` writes only the pages of modified files: a deleted article's page stays,
            # other articles keep their chips, a tag page no article has any more stays
            # (unlinked); a plain rebuild starts from an empty folder, so all of it is checked
            if dirty:
                chips_of = [article] if article in files.en else []
                gone: set[str] = set()
            else:
                chips_of = everyone
                slugs.update(files.expected("en"), files.expected("ja"))
                gone = slugs
            shown = wait_until_shown(server, files, chips_of, gone, f"{i + 1}: {what}", epoch)
            waits.append(shown)
            if i + 1 == WARMUP:
                rss_after_warmup = server.rss_kb()
        rss_end = server.rss_kb()
        soak_seconds = time.monotonic() - started

        served: dict[str, object] = {}
        for prefix in ("", "/ja"):
            index_page = f"{prefix}/tags/"
            html = server.get(index_page)
            assert html is not None
            index = read_index(html, index_page)
            for slug in index:
                page = f"{prefix}/tags/{slug}/"
                page_html = server.get(page)
                assert page_html is not None, page
                served[page] = card_texts(page_html, page)
            served[index_page] = sorted(index.items())
    finally:
        server.stop()
    log = server.log()
    reference = clean_build_cards(project, tmp_path / "clean")
    print(
        f"\nsoak {'--dirty' if dirty else 'serve'}: {len(waits)} edits in {soak_seconds:.1f} s, "
        f"each shown after {min(waits):.1f}–{max(waits):.1f} s; "
        f"RSS after {WARMUP} edits {rss_after_warmup / 1024:.1f} MB, "
        f"at the end {rss_end / 1024:.1f} MB ({(rss_end - rss_after_warmup) / 1024:+.1f} MB)"
    )
    assert "Traceback" not in log, log[-4000:]
    assert not [line for line in log.splitlines() if "ERROR" in line], log[-4000:]
    assert rss_end - rss_after_warmup <= RSS_LIMIT_KB, (rss_after_warmup, rss_end)
    assert served == reference
