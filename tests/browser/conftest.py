"""Fixtures for the browser tests: one build of the example site, one local HTTP server and one
Chromium for the whole session, and a fresh browser context for every page a test opens."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
import yaml
from playwright.sync_api import (
    Browser,
    BrowserContext,
    Page,
    Route,
    ViewportSize,
    sync_playwright,
)

from conftest import FIXTURES, ROOT

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
EXAMPLE_CONFIG = ROOT / "example_site" / "mkdocs.yml"
ARTIFACTS = ROOT / "tests" / "artifacts"
GALLERY = ROOT / "docs" / "images"
"""Where `make gallery` (TAGINDEX_GALLERY=1) writes the pictures of docs/gallery.md."""
HERE = Path(__file__).resolve().parent
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"

DESKTOP: ViewportSize = {"width": 1280, "height": 900}
MOBILE: ViewportSize = {"width": 390, "height": 844}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test in this folder drives a browser: mark it so `-m "not browser"` skips it, and
    keep them on one worker of `make test`'s two (`--dist loadgroup`): they share the session's
    built sites and Chromium, which a second worker would build and start again."""
    for item in items:
        if HERE in Path(str(item.path)).resolve().parents:
            item.add_marker(pytest.mark.browser)
            item.add_marker(pytest.mark.xdist_group("browser"))


@dataclass
class ServedSite:
    """The example site, built once, served on a free loopback port."""

    dir: Path
    base_url: str  # "http://127.0.0.1:PORT" without a trailing slash

    def url(self, path: str) -> str:
        return self.base_url + "/" + path.lstrip("/")


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


class _QuietServer(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        # A navigation cancels the page's pending requests (Material's search index, say):
        # the broken pipe that follows is the browser's doing, not a server fault.
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


@pytest.fixture(scope="session")
def example_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServedSite]:
    out = tmp_path_factory.mktemp("example") / "site"
    command = [sys.executable, "-m", "mkdocs", "build", "--strict"]
    result = subprocess.run(
        [*command, "-f", str(EXAMPLE_CONFIG), "-d", str(out)],
        cwd=ROOT,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, f"example site build failed:\n{result.stderr[-4000:]}"
    assert (out / "tags" / "grpo" / "index.html").is_file(), sorted(os.listdir(out))

    server = _QuietServer(("127.0.0.1", 0), partial(_QuietHandler, directory=str(out)))
    thread = threading.Thread(target=server.serve_forever, name="example-site", daemon=True)
    thread.start()
    host, port = server.server_address[:2]
    try:
        yield ServedSite(dir=out, base_url=f"http://{host!s}:{port}")
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    if not (CHROMIUM.is_file() and os.access(CHROMIUM, os.X_OK)):
        pytest.fail(
            f"{CHROMIUM} is missing: the browser tests use Debian's Chromium, never a Playwright "
            "download. `make test` installs it (and fonts-noto-cjk) through `make system-deps`; "
            "or run `apt-get install chromium fonts-noto-cjk`.",
            pytrace=False,
        )
    playwright = sync_playwright().start()
    try:
        chromium = playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
        )
        try:
            yield chromium
        finally:
            chromium.close()
    finally:
        playwright.stop()


@dataclass
class OpenedPage:
    """A page in its own browser context, with what went wrong while it was open."""

    page: Page
    context: BrowserContext
    errors: list[str] = field(default_factory=list)  # uncaught JavaScript exceptions
    blocked: list[str] = field(default_factory=list)  # requests that tried to leave loopback


PageFactory = Callable[..., OpenedPage]


def _page_opener(browser: Browser, site: ServedSite) -> Iterator[PageFactory]:
    """Open pages in fresh contexts that may reach `site` only; close them all afterwards."""
    contexts: list[BrowserContext] = []

    def open_page(viewport: ViewportSize = DESKTOP, **options: Any) -> OpenedPage:
        context = browser.new_context(viewport=viewport, **options)
        contexts.append(context)
        context.set_default_timeout(15_000)
        page = context.new_page()
        opened = OpenedPage(page=page, context=context)

        def only_loopback(route: Route) -> None:
            if route.request.url.startswith(site.base_url + "/"):
                route.continue_()
            else:
                opened.blocked.append(route.request.url)
                route.abort()

        context.route("**/*", only_loopback)
        page.on("pageerror", lambda exc: opened.errors.append(str(exc)))
        return opened

    yield open_page
    for context in contexts:
        context.close()


