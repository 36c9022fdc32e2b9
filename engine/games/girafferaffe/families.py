"""A hand's legal plays on one tree, described once per tree kind instead of listed (R5, R6).

A :class:`PlayFamily` is every legal play of one hand on one tree, in listing order: a
:class:`Singles` (Single trees), a :class:`CardSets` (the of-a-kind trees, Flush, Any) or a
:class:`Runs` (Straight). That one description answers every question alike: which plays are legal
(lazily), how many (by counting, never by listing), which is the n-th (by unranking) and which ones
the solo robot weighs (:meth:`PlayFamily.smallest`). :mod:`.tree_plays` picks a tree's family.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Sequence
from functools import cache, partial
from itertools import chain, combinations, combinations_with_replacement, product, repeat, starmap
from math import comb, prod
from typing import Any

from engine.games.girafferaffe.cards import NUMBER_BITS
from engine.games.girafferaffe.holdings import RANK_CARDS, Holding, rank_marks, ranks_marked
from engine.games.girafferaffe.trees import PlayCards
from engine.unranking import nth_combination, nth_multiset, nth_product


class PlayFamily(ABC):
    """Every legal play of one hand on one tree, in the listing's order, without listing them up front.

    Listing, counting, unranking and the robot's search all read this one description.
    """

    __slots__ = ("count",)

    #: How many plays there are, counted combinatorially when the family is made.
    count: int

    @abstractmethod
    def __iter__(self) -> Iterator[PlayCards]:
        """Every play, lazily, each once, in canonical form."""

    @abstractmethod
    def nth(self, index: int) -> PlayCards:
        """The play at ``index`` of the listing, unranked without listing; ``IndexError`` outside it."""

    @abstractmethod
    def smallest(self) -> Iterator[PlayCards]:
        """The plays the robot weighs (R11): with the fewest cards, built from the lowest cards held.

        The robot's choice is the best of these by its order; every other play loses to one of them.
        """


class CardSets(PlayFamily):
    """Plays of ``least``..``most`` cards (``None``: no limit) taken from one group of cards after another.

    A play is at least one number card of one group plus up to ``spare`` copy cards, each copying a
    number card of the play (R6). The groups are the ranks (of-a-kind trees), the colours (Flush), the
    cards of the allowed colours (Single, with no copies) or the whole hand (Any).
    """

    __slots__ = ("groups", "shape")

    def __init__(self, groups: Sequence[Sequence[str]], spare: int, least: int, most: int | None) -> None:
        self.groups = groups
        self.shape = shape = _shape(spare, least, most)
        self.count = sum(map(shape.counts.__getitem__, map(len, groups)))

    def __iter__(self) -> Iterator[PlayCards]:
        blocks, groups = self.shape.blocks, self.groups
        if len(groups) == 1:
            return _with_copies(groups[0], blocks[len(groups[0])])
        return chain.from_iterable(map(_with_copies, groups, map(blocks.__getitem__, map(len, groups))))

    def nth(self, index: int) -> PlayCards:
        if index >= 0:
            counts, blocks = self.shape.counts, self.shape.blocks
            for group in self.groups:
                if index < counts[len(group)]:
                    return _nth_with_copies(group, blocks[len(group)], index)
                index -= counts[len(group)]
        raise IndexError("play index out of range")

    def smallest(self) -> Iterator[PlayCards]:
        need, spare = self.shape.least, self.shape.spare
        for group in self.groups:
            if len(group) >= need:  # no copies needed: the lowest cards of the group
                yield tuple(group[:need]), ()
            elif group and len(group) + spare >= need:  # some lowest cards, copies of the lowest one
                for real in range(max(1, need - spare), len(group) + 1):
                    yield tuple(group[:real]), (group[0],) * (need - real)


class Singles(PlayFamily):
    """Single-tree plays: each one of ``cards`` on its own, in order (the cards of an allowed colour
    above the top rank). The same plays as a :class:`CardSets` of one group and exactly one card,
    without its general machinery: most families a step makes are these."""

    __slots__ = ("cards",)

    def __init__(self, cards: tuple[str, ...]) -> None:
        self.cards = cards
        self.count = len(cards)

    def __iter__(self) -> Iterator[PlayCards]:
        return zip(zip(self.cards), repeat(()))

    def nth(self, index: int) -> PlayCards:
        if 0 <= index < self.count:
            return (self.cards[index],), ()
        raise IndexError("play index out of range")

    def smallest(self) -> Iterator[PlayCards]:
        return iter((((self.cards[0],), ()),) if self.cards else ())


class Runs(PlayFamily):
    """Straights: each run of consecutive ranks held, ``need`` long or longer (by length, then lowest
    rank), and each choice of one card per rank; no copy fits, it repeats a rank (R5, R6)."""

    __slots__ = ("runs",)

    def __init__(self, hand: Holding, need: int) -> None:
        numbers = hand.mask & NUMBER_BITS
        low, high, runs = _runs(rank_marks(numbers), need)
        # the cards of each rank from the lowest to the highest any run has
        by_rank = [RANK_CARDS[rank][numbers >> 4 * (rank - 1) & 15] for rank in range(low, high + 1)]
        #: The cards of each rank of each run, in listing order.
        self.runs = [by_rank[first : first + length] for first, length in runs]
        self.count = sum(prod(map(len, run)) for run in self.runs)

    def __iter__(self) -> Iterator[PlayCards]:
        return chain.from_iterable(map(zip, starmap(product, self.runs), repeat(repeat(()))))

    def nth(self, index: int) -> PlayCards:
        if index >= 0:
            for run in self.runs:
                block = prod(map(len, run))
                if index < block:
                    return nth_product(run, index), ()
                index -= block
        raise IndexError("play index out of range")

    def smallest(self) -> Iterator[PlayCards]:
        # The first run listed has the fewest cards and the lowest ranks; each rank's first card has
        # the first colour.
        if self.runs:
            yield tuple(group[0] for group in self.runs[0]), ()


@cache
def _runs(marks: int, need: int) -> tuple[int, int, tuple[tuple[int, int], ...]]:
    """The runs of consecutive ranks among the ranks marked in ``marks`` (see :func:`~.holdings.ranks_marked`),
    ``need`` long or longer, by length, then lowest rank: the lowest and the highest rank any run has,
    and each run as (its lowest rank less that lowest one, its length). Each is worked out once."""
    stretches: list[list[int]] = []
    for rank in ranks_marked(marks):
        if stretches and stretches[-1][-1] == rank - 1:
            stretches[-1].append(rank)
        else:
            stretches.append([rank])
    stretches = [stretch for stretch in stretches if len(stretch) >= need]
    if not stretches:
        return 1, 0, ()
    low, high = stretches[0][0], stretches[-1][-1]
    longest = max(map(len, stretches))
    runs = tuple(
        (stretch[start] - low, length)
        for length in range(need, longest + 1)
        for stretch in stretches
        for start in range(len(stretch) - length + 1)
    )
    return low, high, runs


#: One block of plays: (number cards, copies, how many plays) (see :class:`Shape`).
Block = tuple[int, int, int]


class Shape:
    """Plays of ``least``..``most`` cards (``None``: no limit): number cards plus up to ``spare`` copies.

    For each number of number cards to choose from, ``blocks`` holds the blocks of the listing in
    order and ``counts`` their total. A block is a choice of ``numbers`` number cards, then a multiset
    of ``copies`` cards among them to copy. Both tables fill in as they are asked, once per shape.
    """

    def __init__(self, spare: int, least: int, most: int | None) -> None:
        self.spare, self.least, self.most = spare, least, most
        self.blocks: dict[int, tuple[Block, ...]] = _Table(self._blocks)
        self.counts: dict[int, int] = _Table(lambda cards: sum(block for _, _, block in self.blocks[cards]))

    def _blocks(self, cards: int) -> tuple[Block, ...]:
        most = cards + self.spare if self.most is None else self.most
        blocks = []
        for total in range(max(self.least, 1), most + 1):
            for copies in range(min(self.spare, total - 1) + 1):
                numbers = total - copies
                if numbers <= cards:
                    blocks.append((numbers, copies, comb(cards, numbers) * comb(numbers + copies - 1, copies)))
        return tuple(blocks)


class _Table(dict[int, Any]):
    """A dict that computes a missing entry with ``fill`` and keeps it."""

    def __init__(self, fill: Callable[[int], Any]) -> None:
        super().__init__()
        self.fill = fill

    def __missing__(self, key: int) -> Any:
        value = self[key] = self.fill(key)
        return value


@cache
def _shape(spare: int, least: int, most: int | None) -> Shape:
    """The one :class:`Shape` of these limits: at most 4 copies and a few dozen cards, so few shapes."""
    return Shape(spare, least, most)


def _with_copies(cards: Sequence[str], blocks: Sequence[Block]) -> Iterator[PlayCards]:
    """The plays of ``blocks`` (see :class:`Shape`) from ``cards``, built from :mod:`itertools` pieces."""
    if len(blocks) == 1:
        return _block(cards, *blocks[0])
    return chain.from_iterable(starmap(partial(_block, cards), blocks))


def _block(cards: Sequence[str], numbers: int, copies: int, count: int) -> Iterator[PlayCards]:
    """Each choice of ``numbers`` of ``cards``, with each multiset of ``copies`` of them to copy."""
    if not copies:
        return zip(combinations(cards, numbers), repeat(()))
    return _with_copied(cards, numbers, copies)


def _with_copied(cards: Sequence[str], numbers: int, copies: int) -> Iterator[PlayCards]:
    # A generator: faster here than chaining itertools pieces, which build several objects per choice.
    for chosen in combinations(cards, numbers):
        for copied in combinations_with_replacement(chosen, copies):
            yield chosen, copied


def _nth_with_copies(cards: Sequence[str], blocks: Sequence[Block], index: int) -> PlayCards:
    """The play at ``index`` of :func:`_with_copies`, found block by block without listing."""
    for numbers, copies, block in blocks:
        if index < block:
            chosen_index, copied_index = divmod(index, comb(numbers + copies - 1, copies))
            chosen = nth_combination(cards, numbers, chosen_index)
            return chosen, nth_multiset(chosen, copies, copied_index)
        index -= block
    raise IndexError("play index out of range")


#: The family of a tree a hand has no play on.
NO_PLAYS = CardSets((), 0, 1, 1)
