"""Betting (L3, S3, E5) and what happens once every bet is in (S1, S2, S5, S6, E6)."""

from __future__ import annotations

from engine.errors import IllegalAction
from engine.game import Event
from engine.games.pili_pili.state import (
    PARTNER,
    PASS,
    PiliState,
    begin_play,
    between,
    effect_of,
    mission_param,
    neighbour,
)


def last_bettor_forbidden(state: PiliState) -> int | None:
    """The bet the last bettor may not make (the one that makes the total equal the deal), else ``None``."""
    placed = [bet for bet in state["bets"] if bet is not None]
    if len(placed) != state["players"] - 1:
        return None
    return state["deal"] - sum(placed)


def mission_forbidden(state: PiliState, seat: int) -> tuple[str, int] | None:
    """The bet this round's mission forbids ``seat`` (S3's value, E5's previous bet) with its ruling."""
    effect = effect_of(state)
    if effect == "S3":
        return "S3", int(mission_param(state, "value"))
    if effect == "E5" and seat != state["dealer"]:  # the dealer bets first: nobody bet before them
        previous = state["bets"][(seat - 1) % state["players"]]
        assert previous is not None
        return "E5", previous
    return None


def allowed_bets(state: PiliState, seat: int) -> list[int]:
    """Every bet ``seat`` may make now (L3): 0..deal, minus the last bettor's total, minus the mission's.

    If the mission's restriction would leave the last bettor nothing, it is lifted for them (L3).
    """
    total = last_bettor_forbidden(state)
    base = [bet for bet in range(state["deal"] + 1) if bet != total]
    forbidden = mission_forbidden(state, seat)
    allowed = base if forbidden is None else [bet for bet in base if bet != forbidden[1]]
    return allowed or base


def check_bet(state: PiliState, seat: int, tricks: int) -> None:
    """Refuse a bet that L3, S3 or E5 forbid, saying why."""
    deal = state["deal"]
    if tricks > deal:
        raise IllegalAction("L3", f"bets run from 0 to {deal}, the number of cards dealt to each player")
    if tricks in allowed_bets(state, seat):
        return
    if tricks == last_bettor_forbidden(state):
        raise IllegalAction(
            "L3",
            f"you bet last: betting {tricks} would make the bets total {deal}, the number of cards dealt; "
            "bet another number so that someone must miss",
        )
    forbidden = mission_forbidden(state, seat)
    assert forbidden is not None
    rule, value = forbidden
    if rule == "S3":
        raise IllegalAction("S3", f"this round's mission forbids everyone to bet {value}")
    raise IllegalAction("E5", f"you may not copy the bet of the player before you ({value})")


def apply_bet(state: PiliState, seat: int, tricks: int) -> list[Event]:
    """Record the bet (in a mutable copy); once all are in, run the mission's after-bets step."""
    state["bets"][seat] = tricks
    events = [Event("bet_placed", {"seat": seat, "tricks": tricks})]
    if effect_of(state) in ("S4", "S7", "E2"):  # the player now looks at their hand
        events.append(Event("hand_revealed", {"seat": seat, "cards": list(state["hands"][seat])}, (seat,)))
    if any(bet is None for bet in state["bets"]):
        state["turn"] = (seat + 1) % state["players"]
        return events
    return events + after_bets(state)


def after_bets(state: PiliState) -> list[Event]:
    """The mission's step between the bets and the tricks, then the first trick (or a secret choice)."""
    effect = effect_of(state)
    events: list[Event] = []
    if effect == "S1":
        state["phase"] = PASS
        return events
    if effect == "E6":
        state["phase"] = PARTNER
        return events
    if effect == "S2":
        events = pass_hands(state, mission_param(state, "direction"))
    elif effect == "S5":
        events = draw_one_each(state)
    elif effect == "S6":
        events = [Event("hands_opened", {"hands": [list(hand) for hand in state["hands"]]})]
    begin_play(state)
    return events


def pass_hands(state: PiliState, direction: str) -> list[Event]:
    """S2: every hand moves whole to the neighbour in ``direction``; giver and receiver see it."""
    hands = state["hands"]
    moved: list[list[int]] = [[] for _ in hands]
    events = [Event("hands_passed", {"direction": direction})]
    for giver, hand in enumerate(hands):
        receiver = neighbour(state, giver, direction)
        moved[receiver] = list(hand)
        events.append(
            Event("hand_received", {"seat": receiver, "from": giver, "cards": list(hand)}, between(giver, receiver))
        )
    state["hands"] = moved
    return events


def draw_one_each(state: PiliState) -> list[Event]:
    """S5: from the dealer clockwise, every player draws the top card of the shuffled stock."""
    events = [Event("cards_drawn", {"each": 1})]
    players = state["players"]
    for offset in range(players):
        seat = (state["dealer"] + offset) % players
        card = state["stock"].pop()
        state["hands"][seat] = sorted([*state["hands"][seat], card])
        events.append(Event("card_drawn", {"seat": seat, "card": card}, (seat,)))
    state["tricks"] = state["deal"] + 1
    return events
