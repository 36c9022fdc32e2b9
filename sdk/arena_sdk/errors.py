"""Typed errors for every error the server answers with, chosen by its stable ``code``."""

from __future__ import annotations

from typing import Any


class ArenaError(Exception):
    """An error answered by the server: ``code`` is stable, ``message`` is for people."""

    def __init__(self, status: int, code: str, message: str, details: dict[str, Any] | None = None) -> None:
        super().__init__(f"{status} {code}: {message}")
        self.status = status
        self.code = code
        self.message = message
        self.details = details or {}


class AuthError(ArenaError):
    """The seat token is missing, invalid, or for another match or seat (401/403)."""


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
    """The server's match store is down; retry shortly (503)."""


_BY_CODE: dict[str, type[ArenaError]] = {
    "action/illegal": IllegalActionError,
    "action/not_your_turn": NotYourTurnError,
    "action/too_late": ActionTooLateError,
    "match/over": MatchOverError,
    "match/waiting": MatchWaitingError,
    "match/full": MatchFullError,
    "seat/out": SeatOutError,
    "auth/not_host": NotHostError,
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
    413: InvalidRequestError,
    422: InvalidRequestError,
    428: InvalidRequestError,
    503: StoreUnavailableError,
}


def error_for(status: int, body: Any) -> ArenaError:
    """The typed error for an error response's status and JSON body."""
    if isinstance(body, dict) and isinstance(body.get("code"), str):
        code, message, details = body["code"], str(body.get("message", "")), body.get("details") or {}
    else:
        code, message, details = f"http/{status}", str(body), {}
    cls = _BY_CODE.get(code) or _BY_STATUS.get(status, ArenaError)
    return cls(status, code, message, details)
