"""The OpenAPI document: valid, committed, explicit, and in step with the code that serves it."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient
from marshmallow import Schema
from openapi_schema_validator import OAS31Validator
from openapi_spec_validator import validate

import engine
from api.games.schemas import GameListSchema, GameSchema
from api.health.routes import HealthSchema
from api.lobby import schemas as lobby
from api.matches import schemas
from api.records.schemas import RecordSchema
from api.replay.schemas import ReplayVersionSchema
from api.tournaments import schemas as tournaments
from tests.api.helpers import Json, act, auth, body_of, create_match
from tests.engine.conformance import option_grid

COMMITTED = Path(__file__).resolve().parents[2] / "openapi" / "openapi.json"
METHODS = {"get", "put", "post", "delete", "patch", "options", "head", "trace"}

#: Each operation of the contract: its path, method, success status and the schema its route documents.
OPERATIONS: dict[str, tuple[str, str, str, type[Schema]]] = {
    "listGames": ("/games", "get", "200", GameListSchema),
    "getGame": ("/games/{game_id}", "get", "200", GameSchema),
    "createMatch": ("/matches", "post", "201", schemas.CreatedMatchSchema),
    "getMatch": ("/matches/{match_id}", "get", "200", schemas.MatchSchema),
    "getSeatView": ("/matches/{match_id}/view", "get", "200", schemas.SeatViewSchema),
    "listLegalActions": ("/matches/{match_id}/legal-actions", "get", "200", schemas.LegalActionsSchema),
    "submitAction": ("/matches/{match_id}/actions", "post", "200", schemas.MoveResultSchema),
    "listEvents": ("/matches/{match_id}/events", "get", "200", schemas.EventPageSchema),
    "listSeatEvents": ("/matches/{match_id}/seat-events", "get", "200", schemas.EventPageSchema),
    "getHealth": ("/health", "get", "200", HealthSchema),
    "listMatches": ("/matches", "get", "200", lobby.MatchListSchema),
    "joinMatch": ("/matches/{match_id}/join", "post", "201", lobby.JoinedSchema),
    "resignSeat": ("/matches/{match_id}/resign", "post", "200", schemas.SeatViewSchema),
    "abortMatch": ("/matches/{match_id}/abort", "post", "200", schemas.MatchSchema),
    "createTournament": ("/tournaments", "post", "201", tournaments.CreatedTournamentSchema),
    "listTournaments": ("/tournaments", "get", "200", tournaments.TournamentListSchema),
    "getTournament": ("/tournaments/{tournament_id}", "get", "200", tournaments.TournamentSchema),
    "joinTournament": ("/tournaments/{tournament_id}/entrants", "post", "201", tournaments.EntrantTokenSchema),
    "startTournament": ("/tournaments/{tournament_id}/start", "post", "200", tournaments.TournamentSchema),
    "cancelTournament": ("/tournaments/{tournament_id}/cancel", "post", "200", tournaments.TournamentSchema),
    "nextTournamentMatch": ("/tournaments/{tournament_id}/next", "get", "200", tournaments.NextMatchSchema),
    "getTournamentStandings": ("/tournaments/{tournament_id}/standings", "get", "200", tournaments.StandingsSchema),
    "listTournamentMatches": ("/tournaments/{tournament_id}/matches", "get", "200", tournaments.ScheduleSchema),
    "reportForfeit": ("/tournaments/{tournament_id}/forfeits", "post", "200", tournaments.ForfeitedSchema),
    "getMatchVersion": ("/matches/{match_id}/versions/{version}", "get", "200", ReplayVersionSchema),
    "getMatchRecord": ("/matches/{match_id}/record", "get", "200", RecordSchema),
    "replayRecordVersion": ("/records/versions/{version}", "post", "200", ReplayVersionSchema),
}

#: The operations that answer with a stream of server-sent events instead of a JSON body.
STREAMS = {"streamMatch": "/matches/{match_id}/stream", "streamSeat": "/matches/{match_id}/seat-stream"}


@pytest.fixture
def spec(client: FlaskClient) -> Json:
    response = client.get("/openapi.json")
    assert response.status_code == 200
    assert response.mimetype == "application/json"
    return body_of(response)


def operations(spec: Json) -> list[tuple[str, str, Json]]:
    return [
        (path, method, operation)
        for path, item in spec["paths"].items()
        for method, operation in item.items()
        if method in METHODS
    ]


def resolve(spec: Json, node: Json) -> Json:
    while "$ref" in node:
        target: Any = spec
        for part in node["$ref"].removeprefix("#/").split("/"):
            target = target[part]
        node = target
    return node


def test_served_spec_is_a_valid_openapi_document(spec: Json) -> None:
    validate(spec)
    assert spec["openapi"].startswith("3.1")
    assert spec["info"]["title"] == "Tabletop Arena"


def test_served_spec_equals_the_committed_one(spec: Json) -> None:
    """The committed ``openapi/openapi.json`` (and the SDK generated from it) must be regenerated after changes."""
    committed = json.loads(COMMITTED.read_text())
    assert spec == committed, "openapi/openapi.json is out of date: regenerate it (scripts/generate.sh)"


def test_every_operation_has_an_explicit_unique_operation_id(spec: Json) -> None:
    found = {operation.get("operationId"): (path, method) for path, method, operation in operations(spec)}
    assert None not in found
    assert len(found) == len(operations(spec))
    assert {op_id: found[op_id] for op_id in OPERATIONS} == {k: v[:2] for k, v in OPERATIONS.items()}
    assert {op_id: found[op_id] for op_id in STREAMS} == {k: (path, "get") for k, path in STREAMS.items()}
    assert set(found) == set(OPERATIONS) | set(STREAMS)


def test_every_documented_response_has_content_or_is_304_or_an_ended_streams_204(spec: Json) -> None:
    for path, method, operation in operations(spec):
        assert operation["responses"], (path, method)
        for status, documented in operation["responses"].items():
            response = resolve(spec, documented)
            if status == "304" or (status == "204" and operation["operationId"] in STREAMS):
                assert "content" not in response  # not modified; a stream resumed after its end
                continue
            if status == "200" and operation["operationId"] in STREAMS:
                assert set(response["content"]) == {"text/event-stream"}, (path, method)
                continue
            assert "application/json" in response.get("content", {}), (path, method, status)
            if status not in ("200", "201"):
                schema = response["content"]["application/json"]["schema"]
                assert schema == {"$ref": "#/components/schemas/Error"}, (path, method, status)


@pytest.mark.parametrize("operation_id", list(OPERATIONS))
def test_success_response_documents_the_schema_the_route_uses(spec: Json, operation_id: str) -> None:
    path, method, status, schema = OPERATIONS[operation_id]
    operation = spec["paths"][path][method]
    documented = operation["responses"][status]["content"]["application/json"]["schema"]
    name = schema.__name__.removesuffix("Schema")
    assert documented == {"$ref": f"#/components/schemas/{name}"}
    component = spec["components"]["schemas"][name]
    assert set(component["properties"]) == set(schema().fields)
    assert set(component.get("required", [])) == {n for n, f in schema().fields.items() if f.required}


def test_action_union_is_a_oneof_with_a_type_discriminator_over_every_action(spec: Json) -> None:
    action = spec["components"]["schemas"]["Action"]
    registered = {cls.TYPE for game in engine.all_games() for cls in game.action_types}
    assert set(action) >= {"oneOf", "discriminator"}
    assert action["discriminator"]["propertyName"] == "type"
    mapping = action["discriminator"]["mapping"]
    assert set(mapping) == registered
    refs = [member["$ref"] for member in action["oneOf"]]
    assert len(refs) == len(set(refs)) == len(registered)
    assert set(mapping.values()) == set(refs)
    for type_name, ref in mapping.items():
        member = resolve(spec, {"$ref": ref})
        assert member["properties"]["type"]["enum"] == [type_name]
        assert "type" in member["required"]
    body = spec["paths"]["/matches/{match_id}/actions"]["post"]["requestBody"]
    assert body["required"] is True
    assert body["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/Action"}
    legal = spec["components"]["schemas"]["LegalActions"]["properties"]["actions"]
    assert legal["items"] == {"$ref": "#/components/schemas/Action"}


def test_view_union_is_a_oneof_with_a_game_discriminator_over_every_game(spec: Json) -> None:
    view = spec["components"]["schemas"]["GameView"]
    assert view["discriminator"]["propertyName"] == "game"
    mapping = view["discriminator"]["mapping"]
    assert set(mapping) == {game.info.id for game in engine.all_games()}
    assert set(mapping.values()) == {member["$ref"] for member in view["oneOf"]}
    for game_id, ref in mapping.items():
        assert resolve(spec, {"$ref": ref})["properties"]["game"]["enum"] == [game_id]


def test_seat_operations_declare_the_bearer_scheme_and_if_match(spec: Json) -> None:
    scheme = spec["components"]["securitySchemes"]["seatToken"]
    assert (scheme["type"], scheme["scheme"]) == ("http", "bearer")
    for path, method in (
        ("/matches/{match_id}/view", "get"),
        ("/matches/{match_id}/legal-actions", "get"),
        ("/matches/{match_id}/actions", "post"),
    ):
        assert spec["paths"][path][method]["security"] == [{"seatToken": []}]
    submit = spec["paths"]["/matches/{match_id}/actions"]["post"]
    if_match = [p for p in submit["parameters"] if p["in"] == "header" and p["name"] == "If-Match"]
    assert len(if_match) == 1 and if_match[0]["required"] is True
    assert {"412", "428", "409", "422"} <= set(submit["responses"])
    get_match = spec["paths"]["/matches/{match_id}"]["get"]
    assert any(p["name"] == "If-None-Match" for p in get_match["parameters"])
    assert "304" in get_match["responses"]


def test_served_bodies_validate_against_the_spec_itself(client: FlaskClient, spec: Json) -> None:
    """Real responses checked with a JSON-schema validator against the served document's components."""

    def check(body: Any, component: str) -> None:
        validator = OAS31Validator({"$ref": f"#/components/schemas/{component}", "components": spec["components"]})
        errors = [e.message for e in validator.iter_errors(body)]
        assert errors == [], (component, errors[:3])

    check(body_of(client.get("/games")), "GameList")
    check(body_of(client.get("/health")), "Health")
    for game in ("pipifax", "taiga"):
        response = client.post("/matches", json={"game": game, "players": 2, "seed": 1, "options": {"first_player": 0}})
        check(body_of(response), "CreatedMatch")
        created = create_match(client, game, 2, seed=1, options={"first_player": 0})
        listed = body_of(client.get(f"{created.url}/legal-actions", headers=created.auth(0)))
        check(listed, "LegalActions")
        for action in listed["actions"]:
            check(action, "Action")
        moved = act(client, created, 0, listed["actions"][0], 0)
        check(moved, "MoveResult")
        check(body_of(client.get(created.url)), "Match")
        check(body_of(client.get(f"{created.url}/view", headers=auth(created.tokens[1]))), "SeatView")
        check(body_of(client.get(f"{created.url}/events")), "EventPage")
    check(body_of(client.get("/matches/nope")), "Error")


