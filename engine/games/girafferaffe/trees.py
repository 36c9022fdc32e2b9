"""The trees (rulings R2, R5-R7): which trees a match has, what each accepts and what it rewards.

Everything here works on one tree's top and one hand. ``play_problem`` says why a given play is
illegal. :func:`family` describes, once per tree kind, every legal play of a hand: a
:class:`Singles` (Single trees), a :class:`CardSets` (the of-a-kind trees, Flush, Any) or a
:class:`Runs` (Straight). That one description answers the other questions alike: which plays are
legal (``plays``, lazily), how many (``count_plays``, by counting, never by listing), which is the
n-th (``nth_play``, by unranking), whether there is any (``has_play``) and which ones the solo
robot weighs (:meth:`PlayFamily.smallest`).

A hand is one integer (see :mod:`.cards`): bit ``4 * (rank - 1) + colour`` for each number card
held and the copy cards counted from bit 60 on, so each rank has 4 bits, one per colour. The rules
read it with a few operations on all ranks at once: a Single tree takes a play exactly when the
hand shares a card with :data:`SINGLE_CARDS` (the cards of its colours above its top); counting
each rank's cards within its 4 bits says which ranks make an of-a-kind play; :func:`reaches`
says up to which top the hand has a play on the other trees, so a tree without one costs a
comparison. :func:`playable_over` asks about a list of trees, :func:`table_plays` lists a whole
table's plays as actions, as every step does (the plays of Single and of-a-kind trees made once
and kept), and :func:`table_has_play` only whether the table takes a play at all. The functions
named ``..._over`` take what each tree's next play must beat, as a state keeps it; the others a
pile of :class:`PlayRecord`, as a view shows it.

A play is two tuples: the number cards played and, one entry per copy card, the number card of the
same play that the copy copies (R6). Both are in canonical card order, so each play has one form.
"""

from __future__ import annotations

import dataclasses
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from functools import cache, partial
from itertools import chain, combinations, combinations_with_replacement, product, repeat, starmap
from math import comb, prod
from typing import Any, Literal, NamedTuple, TypedDict

from engine.games.girafferaffe.actions import Play
from engine.games.girafferaffe.cards import (
    CODE,
    COLOUR,
    COLOURS,
    COPY_CARDS,
    COPY_SHIFT,
    NUMBER_BITS,
    NUMBER_CARDS,
    RANK,
    RANKS,
    cards_in,
    mask_of,
)
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


#: The lowest of each rank's 4 bits: red's cards (the other colours' are these shifted by the colour
#: index); and the highest of them.
_LOW = sum(1 << CODE[card] for card in NUMBER_CARDS if COLOUR[card] == 0)
_HIGH = _LOW << 3
#: The lower two of each rank's 4 bits, and the first and third (to count a rank's cards in its 4 bits).
_PAIRS = _LOW | _LOW << 1
_PAIRS_LOW = _LOW | _LOW << 2
#: Each colour's cards, as bits.
_COLOUR_BITS = tuple(_LOW << colour for colour in ALL_COLOURS)
#: The number cards above each rank (0: all of them), as bits; and their ranks' highest bits.
_ABOVE = tuple(NUMBER_BITS & ~((1 << 4 * rank) - 1) for rank in (0, *RANKS))
_HIGH_ABOVE = tuple(_HIGH & above for above in _ABOVE)
#: The number cards each Single tree takes above each top rank, by tree id and rank (0: empty tree), as
#: bits: a hand's plays there are its cards among these (one card each).
SINGLE_CARDS: dict[str, tuple[int, ...]] = {
    tree.id: tuple(sum(_COLOUR_BITS[colour] for colour in tree.colours) & _ABOVE[beat] for beat in (0, *RANKS))
    for tree in TREES.values()
    if tree.kind == "single"
}
#: The cards of each rank (by rank, then by the 4 bits of that rank's colours held), colours in order.
_RANK_CARDS = {rank: tuple(cards_in(nibble << 4 * (rank - 1)) for nibble in range(16)) for rank in RANKS}


