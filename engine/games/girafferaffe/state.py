"""Girafferaffe's stored state (format 2) and the rulebook's numbers it is dealt with.

The state is compact: cards are codes, each hand one integer (a bit per number card and a count of
copy cards, see :mod:`.cards`), each play on a pile its seat, its cards' bits and the codes of the
cards its copies copy, and each tree keeps what its next play must beat. The rules read the
integers; cards are named (``"red-7"``) only in what leaves the engine. :mod:`.formats` reads and
writes the first stored form, which named every card.
"""

from __future__ import annotations

from typing import TypedDict

MODES = ("standard", "rounds", "solo")
APPLE_SUPPLY = 16  # R1
REDRAW_CARDS = 4  # R3
SOLO_HAND = 15  # R10
ROBOT_HAND = 5  # R11 step 1
ROTTEN_LIMIT = 2  # R9
ROBOT_CARDS_DEFAULT, ROBOT_CARDS_MIN, ROBOT_CARDS_MAX = 15, 15, 45
#: The stored state's format: 1 named every card (:func:`~.formats.readable_state`); 2 is the compact form.
FORMAT = 2
#: The robot's seat in a stored play (its events and views say ``None``).
ROBOT_SEAT = -1

#: One play on a pile: ``[seat, cards, copied...]``: the seat (:data:`ROBOT_SEAT` for the robot), the
#: number cards' bits and, one per copy card, the code of the number card it copies (ascending).
PileEntry = list[int]


class GirafferaffeState(TypedDict):
    """The stored state (format 2): cards by code, hands and plays as integers (see :mod:`.cards`)."""

    format: int  # FORMAT
    mode: str  # "standard" | "rounds" | "solo"
    players: int
    trees: list[str]  # tree ids in table order (solo: the robot's priority order)
    piles: list[list[PileEntry]]  # per tree, in table order, its plays bottom first: the last one is on top
    #: Per tree, what its next play must beat: the rank on top (Single and of-a-kind trees) or the
    #: number of cards on top (the others), 0 on an empty tree (:func:`~.trees.beat_on`).
    tops: list[int]
    hands: list[int]  # secret: each seat's hand as one integer (:func:`~.cards.mask_of`)
    hand_sizes: list[int]  # public: how many cards each hand holds
    apples: list[int]  # apples in front of each player
    supply: int  # apples in the supply
    redraw: list[int]  # the Redraw Deck, face down, top card last
    aside: list[int]  # cards out of play this round, unseen
    robot_hand: int  # solo: face up
    robot_deck: list[int]  # solo: face down, top card last
    robot_apples: int
    rotten: list[int]  # rotten apples per player (rounds mode)
    round: int
    dealer: int
    turn: int
    loser: int | None  # the seat that lost the match (None: still playing, or the robot lost)
    winners: list[int] | None  # None while the match goes on
