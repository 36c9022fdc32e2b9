"""The trees (rulings R2, R5-R7): which trees a match has, what each accepts and what it rewards.

Everything here works on one tree's pile and one hand. ``play_problem`` says why a given play is
illegal. :func:`family` describes, once per tree kind, every legal play of a hand: a
:class:`CardSets` (Single, the of-a-kind trees, Flush, Any) or a :class:`Runs` (Straight). That one
description answers the other questions alike: which plays are legal (``plays``, lazily), how many
(``count_plays``, by counting, never by listing), which is the n-th (``nth_play``, by unranking),
whether there is any (``has_play``) and which ones the solo robot weighs (``smallest_plays``).
Before any family is made, :func:`reaches` says from a hand's ranks per colour, for every tree at
once, up to which top the hand has a play there, so a tree without one costs a comparison;
:func:`playable` asks about a whole table in one loop, as every step does, and :func:`has_any_play`
only whether the table takes a play at all, from the reaches alone.

A play is two tuples: the number cards played and, one entry per copy card, the number card of the
same play that the copy copies (R6). Both are in canonical card order, so each play has one form.
"""

from __future__ import annotations

import dataclasses
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Mapping, Sequence
from functools import cache, lru_cache, partial
from itertools import chain, combinations, combinations_with_replacement, groupby, product, repeat, starmap
from math import comb, prod
from typing import Any, Literal, TypedDict

from engine.unranking import nth_combination, nth_multiset, nth_product
from tests.engine.girafferaffe_v1.cards import COLOUR, COLOURS, COPY, COPY_CARDS, ORDER, RANK, RANKS

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


#: Each number card's bit in a hand's bits (see :func:`reaches`): 16 bits per colour, one per rank.
BIT: dict[str, int] = {card: 1 << (16 * COLOUR[card] + RANK[card]) for card in RANK}
RANK_BITS = 0xFFFF
#: The number cards of each colour, to pick a hand's cards of one colour out with :func:`filter`.
_COLOUR_CARDS = tuple(frozenset(card for card in RANK if COLOUR[card] == colour) for colour in ALL_COLOURS)
#: The number cards each Single tree takes above each top rank, by tree id and rank (0: empty tree).
_SINGLE_CARDS = {
    (tree.id, beat): frozenset(card for card in RANK if COLOUR[card] in tree.colours and RANK[card] > beat)
    for tree in TREES.values()
    if tree.kind == "single"
    for beat in (0, *RANKS)
}


class Holding:
    """A hand as the tree rules see it: its number cards (canonical order) and how many copy cards.

    It also keeps what it learnt about each tree, since one step asks about the same hand and tree
    several times (can the seat act, list, count, unrank): each tree's :func:`reaches` and the
    :func:`family` of each tree and top. The groupings of the cards are worked out when first asked
    for. Never changed otherwise.
    """

    _reaches: dict[str, int] | None = None
    _by_rank: dict[int, tuple[str, ...]] | None = None
    _by_colour: tuple[tuple[str, ...], ...] | None = None
    _stretches: list[list[tuple[str, ...]]] | None = None

    def __init__(self, hand: Sequence[str], *, canonical: bool = False) -> None:
        """``canonical``: the hand is already in canonical order (as every hand in a state is)."""
        copies = hand.count(COPY)
        if not canonical:
            hand = sorted(hand, key=ORDER.__getitem__)
        self.numbers = tuple(hand[: len(hand) - copies])  # copy cards come last
        self.copies = copies
        self.families: dict[tuple[str, int], PlayFamily] = {}

    @property
    def reaches(self) -> dict[str, int]:
        """Each tree's reach, by tree id (see :func:`reaches`)."""
        if self._reaches is None:
            self._reaches = reaches(self)
        return self._reaches

    @property
    def by_rank(self) -> dict[int, tuple[str, ...]]:
        """The number cards of each rank held, colours in order (ranks ascending)."""
        if self._by_rank is None:
            self._by_rank = {rank: tuple(cards) for rank, cards in groupby(self.numbers, RANK.__getitem__)}
        return self._by_rank

    @property
    def by_colour(self) -> tuple[tuple[str, ...], ...]:
        """The number cards of each colour held, ranks ascending."""
        if self._by_colour is None:
            numbers = self.numbers
            self._by_colour = tuple(tuple(filter(cards.__contains__, numbers)) for cards in _COLOUR_CARDS)
        return self._by_colour

    @property
    def stretches(self) -> list[list[tuple[str, ...]]]:
        """Each longest stretch of consecutive ranks held, as the cards of each of its ranks."""
        if self._stretches is None:
            self._stretches = []
            last = -1
            for rank, cards in self.by_rank.items():
                if rank == last + 1:
                    self._stretches[-1].append(cards)
                else:
                    self._stretches.append([cards])
                last = rank
        return self._stretches


