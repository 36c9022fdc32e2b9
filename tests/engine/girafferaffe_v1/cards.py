"""Girafferaffe's 64 cards (ruling R1): ids, ranks, colours and the one canonical order.

A number card's id is ``"<colour>-<rank>"`` (e.g. ``"red-7"``); the four copy cards are alike and
are all ``"copy"``. Hands are kept in canonical order (rank, then colour in the order red, blue,
yellow, green), copy cards last, so that equal hands are equal lists and listed plays are sorted.
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
