"""Leaving a match through the Flask test client on the real Redis: resigning (the other seat wins, or a
bot plays the seat on) and aborting (only the host, and nobody acts afterwards)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from flask.testing import FlaskClient

from api.http.matches import schemas
from api.workers.referee.runner import Referee
from api.workers.referee.thinker import Thinker
from tests.api.helpers import (
    Json,
    assert_error,
    auth,
    body_of,
    context_of,
    get_json,
    raw_log,
    stored_match,
)
from tests.api.lobby_requests import create, first_action, first_action_or_any, listing, match_of, resign

OPEN: dict[str, Any] = {"open": True}
GAMES = ["pipifax", "taiga", "girafferaffe", "pili-pili"]


# --- resigning -------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_resigning_a_two_player_match_makes_the_other_seat_win(client: FlaskClient, game: str) -> None:
    created = create(client, {"game": game, "players": 2, "seed": 7})
    match_id = created["match"]["match_id"]
    tokens = [s["token"] for s in created["seats"]]
    leaver = created["match"]["to_act"][0]
    other = 1 - leaver
    after = resign(client, match_id, tokens[leaver])
    assert after["seat"] == leaver
    assert after["status"] == "finished"
    assert after["version"] == 1
    assert after["result"]["winners"] == [other]
    assert after["result"]["ranks"][other] == 1 and after["result"]["ranks"][leaver] == 2
    assert after["seats"][leaver]["state"] == "resigned"
    assert after["seed"] == 7  # revealed now that the match is over

    public = match_of(client, match_id)
    assert public["result"] == after["result"]
    events = get_json(client, f"/matches/{match_id}/events?after=0")["events"]
    assert [(e["version"], e["kind"]) for e in events] == [(1, "resigned"), (1, "ended")]
    assert events[1]["data"]["reason"] == "left"

    assert [m["match_id"] for m in listing(client, "?status=finished")["matches"]] == [match_id]
    assert listing(client, "?status=active")["matches"] == []
    assert listing(client, f"?game={game}")["matches"][0]["status"] == "finished"

    assert_error(client.post(f"/matches/{match_id}/resign", headers=auth(tokens[other])), 409, "match/over")
    response = client.post(
        f"/matches/{match_id}/actions",
        json=first_action_or_any(game),
        headers={**auth(tokens[other]), "If-Match": "1"},
    )
    assert_error(response, 409, "match/over")


@pytest.mark.parametrize("game", GAMES)
def test_resigning_a_four_player_match_lets_the_random_bot_play_the_seat(client: FlaskClient, game: str) -> None:
    created = create(client, {"game": game, "players": 4, "seed": 11})
    match_id = created["match"]["match_id"]
    tokens = [s["token"] for s in created["seats"]]
    leaver = created["match"]["to_act"][0]
    after = resign(client, match_id, tokens[leaver])
    assert after["seats"][leaver]["state"] == "resigned"
    assert after["seat"] == leaver

    public = match_of(client, match_id)
    assert public["version"] >= 2  # the resignation, then at least the stand-in's decision
    log = raw_log(client, match_id)
    assert log[1]["seat"] == leaver and log[1]["action"] is None
    assert [e["kind"] for e in log[1]["events"]] == ["resigned"]
    assert log[2]["seat"] == leaver and log[2]["action"] is not None  # the stand-in played it
    if public["status"] == "active":
        assert public["to_act"], public
        assert leaver not in public["to_act"]  # the server played on until a player must act
    assert_error(client.post(f"/matches/{match_id}/resign", headers=auth(tokens[leaver])), 409, "seat/out")
    if public["status"] == "active":
        seat = public["to_act"][0]
        action = first_action(client, match_id, tokens[seat])
        moved = client.post(
            f"/matches/{match_id}/actions",
            json=action,
            headers={**auth(tokens[leaver]), "If-Match": str(public["version"])},
        )
        assert moved.status_code == 409, moved.get_data(as_text=True)


def played_on_by_the_referee(client: FlaskClient, match_id: str, current: Json, leaver: int) -> Json:
    """The match once the stand-in has played ``leaver``'s turns: a request plays server moves within
    a time budget (``service.SETTLE_SECONDS``) and leaves the rest to the referee, which a loaded
    machine may need; here the referee's own settling step stands in for its process."""
    referee = Referee(context_of(client), thinker=Thinker(0))
    for _ in range(50):
        if current["status"] != "active" or leaver not in current["to_act"]:
            return current
        referee.settle(match_id)
        current = match_of(client, match_id)
    return current


