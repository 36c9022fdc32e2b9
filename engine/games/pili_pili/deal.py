"""The deal that starts each round, and fixed deals for scenario tests."""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.game import Event
from engine.games.pili_pili.cards import DECK
from engine.games.pili_pili.missions import MissionCard, dealt_per_player, mission_view
from engine.games.pili_pili.state import BET, PiliState, effect_of, mission_of, new_state
from engine.games.pili_pili.visibility import deal_witnesses


def start_round(state: PiliState, rng: random.Random, now: float) -> list[Event]:
    """Draw the round's mission (reshuffling a spent deck), shuffle the 56 cards and deal."""
    events: list[Event] = []
    if state["catalog"]:
        if not state["mission_order"]:
            order = list(range(len(state["catalog"])))
            rng.shuffle(order)
            state["mission_order"] = order
            events.append(Event("missions_reshuffled", {"cards": len(order)}))
        state["mission"] = state["mission_order"].pop()
    deal = dealt_per_player(mission_of(state), state["players"])
    cards = list(DECK)
    rng.shuffle(cards)
    hands = [cards[seat * deal : (seat + 1) * deal] for seat in range(state["players"])]
    if effect_of(state) != "E4":  # E4 plays by hidden slot, so the slots keep the dealt (random) order
        hands = [sorted(hand) for hand in hands]
    return events + deal_round(state, hands, cards[state["players"] * deal :], now)


def deal_round(state: PiliState, hands: list[list[int]], stock: list[int], now: float) -> list[Event]:
    """Put ``hands`` and ``stock`` on the table and reset the round's bookkeeping; betting starts."""
    players = state["players"]
    deal = len(hands[0])
    state.update(
        {
            "deal": deal,
            "tricks": deal,
            "dealt_at": now,
            "phase": BET,
            "turn": state["dealer"],
            "hands": hands,
            "stock": stock,
            "bets": [None] * players,
            "won": [0] * players,
            "extra": [0] * players,
            "pending": [None] * players,
            "partners": [None] * players,
            "exchange": [],
            "trick": [],
            "last_trick": [],
            "trick_winners": [],
        }
    )
    card = mission_of(state)
    shown = None if card is None else mission_view(card)
    events = [
        Event("round_started", {"round": state["round"], "dealer": state["dealer"], "mission": shown, "deal": deal})
    ]
    for seat, hand in enumerate(hands):
        witnesses = deal_witnesses(effect_of(state), seat, players)
        if witnesses:
            events.append(Event("hand_dealt", {"seat": seat, "cards": list(hand)}, witnesses))
    return events


def state_from_deal(
    hands: Sequence[Sequence[int]],
    *,
    dealer: int = 0,
    mission: MissionCard | None = None,
    later_missions: Sequence[MissionCard] = (),
    pilis: Sequence[int] | None = None,
    stock: Sequence[int] | None = None,
    dealt_at: float = 0.0,
) -> PiliState:
    """A state at the start of betting with exactly this deal: for scenario tests and fixed setups.

    ``hands`` are kept in the given order (slot order under E4). ``stock`` defaults to the cards not
    dealt, in increasing order, so S5 draws the highest ones first. ``later_missions`` are drawn in the
    given order in the following rounds (with ``mission`` they form the match's catalog).
    """
    players = len(hands)
    dealt = [card for hand in hands for card in hand]
    if len(set(dealt)) != len(dealt) or not set(dealt) <= set(DECK) or len({len(h) for h in hands}) != 1:
        raise ValueError("hands must be equally long and hold different cards from 0 (Joker) to 55")
    catalog = ([] if mission is None else [mission]) + list(later_missions)
    first_later = 0 if mission is None else 1
    state = new_state(players, catalog, list(range(len(catalog) - 1, first_later - 1, -1)), dealer)
    state["mission"] = None if mission is None else 0
    if pilis is not None:
        state["pilis"] = list(pilis)
    rest = [card for card in DECK if card not in set(dealt)] if stock is None else list(stock)
    deal_round(state, [list(hand) for hand in hands], rest, dealt_at)
    return state
