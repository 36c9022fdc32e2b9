"""Debian's Chromium under Playwright, and a web server for the client's files on another origin."""

from __future__ import annotations

import functools
import http.server
import threading
from pathlib import Path
from types import TracebackType

from api.store.redis_server import free_port

#: Debian's Chromium (``make chromium`` installs it); Playwright's own browser builds are not used.
CHROMIUM = Path("/usr/bin/chromium")

#: Headless, and quiet on the network: without the background-networking flags Chromium opens
#: connections of its own, which a closed network refuses.
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Serves a directory without logging every request to stderr."""

    def log_message(self, format: str, *args: object) -> None:
        pass


class StaticServer:
    """Python's ``http.server`` serving ``directory`` on a free loopback port, in a thread."""

    def __init__(self, directory: Path) -> None:
        self.port = free_port()
        self.origin = f"http://127.0.0.1:{self.port}"
        handler = functools.partial(QuietHandler, directory=str(directory))
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", self.port), handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self) -> StaticServer:
        self.thread.start()
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(timeout=10)
