"""The tree catalogue (rulings R2, R5-R7): which trees a match has, what each accepts and rewards.

Each :class:`Tree` tile by id (:data:`TREES`), the trees of a table by player count and mode
(:func:`tree_layout`), what a tree's next play must beat (:func:`beat_on`) and why a given play is
illegal there (:func:`play_problem`). Kept apart from the bit tricks that find a hand's plays
(:mod:`.holdings`, :mod:`.families`, :mod:`.tree_plays`, :mod:`.table_plays`): this is the rulebook's
side, read by every one of them.

A play is two tuples: the number cards played and, one entry per copy card, the number card of the
same play that the copy copies (R6). Both are in canonical card order, so each play has one form.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Literal, TypedDict

from engine.games.girafferaffe.cards import COLOUR, COLOURS, RANK

TreeKind = Literal["single", "pair", "three-of-a-kind", "four-of-a-kind", "straight", "flush", "any"]

#: A play: the number cards, then one copied card per copy card played.
PlayCards = tuple[tuple[str, ...], tuple[str, ...]]

#: Straight, Flush and Any need at least this many cards on an empty tree (R5).
FIRST_COMBINATION = 3


class PlayRecord(TypedDict):
    """One play on a tree, as it lies on the pile: who played it (``None``: the robot) and what."""

    seat: int | None
    cards: list[str]
    copies: list[str]


@dataclasses.dataclass(frozen=True)
class Tree:
    """A tree tile: its id, name, rule and reward."""

    id: str
    name: str
    kind: TreeKind
    colours: tuple[int, ...] = ()  # Single trees: the colour indexes it takes
    apples: int = 0  # reward (R7)
    draws: int = 0  # reward: cards from the Redraw Deck (R7)

    #: How many cards a play here has exactly (Single and the of-a-kind trees), or 0 for "at least" (R5).
    size: int = dataclasses.field(init=False)
    #: Whether a play here must beat the rank on top (R5: Single and the of-a-kind trees).
    ranked: bool = dataclasses.field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "size", _SIZES.get(self.kind, 0))
        object.__setattr__(self, "ranked", self.kind in _SIZES)


_SIZES: dict[str, int] = {"single": 1, "pair": 2, "three-of-a-kind": 3, "four-of-a-kind": 4}
ALL_COLOURS = tuple(range(len(COLOURS)))


def _single(colours: tuple[int, ...]) -> Tree:
    if colours == ALL_COLOURS:
        return Tree("single", "Single", "single", colours)
    names = [COLOURS[c] for c in colours]
    return Tree("single-" + "-".join(names), " or ".join(n.capitalize() for n in names), "single", colours)


SINGLE_ANY = _single(ALL_COLOURS)
SINGLES_BY_PAIRS = (_single((0, 2)), _single((1, 3)))  # Red or Yellow, Blue or Green
SINGLES_BY_COLOUR = tuple(_single((c,)) for c in ALL_COLOURS)
PAIR = Tree("pair", "Pair", "pair", draws=1)
THREE = Tree("three-of-a-kind", "3 of a Kind", "three-of-a-kind", apples=1)
FOUR = Tree("four-of-a-kind", "4 of a Kind", "four-of-a-kind", apples=2)
STRAIGHT = Tree("straight", "Straight", "straight", apples=1)
FLUSH = Tree("flush", "Flush", "flush", apples=1)
ANY = Tree("any", "Any", "any", apples=1)

#: Every tree tile by id.
TREES: dict[str, Tree] = {
    t.id: t for t in (SINGLE_ANY, *SINGLES_BY_PAIRS, *SINGLES_BY_COLOUR, PAIR, THREE, FOUR, STRAIGHT, FLUSH, ANY)
}


def tree_layout(players: int, solo: bool) -> list[str]:
    """The ids of the trees on the table, in table order (R2; solo order R10, also the robot's priority)."""
    if solo:
        return [t.id for t in (SINGLE_ANY, FOUR, THREE, PAIR, STRAIGHT, FLUSH, ANY)]
    if players >= 4:
        singles: tuple[Tree, ...] = SINGLES_BY_COLOUR
    elif players == 3:
        singles = SINGLES_BY_PAIRS
    else:
        singles = (SINGLE_ANY,)
    return [t.id for t in (*singles, PAIR, THREE, FOUR, STRAIGHT, FLUSH, ANY)]


def beat_on(tree: Tree, pile: Sequence[PlayRecord]) -> int:
    """What the next play on ``tree`` must beat: the rank on top (ranked trees) or the number of cards
    on top (the others); 0 on an empty tree."""
    if not pile:
        return 0
    top = pile[-1]
    return RANK[top["cards"][0]] if tree.ranked else len(top["cards"]) + len(top["copies"])


def play_problem(
    tree: Tree, pile: Sequence[PlayRecord], cards: Sequence[str], copies: Sequence[str]
) -> tuple[str, str] | None:
    """The (ruling, reason) that makes this play illegal on ``tree``, or ``None`` if it obeys R5/R6.

    The cards are known number cards and each copy names one of them; ownership is checked elsewhere.
    """
    return play_problem_over(tree, beat_on(tree, pile), cards, copies)


def play_problem_over(tree: Tree, top: int, cards: Sequence[str], copies: Sequence[str]) -> tuple[str, str] | None:
    """:func:`play_problem` given what the next play on ``tree`` must beat (see :func:`beat_on`)."""
    total = len(cards) + len(copies)
    if tree.kind == "single":
        if copies:
            return "R6", "a copy card can never go on a Single tree, which takes exactly one number card"
        if total != 1:
            return "R5", f"the {tree.name} tree takes exactly one card"
        if COLOUR[cards[0]] not in tree.colours:
            allowed = " or ".join(COLOURS[c] for c in tree.colours)
            return "R5", f"the {tree.name} tree takes only {allowed} cards, not {cards[0]}"
    elif tree.size:
        if total != tree.size:
            return "R5", f"the {tree.name} tree takes exactly {tree.size} cards (copy cards count), not {total}"
        if len({*map(RANK.__getitem__, cards), *map(RANK.__getitem__, copies)}) != 1:
            return "R5", f"all cards on the {tree.name} tree must have the same rank"
    else:
        need = max(FIRST_COMBINATION, top + 1)
        if total < need:
            if top:
                return "R5", f"the {tree.name} tree needs at least {need} cards: more than the {top} on top"
            return "R5", f"the {tree.name} tree needs at least {need} cards"
        if tree.kind == "straight":
            ranks = [*map(RANK.__getitem__, cards), *map(RANK.__getitem__, copies)]
            if len(set(ranks)) != len(ranks):
                return "R5", "a Straight may not repeat a rank (a copy card repeats the rank it copies)"
            if max(ranks) - min(ranks) != len(ranks) - 1:
                return "R5", "a Straight needs consecutive ranks"
        elif tree.kind == "flush" and len({*map(COLOUR.__getitem__, cards)}) != 1:
            return "R5", "all cards of a Flush must have one colour"
    if tree.ranked and top and RANK[(cards or copies)[0]] <= top:  # every rank beats an empty tree
        return "R5", f"the {tree.name} tree needs a rank above {top}, the rank on top"
    return None
