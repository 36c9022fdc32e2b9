"""The gunicorn worker the API runs in: gevent's, answering oversize requests in the API's error shape,
and stopping as soon as its requests are done.

gunicorn refuses a request line longer than ``limit_request_line`` (414) and more or larger header
fields than ``limit_request_fields``/``limit_request_field_size`` (431) before the app sees the
request, with an HTML page. This worker sends those two as ``{code, status, message, details}``
JSON like every other error; the other malformed-HTTP answers (a request that is not HTTP at all)
stay gunicorn's own.

**Stopping.** gevent's own worker, told to stop (SIGTERM), stops accepting and then waits, looking
once a second, until every connection it holds has closed, up to ``graceful_timeout`` (30 s): an open
event stream or seat socket, or a client's idle keep-alive connection, holds it that long. This one
notices the signal at once, tells the app to end its streams, seat sockets and long-polls (the hook
the app keeps under ``STOP_SERVING_KEY``: each tells its client to come back, from where it was), closes the keep-alive
connections that wait between requests, lets the requests under way finish (each connection closes
after its answer), and exits as soon as none is left, looking every :data:`DRAIN_LOOK` seconds; only
a request still running after ``graceful_timeout`` is cut. It then exits at once
(:func:`~api.observability.logs.exit_now`), without the interpreter's teardown, which costs seconds
on a busy machine and would hold the master (and ``arena serve``) up. Told to quit (SIGQUIT) while
it still starts, it exits at once rather than after loading the app.

gunicorn's master imports this module (to find the worker class) before it forks, so it imports
nothing that gevent must patch first: only gunicorn's worker, gevent itself and the standard library.
"""

from __future__ import annotations

import json
import signal
from functools import partial
from typing import Any

import gevent
from gevent.event import Event
from gevent.pool import Pool
from gevent.server import StreamServer
from gunicorn.http.errors import LimitRequestHeaders, LimitRequestLine
from gunicorn.sock import ssl_context
from gunicorn.workers.ggevent import GeventWorker

from api.clock import SYSTEM
from api.observability.logs import exit_now

#: Seconds between looks at the requests still under way while the worker stops.
DRAIN_LOOK = 0.05

#: Status, reason, code and message of the refusals this worker answers in the error shape.
OVERSIZE: dict[type[Exception], tuple[int, str, str, str]] = {
    LimitRequestLine: (
        414,
        "URI Too Long",
        "request/uri_too_long",
        "the request line (method, path, query) is too long",
    ),
    LimitRequestHeaders: (
        431,
        "Request Header Fields Too Large",
        "request/headers_too_large",
        "the request has too many header fields, or one that is too large",
    ),
}


def error_bytes(status: int, reason: str, code: str, message: str, details: dict[str, Any]) -> bytes:
    """A complete HTTP/1.1 response (closing the connection) with the error shape as its body."""
    body = json.dumps({"code": code, "status": status, "message": message, "details": details}).encode()
    head = (
        f"HTTP/1.1 {status} {reason}\r\nConnection: close\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(body)}\r\n\r\n"
    )
    return head.encode("latin-1") + body


class ArenaGeventWorker(GeventWorker):  # type: ignore[misc]
    def run(self) -> None:
        """Serve until told to stop, then stop as soon as the requests under way are done (see above)."""
        self._stop_signal = Event()
        self._connections: dict[Any, Any] = {}  # every client connection open now, with its greenlet
        self._answering: set[Any] = set()  # those with a request under way (a stream, a socket included)
        servers = []
        ssl_args = {"ssl_context": ssl_context(self.cfg)} if self.cfg.is_ssl else {}
        for listener in self.sockets:
            listener.setblocking(1)
            server = StreamServer(
                listener, handle=partial(self.handle, listener), spawn=Pool(self.worker_connections), **ssl_args
            )
            if self.cfg.workers > 1:
                server.max_accept = 1
            server.start()
            servers.append(server)
        while self.alive:
            self.notify()
            self._stop_signal.wait(1.0)
        self.drain(servers)
        self.log.info("Worker exiting (pid: %s)", self.pid)
        exit_now()

    def handle_exit(self, sig: int, frame: Any) -> None:
        super().handle_exit(sig, frame)
        stop = getattr(self, "_stop_signal", None)
        if stop is not None:
            gevent.spawn(stop.set)  # out of the signal handler, as gevent's worker does its own

    def init_process(self) -> None:
        # From the fork on, a quit ends a worker that is not serving yet (see handle_quit): until gunicorn
        # installs the worker's handlers, the master's handlers, inherited, would take the signal and drop it.
        for quit_signal in (signal.SIGQUIT, signal.SIGINT):
            signal.signal(quit_signal, self.handle_quit)
        super().init_process()

    def handle_quit(self, sig: int, frame: Any) -> None:
        """Told to quit (SIGQUIT, SIGINT) while still starting (gevent's patching, the app's import: seconds
        on a busy machine), exit at once: gevent's worker hands the quit to a greenlet that no hub runs
        before the app has loaded, and the master would wait up to ``graceful_timeout`` for a worker it
        has just started (to replace one that died) to stop."""
        if getattr(self, "_stop_signal", None) is None:  # not serving yet: nothing to finish
            exit_now()
        super().handle_quit(sig, frame)

    def drain(self, servers: list[StreamServer]) -> None:
        """Stop accepting, end the app's streams, close idle connections, and wait for the requests under way."""
        from api.http.extensions import STOP_SERVING_KEY  # the app is loaded (and gevent patched) by now

        for server in servers:
            server.close()
        stop_serving = getattr(self.wsgi, "extensions", {}).get(STOP_SERVING_KEY)
        if stop_serving is not None:
            told = stop_serving()
            self.log.info("Worker stopping: told %d streams and waits to come back (pid: %s)", told, self.pid)
        deadline = SYSTEM.monotonic() + self.cfg.graceful_timeout
        ended: set[Any] = set()
        while SYSTEM.monotonic() < deadline:
            for connection, handler in list(self._connections.items()):
                if connection not in self._answering and connection not in ended:  # idle between requests
                    ended.add(connection)  # its handler closes it, as after a client that left
                    handler.kill(StopIteration("the worker is stopping"), block=False)
            if all(server.pool.free_count() == server.pool.size for server in servers):
                return
            self.notify()
            gevent.sleep(DRAIN_LOOK)
        self.log.warning("Worker graceful timeout (pid:%s)", self.pid)
        for server in servers:
            server.stop(timeout=1)

    def handle(self, listener: Any, client: Any, addr: Any) -> None:
        self._connections[client] = gevent.getcurrent()
        try:
            super().handle(listener, client, addr)
        finally:
            self._connections.pop(client, None)
            self._answering.discard(client)

    def handle_request(self, listener_name: Any, req: Any, sock: Any, addr: Any) -> Any:
        self._answering.add(sock)
        try:
            return super().handle_request(listener_name, req, sock, addr)
        finally:
            self._answering.discard(sock)

    def handle_error(self, req: Any, client: Any, addr: Any, exc: BaseException) -> None:
        for kind, (status, reason, code, message) in OVERSIZE.items():
            if isinstance(exc, kind):
                self.log.warning("Invalid request from ip=%s: %s", (addr or ("",))[0], exc)
                try:
                    client.sendall(error_bytes(status, reason, code, f"{message} ({exc})", {}))
                except OSError:
                    self.log.debug("Failed to send error message.")
                return
        super().handle_error(req, client, addr, exc)
