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


class WrongTokenError(AuthError):
    """A valid token used where it does not belong: another match, seat or tournament, a host token on a
    seat's endpoint, or the reverse (403 ``auth/wrong_match``, ``auth/wrong_seat``, ``auth/not_a_seat``, ...)."""


class NotInvitedError(AuthError):
    """An invitation-only seat joined without its invitation, or with another's (403 ``auth/invalid_invitation``):
    ask the match's host for the invitation (``Arena.join(..., invitation=...)``)."""


class NotHostError(AuthError):
    """A token that is not the match's host token where one is needed, e.g. to abort (403 ``auth/not_host``)."""


class NotFoundError(ArenaError):
    """No such match (it may have expired), game, replay version, tournament, webhook or route (404)."""


class InvalidRequestError(ArenaError):
    """The request itself is wrong: bad JSON, fields, options, headers or sizes (400, 405, 413-415, 422, 426,
    428, 431)."""


class IllegalActionError(InvalidRequestError):
    """The action breaks a rule; ``rule`` names it (422 ``action/illegal``)."""

    @property
    def rule(self) -> str | None:
        rule = self.details.get("rule")
        return rule if isinstance(rule, str) else None


class MalformedActionError(InvalidRequestError):
    """The action is not one of this game's action shapes (422 ``action/malformed``; ``status`` 0 when the SDK
    finds it in a dict before sending)."""


class UnknownBotError(InvalidRequestError):
    """A seat asks for a server bot the game does not have (422 ``bot/unknown``)."""


class IdempotencyMismatchError(InvalidRequestError):
    """An ``Idempotency-Key`` reused with a different body (422 ``request/idempotency_mismatch``)."""


class ConflictError(ArenaError):
    """The request is right but the match (or tournament) is not in a state that allows it now (409)."""


class NotYourTurnError(ConflictError):
    """This seat may not act now (409 ``action/not_your_turn``)."""


class MatchOverError(ConflictError):
    """The match has ended or was aborted (409 ``match/over``)."""


class MatchWaitingError(ConflictError):
    """The match still waits for players to join its open seats (409 ``match/waiting``)."""


class MatchFullError(ConflictError):
    """No open seat is left to join, or the one asked for is taken (409 ``match/full``)."""


class SeatOutError(ConflictError):
    """This seat has left the match: it resigned or ran out of time (409 ``seat/out``)."""


class ActionTooLateError(ConflictError):
    """The seat's deadline passed before the action came; the timeout is applied (409 ``action/too_late``)."""


class MatchNotOverError(ConflictError):
    """A replay or record asked of a match still being played (409 ``match/not_over``)."""


class IdempotencyKeyReusedError(ConflictError):
    """An ``Idempotency-Key`` whose remembered answer has expired (409 ``request/idempotency_key_reused``)."""


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


class MatchQuotaError(RateLimitedError):
    """This address (or tournament) holds as many unfinished matches as the server allows (429 ``match/quota``);
    nothing was created. Finish or abort one of them; ``retry_after`` is when the first stops counting by
    itself (it expires unplayed), usually far beyond what a call waits, so it is raised at once."""

    @property
    def live(self) -> int | None:
        """How many unfinished matches the client holds."""
        live = self.details.get("live")
        return live if isinstance(live, int) else None

    @property
    def limit(self) -> int | None:
        """How many the server allows one client (``ARENA_MAX_LIVE_MATCHES``)."""
        limit = self.details.get("limit")
        return limit if isinstance(limit, int) else None


class TournamentQuotaError(RateLimitedError):
    """This address holds as many unfinished tournaments as the server allows (429 ``tournament/quota``); nothing
    was created. Cancel one of them (or let it finish); ``retry_after`` is when the first stops counting by itself
    (it expires unwritten), usually far beyond what a call waits, so it is raised at once."""

    @property
    def live(self) -> int | None:
        """How many unfinished tournaments the client holds."""
        live = self.details.get("live")
        return live if isinstance(live, int) else None

    @property
    def limit(self) -> int | None:
        """How many the server allows one client (``ARENA_MAX_LIVE_TOURNAMENTS``)."""
        limit = self.details.get("limit")
        return limit if isinstance(limit, int) else None


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


