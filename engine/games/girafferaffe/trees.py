"""The trees (rulings R2, R5-R7): which trees a match has, what each accepts and what it rewards.

Everything here works on one tree's pile and one hand, and answers five questions the same way:
is this play legal (``play_problem``), which plays are legal (``plays``, lazily), how many are
there (``count_plays``, by counting, never by listing), which is the n-th (``nth_play``, by
unranking, never by listing) and is there any (``has_play``).

A play is two tuples: the number cards played and, one entry per copy card, the number card of the
same play that the copy copies (R6). Both are in canonical card order, so each play has one form.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Sequence
from functools import cache, cached_property, lru_cache
from itertools import combinations, combinations_with_replacement, product
from math import comb
from typing import Literal, TypedDict

from engine.games.girafferaffe.cards import COLOUR, COLOURS, COPY, RANK, RANKS, sort_cards
from engine.unranking import nth_combination, nth_multiset, nth_product

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


class Holding:
    """A hand as the tree rules see it: its number cards (canonical order) and how many copy cards."""

    def __init__(self, hand: Sequence[str]) -> None:
        self.numbers = tuple(sort_cards(card for card in hand if card != COPY))
        self.copies = len(hand) - len(self.numbers)

    @cached_property
    def by_rank(self) -> dict[int, tuple[str, ...]]:
        """The number cards of each rank held, colours in order."""
        groups: dict[int, list[str]] = {}
        for card in self.numbers:
            groups.setdefault(RANK[card], []).append(card)
        return {rank: tuple(cards) for rank, cards in groups.items()}

    @cached_property
    def by_colour(self) -> tuple[tuple[str, ...], ...]:
        """The number cards of each colour held, ranks ascending."""
        return tuple(tuple(card for card in self.numbers if COLOUR[card] == c) for c in ALL_COLOURS)


@lru_cache(maxsize=256)
def holding(hand: tuple[str, ...]) -> Holding:
    """The :class:`Holding` of ``hand``, shared between calls: unranking one index after another (a
    sample) asks about the same hand each time. A holding is never changed once built."""
    return Holding(hand)


def top_count(pile: Sequence[PlayRecord]) -> int:
    """How many cards the top combination has (copies included); 0 on an empty tree."""
    if not pile:
        return 0
    return len(pile[-1]["cards"]) + len(pile[-1]["copies"])


def top_rank(pile: Sequence[PlayRecord]) -> int:
    """The rank of the top combination of a ranked tree; 0 on an empty tree."""
    return RANK[pile[-1]["cards"][0]] if pile else 0


def fewest_cards(tree: Tree, pile: Sequence[PlayRecord]) -> int:
    """The fewest cards the next play on ``tree`` may have (R5)."""
    return tree.size or max(FIRST_COMBINATION, top_count(pile) + 1)


def lowest_rank(tree: Tree, pile: Sequence[PlayRecord]) -> int | None:
    """The lowest rank the next play on a ranked tree may have; ``None`` for the other trees (R5)."""
    return top_rank(pile) + 1 if tree.ranked else None


def play_problem(
    tree: Tree, pile: Sequence[PlayRecord], cards: Sequence[str], copies: Sequence[str]
) -> tuple[str, str] | None:
    """The (ruling, reason) that makes this play illegal on ``tree``, or ``None`` if it obeys R5/R6.

    The cards are known number cards and each copy names one of them; ownership is checked elsewhere.
    """
    total = len(cards) + len(copies)
    ranks = [RANK[c] for c in cards] + [RANK[c] for c in copies]
    colours = {COLOUR[c] for c in cards}
    need = fewest_cards(tree, pile)
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
        if len(set(ranks)) != 1:
            return "R5", f"all cards on the {tree.name} tree must have the same rank"
    elif total < need:
        top = top_count(pile)
        if top:
            return "R5", f"the {tree.name} tree needs at least {need} cards: more than the {top} on top"
        return "R5", f"the {tree.name} tree needs at least {need} cards"
    elif tree.kind == "straight":
        if len(set(ranks)) != len(ranks):
            return "R5", "a Straight may not repeat a rank (a copy card repeats the rank it copies)"
        if max(ranks) - min(ranks) != len(ranks) - 1:
            return "R5", "a Straight needs consecutive ranks"
    elif tree.kind == "flush" and len(colours) != 1:
        return "R5", "all cards of a Flush must have one colour"
    low = lowest_rank(tree, pile)
    if low is not None and ranks[0] < low:
        return "R5", f"the {tree.name} tree needs a rank above {low - 1}, the rank on top"
    return None


def plays(tree: Tree, pile: Sequence[PlayRecord], hand: Holding) -> Iterator[PlayCards]:
    """Every legal play of ``hand`` on ``tree``, lazily, each once, in canonical form."""
    need = fewest_cards(tree, pile)
    if tree.kind == "single":
        low = top_rank(pile) + 1
        return (((c,), ()) for c in hand.numbers if COLOUR[c] in tree.colours and RANK[c] >= low)
    if tree.size:
        low = top_rank(pile) + 1
        groups = [group for rank, group in hand.by_rank.items() if rank >= low]
        return (p for group in groups for p in _with_copies(group, hand.copies, need, need))
    if tree.kind == "straight":
        return _straights(hand, need)
    if tree.kind == "flush":
        return (p for group in hand.by_colour for p in _with_copies(group, hand.copies, need, None))
    return _with_copies(hand.numbers, hand.copies, need, None)


def count_plays(tree: Tree, pile: Sequence[PlayRecord], hand: Holding) -> int:
    """How many plays :func:`plays` yields, counted combinatorially."""
    need = fewest_cards(tree, pile)
    if tree.kind == "single":
        low = top_rank(pile) + 1
        return sum(1 for c in hand.numbers if COLOUR[c] in tree.colours and RANK[c] >= low)
    if tree.size:
        low = top_rank(pile) + 1
        return sum(
            _count_with_copies(len(group), hand.copies, need, need)
            for rank, group in hand.by_rank.items()
            if rank >= low
        )
    if tree.kind == "straight":
        return sum(_product(hand, start, length) for length, start in straight_runs(hand, need))
    if tree.kind == "flush":
        return sum(_count_with_copies(len(group), hand.copies, need, None) for group in hand.by_colour)
    return _count_with_copies(len(hand.numbers), hand.copies, need, None)


def has_play(tree: Tree, pile: Sequence[PlayRecord], hand: Holding) -> bool:
    """Whether ``hand`` has any legal play on ``tree``."""
    return next(plays(tree, pile, hand), None) is not None


def nth_play(tree: Tree, pile: Sequence[PlayRecord], hand: Holding, index: int) -> PlayCards:
    """The play at ``index`` in :func:`plays`'s order, computed without listing the plays before it.

    Each tree's listing is a sequence of blocks (a rank, a colour, a run, a card count) whose sizes
    :func:`count_plays` already knows; the play is unranked inside its block. Raises ``IndexError``
    outside ``0 <= index < count_plays(...)``.
    """
    if index < 0:
        raise IndexError("play index out of range")
    need = fewest_cards(tree, pile)
    if tree.kind == "single":
        low = top_rank(pile) + 1
        singles = [c for c in hand.numbers if COLOUR[c] in tree.colours and RANK[c] >= low]
        return (singles[index],), ()
    if tree.size:
        low = top_rank(pile) + 1
        groups: list[Sequence[str]] = [group for rank, group in hand.by_rank.items() if rank >= low]
        return _nth_in_groups(groups, hand.copies, need, need, index)
    if tree.kind == "straight":
        for length, start in straight_runs(hand, need):
            block = _product(hand, start, length)
            if index < block:
                return nth_product([hand.by_rank[rank] for rank in range(start, start + length)], index), ()
            index -= block
        raise IndexError("play index out of range")
    if tree.kind == "flush":
        return _nth_in_groups(hand.by_colour, hand.copies, need, None, index)
    return _nth_with_copies(hand.numbers, hand.copies, need, None, index)


def _nth_in_groups(groups: Sequence[Sequence[str]], spare: int, least: int, most: int | None, index: int) -> PlayCards:
    """The play at ``index`` of the plays of each group in turn (ranks, colours)."""
    for group in groups:
        block = _count_with_copies(len(group), spare, least, most)
        if index < block:
            return _nth_with_copies(group, spare, least, most, index)
        index -= block
    raise IndexError("play index out of range")


@cache
def _blocks(cards: int, spare: int, least: int, most: int | None) -> tuple[tuple[int, int, int], ...]:
    """Each (number cards, copies, count of plays) of :func:`_with_copies`, in its listing order.

    A play of ``numbers`` number cards and ``copies`` copies is a choice of the number cards, then a
    multiset of ``copies`` cards among them to copy. Cached: the arguments are small integers (at
    most 60 cards, 4 copies), and counting and unranking ask for the same blocks again and again.
    """
    most = cards + spare if most is None else most
    blocks = []
    for total in range(max(least, 1), most + 1):
        for copies in range(min(spare, total - 1) + 1):
            numbers = total - copies
            if numbers <= cards:
                blocks.append((numbers, copies, comb(cards, numbers) * comb(numbers + copies - 1, copies)))
    return tuple(blocks)


def _with_copies(cards: Sequence[str], spare: int, least: int, most: int | None) -> Iterator[PlayCards]:
    """Plays of ``least``..``most`` cards: at least one of ``cards``, plus up to ``spare`` copies of them."""
    for numbers, copies, _ in _blocks(len(cards), spare, least, most):
        for chosen in combinations(cards, numbers):
            if copies:
                for copied in combinations_with_replacement(chosen, copies):
                    yield chosen, copied
            else:
                yield chosen, ()


@cache
def _count_with_copies(cards: int, spare: int, least: int, most: int | None) -> int:
    """How many plays :func:`_with_copies` yields for ``cards`` number cards (cached, like the blocks)."""
    return sum(block for _, _, block in _blocks(cards, spare, least, most))


def _nth_with_copies(cards: Sequence[str], spare: int, least: int, most: int | None, index: int) -> PlayCards:
    """The play at ``index`` in :func:`_with_copies`'s order, found block by block without listing."""
    for numbers, copies, block in _blocks(len(cards), spare, least, most):
        if index < block:
            chosen_index, copied_index = divmod(index, comb(numbers + copies - 1, copies))
            chosen = nth_combination(cards, numbers, chosen_index)
            return chosen, nth_multiset(chosen, copies, copied_index)
        index -= block
    raise IndexError("play index out of range")


