"""Girafferaffe (rulings R1-R11): the game module, split into cards, trees, the solo robot and the rules.

Importing this package registers the game. Scenario tests build fixed tables with :func:`make_state`;
:func:`readable_state` and :func:`state_from_format1` write and read the first stored form.
"""

from engine.games.girafferaffe.actions import Play, ReturnApple
from engine.games.girafferaffe.deal import deal, make_state
from engine.games.girafferaffe.formats import readable_state, state_from_format1
from engine.games.girafferaffe.game import Girafferaffe
from engine.games.girafferaffe.state import GirafferaffeState
from engine.games.girafferaffe.view import GirafferaffeView
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
