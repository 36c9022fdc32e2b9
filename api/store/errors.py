"""The store's typed failures, each an :class:`~arena.errors.ArenaError` with its code, and the one place
that turns the Redis client's exceptions into them (:func:`reaching_redis`).

A failure says what happened to the data (nothing written, the match moved on, the server unreachable);
the HTTP layer answers each by its code, like every other refusal. :class:`Replayed` is not a failure
but the write's answer when an ``Idempotency-Key`` was used before.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import redis

from api.clock import Stopwatch
from arena.errors import ArenaError


class StoreError(ArenaError):
    """Base of the store's typed failures."""


class StoreUnavailable(StoreError):
    """The Redis server could not be reached or did not answer in time."""

    def __init__(self, reason: str) -> None:
        super().__init__("store/unavailable", "the match store is unavailable; retry shortly")
        self.reason = reason

    def __str__(self) -> str:
        return self.reason


class StoreFull(StoreUnavailable):
    """Redis is at its ``maxmemory`` and refuses writes (reads still work); nothing was written."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.code = "store/full"
        self.message = "the match store is full and takes no new writes now; nothing was written; retry later"


class SnapshotTooLarge(StoreError):
    """The match's snapshot would exceed ``max_snapshot_bytes``; nothing was written."""

    def __init__(self, size: int, limit: int) -> None:
        super().__init__(
            "match/too_large",
            f"this match would take {size} bytes to store, more than the server's {limit}; "
            "use smaller options (a shorter custom deck, fewer players); nothing was stored",
            bytes=size,
            max_bytes=limit,
        )
        self.size = size
        self.limit = limit


class MatchNotFound(StoreError):
    """No match with this id (never created, or expired)."""

    def __init__(self, match_id: str) -> None:
        super().__init__("match/not_found", f"no match {match_id!r} (it may have expired)")
        self.match_id = match_id


class StaleVersion(StoreError):
    """The match (or tournament) is no longer at the version the write was based on."""

    def __init__(self, current: int) -> None:
        super().__init__(
            "match/stale_version",
            f"the match has moved on to version {current}; fetch it and decide again",
            current_version=current,
        )
        self.current = current


class MatchExists(StoreError):
    """A match with this id exists already: an ``Idempotency-Key`` whose remembered answer has expired
    (ids are otherwise random: a clash would mean a bug or an attack)."""

    def __init__(self, match_id: str) -> None:
        super().__init__(
            "request/idempotency_key_reused",
            "this Idempotency-Key created a match whose remembered answer has expired; use a new key",
        )
        self.match_id = match_id


class TournamentExists(StoreError):
    """A tournament with this id exists already (ids are random: a clash means a bug)."""

    def __init__(self, tournament_id: str) -> None:
        super().__init__("server/error", f"tournament {tournament_id!r} exists already")
        self.tournament_id = tournament_id


class TournamentNotFound(StoreError):
    """No tournament with this id (never created, or expired)."""

    def __init__(self, tournament_id: str) -> None:
        super().__init__("tournament/not_found", f"no tournament {tournament_id!r} (it may have expired)")
        self.tournament_id = tournament_id


class WebhookGone(StoreError):
    """The webhook's match or tournament expired (or never had a webhook)."""

    def __init__(self, webhook_id: str) -> None:
        super().__init__("webhook/not_found", f"no webhook {webhook_id!r} (its match or tournament may have expired)")
        self.webhook_id = webhook_id


class Replayed(Exception):
    """The write's ``Idempotency-Key`` was used before: here is the response remembered for it."""

    def __init__(self, remembered: dict[str, Any]) -> None:
        super().__init__("idempotent replay")
        self.remembered = remembered


#: Told of every call's duration and failure (``None``, ``"unavailable"``, ``"full"``, ``"error"``): the
#: server's metrics set it at start (``api/observability/metrics.py``); by default nobody listens.
Observer = Callable[[float, str | None], None]
_observers: list[Observer] = []


def observe_calls(observer: Observer) -> None:
    """Have ``observer`` told of every store call from now on (registered once, when a process starts)."""
    if observer not in _observers:
        _observers.append(observer)


@contextmanager
def reaching_redis() -> Iterator[None]:
    """Turn the client's connection failures into :class:`StoreUnavailable`, a full Redis into
    :class:`StoreFull`; tell the observers the call's duration and failure."""
    watch, failure = Stopwatch(), None
    try:
        yield
    except (redis.ConnectionError, redis.TimeoutError) as error:
        failure = "unavailable"
        raise StoreUnavailable(str(error)) from error
    except redis.exceptions.OutOfMemoryError as error:
        failure = "full"
        raise StoreFull(str(error)) from error
    except redis.ResponseError as error:
        failure = "error"
        if "LOADING" in str(error) or "MISCONF" in str(error) or "READONLY" in str(error):
            failure = "unavailable"
            raise StoreUnavailable(str(error)) from error
        raise
    finally:
        for observer in _observers:
            observer(watch.seconds(), failure)
