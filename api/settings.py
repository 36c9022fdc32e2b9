"""Every setting of the server, its referee and its workers, read from the environment in one place.

:data:`VARIABLES` names the environment variable of every field; :meth:`Settings.from_environment`
is the one place that reads them (``REDIS_URL`` and every ``ARENA_*``), and README's configuration
table lists the same variables (``tests/test_settings.py`` holds the two equal). The defaults suit a
single machine. The one variable read elsewhere is ``PROMETHEUS_MULTIPROC_DIR``, prometheus-client's
own, which ``api/gunicorn_conf.py`` sets for the workers it forks.

This module imports only the standard library: gunicorn's master reads it (``api/gunicorn_conf.py``)
before any worker is patched by gevent.
"""

from __future__ import annotations

import dataclasses
import os
import re
from collections.abc import Callable, Mapping
from typing import Any

#: The scheme of a ``REDIS_URL`` that names a node of a Redis Cluster.
CLUSTER_SCHEME = "redis+cluster://"

#: One source of a CSP source list: ``*``, a keyword in quotes, a scheme, or a host with its scheme (and port).
#: Anything else (a ``;`` or ``,`` would start another directive or list) is refused at start-up.
_CSP_SOURCE = re.compile(r"\*|'(?:self|none)'|[a-z][a-z0-9+.-]*:(?://[A-Za-z0-9.*:\[\]-]+)?")


def _origins(text: str) -> tuple[str, ...]:
    """A comma-separated list of origins (or ``*``), without blanks."""
    return tuple(origin.strip() for origin in text.split(",") if origin.strip())


def _sources(text: str) -> tuple[str, ...]:
    """A list of CSP sources, space- or comma-separated; a ``ValueError`` naming a malformed one."""
    sources = tuple(source for source in re.split(r"[\s,]+", text) if source)
    for source in sources:
        if not _CSP_SOURCE.fullmatch(source):
            raise ValueError(
                f"ARENA_FRAME_ANCESTORS: {source!r} is not a source such as 'self', 'none' or https://host.example"
            )
    return sources


def _flag(text: str) -> bool:
    return text == "1"


def _quota(variable: str, what: str) -> Callable[[str], int]:
    """The parser of a quota's variable: a count of ``what``, or ``0`` or ``off`` for no quota at all."""

    def parse(text: str) -> int:
        if text.lower() == "off":
            return 0
        count = int(text) if text.isdigit() else -1
        if count < 0:
            raise ValueError(f"{variable}: {text!r} is not a count of {what} (or 0, or off)")
        return count

    return parse


def _seconds_above_zero(variable: str) -> Callable[[str], float]:
    """The parser of a delay's variable: seconds, more than 0 (0 would retry without a pause)."""

    def parse(text: str) -> float:
        try:
            seconds = float(text)
        except ValueError:
            seconds = float("nan")
        if not seconds > 0:
            raise ValueError(f"{variable}: {text!r} is not a number of seconds above 0")
        return seconds

    return parse


