"""Girafferaffe's 64 cards (ruling R1): ids, ranks, colours and the one canonical order.

A number card's id is ``"<colour>-<rank>"`` (e.g. ``"red-7"``); the four copy cards are alike and
are all ``"copy"``. Hands are kept in canonical order (rank, then colour in the order red, blue,
yellow, green), copy cards last, so that equal hands are equal lists and listed plays are sorted.

The state keeps cards compactly: each card has a code, its place in that order, and a hand is one
integer with a bit per number card and a count of copy cards (:func:`mask_of`, :func:`hand_cards`).
"""

from __future__ import annotations

from collections.abc import Iterable

#: The four colours, in the order that also breaks the robot's ties (R11).
COLOURS = ("red", "blue", "yellow", "green")
RANKS = tuple(range(1, 16))
COPY = "copy"
COPY_CARDS = 4

NUMBER_CARDS = tuple(f"{colour}-{rank}" for colour in COLOURS for rank in RANKS)
#: The whole deck, 60 number cards and 4 copy cards.
DECK = (*NUMBER_CARDS, *(COPY,) * COPY_CARDS)

#: Rank and colour index of every number card; a card id missing here is no number card.
RANK: dict[str, int] = {f"{colour}-{rank}": rank for colour in COLOURS for rank in RANKS}
COLOUR: dict[str, int] = {f"{colour}-{rank}": index for index, colour in enumerate(COLOURS) for rank in RANKS}

#: Position of each card in the canonical order: by rank, then colour; copy cards last.
ORDER: dict[str, int] = {
    card: position for position, card in enumerate([*sorted(NUMBER_CARDS, key=lambda c: (RANK[c], COLOUR[c])), COPY])
}


def card_id(colour: int, rank: int) -> str:
    """The id of the number card of colour index ``colour`` and ``rank``."""
    return f"{COLOURS[colour]}-{rank}"


def sort_cards(cards: Iterable[str]) -> list[str]:
    """``cards`` in canonical order (rank, then colour; copy cards last)."""
    return sorted(cards, key=ORDER.__getitem__)


def is_number_card(card: str) -> bool:
    """Whether ``card`` names one of the 60 number cards."""
    return card in RANK


# --- the compact form: cards as codes, sets of cards as one integer (stored format 2) ---------------

#: Each card's code, its place in the canonical order: ``4 * (rank - 1) + colour`` for a number card
#: (0-59), 60 for a copy card. Decks are stored as lists of codes.
CODE: dict[str, int] = {card: 4 * (RANK[card] - 1) + COLOUR[card] for card in NUMBER_CARDS} | {COPY: 60}
#: The card of each code.
CARD: tuple[str, ...] = tuple(sorted(CODE, key=CODE.__getitem__))
#: A hand, or any cards without repeated number cards, as one integer: the bit ``1 << code`` of each
#: number card, plus ``1 << 60`` per copy card (so the copy cards are counted from bit 60 on, and the
#: value of any card, copy or not, is ``1 << CODE[card]``).
COPY_SHIFT = 60
#: The bits of the number cards in such an integer.
NUMBER_BITS = (1 << COPY_SHIFT) - 1
#: The bit of each number card.
BIT: dict[str, int] = {card: 1 << CODE[card] for card in NUMBER_CARDS}
#: The cards in the order the deck is shuffled (that of :data:`DECK`), as codes.
DECK_CODES = tuple(CODE[card] for card in DECK)
#: What each card code adds to a hand's integer (``1 << code``), looked up as a deal or a draw adds it.
CODE_VALUE = tuple(1 << code for code in range(len(CARD)))


def mask_of(cards: Iterable[str]) -> int:
    """The integer of ``cards`` (number cards listed at most once, copy cards any number of times)."""
    return sum(1 << CODE[card] for card in cards)


def hand_cards(mask: int) -> list[str]:
    """The cards of a hand's integer in canonical order: its number cards, then its copy cards."""
    copies = mask >> COPY_SHIFT
    numbers = cards_in(mask & NUMBER_BITS)
    return [*numbers, *(COPY,) * copies] if copies else list(numbers)


def cards_held(mask: int) -> int:
    """How many cards a hand's integer holds, copy cards included."""
    return (mask & NUMBER_BITS).bit_count() + (mask >> COPY_SHIFT)


#: For each of the 8 bytes of the number cards' bits and each value of that byte, its cards in order.
_B0, _B1, _B2, _B3, _B4, _B5, _B6, _B7 = (
    tuple(
        tuple(CARD[8 * place + bit] for bit in range(8) if value >> bit & 1 and 8 * place + bit < 60)
        for value in range(256)
    )
    for place in range(8)
)


def cards_in(numbers: int) -> tuple[str, ...]:
    """The number cards whose bits are set in ``numbers``, in canonical order (byte by byte)."""
    return (
        _B0[numbers & 255]
        + _B1[numbers >> 8 & 255]
        + _B2[numbers >> 16 & 255]
        + _B3[numbers >> 24 & 255]
        + _B4[numbers >> 32 & 255]
        + _B5[numbers >> 40 & 255]
        + _B6[numbers >> 48 & 255]
        + _B7[numbers >> 56 & 15]  # the last 4 bits of the number cards
    )
