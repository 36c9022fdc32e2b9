"""A seat's turns, for a loop of your own: ``for turn in seat.turns(): turn.act(choose(turn))``.

``Turn`` and ``Turns`` (sync) and ``AsyncTurn`` and ``AsyncTurns`` (asyncio) come from one source
(:mod:`arena_sdk._async.turns`); ``Ending`` is how a loop's match ended.
"""

from __future__ import annotations

from arena_sdk._async.turns import AsyncChoose, AsyncTurn, AsyncTurns
from arena_sdk._sync.turns import Choose, Turn, Turns
from arena_sdk.seat_logic import Ending, TurnData

__all__ = ["AsyncChoose", "AsyncTurn", "AsyncTurns", "Choose", "Ending", "Turn", "TurnData", "Turns"]
