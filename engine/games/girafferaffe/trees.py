"""The trees (rulings R2, R5-R7): which trees a match has, what each accepts and what it rewards.

Everything here works on one tree's pile and one hand. ``play_problem`` says why a given play is
illegal. :func:`family` describes, once per tree kind, every legal play of a hand: a
:class:`CardSets` (Single, the of-a-kind trees, Flush, Any) or a :class:`Runs` (Straight). That one
description answers the other questions alike: which plays are legal (``plays``, lazily), how many
(``count_plays``, by counting, never by listing), which is the n-th (``nth_play``, by unranking),
whether there is any (``has_play``) and which ones the solo robot weighs (``smallest_plays``).

A play is two tuples: the number cards played and, one entry per copy card, the number card of the
same play that the copy copies (R6). Both are in canonical card order, so each play has one form.
"""

from __future__ import annotations

import dataclasses
from abc import ABC, abstractmethod
from collections.abc import Iterator, Sequence
from functools import cache, lru_cache
from itertools import chain, combinations, combinations_with_replacement, product, repeat
from math import comb, prod
from typing import Literal, TypedDict

from engine.games.girafferaffe.cards import COLOUR, COLOURS, COPY, RANK, sort_cards
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
    """A hand as the tree rules see it: its number cards (canonical order) and how many copy cards.

    It also keeps the :func:`family` of each tree it was asked about, since one step asks about the
    same hand and tree several times (can the seat act, list, count, unrank). Never changed otherwise.
    """

    def __init__(self, hand: Sequence[str]) -> None:
        self.numbers = tuple(sort_cards(card for card in hand if card != COPY))
        self.copies = len(hand) - len(self.numbers)
        by_rank: dict[int, list[str]] = {}
        by_colour: tuple[list[str], ...] = tuple([] for _ in ALL_COLOURS)
        for card in self.numbers:
            by_rank.setdefault(RANK[card], []).append(card)
            by_colour[COLOUR[card]].append(card)
        #: The number cards of each rank held, colours in order (ranks ascending).
        self.by_rank: dict[int, tuple[str, ...]] = {rank: tuple(cards) for rank, cards in by_rank.items()}
        #: The number cards of each colour held, ranks ascending.
        self.by_colour: tuple[tuple[str, ...], ...] = tuple(tuple(cards) for cards in by_colour)
        self.families: dict[tuple[str, int], PlayFamily] = {}


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


# --- the legal plays of a hand on one tree ----------------------------------------------------------------


class PlayFamily(ABC):
    """Every legal play of one hand on one tree, in the listing's order, without listing them up front.

    Listing, counting, unranking and the robot's search all read this one description.
    """

    __slots__ = ("_count",)

    def __init__(self) -> None:
        self._count: int | None = None

    @property
    def count(self) -> int:
        """How many plays there are, counted combinatorially (once)."""
        if self._count is None:
            self._count = self._counted()
        return self._count

    @abstractmethod
    def _counted(self) -> int: ...

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

    __slots__ = ("groups", "least", "most", "spare")

    def __init__(self, groups: Sequence[Sequence[str]], spare: int, least: int, most: int | None) -> None:
        super().__init__()
        self.groups, self.spare, self.least, self.most = groups, spare, least, most

    def _counted(self) -> int:
        return sum(_count_with_copies(len(group), self.spare, self.least, self.most) for group in self.groups)

    def __iter__(self) -> Iterator[PlayCards]:
        if not self.count:
            return iter(())
        spare, least, most = self.spare, self.least, self.most
        return chain.from_iterable(_with_copies(group, spare, least, most) for group in self.groups)

    def nth(self, index: int) -> PlayCards:
        if index >= 0:
            for group in self.groups:
                block = _count_with_copies(len(group), self.spare, self.least, self.most)
                if index < block:
                    return _nth_with_copies(group, self.spare, self.least, self.most, index)
                index -= block
        raise IndexError("play index out of range")

    def smallest(self) -> Iterator[PlayCards]:
        need = self.least
        for group in self.groups:
            if len(group) >= need:  # no copies needed: the lowest cards of the group
                yield tuple(group[:need]), ()
            elif group and len(group) + self.spare >= need:  # some lowest cards, copies of the lowest one
                for real in range(max(1, need - self.spare), len(group) + 1):
                    yield tuple(group[:real]), (group[0],) * (need - real)


