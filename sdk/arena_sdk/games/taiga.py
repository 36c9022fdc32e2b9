"""Taiga for bots: its view and actions, typed (``from arena_sdk.games import taiga``)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeAlias, cast

from arena_client.models import TaigaFlip, TaigaFlipType, TaigaPass, TaigaPassType, TaigaTake, TaigaTakeType, TaigaView

from arena_sdk.actions import Action as AnyAction
from arena_sdk.events import AnyEvent, TaigaEvent, events_of
from arena_sdk.games.narrowing import GameView, HasGameView, narrow_actions, narrow_view

GAME = "taiga"

#: Every Taiga action model.
Action: TypeAlias = TaigaFlip | TaigaPass | TaigaTake
View: TypeAlias = TaigaView
#: An event of this game's log (its own kinds or the arena's), narrowed by ``event.kind``.
Event: TypeAlias = TaigaEvent


def view(source: HasGameView | GameView) -> TaigaView:
    """The Taiga view of a ``SeatView``, ``Match`` or ``MoveResult``; ``WrongGameError`` for another game."""
    return narrow_view(source, TaigaView, GAME)


def actions(legal: Iterable[AnyAction]) -> list[Action]:
    """Legal actions (``Seat.legal_actions()``, ``play``'s list) as Taiga action models."""
    return narrow_actions(legal, (TaigaFlip, TaigaPass, TaigaTake), GAME)


def flip(disc: int) -> TaigaFlip:
    """Turn over ``disc`` (0-9) to show its other animal; also the choice to flip again."""
    return TaigaFlip(disc=disc, type_=TaigaFlipType.TAIGA_FLIP)


def pass_turn() -> TaigaPass:
    """After a find, stop flipping: the turn passes to the left."""
    return TaigaPass(type_=TaigaPassType.TAIGA_PASS)


def take(from_seat: int) -> TaigaTake:
    """The circle being empty after a find, take one token from ``from_seat``."""
    return TaigaTake(from_seat=from_seat, type_=TaigaTakeType.TAIGA_TAKE)


def events(seen: Iterable[AnyEvent]) -> list[Event]:
    """``turn.events`` as Taiga's events (``WrongGameError`` for another game's kind), narrowed by ``kind``."""
    return cast(list[Event], events_of(seen, GAME))


def flips(legal: Iterable[AnyAction]) -> list[TaigaFlip]:
    """The flips among ``legal``."""
    return [action for action in legal if isinstance(action, TaigaFlip)]


def passes(legal: Iterable[AnyAction]) -> list[TaigaPass]:
    """The pass among ``legal`` (a list of one after a find, else empty)."""
    return [action for action in legal if isinstance(action, TaigaPass)]


def takes(legal: Iterable[AnyAction]) -> list[TaigaTake]:
    """The takes among ``legal`` (one per seat a token may be taken from)."""
    return [action for action in legal if isinstance(action, TaigaTake)]
