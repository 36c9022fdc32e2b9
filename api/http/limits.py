"""Rate limits that never hurt a fair client (the ``limits`` library's fixed windows, counted in the
API's Redis), and how a refusal looks: ``429 rate/limited`` with ``Retry-After``.

They count what a fair client does not do. An action the game accepts, on the seat's turn, is
never counted and never refused by a limit; nor is a join, a resignation or an abort that is
accepted. Three kinds of request are counted, each with its own limits (``ARENA_RATE_LIMITS``):

- ``create``: ``POST /matches`` and ``POST /tournaments``, counted per client address (the
  connection's peer; no ``X-Forwarded-For`` is believed), before the request runs, since creating
  needs no token and fills the store;
- ``read``: every ``GET`` of the API (not ``/health``, ``/metrics``, the spec, the docs or the web
  client's files), counted per bearer token, or per client address for a request without one, before the
  request runs; a long-poll or a stream counts once, when it is asked for;
- ``refused``: every other ``POST`` (actions, joins, resignations, aborts, a tournament's entries)
  that the API refuses with a ``4xx`` (an illegal or out-of-turn action, a stale version, a bad
  token), counted after the fact, when the refusal is known, per bearer token, or per client
  address for a request without one or with a token the API does not know (``401``). Past the
  limit, the refusal is answered as ``429`` instead (``details.refused`` keeps the code it had).
  The request did its work (the store was read, the action judged): a refusal must be judged before
  it is known to be one, and an action that turns out acceptable is applied whatever the count.

The defaults are sized from measurement (``bench/fair_client_bench.py``; docs/api.md#limits has
the figures): bot-vs-bot evaluation loops at full speed never meet them.

A counter is a Redis key with an expiry (a fixed window that starts at the window's first request;
see ``api/store/matches.py`` for the keys). A move the game accepts costs no Redis round trip for its
limits; a refused one costs one more per window of the ``refused`` limit. The limiter never makes
the API less available than its store: when Redis refuses or does not answer, it counts in
process memory for a few seconds before it tries Redis again, and the request goes on to meet the
store's own ``503``/``507``. On a Redis Cluster it uses its cluster storage
(``redis+cluster://``): each counter is one key, in whichever slot its name hashes to.

The API uses ``limits`` directly, not flask-limiter (the Flask extension over it): that
extension's hooks cost about 0.1 ms of every request's CPU.
"""

from __future__ import annotations

import hashlib
import logging
import math

import redis
from flask import Flask, Response, current_app, request
from limits import RateLimitItem, parse_many
from limits.storage import MemoryStorage, RedisStorage, storage_from_string
from limits.strategies import FixedWindowRateLimiter

from api.clock import SYSTEM
from api.http.errors import ErrorReply, error_code_of, error_response
from api.settings import Settings
from api.store.keys import Keys

log = logging.getLogger(__name__)

#: The kinds of counted request, and what each is counted per.
KINDS = {"create": "client", "refused": "token", "read": "token"}
#: The endpoints of ``POST /matches`` and ``POST /tournaments`` (whose matches the server creates uncounted).
CREATE_ENDPOINTS = frozenset({"matches.Matches", "tournaments.Tournaments"})
#: Blueprints that are never counted: the health check, the spec and docs, the web client's files, ``/metrics``.
UNCOUNTED_BLUEPRINTS = frozenset({"health", "api-docs", "docs-page", "docs-assets", "web", "metrics"})
#: Where the app keeps its :class:`RateLimits`.
LIMITS_KEY = "arena.rate_limits"
#: How long the limiter waits for Redis: counting is one tiny script, so a slow answer means trouble.
REDIS_TIMEOUT = 1
#: How long the limiter counts in memory after Redis failed it, before it tries Redis again.
MEMORY_SECONDS = 5.0
#: What a counter's store may raise when it cannot count (redis-py's cluster errors are not RedisErrors).
STORAGE_ERRORS = (redis.RedisError, redis.exceptions.RedisClusterException, OSError)


class RateLimited(Exception):
    """A request of ``kind`` from ``who`` is past ``item``; ``retry_after`` is whole seconds until its window ends."""

    def __init__(self, item: RateLimitItem, retry_after: int, kind: str, who: str) -> None:
        super().__init__(f"{who} is past {item} of {kind}")
        self.item = item
        self.retry_after = retry_after
        self.kind = kind
        self.who = who


class RedisCounters(RedisStorage):
    """``limits``' Redis storage, on redis-py only: the library's own imports the valkey client too, where it
    is installed (the embedded Redis brings it), which cost a worker's start 0.05 s of CPU for nothing.
    (A subclass without ``STORAGE_SCHEME`` of its own: ``storage_from_string`` still gives the library's.)"""

    DEPENDENCIES = {"redis": None}  # no minimum to check: the lock pins redis-py


