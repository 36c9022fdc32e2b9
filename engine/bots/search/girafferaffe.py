"""Girafferaffe's search: which play (or pass), with the cards the seat cannot see dealt anew.

The seat sees its own hand, every pile, the hand sizes, the deck sizes and (solo) the robot's hand;
every other card is somewhere it cannot see: another hand, the Redraw Deck, the cards out of play
or the Robot Deck. Nothing seen before is hidden again (played cards stay on their piles, drawn
cards join a hand), so a sampled table deals those unseen cards at random into those places, in
the stored state's form (format 2): each hand one integer, each deck its card codes in a random order.

A hand can have hundreds of thousands of plays, so the candidates are a few per tree, built from the
tree's own description of its plays (``tree_plays.family``): the smallest, lowest play (the robot's
choice, which the greedy policy weighs), the highest one on a ranked tree (a Single or of-a-kind
play that is hard to beat), one card more than needed on a Straight, Flush or Any tree (a combination
the next player must beat by more), and the pass. The greedy choice comes first. The rollouts play
the greedy policy for every seat (and the robot by its rules) to the end of the match, or in the
rounds mode to the end of the round, whose loser takes the rotten apple.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence

from engine.actions import Action
from engine.bots import girafferaffe as greedy
from engine.bots.memory import Memory
from engine.bots.search.core import Decision, MatchEnd, Searcher, determinized, unique
from engine.errors import EngineError
from engine.game import Event
from engine.games.girafferaffe import Play, ReturnApple
from engine.games.girafferaffe.cards import CODE, DECK, RANK, mask_of
from engine.games.girafferaffe.families import Runs
from engine.games.girafferaffe.holdings import Holding
from engine.games.girafferaffe.robot import robot_play
from engine.games.girafferaffe.tree_plays import family
from engine.games.girafferaffe.trees import FIRST_COMBINATION, TREES, PlayCards, PlayRecord, Tree, beat_on
from engine.match import Match, validate_action, view

#: What the search bot does, for the catalogue (``{simulations}``: the level's budget with two players).
DESCRIPTION = (
    "Deals the cards it cannot see into the other hands and decks, then weighs the lowest and the "
    "highest (or one card bigger) play of each tree and the pass over {simulations} simulated games "
    "of greedy play (a round in the rounds mode)."
)


def tree_candidates(tree: Tree, pile: Sequence[PlayRecord], hand: Holding) -> list[PlayCards]:
    """A few plays of ``hand`` on ``tree``: the lowest (the robot's), and the highest or one card bigger."""
    plays = family(tree, pile, hand)
    if plays.count == 0:
        return []
    lowest = robot_play(tree, pile, hand)
    assert lowest is not None
    found = [lowest]
    if tree.kind == "single":
        found.append(plays.nth(plays.count - 1))  # the listing is by rank: the last is the highest card
    elif tree.size:  # of a kind: the highest rank, with as few copy cards as it can
        found.append(max(plays.smallest(), key=lambda play: (RANK[play[0][0]], -len(play[1]))))
    else:
        need = max(FIRST_COMBINATION, beat_on(tree, pile) + 1) + 1  # one card more than the fewest allowed
        if tree.kind == "straight":
            found.extend(Runs(hand, need).smallest())
        elif tree.kind == "flush":
            found.extend((group[:need], ()) for group in hand.by_colour if len(group) >= need)
        elif len(hand.numbers) >= need:
            found.append((hand.numbers[:need], ()))
    return found[:3]


def prepare(match: Match, seat: int, memory: Memory, rng: random.Random) -> Decision:
    table = view(match, seat)
    own = table["hands"][seat]
    assert own is not None, "a seat always sees its own hand"
    hand = Holding(own)
    first = greedy.greedy_action(match, seat, rng)
    candidates: list[Action] = [first]
    for tree_view in table["trees"]:
        for cards, copies in tree_candidates(TREES[tree_view["id"]], tree_view["plays"], hand):
            candidates.append(Play(tree_view["id"], cards, copies))
    if table["apples"][seat] > 0:
        candidates.append(ReturnApple())
    candidates = [action for action in unique(candidates) if _is_legal(match, seat, action)]

    unseen = Counter(DECK)
    unseen.subtract(own)
    for tree_view in table["trees"]:
        for play in tree_view["plays"]:
            unseen.subtract(play["cards"])
            unseen.subtract(["copy"] * len(play["copies"]))
    if table["robot"] is not None:
        unseen.subtract(table["robot"]["hand"])
    pool = sorted(unseen.elements(), key=str)
    sizes = table["hand_sizes"]
    robot_deck = table["robot"]["deck_size"] if table["robot"] is not None else 0

    own_mask = mask_of(own)

    def sample(draw: random.Random) -> Match:
        # Encoded as ``state_from_format1`` encodes names: each hand one integer (``mask_of``), each
        # deck a list of card codes, top card last.
        cards = draw.sample(pool, len(pool))
        hands: list[int] = []
        for owner, size in enumerate(sizes):
            if owner == seat:
                hands.append(own_mask)
            else:
                hands.append(mask_of(cards[:size]))
                del cards[:size]
        codes = [CODE[card] for card in cards]
        redraw, codes = codes[: table["redraw_size"]], codes[table["redraw_size"] :]
        deck, aside = codes[:robot_deck], codes[robot_deck:]
        state = {**match.state, "hands": hands, "redraw": redraw, "robot_deck": deck, "aside": aside}
        return determinized(match, state, draw)

    return Decision(candidates, sample)


def _is_legal(match: Match, seat: int, action: Action) -> bool:
    try:
        validate_action(match, seat, action)
    except EngineError:
        return False
    return True


class RoundOrMatchEnd(MatchEnd):
    """The end of the match, or in the rounds mode of the round: a round's loser counts as the match's."""

    def value(self, match: Match, events: Sequence[Event], seat: int) -> float | None:
        if match.game.result(match.state) is not None:
            return super().value(match, events, seat)
        for event in events:
            if event.kind == "player_lost":
                return 0.0 if event.data["seat"] == seat else 1.0
        return None


def policy(match: Match, seat: int, rng: random.Random, memory: Memory) -> Action:
    """The greedy policy (which keeps no memory), read from the parts of the sampled state the seat sees."""
    return greedy.greedy_from_state(match.state, seat, rng)


def budget(match: Match, simulations: int) -> int:
    """A simulation has a turn per seat: the budget is shared by every two players."""
    return max(1, simulations // math.ceil(match.players / 2))


SEARCHER = Searcher(prepare, policy, RoundOrMatchEnd(), budget=budget)
