"""The solo robot's choice of play (ruling R11, step 2), made without listing every play.

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

from engine.games.girafferaffe.cards import CARD, COLOUR, RANK
from engine.games.girafferaffe.holdings import SINGLE_CARDS, Holding
from engine.games.girafferaffe.tree_plays import family_over
from engine.games.girafferaffe.trees import TREES, PlayCards, PlayRecord, Tree, beat_on

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
