"""A seat's turns, for a loop of your own: ``for turn in seat.turns(): turn.act(choose(turn))``.

A turn carries everything one decision needs: the version it is decided at, the seat's view, its
legal actions (all of them, or a uniform sample: ``total`` says how many there are), the events the
seat saw since its previous turn (public and its own private ones, in order: what a bot that
remembers folds into its memory) and its deadline. ``turn.act(action)`` acts at that version. The
loop (:class:`AsyncTurns`) says how the match ended once it is over (``ending``: the final events
and the result).
"""

from __future__ import annotations

import dataclasses
from collections.abc import AsyncGenerator, Callable
from types import TracebackType
from typing import TYPE_CHECKING, TypeAlias

from arena_client.models import MoveResult, Result, SeatView

from arena_sdk.actions import Action, ActionLike
from arena_sdk.seat_logic import AsyncDecision, Ending, TurnCollector, TurnData

if TYPE_CHECKING:
    from arena_sdk._async.seat import AsyncSeat

#: A bot's policy for ``Seat.play``: a turn -> the action to take; or, the older form, the seat's view
#: and (some of) its legal actions -> the action.
AsyncChoose: TypeAlias = Callable[["AsyncTurn"], AsyncDecision] | Callable[[SeatView, list[Action]], AsyncDecision]


@dataclasses.dataclass(frozen=True)
class AsyncTurn(TurnData):
    """One turn of a seat (from ``Seat.turns()``); ``timeout`` is how long its loop rides out an outage."""

    seat: AsyncSeat
    timeout: float

    @property
    def sampled(self) -> bool:
        """Whether ``actions`` is a uniform sample of the legal actions rather than all of them."""
        return len(self.actions) < self.total

    async def act(self, action: ActionLike) -> MoveResult | None:
        """Take ``action`` at this turn's version; ``None`` when the turn was overtaken.

        Sent with an ``Idempotency-Key``, and sent again with it after a dropped connection or a 503
        for as long as the loop rides out an outage (its ``timeout``, or the arena's ``retry_for`` if
        longer), so a server restart in between applies it exactly once. A turn is overtaken when the
        match moved on before the action arrived (another seat's simultaneous choice, the seat's time
        ran out, the match ended): nothing was applied, and the seat's next turn, if it has one, comes
        next in the loop. An illegal action raises ``IllegalActionError``.
        """
        patience = max(self.timeout, self.seat.arena.retry_for)
        return await self.seat.act_on_turn(self.version, action, retry_for=patience)


class AsyncTurns:
    """A seat's turns as a loop iterates them; once the match is over, ``ending`` says how it ended.

    ``ending.events`` are the events the seat saw after its last turn (the move that ended the match
    among them), ``ending.result`` the result (``None`` for an aborted match).
    """

    def __init__(self, turns: AsyncGenerator[AsyncTurn, None], collector: TurnCollector) -> None:
        self._turns = turns
        self._collector = collector

    def __aiter__(self) -> AsyncTurns:
        return self

    async def __anext__(self) -> AsyncTurn:
        return await self._turns.__anext__()

    async def aclose(self) -> None:
        """Stop reading the seat's stream (a loop that breaks off may call ``turns()`` again later)."""
        await self._turns.aclose()

    async def __aenter__(self) -> AsyncTurns:
        return self

    async def __aexit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        await self.aclose()

    @property
    def ending(self) -> Ending | None:
        """How the match ended, once the loop has run to its end (``None`` until then)."""
        return self._collector.ending

    @property
    def result(self) -> Result | None:
        """The match's result once the loop has run to the end of a finished match, else ``None``."""
        ending = self._collector.ending
        return None if ending is None else ending.result