@lru_cache(maxsize=256)
def holding(hand: tuple[str, ...]) -> Holding:
    """The :class:`Holding` of a hand in canonical order (as in a state), shared between calls: one
    step asks about the same hand several times (can the seat act, list, count, unrank)."""
    return Holding(hand, canonical=True)


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
        need = fewest_cards(tree, pile)
        if total < need:
            top = top_count(pile)
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
    if tree.ranked and pile:  # every rank beats an empty tree
        low = top_rank(pile) + 1
        if RANK[(cards or copies)[0]] < low:
            return "R5", f"the {tree.name} tree needs a rank above {low - 1}, the rank on top"
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
        stretches = hand.stretches
        longest = max(map(len, stretches), default=0)
        #: The cards of each rank of each run, in listing order.
        self.runs = [
            stretch[start : start + length]
            for length in range(need, longest + 1)
            for stretch in stretches
            for start in range(len(stretch) - length + 1)
        ]
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
    """For each tree (by id), the least top that ``hand`` cannot beat there: it has a play on the tree
    exactly while what is on top (the rank on a ranked tree, else the number of cards; 0 when
    empty) is below this.

    Worked out for every tree at once from the ranks held in each colour, as bits, so that a tree
    without a play costs no family.
    """
    bits = sum(map(BIT.__getitem__, hand.numbers))
    red, blue, yellow, green = bits & RANK_BITS, bits >> 16 & RANK_BITS, bits >> 32 & RANK_BITS, bits >> 48
    red_blue, yellow_green = red | blue, yellow | green
    ranks = red_blue | yellow_green
    # the ranks held in at least 1, 2, 3 and 4 colours
    at_least = (
        ranks,
        ranks,
        (red & blue) | (yellow & green) | (red_blue & yellow_green),
        (red & blue & yellow_green) | (yellow & green & red_blue),
        red & blue & yellow & green,
    )
    copies = hand.copies
    pair, three, four = _COLOURS_NEEDED[copies]
    longest = _longest_run(ranks)
    most = max(red.bit_count(), blue.bit_count(), yellow.bit_count(), green.bit_count())  # of one colour
    held = len(hand.numbers) + copies if bits else 0
    # each colour's highest rank held (-1: none)
    r, b, y, g = red.bit_length() - 1, blue.bit_length() - 1, yellow.bit_length() - 1, green.bit_length() - 1
    return {
        # Single: the highest rank of a colour it takes
        _SINGLE_ID: ranks.bit_length() - 1,
        _RED_YELLOW_ID: r if r > y else y,
        _BLUE_GREEN_ID: b if b > g else g,
        _RED_ID: r,
        _BLUE_ID: b,
        _YELLOW_ID: y,
        _GREEN_ID: g,
        # of a kind: the highest rank with enough cards, copies filling up all but one
        _PAIR_ID: at_least[pair].bit_length() - 1,
        _THREE_ID: at_least[three].bit_length() - 1,
        _FOUR_ID: at_least[four].bit_length() - 1,
        # the others: the most cards a play can have, if that is enough for a first play
        _STRAIGHT_ID: longest if longest >= FIRST_COMBINATION else -1,
        _FLUSH_ID: most + copies if most and most + copies >= FIRST_COMBINATION else -1,
        _ANY_ID: held if held >= FIRST_COMBINATION else -1,
    }


@cache
def _longest_run(ranks: int) -> int:
    """The most consecutive ranks among the bits of ``ranks`` (at most 2**16 masks, each worked out once)."""
    longest = 0
    while ranks:
        ranks &= ranks >> 1
        longest += 1
    return longest


