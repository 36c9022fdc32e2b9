"""A hand's plays on one tree, or on each of a list of trees: which :class:`~.families.PlayFamily`
each tree kind gives (R5, R6), and the questions asked of it.

Legal plays (``plays``, lazily), how many (``count_plays``), the n-th (``nth_play``), whether there is
any (``has_play``), the trees of a list where a hand has one (``playable``) and whether there is one
at all (``has_any_play``). The functions named ``..._over`` take what each tree's next play must beat,
as a state keeps it; the others a pile of :class:`~.trees.PlayRecord`, as a view shows it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence

from engine.games.girafferaffe.cards import COPY_SHIFT, cards_in
from engine.games.girafferaffe.families import NO_PLAYS, CardSets, PlayFamily, Runs, Singles
from engine.games.girafferaffe.holdings import (
    HIGH_BITS_ABOVE,
    RANK_CARDS,
    SINGLE_CARDS,
    TOWARDS_BY_SIZE,
    Holding,
    ranks_marked,
)
from engine.games.girafferaffe.trees import FIRST_COMBINATION, TREES, PlayCards, PlayRecord, Tree, beat_on


def family(tree: Tree, pile: Sequence[PlayRecord], hand: Holding) -> PlayFamily:
    """Every legal play of ``hand`` on ``tree`` (R5, R6): the one description of what each tree accepts."""
    return family_over(tree, beat_on(tree, pile), hand)


def family_over(tree: Tree, top: int, hand: Holding) -> PlayFamily:
    """:func:`family` given what the next play must beat (see :func:`~.trees.beat_on`), as a state keeps it."""
    single = SINGLE_CARDS.get(tree.id)
    if single is not None:
        cards = hand.mask & single[top]
        return _singles(cards) if cards else NO_PLAYS
    if top >= hand.reaches[tree.id]:
        return NO_PLAYS
    return _FAMILIES[tree.kind](tree, top, hand)


#: A tree's id and the plays a hand has there.
TreePlays = tuple[str, PlayFamily]


def playable(tree_ids: Sequence[str], piles: Mapping[str, Sequence[PlayRecord]], hand: Holding) -> list[TreePlays]:
    """The trees among ``tree_ids`` (in their order) where ``hand`` has a play, each with its :func:`family`."""
    return playable_over(tree_ids, [beat_on(TREES[tree_id], piles[tree_id]) for tree_id in tree_ids], hand)


def playable_over(tree_ids: Sequence[str], tops: Sequence[int], hand: Holding) -> list[TreePlays]:
    """:func:`playable` given what the next play on each tree must beat (``tops``, in the same order).

    The same as asking :func:`family_over` tree by tree, in one loop: every step asks this for every tree.
    """
    mask = hand.mask
    reach = None
    found: list[TreePlays] = []
    for tree_id, top in zip(tree_ids, tops, strict=True):
        tree, single, plays_of = _PLAYS_ON[tree_id]
        if single:
            cards = mask & single[top]
            if cards:
                found.append((tree_id, _singles(cards)))
        else:
            if reach is None:
                reach = hand.reaches
            if top < reach[tree_id]:
                found.append((tree_id, plays_of(tree, top, hand)))
    return found


def has_any_play(tree_ids: Sequence[str], piles: Mapping[str, Sequence[PlayRecord]], hand: Holding) -> bool:
    """Whether ``hand`` has a play on any of ``tree_ids``: what :func:`playable` finds, without making a
    family (from the Single trees' cards and the reaches)."""
    return has_any_play_over(tree_ids, [beat_on(TREES[tree_id], piles[tree_id]) for tree_id in tree_ids], hand)


def has_any_play_over(tree_ids: Sequence[str], tops: Sequence[int], hand: Holding) -> bool:
    """:func:`has_any_play` given what the next play on each tree must beat (a move asks it of the next
    seat). A Single tree that takes a play answers before any reach is worked out."""
    mask = hand.mask
    others = []
    for tree_id, top in zip(tree_ids, tops, strict=True):
        single = SINGLE_CARDS.get(tree_id)
        if single is None:
            others.append((tree_id, top))
        elif mask & single[top]:
            return True
    if not others:
        return False
    reach = hand.reaches
    return any(top < reach[tree_id] for tree_id, top in others)


# Each tree kind's plays, for a tree where the hand has some (the reaches say so).


def _singles(cards: int) -> Singles:
    """The Single tree plays of the number cards ``cards`` (bits), made once and kept: a seat's cards
    of one colour above a tree's top change seldom from one turn to the next."""
    found = _SINGLES.get(cards)
    if found is None:
        if len(_SINGLES) >= _SINGLES_KEPT:
            _SINGLES.clear()
        found = _SINGLES[cards] = Singles(cards_in(cards))
    return found


_SINGLES: dict[int, Singles] = {}
_SINGLES_KEPT = 4096


def _of_a_kind(tree: Tree, top: int, hand: Holding) -> PlayFamily:
    """Exactly ``size`` cards of one rank, above the top rank (ranks with too few left out)."""
    return CardSets(of_a_kind_groups(hand, tree.size, top), hand.copies, tree.size, tree.size)


def of_a_kind_groups(hand: Holding, size: int, top: int) -> list[tuple[str, ...]]:
    """The cards of each rank above ``top`` from which ``hand`` can make a play of ``size`` cards of one
    rank (copy cards filling up all but one), ranks ascending: the groups of an of-a-kind tree's plays."""
    numbers = hand.mask
    enough = (hand.counts + TOWARDS_BY_SIZE[size][numbers >> COPY_SHIFT]) & HIGH_BITS_ABOVE[top]
    if not enough:
        return []
    return [RANK_CARDS[rank][numbers >> 4 * (rank - 1) & 15] for rank in ranks_marked(enough)]


def _straights(tree: Tree, top: int, hand: Holding) -> PlayFamily:
    return Runs(hand, max(FIRST_COMBINATION, top + 1))  # more cards than on top


def flushes(tree: Tree, top: int, hand: Holding) -> PlayFamily:
    """The Flush tree's plays: more cards than on top, of one colour."""
    return CardSets([cards for cards in hand.by_colour if cards], hand.copies, max(FIRST_COMBINATION, top + 1), None)


def anys(tree: Tree, top: int, hand: Holding) -> PlayFamily:
    """The Any tree's plays: more cards than on top, any cards."""
    return CardSets((hand.numbers,), hand.copies, max(FIRST_COMBINATION, top + 1), None)


_FAMILIES: dict[str, Callable[[Tree, int, Holding], PlayFamily]] = {
    "pair": _of_a_kind,
    "three-of-a-kind": _of_a_kind,
    "four-of-a-kind": _of_a_kind,
    "straight": _straights,
    "flush": flushes,
    "any": anys,
}
#: By tree id: the tree, the cards a Single tree takes above each top (``()`` for the other trees)
#: and how its plays are made where the hand has some.
_PLAYS_ON: dict[str, tuple[Tree, tuple[int, ...], Callable[[Tree, int, Holding], PlayFamily]]] = {
    tree.id: (tree, SINGLE_CARDS.get(tree.id, ()), _FAMILIES.get(tree.kind, family_over)) for tree in TREES.values()
}


def plays(tree: Tree, pile: Sequence[PlayRecord], hand: Holding) -> Iterator[PlayCards]:
    """Every legal play of ``hand`` on ``tree``, lazily, each once, in canonical form."""
    return iter(family(tree, pile, hand))


def count_plays(tree: Tree, pile: Sequence[PlayRecord], hand: Holding) -> int:
    """How many plays :func:`plays` yields, counted combinatorially."""
    return family(tree, pile, hand).count


def has_play(tree: Tree, pile: Sequence[PlayRecord], hand: Holding) -> bool:
    """Whether ``hand`` has any legal play on ``tree``."""
    return family(tree, pile, hand).count > 0


def nth_play(tree: Tree, pile: Sequence[PlayRecord], hand: Holding, index: int) -> PlayCards:
    """The play at ``index`` in :func:`plays`'s order, computed without listing the plays before it.

    Raises ``IndexError`` outside ``0 <= index < count_plays(...)``.
    """
    return family(tree, pile, hand).nth(index)
