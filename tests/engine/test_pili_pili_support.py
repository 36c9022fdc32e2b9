"""Helpers shared by the Pili Pili scenario tests: a match from a fixed deal, and short ways to act.

This module holds no tests itself; the scenario modules import from it.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any

import pytest

from engine import (
    Action,
    Event,
    IllegalAction,
    Match,
    Path,
    apply_action,
    get_game,
    legal_actions,
    validate_action,
    view,
)
from engine.games.pili_pili import PiliState, state_from_deal
from engine.games.pili_pili.actions import Bet, PlayCard

GAME_ID = "pili-pili"


def table(hands: Sequence[Sequence[int]], **deal: Any) -> Match:
    """A match at the start of betting with exactly ``hands`` (see ``state_from_deal`` for ``deal``)."""
    state = state_from_deal(hands, **deal)
    options = {"missions": "expert" if state["catalog"] else "none", "mission_deck": None, "first_player": 0}
    return Match(GAME_ID, len(hands), options, seed=11, version=0, state=state)


def state(match: Match) -> PiliState:
    result: PiliState = match.state
    return result


def act(match: Match, seat: int, action: Action, now: float = 0.0) -> tuple[Match, list[Event]]:
    """Apply ``action`` through the engine's front door, as a client would send it."""
    return apply_action(match, seat, action.to_json(), now)


def run(match: Match, moves: Sequence[tuple[int, Action]], now: float = 0.0) -> tuple[Match, list[Event]]:
    """Apply several moves in order; the events of all of them."""
    events: list[Event] = []
    for seat, action in moves:
        match, produced = act(match, seat, action, now)
        events += produced
    return match, events


def bets(match: Match, *tricks: int) -> Match:
    """Everyone bets, in betting order from the dealer."""
    dealer = state(match)["dealer"]
    players = match.players
    moves: list[tuple[int, Action]] = [((dealer + i) % players, Bet(t)) for i, t in enumerate(tricks)]
    return run(match, moves)[0]


def plays(match: Match, *cards: tuple[int, int]) -> tuple[Match, list[Event]]:
    """Play numbered cards ``(seat, card)`` in order, checking each seat is the one to act."""
    events: list[Event] = []
    for seat, card in cards:
        assert list(match.to_act) == [seat], f"expected seat {seat} to act, not {list(match.to_act)}"
        match, produced = act(match, seat, PlayCard(card, None))
        events += produced
    return match, events


def refusal(match: Match, seat: int, action: Action | dict[str, Any]) -> IllegalAction:
    """The IllegalAction the engine raises for ``action``."""
    data = action.to_json() if isinstance(action, Action) else action
    with pytest.raises(IllegalAction) as caught:
        validate_action(match, seat, data)
    assert caught.value.message.startswith(caught.value.rule)
    return caught.value


def legal(match: Match, seat: int) -> list[dict[str, Any]]:
    """The seat's legal actions as JSON."""
    return [a.to_json() for a in legal_actions(match, seat)]


def kinds(events: Sequence[Event]) -> list[str]:
    return [event.kind for event in events]


def only(events: Sequence[Event], kind: str) -> list[Event]:
    return [event for event in events if event.kind == kind]


def masked_view_is_unchanged(match: Match, seat: int | None, now: float = 0.0) -> bool:
    """Whether ``seat``'s view stays the same when every hidden leaf is replaced by a stand-in."""
    game = get_game(GAME_ID)
    hidden = list(game.hidden_paths(match.state, seat, now))
    masked = copy.deepcopy(match.state)
    for number, path in enumerate(hidden):
        parent = masked
        for key in path[:-1]:
            parent = parent[key]
        parent[path[-1]] = -1000 - number
    return game.view(masked, seat, now) == game.view(match.state, seat, now)


def hidden(match: Match, seat: int | None, now: float = 0.0) -> set[Path]:
    return set(get_game(GAME_ID).hidden_paths(match.state, seat, now))


def hand_seen(match: Match, owner: int, viewer: int | None, now: float = 0.0) -> list[int | None]:
    """``owner``'s hand as ``viewer`` sees it (None for a card they may not see)."""
    seen: list[int | None] = view(match, viewer, now)["seats"][owner]["hand"]
    return seen
