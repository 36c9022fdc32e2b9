"""Who acts, what they may do, and what their action does: the dispatch over phases and action types."""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator

from engine.actions import Action
from engine.errors import IllegalAction
from engine.game import Context, Event
from engine.games.pili_pili.actions import Bet, ChoosePartner, ExchangeWith, GiveCard, PassCards, PlayCard, PlaySlot
from engine.games.pili_pili.betting import allowed_bets, apply_bet, check_bet
from engine.games.pili_pili.cards import JOKER, JOKER_VALUES
from engine.games.pili_pili.decisions import (
    apply_exchange_with,
    apply_give,
    apply_partner,
    apply_pass,
    check_exchange_with,
    check_held,
    check_partner,
    check_pass,
    pass_count,
)
from engine.games.pili_pili.state import (
    BET,
    EXCHANGE,
    EXCHANGE_CHOICE,
    OVER,
    PARTNER,
    PASS,
    PLAY,
    PiliState,
    effect_of,
    mutable_copy,
)
from engine.games.pili_pili.tricks import apply_play, apply_slot, check_play, check_slot, playable_cards
from engine.unranking import nth_combination

#: What each phase asks for, with the ruling that says so: the message for an action of another phase.
PHASE_PROMPTS = {
    BET: ("L3", "it is time to bet (pili-pili.bet)"),
    PASS: ("S1", "it is time to choose the cards you pass (pili-pili.pass)"),
    PARTNER: ("E6", "it is time to choose your partner (pili-pili.choose-partner)"),
    PLAY: ("L2", "it is time to play a card"),
    EXCHANGE_CHOICE: ("E9", "you won the trick: choose who to exchange a card with (pili-pili.exchange-with)"),
    EXCHANGE: ("E9", "it is time to choose the card you give (pili-pili.give)"),
}
#: The phase each action type belongs to.
ACTION_PHASES: dict[type[Action], str] = {
    Bet: BET,
    PlayCard: PLAY,
    PlaySlot: PLAY,
    PassCards: PASS,
    ChoosePartner: PARTNER,
    ExchangeWith: EXCHANGE_CHOICE,
    GiveCard: EXCHANGE,
}


def seats_to_act(state: PiliState) -> list[int]:
    """The seat whose turn it is, or every seat still owing a secret choice (S1, E6, S9, E9)."""
    phase = state["phase"]
    if phase == OVER:
        return []
    if phase in (PASS, PARTNER) or (phase == PLAY and effect_of(state) == "S9"):
        return [seat for seat, choice in enumerate(state["pending"]) if choice is None]
    if phase == EXCHANGE:
        return [seat for seat in sorted(state["exchange"]) if state["pending"][seat] is None]
    return [state["turn"]]


def legal_actions(state: PiliState, seat: int) -> Iterator[Action]:
    """Every legal action of ``seat``, lazily. None of them names a card the seat may not see."""
    phase = state["phase"]
    if phase == BET:
        return (Bet(tricks) for tricks in allowed_bets(state, seat))
    if phase == PASS:
        hand = sorted(state["hands"][seat])
        return (PassCards(cards) for cards in itertools.combinations(hand, pass_count(state, seat)))
    if phase == PARTNER:
        return (ChoosePartner(other) for other in range(state["players"]) if other != seat)
    if phase == EXCHANGE_CHOICE:
        return (ExchangeWith(other) for other in range(state["players"]) if other != seat)
    if phase == EXCHANGE:
        return (GiveCard(card) for card in state["hands"][seat])
    if effect_of(state) == "E4":
        return (PlaySlot(slot) for slot in range(len(state["hands"][seat])))
    return _card_plays(playable_cards(state, seat))


def nth_legal_action(state: PiliState, seat: int, index: int) -> Action:
    """The action at ``index`` in :func:`legal_actions`'s order; S1's passes are unranked, not listed."""
    if index < 0:
        raise IndexError(f"legal action index {index} is negative")
    if state["phase"] == PASS:
        hand = sorted(state["hands"][seat])
        return PassCards(nth_combination(hand, pass_count(state, seat), index))
    found = next(itertools.islice(legal_actions(state, seat), index, None), None)
    if found is None:
        raise IndexError(f"legal action index {index} is out of range")
    return found


def _card_plays(cards: list[int]) -> Iterator[Action]:
    for card in cards:
        if card == JOKER:
            yield from (PlayCard(JOKER, value) for value in JOKER_VALUES)
        else:
            yield PlayCard(card, None)


def count_legal_actions(state: PiliState, seat: int) -> int:
    """How many actions :func:`legal_actions` lists, without listing S1's card combinations."""
    phase = state["phase"]
    if phase == PASS:
        return math.comb(len(state["hands"][seat]), pass_count(state, seat))
    if phase == PLAY and effect_of(state) != "E4":
        cards = playable_cards(state, seat)
        return len(cards) + (len(JOKER_VALUES) - 1 if JOKER in cards else 0)
    return sum(1 for _ in legal_actions(state, seat))


def check_action(state: PiliState, seat: int, action: Action) -> None:
    """Raise :class:`IllegalAction` naming the ruling if ``action`` is not legal for ``seat`` now."""
    phase = state["phase"]
    if ACTION_PHASES[type(action)] != phase:
        rule, prompt = PHASE_PROMPTS[phase]
        raise IllegalAction(rule, prompt)
    if isinstance(action, Bet):
        check_bet(state, seat, action.tricks)
    elif isinstance(action, PlayCard):
        check_play(state, seat, action.card, action.joker_value)
    elif isinstance(action, PlaySlot):
        check_slot(state, seat, action.slot)
    elif isinstance(action, PassCards):
        check_pass(state, seat, action.cards)
    elif isinstance(action, ChoosePartner):
        check_partner(state, seat, action.partner)
    elif isinstance(action, ExchangeWith):
        check_exchange_with(state, seat, action.player)
    elif isinstance(action, GiveCard):
        check_held(state, seat, [action.card])


def apply_action(state: PiliState, seat: int, action: Action, ctx: Context) -> tuple[PiliState, list[Event]]:
    """The state after a checked action, and its events; ``state`` itself is left untouched."""
    after = mutable_copy(state)
    if isinstance(action, Bet):
        events = apply_bet(after, seat, action.tricks)
    elif isinstance(action, PlayCard):
        value = action.card if action.joker_value is None else action.joker_value
        events = apply_play(after, seat, action.card, value, ctx)
    elif isinstance(action, PlaySlot):
        events = apply_slot(after, seat, action.slot, ctx)
    elif isinstance(action, PassCards):
        events = apply_pass(after, seat, action.cards)
    elif isinstance(action, ChoosePartner):
        events = apply_partner(after, seat, action.partner)
    elif isinstance(action, ExchangeWith):
        events = apply_exchange_with(after, seat, action.player)
    else:
        assert isinstance(action, GiveCard)
        events = apply_give(after, seat, action.card)
    return after, events
