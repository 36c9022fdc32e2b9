"""A small layer over the generated ``arena_client`` that makes writing bots pleasant."""

from arena_sdk.client import Arena, Seat
from arena_sdk.errors import (
    ActionTooLateError,
    ArenaError,
    AuthError,
    IdempotencyMismatchError,
    IllegalActionError,
    InvalidRequestError,
    MatchFullError,
    MatchOverError,
    MatchWaitingError,
    NotFoundError,
    NotHostError,
    NotYourTurnError,
    SeatOutError,
    StaleVersionError,
    StoreUnavailableError,
    UnknownBotError,
)
from arena_sdk.streams import StreamEvent

__all__ = [
    "ActionTooLateError",
    "Arena",
    "ArenaError",
    "AuthError",
    "IdempotencyMismatchError",
    "IllegalActionError",
    "InvalidRequestError",
    "MatchFullError",
    "MatchOverError",
    "MatchWaitingError",
    "NotFoundError",
    "NotHostError",
    "NotYourTurnError",
    "Seat",
    "SeatOutError",
    "StaleVersionError",
    "StoreUnavailableError",
    "StreamEvent",
    "UnknownBotError",
]