class Holding:
    """A hand as the tree rules see it: its cards as one integer (see :func:`~.cards.mask_of`), its
    number cards in canonical order and how many copy cards.

    What the tree rules read of it is worked out when first asked for and kept, since one step asks
    about the same hand several times (can the seat act, list, count, check, unrank): each tree's
    :func:`reaches` and the groupings of its cards. Never changed otherwise.
    """

    _numbers: tuple[str, ...] | None = None
    _reaches: dict[str, int] | None = None
    _counts: int | None = None
    _by_colour: tuple[tuple[str, ...], ...] | None = None

    def __init__(self, hand: Sequence[str] | int) -> None:
        """``hand``: the cards, in any order, or the integer a state keeps for them."""
        mask = hand if type(hand) is int else mask_of(hand)  # type: ignore[arg-type]
        self.mask = mask
        self.copies = mask >> COPY_SHIFT

    @property
    def numbers(self) -> tuple[str, ...]:
        """The number cards held, in canonical order."""
        if self._numbers is None:
            self._numbers = cards_in(self.mask & NUMBER_BITS)
        return self._numbers

    @property
    def counts(self) -> int:
        """How many number cards of each rank the hand holds, each count in its rank's 4 bits."""
        if self._counts is None:
            numbers = self.mask & NUMBER_BITS
            counts = numbers - (numbers >> 1 & _PAIRS_LOW)  # in each two bits: how many of those two colours
            self._counts = (counts & _PAIRS) + (counts >> 2 & _PAIRS)
        return self._counts

    @property
    def reaches(self) -> dict[str, int]:
        """Each tree's reach, by tree id (see :func:`reaches`)."""
        if self._reaches is None:
            self._reaches = reaches(self)
        return self._reaches

    @property
    def by_colour(self) -> tuple[tuple[str, ...], ...]:
        """The number cards of each colour held, ranks ascending."""
        if self._by_colour is None:
            numbers = self.mask
            self._by_colour = tuple(cards_in(numbers & bits) for bits in _COLOUR_BITS)
        return self._by_colour


#: The last hands asked about, by their integer (see :func:`holding`); emptied when it fills up.
_HOLDINGS: dict[int, Holding] = {}
_HOLDINGS_KEPT = 256


def holding(hand: int) -> Holding:
    """The :class:`Holding` of a hand's integer (as a state keeps it), shared between calls: one step
    asks about the same hand several times (can the seat act, list, count, check, unrank)."""
    found = _HOLDINGS.get(hand)
    if found is None:
        if len(_HOLDINGS) >= _HOLDINGS_KEPT:
            _HOLDINGS.clear()
        found = _HOLDINGS[hand] = Holding(hand)
    return found


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


# --- the legal plays of a hand on one tree ----------------------------------------------------------------


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
        low, high, runs = _runs(_rank_marks(numbers), need)
        # the cards of each rank from the lowest to the highest any run has
        by_rank = [_RANK_CARDS[rank][numbers >> 4 * (rank - 1) & 15] for rank in range(low, high + 1)]
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


def reaches(hand: Holding) -> dict[str, int]:
    """For each tree but the Single trees (by id), the least top that ``hand`` cannot beat there: it
    has a play on the tree exactly while what is on top (the rank on an of-a-kind tree, else the
    number of cards; 0 when empty) is below this. (Whether a Single tree takes a play is one ``&``
    of the hand's integer with the cards the tree takes above its top.)

    Worked out from the hand's integer with a few operations on all ranks at once: the number of
    cards of each rank is counted within its 4 bits, so that adding ``8 - k`` to every rank's count
    sets its highest bit exactly where the rank has ``k`` cards or more.
    """
    mask = hand.mask
    numbers = mask & NUMBER_BITS
    copies = mask >> COPY_SHIFT
    counts = hand.counts
    pair, three, four = _TOWARDS[copies]
    longest = _longest_run((counts + _ANY_CARD) & _HIGH)
    most = (
        max(
            (numbers & _RED).bit_count(),
            (numbers & _BLUE).bit_count(),
            (numbers & _YELLOW).bit_count(),
            (numbers & _GREEN).bit_count(),
        )
        + copies
    )  # cards of one colour
    held = numbers.bit_count() + copies if numbers else 0
    return {
        # of a kind: the highest rank with enough cards, copies filling up all but one (the rank of
        # the highest bit among the ranks' highest bits: bit_length // 4)
        _PAIR_ID: ((counts + pair) & _HIGH).bit_length() >> 2,
        _THREE_ID: ((counts + three) & _HIGH).bit_length() >> 2,
        _FOUR_ID: ((counts + four) & _HIGH).bit_length() >> 2,
        # the others: the most cards a play can have, if that is enough for a first play
        _STRAIGHT_ID: longest if longest >= FIRST_COMBINATION else 0,
        _FLUSH_ID: most if most >= FIRST_COMBINATION and most > copies else 0,
        _ANY_ID: held if held >= FIRST_COMBINATION else 0,
    }


