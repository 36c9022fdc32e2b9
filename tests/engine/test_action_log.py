"""Actions as each reader of the log sees them: Pili Pili's secret choices (S1, S9, E6, E9) stay hidden
from the other seats and from spectators until the table learns them, public actions are always shown,
and the acting seat always sees its own action."""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from engine import (
    Action,
    Event,
    Match,
    Secret,
    action_secret,
    action_seen_by,
    apply_action,
    count_legal_actions,
    new_match,
    nth_legal_action,
)
from engine.games.pili_pili import mission_card

GAME_ID = "pili-pili"
SECRET_TYPES = {"pili-pili.pass", "pili-pili.choose-partner", "pili-pili.give"}


@dataclasses.dataclass
class Entry:
    """One logged action, as an API would keep it: who, what, and the secret stored as JSON."""

    version: int  # the version the action produced
    seat: int
    action: Action
    secret: dict[str, Any] | None
    effect: str | None


def reveals(entry: Entry, event: Event) -> bool:
    """Whether ``event`` shows the table what ``entry``'s secret choice was (the independent oracle)."""
    data, seat, action = event.data, entry.seat, entry.action.to_json()
    if action["type"] == "pili-pili.pass":
        return event.kind == "cards_received" and data["from"] == seat and data["cards"] == action["cards"]
    if action["type"] == "pili-pili.choose-partner":
        return event.kind == "partners_revealed" and data["partners"][seat] == action["partner"]
    if action["type"] == "pili-pili.give":
        gave = dict(zip(data["seats"], data["gave"], strict=True)) if event.kind == "cards_given" else {}
        return bool(gave.get(seat) == action["card"])
    assert action["type"] == "pili-pili.play"  # under S9
    return bool(event.kind == "card_played" and data["seat"] == seat and data["card"] == action["card"])


def play_and_check(players: int, deck: Sequence[Mapping[str, Any]], seed: int, max_steps: int = 400) -> dict[str, int]:
    """Play randomly; after every version compare every logged action as every reader sees it with the oracle.

    Returns how often each kind of observation was made, so that tests can insist they happened.
    """
    missions = "expert" if any(card["expert"] for card in deck) else "standard"
    match, _ = new_match(GAME_ID, players, {"missions": missions, "mission_deck": list(deck)}, seed=seed)
    rng = random.Random(seed)
    log: list[Entry] = []
    seen_events: list[tuple[int, Event]] = []  # (version, event)
    observed = {"hidden": 0, "hidden after resolution": 0, "revealed": 0, "own": 0, "public": 0}
    for _ in range(max_steps):
        if match.is_over:
            break
        seat = rng.choice(list(match.to_act))
        action = nth_legal_action(match, seat, rng.randrange(count_legal_actions(match, seat)))
        secret = action_secret(match, seat, action)
        stored = None if secret is None else json.loads(json.dumps(secret.to_json()))
        effect = match.state["catalog"][match.state["mission"]]["effect"]
        match, events = apply_action(match, seat, action)
        log.append(Entry(match.version, seat, action, stored, effect))
        seen_events += [(match.version, event) for event in events]
        check_log(match, log, seen_events, observed)
    assert match.is_over, "the playout should reach the end, where every secret is revealed"
    return observed


def check_log(match: Match, log: list[Entry], seen_events: list[tuple[int, Event]], observed: dict[str, int]) -> None:
    for entry in log:
        full = entry.action.to_json()
        is_secret = full["type"] in SECRET_TYPES or (full["type"] == "pili-pili.play" and entry.effect == "S9")
        assert (entry.secret is not None) == is_secret, full
        revealing = [e for version, e in seen_events if is_secret and version >= entry.version and reveals(entry, e)]
        for viewer in [None, *range(match.players)]:
            seen = action_seen_by(match, entry.seat, entry.action.to_json(), entry.secret, viewer)
            if not is_secret:
                assert seen == full
                observed["public"] += 1
            elif viewer == entry.seat:
                assert seen == full
                observed["own"] += 1
            elif match.is_over or any(event.is_visible_to(viewer) for event in revealing):
                assert seen == full, (entry, viewer)
                observed["revealed"] += 1
            else:
                assert seen == {"type": full["type"], "hidden": True}, (entry, viewer)
                observed["hidden"] += 1
                if revealing:
                    observed["hidden after resolution"] += 1


@pytest.mark.parametrize(
    ("players", "card"),
    [
        (3, mission_card("S1", 4, count=2, direction="left")),
        (4, mission_card("S1", 3, count=1, direction="right")),
        (2, mission_card("S1", 3, count=3, direction="left")),
        (3, mission_card("S9", 4)),
        (4, mission_card("E6", 3)),
        (3, mission_card("E9", 4)),
        (4, mission_card("E9", 3)),
    ],
    ids=str,
)
def test_secret_choices_are_hidden_until_revealed_and_public_actions_always_shown(
    players: int, card: Mapping[str, Any]
) -> None:
    observed = play_and_check(players, [card, mission_card("S3", 2, value=1)], seed=players)
    assert observed["hidden"] and observed["revealed"] and observed["own"] and observed["public"], observed
    if card["effect"] in ("S1", "E9") and players > 2:  # only the receiver learns passed and given cards
        assert observed["hidden after resolution"], observed


def test_a_pass_is_hidden_from_the_others_until_everyone_has_passed_then_shown_to_its_receiver() -> None:
    deck = [mission_card("S1", 4, count=1, direction="left")]
    match, _ = new_match(GAME_ID, 3, {"missions": "standard", "mission_deck": deck, "first_player": 0}, seed=2)
    for seat in range(3):
        match, _ = apply_action(match, seat, {"type": "pili-pili.bet", "tricks": 0 if seat < 2 else 1})
    assert match.state["phase"] == "pass"
    passes = {seat: nth_legal_action(match, seat, 0) for seat in range(3)}
    secret = action_secret(match, 0, passes[0])
    assert isinstance(secret, Secret) and secret.revealed_to == (1,)  # seat 0 passes to its left
    hidden = {"type": "pili-pili.pass", "hidden": True}
    match, _ = apply_action(match, 0, passes[0])
    assert action_seen_by(match, 0, passes[0], secret, 0) == passes[0].to_json()
    assert [action_seen_by(match, 0, passes[0], secret, viewer) for viewer in (None, 1, 2)] == [hidden] * 3
    match, _ = apply_action(match, 1, passes[1])
    assert action_seen_by(match, 0, passes[0], secret, 1) == hidden  # not everyone has passed yet
    match, _ = apply_action(match, 2, passes[2])
    assert match.state["phase"] == "play"
    assert action_seen_by(match, 0, passes[0], secret, 1) == passes[0].to_json()  # the receiver
    assert action_seen_by(match, 0, passes[0], secret, 2) == hidden  # seat 2 never learns it...
    assert action_seen_by(match, 0, passes[0], secret, None) == hidden
    over = dataclasses.replace(match, state={**match.state, "phase": "over", "winners": [0]})
    assert action_seen_by(over, 0, passes[0], secret, 2) == passes[0].to_json()  # ...until the match is over


def test_bets_and_open_plays_carry_no_secret() -> None:
    match, _ = new_match(GAME_ID, 3, {}, seed=3)
    bet = nth_legal_action(match, match.to_act[0], 0)
    assert action_secret(match, match.to_act[0], bet) is None
    for viewer in (None, 0, 1, 2):
        assert action_seen_by(match, match.to_act[0], bet, None, viewer) == bet.to_json()
