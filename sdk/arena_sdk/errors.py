"""Typed errors for every failure: each error the server answers with (chosen by its stable ``code``),
and the few the SDK finds itself (``status`` 0): a malformed token or action, a view of another
game, a server that cannot be reached, an answer that does not match the spec.
"""

from __future__ import annotations

from typing import Any

import httpx

#: The ``status`` of an error found by the SDK itself, with no answer from the server behind it.
NO_ANSWER = 0


class ArenaError(Exception):
    """A failed request: ``code`` is stable, ``message`` is for people, ``status`` the HTTP status (0: no answer)."""

    def __init__(self, status: int, code: str, message: str, details: dict[str, Any] | None = None) -> None:
        super().__init__(f"{status} {code}: {message}")
        self.status = status
        self.code = code
        self.message = message
        self.details = details or {}


class AuthError(ArenaError):
    """The seat token is missing, invalid, or for another match or seat (401/403)."""


class InvalidTokenError(AuthError):
    """The token is malformed (found before any request, ``status`` 0), missing, or unknown to the server (401)."""


class NotHostError(AuthError):
    """A token that is not the match's host token where one is needed, e.g. to abort (403 ``auth/not_host``)."""


class NotFoundError(ArenaError):
    """No such match (it may have expired) or game (404)."""


class IllegalActionError(ArenaError):
    """The action breaks a rule; ``rule`` names it (422 ``action/illegal``)."""

    @property
    def rule(self) -> str | None:
        rule = self.details.get("rule")
        return rule if isinstance(rule, str) else None


class InvalidRequestError(ArenaError):
    """The request is malformed: bad JSON, fields or options (400/413/422)."""


class MalformedActionError(InvalidRequestError):
    """The action is not one of this game's action shapes (422 ``action/malformed``; ``status`` 0 when the SDK
    finds it in a dict before sending)."""


class UnknownBotError(InvalidRequestError):
    """A seat asks for a server bot the game does not have (422 ``bot/unknown``)."""


class IdempotencyMismatchError(InvalidRequestError):
    """An ``Idempotency-Key`` reused with a different body (422 ``request/idempotency_mismatch``)."""


class NotYourTurnError(ArenaError):
    """This seat may not act now (409 ``action/not_your_turn``)."""


class MatchOverError(ArenaError):
    """The match has ended or was aborted (409 ``match/over``)."""


class MatchWaitingError(ArenaError):
    """The match still waits for players to join its open seats (409 ``match/waiting``)."""


class MatchFullError(ArenaError):
    """No open seat is left to join, or the one asked for is taken (409 ``match/full``)."""


class SeatOutError(ArenaError):
    """This seat has left the match: it resigned or ran out of time (409 ``seat/out``)."""


class ActionTooLateError(ArenaError):
    """The seat's deadline passed before the action came; the timeout is applied (409 ``action/too_late``)."""


class StaleVersionError(ArenaError):
    """The match moved on since the version the action was decided at (412)."""

    @property
    def current_version(self) -> int | None:
        version = self.details.get("current_version")
        return version if isinstance(version, int) else None


class StoreUnavailableError(ArenaError):
    """The server's match store is down or busy; retry shortly (503)."""


class StoreFullError(ArenaError):
    """The server's match store takes no new writes now; nothing was written (507 ``store/full``)."""


class RateLimitedError(ArenaError):
    """Too many requests from this token or address (429 ``rate/limited``); send again after ``retry_after`` s."""

    @property
    def retry_after(self) -> float:
        seconds = self.details.get("retry_after")
        return float(seconds) if isinstance(seconds, int | float) and seconds >= 0 else 1.0


class ServerError(ArenaError):
    """The server failed unexpectedly (500 ``server/error``), or answered with something other than JSON."""


class ConnectionFailedError(ArenaError):
    """The server could not be reached or the connection broke, after every retry the call allows (``status`` 0).

    The ``httpx.TransportError`` behind it is its ``__cause__``.
    """

    @classmethod
    def after(cls, error: httpx.TransportError) -> ConnectionFailedError:
        return cls(NO_ANSWER, "client/connection_failed", f"{type(error).__name__}: {error}", {})


