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

from arena_sdk import events, games
from arena_sdk.actions import Action, ActionLike, action_model
from arena_sdk.aio import AsyncArena, AsyncChoose, AsyncSeat, AsyncTurns
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
from arena_sdk.records import CheckedRecord, RecordError, read_records, seed_commitment, verify
from arena_sdk.seat_logic import DEFAULT_LEGAL_LIMIT, DEFAULT_LOOP_TIMEOUT, Ending, Transport, turn_actions, turn_view
from arena_sdk.streams import StreamEvent
from arena_sdk.tournaments import Assignment, Entrant, Host
from arena_sdk.turns import AsyncTurn, Turn
from arena_sdk.webhooks import verify_signature

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
