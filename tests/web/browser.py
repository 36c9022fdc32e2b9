"""Debian's Chromium under Playwright, a web server for the client's files on another origin, and a
relay whose connections a test can cut."""

from __future__ import annotations

import contextlib
import functools
import http.server
import socket
import struct
import threading
from pathlib import Path
from types import TracebackType

from api.store.redis_server import free_port

#: Debian's build of Chromium's headless shell (``make chromium`` installs it): the same engine as the
#: desktop browser without its windowing and profile parts, which is what Playwright runs for headless
#: pages; it took half the CPU of the desktop browser over ``tests/web`` (102 s against 217 s).
#: Playwright's own browser builds are not used.
CHROMIUM = Path("/usr/bin/chromium-headless-shell")

#: Debian's desktop Chromium, for what the headless shell leaves out: web notifications.
DESKTOP_CHROMIUM = Path("/usr/bin/chromium")

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


class CuttableProxy:
    """A TCP relay on a free loopback port to ``upstream_port``, whose connections can be cut: the
    network between a browser and the API going away and coming back, for real.

    ``cut()`` closes every relayed connection (the browser sees its streams and sockets drop) and
    refuses new ones (each is closed at once) until ``restore()``.
    """

    def __init__(self, upstream_port: int) -> None:
        self.upstream = ("127.0.0.1", upstream_port)
        self.port = free_port()
        self.origin = f"http://127.0.0.1:{self.port}"
        self.listener = socket.create_server(("127.0.0.1", self.port))
        self.lock = threading.Lock()
        self.open: set[socket.socket] = set()
        self.refusing = False
        self.closed = False
        self.thread = threading.Thread(target=self._accept, daemon=True)

    def __enter__(self) -> CuttableProxy:
        self.thread.start()
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.closed = True
        self.cut()
        self.listener.close()
        self.thread.join(timeout=10)

    def cut(self) -> None:
        """Drop every connection now, and refuse new ones."""
        with self.lock:
            self.refusing = True
            dropped, self.open = self.open, set()
        for connection in dropped:
            _drop(connection)

    def restore(self) -> None:
        """Relay new connections again."""
        with self.lock:
            self.refusing = False

    def _accept(self) -> None:
        self.listener.settimeout(0.2)
        while not self.closed:
            try:
                client, _ = self.listener.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            with self.lock:
                refusing = self.refusing
            if refusing:
                _drop(client)
                continue
            try:
                server = socket.create_connection(self.upstream, timeout=10)
            except OSError:
                _drop(client)
                continue
            server.settimeout(None)
            with self.lock:
                self.open |= {client, server}
            for source, target in ((client, server), (server, client)):
                threading.Thread(target=self._pump, args=(source, target), daemon=True).start()

    def _pump(self, source: socket.socket, target: socket.socket) -> None:
        try:
            while chunk := source.recv(65536):
                target.sendall(chunk)
        except OSError:
            pass
        finally:
            with self.lock:
                self.open -= {source, target}
            _drop(source)
            _drop(target)


def _drop(connection: socket.socket) -> None:
    """Close ``connection`` at once, both ways (a reset, as when a network goes away)."""
    with contextlib.suppress(OSError):
        connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    with contextlib.suppress(OSError):
        connection.shutdown(socket.SHUT_RDWR)  # wakes the relay's thread blocked reading it
    with contextlib.suppress(OSError):
        connection.close()