def _rank_marks(numbers: int) -> int:
    """The highest of the 4 bits of each rank of which ``numbers`` (number cards' bits) holds a card."""
    return ((numbers | numbers >> 1 | numbers >> 2 | numbers >> 3) & _LOW) << 3


@cache
def _runs(marks: int, need: int) -> tuple[int, int, tuple[tuple[int, int], ...]]:
    """The runs of consecutive ranks among the ranks marked in ``marks`` (see :func:`_ranks_marked`),
    ``need`` long or longer, by length, then lowest rank: the lowest and the highest rank any run has,
    and each run as (its lowest rank less that lowest one, its length). Each is worked out once."""
    stretches: list[list[int]] = []
    for rank in _ranks_marked(marks):
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


@cache
def _ranks_marked(marks: int) -> tuple[int, ...]:
    """The ranks whose highest bit is set in ``marks``, ascending (at most 2**15 of them, each worked
    out once)."""
    return tuple(rank for rank in RANKS if marks >> 4 * rank - 1 & 1)


@cache
def _longest_run(ranks: int) -> int:
    """The most consecutive ranks among ``ranks`` (one bit per rank, 4 apart; at most 2**15 of them,
    each worked out once)."""
    longest = 0
    while ranks:
        ranks &= ranks >> 4
        longest += 1
    return longest


#: The trees :func:`reaches` answers for at once, looked up once.
_PAIR_ID, _THREE_ID, _FOUR_ID = PAIR.id, THREE.id, FOUR.id
_STRAIGHT_ID, _FLUSH_ID, _ANY_ID = STRAIGHT.id, FLUSH.id, ANY.id
#: Each colour's cards.
_RED, _BLUE, _YELLOW, _GREEN = _COLOUR_BITS
#: Added to every rank's count of cards, sets its highest bit where the rank has any card.
_ANY_CARD = 7 * _LOW
#: By the number of cards of one rank a play needs (2, 3 or 4), then by copy cards held: what to add
#: to every rank's count of cards (at most 4, in its 4 bits) so that its highest bit is set exactly
#: when the rank has enough cards (copies fill up all but one card).
_TOWARDS_BY_SIZE = {
    size: tuple((8 - max(1, size - copies)) * _LOW for copies in range(COPY_CARDS + 1)) for size in (2, 3, 4)
}
#: The same by copy cards held, for the Pair, 3 and 4 of a Kind trees at once.
_TOWARDS = tuple(
    tuple(_TOWARDS_BY_SIZE[tree.size][copies] for tree in (PAIR, THREE, FOUR)) for copies in range(COPY_CARDS + 1)
)


def beat_on(tree: Tree, pile: Sequence[PlayRecord]) -> int:
    """What the next play on ``tree`` must beat: the rank on top (ranked trees) or the number of cards
    on top (the others); 0 on an empty tree."""
    if not pile:
        return 0
    top = pile[-1]
    return RANK[top["cards"][0]] if tree.ranked else len(top["cards"]) + len(top["copies"])


def family(tree: Tree, pile: Sequence[PlayRecord], hand: Holding) -> PlayFamily:
    """Every legal play of ``hand`` on ``tree`` (R5, R6): the one description of what each tree accepts."""
    return family_over(tree, beat_on(tree, pile), hand)


def family_over(tree: Tree, top: int, hand: Holding) -> PlayFamily:
    """:func:`family` given what the next play must beat (see :func:`beat_on`), as a state keeps it."""
    single = SINGLE_CARDS.get(tree.id)
    if single is not None:
        cards = hand.mask & single[top]
        return _singles(cards) if cards else NO_PLAYS
    if top >= hand.reaches[tree.id]:
        return NO_PLAYS
    return _FAMILIES[tree.kind](tree, top, hand)


