"""What the per-game modules share: a view union narrowed to one game's view model, with a clear error."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol, TypeAlias, TypeVar

from arena_client.models import GirafferaffeView, PiliPiliView, PipifaxView, TaigaView

from arena_sdk.actions import Action
from arena_sdk.errors import NO_ANSWER, WrongGameError

#: The view of any game, as a ``SeatView``, ``Match`` or ``MoveResult`` carries it.
GameView: TypeAlias = GirafferaffeView | PiliPiliView | PipifaxView | TaigaView

V = TypeVar("V", GirafferaffeView, PiliPiliView, PipifaxView, TaigaView)
A = TypeVar("A")


class HasGameView(Protocol):
    """Anything that carries a game view: ``SeatView``, ``Match``, ``MoveResult``."""

    @property
    def view(self) -> GameView: ...


def narrow_view(source: HasGameView | GameView, model: type[V], game: str) -> V:
    """``source``'s game view as ``model``; ``WrongGameError`` if it is a view of another game."""
    view = source if isinstance(source, GirafferaffeView | PiliPiliView | PipifaxView | TaigaView) else source.view
    if isinstance(view, model):
        return view
    raise WrongGameError(
        NO_ANSWER,
        "client/wrong_game",
        f"this is a view of a {view.game.value} match, not of a {game} match",
        {"game": view.game.value, "expected": game},
    )


def narrow_actions(actions: Iterable[Action], models: tuple[type[A], ...], game: str) -> list[A]:
    """``actions`` as this game's action models; ``WrongGameError`` if one belongs to another game."""
    narrowed: list[A] = []
    for action in actions:
        if not isinstance(action, models):
            raise WrongGameError(
                NO_ANSWER,
                "client/wrong_game",
                f"{action.type_.value!r} is not an action of {game}",
                {"type": action.type_.value, "expected": game},
            )
        narrowed.append(action)
    return narrowed
