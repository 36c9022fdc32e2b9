"""Girafferaffe for bots: its view and actions, typed (``from arena_sdk.games import girafferaffe``)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TypeAlias, cast

from arena_client.models import (
    GirafferaffePass,
    GirafferaffePassType,
    GirafferaffePlay,
    GirafferaffePlayType,
    GirafferaffeView,
)

from arena_sdk.actions import Action as AnyAction
from arena_sdk.events import AnyEvent, GirafferaffeEvent, events_of
from arena_sdk.games.narrowing import GameView, HasGameView, narrow_actions, narrow_view

GAME = "girafferaffe"

#: Every Girafferaffe action model.
Action: TypeAlias = GirafferaffePlay | GirafferaffePass
View: TypeAlias = GirafferaffeView
#: An event of this game's log (its own kinds or the arena's), narrowed by ``event.kind``.
Event: TypeAlias = GirafferaffeEvent


def view(source: HasGameView | GameView) -> GirafferaffeView:
    """The Girafferaffe view of a ``SeatView``, ``Match`` or ``MoveResult``; ``WrongGameError`` for another game."""
    return narrow_view(source, GirafferaffeView, GAME)


def actions(legal: Iterable[AnyAction]) -> list[Action]:
    """Legal actions (``Seat.legal_actions()``, ``play``'s list) as Girafferaffe action models."""
    return narrow_actions(legal, (GirafferaffePlay, GirafferaffePass), GAME)


def play(tree: str, cards: Sequence[str], copies: Sequence[str] = ()) -> GirafferaffePlay:
    """Play number ``cards`` (ids, e.g. ``"red-7"``) on ``tree``, plus one copy card per entry of ``copies``."""
    kind = GirafferaffePlayType.GIRAFFERAFFE_PLAY
    return GirafferaffePlay(tree=tree, cards=list(cards), copies=list(copies), type_=kind)


def return_apple() -> GirafferaffePass:
    """Return one apple to the supply instead of playing (a pass)."""
    return GirafferaffePass(type_=GirafferaffePassType.GIRAFFERAFFE_PASS)


def events(seen: Iterable[AnyEvent]) -> list[Event]:
    """``turn.events`` as Girafferaffe's events (``WrongGameError`` for another game's kind), narrowed by ``kind``."""
    return cast(list[Event], events_of(seen, GAME))


def plays(legal: Iterable[AnyAction]) -> list[GirafferaffePlay]:
    """The plays among ``legal``."""
    return [action for action in legal if isinstance(action, GirafferaffePlay)]


def passes(legal: Iterable[AnyAction]) -> list[GirafferaffePass]:
    """The pass (returning an apple) among ``legal``, if it is one."""
    return [action for action in legal if isinstance(action, GirafferaffePass)]