def straight_runs(hand: Holding, need: int) -> Iterator[tuple[int, int]]:
    """Each (length, lowest rank) of a run of consecutive ranks held, ``need`` long or longer."""
    stretches = _maximal_runs(hand.by_rank)
    longest = max((high - low + 1 for low, high in stretches), default=0)
    for length in range(need, longest + 1):
        for low, high in stretches:
            for start in range(low, high - length + 2):
                yield length, start


def _maximal_runs(held: dict[int, tuple[str, ...]]) -> list[tuple[int, int]]:
    """The (lowest, highest) rank of each longest stretch of consecutive ranks held."""
    runs: list[tuple[int, int]] = []
    start: int | None = None
    for rank in (*RANKS, len(RANKS) + 1):
        if rank in held:
            start = rank if start is None else start
        elif start is not None:
            runs.append((start, rank - 1))
            start = None
    return runs


def _product(hand: Holding, start: int, length: int) -> int:
    count = 1
    for rank in range(start, start + length):
        count *= len(hand.by_rank[rank])
    return count


def _straights(hand: Holding, need: int) -> Iterator[PlayCards]:
    """Every Straight: for each run of held ranks, each choice of one card per rank (no copy fits, R5/R6)."""
    for length, start in straight_runs(hand, need):
        for chosen in product(*(hand.by_rank[rank] for rank in range(start, start + length))):
            yield chosen, ()
