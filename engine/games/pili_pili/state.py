"""The state of a Pili Pili match as plain JSON data, and small accessors over it."""

from __future__ import annotations

from typing import Any, TypedDict

from engine.games.pili_pili.missions import MissionCard

# The phases of a round, in the order they can occur.
BET = "bet"  # bets from the dealer clockwise (L2, L3)
PASS = "pass"  # S1: every player secretly picks the cards to pass
PARTNER = "partner"  # E6: every player secretly picks a partner
PLAY = "play"  # tricks; under S9 every player secretly commits a card to each trick
EXCHANGE_CHOICE = "exchange-choice"  # E9: the trick's winner picks who to exchange a card with
EXCHANGE = "exchange"  # E9: those two secretly pick the card each gives
OVER = "over"


class PiliState(TypedDict):
    """Everything about a match. Hidden parts: hands (mostly), stock, mission_order, pending choices."""

    players: int
    catalog: list[MissionCard]  # the match's mission cards; public, as the options are
    mission_order: list[int]  # hidden: catalog indexes still to draw, the next one last
    mission: int | None  # catalog index of this round's mission (public), None without missions
    round: int
    dealer: int
    deal: int  # cards dealt to each player this round, after L5's lowering; bets are 0..deal
    tricks: int  # tricks this round: deal, or deal + 1 under S5
    dealt_at: float  # server time of the deal: E2/E4 show the hand for LOOK_SECONDS from it
    phase: str
    turn: int  # the seat to act in the one-at-a-time phases (bet, play, exchange-choice)
    hands: list[list[int]]  # card ids; 0 is the Joker
    stock: list[int]  # the undealt cards, face down; S5 draws from its end
    bets: list[int | None]
    won: list[int]  # tricks won this round
    pilis: list[int]
    extra: list[int]  # E8 extra Pilis earned so far this round
    pending: list[list[int] | None]  # secret commitments: passed cards, [card, value], [partner], [card]
    partners: list[int | None]  # E6 choices, public once everyone has chosen
    exchange: list[int]  # E9: [trick winner, chosen player] while they exchange, else []
    trick: list[list[int]]  # the trick on the table: [seat, card, value] in playing order
    last_trick: list[list[int]]
    trick_winners: list[int]  # the winner of each trick of this round, in order
    winners: list[int] | None


def mission_of(state: PiliState) -> MissionCard | None:
    """This round's mission card, or ``None`` in a game without missions."""
    index = state["mission"]
    return None if index is None else state["catalog"][index]


def effect_of(state: PiliState) -> str | None:
    """This round's effect id ("S1".."E9"), or ``None`` without missions."""
    card = mission_of(state)
    return None if card is None else card["effect"]


def mission_param(state: PiliState, name: str) -> Any:
    """A parameter of this round's mission card (the caller knows the effect takes it)."""
    card = mission_of(state)
    assert card is not None
    return card["params"][name]


def neighbour(state: PiliState, seat: int, direction: str) -> int:
    """The seat to the left (next) or right (previous) of ``seat`` (G1; with two players both are the other)."""
    step = 1 if direction == "left" else -1
    return (seat + step) % state["players"]


def between(giver: int, receiver: int) -> tuple[int, ...]:
    """The two seats that see a card change hands, as an event's ``visible_to``."""
    return tuple(sorted({giver, receiver}))


def mutable_copy(state: PiliState) -> PiliState:
    """A copy whose lists may be changed in place; inner lists other than hands are only ever replaced."""
    return {
        **state,
        "mission_order": list(state["mission_order"]),
        "hands": [list(hand) for hand in state["hands"]],
        "stock": list(state["stock"]),
        "bets": list(state["bets"]),
        "won": list(state["won"]),
        "pilis": list(state["pilis"]),
        "extra": list(state["extra"]),
        "pending": list(state["pending"]),
        "partners": list(state["partners"]),
        "exchange": list(state["exchange"]),
        "trick": list(state["trick"]),
        "trick_winners": list(state["trick_winners"]),
    }


def begin_play(state: PiliState) -> None:
    """Start the tricks: the dealer leads the first one (L2)."""
    state["phase"] = PLAY
    state["turn"] = state["dealer"]
    state["pending"] = [None] * state["players"]


def new_state(players: int, catalog: list[MissionCard], mission_order: list[int], first_dealer: int) -> PiliState:
    """The match before its first deal: no Pilis yet, ``first_dealer`` to deal (L2)."""
    return {
        "players": players,
        "catalog": catalog,
        "mission_order": mission_order,
        "mission": None,
        "round": 1,
        "dealer": first_dealer,
        "deal": 0,
        "tricks": 0,
        "dealt_at": 0.0,
        "phase": BET,
        "turn": first_dealer,
        "hands": [[] for _ in range(players)],
        "stock": [],
        "bets": [None] * players,
        "won": [0] * players,
        "pilis": [0] * players,
        "extra": [0] * players,
        "pending": [None] * players,
        "partners": [None] * players,
        "exchange": [],
        "trick": [],
        "last_trick": [],
        "trick_winners": [],
        "winners": None,
    }