#: The error class of each stable code the server answers with (every code of docs/api.md's error table).
ERROR_CLASSES: dict[str, type[ArenaError]] = {
    "auth/missing_token": InvalidTokenError,
    "auth/invalid_token": InvalidTokenError,
    "auth/wrong_match": WrongTokenError,
    "auth/wrong_seat": WrongTokenError,
    "auth/not_a_seat": WrongTokenError,
    "auth/wrong_tournament": WrongTokenError,
    "auth/not_an_entrant": WrongTokenError,
    "auth/invalid_invitation": NotInvitedError,
    "auth/not_host": NotHostError,
    "match/not_found": NotFoundError,
    "match/version_not_found": NotFoundError,
    "game/unknown": NotFoundError,
    "request/not_found": NotFoundError,
    "tournament/not_found": NotFoundError,
    "tournament/no_such_match": NotFoundError,
    "tournament/no_sprt": NotFoundError,
    "webhook/not_found": NotFoundError,
    "action/illegal": IllegalActionError,
    "action/malformed": MalformedActionError,
    "bot/unknown": UnknownBotError,
    "request/idempotency_mismatch": IdempotencyMismatchError,
    "action/invalid_seat": InvalidRequestError,
    "match/invalid_options": InvalidRequestError,
    "match/too_large": InvalidRequestError,
    "match/version_required": InvalidRequestError,
    "request/invalid": InvalidRequestError,
    "request/bad_request": InvalidRequestError,
    "request/too_deep": InvalidRequestError,
    "request/upgrade_required": InvalidRequestError,
    "request/method_not_allowed": InvalidRequestError,
    "request/too_large": InvalidRequestError,
    "request/uri_too_long": InvalidRequestError,
    "request/unsupported_media_type": InvalidRequestError,
    "request/headers_too_large": InvalidRequestError,
    "tournament/invalid": InvalidRequestError,
    "webhook/refused_url": InvalidRequestError,
    "record/invalid": InvalidRequestError,
    "action/not_your_turn": NotYourTurnError,
    "action/too_late": ActionTooLateError,
    "match/over": MatchOverError,
    "match/waiting": MatchWaitingError,
    "match/full": MatchFullError,
    "match/not_over": MatchNotOverError,
    "seat/out": SeatOutError,
    "request/idempotency_key_reused": IdempotencyKeyReusedError,
    "tournament/started": ConflictError,
    "tournament/full": ConflictError,
    "tournament/over": ConflictError,
    "tournament/not_running": ConflictError,
    "tournament/not_paused": ConflictError,
    "record/sealed": ConflictError,
    "record/unavailable": ConflictError,
    "match/moved_on": ConflictError,
    "match/stale_version": StaleVersionError,
    "rate/limited": RateLimitedError,
    "match/quota": MatchQuotaError,
    "tournament/quota": TournamentQuotaError,
    "store/unavailable": StoreUnavailableError,
    "store/busy": StoreUnavailableError,
    "store/full": StoreFullError,
    "server/error": ServerError,
}

_BY_STATUS: dict[int, type[ArenaError]] = {
    400: InvalidRequestError,
    401: AuthError,
    403: AuthError,
    404: NotFoundError,
    409: ConflictError,
    412: StaleVersionError,
    405: InvalidRequestError,
    413: InvalidRequestError,
    414: InvalidRequestError,
    415: InvalidRequestError,
    422: InvalidRequestError,
    426: InvalidRequestError,
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
    cls = ERROR_CLASSES.get(code) or _BY_STATUS.get(status) or (ServerError if status >= 500 else ArenaError)
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