def test_a_four_player_match_with_a_resigned_seat_finishes_with_it_ranked_last(client: FlaskClient) -> None:
    created = create(client, {"game": "taiga", "players": 4, "seed": 2})
    match_id = created["match"]["match_id"]
    tokens = [s["token"] for s in created["seats"]]
    leaver = 2
    resign(client, match_id, tokens[leaver])
    rng = random.Random(5)
    current = match_of(client, match_id)
    for _ in range(5000):
        if current["status"] != "active":
            break
        current = played_on_by_the_referee(client, match_id, current, leaver)
        assert leaver not in current["to_act"]
        seat = rng.choice(current["to_act"])
        page = get_json(client, f"/matches/{match_id}/legal-actions?limit=1000", auth(tokens[seat]))
        response = client.post(
            f"/matches/{match_id}/actions",
            json=rng.choice(page["actions"]),
            headers={**auth(tokens[seat]), "If-Match": str(page["version"])},
        )
        assert response.status_code == 200, response.get_data(as_text=True)[:500]
        current = match_of(client, match_id)
    assert current["status"] == "finished"
    result = current["result"]
    assert leaver not in result["winners"] and result["winners"]
    assert result["ranks"][leaver] == 4
    assert max(rank for seat, rank in enumerate(result["ranks"]) if seat != leaver) < 4


def test_resigning_while_waiting_is_refused(client: FlaskClient) -> None:
    created = create(client, {"game": "pipifax", "players": 2, "seats": [{"name": "ada"}, OPEN]})
    match_id = created["match"]["match_id"]
    response = client.post(f"/matches/{match_id}/resign", headers=auth(created["seats"][0]["token"]))
    assert_error(response, 409, "match/waiting")
    response = client.post(f"/matches/{match_id}/resign", headers=auth(created["host_token"]))
    assert_error(response, 403, "auth/not_a_seat")
    assert_error(client.post(f"/matches/{match_id}/resign"), 401, "auth/missing_token")


# --- aborting --------------------------------------------------------------------------------------


def test_only_the_host_may_abort_and_nobody_acts_afterwards(client: FlaskClient) -> None:
    created = create(client, {"game": "pipifax", "players": 2, "seed": 4})
    match_id = created["match"]["match_id"]
    tokens = [s["token"] for s in created["seats"]]
    host = created["host_token"]

    assert_error(client.post(f"/matches/{match_id}/abort", headers=auth(tokens[0])), 403, "auth/not_host")
    assert_error(client.get(f"/matches/{match_id}/view", headers=auth(host)), 403, "auth/not_a_seat")
    assert_error(client.post(f"/matches/{match_id}/abort"), 401, "auth/missing_token")
    other = create(client, {"game": "pipifax", "players": 2})
    assert_error(client.post(f"/matches/{match_id}/abort", headers=auth(other["host_token"])), 403, "auth/wrong_match")
    assert match_of(client, match_id)["version"] == 0

    response = client.post(f"/matches/{match_id}/abort", headers=auth(host))
    assert response.status_code == 200, response.get_data(as_text=True)
    body = body_of(response)
    assert schemas.MatchSchema().validate(body) == {}
    assert body["status"] == "aborted" and body["result"] is None and body["version"] == 1
    assert body["to_act"] == []
    assert response.headers["ETag"] == '"1"'
    assert match_of(client, match_id)["status"] == "aborted"
    events = get_json(client, f"/matches/{match_id}/events?after=0")["events"]
    assert [(e["version"], e["kind"]) for e in events] == [(1, "aborted")]

    seat = stored_match(client, match_id).to_act[0]
    move = client.post(
        f"/matches/{match_id}/actions",
        json={"type": "pipifax.flip", "position": 0},
        headers={**auth(tokens[seat]), "If-Match": "1"},
    )
    assert_error(move, 409, "match/over")
    assert_error(client.post(f"/matches/{match_id}/abort", headers=auth(host)), 409, "match/over")
    assert_error(client.post(f"/matches/{match_id}/resign", headers=auth(tokens[0])), 409, "match/over")
    assert match_of(client, match_id)["version"] == 1
    assert [m["match_id"] for m in listing(client, "?status=aborted")["matches"]] == [match_id]
