"""Short human-readable labels of Pili Pili's actions, e.g. "bet 2", "play 37", "play the Joker as 56"."""

from __future__ import annotations

from collections.abc import Sequence

from engine.actions import Action
from engine.games.pili_pili.actions import Bet, ChoosePartner, ExchangeWith, GiveCard, PassCards, PlayCard, PlaySlot
from engine.games.pili_pili.cards import JOKER
from engine.games.pili_pili.state import PiliState, effect_of, mission_param


def action_label(state: PiliState, action: Action) -> str:
    """The label of ``action``: only its own fields and the public mission, never a hidden card.

    An E4 slot is labelled by its position only, since the player no longer sees what lies there.
    """
    if isinstance(action, Bet):
        return f"bet {action.tricks}"
    if isinstance(action, PlayCard):
        if action.card == JOKER:
            return f"play the Joker as {action.joker_value}"
        return f"play {action.card}"
    if isinstance(action, PlaySlot):
        return f"play the face-down card in slot {action.slot}"
    if isinstance(action, PassCards):
        direction = mission_param(state, "direction") if effect_of(state) == "S1" else None
        towards = "" if direction is None else f" to the {direction}"
        return f"pass {_cards(action.cards)}{towards}"
    if isinstance(action, ChoosePartner):
        return f"choose seat {action.partner} as partner"
    if isinstance(action, ExchangeWith):
        return f"exchange a card with seat {action.player}"
    assert isinstance(action, GiveCard)
    return f"give {_cards([action.card])}"


def _cards(cards: Sequence[int]) -> str:
    """E.g. "4, 31 and the Joker"; "nothing" for no card."""
    names = [str(card) for card in cards if card != JOKER] + ["the Joker" for card in cards if card == JOKER]
    if not names:
        return "nothing"
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
