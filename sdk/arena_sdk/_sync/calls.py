# Written by sdk/scripts/unasync.py from arena_sdk/_async/calls.py: edit that, not this.
"""One request through the generated client, with the SDK's retry rules (:mod:`arena_sdk.retrying`)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, TypeVar

import httpx
from arena_client.types import Response

from arena_sdk.errors import ArenaError
from arena_sdk.retrying import DEFAULT_RATE_LIMIT_WAIT, PARSE_ERRORS, RetryBudget, raise_typed, unwrap

T = TypeVar("T")


def call(
    send: Callable[[], Response[Any]],
    expected: type[T],
    *,
    retry_for: float,
    pause: float,
    idempotent: bool,
    rate_limit_wait: float = DEFAULT_RATE_LIMIT_WAIT,
) -> T:
    """``send()``'s success model, retried by :mod:`arena_sdk.retrying`'s rules; else its typed error."""
    budget = RetryBudget.starting_now(retry_for, pause, rate_limit_wait)
    while True:
        try:
            return unwrap(send(), expected)
        except (httpx.TransportError, ArenaError, *PARSE_ERRORS) as error:
            wait = budget.wait_before_retry(error, idempotent)
            if wait is None:
                raise_typed(error)
            time.sleep(wait)