#: The schemes :class:`RedisCounters` serves; any other (``redis+cluster://``) gets the library's storage.
REDIS_SCHEMES = ("redis://", "rediss://", "redis+unix://")


class RateLimits:
    """The app's limits by kind, and their fixed-window counters."""

    def __init__(self, limits: dict[str, str], settings: Settings) -> None:
        self.items: dict[str, list[RateLimitItem]] = {kind: parse_many(text) for kind, text in limits.items()}
        url = settings.limiter_url
        make = RedisCounters if url.startswith(REDIS_SCHEMES) else storage_from_string
        storage = make(
            url,
            key_prefix=Keys(settings.key_prefix).limits(),
            socket_timeout=REDIS_TIMEOUT,
            socket_connect_timeout=REDIS_TIMEOUT,
        )
        self.shared = FixedWindowRateLimiter(storage)
        self.memory = FixedWindowRateLimiter(MemoryStorage())
        #: Until when (the system clock's ``monotonic()``) requests are counted in memory, after Redis failed.
        #: The limits library counts its windows on the system clock, so these do too.
        self.memory_until = 0.0

    def count(self, kind: str, who: str) -> None:
        """Count one request of ``kind`` from ``who`` against each of its limits; :class:`RateLimited` past one."""
        for item in self.items[kind]:
            limiter = self.memory if SYSTEM.monotonic() < self.memory_until else self.shared
            try:
                allowed = limiter.hit(item, who, kind)
            except STORAGE_ERRORS as error:
                if limiter is self.shared:
                    log.warning("rate limit counters unreachable (%s); counting in memory for now", error)
                self.memory_until = SYSTEM.monotonic() + MEMORY_SECONDS
                limiter = self.memory
                allowed = limiter.hit(item, who, kind)
            if not allowed:
                raise RateLimited(item, _seconds_until_reset(limiter, item, who, kind), kind, who)


def parse_rate_limits(text: str) -> dict[str, str] | None:
    """The limits of ``ARENA_RATE_LIMITS``: ``kind=limit;...`` over the defaults, or ``None`` for ``off``.

    A limit is the ``limits`` library's notation (``30/minute``, ``10 per second``; several for one kind
    separated by commas: ``5/second,60/minute``), or ``off`` for a kind that is not counted. Kinds
    left out keep their defaults (``Settings.rate_limits``). Raises ``ValueError`` naming the part
    that is wrong.
    """
    if text.strip().lower() == "off":
        return None
    chosen = {**_limits_by_kind(Settings.rate_limits), **_limits_by_kind(text)}
    return {kind: limit for kind, limit in chosen.items() if limit.lower() != "off"}


def _limits_by_kind(text: str) -> dict[str, str]:
    limits: dict[str, str] = {}
    for part in filter(None, (part.strip() for part in text.split(";"))):
        kind, equals, limit = (item.strip() for item in part.partition("="))
        if kind == "act":
            raise ValueError(
                "ARENA_RATE_LIMITS: there is no 'act' limit any more: accepted actions are never counted, "
                "refused ones count as 'refused' (example: refused=20/second,300/minute)"
            )
        if kind not in KINDS or not equals or not limit:
            raise ValueError(
                f"ARENA_RATE_LIMITS: {part!r} is not kind=limit with a kind of {sorted(KINDS)} "
                "(example: create=300/minute;refused=20/second;read=1000/second, or off)"
            )
        if limit.lower() != "off":
            try:
                parse_many(limit)
            except ValueError:
                raise ValueError(f"ARENA_RATE_LIMITS: {limit!r} ({kind}) is not a limit such as 30/minute") from None
        limits[kind] = limit
    return limits


def counted_kind(endpoint: str | None, method: str) -> str | None:
    """Which limits a request to ``endpoint`` with ``method`` counts against: ``create`` or ``read`` (before
    it runs), ``refused`` (when it is refused), or ``None`` (never counted). The spec declares ``429`` on
    exactly the operations counted (``api/http/responses.py``)."""
    if not counted_endpoint(endpoint):
        return None
    if method == "POST":
        return "create" if endpoint in CREATE_ENDPOINTS else "refused"
    return "read" if method in ("GET", "HEAD") else None


def counted_before() -> str | None:
    """Which limits the current request counts against before it runs (``create`` or ``read``), if any."""
    kind = counted_kind(request.endpoint, request.method)
    return kind if kind in ("create", "read") else None


def counted_endpoint(endpoint: str | None) -> bool:
    """Whether ``endpoint`` is one of the API's that limits count (not the health check, the spec, the
    docs, the web client's files, or no route at all)."""
    if endpoint is None:
        return False
    blueprint, _, view = endpoint.rpartition(".")
    return not (blueprint in UNCOUNTED_BLUEPRINTS or view == "static")


