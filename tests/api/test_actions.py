"""``POST /matches/{id}/actions``: moves with If-Match, their results, races, and whole matches played over HTTP."""

from __future__ import annotations

import random
import threading
from typing import Any

import pytest
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

import engine
from api.http.matches import schemas
from tests.api.helpers import (
    Created,
    Json,
    act,
    all_events,
    assert_error,
    body_of,
    create_match,
    engine_json,
    legal,
    pipifax_hit,
    pipifax_miss,
    play_random,
    public,
    raw_log,
    seat_view,
    stored_match,
    submit,
    without_view_game,
)


def test_move_result_is_the_new_seat_view_plus_the_events_it_sees(client: FlaskClient) -> None:
    created = create_match(client, "pipifax", 2, seed=17, options={"first_player": 0})
    truth = stored_match(client, created.match_id)
    miss = pipifax_miss(truth)
    response = submit(client, created, 0, {"type": "pipifax.flip", "position": miss}, "0")
    assert response.status_code == 200
    assert response.headers["ETag"] == '"1"'
    body = body_of(response)
    assert schemas.MoveResultSchema().validate(body) == {}
    assert body["seat"] == 0
    assert body["version"] == 1
    assert body["to_act"] == [1]
    assert body["status"] == "active"
    assert body["seed"] is None
    # The result is exactly the seat's view now, plus the events.
    view = seat_view(client, created, 0)
    assert {k: v for k, v in body.items() if k != "events"} == view
    # The events are those the engine produced for this move.
    expected_match, expected_events = engine.apply_action(truth, 0, {"type": "pipifax.flip", "position": miss})
    assert body["events"] == [{"version": 1, **engine_json(e.to_json())} for e in expected_events]
    kinds = [e["kind"] for e in body["events"]]
    assert kinds == ["card_flipped", "cards_turned_down", "turn_passed", "die_rolled"]
    flipped = body["events"][0]["data"]
    assert flipped == {
        "seat": 0,
        "position": miss,
        "colour": truth.state["colours"][miss],
        "animal": truth.state["animals"][miss],
    }
    assert without_view_game(body["view"]) == engine_json(engine.view(expected_match, 0))
    # The log holds the action and the events of version 1.
    log = raw_log(client, created.match_id)
    assert [entry["version"] for entry in log] == [0, 1]
    assert log[1]["seat"] == 0
    assert log[1]["action"] == {"type": "pipifax.flip", "position": miss}
    assert log[1]["events"] == [e.to_json() for e in expected_events]


def test_a_match_keeps_the_turn_with_the_same_seat(client: FlaskClient) -> None:
    created = create_match(client, "pipifax", 3, seed=17, options={"first_player": 2})
    hit = pipifax_hit(stored_match(client, created.match_id))
    body = act(client, created, 2, {"type": "pipifax.flip", "position": hit}, 0)
    assert body["to_act"] == [2]
    assert body["view"]["flipped"] == [hit]
    card = body["view"]["cards"][hit]
    assert card["face_up"] is True
    assert card["animal"] == stored_match(client, created.match_id).state["animals"][hit]
    assert [e["kind"] for e in body["events"]] == ["card_flipped", "die_rolled"]


def test_an_integer_sent_as_a_whole_float_counts_as_that_integer(client: FlaskClient) -> None:
    """JSON Schema (and so the spec) counts 7.0 as an integer; the move is the same as with 7."""
    created = create_match(client, "pipifax", 2, seed=17, options={"first_player": 0})
    hit = pipifax_hit(stored_match(client, created.match_id))
    body = act(client, created, 0, {"type": "pipifax.flip", "position": float(hit)}, 0)
    assert body["view"]["flipped"] == [hit]
    assert raw_log(client, created.match_id)[1]["action"] == {"type": "pipifax.flip", "position": hit}
    refused = submit(client, created, 0, {"type": "pipifax.flip", "position": hit + 0.5}, "1")
    assert_error(refused, 422, "action/malformed")


@pytest.mark.parametrize("if_match", ["0", '"0"', 'W/"0"', " 0 ", 'W/"0" '])
def test_if_match_accepts_the_version_quoted_unquoted_or_weak(client: FlaskClient, if_match: str) -> None:
    created = create_match(client, "taiga", 2, seed=2, options={"first_player": 0})
    response = submit(client, created, 0, {"type": "taiga.flip", "disc": 0}, if_match)
    assert response.status_code == 200, response.get_data(as_text=True)
    assert body_of(response)["version"] == 1
    assert response.headers["ETag"] == '"1"'


def test_versions_rise_by_one_and_each_etag_is_usable_as_the_next_if_match(client: FlaskClient) -> None:
    created = create_match(client, "taiga", 2, seed=2, options={"first_player": 0})
    etag = client.get(created.url).headers["ETag"]
    for step in range(1, 8):
        current = public(client, created)
        seat = current["to_act"][0]
        action = legal(client, created, seat)["actions"][0]
        response = submit(client, created, seat, action, etag)
        assert response.status_code == 200, response.get_data(as_text=True)
        assert body_of(response)["version"] == step
        etag = response.headers["ETag"]
        assert etag == f'"{step}"'
        assert client.get(created.url).headers["ETag"] == etag


def test_the_same_move_twice_at_one_version_is_applied_once(client: FlaskClient) -> None:
    created = create_match(client, "taiga", 2, seed=2, options={"first_player": 0})
    flip = {"type": "taiga.flip", "disc": 4}
    assert submit(client, created, 0, flip, "0").status_code == 200
    again = assert_error(submit(client, created, 0, flip, "0"), 412, "match/stale_version")
    assert again["details"]["current_version"] == 1
    assert [entry["version"] for entry in raw_log(client, created.match_id)] == [0, 1]


