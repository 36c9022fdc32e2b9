"""A small layer over the generated ``arena_client`` that makes writing bots pleasant.

``Arena``/``Seat`` (sync) and ``AsyncArena``/``AsyncSeat`` (asyncio, the one source the sync face is
written from), a seat's turns for a loop of your own (``Turn``, ``Turns``: :mod:`arena_sdk.turns`;
``Transport`` says how they travel), typed errors for every failure
(:mod:`arena_sdk.errors`), tournaments (``Entrant``, ``Host``: :mod:`arena_sdk.tournaments`) and
one module per game in :mod:`arena_sdk.games`; ``verify_signature`` checks a webhook delivery
(:mod:`arena_sdk.webhooks`). ``turn_view`` and ``turn_actions`` read a ``turn``
event of ``Seat.stream()`` for a loop over the raw stream. ``verify`` checks a match's record
(``Arena.record``) against its seed's commitment, without the engine (:mod:`arena_sdk.records`).
"""

import importlib
from typing import TYPE_CHECKING, Any

from arena_sdk import events
from arena_sdk.actions import Action, ActionLike, action_model
from arena_sdk.client import Arena, Choose, Seat, Turns
from arena_sdk.errors import (
    ERROR_CLASSES,
    ActionTooLateError,
    ArenaError,
    AuthError,
    ConflictError,
    ConnectionFailedError,
    IdempotencyKeyReusedError,
    IdempotencyMismatchError,
    IllegalActionError,
    InvalidRequestError,
    InvalidTokenError,
    MalformedActionError,
    MatchFullError,
    MatchNotOverError,
    MatchOverError,
    MatchQuotaError,
    MatchWaitingError,
    NotFoundError,
    NotHostError,
    NotInvitedError,
    NotYourTurnError,
    RateLimitedError,
    SeatOutError,
    ServerError,
    StaleVersionError,
    StoreFullError,
    StoreUnavailableError,
    TournamentQuotaError,
    UnexpectedResponseError,
    UnknownBotError,
    WaitTimeoutError,
    WrongGameError,
    WrongTokenError,
)
from arena_sdk.events import AnyEvent, GameEvent
from arena_sdk.seat_logic import DEFAULT_LEGAL_LIMIT, DEFAULT_LOOP_TIMEOUT, Ending, Transport, turn_actions, turn_view
from arena_sdk.streams import StreamEvent
from arena_sdk.turns import AsyncTurn, Turn

if TYPE_CHECKING:
    from arena_sdk import games
    from arena_sdk.aio import AsyncArena, AsyncChoose, AsyncSeat, AsyncTurns
    from arena_sdk.records import CheckedRecord, RecordError, read_records, seed_commitment, verify
    from arena_sdk.tournaments import Assignment, Entrant, Host
    from arena_sdk.webhooks import verify_signature

#: The names this package imports when they are first used, not with the package, by module: a bot's
#: program starts without the asyncio face, the tournaments, the records and the webhooks it may not use.
_LAZY = {
    "arena_sdk.aio": ("AsyncArena", "AsyncChoose", "AsyncSeat", "AsyncTurns"),
    "arena_sdk.records": ("CheckedRecord", "RecordError", "read_records", "seed_commitment", "verify"),
    "arena_sdk.tournaments": ("Assignment", "Entrant", "Host"),
    "arena_sdk.webhooks": ("verify_signature",),
}
_HOMES = {name: module for module, names in _LAZY.items() for name in names}
#: Submodules named as this package's attributes (``arena_sdk.games.taiga``), imported when first used.
_SUBMODULES = ("games",)


__all__ = [
    "DEFAULT_LEGAL_LIMIT",
    "DEFAULT_LOOP_TIMEOUT",
    "ERROR_CLASSES",
    "Action",
    "ActionLike",
    "ActionTooLateError",
    "AnyEvent",
    "Arena",
    "ArenaError",
    "Assignment",
    "AsyncArena",
    "AsyncChoose",
    "AsyncSeat",
    "AsyncTurn",
    "AsyncTurns",
    "AuthError",
    "CheckedRecord",
    "Choose",
    "ConflictError",
    "ConnectionFailedError",
    "Ending",
    "Entrant",
    "GameEvent",
    "Host",
    "IdempotencyKeyReusedError",
    "IdempotencyMismatchError",
    "IllegalActionError",
    "InvalidRequestError",
    "InvalidTokenError",
    "MalformedActionError",
    "MatchFullError",
    "MatchNotOverError",
    "MatchOverError",
    "MatchQuotaError",
    "MatchWaitingError",
    "NotFoundError",
    "NotHostError",
    "NotInvitedError",
    "NotYourTurnError",
    "RateLimitedError",
    "RecordError",
    "Seat",
    "SeatOutError",
    "ServerError",
    "StaleVersionError",
    "StoreFullError",
    "StoreUnavailableError",
    "StreamEvent",
    "TournamentQuotaError",
    "Transport",
    "Turn",
    "Turns",
    "UnexpectedResponseError",
    "UnknownBotError",
    "WaitTimeoutError",
    "WrongGameError",
    "WrongTokenError",
    "action_model",
    "events",
    "games",
    "read_records",
    "seed_commitment",
    "turn_actions",
    "turn_view",
    "verify",
    "verify_signature",
]


def __getattr__(name: str) -> Any:
    if name in _SUBMODULES:
        return importlib.import_module(f"{__name__}.{name}")
    if name in _HOMES:
        value = getattr(importlib.import_module(_HOMES[name]), name)
        globals()[name] = value  # imported once: the next lookup finds it without this function
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
