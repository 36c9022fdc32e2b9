"""Rate limits (the ``limits`` library's fixed windows, counted in the API's Redis) and how a refusal
looks: ``429 rate/limited``.

Every counted request is one of three kinds, each with its own limits (``ARENA_RATE_LIMITS``):

- ``create``: ``POST /matches`` and ``POST /tournaments``, counted per client address (the
  connection's peer; no ``X-Forwarded-For`` is believed), since creating needs no token;
- ``act``: every other ``POST`` (actions, join, resign, abort), counted per bearer token, or per
  client address for a request without one;
- ``read``: every ``GET`` of the match API, counted like ``act``; a long-poll or a stream counts once,
  when it is asked for.

``/health``, the spec, the docs and CORS preflights are not counted. A counter is a Redis key with
an expiry (a fixed window that starts at the window's first request; see ``api/store.py`` for the
keys). Each request is counted before its view runs, by one hook:

- an ``act`` request on a match sent with a bearer token is counted by the match store, in the
  match's own hash slot: a move in the script that reads the match for it (no round trip of its
  own, and nothing is read past the limit), the match's other ``act`` requests in that script alone;
- every other request by the ``limits`` library (one small script per limit). It never makes the
  API less available than its store: when Redis refuses or does not answer, it counts in process
  memory for a few seconds before it tries Redis again, and the request goes on to meet the store's
  own ``503``/``507``. On a Redis Cluster it uses its cluster storage (``redis+cluster://``): each
  counter is one key, in whichever slot its name hashes to.

The API uses ``limits`` directly, not flask-limiter (the Flask extension over it): that
extension's hooks cost about 0.1 ms of every move's CPU, and the count of a move has to go into
the match's own script.
"""

from __future__ import annotations

import hashlib
import logging
import math
import time

import redis
from flask import Flask, Response, current_app, g, request
from limits import RateLimitItem, parse_many
from limits.storage import MemoryStorage, storage_from_string
from limits.strategies import FixedWindowRateLimiter

from api.errors import ErrorReply, error_response
from api.extensions import store
from api.settings import Settings
from api.store import Counter, RateExceeded

log = logging.getLogger(__name__)

#: The kinds of counted request, and what each is counted per.
KINDS = {"create": "client", "act": "token", "read": "token"}
#: The endpoints of ``POST /matches`` and ``POST /tournaments`` (whose matches the server creates uncounted).
CREATE_ENDPOINTS = frozenset({"matches.Matches", "tournaments.Tournaments"})
#: Blueprints that are never counted: the health check, the spec and docs, the web client's files.
UNCOUNTED_BLUEPRINTS = frozenset({"health", "api-docs", "docs-assets", "web"})
#: The endpoint of a move, whose ``act`` count the match store takes in the move's own read.
MOVE_ENDPOINT = "matches.Actions"
#: Where the app keeps its :class:`RateLimits`.
LIMITS_KEY = "arena.rate_limits"
#: How long the limiter waits for Redis: counting is one tiny script, so a slow answer means trouble.
REDIS_TIMEOUT = 1
#: How long the limiter counts in memory after Redis failed it, before it tries Redis again.
MEMORY_SECONDS = 5.0
#: What a counter's store may raise when it cannot count (redis-py's cluster errors are not RedisErrors).
STORAGE_ERRORS = (redis.RedisError, redis.exceptions.RedisClusterException, OSError)


class RateLimited(Exception):
    """The current request is past ``item``; ``retry_after`` is whole seconds until its window ends."""

    def __init__(self, item: RateLimitItem, retry_after: int) -> None:
        super().__init__(f"past {item}")
        self.item = item
        self.retry_after = retry_after


class RateLimits:
    """The app's limits by kind, and the fixed-window counters of the requests the match store does not count."""

    def __init__(self, limits: dict[str, str], settings: Settings) -> None:
        self.items: dict[str, list[RateLimitItem]] = {kind: parse_many(text) for kind, text in limits.items()}
        storage = storage_from_string(
            settings.limiter_url,
            key_prefix=f"{settings.key_prefix}:limits",
            socket_timeout=REDIS_TIMEOUT,
            socket_connect_timeout=REDIS_TIMEOUT,
        )
        #: The ``act`` limit's windows as the match store counts them: (allowance, seconds) each.
        self.act_windows = [(item.amount, item.get_expiry()) for item in self.items.get("act", ())]
        self.shared = FixedWindowRateLimiter(storage)
        self.memory = FixedWindowRateLimiter(MemoryStorage())
        #: Until when (``time.monotonic()``) requests are counted in memory, after Redis failed.
        self.memory_until = 0.0

    def count(self, kind: str, who: str) -> None:
        """Count one request of ``kind`` from ``who`` against each of its limits; :class:`RateLimited` past one."""
        for item in self.items[kind]:
            limiter = self.memory if time.monotonic() < self.memory_until else self.shared
            try:
                allowed = limiter.hit(item, who, kind)
            except STORAGE_ERRORS as error:
                if limiter is self.shared:
                    log.warning("rate limit counters unreachable (%s); counting in memory for now", error)
                self.memory_until = time.monotonic() + MEMORY_SECONDS
                limiter = self.memory
                allowed = limiter.hit(item, who, kind)
            if not allowed:
                raise RateLimited(item, _seconds_until_reset(limiter, item, who, kind))


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
        if kind not in KINDS or not equals or not limit:
            raise ValueError(
                f"ARENA_RATE_LIMITS: {part!r} is not kind=limit with a kind of {sorted(KINDS)} "
                "(example: create=30/minute;act=50/second;read=200/second, or off)"
            )
        if limit.lower() != "off":
            try:
                parse_many(limit)
            except ValueError:
                raise ValueError(f"ARENA_RATE_LIMITS: {limit!r} ({kind}) is not a limit such as 30/minute") from None
        limits[kind] = limit
    return limits