@pytest.fixture
def new_page(browser: Browser, example_site: ServedSite) -> Iterator[PageFactory]:
    """Pages of the example site."""
    yield from _page_opener(browser, example_site)


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


# -- the example site with Material's instant navigation (tests/browser/test_filters.py) ----------


@pytest.fixture(scope="session")
def instant_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServedSite]:
    """A copy of the example site with `navigation.instant` on, built and served on its own port.

    The server starts first so that `site_url` can name its port: Material's instant navigation
    only takes over links that its sitemap.xml lists. The build runs without `--strict`, because
    mkdocs-static-i18n warns that its language switcher does not support instant navigation."""
    project = tmp_path_factory.mktemp("instant") / "example_site"
    shutil.copytree(EXAMPLE_CONFIG.parent, project, ignore=shutil.ignore_patterns("site"))
    out = project / "site"
    out.mkdir()

    server = _QuietServer(("127.0.0.1", 0), partial(_QuietHandler, directory=str(out)))
    host, port = server.server_address[:2]
    base_url = f"http://{host!s}:{port}"
    try:
        config = yaml.safe_load((project / "mkdocs.yml").read_text("utf-8"))
        features = config["theme"].setdefault("features", [])
        if "navigation.instant" not in features:
            features.append("navigation.instant")
        config["site_url"] = base_url + "/"
        (project / "mkdocs.yml").write_text(
            yaml.safe_dump(config, allow_unicode=True, sort_keys=False), "utf-8"
        )
        result = subprocess.run(
            [sys.executable, "-m", "mkdocs", "build", "-f", "mkdocs.yml", "-d", str(out)],
            cwd=project,
            env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
            capture_output=True,
            text=True,
            timeout=600,
        )
        assert result.returncode == 0, f"instant site build failed:\n{result.stderr[-4000:]}"
        assert "Traceback" not in result.stderr, result.stderr[-4000:]
        assert (out / "tags" / "grpo" / "index.html").is_file(), sorted(os.listdir(out))

        thread = threading.Thread(target=server.serve_forever, name="instant-site", daemon=True)
        thread.start()
        try:
            yield ServedSite(dir=out, base_url=base_url)
        finally:
            server.shutdown()
            thread.join(timeout=10)
    finally:
        server.server_close()


@pytest.fixture
def new_instant_page(browser: Browser, instant_site: ServedSite) -> Iterator[PageFactory]:
    """Pages of the example site built with navigation.instant."""
    yield from _page_opener(browser, instant_site)


def instant_ready(page: Page) -> None:
    """Wait until the theme's instant navigation takes clicks over. Material's (and Zensical's)
    takes a link only once its sitemap.xml has arrived (a click before it is a full load, which
    a loaded machine made happen): wait for the file, then for the tasks that read it."""
    page.wait_for_function(
        """() => performance.getEntriesByType('resource')
            .some((entry) => new URL(entry.name).pathname.endsWith('/sitemap.xml'))"""
    )
    page.evaluate("() => new Promise((done) => setTimeout(() => setTimeout(done, 0), 0))")


# -- the example site on Zensical (test_zensical_looks.py, test_explorer.py) ---------------------

ZENSICAL_LOOKS = ("classic", "modern")
BIN = Path(sys.executable).parent


