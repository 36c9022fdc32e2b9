"""A hand as the tree rules read it: one integer, and what a few bit operations say about it.

A hand is one integer (see :mod:`.cards`): bit ``4 * (rank - 1) + colour`` for each number card
held and the copy cards counted from bit 60 on, so each rank has 4 bits, one per colour. The rules
read it with a few operations on all ranks at once: a Single tree takes a play exactly when the
hand shares a card with :data:`SINGLE_CARDS` (the cards of its colours above its top); counting
each rank's cards within its 4 bits says which ranks make an of-a-kind play; :func:`reaches` says
up to which top the hand has a play on the other trees, so a tree without one costs a comparison.
The bit masks here are shared with :mod:`.families`, :mod:`.tree_plays` and :mod:`.table_plays`.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from engine.games.girafferaffe.cards import (
    CODE,
    COLOUR,
    COPY_CARDS,
    COPY_SHIFT,
    NUMBER_BITS,
    NUMBER_CARDS,
    RANKS,
    cards_in,
    mask_of,
)
from engine.games.girafferaffe.trees import (
    ALL_COLOURS,
    ANY,
    FIRST_COMBINATION,
    FLUSH,
    FOUR,
    PAIR,
    STRAIGHT,
    THREE,
    TREES,
)

#: The lowest of each rank's 4 bits: red's cards (the other colours' are these shifted by the colour
#: index); and the highest of them.
LOW_BITS = sum(1 << CODE[card] for card in NUMBER_CARDS if COLOUR[card] == 0)
HIGH_BITS = LOW_BITS << 3
#: The lower two of each rank's 4 bits, and the first and third (to count a rank's cards in its 4 bits).
LOW_TWO_BITS = LOW_BITS | LOW_BITS << 1
FIRST_AND_THIRD_BITS = LOW_BITS | LOW_BITS << 2
#: Each colour's cards, as bits.
COLOUR_BITS = tuple(LOW_BITS << colour for colour in ALL_COLOURS)
#: The number cards above each rank (0: all of them), as bits; and their ranks' highest bits.
_ABOVE = tuple(NUMBER_BITS & ~((1 << 4 * rank) - 1) for rank in (0, *RANKS))
HIGH_BITS_ABOVE = tuple(HIGH_BITS & above for above in _ABOVE)
#: The number cards each Single tree takes above each top rank, by tree id and rank (0: empty tree), as
#: bits: a hand's plays there are its cards among these (one card each).
SINGLE_CARDS: dict[str, tuple[int, ...]] = {
    tree.id: tuple(sum(COLOUR_BITS[colour] for colour in tree.colours) & _ABOVE[beat] for beat in (0, *RANKS))
    for tree in TREES.values()
    if tree.kind == "single"
}
#: The cards of each rank (by rank, then by the 4 bits of that rank's colours held), colours in order.
RANK_CARDS = {rank: tuple(cards_in(nibble << 4 * (rank - 1)) for nibble in range(16)) for rank in RANKS}

#: The trees :func:`reaches` answers for at once, looked up once.
_PAIR_ID, _THREE_ID, _FOUR_ID = PAIR.id, THREE.id, FOUR.id
_STRAIGHT_ID, _FLUSH_ID, _ANY_ID = STRAIGHT.id, FLUSH.id, ANY.id
#: Each colour's cards.
RED_BITS, BLUE_BITS, YELLOW_BITS, GREEN_BITS = COLOUR_BITS
#: Added to every rank's count of cards, sets its highest bit where the rank has any card.
ANY_CARD = 7 * LOW_BITS
#: By the number of cards of one rank a play needs (2, 3 or 4), then by copy cards held: what to add
#: to every rank's count of cards (at most 4, in its 4 bits) so that its highest bit is set exactly
#: when the rank has enough cards (copies fill up all but one card).
TOWARDS_BY_SIZE = {
    size: tuple((8 - max(1, size - copies)) * LOW_BITS for copies in range(COPY_CARDS + 1)) for size in (2, 3, 4)
}
#: The same by copy cards held, for the Pair, 3 and 4 of a Kind trees at once.
_TOWARDS = tuple(
    tuple(TOWARDS_BY_SIZE[tree.size][copies] for tree in (PAIR, THREE, FOUR)) for copies in range(COPY_CARDS + 1)
)


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
            counts = numbers - (numbers >> 1 & FIRST_AND_THIRD_BITS)  # in each two bits: how many of those two colours
            self._counts = (counts & LOW_TWO_BITS) + (counts >> 2 & LOW_TWO_BITS)
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
            self._by_colour = tuple(cards_in(numbers & bits) for bits in COLOUR_BITS)
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
    longest = longest_run((counts + ANY_CARD) & HIGH_BITS)
    most = (
        max(
            (numbers & RED_BITS).bit_count(),
            (numbers & BLUE_BITS).bit_count(),
            (numbers & YELLOW_BITS).bit_count(),
            (numbers & GREEN_BITS).bit_count(),
        )
        + copies
    )  # cards of one colour
    held = numbers.bit_count() + copies if numbers else 0
    return {
        # of a kind: the highest rank with enough cards, copies filling up all but one (the rank of
        # the highest bit among the ranks' highest bits: bit_length // 4)
        _PAIR_ID: ((counts + pair) & HIGH_BITS).bit_length() >> 2,
        _THREE_ID: ((counts + three) & HIGH_BITS).bit_length() >> 2,
        _FOUR_ID: ((counts + four) & HIGH_BITS).bit_length() >> 2,
        # the others: the most cards a play can have, if that is enough for a first play
        _STRAIGHT_ID: longest if longest >= FIRST_COMBINATION else 0,
        _FLUSH_ID: most if most >= FIRST_COMBINATION and most > copies else 0,
        _ANY_ID: held if held >= FIRST_COMBINATION else 0,
    }


def rank_marks(numbers: int) -> int:
    """The highest of the 4 bits of each rank of which ``numbers`` (number cards' bits) holds a card."""
    return ((numbers | numbers >> 1 | numbers >> 2 | numbers >> 3) & LOW_BITS) << 3


@cache
def ranks_marked(marks: int) -> tuple[int, ...]:
    """The ranks whose highest bit is set in ``marks``, ascending (at most 2**15 of them, each worked
    out once)."""
    return tuple(rank for rank in RANKS if marks >> 4 * rank - 1 & 1)


@cache
def longest_run(ranks: int) -> int:
    """The most consecutive ranks among ``ranks`` (one bit per rank, 4 apart; at most 2**15 of them,
    each worked out once)."""
    longest = 0
    while ranks:
        ranks &= ranks >> 4
        longest += 1
    return longest
