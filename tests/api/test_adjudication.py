"""Adjudication: a match still in play after ``adjudicate_after`` versions is ended by the arena and
scored by its game's rule (``arena/matches/adjudication.py``), as a step of its own that records keep
and verification replays.

Pure tables first (each game's rule, read here from the engine's state rather than the view the
rule reads, the transition, the records), then the API with server bots.
"""

from __future__ import annotations

import copy
import dataclasses
from typing import Any

import arena_sdk
import pytest
from flask.testing import FlaskClient

import engine
from arena.errors import ArenaError
from arena.matches.adjudication import adjudicated_result
from arena.matches.table import SeatInfo, Table
from arena.matches.time_control import TimeControl
from arena.records.verify import RecordInvalid, verify_record
from tests.api.helpers import body_of, get_json, keep_record
from tests.records.builder import PureMatch
from tests.sdk.test_event_types import CATALOGUE, fits_fields

Json = dict[str, Any]
T0 = 1000.0


def adjudicated(game: str, options: Json, after: int, seats: int = 2, seed: int = 7) -> PureMatch:
    """A match of random players (greedy and random bots deciding for them) played until the arena ends it."""
    played = PureMatch(game, [SeatInfo("player", f"p{seat}") for seat in range(seats)], options, seed=seed)
    played.table = dataclasses.replace(played.table, adjudicate_after=after)
    while played.table.status == "active":
        played.move()
    return played


def result_of(played: PureMatch) -> Json:
    """The result the arena gave the match it adjudicated."""
    assert played.table.forced_result is not None, "the match ended by its rules first"
    return dict(played.table.forced_result)


def state_of(played: PureMatch) -> Any:
    """The engine's state when the match was adjudicated (an arena step leaves it as it was)."""
    return played.table.match.state


# --- each game's rule ------------------------------------------------------------------------------


def test_taiga_is_scored_by_its_points_so_far_the_best_winning() -> None:
    played = adjudicated("taiga", {}, after=40, seats=3)
    state = state_of(played)
    points = [tokens + 2 * len(cards) for tokens, cards in zip(state["tokens"], state["won"], strict=True)]
    result = result_of(played)
    assert result["scores"] == points
    best = max(points)
    assert result["winners"] == [seat for seat, p in enumerate(points) if p == best]
    assert result["ranks"] == [1 + sum(other > mine for other in points) for mine in points]


def test_pili_pili_is_scored_by_the_pilis_of_the_rounds_played_the_fewest_winning() -> None:
    played = adjudicated("pili-pili", {}, after=30, seats=3, seed=5)  # round 2 in play, two seats level
    state = state_of(played)
    assert state["round"] >= 2, "a round was played to its end"
    result = result_of(played)
    assert result["scores"] == state["pilis"]
    fewest = min(state["pilis"])
    assert result["winners"] == [seat for seat, p in enumerate(state["pilis"]) if p == fewest]
    assert len(result["winners"]) == 2, "equal fewest share the win"
    assert result["ranks"] == [1 + sum(other < mine for other in state["pilis"]) for mine in state["pilis"]]


def test_girafferaffe_rounds_are_scored_by_rotten_apples() -> None:
    match, _ = engine.new_match("girafferaffe", 3, {"mode": "rounds"}, 5, T0)
    match = dataclasses.replace(match, state={**match.state, "rotten": [1, 0, 1]})
    rule, result = adjudicated_result(match, [0, 1, 2], T0)
    assert (rule, result) == ("scores", {"winners": [1], "scores": [1, 0, 1], "ranks": [2, 1, 2]})


@pytest.mark.parametrize(
    ("game", "options", "players", "rule"),
    [
        ("pipifax", {}, 3, "draw"),
        ("girafferaffe", {"mode": "standard"}, 2, "draw"),
        ("girafferaffe", {"mode": "solo"}, 1, "not_won"),
    ],
)
def test_a_game_that_keeps_no_score_is_a_draw_and_a_solo_game_is_not_won(
    game: str, options: Json, players: int, rule: str
) -> None:
    """Nobody wins, and every seat ranks first (a solo seat too: it did not beat the robot)."""
    match, _ = engine.new_match(game, players, options, 5, T0)
    result = {"winners": [], "scores": None, "ranks": [1] * players}
    assert adjudicated_result(match, list(range(players)), T0) == (rule, result)


def test_a_seat_that_left_ranks_below_every_seat_still_playing_and_wins_nothing() -> None:
    match, _ = engine.new_match("taiga", 3, {}, 5, T0)
    match = dataclasses.replace(match, state={**match.state, "tokens": [9, 1, 1], "won": [[], [], []]})
    assert adjudicated_result(match, [1, 2], T0)[1] == {"winners": [1, 2], "scores": [9, 1, 1], "ranks": [3, 1, 1]}
    pipifax, _ = engine.new_match("pipifax", 3, {}, 5, T0)
    assert adjudicated_result(pipifax, [0, 2], T0)[1]["ranks"] == [1, 3, 1]


# --- the arena's step ------------------------------------------------------------------------------


def at_version(after: int) -> Table:
    """A Taiga match of two players played to version ``after``, where its adjudication is due."""
    played = PureMatch("taiga", [SeatInfo("player", "a"), SeatInfo("player", "b")], control=TimeControl(30.0))
    played.table = dataclasses.replace(played.table, adjudicate_after=after)
    played.play(after)
    assert played.table.version == after and played.table.status == "active"
    return played.table


