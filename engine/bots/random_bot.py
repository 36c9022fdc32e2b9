"""The ``random`` bot: a uniformly random legal action, drawn without listing a huge action space.

The bot counts the seat's legal actions, draws an index and asks the game for the action at that
index (:func:`engine.match.nth_legal_action`). Games with huge spaces (Girafferaffe's hundreds of
thousands of plays, Pili Pili's S1 passes) unrank the index directly, which keeps the draw exactly
uniform and cheap.
"""

from __future__ import annotations

import random

from engine.actions import Action
from engine.match import Match, count_legal_actions, nth_legal_action


def random_action(match: Match, seat: int, rng: random.Random) -> Action:
    """A legal action of ``seat`` drawn uniformly from ``rng`` (the seat must be to act)."""
    return nth_legal_action(match, seat, rng.randrange(count_legal_actions(match, seat)))
