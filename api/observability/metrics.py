"""The server's Prometheus metrics, and the small hooks the rest of the server calls to record them.

Multiprocess-safe: under gunicorn every worker (and the referee of ``arena serve``) writes its
values to files in ``PROMETHEUS_MULTIPROC_DIR``, and ``/metrics`` sums them (prometheus-client's
multiprocess mode). ``api/gunicorn_conf.py`` makes sure the directory is set and empty of dead
processes' files when the server starts, and marks a worker's live gauges dead when it exits. A
process without the variable (a test's app, a lone referee) keeps its values in memory.

Every name starts with ``arena_``; docs/operations.md lists them with what to alert on.
"""

from __future__ import annotations

import os

from prometheus_client import (
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
    multiprocess,
    start_http_server,
)
from prometheus_client.registry import REGISTRY

#: Request latencies: from a millisecond to the longest a request that is not a stream takes.
REQUEST_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
#: Store calls: a round trip on a local network is well under a millisecond.
REDIS_BUCKETS = (0.0002, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 5.0)
#: How late the referee applies what was due: on time is well under a second.
LAG_BUCKETS = (0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0, 300.0)
#: A server bot's decision: tens of microseconds for most, a greedy search a few milliseconds.
DECISION_BUCKETS = (0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1.0)
#: A webhook delivery: the receiver's round trip.
DELIVERY_BUCKETS = (0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0)

REQUEST_SECONDS = Histogram(
    "arena_request_seconds",
    "Seconds to answer a request (to its first byte, for a stream), by method and route "
    "(a long-poll's route ends in ?wait: its wait is in it).",
    ["method", "route"],
    buckets=REQUEST_BUCKETS,
)
REFUSALS = Counter("arena_refusals", "Requests refused with a 4xx, by status and error code.", ["status", "code"])
FAILURES = Counter(
    "arena_failures",
    "Requests answered with a 5xx (the store unavailable or full, an unexpected error), by status and code.",
    ["status", "code"],
)
MOVES = Counter("arena_moves", "Actions applied that seats sent (submitAction), by game.", ["game"])
REDIS_SECONDS = Histogram(
    "arena_redis_seconds",
    "Seconds of each call to the match store's Redis (a command, script or pipeline).",
    buckets=REDIS_BUCKETS,
)
REDIS_ERRORS = Counter(
    "arena_redis_errors",
    "Calls to the match store's Redis that failed: unavailable (no answer, loading, read-only), "
    "full (maxmemory), or error (any other).",
    ["kind"],
)
OPEN = Gauge(
    "arena_open_requests",
    "Requests open now: event streams (stream) and long-polls (long_poll), summed over live processes.",
    ["kind"],
    multiprocess_mode="livesum",
)
REFEREE_LAG = Histogram(
    "arena_referee_lag_seconds",
    "How late the referee applied what was due (a bot's turn, a deadline), in seconds after it was due.",
    buckets=LAG_BUCKETS,
)
REFEREE_LOOPS = Counter(
    "arena_referee_loops",
    "Turns of the referees' loops (each looks at the due set at least once a second): their heartbeat.",
)
BOT_SECONDS = Histogram(
    "arena_bot_decision_seconds",
    "Seconds of one server step for a server bot (or a timed-out seat's stand-in): its decision and its "
    "application, by game and bot.",
    ["game", "bot"],
    buckets=DECISION_BUCKETS,
)
WEBHOOK_DELIVERIES = Counter(
    "arena_webhook_deliveries",
    "Webhook deliveries by outcome (delivered, failed, given_up); see observe_webhook_delivery.",
    ["outcome"],
)
WEBHOOK_SECONDS = Histogram(
    "arena_webhook_delivery_seconds", "Seconds of one webhook delivery attempt.", buckets=DELIVERY_BUCKETS
)

#: The content type of ``/metrics`` (Prometheus' text format).
CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"


def multiprocess_dir() -> str | None:
    """Where this process writes its values for ``/metrics`` to sum (``None``: in memory only)."""
    return os.environ.get("PROMETHEUS_MULTIPROC_DIR") or None


def exposition() -> bytes:
    """Every metric in Prometheus' text format (see :func:`exposition_registry`)."""
    return generate_latest(exposition_registry())


def exposition_registry() -> CollectorRegistry:
    """The registry ``/metrics`` reads: every process's values in ``PROMETHEUS_MULTIPROC_DIR``, or
    this process's own without it."""
    if multiprocess_dir() is None:
        return REGISTRY
    registry = CollectorRegistry()
    multiprocess.MultiProcessCollector(registry)  # type: ignore[no-untyped-call]
    return registry


def serve_metrics(port: int, host: str = "0.0.0.0") -> None:
    """Serve ``/metrics`` from a thread of this process (the referee's, when it runs apart from the API)."""
    start_http_server(port, host, registry=exposition_registry())


# --- hooks the server calls -------------------------------------------------------------------------


#: The labelled series every request and move records in, looked up once (prometheus-client's
#: ``labels`` checks and locks on every call; a handful of routes and games give a few dozen keys).
_REQUEST_SERIES: dict[tuple[str, str], Histogram] = {}
_MOVE_SERIES: dict[str, Counter] = {}


def count_answer(method: str, route: str, status: int, code: str | None, seconds: float) -> None:
    """Record one answered request: its latency, and its code if it was refused or failed."""
    series = _REQUEST_SERIES.get((method, route))
    if series is None:
        series = _REQUEST_SERIES.setdefault((method, route), REQUEST_SECONDS.labels(method, route))
    series.observe(seconds)
    if status >= 500:
        FAILURES.labels(str(status), code or "-").inc()
    elif status >= 400:
        REFUSALS.labels(str(status), code or "-").inc()


def count_move(game: str) -> None:
    """An action a seat sent was applied."""
    series = _MOVE_SERIES.get(game)
    if series is None:
        series = _MOVE_SERIES.setdefault(game, MOVES.labels(game))
    series.inc()


def observe_redis(seconds: float, error: str | None = None) -> None:
    """One call to the match store's Redis took ``seconds``; ``error`` names its failure, if it failed."""
    REDIS_SECONDS.observe(seconds)
    if error is not None:
        REDIS_ERRORS.labels(error).inc()


def observe_referee_lag(seconds: float) -> None:
    """The referee applied something ``seconds`` after it was due."""
    REFEREE_LAG.observe(seconds)


def count_referee_loop() -> None:
    """A referee looked at what is due (once a second at least, while it runs)."""
    REFEREE_LOOPS.inc()


def observe_webhook_delivery(outcome: str, seconds: float) -> None:
    """The hook for webhook deliveries: one attempt ended with ``outcome`` (``delivered``, ``failed``
    when it will be retried, ``given_up`` after the last retry) after ``seconds``.

    The webhook worker calls it once per attempt; docs/operations.md says what to alert on.
    """
    WEBHOOK_DELIVERIES.labels(outcome).inc()
    WEBHOOK_SECONDS.observe(seconds)


def observe_bot_decision(game: str, bot: str, seconds: float) -> None:
    """A server bot decided in ``seconds`` (``bot``: its id, or ``stand-in`` for a player's seat whose
    time ran out)."""
    BOT_SECONDS.labels(game, bot).observe(seconds)


class OpenRequest:
    """Counts a request as open (``kind``: ``stream`` or ``long_poll``) until :meth:`close`, once."""

    def __init__(self, kind: str) -> None:
        self.gauge = OPEN.labels(kind)
        self.gauge.inc()
        self.open = True

    def close(self) -> None:
        if self.open:
            self.open = False
            self.gauge.dec()
