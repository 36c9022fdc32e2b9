"""``GET /matches/{id}/events``: the public log, paged by versions, plus a seat's private events with its token."""

from __future__ import annotations

import random
from typing import Any

import pytest
from flask.testing import FlaskClient

import engine
from api.http.matches import schemas
from arena.commitment import commitment_event
from tests.api.helpers import (
    Created,
    Json,
    act,
    all_events,
    assert_error,
    auth,
    body_of,
    create_match,
    engine_json,
    get_json,
    legal,
    playable_players,
    raw_log,
    win_pipifax,
)

GAMES = engine.all_games()


def page(client: FlaskClient, created: Created, query: str, token: str | None = None) -> Json:
    path = "seat-events" if token else "events"
    body = get_json(client, f"{created.url}/{path}{query}", auth(token) if token else {})
    assert schemas.EventPageSchema().validate(body) == {}, schemas.EventPageSchema().validate(body)
    assert set(body) == {"events", "actions", "next_after", "has_more"}
    return body


def played(client: FlaskClient, game: str, players: int, moves: int, seed: int = 3) -> Created:
    """A match with ``moves`` random legal actions taken (fewer if it ends first)."""
    created = create_match(client, game, players, seed=seed)
    rng = random.Random(seed)
    current = created.match
    for _ in range(moves):
        if current["status"] != "active":
            break
        seat = rng.choice(current["to_act"])
        listed = legal(client, created, seat)
        current = act(client, created, seat, rng.choice(listed["actions"]), listed["version"])
    return created


def test_after_minus_one_starts_with_the_setup_events_of_version_0(client: FlaskClient) -> None:
    created = create_match(client, "taiga", 3, seed=12, options={"first_player": 1})
    body = page(client, created, "?after=-1")
    _, setup = engine.new_match("taiga", 3, {"first_player": 1}, seed=12)
    committed = {"version": 0, **commitment_event(created.match["seed_commitment"]).to_json()}
    assert body["events"] == [committed, *({"version": 0, **engine_json(e.to_json())} for e in setup)]
    assert [e["kind"] for e in body["events"]] == ["seed_committed", "discs_placed", "round_started"]
    assert body["next_after"] == 0
    assert body["has_more"] is False
    assert page(client, created, "") == body  # after defaults to -1


def test_after_a_version_returns_only_later_events(client: FlaskClient) -> None:
    created = played(client, "taiga", 2, 5)
    everything = page(client, created, "?after=-1")["events"]
    assert [e["version"] for e in everything] == sorted(e["version"] for e in everything)
    assert {e["version"] for e in everything} == set(range(6))
    for after in range(-1, 6):
        body = page(client, created, f"?after={after}")
        assert body["events"] == [e for e in everything if e["version"] > after]
        assert body["next_after"] == 5
        assert body["has_more"] is False


