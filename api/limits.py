"""Rate limits (flask-limiter, counted in the API's Redis) and how a refusal looks: ``429 rate/limited``.

Every counted request is one of three kinds, each with its own limits (``ARENA_RATE_LIMITS``):

- ``create``: ``POST /matches`` and ``POST /tournaments``, counted per client address (the
  connection's peer; no ``X-Forwarded-For`` is believed), since creating needs no token;
- ``act``: every other ``POST`` (actions, join, resign, abort), counted per bearer token, or per
  client address for a request without one;
- ``read``: every ``GET`` of the match API, counted like ``act``; a long-poll or a stream counts once,
  when it is asked for.

``/health``, the spec, the docs and CORS preflights are not counted. A counter is a Redis key with
an expiry (a fixed window that starts at the window's first request; see ``api/store.py`` for the
keys).

An ``act`` request on a match sent with a bearer token is counted by the match store, in the match's
own hash slot: a move counts in the script that reads the match for it (no round trip of its own,
and nothing is read past the limit), the match's other ``act`` requests in a script of their own
before the view runs. Everything else is counted by flask-limiter, which never makes the API less
available than its store: when Redis refuses or does not answer, it counts in process memory until
Redis answers again, and the request goes on to meet the store's own ``503``/``507``. On a Redis
Cluster flask-limiter uses its cluster storage (``redis+cluster://``): each counter is one key, in
whichever slot its name hashes to.
"""

from __future__ import annotations

import hashlib
import math
import time

from flask import Flask, Response, current_app, g, request
from flask_limiter import ApplicationLimit, Limiter, RateLimitExceeded
from limits import RateLimitItem, parse_many

from api.errors import error_response
from api.extensions import store
from api.settings import Settings
from api.store import Counter, RateExceeded

#: The kinds of counted request, and what each is counted per.
KINDS = {"create": "client", "act": "token", "read": "token"}
#: The endpoints of ``POST /matches`` and ``POST /tournaments`` (whose matches the server creates uncounted).
CREATE_ENDPOINTS = frozenset({"matches.Matches", "tournaments.Tournaments"})
#: Blueprints that are never counted: the health check, the spec and docs, the web client's files.
UNCOUNTED_BLUEPRINTS = frozenset({"health", "api-docs", "docs-assets", "web"})
#: The endpoint of a move, whose ``act`` count the match store takes in the move's own read.
MOVE_ENDPOINT = "matches.Actions"
#: Where the app keeps the windows of its ``act`` limit (``RateLimitItem``s; empty when not counted).
ACT_LIMITS_KEY = "arena.act_limits"
#: How long the limiter waits for Redis: counting is one tiny script, so a slow answer means trouble.
REDIS_TIMEOUT = 1


def parse_rate_limits(text: str) -> dict[str, str] | None:
    """The limits of ``ARENA_RATE_LIMITS``: ``kind=limit;...`` over the defaults, or ``None`` for ``off``.

    A limit is flask-limiter's notation (``30/minute``, ``10 per second``; several for one kind
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
    if request.endpoint is None or request.blueprint in UNCOUNTED_BLUEPRINTS:
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


def counted_by_store() -> bool:
    """Whether the match store counts the current request: an ``act`` request on a match, with a bearer token.

    flask-limiter skips such a request (a request filter), so it is counted once.
    """
    return store_counter() is not None


def store_counter() -> Counter | None:
    """The ``act`` counter of the current request's token, when the match store counts the request."""
    if "act_counter" not in g:
        g.act_counter = _store_counter()
    counter: Counter | None = g.act_counter
    return counter


def _store_counter() -> Counter | None:
    view_args = request.view_args
    windows: list[RateLimitItem] = current_app.extensions.get(ACT_LIMITS_KEY) or []
    if not (view_args and "match_id" in view_args and windows and request_kind() == "act"):
        return None
    who = token_key()
    if not who.startswith("token:"):
        return None
    return who.removeprefix("token:"), [(item.amount, item.get_expiry()) for item in windows]


def request_key() -> str:
    """Who the current request is counted per: its client for ``create``, its token otherwise."""
    return client_key() if KINDS.get(request_kind() or "") == "client" else token_key()


def _counted(limits: dict[str, str]) -> ApplicationLimit:
    """One application limit that takes the current request's kind: its limits, key and scope.

    (Three limits, each exempt but for its own kind, would cost flask-limiter three parses and
    evaluations per request for one count.) A kind without limits (``off``, or not counted) gets
    none, so nothing is counted.
    """
    return ApplicationLimit(
        limit_provider=lambda: limits.get(request_kind() or "", ""),
        key_function=request_key,
        scope=lambda endpoint: request_kind() or "",
    )


def install_rate_limits(app: Flask, settings: Settings) -> Limiter | None:
    """Count the app's requests against ``settings.rate_limits`` (``None`` when they are ``off``)."""
    limits = parse_rate_limits(settings.rate_limits)
    if limits is None:
        return None
    app.extensions[ACT_LIMITS_KEY] = parse_many(limits["act"]) if "act" in limits else []
    limiter = Limiter(
        client_key,
        app=app,
        application_limits=[_counted(limits)],
        storage_uri=settings.limiter_url,
        storage_options={
            "key_prefix": f"{settings.key_prefix}:limits",
            "socket_timeout": REDIS_TIMEOUT,
            "socket_connect_timeout": REDIS_TIMEOUT,
        },
        strategy="fixed-window",
        # When Redis fails, count in memory until it answers again; a request whose count failed
        # while another had already switched to memory (gevent runs many at once) goes uncounted.
        in_memory_fallback_enabled=True,
        swallow_errors=True,
        headers_enabled=False,
    )
    limiter.request_filter(counted_by_store)

    @app.before_request
    def count_act_request() -> None:
        """Count a match's ``act`` request other than a move (a move counts in its own read)."""
        counter = store_counter()
        if counter is not None and request.endpoint != MOVE_ENDPOINT:
            assert request.view_args is not None
            store().count_act(request.view_args["match_id"], counter)

    @app.errorhandler(RateLimitExceeded)
    def rate_limited(error: RateLimitExceeded) -> Response:
        item = error.limit.limit
        return _refusal(item, _seconds_until_reset(limiter, item.get_expiry()))

    @app.errorhandler(RateExceeded)
    def act_rate_exceeded(error: RateExceeded) -> Response:
        return _refusal(app.extensions[ACT_LIMITS_KEY][error.window], error.retry_after)

    return limiter


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


def _seconds_until_reset(limiter: Limiter, window: int) -> int:
    """Whole seconds until the breached window ends (at least 1; the whole window if Redis cannot say)."""
    current = limiter.current_limit
    if current is None:
        return window
    try:
        reset_at = current.reset_at
    except Exception:  # the counter's store stopped answering: the window is the safe bound
        return window
    return max(1, min(window, math.ceil(reset_at - time.time())))
