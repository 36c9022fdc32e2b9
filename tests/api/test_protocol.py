"""HTTP details the spec and RFC 9110 promise: `Allow` on 405, `If-Match: *` and lists, JSON-Schema
integers, and the refusals of requests the spec allows but the match does not."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

import engine
from api.http.matches.schemas import FILTER_KEYS, MAX_PLAYERS, MIN_PLAYERS
from api.spec import openapi_document
from tests.api.helpers import assert_error, body_of, create_match, legal, public, submit


@pytest.mark.parametrize(
    ("method", "path", "allowed"),
    [
        ("delete", "/matches", {"GET", "POST"}),
        ("put", "/matches/x/actions", {"POST"}),
        ("post", "/games", {"GET"}),
        ("patch", "/health", {"GET"}),
    ],
)
def test_a_405_lists_the_allowed_methods(client: FlaskClient, method: str, path: str, allowed: set[str]) -> None:
    response = getattr(client, method)(path)
    assert_error(response, 405, "request/method_not_allowed")
    assert {m.strip() for m in response.headers["Allow"].split(",")} >= allowed
    assert response.mimetype == "application/json"


def test_if_match_star_plays_at_whatever_version_the_match_is(client: FlaskClient) -> None:
    created = create_match(client, "pipifax", 2, seed=1, options={"first_player": 0})
    flip = legal(client, created, 0)["actions"][0]
    response = submit(client, created, 0, flip, "*")
    assert response.status_code == 200, response.get_data(as_text=True)
    assert body_of(response)["version"] == 1
    # still checked against the match as it is: it is not seat 0's turn any more
    assert submit(client, created, 0, flip, "*").status_code == 409
    assert public(client, created)["version"] == 1


def test_if_match_takes_a_list_of_versions(client: FlaskClient) -> None:
    created = create_match(client, "pipifax", 2, seed=1, options={"first_player": 0})
    flip = legal(client, created, 0)["actions"][0]
    assert_error(submit(client, created, 0, flip, '"3", "4"'), 412, "match/stale_version")
    assert submit(client, created, 0, flip, '"3", W/"0"').status_code == 200


def test_a_blank_if_match_is_a_missing_one(client: FlaskClient) -> None:
    created = create_match(client, "pipifax", 2, seed=1, options={"first_player": 0})
    flip = legal(client, created, 0)["actions"][0]
    for blank in ("", "  "):
        assert_error(submit(client, created, 0, flip, blank), 428, "match/version_required")


def test_an_integral_float_is_an_integer_as_json_schema_says(client: FlaskClient) -> None:
    response = client.post("/matches", json={"game": "pipifax", "players": 2.0, "seed": 5.0})
    assert response.status_code == 201, response.get_data(as_text=True)
    assert body_of(response)["match"]["players"] == 2
    for wrong in (2.5, "2", True, 2.0**70):
        assert_error(client.post("/matches", json={"game": "pipifax", "players": wrong}), 422, "request/invalid")


def test_another_games_action_is_refused_naming_the_matchs_own(client: FlaskClient) -> None:
    created = create_match(client, "pipifax", 2, seed=1, options={"first_player": 0})
    body = assert_error(submit(client, created, 0, {"type": "taiga.pass"}, "0"), 422, "action/malformed")
    assert body["details"]["allowed"] == ["pipifax.flip"]


def test_the_spec_is_as_strict_as_the_server(client: FlaskClient) -> None:
    spec = openapi_document()
    schemas = spec["components"]["schemas"]
    players = schemas["CreateMatch"]["properties"]["players"]
    games = engine.all_games()
    assert (players["minimum"], players["maximum"]) == (MIN_PLAYERS, MAX_PLAYERS)
    assert (
        min(g.info.min_players for g in games) == MIN_PLAYERS and max(g.info.max_players for g in games) == MAX_PLAYERS
    )
    name = schemas["SeatRequest"]["properties"]["name"]
    assert (name["minLength"], name["maxLength"]) == (1, 64) and "pattern" in name
    legal_actions = spec["paths"]["/matches/{match_id}/legal-actions"]["get"]
    filter_items = next(p for p in legal_actions["parameters"] if p["name"] == "filter")["schema"]["items"]
    assert filter_items["pattern"] == f"^({'|'.join(FILTER_KEYS)})=.+$"
    wait = next(p for p in spec["paths"]["/matches/{match_id}"]["get"]["parameters"] if p["name"] == "wait")
    assert wait["schema"]["exclusiveMinimum"] == 0 and "minimum" not in wait["schema"]
    description = spec["paths"]["/matches/{match_id}/actions"]["post"]["description"]
    for game in games:
        assert f"- {game.info.id}: " + ", ".join(f"`{cls.TYPE}`" for cls in game.action_types) in description
    if_match = next(
        p for p in spec["paths"]["/matches/{match_id}/actions"]["post"]["parameters"] if p["name"] == "If-Match"
    )
    assert "`*`" in if_match["description"]
