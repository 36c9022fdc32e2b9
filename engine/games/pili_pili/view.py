"""What each seat sees (G4, L7): the view of the table, and the state paths it must not depend on."""

from __future__ import annotations

from typing import TypedDict

from engine.game import Path
from engine.games.pili_pili.missions import LOOK_SECONDS, MissionView, mission_view
from engine.games.pili_pili.rules import seats_to_act
from engine.games.pili_pili.state import OVER, PiliState, effect_of, mission_of
from engine.games.pili_pili.visibility import sees_hand


class PlayView(TypedDict):
    """One card played to a trick."""

    seat: int
    card: int  # 1-55, or 0 for the Joker
    value: int  # the card's number, or the value the Joker took


class SeatView(TypedDict):
    """One seat at the table as the viewer sees it."""

    hand: list[int | None]  # in slot order; None for a card this viewer may not see
    bet: int | None
    won: int  # tricks won this round
    pilis: int
    extra_pilis: int  # E8 extra Pilis earned so far this round
    committed: bool  # has made the pending secret choice (never what it is)
    partner: int | None  # E6: the chosen partner, once everyone has chosen


class PiliPiliView(TypedDict):
    """The table as one seat (or a spectator) sees it."""

    players: int
    round: int
    dealer: int
    phase: str  # bet, pass, partner, play, exchange-choice, exchange or over
    to_act: list[int]
    mission: MissionView | None
    missions_left: int
    deal: int  # cards dealt to each player this round: bets run 0..deal
    tricks: int  # tricks this round (deal + 1 under S5)
    trick: list[PlayView]  # the trick on the table, in playing order
    last_trick: list[PlayView]
    trick_winners: list[int]  # the winner of each trick so far this round
    seats: list[SeatView]
    exchange: list[int]  # E9: [trick winner, chosen player] while they exchange
    my_choice: list[int] | None  # the viewer's own secret commitment, until it resolves
    hand_hidden_at: float | None  # E2/E4: the server time at which the own hand turns face down
    winners: list[int] | None
    undealt: list[int] | None  # the undealt cards, shown once the match is over
    mission_deck: list[MissionView] | None  # the missions left, next first, shown once the match is over


def table_view(state: PiliState, seat: int | None, now: float, *, ended: bool = False) -> PiliPiliView:
    """What ``seat`` (``None``: a spectator) sees at server time ``now``; everything once the match is over
    (by the rules, or ``ended``: the arena ended it early, or it was aborted)."""
    over = ended or state["phase"] == OVER
    card = mission_of(state)
    return {
        "players": state["players"],
        "round": state["round"],
        "dealer": state["dealer"],
        "phase": OVER if over else state["phase"],
        "to_act": [] if over else seats_to_act(state),
        "mission": None if card is None else mission_view(card),
        "missions_left": len(state["mission_order"]),
        "deal": state["deal"],
        "tricks": state["tricks"],
        "trick": [_play_view(play) for play in state["trick"]],
        "last_trick": [_play_view(play) for play in state["last_trick"]],
        "trick_winners": list(state["trick_winners"]),
        "seats": [_seat_view(state, owner, seat, now, over) for owner in range(state["players"])],
        "exchange": list(state["exchange"]),
        "my_choice": None if ended else _own_choice(state, seat),  # an ended match's log shows every choice
        "hand_hidden_at": state["dealt_at"] + LOOK_SECONDS if effect_of(state) in ("E2", "E4") and not ended else None,
        "winners": None if state["winners"] is None else list(state["winners"]),
        "undealt": list(state["stock"]) if over else None,
        "mission_deck": [mission_view(state["catalog"][i]) for i in reversed(state["mission_order"])] if over else None,
    }


def _own_choice(state: PiliState, seat: int | None) -> list[int] | None:
    choice = None if seat is None else state["pending"][seat]
    return None if choice is None else list(choice)


def _play_view(play: list[int]) -> PlayView:
    seat, card, value = play
    return {"seat": seat, "card": card, "value": value}


def _seat_view(state: PiliState, owner: int, viewer: int | None, now: float, over: bool) -> SeatView:
    hand = state["hands"][owner]
    visible = over or sees_hand(state, owner, viewer, now)
    return {
        "hand": list(hand) if visible else [None] * len(hand),
        "bet": state["bets"][owner],
        "won": state["won"][owner],
        "pilis": state["pilis"][owner],
        "extra_pilis": state["extra"][owner],
        "committed": state["pending"][owner] is not None,
        "partner": state["partners"][owner],
    }


def hidden_paths(state: PiliState, seat: int | None, now: float) -> list[Path]:
    """Every leaf ``seat`` may not see: the stock, the mission order, unseen hands, others' commitments."""
    if state["phase"] == OVER:
        return []
    paths: list[Path] = [("stock", i) for i in range(len(state["stock"]))]
    paths += [("mission_order", i) for i in range(len(state["mission_order"]))]
    for owner, hand in enumerate(state["hands"]):
        if not sees_hand(state, owner, seat, now):
            paths += [("hands", owner, i) for i in range(len(hand))]
        choice = state["pending"][owner]
        if choice is not None and owner != seat:
            paths += [("pending", owner, i) for i in range(len(choice))]
    return paths
