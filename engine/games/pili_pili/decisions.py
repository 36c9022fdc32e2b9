"""The secret simultaneous choices: passing cards (S1), choosing a partner (E6), exchanging a card (E9).

Each seat commits with its own action into ``pending``; nobody sees another's commitment (only that
it was made) until everyone involved has committed, and then the choice resolves at once. The log
hides these actions the same way (:func:`secret_of`, :func:`is_resolved`).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from engine.actions import Action
from engine.errors import IllegalAction
from engine.game import Event, Secret
from engine.games.pili_pili.actions import ChoosePartner, GiveCard, PassCards, PlayCard
from engine.games.pili_pili.cards import card_name
from engine.games.pili_pili.state import (
    EXCHANGE,
    OVER,
    PLAY,
    PiliState,
    begin_play,
    between,
    effect_of,
    mission_param,
    neighbour,
)

RULEBOOK = "pili-pili rulebook"


def committed(seat: int, choice: str) -> Event:
    """The public news that ``seat`` has made its secret ``choice``, without what it chose."""
    return Event("choice_committed", {"seat": seat, "choice": choice})


def pass_count(state: PiliState, seat: int) -> int:
    """How many cards S1 makes ``seat`` pass: the card's count, or the whole hand if that is smaller."""
    return min(int(mission_param(state, "count")), len(state["hands"][seat]))


def check_pass(state: PiliState, seat: int, cards: Sequence[int]) -> None:
    """S1: exactly the right number of held cards, each named once in increasing order (one form per choice)."""
    count = pass_count(state, seat)
    if len(cards) != count:
        raise IllegalAction("S1", f"pass exactly {count} card(s), not {len(cards)}")
    if any(a >= b for a, b in itertools.pairwise(cards)):
        raise IllegalAction("S1", "name each card once, in increasing order")
    check_held(state, seat, cards)


def check_held(state: PiliState, seat: int, cards: Sequence[int]) -> None:
    """Refuse cards that are not in ``seat``'s hand."""
    hand = state["hands"][seat]
    missing = [card for card in cards if card not in hand]
    if missing:
        raise IllegalAction(RULEBOOK, f"you do not hold {card_name(missing[0])}")


def apply_pass(state: PiliState, seat: int, cards: Sequence[int]) -> list[Event]:
    """S1: set the cards aside face down; once everyone has, each passes them to the neighbour."""
    hand = state["hands"][seat]
    for card in cards:
        hand.remove(card)
    state["pending"][seat] = list(cards)
    events = [committed(seat, "pass")]
    if any(choice is None for choice in state["pending"]):
        return events
    direction = mission_param(state, "direction")
    events.append(Event("cards_passed", {"direction": direction}))
    for giver, given in enumerate(state["pending"]):
        assert given is not None
        receiver = neighbour(state, giver, direction)
        state["hands"][receiver] = sorted([*state["hands"][receiver], *given])
        data = {"seat": receiver, "from": giver, "cards": list(given)}
        events.append(Event("cards_received", data, between(giver, receiver)))
    begin_play(state)
    return events


def check_partner(state: PiliState, seat: int, partner: int) -> None:
    """E6: the partner is another seat at this table."""
    if partner == seat:
        raise IllegalAction("E6", "choose another player, not yourself")
    if partner >= state["players"]:
        raise IllegalAction("E6", f"there is no seat {partner}; seats are 0-{state['players'] - 1}")


def apply_partner(state: PiliState, seat: int, partner: int) -> list[Event]:
    """E6: record the secret choice; once all have chosen, reveal them all and start the tricks."""
    state["pending"][seat] = [partner]
    events = [committed(seat, "partner")]
    if any(choice is None for choice in state["pending"]):
        return events
    state["partners"] = [choice[0] for choice in state["pending"] if choice is not None]
    events.append(Event("partners_revealed", {"partners": list(state["partners"])}))
    begin_play(state)
    return events


def check_exchange_with(state: PiliState, seat: int, player: int) -> None:
    """E9: the exchange partner is another seat at this table."""
    if player == seat:
        raise IllegalAction("E9", "choose another player to exchange a card with, not yourself")
    if player >= state["players"]:
        raise IllegalAction("E9", f"there is no seat {player}; seats are 0-{state['players'] - 1}")


def apply_exchange_with(state: PiliState, seat: int, player: int) -> list[Event]:
    """E9: the trick's winner names the other player; both now secretly pick a card to give."""
    state["exchange"] = [seat, player]
    state["phase"] = EXCHANGE
    state["pending"] = [None] * state["players"]
    return [Event("exchange_started", {"seat": seat, "with": player})]


def apply_give(state: PiliState, seat: int, card: int) -> list[Event]:
    """E9: set the card aside face down; once both have, they swap and the winner leads the next trick."""
    state["hands"][seat].remove(card)
    state["pending"][seat] = [card]
    events = [committed(seat, "give")]
    winner, other = state["exchange"]
    given, received = state["pending"][winner], state["pending"][other]
    if given is None or received is None:
        return events
    state["hands"][other] = sorted([*state["hands"][other], given[0]])
    state["hands"][winner] = sorted([*state["hands"][winner], received[0]])
    events.append(Event("cards_exchanged", {"seats": [winner, other]}))
    gave = {"seats": [winner, other], "gave": [given[0], received[0]]}
    events.append(Event("cards_given", gave, between(winner, other)))
    state["phase"] = PLAY
    state["turn"] = winner
    state["exchange"] = []
    state["pending"] = [None] * state["players"]
    return events


def decision_key(state: PiliState) -> tuple[str | int, ...]:
    """Which decision the table is at: the round, the tricks played in it and the phase.

    Every secret choice is resolved in one go when its last commitment comes in, and the key then
    moves on for good (rounds and tricks only grow, and each phase comes once per trick).
    """
    return state["round"], len(state["trick_winners"]), state["phase"]


def secret_of(state: PiliState, seat: int, action: Action) -> Secret | None:
    """The secret simultaneous choices (S1 passes, S9 cards, E6 partners, E9 gifts) and who learns them.

    Partners and S9 cards are revealed to everyone when the choice resolves; passed and given cards
    only to the player who receives them (the others learn them when the match is over, G4).
    """
    effect = effect_of(state)
    if isinstance(action, PassCards):
        revealed_to: tuple[int, ...] | None = (neighbour(state, seat, mission_param(state, "direction")),)
    elif isinstance(action, GiveCard):
        revealed_to = tuple(other for other in state["exchange"] if other != seat)
    elif isinstance(action, ChoosePartner) or (isinstance(action, PlayCard) and effect == "S9"):
        revealed_to = None
    else:
        return None
    return Secret(decision_key(state), revealed_to)


def is_resolved(state: PiliState, secret: Secret) -> bool:
    """Whether the secret choice's decision is over at ``state`` (a state at or after the choice)."""
    return state["phase"] == OVER or tuple(secret.until) != decision_key(state)
