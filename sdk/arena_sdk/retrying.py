"""The SDK's retry rules, for ``Arena`` and ``AsyncArena`` alike (pure but for the clock): what is retried, how long.

The rules: a ``429 rate/limited`` answer is waited out (its ``Retry-After``, in ``retry_after``) by
every call, since the server did nothing, for up to ``rate_limit_wait`` seconds in all (default
``DEFAULT_RATE_LIMIT_WAIT``, 120 s: longer than any window of the server's default limits); a
wait that would go past it raises ``RateLimitedError`` at once. A dropped connection or a ``503``
is retried only by idempotent calls (reads, and writes sent with an ``Idempotency-Key``), within
the call's ``retry_for`` seconds; then the last failure raises as its typed error, a transport
failure as ``ConnectionFailedError``.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, NoReturn, TypeVar

import httpx
from arena_client.types import Response

from arena_sdk.errors import (
    NO_ANSWER,
    ArenaError,
    ConnectionFailedError,
    MatchOverError,
    NotYourTurnError,
    RateLimitedError,
    StaleVersionError,
    StoreUnavailableError,
    UnexpectedResponseError,
    error_for,
)

T = TypeVar("T")

#: What a generated model's ``from_dict`` raises for an answer that does not match the spec.
PARSE_ERRORS = (KeyError, ValueError, TypeError)
#: How long a call waits out ``429 rate/limited`` answers in all, by default (seconds).
DEFAULT_RATE_LIMIT_WAIT = 120.0


@dataclass
class RetryBudget:
    """How long a call may keep retrying, how long it pauses between tries, and until when it waits
    out rate limits (pure but for the clock: ``time.monotonic()``)."""

    give_up_at: float
    pause: float
    rate_limited_until: float

    @classmethod
    def starting_now(
        cls, retry_for: float, pause: float, rate_limit_wait: float = DEFAULT_RATE_LIMIT_WAIT
    ) -> RetryBudget:
        now = time.monotonic()
        return cls(now + retry_for, pause, now + rate_limit_wait)

    def wait_before_retry(self, error: Exception, idempotent: bool) -> float | None:
        """Seconds to wait before sending again after ``error``, or ``None``: give up and raise it."""
        if isinstance(error, RateLimitedError):
            wait, until = error.retry_after, self.rate_limited_until
        elif idempotent and isinstance(error, httpx.TransportError | StoreUnavailableError):
            wait, until = self.pause, self.give_up_at
        else:
            return None
        return wait if time.monotonic() + wait <= until else None


def unwrap(response: Response[Any], expected: type[T]) -> T:
    """The parsed body if it is the success model, else the typed error for the response."""
    if isinstance(response.parsed, expected):
        return response.parsed
    try:
        body = httpx.Response(response.status_code, content=response.content).json()
    except ValueError:
        body = response.content.decode(errors="replace")
    raise error_for(int(response.status_code), body)


def typed(error: Exception) -> ArenaError:
    """``error`` as an ``ArenaError`` (raise it ``from error``)."""
    if isinstance(error, ArenaError):
        return error
    if isinstance(error, httpx.TransportError):
        return ConnectionFailedError.after(error)
    return UnexpectedResponseError(NO_ANSWER, "client/unexpected_response", f"{type(error).__name__}: {error}", {})


def raise_typed(error: Exception) -> NoReturn:
    """Raise ``error`` as its typed error: itself if it is one, else wrapped (``from error``)."""
    if isinstance(error, ArenaError):
        raise error
    raise typed(error) from error


class ActionResends:
    """When ``act`` sends an action again with the same ``Idempotency-Key`` (so it applies at most once).

    After a dropped connection or a 503 it resends until its budget runs out; a 429 is waited
    out (for up to ``rate_limit_wait`` seconds in all); and a refusal that only a lost first
    attempt explains (stale version, not this seat's turn, match over: the lost attempt may have
    landed) is resent once more, to have the server replay the remembered answer.
    """

    def __init__(self, retry_for: float, pause: float, rate_limit_wait: float = DEFAULT_RATE_LIMIT_WAIT) -> None:
        self.budget = RetryBudget.starting_now(retry_for, pause, rate_limit_wait)
        self.resent = self.checked = False

    def wait_before_resend(self, error: Exception) -> float | None:
        """Seconds to wait before resending after ``error``, or ``None``: raise it."""
        if isinstance(error, StaleVersionError | NotYourTurnError | MatchOverError):
            if self.resent and not self.checked:
                self.checked = True
                return 0.0
            return None
        wait = self.budget.wait_before_retry(error, idempotent=True)
        if wait is not None and not isinstance(error, RateLimitedError):
            self.resent = True
        return wait
