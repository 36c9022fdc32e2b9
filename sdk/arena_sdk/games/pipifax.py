"""Pipifax for bots: its view and its one action, typed (``from arena_sdk.games import pipifax``)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeAlias, cast

from arena_client.models import PipifaxFlip, PipifaxFlipType, PipifaxView

from arena_sdk.actions import Action as AnyAction
from arena_sdk.events import AnyEvent, PipifaxEvent, events_of
from arena_sdk.games.narrowing import GameView, HasGameView, narrow_actions, narrow_view

GAME = "pipifax"

#: Every Pipifax action model.
Action: TypeAlias = PipifaxFlip
View: TypeAlias = PipifaxView
#: An event of this game's log (its own kinds or the arena's), narrowed by ``event.kind``.
Event: TypeAlias = PipifaxEvent


def view(source: HasGameView | GameView) -> PipifaxView:
    """The Pipifax view of a ``SeatView``, ``Match`` or ``MoveResult``; ``WrongGameError`` for another game."""
    return narrow_view(source, PipifaxView, GAME)


def actions(legal: Iterable[AnyAction]) -> list[Action]:
    """Legal actions (``Seat.legal_actions()``, ``play``'s list) as Pipifax action models."""
    return narrow_actions(legal, (PipifaxFlip,), GAME)


def flip(position: int) -> PipifaxFlip:
    """Turn face up the card at ``position`` (0-23)."""
    return PipifaxFlip(position=position, type_=PipifaxFlipType.PIPIFAX_FLIP)


def events(seen: Iterable[AnyEvent]) -> list[Event]:
    """``turn.events`` as Pipifax's events (``WrongGameError`` for another game's kind), narrowed by ``kind``."""
    return cast(list[Event], events_of(seen, GAME))


def flips(legal: Iterable[AnyAction]) -> list[PipifaxFlip]:
    """The flips among ``legal`` (in Pipifax, every legal action is one)."""
    return [action for action in legal if isinstance(action, PipifaxFlip)]
