"""The explorer bench's network side (bench/explorer.py): a loopback server, Chromium's "Fast 4G"
throttling, and what a page fetched, weighed.

Sizes are the bodies gzip-compressed here (level 6, each on its own, as a web server sends them)
and raw: the server itself sends them as they are, except while `gzip` is on (the throttled runs:
a real host compresses, and Fast 4G's throughput is for bytes on the wire). Compressed bodies are
kept in memory, so a warm-up request pays for the compression, not a timed one.
"""

from __future__ import annotations

import gzip
import io
import threading
import urllib.parse
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

# Chromium DevTools' "Fast 4G" preset (devtools-frontend, front_end/core/sdk/NetworkManager.ts,
# `Fast4GConditions`): "9 Mbps down" = 9 * 1000 * 1000 / 8 * .9 bytes/s, "1.5 Mbps up" =
# 1.5 * 1000 * 1000 / 8 * .9, "60ms RTT" with latency = 60 * 2.75 ms (the request-level
# throttle's multiplier). CDP's Network.emulateNetworkConditions takes bytes/s and ms.
FAST_4G = {
    "offline": False,
    "latency": 60 * 2.75,  # 165 ms
    "downloadThroughput": 9 * 1000 * 1000 / 8 * 0.9,  # 1,012,500 B/s
    "uploadThroughput": 1.5 * 1000 * 1000 / 8 * 0.9,  # 168,750 B/s
}


def gz(data: bytes) -> int:
    """Bytes of `data` gzip-compressed (level 6, a web server's usual)."""
    return len(gzip.compress(data, 6, mtime=0))


class _Handler(SimpleHTTPRequestHandler):
    """Quiet; gzip from a shared cache when the server says so and the client accepts it."""

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def send_head(self) -> Any:
        server: Server = self.server  # type: ignore[assignment]
        if not server.gzip or "gzip" not in self.headers.get("Accept-Encoding", ""):
            return super().send_head()
        target = Path(self.translate_path(self.path))
        if target.is_dir():
            if not self.path.split("?", 1)[0].endswith("/"):
                return super().send_head()  # the redirect to the folder's URL
            target = target / "index.html"
        if not target.is_file():
            return super().send_head()
        body = server.compressed(target)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(target)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)


class Server(ThreadingHTTPServer):
    daemon_threads = True
    gzip = False

    def __init__(self, directory: Path) -> None:
        super().__init__(("127.0.0.1", 0), partial(_Handler, directory=str(directory)))
        self._cache: dict[Path, bytes] = {}
        self._lock = threading.Lock()

    def compressed(self, path: Path) -> bytes:
        with self._lock:
            if path not in self._cache:
                self._cache[path] = gzip.compress(path.read_bytes(), 6, mtime=0)
            return self._cache[path]


@contextmanager
def serve(directory: Path) -> Iterator[tuple[str, Server]]:
    server = Server(directory)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    host, port = server.server_address[:2]
    try:
        yield f"http://{host!s}:{port}", server
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


# -- what a page fetched ---------------------------------------------------------------------------


@dataclass
class Fetched:
    """Requests a page made while `on`; weighed once their responses are in."""

    on: bool = False
    requests: list[Any] = field(default_factory=list)

    def attach(self, page: Any) -> None:
        page.on("request", self._seen)

    def _seen(self, request: Any) -> None:
        if self.on:
            self.requests.append(request)

    def weigh(self, site: Path, base: str) -> Weight:
        """Each request's body, from the served folder for the server's URLs (Chromium keeps no
        body over its DevTools buffer, about 10 MB: a large tags.json would weigh 0), else as
        received."""
        weight = Weight()
        for request in self.requests:
            url = request.url.split("?", 1)[0].split("#", 1)[0]
            try:
                response = request.response()
            except Exception:  # aborted
                response = None
            if response is None:
                continue  # failed (off the machine: see explorer.CHROMIUM_ARGS)
            if url.startswith(base + "/"):
                body = served(site, url.removeprefix(base))
            else:
                body = response.body()
            weight.files.append((url, len(body), gz(body) if body else 0))
        return weight


def served(site: Path, path: str) -> bytes:
    """The bytes the loopback server sends for `path` (a folder: its index.html; a redirect or
    a missing file: nothing)."""
    target = site / urllib.parse.unquote(path).lstrip("/")
    if target.is_dir():
        target = target / "index.html"
    return target.read_bytes() if target.is_file() else b""


@dataclass
class Weight:
    files: list[tuple[str, int, int]] = field(default_factory=list)  # url, raw, gzip

    @property
    def raw(self) -> int:
        return sum(f[1] for f in self.files)

    @property
    def gzip(self) -> int:
        return sum(f[2] for f in self.files)

    def named(self, base: str) -> list[dict[str, Any]]:
        return [
            {"url": url.removeprefix(base), "raw": raw, "gzip": gzipped}
            for url, raw, gzipped in self.files
        ]