def test_racing_moves_on_one_version_apply_exactly_one(client: FlaskClient) -> None:
    created = create_match(client, "taiga", 2, seed=2, options={"first_player": 0})
    app = client.application
    racers = 8
    barrier = threading.Barrier(racers)
    responses: list[TestResponse] = []
    lock = threading.Lock()

    def race(disc: int) -> None:
        own = app.test_client()
        barrier.wait()
        response = submit(own, created, 0, {"type": "taiga.flip", "disc": disc}, "0")
        with lock:
            responses.append(response)

    threads = [threading.Thread(target=race, args=(disc,)) for disc in range(racers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    statuses = sorted(r.status_code for r in responses)
    assert statuses == [200] + [412] * (racers - 1)
    for response in responses:
        if response.status_code == 412:
            assert assert_error(response, 412, "match/stale_version")["details"]["current_version"] == 1
    winner = next(body_of(r) for r in responses if r.status_code == 200)
    log = raw_log(client, created.match_id)
    assert [entry["version"] for entry in log] == [0, 1]
    assert log[1]["action"]["disc"] == winner["events"][0]["data"]["disc"]
    assert public(client, created)["version"] == 1


def check_replay(client: FlaskClient, created: Created, actions: list[engine.RecordedAction], last: Json) -> Json:
    """The finished match replays from its revealed seed and options to the same public view."""
    final = public(client, created)
    assert schemas.MatchSchema().validate(final) == {}
    assert final["status"] == "finished"
    assert final["to_act"] == []
    assert final["version"] == len(actions) == last["version"]
    seed = final["seed"]
    assert isinstance(seed, int)
    if created.seed is not None:
        assert seed == created.seed
    replayed = engine.replay(created.match["game"], final["players"], final["options"], seed, actions)
    assert replayed.version == final["version"]
    assert without_view_game(final["view"]) == engine_json(engine.view(replayed, None))
    result = replayed.result
    assert result is not None
    ranks = result.ranks(engine.get_game(final["game"]).info.score_order, range(final["players"]))
    assert final["result"] == {**engine_json(result.to_json()), "ranks": [ranks[s] for s in range(final["players"])]}
    assert last["result"] == final["result"]
    # The log records exactly the actions taken, in order, by the seats that took them.
    log = raw_log(client, created.match_id)
    assert [(e["seat"], e["action"]) for e in log[1:]] == [(a.seat, dict(a.action)) for a in actions]
    # Nothing more can happen.
    for seat in range(final["players"]):
        assert legal(client, created, seat)["total"] == 0
    return final


def test_full_pipifax_match_with_random_legal_actions(client: FlaskClient) -> None:
    created = create_match(client, "pipifax", 2, seed=39)
    actions, last = play_random(client, created, random.Random(39))
    final = check_replay(client, created, actions, last)
    (winner,) = final["result"]["winners"]
    assert final["result"]["scores"] is None
    assert final["view"]["winner"] == winner
    assert len(final["view"]["flipped"]) == 4
    assert {final["view"]["cards"][p]["colour"] for p in final["view"]["flipped"]} == {
        "blue",
        "green",
        "red",
        "yellow",
    }
    assert last["seat"] == winner
    assert [e["kind"] for e in last["events"]] == ["card_flipped", "match_won"]
    over = assert_error(
        submit(client, created, winner, {"type": "pipifax.flip", "position": 0}, str(final["version"])),
        409,
        "match/over",
    )
    assert over["details"]["seat"] == winner
    assert public(client, created) == final


def test_full_taiga_match_with_random_legal_actions(client: FlaskClient) -> None:
    created = create_match(client, "taiga", 3, seed=8)
    actions, last = play_random(client, created, random.Random(8))
    final = check_replay(client, created, actions, last)
    view = final["view"]
    assert view["phase"] == "over"
    assert view["turn"] is None
    assert final["result"]["scores"] == view["scores"]
    best = max(view["scores"])
    assert final["result"]["winners"] == [s for s, score in enumerate(view["scores"]) if score == best]
    assert view["winners"] == final["result"]["winners"]
    assert view["scores"] == [t + 2 * len(c) for t, c in zip(view["tokens"], view["cards_won"], strict=True)]
    assert sum(view["tokens"]) + view["circle"] == 18  # tokens only move between seats and the circle
    assert all(disc["down"] is not None for disc in view["discs"])
    assert isinstance(view["draw_pile"], list)
    events = all_events(client, created.match_id)
    assert events[-1]["kind"] == "game_over"
    assert events[-1]["data"]["winners"] == final["result"]["winners"]
    assert_error(submit(client, created, 0, {"type": "taiga.pass"}, str(final["version"])), 409, "match/over")


def test_match_created_without_seed_reveals_a_seed_that_replays_it(client: FlaskClient) -> None:
    created = create_match(client, "taiga", 2)
    actions, last = play_random(client, created, random.Random(5))
    check_replay(client, created, actions, last)


@pytest.mark.parametrize(
    ("game", "action"),
    [
        ("pipifax", {"type": "pipifax.flip", "position": 23}),
        ("taiga", {"type": "taiga.flip", "disc": 9}),
    ],
)
def test_listed_legal_actions_are_accepted_unchanged(client: FlaskClient, game: str, action: dict[str, Any]) -> None:
    created = create_match(client, game, 2, seed=6, options={"first_player": 1})
    listed = legal(client, created, 1)["actions"]
    assert action in listed
    assert act(client, created, 1, action, 0)["version"] == 1
