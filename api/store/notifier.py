"""Waking waiters when a match changes: one Redis subscription per process, many local waiters.

Every write script publishes the match's new version on ``<prefix>:{<id>}:notify``. Each server
process keeps one pattern subscription to all those channels on a listener thread (a greenlet
under the gevent worker) and sets the local signals of the match's waiters. An idle waiter costs a
signal and a socket, never a Redis command; a move written by any process wakes every waiter.

A waiter registers its signal before it reads the match, so a version published between its read
and its wait is never missed. When the subscription drops, the listener resubscribes and wakes
every waiter once, so each reads the match again.

A write publishes the version with what it wrote; ``heard`` takes each publication in (the store's
:class:`~api.store.latest.LatestVersions`) before the waiters wake, and ``lost`` is called when
publications may have been missed (the subscription dropped), so that nothing heard is trusted then.

When the process stops (``api/gunicorn_worker.py`` on SIGTERM), :meth:`Notifier.close_waiters` wakes
every waiter for good: each sees :attr:`Notifier.closing` and ends its wait at once (a stream tells its
client where to resume), so that no open stream holds the process up.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import redis

from api.clock import SYSTEM, Clock
from api.store.errors import StoreUnavailable

log = logging.getLogger(__name__)


class Notifier:
    """The process's subscription to match notifications and the signals of its waiters."""

    def __init__(
        self,
        url: str,
        pattern: str,
        match_id_of: Callable[[str], str],
        cluster: bool = False,
        *,
        heard: Callable[[str, bytes], None] | None = None,
        lost: Callable[[], None] | None = None,
        clock: Clock = SYSTEM,
    ) -> None:
        """Subscribe to ``pattern`` at ``url`` (a node of a Redis Cluster if ``cluster``: classic
        pub/sub reaches every node); ``match_id_of`` names the match of a channel; ``heard`` takes
        each publication (channel, data), ``lost`` is told when some may have been missed."""
        self.url = url
        self.cluster = cluster
        self.pattern = pattern
        self.match_id_of = match_id_of
        self.heard = heard
        self.lost = lost
        self.clock = clock
        self._waiters: dict[str, set[threading.Event]] = {}
        self._lock = threading.Lock()
        self._subscribed = threading.Event()
        self._closing = threading.Event()
        self._thread: threading.Thread | None = None

    @property
    def closing(self) -> bool:
        """Whether the process is stopping: a waiter ends its wait instead of waiting (again)."""
        return self._closing.is_set()

    def close_waiters(self) -> int:
        """The process stops: wake every waiter for good, so that each ends its wait now; how many there were."""
        self._closing.set()
        return self._wake_all()

    @contextmanager
    def watch(self, match_id: str, timeout: float = 5.0) -> Iterator[threading.Event]:
        """A signal set whenever ``match_id`` changes, for as long as the block runs.

        Read the match inside the block, then wait on the signal (and clear it) before reading again.
        """
        self._start(timeout)
        signal = threading.Event()
        with self._lock:
            self._waiters.setdefault(match_id, set()).add(signal)
        try:
            yield signal
        finally:
            with self._lock:
                waiters = self._waiters.get(match_id)
                if waiters is not None:
                    waiters.discard(signal)
                    if not waiters:
                        del self._waiters[match_id]

    def ready(self, timeout: float = 5.0) -> None:
        """Wait up to ``timeout`` for the subscription (starting it if need be); StoreUnavailable if it is not
        there by then (its Redis is out of reach). A stream asks before its answer starts, so that an outage
        gets the API's 503 rather than a stream that breaks before its first byte."""
        self._start(timeout)

    def waiting(self) -> int:
        """How many waiters this process holds (for tests and metrics)."""
        with self._lock:
            return sum(len(signals) for signals in self._waiters.values())

    def _start(self, timeout: float) -> None:
        if self._thread is None:
            with self._lock:
                if self._thread is None:
                    self._thread = threading.Thread(target=self._listen, name="arena-notifier", daemon=True)
                    self._thread.start()
        if not self.clock.wait(self._subscribed, timeout):
            raise StoreUnavailable("the notification subscription is not ready")

    def _listen(self) -> None:
        """Receive notifications forever, resubscribing (and waking everyone) after a failure."""
        failures = 0
        while True:
            client: redis.Redis | redis.RedisCluster
            pubsub: redis.client.PubSub
            try:
                if self.cluster:
                    client = redis.RedisCluster.from_url(self.url, socket_connect_timeout=2, socket_keepalive=True)
                else:
                    client = redis.Redis.from_url(self.url, socket_connect_timeout=2, socket_keepalive=True)
                pubsub = client.pubsub(ignore_subscribe_messages=False)
            except (redis.ConnectionError, redis.TimeoutError, redis.exceptions.RedisClusterException) as error:
                failures += 1
                if failures == 1:
                    log.warning("notification subscription lost (%s); resubscribing", error)
                self._subscribed.clear()
                if self.lost is not None:
                    self.lost()
                self._wake_all()
                self.clock.sleep(min(0.1 * 2 ** min(failures, 6), 5.0))
                continue
            try:
                pubsub.psubscribe(self.pattern)
                while True:
                    message = pubsub.get_message(timeout=30.0)
                    if message is None:
                        pubsub.ping()  # a silent connection is checked, not trusted
                        continue
                    if message["type"] == "psubscribe":
                        failures = 0
                        self._subscribed.set()
                        self._wake_all()  # anything published before the subscription is re-read
                    elif message["type"] == "pmessage":
                        channel = message["channel"].decode()
                        if self.heard is not None:
                            self.heard(channel, message["data"])
                        self._wake(self.match_id_of(channel))
            except (redis.ConnectionError, redis.TimeoutError, OSError) as error:
                failures += 1
                if failures == 1:  # once per outage, not once per attempt
                    log.warning("notification subscription lost (%s); resubscribing", error)
            finally:
                self._subscribed.clear()
                if self.lost is not None:
                    self.lost()
                self._wake_all()
                pubsub.close()
                client.close()
            self.clock.sleep(min(0.1 * 2 ** min(failures, 6), 5.0))

    def _wake(self, match_id: str) -> None:
        with self._lock:
            signals = list(self._waiters.get(match_id, ()))
        for signal in signals:
            signal.set()

    def _wake_all(self) -> int:
        with self._lock:
            signals = [signal for group in self._waiters.values() for signal in group]
        for signal in signals:
            signal.set()
        return len(signals)
