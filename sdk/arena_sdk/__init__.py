"""A small layer over the generated ``arena_client`` that makes writing bots pleasant.

``Arena``/``Seat`` (sync) and ``AsyncArena``/``AsyncSeat`` (asyncio), a seat's turns for a loop of
your own (``Turn``, ``AsyncTurn``: :mod:`arena_sdk.turns`), typed errors for every failure
(:mod:`arena_sdk.errors`), tournaments (``Entrant``, ``Host``: :mod:`arena_sdk.tournaments`) and
one module per game in :mod:`arena_sdk.games`; ``verify_signature`` checks a webhook delivery
(:mod:`arena_sdk.webhooks`). ``turn_view`` and ``turn_actions`` read a ``turn``
event of ``Seat.stream()`` for a loop over the raw stream. ``verify`` checks a match's record
(``Arena.record``) against its seed's commitment, without the engine (:mod:`arena_sdk.records`).
"""

from arena_sdk import games
from arena_sdk.actions import Action, ActionLike, action_model
from arena_sdk.aio import AsyncArena, AsyncChoose, AsyncSeat
from arena_sdk.client import Arena, Choose, Seat
from arena_sdk.errors import (
    ActionTooLateError,
    ArenaError,
    AuthError,
    ConnectionFailedError,
    IdempotencyMismatchError,
    IllegalActionError,
    InvalidRequestError,
    InvalidTokenError,
    MalformedActionError,
    MatchFullError,
    MatchOverError,
    MatchWaitingError,
    NotFoundError,
    NotHostError,
    NotYourTurnError,
    RateLimitedError,
    SeatOutError,
    ServerError,
    StaleVersionError,
    StoreFullError,
    StoreUnavailableError,
    UnexpectedResponseError,
    UnknownBotError,
    WaitTimeoutError,
    WrongGameError,
)
from arena_sdk.records import CheckedRecord, RecordError, read_records, seed_commitment, verify
from arena_sdk.seat_logic import turn_actions, turn_view
from arena_sdk.streams import StreamEvent
from arena_sdk.tournaments import Assignment, Entrant, Host
from arena_sdk.turns import AsyncTurn, Turn
from arena_sdk.webhooks import verify_signature

__all__ = [
    "Action",
    "ActionLike",
    "ActionTooLateError",
    "Arena",
    "ArenaError",
    "Assignment",
    "AsyncArena",
    "AsyncChoose",
    "AsyncSeat",
    "AsyncTurn",
    "AuthError",
    "CheckedRecord",
    "Choose",
    "ConnectionFailedError",
    "Entrant",
    "Host",
    "IdempotencyMismatchError",
    "IllegalActionError",
    "InvalidRequestError",
    "InvalidTokenError",
    "MalformedActionError",
    "MatchFullError",
    "MatchOverError",
    "MatchWaitingError",
    "NotFoundError",
    "NotHostError",
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
    "Turn",
    "UnexpectedResponseError",
    "UnknownBotError",
    "WaitTimeoutError",
    "WrongGameError",
    "action_model",
    "games",
    "read_records",
    "seed_commitment",
    "turn_actions",
    "turn_view",
    "verify",
    "verify_signature",
]
