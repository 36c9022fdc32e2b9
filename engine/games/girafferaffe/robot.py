"""The solo robot (ruling R11): its turn, step by step, and its choice of play, made without listing
every play.

:func:`robot_turn` refills the robot's hand, plays, draws past the limit while it cannot, then
returns an apple, all in public; :func:`robot_choice` is step 2.

R11 ranks the plays on one tree by: fewest cards; plays without copy cards before plays with them
("copies only when no play on that tree exists without them"); lowest ranks (the highest rank of the
play first, then the next, copies counting with the rank they copy); then, among plays of equal
ranks, fewer copies (our reading of "only when needed"); then colour order red, blue, yellow,
green. A copy copies the lowest card of its play. :func:`preference` is that order as a sort key;
:func:`robot_play` takes its minimum over the few plays the tree's own description of its legal
plays puts forward (:meth:`~engine.games.girafferaffe.families.PlayFamily.smallest`): the fewest cards,
taken from the lowest cards of each group, and every other play loses to one of them.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.game import Event
from engine.games.girafferaffe.cards import CARD, CODE_VALUE, COLOUR, RANK, cards_held
from engine.games.girafferaffe.events import TURN_STARTED, event
from engine.games.girafferaffe.holdings import SINGLE_CARDS, Holding, holding
from engine.games.girafferaffe.state import ROBOT_HAND, GirafferaffeState
from engine.games.girafferaffe.tree_plays import family_over
from engine.games.girafferaffe.trees import TREES, PlayCards, PlayRecord, Tree, beat_on
from engine.games.girafferaffe.turns import place_play, return_apple

Preference = tuple[int, bool, tuple[int, ...], int, tuple[int, ...], tuple[int, ...]]


def preference(play: PlayCards) -> Preference:
    """The robot's order of plays on one tree (lower is preferred): the R11 tie-breaks in turn."""
    cards, copies = play
    ranks = tuple(sorted((RANK[c] for c in (*cards, *copies)), reverse=True))
    colours = tuple(COLOUR[c] for c in sorted(cards, key=lambda c: (-RANK[c], COLOUR[c])))
    copied = tuple(RANK[c] * 4 + COLOUR[c] for c in copies)
    return len(cards) + len(copies), bool(copies), ranks, len(copies), colours, copied


def robot_choice(trees: Sequence[str], tops: Sequence[int], hand: Holding) -> tuple[str, PlayCards] | None:
    """The tree (first in priority order where a play exists) and play the robot makes, if any, given
    what the next play on each tree must beat (``tops``, in the same order, as a state keeps them)."""
    for tree_id, top in zip(trees, tops, strict=True):
        play = robot_play_over(TREES[tree_id], top, hand)
        if play is not None:
            return tree_id, play
    return None


def robot_play(tree: Tree, pile: Sequence[PlayRecord], hand: Holding) -> PlayCards | None:
    """The legal play on ``tree`` that :func:`preference` puts first, or ``None`` if there is none."""
    return robot_play_over(tree, beat_on(tree, pile), hand)


def robot_play_over(tree: Tree, top: int, hand: Holding) -> PlayCards | None:
    """:func:`robot_play` given what the next play on ``tree`` must beat (see :func:`~.trees.beat_on`)."""
    single = SINGLE_CARDS.get(tree.id)
    if single is not None:  # one card: the lowest one the tree takes (rank, then colour: the lowest code)
        cards = hand.mask & single[top]
        return ((CARD[(cards & -cards).bit_length() - 1],), ()) if cards else None
    return min(family_over(tree, top, hand).smallest(), key=preference, default=None)


def robot_turn(s: GirafferaffeState, events: list[Event]) -> bool:
    """The robot's turn, step by step as R11 says, all in public; ``False`` if it could not act."""
    events.append(TURN_STARTED[None])
    hand = s["robot_hand"]
    deck = list(s["robot_deck"])
    held = cards_held(hand)
    while held < ROBOT_HAND and deck:  # step 1
        hand = _robot_draw(hand, deck, "refill", events)
        held += 1
    trees, tops = s["trees"], s["tops"]
    choice = robot_choice(trees, tops, holding(hand))  # step 2
    while choice is None and deck:  # step 3
        hand = _robot_draw(hand, deck, "search", events)
        choice = robot_choice(trees, tops, holding(hand))
    s["robot_hand"] = hand
    s["robot_deck"] = deck
    if choice is not None:
        tree_id, (cards, copies) = choice
        place_play(s, None, tree_id, list(cards), copies=list(copies), events=events)
        return True
    if s["robot_apples"] > 0:  # step 4
        return_apple(s, None, events)
        return True
    events.append(event("robot_cannot_act", {}))
    return False


def _robot_draw(hand: int, deck: list[int], step: str, events: list[Event]) -> int:
    """Move the Robot Deck's top card face up into the robot's hand (``deck`` is the turn's own copy)."""
    code = deck.pop()
    events.append(event("robot_drew", {"card": CARD[code], "step": step, "deck_size": len(deck)}))
    return hand + CODE_VALUE[code]
