"""``GET /matches/{id}/versions/{version}``: a finished match's public view at every past version.

The views a spectator read while the match was played are kept, then compared with what the replay
endpoint rebuilds from the seed and the log after the end.
"""

from __future__ import annotations

import random

import pytest
from flask.testing import FlaskClient

import engine
from api.http.replay.schemas import ReplayVersionSchema
from tests.api.helpers import (
    Json,
    act,
    assert_error,
    auth,
    body_of,
    create_match,
    legal,
    pipifax_hit,
    playable_players,
    public,
    raw_log,
    stored_match,
)

#: Random moves before a match is brought to its end (random play alone may take thousands).
RANDOM_MOVES = 40


def play_watching(client: FlaskClient, game: str, players: int, seed: int) -> tuple[str, dict[int, Json]]:
    """Play a match to its end; the public match resource at each version it passed.

    Random moves first; then Pipifax is won with the stored truth, and in the other games every
    seat but the last resigns (versions without an action).
    """
    created = create_match(client, game, players, seed=seed)
    rng = random.Random(seed)
    seen: dict[int, Json] = {}
    current = public(client, created)
    while True:
        seen[current["version"]] = current
        if current["status"] != "active":
            return created.match_id, seen
        if len(seen) > RANDOM_MOVES and game == "pipifax":
            match = stored_match(client, created.match_id)
            flip = {"type": "pipifax.flip", "position": pipifax_hit(match)}
            act(client, created, match.state["turn"], flip, match.version)
        elif len(seen) > RANDOM_MOVES:
            seat = next(seat for seat in current["seats"] if seat["state"] == "playing")["seat"]
            response = client.post(f"{created.url}/resign", headers=created.auth(seat))
            assert response.status_code == 200, response.get_data(as_text=True)
        else:
            seat = rng.choice(current["to_act"])
            page = legal(client, created, seat, "?sample=1")
            act(client, created, seat, page["actions"][0], page["version"])
        current = public(client, created)


@pytest.mark.parametrize("game", [game.info.id for game in engine.all_games()])
def test_every_version_shows_what_spectators_saw(client: FlaskClient, game: str) -> None:
    match_id, seen = play_watching(client, game, playable_players(engine.get_game(game)), seed=11)
    last = max(seen)
    log = raw_log(client, match_id)
    for version, resource in seen.items():
        step = body_of(client.get(f"/matches/{match_id}/versions/{version}"))
        assert ReplayVersionSchema().validate(step) == {}, ReplayVersionSchema().validate(step)
        assert step["view"] == resource["view"], version
        assert step["version"] == version and step["last_version"] == last
        assert step["to_act"] == (resource["to_act"] if version < last else [])
        assert step["status"] == "finished"
        entry = log[version]
        assert step["seat"] == entry["seat"] and step["at"] == entry["at"]
        if entry["action"] is None:  # the setup, or a seat resigning
            assert step["action"] is None
        else:
            assert step["action"]["version"] == version and step["action"]["seat"] == entry["seat"]
            assert step["action"]["action"] == entry["action"]  # every secret is out once the match is over
        assert [(e["kind"], e["data"]) for e in step["events"]] == [
            (e["kind"], e["data"]) for e in entry["events"] if e["visible_to"] is None
        ]


def test_an_aborted_match_replays_up_to_its_abort(client: FlaskClient) -> None:
    created = create_match(client, "taiga", 2, seed=3)
    page = legal(client, created, public(client, created)["to_act"][0], "?sample=1")
    act(client, created, public(client, created)["to_act"][0], page["actions"][0], 0)
    before = public(client, created)
    response = client.post(f"{created.url}/abort", headers=auth(created.body["host_token"]))
    assert response.status_code == 200, response.get_data(as_text=True)
    step = body_of(client.get(f"{created.url}/versions/2"))
    assert step["status"] == "aborted" and step["last_version"] == 2
    assert step["action"] is None and [e["kind"] for e in step["events"]] == ["aborted"]
    # calling a match off moves nothing on the table, but shows everything, as the match's own view does
    assert step["view"] == public(client, created)["view"]
    assert step["view"]["phase"] == "over" and step["view"]["turn"] is None
    assert all(disc["down"] is not None for disc in step["view"]["discs"])
    assert [disc["up"] for disc in step["view"]["discs"]] == [disc["up"] for disc in before["view"]["discs"]]
    assert all(disc["down"] is None for disc in before["view"]["discs"])
    assert body_of(client.get(f"{created.url}/versions/1"))["view"] == before["view"]


def test_a_match_still_in_play_is_not_replayed(client: FlaskClient) -> None:
    created = create_match(client, "pipifax", 2, seed=5)
    body = assert_error(client.get(f"{created.url}/versions/0"), 409, "match/not_over")
    assert body["details"]["match_status"] == "active"


def test_a_version_that_never_existed_is_404(client: FlaskClient) -> None:
    match_id, seen = play_watching(client, "pipifax", 2, seed=2)
    body = assert_error(client.get(f"/matches/{match_id}/versions/{max(seen) + 1}"), 404, "match/version_not_found")
    assert body["details"]["last_version"] == max(seen)
    assert_error(client.get(f"/matches/{match_id}/versions/-1"), 404, "request/not_found")
    assert_error(client.get("/matches/no-such-match/versions/0"), 404, "match/not_found")
