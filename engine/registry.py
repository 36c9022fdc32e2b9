"""The registry of games: each game module registers itself; everything else looks games up here."""

from __future__ import annotations

from typing import Any

from engine.errors import UnknownGame
from engine.game import Game

_GAMES: dict[str, Game[Any]] = {}


def register(game: Game[Any]) -> Game[Any]:
    """Add ``game`` under its id; every action type name must be new across all games."""
    if game.info.id in _GAMES:
        raise ValueError(f"game {game.info.id!r} is registered twice")
    taken = {t for g in _GAMES.values() for t in g.actions_by_type}
    clash = taken & set(game.actions_by_type)
    if clash:
        raise ValueError(f"action types {sorted(clash)} are already used by another game")
    _GAMES[game.info.id] = game
    return game


def all_games() -> list[Game[Any]]:
    """Every registered game, in registration order."""
    _load_games()
    return list(_GAMES.values())


def get_game(game_id: str) -> Game[Any]:
    """The game registered as ``game_id``, or :class:`UnknownGame` listing the ids there are."""
    try:
        return _GAMES[game_id]
    except KeyError:
        _load_games()
        if game_id in _GAMES:
            return _GAMES[game_id]
        raise UnknownGame(
            f"no game {game_id!r}; known games: {sorted(_GAMES)}", game=game_id, allowed=sorted(_GAMES)
        ) from None


_loaded = False


def _load_games() -> None:
    global _loaded  # noqa: PLW0603  (a one-time import, not state that changes)
    if not _loaded:
        import engine.games  # noqa: F401  (importing the package registers every game module)

        _loaded = True