_RED_YELLOW, _BLUE_GREEN = SINGLES_BY_PAIRS
_RED, _BLUE, _YELLOW, _GREEN = SINGLES_BY_COLOUR
assert _RED_YELLOW.colours == (0, 2) and _BLUE_GREEN.colours == (1, 3)  # as reaches() reads them
#: The tree ids :func:`reaches` answers for, looked up once.
_SINGLE_ID, _RED_YELLOW_ID, _BLUE_GREEN_ID = SINGLE_ANY.id, _RED_YELLOW.id, _BLUE_GREEN.id
_RED_ID, _BLUE_ID, _YELLOW_ID, _GREEN_ID = _RED.id, _BLUE.id, _YELLOW.id, _GREEN.id
_PAIR_ID, _THREE_ID, _FOUR_ID = PAIR.id, THREE.id, FOUR.id
_STRAIGHT_ID, _FLUSH_ID, _ANY_ID = STRAIGHT.id, FLUSH.id, ANY.id
#: By copy cards held: how many colours a rank needs on the Pair, 3 and 4 of a Kind trees (copies
#: fill up all but one card).
_COLOURS_NEEDED = tuple(
    tuple(max(1, tree.size - copies) for tree in (PAIR, THREE, FOUR)) for copies in range(COPY_CARDS + 1)
)


def beat_on(tree: Tree, pile: Sequence[PlayRecord]) -> int:
    """What the next play on ``tree`` must beat: the rank on top (ranked trees) or the number of cards
    on top (the others); 0 on an empty tree."""
    return _beat(tree.id, pile)


def family(tree: Tree, pile: Sequence[PlayRecord], hand: Holding) -> PlayFamily:
    """Every legal play of ``hand`` on ``tree`` (R5, R6): the one description of what each tree accepts."""
    beat = beat_on(tree, pile)
    if beat >= hand.reaches[tree.id]:
        return NO_PLAYS
    return _known_family(tree, beat, hand)


#: A tree's id and the plays a hand has there.
TreePlays = tuple[str, "PlayFamily"]


def playable(tree_ids: Sequence[str], piles: Mapping[str, Sequence[PlayRecord]], hand: Holding) -> list[TreePlays]:
    """The trees among ``tree_ids`` (in their order) where ``hand`` has a play, each with its :func:`family`.

    The same as asking :func:`family` tree by tree, in one loop: every step asks this for every tree.
    """
    reach = hand.reaches
    found = []
    for tree_id in tree_ids:
        most = reach[tree_id]
        if most > 0:  # a play fits on the empty tree
            beat = _beat(tree_id, piles[tree_id])
            if beat < most:
                found.append((tree_id, _known_family(TREES[tree_id], beat, hand)))
    return found


def has_any_play(tree_ids: Sequence[str], piles: Mapping[str, Sequence[PlayRecord]], hand: Holding) -> bool:
    """Whether ``hand`` has a play on any of ``tree_ids``: what :func:`playable` finds, read from the
    reaches alone, without making a family (a move asks it of the next seat)."""
    reach = hand.reaches
    return any(reach[tree_id] > _beat(tree_id, piles[tree_id]) for tree_id in tree_ids)


def _beat(tree_id: str, pile: Sequence[PlayRecord]) -> int:
    """:func:`beat_on` by tree id (the loops over a table have the ids)."""
    if not pile:
        return 0
    top = pile[-1]
    return RANK[top["cards"][0]] if tree_id in _RANKED else len(top["cards"]) + len(top["copies"])


_RANKED = frozenset(tree.id for tree in TREES.values() if tree.ranked)


def _known_family(tree: Tree, beat: int, hand: Holding) -> PlayFamily:
    """The family of a tree where the hand has a play, made once per hand, tree and top."""
    key = (tree.id, beat)
    found = hand.families.get(key)
    if found is None:
        found = hand.families[key] = _family(tree, beat, hand)
    return found


def _family(tree: Tree, beat: int, hand: Holding) -> PlayFamily:
    if tree.kind == "single":  # one number card of an allowed colour, above the top rank
        return Singles(tuple(filter(_SINGLE_CARDS[tree.id, beat].__contains__, hand.numbers)))
    if tree.size:  # exactly ``size`` cards of one rank, above the top rank (ranks with too few left out)
        least = tree.size - hand.copies
        groups = [cards for rank, cards in hand.by_rank.items() if rank > beat and len(cards) >= least]
        return CardSets(groups, hand.copies, tree.size, tree.size)
    need = max(FIRST_COMBINATION, beat + 1)  # more cards than on top
    if tree.kind == "straight":
        return Runs(hand, need)
    if tree.kind == "flush":  # of one colour
        return CardSets([cards for cards in hand.by_colour if cards], hand.copies, need, None)
    return CardSets((hand.numbers,), hand.copies, need, None)  # Any


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
