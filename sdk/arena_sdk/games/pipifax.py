"""Pipifax for bots: its view and its one action, typed (``from arena_sdk.games import pipifax``)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeAlias

from arena_client.models import PipifaxFlip, PipifaxFlipType, PipifaxView

from arena_sdk.actions import Action as AnyAction
from arena_sdk.games.narrowing import GameView, HasGameView, narrow_actions, narrow_view

GAME = "pipifax"

#: Every Pipifax action model.
Action: TypeAlias = PipifaxFlip
View: TypeAlias = PipifaxView


def view(source: HasGameView | GameView) -> PipifaxView:
    """The Pipifax view of a ``SeatView``, ``Match`` or ``MoveResult``; ``WrongGameError`` for another game."""
    return narrow_view(source, PipifaxView, GAME)


def actions(legal: Iterable[AnyAction]) -> list[Action]:
    """Legal actions (``Seat.legal_actions()``, ``play``'s list) as Pipifax action models."""
    return narrow_actions(legal, (PipifaxFlip,), GAME)


def flip(position: int) -> PipifaxFlip:
    """Turn face up the card at ``position`` (0-23)."""
    return PipifaxFlip(position=position, type_=PipifaxFlipType.PIPIFAX_FLIP)
