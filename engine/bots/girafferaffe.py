"""Girafferaffe bots: a uniform draw over up to 427,186 plays without listing them, and the greedy policy.

The greedy policy values a turn by what it leaves the seat to survive on: each card in hand and each
apple is a future turn, so a play costs the cards it uses (copy cards a little more, they fit
anywhere; high ranks a little more, they beat more later) and earns its reward, and a pass costs an
apple. Its candidates are, on each tree, the play with the fewest and lowest cards (the solo robot's
choice, built directly by :func:`~engine.games.girafferaffe.robot.robot_play`), plus the pass: at
most a dozen, whatever the size of the hand. It reads only the seat's view: its own hand and the
public trees, apples, supply and Redraw Deck size.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator, Mapping, Sequence
from math import comb
from typing import Any

from engine.actions import Action
from engine.games.girafferaffe import Play, ReturnApple
from engine.games.girafferaffe.cards import RANK
from engine.games.girafferaffe.robot import robot_play
from engine.games.girafferaffe.trees import (
    TREES,
    Holding,
    PlayCards,
    PlayRecord,
    Tree,
    count_plays,
    fewest_cards,
    plays,
)
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


def uniform_action(match: Match, seat: int, rng: random.Random) -> Action:
    """A legal action of ``seat`` drawn uniformly: a tree weighted by its count of plays, then a play in it."""
    seen = view(match, seat)
    hand = Holding(_own_hand(seen, seat))
    piles = _piles(seen)
    counts = [(tree_id, count_plays(TREES[tree_id], pile, hand)) for tree_id, pile in piles.items()]
    can_pass = seen["apples"][seat] > 0
    index = rng.randrange(sum(count for _, count in counts) + (1 if can_pass else 0))
    for tree_id, count in counts:
        if index < count:
            cards, copies = nth_play(TREES[tree_id], piles[tree_id], hand, index)
            return Play(tree_id, cards, copies)
        index -= count
    return ReturnApple()


def nth_play(tree: Tree, pile: Sequence[PlayRecord], hand: Holding, index: int) -> PlayCards:
    """The play at ``index`` in :func:`~engine.games.girafferaffe.trees.plays`'s order, found without listing.

    The Any and Flush trees, whose plays can number hundreds of thousands, are unranked arithmetically;
    the other trees have at most a few hundred plays and are walked.
    """
    need = fewest_cards(tree, pile)
    if tree.kind == "any":
        return _nth_with_copies(hand.numbers, hand.copies, need, index)
    if tree.kind == "flush":
        for group in hand.by_colour:
            count = count_with_copies(len(group), hand.copies, need)
            if index < count:
                return _nth_with_copies(group, hand.copies, need, index)
            index -= count
        raise IndexError("play index out of range")
    return next(itertools.islice(plays(tree, pile, hand), index, None))


def count_with_copies(cards: int, spare: int, least: int) -> int:
    """How many plays of ``least`` or more cards use ``cards`` number cards and up to ``spare`` copies."""
    return sum(block for _, _, block in _blocks(cards, spare, least))


def _blocks(cards: int, spare: int, least: int) -> Iterator[tuple[int, int, int]]:
    """Each (number cards, copies, count of plays) in the order the engine lists the plays."""
    for total in range(max(least, 1), cards + spare + 1):
        for copies in range(min(spare, total - 1) + 1):
            numbers = total - copies
            if numbers <= cards:
                yield numbers, copies, comb(cards, numbers) * comb(numbers + copies - 1, copies)


def _nth_with_copies(cards: Sequence[str], spare: int, least: int, index: int) -> PlayCards:
    for numbers, copies, block in _blocks(len(cards), spare, least):
        if index < block:
            chosen_index, copied_index = divmod(index, comb(numbers + copies - 1, copies))
            chosen = _nth_combination(cards, numbers, chosen_index)
            return chosen, _nth_multiset(chosen, copies, copied_index)
        index -= block
    raise IndexError("play index out of range")


def _nth_combination(items: Sequence[str], size: int, index: int) -> tuple[str, ...]:
    """The ``index``-th of ``itertools.combinations(items, size)``."""
    chosen: list[str] = []
    low = 0
    for left in range(size, 0, -1):
        for position in range(low, len(items)):
            block = comb(len(items) - position - 1, left - 1)
            if index < block:
                chosen.append(items[position])
                low = position + 1
                break
            index -= block
    return tuple(chosen)


def _nth_multiset(items: Sequence[str], size: int, index: int) -> tuple[str, ...]:
    """The ``index``-th of ``itertools.combinations_with_replacement(items, size)``."""
    chosen: list[str] = []
    low = 0
    for left in range(size, 0, -1):
        for position in range(low, len(items)):
            block = comb(len(items) - position + left - 2, left - 1)
            if index < block:
                chosen.append(items[position])
                low = position
                break
            index -= block
    return tuple(chosen)


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
