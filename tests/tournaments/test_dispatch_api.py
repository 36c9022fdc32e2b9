"""Dispatch through HTTP on the real Redis: several matches at once per entrant, and a host's capacity."""

from __future__ import annotations

import random
import threading
from typing import Any

import pytest
from flask.testing import FlaskClient

from api.usecases.tournaments.director import advance, sweep
from api.workers.referee.runner import Referee
from api.workers.referee.thinker import Thinker
from tests.api.helpers import Json, assert_error, auth, body_of, context_of, get_json, stored_keys
from tests.tournaments.test_tournament_api import act_at_random
from tests.tournaments.tournament_requests import create, next_match, schedule, tournament

RANDOM_BOTS = [{"name": f"bot-{i}", "bot": "random"} for i in range(3)]


def playing(client: FlaskClient, tournament_id: str) -> list[Json]:
    rows: list[Json] = get_json(client, f"/tournaments/{tournament_id}/matches?state=playing")["matches"]
    return rows


def presence(client: FlaskClient, tournament_id: str, host_token: str, **body: Any) -> Any:
    return client.post(
        f"/tournaments/{tournament_id}/presence", json={"seconds": 600, **body}, headers=auth(host_token)
    )


def test_an_entrant_with_concurrency_gets_its_matches_at_once_one_per_request(client: FlaskClient) -> None:
    created = create(
        client, format="gauntlet", games_per_pairing=2, entrants=[{"name": "ada", "concurrency": 2}, *RANDOM_BOTS]
    )
    tournament_id, token = created["tournament"]["tournament_id"], created["entrants"][0]["token"]
    assert created["tournament"]["entrants"][0]["concurrency"] == 2
    assert created["tournament"]["entrants"][1]["concurrency"] is None, "a server bot: any number"
    assert len(playing(client, tournament_id)) == 2, "ada plays two matches at once, not one"
    # Two programs of ada ask at the same moment: each gets a match of its own.
    answers: list[Json] = []
    barrier = threading.Barrier(2)

    def ask() -> None:
        barrier.wait()
        answers.append(next_match(client.application.test_client(), tournament_id, token))

    threads = [threading.Thread(target=ask) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert len({answer["match_id"] for answer in answers}) == 2, answers
    again = next_match(client, tournament_id, token)
    assert again["match_id"] == min(answers, key=lambda a: a["index"])["match_id"], "all asked for: the first again"
    # Play everything out: ada's next always hands out a match it is in, and the tournament ends.
    ctx = context_of(client)
    referee, rng = Referee(ctx, thinker=Thinker(0)), random.Random(3)
    widest = 0
    for _ in range(20_000):
        found = next_match(client, tournament_id, token)
        if found == {"done": True}:
            break
        widest = max(widest, sum(0 in row["entrants"] for row in playing(client, tournament_id)))
        if found is None or not act_at_random(client, found["match_id"], found["seat"], found["token"], rng):
            for other in (next_match(client, tournament_id, token) for _ in range(2)):
                if other and "match_id" in other:
                    act_at_random(client, other["match_id"], other["seat"], other["token"], rng)
            referee.run_due(now=float("inf"))
            sweep(ctx)
    done = tournament(client, tournament_id)
    assert done["status"] == "finished" and done["progress"]["done"] == 12
    assert widest == 2, "never more than its concurrency"


def test_a_joined_entrant_says_its_concurrency_and_bad_values_are_refused(client: FlaskClient) -> None:
    created = create(client, entrants=[{"name": "ada"}], start=False)
    tournament_id = created["tournament"]["tournament_id"]
    joined = client.post(f"/tournaments/{tournament_id}/entrants", json={"name": "bob", "concurrency": 3})
    assert joined.status_code == 201, joined.get_json()
    entrants = get_json(client, f"/tournaments/{tournament_id}/entrants")["entrants"]
    assert [e["concurrency"] for e in entrants] == [1, 3]
    refused = client.post(f"/tournaments/{tournament_id}/entrants", json={"name": "cy", "concurrency": 0})
    assert_error(refused, 422, "request/invalid")
    assert len(get_json(client, f"/tournaments/{tournament_id}/entrants")["entrants"]) == 2, "nothing stored"


@pytest.mark.parametrize("concurrency", [0, -1, 1001, "2", 1.5])
def test_a_bad_entrant_concurrency_is_refused_with_422_and_stores_nothing(
    client: FlaskClient, concurrency: Any
) -> None:
    body = {
        "game": "girafferaffe",
        "players_per_match": 2,
        "format": "round-robin",
        "entrants": [{"name": "ada", "concurrency": concurrency}, RANDOM_BOTS[0]],
    }
    error = assert_error(client.post("/tournaments", json=body), 422, "request/invalid")
    assert "concurrency" in str(error["details"])
    assert stored_keys(client) == []


def six_programs(client: FlaskClient) -> Json:
    return create(client, entrants=[{"name": f"p{i}"} for i in range(6)], start=False)


def test_a_capacity_caps_the_matches_in_play_even_when_directors_race(client: FlaskClient) -> None:
    created = six_programs(client)
    tournament_id, host = created["tournament"]["tournament_id"], created["host_token"]
    held = presence(client, tournament_id, host, capacity=2)
    assert held.status_code == 200 and body_of(held)["capacity"] == 2
    assert client.post(f"/tournaments/{tournament_id}/start", headers=auth(host)).status_code == 200
    ctx = context_of(client)
    barrier = threading.Barrier(4)

    def direct() -> None:
        barrier.wait()
        for _ in range(5):
            advance(ctx, tournament_id)

    threads = [threading.Thread(target=direct) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert len(playing(client, tournament_id)) == 2, "six programs could play three matches; two workers play two"
    # More workers came: the next renewal lets the third start; a renewal without capacity lifts the cap.
    body_of(presence(client, tournament_id, host, capacity=5))
    assert len(playing(client, tournament_id)) == 3
    assert body_of(presence(client, tournament_id, host))["capacity"] is None


def test_a_capacity_of_zero_starts_nothing_and_applies_to_its_own_entrants_only(client: FlaskClient) -> None:
    created = create(client, entrants=[{"name": "p0"}, {"name": "p1"}, {"name": "p2"}, {"name": "p3"}], start=False)
    tournament_id, host = created["tournament"]["tournament_id"], created["host_token"]
    body_of(presence(client, tournament_id, host, entrants=[0, 1], capacity=0))
    body_of(presence(client, tournament_id, host, entrants=[2, 3]))
    assert client.post(f"/tournaments/{tournament_id}/start", headers=auth(host)).status_code == 200
    rows = playing(client, tournament_id)
    assert [row["entrants"] for row in rows] == [[2, 3]], "only the match of the uncapped lease's entrants starts"


@pytest.mark.parametrize("capacity", [-1, "3", 1.5, 100_001])
def test_a_bad_capacity_is_refused_with_422_and_changes_nothing(client: FlaskClient, capacity: Any) -> None:
    created = six_programs(client)
    tournament_id, host = created["tournament"]["tournament_id"], created["host_token"]
    ctx = context_of(client)
    before = ctx.tournaments.presence(tournament_id)
    error = assert_error(presence(client, tournament_id, host, capacity=capacity), 422, "request/invalid")
    assert "capacity" in str(error["details"])
    assert ctx.tournaments.presence(tournament_id) == before


def test_the_schedule_of_a_capped_tournament_still_plays_out(client: FlaskClient) -> None:
    created = create(client, entrants=[{"name": "ada"}, *RANDOM_BOTS], start=False)
    tournament_id, host = created["tournament"]["tournament_id"], created["host_token"]
    token = created["entrants"][0]["token"]
    body_of(presence(client, tournament_id, host, capacity=1))
    assert client.post(f"/tournaments/{tournament_id}/start", headers=auth(host)).status_code == 200
    ctx = context_of(client)
    referee, rng = Referee(ctx, thinker=Thinker(0)), random.Random(9)
    for _ in range(20_000):
        found = next_match(client, tournament_id, token)
        if found == {"done": True}:
            break
        assert sum(0 in row["entrants"] for row in playing(client, tournament_id)) <= 1
        if found is None or not act_at_random(client, found["match_id"], found["seat"], found["token"], rng):
            referee.run_due(now=float("inf"))
            sweep(ctx)
    # Ada is done, but matches among the server's bots may still be under way or not started: the loop above
    # ran the referee and the director only when ada had nothing to play. They run on until the tournament
    # is over (a schedule stuck under the cap spends these rounds, and the test fails).
    for _ in range(200):
        if tournament(client, tournament_id)["status"] == "finished":
            break
        referee.run_due(now=float("inf"))
        sweep(ctx)
    assert tournament(client, tournament_id)["status"] == "finished"
    assert all(row["state"] == "done" for row in schedule(client, tournament_id))
