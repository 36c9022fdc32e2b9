"""Girafferaffe's greedy bot (the random bot draws with the game's own unranking, as for every game).

The greedy policy values a turn by what it leaves the seat to survive on: each card in hand and each
apple is a future turn, so a play costs the cards it uses (copy cards a little more, they fit
anywhere; high ranks a little more, they beat more later) and earns its reward, and a pass costs an
apple. Its candidates are, on each tree, the play with the fewest and lowest cards (the solo robot's
choice, :func:`lowest_play`), plus the pass: at
most a dozen, whatever the size of the hand. It reads only what the seat sees: its own hand and the
public trees, apples, supply and Redraw Deck size, from its view (:func:`greedy_action`) or, in a
search's rollouts, from the same parts of the stored state (:func:`greedy_from_state`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from engine.actions import Action
from engine.games.girafferaffe import GirafferaffeState, Play, ReturnApple
from engine.games.girafferaffe.cards import RANK, mask_of
from engine.games.girafferaffe.families import PlayFamily
from engine.games.girafferaffe.holdings import holding
from engine.games.girafferaffe.robot import preference
from engine.games.girafferaffe.tree_plays import TreePlays, playable, playable_over
from engine.games.girafferaffe.trees import TREES, PlayCards, PlayRecord, Tree
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
    piles = _piles(seen)
    hand = holding(mask_of(_own_hand(seen, seat)))
    return best_action(
        playable(list(piles), piles, hand),
        apples=seen["apples"][seat],
        supply=seen["supply"],
        redraw_size=seen["redraw_size"],
        rng=rng,
    )


def greedy_from_state(state: GirafferaffeState, seat: int, rng: random.Random) -> Action:
    """:func:`greedy_action`'s choice read straight from the parts of ``state`` the seat sees (its own
    hand's integer, what each tree's next play must beat, the apples and the Redraw Deck's size), for a
    search's rollouts, which play thousands of turns on states it sampled and need no view built for each."""
    return best_action(
        playable_over(state["trees"], state["tops"], holding(state["hands"][seat])),
        apples=state["apples"][seat],
        supply=state["supply"],
        redraw_size=len(state["redraw"]),
        rng=rng,
    )


def best_action(
    found: Sequence[TreePlays], *, apples: int, supply: int, redraw_size: int, rng: random.Random
) -> Action:
    """The best of each tree's lowest play (``found``: the trees with a play, in table order, each with
    its plays) and the pass, by :func:`play_value`."""
    candidates: list[tuple[float, Action]] = []
    for tree_id, plays in found:
        tree = TREES[tree_id]
        play = lowest_play(tree, plays)
        candidates.append((play_value(tree, play, supply, redraw_size), Play(tree_id, *play)))
    if apples > 0:
        candidates.append((-APPLE_VALUE, ReturnApple()))
    best = max(value for value, _ in candidates)
    return rng.choice([action for value, action in candidates if value == best])


def lowest_play(tree: Tree, plays: PlayFamily) -> PlayCards:
    """The play the robot would make on ``tree`` (:func:`~engine.games.girafferaffe.robot.robot_play`):
    on a ranked tree the first play without copy cards, since the plays come by rank, else the best
    by the robot's order."""
    if tree.ranked:
        for play in plays.smallest():
            if not play[1]:
                return play
    found = list(plays.smallest())
    return found[0] if len(found) == 1 else min(found, key=preference)


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
