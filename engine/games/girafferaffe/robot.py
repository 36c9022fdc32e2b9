"""The solo robot's choice of play (ruling R11, step 2), made without listing every play.

R11 ranks the plays on one tree by: fewest cards; plays without copy cards before plays with them
("copies only when no play on that tree exists without them"); lowest ranks (the highest rank of the
play first, then the next, copies counting with the rank they copy); then, among plays of equal
ranks, fewer copies (our reading of "only when needed"); then colour order red, blue, yellow,
green. A copy copies the lowest card of its play. :func:`preference` is that order as a sort key;
:func:`robot_play` finds its minimum directly, tree kind by tree kind.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.games.girafferaffe.cards import COLOUR, RANK
from engine.games.girafferaffe.trees import (
    TREES,
    Holding,
    PlayCards,
    PlayRecord,
    Tree,
    fewest_cards,
    straight_runs,
    top_rank,
)

Preference = tuple[int, bool, tuple[int, ...], int, tuple[int, ...], tuple[int, ...]]


def preference(play: PlayCards) -> Preference:
    """The robot's order of plays on one tree (lower is preferred): the R11 tie-breaks in turn."""
    cards, copies = play
    ranks = tuple(sorted((RANK[c] for c in (*cards, *copies)), reverse=True))
    colours = tuple(COLOUR[c] for c in sorted(cards, key=lambda c: (-RANK[c], COLOUR[c])))
    copied = tuple(RANK[c] * 4 + COLOUR[c] for c in copies)
    return len(cards) + len(copies), bool(copies), ranks, len(copies), colours, copied


def robot_choice(
    trees: Sequence[str], piles: dict[str, list[PlayRecord]], hand: Holding
) -> tuple[str, PlayCards] | None:
    """The tree (first in priority order where a play exists) and play the robot makes, if any."""
    for tree_id in trees:
        play = robot_play(TREES[tree_id], piles[tree_id], hand)
        if play is not None:
            return tree_id, play
    return None


def robot_play(tree: Tree, pile: Sequence[PlayRecord], hand: Holding) -> PlayCards | None:
    """The legal play on ``tree`` that :func:`preference` puts first, or ``None`` if there is none."""
    need = fewest_cards(tree, pile)
    if tree.kind == "single":
        low = top_rank(pile) + 1
        return next((((c,), ()) for c in hand.numbers if COLOUR[c] in tree.colours and RANK[c] >= low), None)
    if tree.size:
        return _of_a_kind(hand, need, top_rank(pile) + 1)
    if tree.kind == "straight":
        # The first run listed has the fewest cards and the lowest ranks; each rank's first card has
        # the first colour. Copies never fit a Straight (they repeat a rank).
        for _length, start in straight_runs(hand, need):
            return tuple(hand.by_rank[rank][0] for rank in range(start, start + need)), ()
        return None
    if tree.kind == "flush":
        return _best([_padded(group, hand.copies, need) for group in hand.by_colour if group])
    return _padded(hand.numbers, hand.copies, need) if hand.numbers else None


def _of_a_kind(hand: Holding, size: int, low: int) -> PlayCards | None:
    """The robot's Pair / 3 / 4 of a Kind: the lowest rank without copies, else the lowest rank with them."""
    candidates = [_padded(group, hand.copies, size) for rank, group in sorted(hand.by_rank.items()) if rank >= low]
    return _best(candidates)


def _padded(cards: Sequence[str], spare: int, need: int) -> PlayCards | None:
    """The robot's ``need``-card play from ``cards`` (sorted, lowest first) and ``spare`` copies.

    Without copies: the ``need`` lowest cards. With copies: some of the lowest cards and copies of
    the lowest one, as many real cards as keep the ranks lowest; ``None`` if there are too few.
    """
    if len(cards) >= need:
        return tuple(cards[:need]), ()
    if len(cards) + spare < need:
        return None
    fewest_real = max(1, need - spare)
    options = [(tuple(cards[:real]), (cards[0],) * (need - real)) for real in range(fewest_real, len(cards) + 1)]
    return min(options, key=preference)


def _best(candidates: Sequence[PlayCards | None]) -> PlayCards | None:
    found = [c for c in candidates if c is not None]
    return min(found, key=preference) if found else None
