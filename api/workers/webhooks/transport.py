"""One delivery: a POST to a webhook's URL, at an address checked just before, within a deadline.

Before every request the host is resolved again and each address checked
(:func:`~arena.webhooks.addresses.resolve`, with the system resolver), and the connection goes to the
address that was checked, never to a second lookup's answer (a name that changes its answer between the check and the
connection reaches nothing new). A connection is kept for the next delivery to the same webhook
while its host still resolves to that address. A socket timeout bounds each read, not a whole
exchange (a receiver could drip one byte at a time), so a :class:`Watchdog` cuts off an exchange
at its deadline. Redirects are not followed: only a 2xx answer is a delivery.
"""

from __future__ import annotations

import dataclasses
import functools
import http.client
import importlib.metadata
import itertools
import socket
import ssl
import threading
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager, suppress

from api.clock import SYSTEM, Clock
from api.usecases.webhooks import system_resolver
from arena.webhooks.addresses import RefusedUrl, WebhookUrl, parse_url, resolve

#: How much of an answer's body is read (and ignored); a longer answer's connection is not reused.
MAX_ANSWER_BYTES = 64 * 1024
#: The ``User-Agent`` of every delivery.
USER_AGENT = f"tabletop-arena-webhooks/{importlib.metadata.version('tabletop-arena')}"


@dataclasses.dataclass(frozen=True)
class Outcome:
    """What one POST came to: the answer's status, or why there was none, and how long it took."""

    status: int | None
    error: str | None
    seconds: float

    @property
    def delivered(self) -> bool:
        return self.status is not None and 200 <= self.status < 300

    def describe(self) -> str:
        """The outcome for a person: ``HTTP 500``, or the error."""
        return f"HTTP {self.status}" if self.status is not None else str(self.error)


class Watchdog:
    """One thread that cuts off the exchanges past their deadline, for every sender of a process."""

    def __init__(self, tick: float = 0.05, clock: Clock = SYSTEM) -> None:
        self.tick = tick
        self.clock = clock
        self._armed: dict[int, tuple[float, Callable[[], None]]] = {}
        self._keys = itertools.count()
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None

    @contextmanager
    def deadline(self, at: float, cut: Callable[[], None]) -> Iterator[None]:
        """Call ``cut`` if the block is still running at ``at`` (the clock's ``monotonic()``)."""
        key = next(self._keys)
        with self._lock:
            self._armed[key] = (at, cut)
            if self._thread is None:
                self._thread = threading.Thread(target=self._watch, name="arena-webhook-watchdog", daemon=True)
                self._thread.start()
        try:
            yield
        finally:
            with self._lock:
                self._armed.pop(key, None)

    def _watch(self) -> None:
        while True:
            self.clock.sleep(self.tick)
            now = self.clock.monotonic()
            with self._lock:
                late = [key for key, (at, _) in self._armed.items() if at <= now]
                cuts = [self._armed.pop(key)[1] for key in late]
            for cut in cuts:
                with suppress(OSError):
                    cut()


class _PinnedHTTPConnection(http.client.HTTPConnection):
    """An HTTP connection to ``host`` (its ``Host`` header) made to one checked ``address``."""

    def __init__(self, host: str, port: int, address: str, timeout: float) -> None:
        super().__init__(host, port, timeout=timeout)
        self.address = address

    def connect(self) -> None:
        self.sock = socket.create_connection((self.address, self.port), self.timeout)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)


class _PinnedHTTPSConnection(http.client.HTTPSConnection):
    """An HTTPS connection to ``host`` (its certificate's name, SNI and ``Host``) made to one checked ``address``."""

    def __init__(self, host: str, port: int, address: str, timeout: float, tls: ssl.SSLContext) -> None:
        super().__init__(host, port, timeout=timeout, context=tls)
        self.address = address
        self.tls = tls

    def connect(self) -> None:
        self.sock = socket.create_connection((self.address, self.port), self.timeout)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.sock = self.tls.wrap_socket(self.sock, server_hostname=self.host)


_TLS = ssl.create_default_context()

#: Errors of a kept connection that the receiver closed meanwhile: the request is sent again once.
_STALE = (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError)


class Sender:
    """POSTs to one webhook URL, each within ``timeout`` seconds."""

    def __init__(self, url: str | WebhookUrl, timeout: float, watchdog: Watchdog, allow_private: bool) -> None:
        self.target = parse_url(url) if isinstance(url, str) else url
        self.timeout = timeout
        self.watchdog = watchdog
        self.allow_private = allow_private
        self._connection: http.client.HTTPConnection | None = None
        self._address: str | None = None

    def post(self, body: bytes, headers: Mapping[str, str]) -> Outcome:
        """Send ``body`` with ``headers`` (and ``Content-Type``, ``User-Agent``); what came of it."""
        start = self.watchdog.clock.monotonic()
        deadline = start + self.timeout
        try:
            addresses = resolve(self.target.host, self.target.port, self.allow_private, system_resolver)
        except RefusedUrl as refused:
            return Outcome(None, refused.message, self.watchdog.clock.monotonic() - start)
        sent = {"Content-Type": "application/json", "User-Agent": USER_AGENT, **headers}
        reused = self._connection is not None and self._address in addresses
        if not reused:
            self.close()
        for attempt in range(2):
            connection = self._connect(addresses[0]) if self._connection is None else self._connection
            try:
                with self.watchdog.deadline(deadline, functools.partial(_cut, connection)):
                    status = self._exchange(connection, body, sent)
                return Outcome(status, None, self.watchdog.clock.monotonic() - start)
            except _STALE as error:
                self.close()
                if reused and attempt == 0 and self.watchdog.clock.monotonic() < deadline:
                    continue  # the receiver closed the kept connection: once more on a new one
                return Outcome(None, self._error(error, deadline), self.watchdog.clock.monotonic() - start)
            except (OSError, http.client.HTTPException, ValueError) as error:
                self.close()
                return Outcome(None, self._error(error, deadline), self.watchdog.clock.monotonic() - start)
        raise AssertionError("unreachable")

    def _connect(self, address: str) -> http.client.HTTPConnection:
        host, port = self.target.host, self.target.port
        if self.target.scheme == "https":
            self._connection = _PinnedHTTPSConnection(host, port, address, self.timeout, _TLS)
        else:
            self._connection = _PinnedHTTPConnection(host, port, address, self.timeout)
        self._address = address
        return self._connection

    def _exchange(self, connection: http.client.HTTPConnection, body: bytes, headers: Mapping[str, str]) -> int:
        connection.request("POST", self.target.target, body=body, headers=dict(headers))
        answer = connection.getresponse()
        answer.read(MAX_ANSWER_BYTES)
        if not answer.isclosed() or answer.will_close:
            self.close()  # an answer too long to read to its end, or a receiver that closes: not reused
        return answer.status

    def _error(self, error: BaseException, deadline: float) -> str:
        if isinstance(error, TimeoutError) or self.watchdog.clock.monotonic() >= deadline:
            return f"no answer within {self.timeout:g} s"
        return f"{type(error).__name__}: {error}" if str(error) else type(error).__name__

    def close(self) -> None:
        if self._connection is not None:
            self._connection.close()
        self._connection = None
        self._address = None


def _cut(connection: http.client.HTTPConnection) -> None:
    """End an exchange that ran past its deadline: the blocked read returns at once."""
    if connection.sock is not None:
        connection.sock.shutdown(socket.SHUT_RDWR)
