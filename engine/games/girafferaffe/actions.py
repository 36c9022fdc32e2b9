"""Girafferaffe's two actions (R4): play cards on one tree, or return an apple (a pass)."""

from __future__ import annotations

import dataclasses

from engine.actions import Action, action_field


@dataclasses.dataclass(frozen=True)
class Play(Action):
    """Play cards on one tree: number cards, plus one entry per copy card naming the card it copies."""

    TYPE = "girafferaffe.play"
    tree: str = action_field("The tree to play on, by id, e.g. 'pair', 'single-red', 'any'.")
    cards: tuple[str, ...] = action_field("The number cards played, by id, e.g. ['red-7', 'blue-7'].")
    copies: tuple[str, ...] = action_field(
        "One entry per copy card played: the id of the number card in `cards` that it copies; [] for none."
    )


@dataclasses.dataclass(frozen=True)
class ReturnApple(Action):
    """Return one apple to the supply instead of playing (a pass)."""

    TYPE = "girafferaffe.pass"
