"""A small layer over the generated ``arena_client`` that makes writing bots pleasant.

``Arena``/``Seat`` (sync) and ``AsyncArena``/``AsyncSeat`` (asyncio), typed errors for every
failure (:mod:`arena_sdk.errors`), tournaments (``Entrant``, ``Host``: :mod:`arena_sdk.tournaments`)
and one module per game in :mod:`arena_sdk.games`.
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
    WrongGameError,
)
from arena_sdk.streams import StreamEvent
from arena_sdk.tournaments import Assignment, Entrant, Host

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
    "AuthError",
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
    "Seat",
    "SeatOutError",
    "ServerError",
    "StaleVersionError",
    "StoreFullError",
    "StoreUnavailableError",
    "StreamEvent",
    "UnexpectedResponseError",
    "UnknownBotError",
    "WrongGameError",
    "action_model",
    "games",
]