class Runs(PlayFamily):
    """Straights: each run of consecutive ranks held, ``need`` long or longer (by length, then lowest
    rank), and each choice of one card per rank; no copy fits, it repeats a rank (R5, R6)."""

    __slots__ = ("runs",)

    def __init__(self, hand: Holding, need: int) -> None:
        super().__init__()
        by_rank = hand.by_rank
        #: The cards of each rank of each run, in listing order.
        self.runs = [[by_rank[rank] for rank in range(start, start + length)] for length, start in _runs(by_rank, need)]

    def _counted(self) -> int:
        return sum(prod(len(group) for group in run) for run in self.runs)

    def __iter__(self) -> Iterator[PlayCards]:
        return chain.from_iterable(zip(product(*run), repeat(())) for run in self.runs)

    def nth(self, index: int) -> PlayCards:
        if index >= 0:
            for run in self.runs:
                block = prod(len(group) for group in run)
                if index < block:
                    return nth_product(run, index), ()
                index -= block
        raise IndexError("play index out of range")

    def smallest(self) -> Iterator[PlayCards]:
        # The first run listed has the fewest cards and the lowest ranks; each rank's first card has
        # the first colour.
        if self.runs:
            yield tuple(group[0] for group in self.runs[0]), ()


def family(tree: Tree, pile: Sequence[PlayRecord], hand: Holding) -> PlayFamily:
    """Every legal play of ``hand`` on ``tree`` (R5, R6): the one description of what each tree accepts."""
    key = (tree.id, top_rank(pile) if tree.ranked else top_count(pile))
    found = hand.families.get(key)
    if found is None:
        found = hand.families[key] = _family(tree, pile, hand)
    return found


def _family(tree: Tree, pile: Sequence[PlayRecord], hand: Holding) -> PlayFamily:
    need = fewest_cards(tree, pile)
    if tree.kind == "single":  # one number card of an allowed colour, above the top rank
        low = top_rank(pile) + 1
        colours = tree.colours
        return CardSets([[c for c in hand.numbers if COLOUR[c] in colours and RANK[c] >= low]], 0, 1, 1)
    if tree.size:  # exactly ``size`` cards of one rank, above the top rank
        low = top_rank(pile) + 1
        return CardSets([group for rank, group in hand.by_rank.items() if rank >= low], hand.copies, need, need)
    if tree.kind == "straight":
        return Runs(hand, need)
    if tree.kind == "flush":  # ``need`` or more cards of one colour
        return CardSets([group for group in hand.by_colour if group], hand.copies, need, None)
    return CardSets([hand.numbers], hand.copies, need, None)  # Any: ``need`` or more cards


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


def smallest_plays(tree: Tree, pile: Sequence[PlayRecord], hand: Holding) -> Iterator[PlayCards]:
    """The plays among which the solo robot chooses on ``tree`` (see :meth:`PlayFamily.smallest`)."""
    return family(tree, pile, hand).smallest()


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
    """Plays of ``least``..``most`` cards: at least one of ``cards``, plus up to ``spare`` copies of them.

    Built from :mod:`itertools` pieces, block by block, so that the listing runs at C speed.
    """
    return chain.from_iterable(
        _with_copied(cards, numbers, copies) if copies else zip(combinations(cards, numbers), repeat(()))
        for numbers, copies, _ in _blocks(len(cards), spare, least, most)
    )


def _with_copied(cards: Sequence[str], numbers: int, copies: int) -> Iterator[PlayCards]:
    """Each choice of ``numbers`` of ``cards``, with each multiset of ``copies`` of them to copy."""
    for chosen in combinations(cards, numbers):
        for copied in combinations_with_replacement(chosen, copies):
            yield chosen, copied


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


def _runs(by_rank: dict[int, tuple[str, ...]], need: int) -> Iterator[tuple[int, int]]:
    """Each (length, lowest rank) of a run of consecutive ranks held, ``need`` long or longer."""
    stretches = _maximal_runs(by_rank)
    longest = max((high - low + 1 for low, high in stretches), default=0)
    for length in range(need, longest + 1):
        for low, high in stretches:
            for start in range(low, high - length + 2):
                yield length, start


def _maximal_runs(held: dict[int, tuple[str, ...]]) -> list[tuple[int, int]]:
    """The (lowest, highest) rank of each longest stretch of consecutive ranks held (``held``'s ranks ascend)."""
    runs: list[tuple[int, int]] = []
    for rank in held:  # ascending
        if runs and runs[-1][1] == rank - 1:
            runs[-1] = (runs[-1][0], rank)
        else:
            runs.append((rank, rank))
    return runs