def _run(project: Path, *command: str) -> None:
    result = subprocess.run(
        command,
        cwd=project,
        env={**os.environ, "PYTHONPATH": str(ROOT), "NO_MKDOCS_2_WARNING": "1"},
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert result.returncode == 0, result.stderr[-4000:] + result.stdout[-2000:]
    assert "Traceback" not in result.stderr, result.stderr[-4000:]


def _zensical_copy(
    project: Path, look: str, features: tuple[str, ...] = (), site_url: str | None = None
) -> None:
    """The example site copied to `project` in Zensical's `look`, with `features` added (and
    `site_url`), and built: `tagindex init`, `tagindex build`, `zensical-i18n build`."""
    shutil.copytree(EXAMPLE_CONFIG.parent, project, ignore=shutil.ignore_patterns("site", ".cache"))
    config = project / "mkdocs.yml"
    text = config.read_text("utf-8")
    assert "\ntheme:\n" in text and "\n  features:\n" in text
    text = text.replace("\ntheme:\n", f"\ntheme:\n  variant: {look}\n", 1)
    added = "".join(f"    - {feature}\n" for feature in features)
    text = text.replace("\n  features:\n", "\n  features:\n" + added, 1)
    if site_url is not None:
        assert "site_url: http://127.0.0.1:8000/\n" in text
        text = text.replace("site_url: http://127.0.0.1:8000/\n", f"site_url: {site_url}\n", 1)
    config.write_text(text)
    _run(project, sys.executable, "-m", "mkdocs_tagindex", "init")
    _run(project, sys.executable, "-m", "mkdocs_tagindex", "build")
    _run(project, str(BIN / "zensical-i18n"), "build")
    assert (project / "site/tags/grpo/index.html").is_file()


@pytest.fixture(scope="session")
def zensical_sites(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, ServedSite]]:
    """The example site built with Zensical in each look, each served on its own port."""
    sites: dict[str, ServedSite] = {}
    servers = []
    try:
        for look in ZENSICAL_LOOKS:
            project = tmp_path_factory.mktemp(f"zensical-{look}") / "example_site"
            _zensical_copy(project, look)
            server, thread, base_url = _serve(project / "site")
            servers.append((server, thread))
            sites[look] = ServedSite(dir=project / "site", base_url=base_url)
        yield sites
    finally:
        for server, thread in servers:
            server.shutdown()
            server.server_close()
            thread.join(timeout=10)


@pytest.fixture(scope="session")
def zensical_instant_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServedSite]:
    """The example site on Zensical with `navigation.instant`, `site_url` naming the port it is
    served on (instant navigation takes over only the links its sitemap lists)."""
    project = tmp_path_factory.mktemp("zensical-instant") / "example_site"
    server = _QuietServer(("127.0.0.1", 0), partial(_QuietHandler, directory=str(project / "site")))
    host, port = server.server_address[:2]
    base_url = f"http://{host!s}:{port}"
    try:
        _zensical_copy(project, "modern", ("navigation.instant",), f"{base_url}/")
        thread = threading.Thread(target=server.serve_forever, name="zensical-instant", daemon=True)
        thread.start()
        try:
            yield ServedSite(dir=project / "site", base_url=base_url)
        finally:
            server.shutdown()
            thread.join(timeout=10)
    finally:
        server.server_close()


def both_hosts(project: Path) -> Iterator[dict[str, ServedSite]]:
    """`project` built by `mkdocs build --strict` and, in a copy beside it, by `tagindex init`,
    `tagindex build` and `zensical build`; each served. For a session or module fixture:
    `yield from both_hosts(project)`."""
    copy = project.parent / (project.name + "-zensical")
    shutil.copytree(project, copy, ignore=shutil.ignore_patterns("site", ".cache"))
    _run(project, sys.executable, "-m", "mkdocs", "build", "--strict")
    _run(copy, sys.executable, "-m", "mkdocs_tagindex", "init")
    _run(copy, sys.executable, "-m", "mkdocs_tagindex", "build")
    _run(copy, str(BIN / "zensical"), "build")
    served = []
    sites = {}
    try:
        for host, folder in (("mkdocs", project / "site"), ("zensical", copy / "site")):
            server, thread, base_url = _serve(folder)
            served.append((server, thread))
            sites[host] = ServedSite(dir=folder, base_url=base_url)
        yield sites
    finally:
        for server, thread in served:
            server.shutdown()
            server.server_close()
            thread.join(timeout=10)


# -- fixture sites of tests/fixtures/, built and served on demand (tests/browser/test_theme.py) ---


SiteFactory = Callable[..., ServedSite]