def request_kind() -> str | None:
    """Which limits the current request counts against (``None``: not counted)."""
    endpoint = request.endpoint
    if endpoint is None or request.blueprint in UNCOUNTED_BLUEPRINTS or endpoint.rsplit(".", 1)[-1] == "static":
        return None
    if request.method == "POST":
        return "create" if request.endpoint in CREATE_ENDPOINTS else "act"
    if request.method in ("GET", "HEAD"):
        return "read"
    return None


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


def rate_limits() -> RateLimits | None:
    """The running app's limits (``None`` when they are ``off``)."""
    found: RateLimits | None = current_app.extensions.get(LIMITS_KEY)
    return found


def act_counter_of(token: str) -> Counter | None:
    """The ``act`` counter of ``token``'s moves outside a request of their own (a seat socket's)."""
    limits = rate_limits()
    windows = limits.act_windows if limits is not None else None
    return None if not windows else (hashlib.sha256(token.encode()).hexdigest()[:32], windows)


def act_refusal(error: RateExceeded) -> ErrorReply:
    """``429 rate/limited`` for a move past its token's ``act`` limit, whatever carried it."""
    limits = rate_limits()
    assert limits is not None
    item = limits.items["act"][error.window]
    return ErrorReply(
        429,
        "rate/limited",
        f"too many act requests from this token: at most {item}; retry in {error.retry_after} s",
        {"limit": str(item), "kind": "act", "per": "token", "retry_after": error.retry_after},
        {"Retry-After": str(error.retry_after)},
    )


def store_counter() -> Counter | None:
    """The ``act`` counter of the current request's token, when the match store counts the request:
    an ``act`` request on a match, with a bearer token (computed once per request)."""
    if "act_counter" not in g:
        g.act_counter = _store_counter()
    counter: Counter | None = g.act_counter
    return counter


def _store_counter() -> Counter | None:
    view_args = request.view_args
    limits = rate_limits()
    windows = limits.act_windows if limits is not None else None
    if not (view_args and "match_id" in view_args and windows and request_kind() == "act"):
        return None
    who = token_key()
    if not who.startswith("token:"):
        return None
    return who.removeprefix("token:"), windows


def install_rate_limits(app: Flask, settings: Settings) -> RateLimits | None:
    """Count the app's requests against ``settings.rate_limits`` (``None`` when they are ``off``)."""
    limits = parse_rate_limits(settings.rate_limits)
    if limits is None:
        return None
    counted = app.extensions[LIMITS_KEY] = RateLimits(limits, settings)

    @app.before_request
    def count_request() -> None:
        kind = request_kind()
        if kind is None or not counted.items.get(kind):
            return
        counter = store_counter()
        if counter is None:
            counted.count(kind, client_key() if KINDS[kind] == "client" else token_key())
        elif request.endpoint != MOVE_ENDPOINT:  # a move counts in its own read of the match
            assert request.view_args is not None
            store().count_act(request.view_args["match_id"], counter)

    @app.errorhandler(RateLimited)
    def rate_limited(error: RateLimited) -> Response:
        return _refusal(error.item, error.retry_after)

    @app.errorhandler(RateExceeded)
    def act_rate_exceeded(error: RateExceeded) -> Response:
        return _refusal(counted.items["act"][error.window], error.retry_after)

    return counted


def _refusal(item: RateLimitItem, retry_after: int) -> Response:
    """``429 rate/limited`` for the current request, past ``item``, with ``Retry-After``."""
    kind = request_kind() or "?"
    per = "token" if KINDS.get(kind) == "token" and token_key().startswith("token:") else "client"
    response = error_response(
        429,
        "rate/limited",
        f"too many {kind} requests from this {per}: at most {item}; retry in {retry_after} s",
        {"limit": str(item), "kind": kind, "per": per, "retry_after": retry_after},
    )
    response.headers["Retry-After"] = str(retry_after)
    return response


def _seconds_until_reset(limiter: FixedWindowRateLimiter, item: RateLimitItem, *identifiers: str) -> int:
    """Whole seconds until the breached window ends (at least 1; the whole window if the store cannot say)."""
    window = item.get_expiry()
    try:
        reset_at = limiter.get_window_stats(item, *identifiers).reset_time
    except STORAGE_ERRORS:
        return window
    return max(1, min(window, math.ceil(reset_at - time.time())))