def test_every_game_and_mode_serves_bodies_that_validate_against_the_spec(client: FlaskClient, spec: Json) -> None:
    """Random play in every game and option value: each move, view and match body matches the spec."""

    def check(body: Any, component: str) -> None:
        validator = OAS31Validator({"$ref": f"#/components/schemas/{component}", "components": spec["components"]})
        errors = [e.message for e in validator.iter_errors(body)]
        assert errors == [], (component, errors[:3])

    rng = random.Random(2)
    for game in engine.all_games():
        tables: dict[str, tuple[int, dict[str, Any]]] = {}
        for players, options in option_grid(game):
            tables.setdefault(repr(options), (players, options))  # the fewest players for each option value
        for players, options in tables.values():
            created = create_match(client, game.info.id, players, seed=3, options=options)
            current = created.match
            for _ in range(120):
                if current["status"] == "finished":
                    break
                seat = rng.choice(current["to_act"])
                listed = body_of(client.get(f"{created.url}/legal-actions", headers=created.auth(seat)))
                check(listed, "LegalActions")
                current = act(client, created, seat, rng.choice(listed["actions"]), listed["version"])
                check(current, "MoveResult")
            check(body_of(client.get(created.url)), "Match")
            for seat in range(players):
                check(body_of(client.get(f"{created.url}/view", headers=created.auth(seat))), "SeatView")
                check(body_of(client.get(f"{created.url}/seat-events", headers=created.auth(seat))), "EventPage")
