"""Girafferaffe's greedy bot (the random bot draws with the game's own unranking, as for every game).

The greedy policy values a turn by what it leaves the seat to survive on: each card in hand and each
apple is a future turn, so a play costs the cards it uses (copy cards a little more, they fit
anywhere; high ranks a little more, they beat more later) and earns its reward, and a pass costs an
apple. Its candidates are, on each tree, the play with the fewest and lowest cards (the solo robot's
choice, built directly by :func:`~engine.games.girafferaffe.robot.robot_play`), plus the pass: at
most a dozen, whatever the size of the hand. It reads only the seat's view: its own hand and the
public trees, apples, supply and Redraw Deck size.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from engine.actions import Action
from engine.games.girafferaffe import Play, ReturnApple
from engine.games.girafferaffe.cards import RANK
from engine.games.girafferaffe.robot import robot_play
from engine.games.girafferaffe.trees import TREES, Holding, PlayCards, PlayRecord, Tree
from engine.match import Match, view

GAME_ID = "girafferaffe"

RANDOM_DESCRIPTION = (
    "Picks uniformly among every legal play and the pass, without listing them: a tree in proportion "
    "to its number of plays, then one play of that tree."
)
GREEDY_DESCRIPTION = (
    "On each tree considers its smallest, lowest play, and takes the one that keeps the most for later: "
    "an apple counts as two cards, a reward card as one, copy cards and high ranks cost a little extra; "
    "it returns an apple only when that is worth more than any play."
)

#: What one apple is worth, in cards kept in hand: a guaranteed future turn, where a card may get stuck.
APPLE_VALUE = 2.0
#: The extra cost of spending a copy card, which fits any later combination.
COPY_COST = 0.5
#: The extra cost per rank of the cards played: high cards beat more later.
RANK_COST = 0.01


def greedy_action(match: Match, seat: int, rng: random.Random) -> Action:
    """The candidate (each tree's smallest, lowest play, or the pass) that keeps the most for later."""
    seen = view(match, seat)
    hand = Holding(_own_hand(seen, seat))
    candidates: list[tuple[float, Action]] = []
    for tree_id, pile in _piles(seen).items():
        tree = TREES[tree_id]
        play = robot_play(tree, pile, hand)
        if play is not None:
            value = play_value(tree, play, seen["supply"], seen["redraw_size"])
            candidates.append((value, Play(tree_id, *play)))
    if seen["apples"][seat] > 0:
        candidates.append((-APPLE_VALUE, ReturnApple()))
    best = max(value for value, _ in candidates)
    return rng.choice([action for value, action in candidates if value == best])


def play_value(tree: Tree, play: PlayCards, supply: int, redraw_size: int) -> float:
    """What a play is worth in cards kept: its reward (as far as it can be given) less what it spends."""
    cards, copies = play
    reward = APPLE_VALUE * min(tree.apples, supply) + min(tree.draws, redraw_size)
    spent = len(cards) + len(copies) * (1 + COPY_COST) + RANK_COST * sum(RANK[c] for c in (*cards, *copies))
    return reward - spent


def _own_hand(seen: Mapping[str, Any], seat: int) -> list[str]:
    hand = seen["hands"][seat]
    assert hand is not None, "a seat always sees its own hand"
    return list(hand)


def _piles(seen: Mapping[str, Any]) -> dict[str, list[PlayRecord]]:
    """Each tree's public pile, in table order."""
    return {tree["id"]: tree["plays"] for tree in seen["trees"]}