#: A tree's id and the plays a hand has there.
TreePlays = tuple[str, "PlayFamily"]


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
    enough = (hand.counts + _TOWARDS_BY_SIZE[size][numbers >> COPY_SHIFT]) & _HIGH_ABOVE[top]
    if not enough:
        return []
    return [_RANK_CARDS[rank][numbers >> 4 * (rank - 1) & 15] for rank in _ranks_marked(enough)]


def _straights(tree: Tree, top: int, hand: Holding) -> PlayFamily:
    return Runs(hand, max(FIRST_COMBINATION, top + 1))  # more cards than on top


def _flushes(tree: Tree, top: int, hand: Holding) -> PlayFamily:
    """More cards than on top, of one colour."""
    return CardSets([cards for cards in hand.by_colour if cards], hand.copies, max(FIRST_COMBINATION, top + 1), None)


def _anys(tree: Tree, top: int, hand: Holding) -> PlayFamily:
    """More cards than on top, any cards."""
    return CardSets((hand.numbers,), hand.copies, max(FIRST_COMBINATION, top + 1), None)


_FAMILIES: dict[str, Callable[[Tree, int, Holding], PlayFamily]] = {
    "pair": _of_a_kind,
    "three-of-a-kind": _of_a_kind,
    "four-of-a-kind": _of_a_kind,
    "straight": _straights,
    "flush": _flushes,
    "any": _anys,
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


# --- the plays of a whole table, as listed actions --------------------------------------------------


class TableTrees(NamedTuple):
    """A table's trees as a listing reads them, each with its place on the table: the Single trees,
    the of-a-kind trees, then Straight, Flush and Any (the table order of every layout, R2 and R10).
    Made once per layout by :func:`table_trees`."""

    #: Each Single tree: its place, the cards it takes above each top (:data:`SINGLE_CARDS`), its plays
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
                _TOWARDS_BY_SIZE[tree.size],
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

    What :func:`playable_over` finds, made into actions, read tree kind by tree kind straight from the
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
    counts = numbers - (numbers >> 1 & _PAIRS_LOW)  # as Holding.counts
    counts = (counts & _PAIRS) + (counts >> 2 & _PAIRS)
    spare = mask >> COPY_SHIFT
    for place, towards, kept_by_spare, tree_id in table.of_a_kind:
        enough = (counts + towards[spare]) & _HIGH_ABOVE[tops[place]]
        if enough:
            kept = kept_by_spare[spare]
            for rank in _ranks_marked(enough):
                key = rank << 4 | (mask >> 4 * (rank - 1) & 15)
                found = kept.get(key)
                if found is None:
                    found = kept[key] = _plays_of_a_kind(tree_id, spare, _RANK_CARDS[rank][key & 15])
                listed.append(found)
    # Straight, Flush and Any: the most cards a play can have there, from the hand's integer
    place, tree = table.straight
    top = tops[place]
    longest = _longest_run((counts + _ANY_CARD) & _HIGH)  # the most ranks in a row
    if longest > top and longest >= FIRST_COMBINATION:
        listed.append(_made_plays(tree.id, Runs(holding(mask), max(FIRST_COMBINATION, top + 1))))
    held = numbers.bit_count() + spare if numbers else 0
    place, tree = table.flush
    top = tops[place]
    if held > top and held >= FIRST_COMBINATION:  # else no colour has enough either
        most = max(
            (numbers & _RED).bit_count(),
            (numbers & _BLUE).bit_count(),
            (numbers & _YELLOW).bit_count(),
            (numbers & _GREEN).bit_count(),
        )
        if most and most + spare > top and most + spare >= FIRST_COMBINATION:
            listed.append(_made_plays(tree.id, _flushes(tree, top, holding(mask))))
    place, tree = table.any
    top = tops[place]
    if held > top and held >= FIRST_COMBINATION:
        listed.append(_made_plays(tree.id, _anys(tree, top, holding(mask))))
    return listed


def table_has_play(table: TableTrees, tops: Sequence[int], hand: Holding) -> bool:
    """Whether ``hand`` has a play anywhere on a table (see :func:`table_plays`): what
    :func:`has_any_play_over` says, a Single tree that takes a card answering first."""
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
