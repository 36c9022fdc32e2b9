"""The numbered cards and the Joker, and how a trick is won (ruling L1)."""

from __future__ import annotations

from collections.abc import Sequence

#: The Joker's card id. Numbered cards are their own ids, 1-55; 0 is the Joker, whatever value it is given.
JOKER = 0
HIGHEST_NUMBER = 55
#: Every card of the game: the Joker and 1-55.
DECK = tuple(range(HIGHEST_NUMBER + 1))
#: The values a Joker may take when it is played (L1).
JOKER_VALUES = range(0, HIGHEST_NUMBER + 2)

#: One play in a trick: ``[seat, card, value]`` (a list, so that it survives JSON unchanged).
Play = list[int]


def strongest_joker_value(reversed_strength: bool) -> int:
    """The value that beats every number: 56, or 0 when lower values win (E1, E4's hidden Joker)."""
    return JOKER_VALUES[0] if reversed_strength else JOKER_VALUES[-1]


def trick_winner(plays: Sequence[Play], *, reversed_strength: bool, simultaneous: bool) -> int:
    """The seat that wins ``plays`` (given in playing order).

    Higher values win (lower under E1). Numbers are all different, so a tie needs the Joker: the card
    played first wins it (L1), but in a simultaneous trick (S9), where nothing is first, the Joker wins.
    """
    best = plays[0]
    for play in plays[1:]:
        if _beats(play, best, reversed_strength=reversed_strength, simultaneous=simultaneous):
            best = play
    return best[0]


def _beats(play: Play, best: Play, *, reversed_strength: bool, simultaneous: bool) -> bool:
    value, best_value = play[2], best[2]
    if value == best_value:
        return simultaneous and play[1] == JOKER
    return value < best_value if reversed_strength else value > best_value


def extreme_cards(hand: Sequence[int]) -> set[int]:
    """The cards E7 allows: the highest and lowest numbered cards, and the Joker whenever it is held."""
    numbers = [card for card in hand if card != JOKER]
    allowed = {min(numbers), max(numbers)} if numbers else set()
    if JOKER in hand:
        allowed.add(JOKER)
    return allowed


def card_name(card: int) -> str:
    """How messages name a card: its number, or "the Joker"."""
    return "the Joker" if card == JOKER else f"card {card}"
