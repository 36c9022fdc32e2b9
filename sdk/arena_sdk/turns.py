"""A seat's turns, for a loop of your own: ``for turn in seat.turns(): turn.act(choose(turn))``.

A :class:`Turn` carries everything one decision needs: the version it is decided at, the seat's view,
its legal actions (all of them, or a uniform sample: ``total`` says how many there are), the events
the seat saw since its previous turn (public and its own private ones, in order: what a bot that
remembers folds into its memory) and its deadline. ``turn.act(action)`` acts at that version.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from arena_client.models import MoveResult

from arena_sdk.actions import ActionLike
from arena_sdk.seat_logic import TurnData

if TYPE_CHECKING:
    from arena_sdk.aio import AsyncSeat
    from arena_sdk.client import Seat


@dataclasses.dataclass(frozen=True)
class Turn(TurnData):
    """One turn of a :class:`~arena_sdk.client.Seat` (from :meth:`Seat.turns`)."""

    seat: Seat

    @property
    def sampled(self) -> bool:
        """Whether ``actions`` is a uniform sample of the legal actions rather than all of them."""
        return len(self.actions) < self.total

    def act(self, action: ActionLike) -> MoveResult | None:
        """Take ``action`` at this turn's version; ``None`` when the turn was overtaken.

        Sent with an ``Idempotency-Key``, so a retry after a dropped connection applies it once. A
        turn is overtaken when the match moved on before the action arrived (another seat's
        simultaneous choice, the seat's time ran out, the match ended): nothing was applied, and the
        seat's next turn, if it has one, comes next in :meth:`Seat.turns`. An illegal action raises
        ``IllegalActionError``.
        """
        return self.seat.act_on_turn(self.version, action)


@dataclasses.dataclass(frozen=True)
class AsyncTurn(TurnData):
    """One turn of an :class:`~arena_sdk.aio.AsyncSeat` (from :meth:`AsyncSeat.turns`)."""

    seat: AsyncSeat

    @property
    def sampled(self) -> bool:
        """Whether ``actions`` is a uniform sample of the legal actions rather than all of them."""
        return len(self.actions) < self.total

    async def act(self, action: ActionLike) -> MoveResult | None:
        """:meth:`Turn.act` for asyncio."""
        return await self.seat.act_on_turn(self.version, action)
