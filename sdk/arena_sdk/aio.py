"""``AsyncArena`` and ``AsyncSeat``: ``Arena`` and ``Seat`` for asyncio, so one process plays many seats at once.

This is the SDK's one source (:mod:`arena_sdk._async`); the sync face is written from it, so the
two have the same calls, name for name (``await seat.act(...)``, ``async for turn in seat.turns()``).
One ``httpx.AsyncClient`` connection pool per ``AsyncArena``, with no cap on connections.
"""

from __future__ import annotations

from arena_sdk._async.arena import AsyncArena
from arena_sdk._async.seat import AsyncSeat
from arena_sdk._async.turns import AsyncChoose, AsyncTurn, AsyncTurns

__all__ = ["AsyncArena", "AsyncChoose", "AsyncSeat", "AsyncTurn", "AsyncTurns"]