@pytest.mark.parametrize("limit", [1, 2, 3, 7])
def test_next_after_and_has_more_walk_the_whole_log(client: FlaskClient, limit: int) -> None:
    created = played(client, "pipifax", 3, 12)
    version = get_json(client, created.url)["version"]
    assert version >= 10
    everything = page(client, created, "?after=-1&limit=1000")["events"]
    walked: list[Json] = []
    after = -1
    pages = 0
    while True:
        body = page(client, created, f"?after={after}&limit={limit}")
        pages += 1
        versions = {e["version"] for e in body["events"]}
        assert versions <= set(range(after + 1, body["next_after"] + 1))
        assert body["next_after"] == min(after + limit, version)  # pages are counted in versions
        walked.extend(body["events"])
        after = body["next_after"]
        if not body["has_more"]:
            break
        assert pages <= version + 1
    assert after == version
    assert walked == everything
    assert pages == -(-(version + 1) // limit)


def test_reading_past_the_end_is_empty(client: FlaskClient) -> None:
    created = played(client, "taiga", 2, 3)
    body = page(client, created, "?after=3")
    assert body == {"events": [], "actions": [], "next_after": 3, "has_more": False}


def test_events_of_a_move_match_its_move_result(client: FlaskClient) -> None:
    created = create_match(client, "taiga", 2, seed=9, options={"first_player": 0})
    moved = act(client, created, 0, {"type": "taiga.flip", "disc": 2}, 0)
    logged = page(client, created, "?after=0")["events"]
    assert logged == moved["events"]
    assert all(e["version"] == 1 for e in logged)
    assert logged[0]["kind"] == "disc_flipped"


def test_finished_match_log_ends_with_the_winning_events(client: FlaskClient) -> None:
    created = create_match(client, "pipifax", 2, seed=30, options={"first_player": 0})
    finished = win_pipifax(client, created)
    events = all_events(client, created.match_id)
    assert events[-1]["kind"] == "match_won"
    assert events[-1]["version"] == finished["version"] == 4
    assert events[-1]["data"]["seat"] == 0
    assert page(client, created, "?after=4")["has_more"] is False


def visible(entries: list[Json], seat: int | None) -> list[Json]:
    return [
        {"version": entry["version"], **event}
        for entry in entries
        for event in entry["events"]
        if event["visible_to"] is None or (seat is not None and seat in event["visible_to"])
    ]


@pytest.mark.parametrize("game", GAMES, ids=[g.info.id for g in GAMES])
def test_private_events_only_reach_their_seats_token(client: FlaskClient, game: engine.Game[Any]) -> None:
    """Without a token only public events; with a seat's token, also exactly that seat's own private events."""
    players = playable_players(game)
    created = played(client, game.info.id, players, 6, seed=5)
    log = raw_log(client, created.match_id)
    public_events = all_events(client, created.match_id)
    assert all(e["visible_to"] is None for e in public_events)
    assert public_events == visible(log, None)
    private_seen = 0
    for seat, token in enumerate(created.tokens):
        seat_events = all_events(client, created.match_id, token)
        assert seat_events == visible(log, seat)
        own = [e for e in seat_events if e["visible_to"] is not None]
        assert all(seat in e["visible_to"] for e in own)
        private_seen += len(own)
        assert [e for e in seat_events if e["visible_to"] is None] == public_events
    expected_private = sum(1 for entry in log for event in entry["events"] if event["visible_to"] is not None)
    if expected_private:
        assert private_seen >= expected_private


def test_setup_events_of_every_game_are_the_engines(client: FlaskClient) -> None:
    for game in GAMES:
        players = playable_players(game)
        created = create_match(client, game.info.id, players, seed=77)
        _, setup = engine.new_match(game.info.id, players, created.match["options"], seed=77)
        setup = [commitment_event(created.match["seed_commitment"]), *setup]  # the log opens with it
        served = page(client, created, "?after=-1&limit=1")
        assert served["next_after"] == 0
        assert served["events"] == [{"version": 0, **engine_json(e.to_json())} for e in setup if e.visible_to is None]
        for seat, token in enumerate(created.tokens):
            mine = page(client, created, "?after=-1&limit=1", token)["events"]
            assert mine == [{"version": 0, **engine_json(e.to_json())} for e in setup if e.is_visible_to(seat)]


def test_events_with_a_token_of_another_match_are_403(client: FlaskClient) -> None:
    one = create_match(client, "pipifax", 2, seed=1)
    two = create_match(client, "pipifax", 2, seed=1)
    assert_error(client.get(f"{one.url}/seat-events", headers=two.auth(0)), 403, "auth/wrong_match")


def test_events_with_a_forged_or_malformed_token_are_401(client: FlaskClient) -> None:
    created = create_match(client, "pipifax", 2, seed=1)
    forged = f"{created.match_id}.0.{'A' * 43}"
    assert_error(client.get(f"{created.url}/seat-events", headers=auth(forged)), 401, "auth/invalid_token")
    assert_error(client.get(f"{created.url}/seat-events", headers=auth("nonsense")), 401, "auth/invalid_token")
    response = client.get(f"{created.url}/seat-events", headers={"Authorization": f"Basic {created.tokens[0]}"})
    assert_error(response, 401, "auth/invalid_token")


def test_event_log_is_readable_at_every_limit_bound(client: FlaskClient) -> None:
    created = create_match(client, "pipifax", 2, seed=1)
    assert page(client, created, "?limit=1")["events"]
    assert page(client, created, "?limit=1000")["events"]
    for bad in ("?limit=0", "?limit=1001", "?after=-2", "?after=x", "?limit=1.5"):
        body = assert_error(client.get(f"{created.url}/events{bad}"), 422, "request/invalid")
        assert "query" in body["details"]["errors"]
    body = body_of(client.get(f"{created.url}/events?unknown=1"))
    assert body == page(client, created, "")


def test_the_public_log_stays_public_even_with_a_seat_token(client: FlaskClient) -> None:
    """Private events are read at /seat-events only; /events ignores who asks."""
    for game in GAMES:
        created = create_match(client, game.info.id, playable_players(game), seed=4)
        public = get_json(client, f"{created.url}/events")
        assert get_json(client, f"{created.url}/events", auth(created.tokens[0])) == public
        assert all(event["visible_to"] is None for event in public["events"])
    assert_error(client.get(f"{created.url}/seat-events"), 401, "auth/missing_token")