def counts_as_refused(status: int) -> bool:
    """Whether the current request, answered with ``status``, counts against the ``refused`` limits: a
    ``POST`` other than a creation, refused with a ``4xx`` (a ``429`` was counted already)."""
    return 400 <= status < 500 and status != 429 and counted_kind(request.endpoint, request.method) == "refused"


def client_key() -> str:
    """The client's address, as the connection shows it."""
    return f"addr:{request.remote_addr or 'unknown'}"


def token_key() -> str:
    """The bearer token (a digest of it: tokens are secrets), or the client's address without one."""
    scheme, _, token = (request.headers.get("Authorization") or "").partition(" ")
    token = token.strip()
    if scheme.lower() != "bearer" or not token:
        return client_key()
    return "token:" + hashlib.sha256(token.encode()).hexdigest()[:32]


def refused_key(status: int) -> str:
    """Who a refusal counts against: the bearer token, but the client's address when the token was
    unknown (``401``), so that made-up tokens do not each get an allowance of their own."""
    return client_key() if status == 401 else token_key()


def install_rate_limits(app: Flask, settings: Settings) -> RateLimits | None:
    """Count the app's requests against ``settings.rate_limits`` (``None`` when they are ``off``).

    Register it after every other ``after_request`` hook that shapes error answers (CORS): Flask runs
    those hooks last-registered first, and this one may replace a refusal by a ``429``.
    """
    limits = parse_rate_limits(settings.rate_limits)
    if limits is None:
        return None
    counted = app.extensions[LIMITS_KEY] = RateLimits(limits, settings)
    refused_limits = bool(counted.items.get("refused"))

    @app.before_request
    def count_request() -> None:
        kind = counted_before()
        if kind is not None and counted.items.get(kind):
            counted.count(kind, client_key() if KINDS[kind] == "client" else token_key())

    @app.after_request
    def count_refusal(response: Response) -> Response:
        status = response.status_code
        if status < 400 or not refused_limits or not counts_as_refused(status):
            return response  # an accepted request: not counted, and nothing more to do
        try:
            counted.count("refused", refused_key(status))
        except RateLimited as past:
            return _refusal(past, error_code_of(response))
        return response

    @app.errorhandler(RateLimited)
    def rate_limited(error: RateLimited) -> Response:
        return _refusal(error)

    return counted


def refusal_reply(past: RateLimited, refused: str | None = None) -> ErrorReply:
    """``429 rate/limited`` with ``Retry-After`` for a request ``past`` a limit.

    ``refused``: for a request past the ``refused`` limit, the code it was refused with.
    """
    per = "token" if past.who.startswith("token:") else "client"
    details: dict[str, object] = {
        "limit": str(past.item),
        "kind": past.kind,
        "per": per,
        "retry_after": past.retry_after,
    }
    what = f"{past.kind} requests"
    if past.kind == "refused":
        details["refused"] = refused
        what = f"refused requests (this one was refused too: {refused})"
    message = f"too many {what} from this {per}: at most {past.item}; retry in {past.retry_after} s"
    log.info("rate limited: %s requests from a %s past %s (%s)", past.kind, per, past.item, refused)
    return ErrorReply(429, "rate/limited", message, details, {"Retry-After": str(past.retry_after)})


def _refusal(past: RateLimited, refused: str | None = None) -> Response:
    reply = refusal_reply(past, refused)
    response = error_response(reply.status, reply.code, reply.message, reply.details)
    response.headers.update(reply.headers)
    return response


def count_socket_refusal(token: str, reply: ErrorReply) -> ErrorReply:
    """A seat socket's refused move counted as a refused request of its token (as ``POST .../actions``
    counts one): ``reply`` itself, or a ``429`` once the token is past its ``refused`` limit."""
    counted: RateLimits | None = current_app.extensions.get(LIMITS_KEY)
    if counted is None or not counted.items.get("refused") or not 400 <= reply.status < 500 or reply.status == 429:
        return reply
    try:
        counted.count("refused", "token:" + hashlib.sha256(token.encode()).hexdigest()[:32])
    except RateLimited as past:
        return refusal_reply(past, reply.code)
    return reply


def _seconds_until_reset(limiter: FixedWindowRateLimiter, item: RateLimitItem, *identifiers: str) -> int:
    """Whole seconds until the breached window ends (at least 1; the whole window if the store cannot say)."""
    window = item.get_expiry()
    try:
        reset_at = limiter.get_window_stats(item, *identifiers).reset_time
    except STORAGE_ERRORS:
        return window
    return max(1, min(window, math.ceil(reset_at - SYSTEM.now())))
