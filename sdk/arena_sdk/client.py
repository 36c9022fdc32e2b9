"""``Arena`` and ``Seat``: the generated client made pleasant for bots (the sync face of the SDK).

Written from the asyncio face by ``sdk/scripts/unasync.py`` (:mod:`arena_sdk._sync`), so the two
never drift: every call returns the generated models on success and raises a typed
:mod:`arena_sdk.errors` error otherwise. :mod:`arena_sdk.aio` has the asyncio face.
"""

from __future__ import annotations

from arena_sdk._sync.arena import Arena
from arena_sdk._sync.seat import Seat
from arena_sdk._sync.turns import Choose, Turn, Turns
from arena_sdk.actions import Action, ActionLike
from arena_sdk.bodies import create_body, game_id, raw_json
from arena_sdk.seat_logic import (
    CONNECT_TIMEOUT,
    DEFAULT_LEGAL_LIMIT,
    DEFAULT_LOOP_TIMEOUT,
    MAX_LEGAL_LIMIT,
    OVERTAKEN,
    RESUMABLE,
    Transport,
)

__all__ = [
    "CONNECT_TIMEOUT",
    "DEFAULT_LEGAL_LIMIT",
    "DEFAULT_LOOP_TIMEOUT",
    "MAX_LEGAL_LIMIT",
    "OVERTAKEN",
    "RESUMABLE",
    "Action",
    "ActionLike",
    "Arena",
    "Choose",
    "Seat",
    "Transport",
    "Turn",
    "Turns",
    "create_body",
    "game_id",
    "raw_json",
]
