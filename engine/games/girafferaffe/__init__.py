"""Girafferaffe (rulings R1-R11): the game module, split into cards, trees, the solo robot and the rules."""

from engine.games.girafferaffe.actions import Play, ReturnApple
from engine.games.girafferaffe.game import (
    Girafferaffe,
    GirafferaffeState,
    GirafferaffeView,
    deal,
    make_state,
    readable_state,
    state_from_format1,
)
from engine.registry import register

__all__ = [
    "Girafferaffe",
    "GirafferaffeState",
    "GirafferaffeView",
    "Play",
    "ReturnApple",
    "deal",
    "make_state",
    "readable_state",
    "state_from_format1",
]

register(Girafferaffe())