def _serve(directory: Path) -> tuple[_QuietServer, threading.Thread, str]:
    server = _QuietServer(("127.0.0.1", 0), partial(_QuietHandler, directory=str(directory)))
    thread = threading.Thread(target=server.serve_forever, name=directory.name, daemon=True)
    thread.start()
    host, port = server.server_address[:2]
    return server, thread, f"http://{host!s}:{port}"


@pytest.fixture(scope="session")
def fixture_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SiteFactory]:
    """`fixture_site("theme-site", theme="mkdocs")`: that fixture built with `--strict` (with
    another theme when asked: `theme` becomes `{name: …}`, Material's palette dropped) and
    served; each (fixture, theme) is built once per session."""
    built: dict[tuple[str, str | None], ServedSite] = {}
    running: list[tuple[_QuietServer, threading.Thread]] = []

    def site(name: str, theme: str | None = None) -> ServedSite:
        key = (name, theme)
        if key in built:
            return built[key]
        project = tmp_path_factory.mktemp(f"{name}-{theme or 'own'}") / name
        shutil.copytree(FIXTURES / name, project)
        if theme is not None:
            config = yaml.safe_load((project / "mkdocs.yml").read_text("utf-8"))
            config["theme"] = {"name": theme}
            (project / "mkdocs.yml").write_text(
                yaml.safe_dump(config, allow_unicode=True, sort_keys=False), "utf-8"
            )
        result = subprocess.run(
            [sys.executable, "-m", "mkdocs", "build", "--strict"],
            cwd=project,
            env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
            capture_output=True,
            text=True,
            timeout=600,
        )
        assert result.returncode == 0, f"{name} ({theme}) build failed:\n{result.stderr[-4000:]}"
        assert "Traceback" not in result.stderr, result.stderr[-4000:]
        server, thread, base_url = _serve(project / "site")
        running.append((server, thread))
        built[key] = ServedSite(dir=project / "site", base_url=base_url)
        return built[key]

    yield site
    for server, thread in running:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


SitePageFactory = Callable[..., OpenedPage]


@pytest.fixture
def site_page(browser: Browser) -> Iterator[SitePageFactory]:
    """`site_page(site, viewport, **context_options)`: a page in a fresh context that may reach
    `site` only (any served site: the example site or a fixture site)."""
    contexts: list[BrowserContext] = []

    def open_page(site: ServedSite, viewport: ViewportSize = DESKTOP, **options: Any) -> OpenedPage:
        context = browser.new_context(viewport=viewport, **options)
        contexts.append(context)
        context.set_default_timeout(15_000)
        page = context.new_page()
        opened = OpenedPage(page=page, context=context)

        def only_loopback(route: Route) -> None:
            if route.request.url.startswith(site.base_url + "/"):
                route.continue_()
            else:
                opened.blocked.append(route.request.url)
                route.abort()

        context.route("**/*", only_loopback)
        page.on("pageerror", lambda exc: opened.errors.append(str(exc)))
        return opened

    yield open_page
    for context in contexts:
        context.close()


# -- screenshots, and the gallery of docs/gallery.md -------------------------------------------


Shooter = Callable[..., Path]


def _check_png(path: Path) -> None:
    assert path.is_file(), f"{path} was not written"
    assert path.stat().st_size > 30_000, f"{path} is suspiciously small ({path.stat().st_size} B)"
    assert path.read_bytes()[:8] == PNG_MAGIC


@pytest.fixture(scope="session")
def gallery(artifacts: Path) -> Shooter:
    """`gallery(page, name)`: a screenshot of what is on screen into tests/artifacts/<name>.png,
    and, when TAGINDEX_GALLERY=1 (`make gallery`), into docs/images/<name>.png as well, so the
    pictures of docs/gallery.md and the README come from the tests and a plain `make test`
    never rewrites tracked files."""
    write_docs = os.environ.get("TAGINDEX_GALLERY") == "1"

    def shoot(page: Page, name: str) -> Path:
        page.evaluate("document.fonts.ready.then(() => true)")
        targets = [artifacts / f"{name}.png"] + ([GALLERY / f"{name}.png"] if write_docs else [])
        for path in targets:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.unlink(missing_ok=True)  # a stale file from an earlier run must not pass
            page.screenshot(path=str(path), full_page=False, animations="disabled")
            _check_png(path)
        return targets[-1]

    return shoot
