"""The ``random`` bot: a uniformly random legal action, drawn without listing a huge action space.

Most games have a few dozen legal actions at most, so the bot counts them and walks the lazy listing
to a random index. Girafferaffe can have hundreds of thousands of plays: there the bot picks a tree
with probability proportional to its count of plays, then unranks one play of that tree directly
(:func:`engine.bots.girafferaffe.nth_play`), which keeps the draw exactly uniform and cheap.
"""

from __future__ import annotations

import itertools
import random

from engine.actions import Action
from engine.bots import girafferaffe
from engine.match import Match, count_legal_actions, legal_actions


def random_action(match: Match, seat: int, rng: random.Random) -> Action:
    """A legal action of ``seat`` drawn uniformly from ``rng`` (the seat must be to act)."""
    if match.game_id == girafferaffe.GAME_ID:
        return girafferaffe.uniform_action(match, seat, rng)
    return nth_action(match, seat, rng.randrange(count_legal_actions(match, seat)))


def nth_action(match: Match, seat: int, index: int) -> Action:
    """The legal action at ``index`` in the game's own listing order."""
    return next(itertools.islice(legal_actions(match, seat), index, None))