def available_cores() -> int:
    """The cores this process may run on (its CPU affinity where the system tells it), at least 1: the
    thinkers' default number, one search at a time per core."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # no affinity on this system
        return max(1, os.cpu_count() or 1)


@dataclasses.dataclass(frozen=True)
class Settings:
    """Everything the server, its referee and its workers read from the environment (README's
    "Configuration" says what each means; :data:`VARIABLES` names each field's variable)."""

    # --- the store ---
    redis_url: str = "redis://127.0.0.1:6379/0"
    redis_cluster: bool = False
    key_prefix: str = "arena"
    idle_ttl: int = 7 * 24 * 3600
    finished_ttl: int = 24 * 3600
    tournament_ttl: int = 30 * 24 * 3600
    record_ttl: int = 30 * 24 * 3600
    max_snapshot_bytes: int = 64 * 1024
    compact_finished: bool = True
    #: The memory the embedded Redis may use for data (Redis units such as ``512mb``, ``0`` for no limit).
    redis_maxmemory: str = "512mb"
    data_dir: str = ".arena-data"
    # --- the HTTP API ---
    host: str = "127.0.0.1"
    port: int = 8000
    workers: int = 4
    access_log: str | None = None
    log_level: str = "INFO"
    max_body_bytes: int = 64 * 1024
    max_record_bytes: int = 1024 * 1024
    cors_origins: tuple[str, ...] = ()
    rate_limits: str = "create=500/second,10000/minute;read=1000/second,20000/minute;refused=20/second,300/minute"
    #: How many unfinished matches one client (an address, or a tournament) may hold (0: no quota).
    max_live_matches: int = 1000
    #: How many unfinished tournaments one client (an address) may hold (0: no quota).
    max_live_tournaments: int = 10
    frame_ancestors: tuple[str, ...] = ("'self'",)
    socket_ping_seconds: float = 25.0
    stream_keep_alive_seconds: float = 15.0
    # --- the referee ---
    #: Search processes at once: one per core the referee may run on (:func:`available_cores`).
    thinkers: int = dataclasses.field(default_factory=available_cores)
    thinker_niceness: int = 19
    keepers: int = 1
    keeper_niceness: int = 0
    referee_metrics_port: int | None = None
    # --- webhooks ---
    webhook_allow_private: bool = False
    webhook_timeout: float = 10.0
    webhook_retry_for: float = 24 * 3600.0
    #: The retry schedule: seconds after a failed delivery, doubling after each failure up to the longest.
    webhook_retry_first: float = 1.0
    webhook_retry_longest: float = 600.0
    webhook_concurrency: int = 16
    # --- the command line's clients (arena verify, arena tournament report) ---
    url: str = "http://127.0.0.1:8000"

    def __post_init__(self) -> None:
        if self.redis_url.startswith(CLUSTER_SCHEME):
            object.__setattr__(self, "redis_cluster", True)

    @property
    def node_url(self) -> str:
        """``redis_url`` as a ``redis://`` URL (of one node, on a cluster), as redis-py takes it."""
        if self.redis_url.startswith(CLUSTER_SCHEME):
            return "redis://" + self.redis_url.removeprefix(CLUSTER_SCHEME)
        return self.redis_url

    @property
    def limiter_url(self) -> str:
        """``redis_url`` as the rate limits' storage takes it (``redis+cluster://`` on a cluster)."""
        if self.redis_cluster and not self.redis_url.startswith(CLUSTER_SCHEME):
            return CLUSTER_SCHEME + self.redis_url.split("://", 1)[1]
        return self.redis_url

    @classmethod
    def from_environment(cls, environ: Mapping[str, str] | None = None) -> Settings:
        """The settings the environment gives (a blank variable keeps its default)."""
        environ = os.environ if environ is None else environ
        given: dict[str, Any] = {}
        for variable, (name, parse) in VARIABLES.items():
            text = environ.get(variable, "").strip()
            if text:
                given[name] = parse(text)
        return cls(**given)


#: Every variable the settings read: its field and how its text is read.
VARIABLES: dict[str, tuple[str, Callable[[str], Any]]] = {
    "REDIS_URL": ("redis_url", str),
    "ARENA_REDIS_CLUSTER": ("redis_cluster", _flag),
    "ARENA_KEY_PREFIX": ("key_prefix", str),
    "ARENA_IDLE_TTL": ("idle_ttl", int),
    "ARENA_FINISHED_TTL": ("finished_ttl", int),
    "ARENA_TOURNAMENT_TTL": ("tournament_ttl", int),
    "ARENA_RECORD_TTL": ("record_ttl", int),
    "ARENA_MAX_SNAPSHOT_BYTES": ("max_snapshot_bytes", int),
    "ARENA_COMPACT_FINISHED": ("compact_finished", lambda text: text != "0"),
    "ARENA_REDIS_MAXMEMORY": ("redis_maxmemory", str),
    "ARENA_DATA_DIR": ("data_dir", str),
    "ARENA_HOST": ("host", str),
    "ARENA_PORT": ("port", int),
    "ARENA_WORKERS": ("workers", int),
    "ARENA_ACCESS_LOG": ("access_log", str),
    "ARENA_LOG_LEVEL": ("log_level", str.upper),
    "ARENA_MAX_BODY_BYTES": ("max_body_bytes", int),
    "ARENA_MAX_RECORD_BYTES": ("max_record_bytes", int),
    "ARENA_CORS_ORIGINS": ("cors_origins", _origins),
    "ARENA_RATE_LIMITS": ("rate_limits", str),
    "ARENA_MAX_LIVE_MATCHES": ("max_live_matches", _quota("ARENA_MAX_LIVE_MATCHES", "matches")),
    "ARENA_MAX_LIVE_TOURNAMENTS": ("max_live_tournaments", _quota("ARENA_MAX_LIVE_TOURNAMENTS", "tournaments")),
    "ARENA_FRAME_ANCESTORS": ("frame_ancestors", _sources),
    "ARENA_SOCKET_PING_SECONDS": ("socket_ping_seconds", float),
    "ARENA_STREAM_KEEP_ALIVE_SECONDS": ("stream_keep_alive_seconds", float),
    "ARENA_THINKERS": ("thinkers", lambda text: max(1, int(text))),
    "ARENA_THINKER_NICENESS": ("thinker_niceness", int),
    "ARENA_KEEPERS": ("keepers", lambda text: max(1, int(text))),
    "ARENA_KEEPER_NICENESS": ("keeper_niceness", int),
    "ARENA_REFEREE_METRICS_PORT": ("referee_metrics_port", int),
    "ARENA_WEBHOOK_ALLOW_PRIVATE": ("webhook_allow_private", _flag),
    "ARENA_WEBHOOK_TIMEOUT": ("webhook_timeout", float),
    "ARENA_WEBHOOK_RETRY_FOR": ("webhook_retry_for", float),
    "ARENA_WEBHOOK_RETRY_FIRST": ("webhook_retry_first", _seconds_above_zero("ARENA_WEBHOOK_RETRY_FIRST")),
    "ARENA_WEBHOOK_RETRY_LONGEST": ("webhook_retry_longest", _seconds_above_zero("ARENA_WEBHOOK_RETRY_LONGEST")),
    "ARENA_WEBHOOK_CONCURRENCY": ("webhook_concurrency", int),
    "ARENA_URL": ("url", str),
}


def redis_url_given(environ: Mapping[str, str] | None = None) -> bool:
    """Whether ``REDIS_URL`` names a server (else ``arena serve`` starts one of its own)."""
    return bool((os.environ if environ is None else environ).get("REDIS_URL", "").strip())
