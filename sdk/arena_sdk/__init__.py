"""A small layer over the generated ``arena_client`` that makes writing bots pleasant."""

from arena_sdk.client import Arena, Seat
from arena_sdk.errors import (
    ArenaError,
    AuthError,
    IllegalActionError,
    InvalidRequestError,
    MatchOverError,
    NotFoundError,
    NotYourTurnError,
    StaleVersionError,
    StoreUnavailableError,
)

__all__ = [
    "Arena",
    "ArenaError",
    "AuthError",
    "IllegalActionError",
    "InvalidRequestError",
    "MatchOverError",
    "NotFoundError",
    "NotYourTurnError",
    "Seat",
    "StaleVersionError",
    "StoreUnavailableError",
]
