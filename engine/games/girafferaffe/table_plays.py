"""The plays of a whole table as the actions a listing yields: what every step lists.

:func:`table_plays` reads a seat's hand integer tree kind by tree kind (see :mod:`.holdings`) and
keeps the Single and of-a-kind trees' plays once made, since a seat's cards of one colour, or of one
rank, change seldom between its turns; :func:`table_has_play` only says whether there is any play.
Apart from :mod:`.tree_plays` because it makes :class:`~.actions.Play` actions, for speed, without
the frozen dataclass's ``__init__``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from functools import cache, partial
from itertools import chain, starmap
from typing import NamedTuple

from engine.games.girafferaffe.actions import Play
from engine.games.girafferaffe.cards import COLOUR, COPY_CARDS, COPY_SHIFT, NUMBER_BITS, NUMBER_CARDS, cards_in
from engine.games.girafferaffe.families import CardSets, PlayFamily, Runs, Singles
from engine.games.girafferaffe.holdings import (
    ANY_CARD,
    BLUE_BITS,
    FIRST_AND_THIRD_BITS,
    GREEN_BITS,
    HIGH_BITS,
    HIGH_BITS_ABOVE,
    LOW_TWO_BITS,
    RANK_CARDS,
    RED_BITS,
    SINGLE_CARDS,
    TOWARDS_BY_SIZE,
    YELLOW_BITS,
    Holding,
    holding,
    longest_run,
    ranks_marked,
)
from engine.games.girafferaffe.tree_plays import anys, flushes
from engine.games.girafferaffe.trees import ANY, FIRST_COMBINATION, FLUSH, STRAIGHT, TREES, PlayCards, Tree, tree_layout


class TableTrees(NamedTuple):
    """A table's trees as a listing reads them, each with its place on the table: the Single trees,
    the of-a-kind trees, then Straight, Flush and Any (the table order of every layout, R2 and R10).
    Made once per layout by :func:`table_trees`."""

    #: Each Single tree: its place, the cards it takes above each top (:data:`~.holdings.SINGLE_CARDS`), its plays
    #: made so far by the cards they are made of, and its id.
    singles: tuple[tuple[int, tuple[int, ...], dict[int, tuple[Play, ...]], str], ...]
    #: Each of-a-kind tree: its place; by copy cards held, what to add to the counts of each rank to
    #: mark the ranks with enough cards; by copy cards held, its plays made so far by
    #: ``rank << 4 | colours held of that rank``; and its id.
    of_a_kind: tuple[tuple[int, tuple[int, ...], tuple[dict[int, tuple[Play, ...]], ...], str], ...]
    straight: tuple[int, Tree]
    flush: tuple[int, Tree]
    any: tuple[int, Tree]


def table_trees(tree_ids: Sequence[str]) -> TableTrees:
    """The trees of a table (ids in table order) as a listing reads them (see :class:`TableTrees`)."""
    trees = [TREES[tree_id] for tree_id in tree_ids]
    kinds = [0 if tree.kind == "single" else 1 if tree.size else 2 for tree in trees]  # Single, of a kind, others
    others = [(place, tree) for place, tree in enumerate(trees) if not tree.size]
    if kinds != sorted(kinds) or [tree for _, tree in others] != [STRAIGHT, FLUSH, ANY]:
        raise ValueError(f"the trees {list(tree_ids)} are not a table in table order")
    straight, flush, any_tree = others
    return TableTrees(
        tuple(
            (place, SINGLE_CARDS[tree.id], _SINGLES_LISTED[tree.id], tree.id)
            for place, tree in enumerate(trees)
            if tree.kind == "single"
        ),
        tuple(
            (
                place,
                TOWARDS_BY_SIZE[tree.size],
                tuple(_OF_A_KIND_LISTED[tree.id, spare] for spare in range(COPY_CARDS + 1)),
                tree.id,
            )
            for place, tree in enumerate(trees)
            if tree.kind != "single" and tree.size
        ),
        straight,
        flush,
        any_tree,
    )


def table_plays(table: TableTrees, tops: Sequence[int], mask: int) -> list[Iterable[Play]]:
    """Every legal play of ``hand`` on a whole table (its trees as :func:`table_trees` gives them, and
    what each next play must beat, in table order), as the actions a listing yields, tree by tree.

    What :func:`~.tree_plays.playable_over` finds, made into actions, read tree kind by tree kind straight from the
    hand's integer, as every step's listing does: a Single tree's plays from the hand's cards it takes,
    an of-a-kind tree's from the hand's cards of each rank with enough of them (both kept once made:
    a seat's cards of one colour, or of one rank, change seldom between its turns), and Straight,
    Flush and Any from their families.
    """
    listed: list[Iterable[Play]] = []
    for place, taken, kept, tree_id in table.singles:
        cards = mask & taken[tops[place]]
        if cards:
            found = kept.get(cards)
            listed.append(_single_plays(tree_id, cards) if found is None else found)
    numbers = mask & NUMBER_BITS
    counts = numbers - (numbers >> 1 & FIRST_AND_THIRD_BITS)  # as Holding.counts
    counts = (counts & LOW_TWO_BITS) + (counts >> 2 & LOW_TWO_BITS)
    spare = mask >> COPY_SHIFT
    for place, towards, kept_by_spare, tree_id in table.of_a_kind:
        enough = (counts + towards[spare]) & HIGH_BITS_ABOVE[tops[place]]
        if enough:
            kept = kept_by_spare[spare]
            for rank in ranks_marked(enough):
                key = rank << 4 | (mask >> 4 * (rank - 1) & 15)
                found = kept.get(key)
                if found is None:
                    found = kept[key] = _plays_of_a_kind(tree_id, spare, RANK_CARDS[rank][key & 15])
                listed.append(found)
    # Straight, Flush and Any: the most cards a play can have there, from the hand's integer
    place, tree = table.straight
    top = tops[place]
    longest = longest_run((counts + ANY_CARD) & HIGH_BITS)  # the most ranks in a row
    if longest > top and longest >= FIRST_COMBINATION:
        listed.append(_made_plays(tree.id, Runs(holding(mask), max(FIRST_COMBINATION, top + 1))))
    held = numbers.bit_count() + spare if numbers else 0
    place, tree = table.flush
    top = tops[place]
    if held > top and held >= FIRST_COMBINATION:  # else no colour has enough either
        most = max(
            (numbers & RED_BITS).bit_count(),
            (numbers & BLUE_BITS).bit_count(),
            (numbers & YELLOW_BITS).bit_count(),
            (numbers & GREEN_BITS).bit_count(),
        )
        if most and most + spare > top and most + spare >= FIRST_COMBINATION:
            listed.append(_made_plays(tree.id, flushes(tree, top, holding(mask))))
    place, tree = table.any
    top = tops[place]
    if held > top and held >= FIRST_COMBINATION:
        listed.append(_made_plays(tree.id, anys(tree, top, holding(mask))))
    return listed


def table_has_play(table: TableTrees, tops: Sequence[int], hand: Holding) -> bool:
    """Whether ``hand`` has a play anywhere on a table (see :func:`table_plays`): what
    :func:`~.tree_plays.has_any_play_over` says, a Single tree that takes a card answering first."""
    mask = hand.mask
    for place, taken, _, _ in table.singles:
        if mask & taken[tops[place]]:
            return True
    reach = hand.reaches
    for place, _, _, tree_id in table.of_a_kind:
        if tops[place] < reach[tree_id]:
            return True
    return any(tops[place] < reach[tree.id] for place, tree in (table.straight, table.flush, table.any))


def family_plays(tree_id: str, plays: PlayFamily) -> Iterator[Play]:
    """The plays of a family (of the tree ``tree_id``) as the actions a listing yields."""
    if type(plays) is Singles:
        return map(_SINGLE_PLAYS[tree_id].__getitem__, plays.cards)
    if tree_id in _OF_A_KIND_IDS:
        assert isinstance(plays, CardSets)
        return chain.from_iterable(map(partial(_plays_of_a_kind, tree_id, plays.shape.spare), plays.groups))
    return _made_plays(tree_id, plays)


def _made_plays(tree_id: str, plays: Iterable[PlayCards]) -> Iterator[Play]:
    """The actions of plays made as they are listed (Straight, Flush and Any: too many to keep)."""
    return starmap(partial(_listed_play, tree_id), plays)


def _listed_play(tree: str, cards: tuple[str, ...], copies: tuple[str, ...]) -> Play:
    """A play the listing built, equal to ``Play(tree, cards, copies)``: made without the frozen
    dataclass's ``__init__``, which costs a third of a listing that yields hundreds of plays."""
    play = _new_object(Play)
    fields = play.__dict__
    fields["tree"] = tree
    fields["cards"] = cards
    fields["copies"] = copies
    return play


_new_object = object.__new__
#: The play of each card on each Single tree that takes it.
_SINGLE_PLAYS = {
    tree.id: {card: Play(tree.id, (card,), ()) for card in NUMBER_CARDS if COLOUR[card] in tree.colours}
    for tree in TREES.values()
    if tree.kind == "single"
}
_OF_A_KIND_IDS = frozenset(tree.id for tree in TREES.values() if tree.kind != "single" and tree.size)
#: The Single trees' plays by the cards they are made of, and the of-a-kind trees' by copy cards held
#: and then by rank and its colours held (``rank << 4 | colours``), once made.
_SINGLES_LISTED: dict[str, dict[int, tuple[Play, ...]]] = {tree_id: {} for tree_id in _SINGLE_PLAYS}
_LISTED_KEPT = 4096
_OF_A_KIND_LISTED: dict[tuple[str, int], dict[int, tuple[Play, ...]]] = {
    (tree_id, spare): {} for tree_id in _OF_A_KIND_IDS for spare in range(COPY_CARDS + 1)
}


def _single_plays(tree_id: str, cards: int) -> tuple[Play, ...]:
    """The plays of the number cards ``cards`` (bits) on the Single tree ``tree_id``, made once and kept
    (the last few thousand)."""
    kept = _SINGLES_LISTED[tree_id]
    found = kept.get(cards)
    if found is None:
        if len(kept) >= _LISTED_KEPT:
            kept.clear()
        found = kept[cards] = tuple(map(_SINGLE_PLAYS[tree_id].__getitem__, cards_in(cards)))
    return found


@cache
def _plays_of_a_kind(tree_id: str, spare: int, group: tuple[str, ...]) -> tuple[Play, ...]:
    """The plays on an of-a-kind tree from the cards of one rank (``group``) and up to ``spare`` copies,
    in listing order (at most 3 trees x 15 ranks x 15 groups of colours x 5 numbers of copies)."""
    size = TREES[tree_id].size
    return tuple(_made_plays(tree_id, CardSets((group,), spare, size, size)))


#: Each table's trees as a listing reads them, by player count and whether it is solo.
TABLES = {players: {solo: table_trees(tree_layout(players, solo)) for solo in (False, True)} for players in range(1, 6)}
