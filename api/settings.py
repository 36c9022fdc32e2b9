"""Configuration from environment variables, with defaults that suit a single machine."""

from __future__ import annotations

import dataclasses
import os
import re

#: The scheme of a ``REDIS_URL`` that names a node of a Redis Cluster.
CLUSTER_SCHEME = "redis+cluster://"


def _integer(name: str, default: int) -> int:
    value = os.environ.get(name)
    return int(value) if value else default


def _origins(name: str) -> tuple[str, ...]:
    """A comma-separated list of origins (or ``*``), without blanks."""
    return tuple(origin.strip() for origin in os.environ.get(name, "").split(",") if origin.strip())


#: One source of a CSP source list: ``*``, a keyword in quotes, a scheme, or a host with its scheme (and port).
#: Anything else (a ``;`` or ``,`` would start another directive or list) is refused at start-up.
_CSP_SOURCE = re.compile(r"\*|'(?:self|none)'|[a-z][a-z0-9+.-]*:(?://[A-Za-z0-9.*:\[\]-]+)?")


def _sources(name: str) -> tuple[str, ...]:
    """A list of CSP sources, space- or comma-separated; a ``ValueError`` naming a malformed one."""
    sources = tuple(source for source in re.split(r"[\s,]+", os.environ.get(name, "")) if source)
    for source in sources:
        if not _CSP_SOURCE.fullmatch(source):
            raise ValueError(f"{name}: {source!r} is not a source such as 'self', 'none' or https://host.example")
    return sources


@dataclasses.dataclass(frozen=True)
class Settings:
    """Everything the API reads from its environment.

    ``redis_url``: the Redis (or Valkey) server holding every match (``REDIS_URL``); a
    ``redis+cluster://host:port`` URL names a node of a Redis Cluster.
    ``redis_cluster``: whether ``redis_url`` is a node of a Redis Cluster (its scheme, or
    ``ARENA_REDIS_CLUSTER=1`` with a ``redis://`` URL).
    ``key_prefix``: the prefix of every key the API writes (``ARENA_KEY_PREFIX``).
    ``idle_ttl``: seconds an unfinished match lives after its last move (``ARENA_IDLE_TTL``).
    ``finished_ttl``: seconds a finished match stays readable (``ARENA_FINISHED_TTL``).
    ``tournament_ttl``: seconds a finished (or cancelled) tournament stays readable, with its standings,
    outcomes and the tokens it keeps (``ARENA_TOURNAMENT_TTL``, default 30 days).
    ``max_body_bytes``: the largest request body accepted (``ARENA_MAX_BODY_BYTES``).
    ``cors_origins``: the origins browsers may call the API from, or ``("*",)`` for any; empty: no
    CORS headers at all (``ARENA_CORS_ORIGINS``, comma-separated).
    ``rate_limits``: requests allowed per client or token, ``kind=limit;...`` with the kinds
    ``create``, ``read`` and ``refused`` (kinds left out keep their defaults), or ``off``
    (``ARENA_RATE_LIMITS``; api/http/limits.py explains it; docs/api.md#limits gives the measurements
    the defaults are sized from).
    ``max_snapshot_bytes``: the largest stored snapshot of a match; a match that would be larger is
    refused (``ARENA_MAX_SNAPSHOT_BYTES``).
    ``frame_ancestors``: the sources that may embed the web client and the docs in a frame, as the
    Content-Security-Policy's ``frame-ancestors`` takes them (``ARENA_FRAME_ANCESTORS``, space- or
    comma-separated, e.g. ``'self' https://host.example``; default ``'self'``).
    ``socket_ping_seconds``: seconds between the server's pings on a seat socket; a client that does
    not answer one within as long again is taken for gone (``ARENA_SOCKET_PING_SECONDS``, default 25).
    ``stream_keep_alive_seconds``: seconds of quiet after which an event stream sends a comment line, so
    proxies keep it open and the server notices a client that left (``ARENA_STREAM_KEEP_ALIVE_SECONDS``,
    default 15).
    ``record_ttl``: seconds a finished match's record stays (``ARENA_RECORD_TTL``, default 30 days;
    at least ``finished_ttl``): ``GET /matches/{id}/record`` serves it after the match has expired.
    ``max_record_bytes``: the largest record ``POST /records/versions/{version}`` takes
    (``ARENA_MAX_RECORD_BYTES``, default 1 MiB: about 18,000 versions; each request replays it whole).
    ``compact_finished``: whether a finished match's log is swapped for its compact record
    (``ARENA_COMPACT_FINISHED``, default ``1``; ``0`` keeps whole logs, as to compare both forms).
    """

    redis_url: str = "redis://127.0.0.1:6379/0"
    key_prefix: str = "arena"
    idle_ttl: int = 7 * 24 * 3600
    finished_ttl: int = 24 * 3600
    tournament_ttl: int = 30 * 24 * 3600
    record_ttl: int = 30 * 24 * 3600
    max_record_bytes: int = 1024 * 1024
    max_body_bytes: int = 64 * 1024
    cors_origins: tuple[str, ...] = ()
    rate_limits: str = "create=500/second,10000/minute;read=1000/second,20000/minute;refused=20/second,300/minute"
    max_snapshot_bytes: int = 64 * 1024
    compact_finished: bool = True
    redis_cluster: bool = False
    frame_ancestors: tuple[str, ...] = ("'self'",)
    socket_ping_seconds: float = 25.0
    stream_keep_alive_seconds: float = 15.0

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
    def from_environment(cls) -> Settings:
        defaults = cls()
        return cls(
            redis_url=os.environ.get("REDIS_URL", defaults.redis_url),
            key_prefix=os.environ.get("ARENA_KEY_PREFIX", defaults.key_prefix),
            idle_ttl=_integer("ARENA_IDLE_TTL", defaults.idle_ttl),
            finished_ttl=_integer("ARENA_FINISHED_TTL", defaults.finished_ttl),
            tournament_ttl=_integer("ARENA_TOURNAMENT_TTL", defaults.tournament_ttl),
            record_ttl=_integer("ARENA_RECORD_TTL", defaults.record_ttl),
            max_record_bytes=_integer("ARENA_MAX_RECORD_BYTES", defaults.max_record_bytes),
            max_body_bytes=_integer("ARENA_MAX_BODY_BYTES", defaults.max_body_bytes),
            cors_origins=_origins("ARENA_CORS_ORIGINS"),
            rate_limits=os.environ.get("ARENA_RATE_LIMITS") or defaults.rate_limits,
            max_snapshot_bytes=_integer("ARENA_MAX_SNAPSHOT_BYTES", defaults.max_snapshot_bytes),
            compact_finished=os.environ.get("ARENA_COMPACT_FINISHED", "1") != "0",
            redis_cluster=os.environ.get("ARENA_REDIS_CLUSTER", "0") == "1",
            frame_ancestors=_sources("ARENA_FRAME_ANCESTORS") or defaults.frame_ancestors,
            socket_ping_seconds=float(os.environ.get("ARENA_SOCKET_PING_SECONDS") or defaults.socket_ping_seconds),
            stream_keep_alive_seconds=float(
                os.environ.get("ARENA_STREAM_KEEP_ALIVE_SECONDS") or defaults.stream_keep_alive_seconds
            ),
        )