class WaitTimeoutError(ArenaError, TimeoutError):
    """Waiting ran out of time: the seat's turn did not come within the wait's ``timeout`` (``status`` 0).

    Also a ``TimeoutError``, so code written for the plain one still catches it.
    """

    @classmethod
    def waited(cls, seat: int, seconds: float) -> WaitTimeoutError:
        return cls(NO_ANSWER, "client/wait_timeout", f"seat {seat} waited {seconds:g} s for its turn", {})


class UnexpectedResponseError(ArenaError):
    """The server's answer does not match this SDK's spec (``status`` 0; is the SDK older than the server?)."""


class WrongGameError(ArenaError):
    """A per-game helper (:mod:`arena_sdk.games`) was given a view of another game's match (``status`` 0)."""


_BY_CODE: dict[str, type[ArenaError]] = {
    "action/illegal": IllegalActionError,
    "action/not_your_turn": NotYourTurnError,
    "action/too_late": ActionTooLateError,
    "match/over": MatchOverError,
    "match/waiting": MatchWaitingError,
    "match/full": MatchFullError,
    "seat/out": SeatOutError,
    "auth/not_host": NotHostError,
    "auth/invalid_token": InvalidTokenError,
    "auth/missing_token": InvalidTokenError,
    "action/malformed": MalformedActionError,
    "rate/limited": RateLimitedError,
    "store/full": StoreFullError,
    "server/error": ServerError,
    "request/idempotency_mismatch": IdempotencyMismatchError,
    "bot/unknown": UnknownBotError,
    "match/stale_version": StaleVersionError,
    "store/unavailable": StoreUnavailableError,
    "match/not_found": NotFoundError,
    "game/unknown": NotFoundError,
}

_BY_STATUS: dict[int, type[ArenaError]] = {
    400: InvalidRequestError,
    401: AuthError,
    403: AuthError,
    404: NotFoundError,
    412: StaleVersionError,
    405: InvalidRequestError,
    413: InvalidRequestError,
    414: InvalidRequestError,
    415: InvalidRequestError,
    422: InvalidRequestError,
    428: InvalidRequestError,
    429: RateLimitedError,
    431: InvalidRequestError,
    500: ServerError,
    502: ServerError,
    503: StoreUnavailableError,
    504: ServerError,
    507: StoreFullError,
}


def error_for(status: int, body: Any) -> ArenaError:
    """The typed error for an error response's status and JSON body."""
    if isinstance(body, dict) and isinstance(body.get("code"), str):
        code, message, details = body["code"], str(body.get("message", "")), body.get("details") or {}
    else:
        code, message, details = f"http/{status}", str(body), {}
    cls = _BY_CODE.get(code) or _BY_STATUS.get(status) or (ServerError if status >= 500 else ArenaError)
    return cls(status, code, message, details)


def error_of_response(response: httpx.Response) -> ArenaError:
    """The typed error for an error response whose body has been read."""
    try:
        body = response.json()
    except ValueError:
        body = response.content.decode(errors="replace")[:500]
    return error_for(response.status_code, body)


def is_json_error(response: httpx.Response) -> bool:
    """Whether an error response carries the server's JSON error shape (a proxy's HTML page does not)."""
    return "json" in response.headers.get("content-type", "")


def raise_for_foreign_error(response: httpx.Response) -> None:
    """An httpx response hook: an error answered without a JSON body (a proxy's 502 page) raises its typed error.

    The generated client parses every error body as JSON; this turns such an answer into an
    :class:`ArenaError` instead of a ``JSONDecodeError``.
    """
    if response.is_error and not is_json_error(response):
        response.read()
        raise error_of_response(response)


async def araise_for_foreign_error(response: httpx.Response) -> None:
    """:func:`raise_for_foreign_error` for ``httpx.AsyncClient``."""
    if response.is_error and not is_json_error(response):
        await response.aread()
        raise error_of_response(response)