def test_a_match_that_reaches_its_versions_is_ended_by_the_arena_as_a_step_of_its_own() -> None:
    table = at_version(8)
    now = table.updated_at + 1
    assert table.adjudication_due and table.to_act == (), "no seat acts any more"
    assert table.next_due() == table.updated_at, "the server is due at once"
    seat = table.match.to_act[0]
    with pytest.raises(ArenaError, match="adjudicates") as refused:
        table.act(seat, next(engine.legal_actions(table.match, seat)), now)
    assert refused.value.code == "match/over"
    with pytest.raises(ArenaError, match="adjudicates"):
        table.resign(seat, now)
    assert table.extend_clocks(now - 10, now - 1, now) is None, "no clock runs in a match being adjudicated"
    step = table.server_step(now)
    assert step is not None and step.entry["seat"] is None and step.entry["action"] is None
    assert [event.kind for event in step.events] == ["adjudicated", "ended"]
    assert step.events[0].data == {"after": 8, "rule": "scores"}
    result = step.table.result()
    assert step.events[1].data == {"reason": "adjudicated", **(result or {})}
    for event in step.events:  # as the SDKs' typed events say (sdk/events.json)
        assert fits_fields(dict(event.data), CATALOGUE["games"]["arena"][event.kind]), event
    assert step.table.version == 9 and step.table.status == "finished"
    assert step.table.deadlines == (None, None) and step.table.next_due() is None


def test_a_match_that_ends_by_its_rules_first_is_not_adjudicated() -> None:
    played = adjudicated("pipifax", {}, after=10_000, seats=2)
    assert played.table.forced_result is None and played.table.match.is_over


# --- records ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "options", "seats"),
    [("taiga", {}, 3), ("pili-pili", {}, 3), ("pipifax", {}, 2), ("girafferaffe", {"mode": "rounds"}, 2)],
)
def test_the_record_of_an_adjudicated_match_verifies(game: str, options: Json, seats: int) -> None:
    record = adjudicated(game, options, after=12, seats=seats).record()
    assert record["adjudicate_after"] == 12 and len(record["steps"]) == 14
    assert [event["kind"] for event in record["steps"][-1][2]] == ["adjudicated", "ended"]
    verified = verify_record(record)
    assert verified.status == "finished" and verified.last_version == 13
    assert arena_sdk.verify(record).result == record["result"]


def tampered(change: str) -> Json:
    record = adjudicated("taiga", {}, after=12, seats=3).record()
    if change == "no adjudicate_after":
        del record["adjudicate_after"]
    elif change == "a later adjudicate_after":
        record["adjudicate_after"] = 20
    elif change == "an earlier adjudicate_after":
        record["adjudicate_after"] = 5
    elif change == "another result":
        event = record["steps"][-1][2][1]
        event["data"]["winners"], record["result"]["winners"] = [9], [9]
    return record


@pytest.mark.parametrize(
    ("change", "engine_says", "sdk_says"),
    [
        ("no adjudicate_after", "no adjudication was due", "comes after adjudicate_after"),
        ("a later adjudicate_after", "no adjudication was due", "comes after adjudicate_after"),
        ("an earlier adjudicate_after", "the arena adjudicates it", "an action after adjudicate_after"),
        ("another result", "events are not what the arena gives", "winners are seats"),
    ],
)
def test_a_record_with_its_adjudication_edited_does_not_verify(change: str, engine_says: str, sdk_says: str) -> None:
    record = tampered(change)
    with pytest.raises(RecordInvalid, match=engine_says):
        verify_record(copy.deepcopy(record))
    with pytest.raises(arena_sdk.RecordError, match=sdk_says):
        arena_sdk.verify(record)


def test_the_sdk_finds_a_result_that_is_not_the_adjudications() -> None:
    record = adjudicated("taiga", {}, after=12, seats=3).record()
    data = record["steps"][-1][2][1]["data"]
    data["scores"] = [score + 1 for score in data["scores"]]
    with pytest.raises(arena_sdk.RecordError, match="the result is the adjudication's"):
        arena_sdk.verify(record)


# --- through the API -------------------------------------------------------------------------------


def test_a_match_of_bots_is_adjudicated_by_the_server_and_its_record_verifies(client: FlaskClient) -> None:
    seats = [{"bot": "greedy"}, {"bot": "random"}, {"bot": "random"}]
    body = {"game": "taiga", "players": 3, "seed": 11, "seats": seats, "adjudicate_after": 9}
    created = body_of(client.post("/matches", json=body))
    assert created["match"]["adjudicate_after"] == 9
    match_id = created["match"]["match_id"]
    match = get_json(client, f"/matches/{match_id}")
    assert match["status"] == "finished" and match["version"] == 10
    events = get_json(client, f"/matches/{match_id}/events?after=9")["events"]
    assert [event["kind"] for event in events] == ["adjudicated", "ended"]
    assert events[1]["data"] == {"reason": "adjudicated", **match["result"]}
    keep_record(client, match_id)
    record = get_json(client, f"/matches/{match_id}/record")
    assert record["adjudicate_after"] == 9
    assert verify_record(record).result == match["result"]
    arena_sdk.verify(record)
