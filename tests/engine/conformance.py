"""The configurations every registered game is played in by the conformance test."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

from engine import Game, InvalidOptions, all_games, resolve_options


def option_grid(game: Game[Any]) -> Iterator[tuple[int, dict[str, Any]]]:
    """Every player count with every value of every choice and boolean option that the game accepts."""
    choices = {
        spec.name: list(spec.choices) if spec.kind == "choice" else [False, True]
        for spec in game.info.options
        if spec.kind in ("choice", "boolean")
    }
    for players in range(game.info.min_players, game.info.max_players + 1):
        for values in itertools.product(*choices.values()):
            options = dict(zip(choices, values, strict=True))
            try:
                resolve_options(game, players, options)
            except InvalidOptions:
                continue  # a combination the game refuses (e.g. a solo mode for several players)
            yield players, options


def configurations() -> list[tuple[str, int, dict[str, Any]]]:
    return [(game.info.id, players, options) for game in all_games() for players, options in option_grid(game)]
