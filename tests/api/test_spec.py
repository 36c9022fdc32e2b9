"""The OpenAPI document: valid, committed, explicit, and in step with the code that serves it."""

from __future__ import annotations

import dataclasses
import json
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient
from marshmallow import Schema
from openapi_schema_validator import OAS31Validator
from openapi_spec_validator import validate

import engine
from api.http.games.schemas import GameListSchema, GameSchema
from api.http.health.routes import HealthSchema
from api.http.lobby import schemas as lobby
from api.http.matches import schemas
from api.http.records.schemas import RecordSchema
from api.http.replay.schemas import ReplayVersionSchema
from api.http.tournaments import report_schemas as tournament_reports
from api.http.tournaments import schemas as tournaments
from api.http.webhooks.schemas import WebhookStatusSchema
from arena.error_codes import ERROR_CODES
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
    "listTournamentMatches": ("/tournaments/{tournament_id}/matches", "get", "200", tournament_reports.ScheduleSchema),
    "listTournamentEntrants": ("/tournaments/{tournament_id}/entrants", "get", "200", tournaments.EntrantPageSchema),
    "pauseTournament": ("/tournaments/{tournament_id}/pause", "post", "200", tournaments.TournamentSchema),
    "resumeTournament": ("/tournaments/{tournament_id}/resume", "post", "200", tournaments.TournamentSchema),
    "holdPresence": ("/tournaments/{tournament_id}/presence", "post", "200", tournament_reports.PresenceHeldSchema),
    "getTournamentCrosstable": (
        "/tournaments/{tournament_id}/crosstable",
        "get",
        "200",
        tournament_reports.CrosstableSchema,
    ),
    "getTournamentRatings": (
        "/tournaments/{tournament_id}/ratings",
        "get",
        "200",
        tournament_reports.RatingTableSchema,
    ),
    "getTournamentSprt": ("/tournaments/{tournament_id}/sprt", "get", "200", tournament_reports.SprtCurveSchema),
    "reportForfeit": ("/tournaments/{tournament_id}/forfeits", "post", "200", tournament_reports.ForfeitedSchema),
    "getMatchVersion": ("/matches/{match_id}/versions/{version}", "get", "200", ReplayVersionSchema),
    "getMatchWebhook": ("/matches/{match_id}/webhook", "get", "200", WebhookStatusSchema),
    "getTournamentWebhook": ("/tournaments/{tournament_id}/webhook", "get", "200", WebhookStatusSchema),
    "getMatchRecord": ("/matches/{match_id}/record", "get", "200", RecordSchema),
    "replayRecordVersion": ("/records/versions/{version}", "post", "200", ReplayVersionSchema),
}

#: The operations that answer with a stream of server-sent events instead of a JSON body.
STREAMS = {"streamMatch": "/matches/{match_id}/stream", "streamSeat": "/matches/{match_id}/seat-stream"}
#: The operations that answer with JSON lines (``application/x-ndjson``), each line of the schema given.
JSON_LINES = {
    "getTournamentRecords": ("/tournaments/{tournament_id}/records", tournament_reports.TournamentRecordLineSchema)
}
#: The operations that upgrade to a WebSocket (``x-websocket`` describes their messages).
SOCKETS = {"seatSocket": "/matches/{match_id}/seat-socket"}


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


def test_an_app_serves_the_document_a_fresh_process_describes(spec: Json) -> None:
    """A process describes the API once and its later apps serve that document (``api/http/app.py``): the
    same as a process that describes it for the first time."""
    fresh = subprocess.run(
        [
            sys.executable,
            "-c",
            "import json; from api.spec import openapi_document; print(json.dumps(openapi_document()))",
        ],
        check=True,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert json.loads(fresh.stdout) == spec


def test_every_operation_has_an_explicit_unique_operation_id(spec: Json) -> None:
    found = {operation.get("operationId"): (path, method) for path, method, operation in operations(spec)}
    assert None not in found
    assert len(found) == len(operations(spec))
    assert {op_id: found[op_id] for op_id in OPERATIONS} == {k: v[:2] for k, v in OPERATIONS.items()}
    assert {op_id: found[op_id] for op_id in STREAMS} == {k: (path, "get") for k, path in STREAMS.items()}
    assert {op_id: found[op_id] for op_id in SOCKETS} == {k: (path, "get") for k, path in SOCKETS.items()}
    assert {op_id: found[op_id] for op_id in JSON_LINES} == {k: (v[0], "get") for k, v in JSON_LINES.items()}
    assert set(found) == set(OPERATIONS) | set(STREAMS) | set(SOCKETS) | set(JSON_LINES)


def test_every_documented_response_has_content_or_is_304_or_an_ended_streams_204(spec: Json) -> None:
    for path, method, operation in operations(spec):
        assert operation["responses"], (path, method)
        for status, documented in operation["responses"].items():
            response = resolve(spec, documented)
            if (
                status == "304"
                or (status == "204" and operation["operationId"] in STREAMS)
                or (status == "101" and operation["operationId"] in SOCKETS)
            ):
                assert "content" not in response  # not modified; a stream resumed after its end; an upgrade
                continue
            if status == "200" and operation["operationId"] in STREAMS:
                assert set(response["content"]) == {"text/event-stream"}, (path, method)
                continue
            if status == "200" and operation["operationId"] in JSON_LINES:
                assert set(response["content"]) == {"application/x-ndjson"}, (path, method)
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


@pytest.mark.parametrize("operation_id", list(JSON_LINES))
def test_json_lines_are_text_whose_every_line_is_the_schema_the_route_writes(spec: Json, operation_id: str) -> None:
    """The body is text (OpenAPI 3.1 has no schema for a sequence); ``x-itemSchema`` (OpenAPI 3.2's
    ``itemSchema``) gives each line's."""
    path, schema = JSON_LINES[operation_id]
    content = spec["paths"][path]["get"]["responses"]["200"]["content"]["application/x-ndjson"]
    name = schema.__name__.removesuffix("Schema")
    assert content == {"schema": {"type": "string"}, "x-itemSchema": {"$ref": f"#/components/schemas/{name}"}}
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
    legal = spec["components"]["schemas"]["LegalActions"]["properties"]["actions"]
    assert legal["items"] == {"$ref": "#/components/schemas/Action"}


def test_submitted_actions_are_a_union_of_the_listed_ones_with_defaulted_fields_optional(spec: Json) -> None:
    """``ActionRequest`` (the body of ``submitAction``) has the members of ``Action``, except that an
    action with a field that has a default has a ``...Request`` member in which that field is optional."""
    body = spec["paths"]["/matches/{match_id}/actions"]["post"]["requestBody"]
    assert body["required"] is True
    assert body["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/ActionRequest"}
    listed = spec["components"]["schemas"]["Action"]["discriminator"]["mapping"]
    submitted = spec["components"]["schemas"]["ActionRequest"]["discriminator"]["mapping"]
    assert set(submitted) == set(listed)
    differing = {type_name for type_name in listed if submitted[type_name] != listed[type_name]}
    assert differing == {
        cls.TYPE
        for game in engine.all_games()
        for cls in game.action_types
        if any(f.default is not dataclasses.MISSING for f in dataclasses.fields(cls))
    }
    assert "pili-pili.play" in differing
    for type_name in differing:
        answer, request = resolve(spec, {"$ref": listed[type_name]}), resolve(spec, {"$ref": submitted[type_name]})
        assert submitted[type_name] == listed[type_name] + "Request"
        assert answer["properties"] == request["properties"]
        assert set(request["required"]) < set(answer["required"]) == set(answer["properties"])


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


def schemas_reached(spec: Json, node: Any, found: set[str] | None = None) -> set[str]:
    """The names of the component schemas that ``node`` refers to, directly or through others."""
    found = set() if found is None else found
    if isinstance(node, dict):
        ref = node.get("$ref", "")
        if ref.startswith("#/components/schemas/") and ref.rsplit("/", 1)[1] not in found:
            found.add(ref.rsplit("/", 1)[1])
            schemas_reached(spec, spec["components"]["schemas"][ref.rsplit("/", 1)[1]], found)
        for value in node.values():
            schemas_reached(spec, value, found)
    elif isinstance(node, list):
        for value in node:
            schemas_reached(spec, value, found)
    return found


def test_no_operation_has_a_catch_all_answer(spec: Json) -> None:
    """Every status is declared by itself: schemathesis checks that no other is answered (a `default`
    answer would let any status through)."""
    assert [(path, method) for path, method, operation in operations(spec) if "default" in operation["responses"]] == []


def test_every_answer_declares_its_headers_as_components_with_schemas(spec: Json) -> None:
    headers = spec["components"]["headers"]
    assert set(headers) >= {"X-Request-Id", "Retry-After", "ETag", "Cache-Control", "Vary", "Location"}
    assert all("schema" in header and header.get("description") for header in headers.values())
    for path, method, operation in operations(spec):
        for status, response in operation["responses"].items():
            if status == "101":
                continue  # the upgrade is answered by the WebSocket handshake, before the app's headers
            declared = response.get("headers", {})
            assert "X-Request-Id" in declared, (path, method, status)
            assert ("Retry-After" in declared) == (status in ("429", "503", "507")), (path, method, status)
            for name, header in declared.items():
                assert resolve(spec, header)["schema"], (path, method, status, name)


def test_conditional_reads_and_writes_declare_their_etags(spec: Json) -> None:
    with_etag = {
        ("getMatch", "200"),
        ("getMatch", "304"),
        ("getSeatView", "200"),
        ("getSeatView", "304"),
        ("listEvents", "304"),
        ("listSeatEvents", "304"),
        ("submitAction", "200"),
        ("createMatch", "201"),
    }
    found = {
        (operation["operationId"], status)
        for _, _, operation in operations(spec)
        for status, response in operation["responses"].items()
        if "ETag" in response.get("headers", {})
    }
    assert with_etag <= found
    created = spec["paths"]["/matches"]["post"]["responses"]["201"]["headers"]
    assert {"Location", "Idempotent-Replayed", "Cache-Control"} <= set(created)


def test_error_descriptions_name_listed_codes_of_their_status(spec: Json) -> None:
    """A code that an error answer's description names is in arena/error_codes.py, with that status."""
    named = 0
    areas = {code.split("/")[0] for code in ERROR_CODES}
    for path, method, operation in operations(spec):
        for status, response in operation["responses"].items():
            if int(status) < 400:
                continue
            for code in re.findall(r"`([a-z]+/[a-z_]+)`", resolve(spec, response)["description"]):
                if code.split("/")[0] not in areas:
                    continue  # a media type
                named += 1
                assert code in ERROR_CODES, (path, method, status, code)
                assert int(status) in ERROR_CODES[code].statuses, (path, method, status, code)
    assert named > 100


def test_error_code_is_an_enum_and_game_ids_are_one(spec: Json) -> None:
    schemas = spec["components"]["schemas"]
    assert schemas["Error"]["properties"]["code"]["enum"] == list(ERROR_CODES)
    assert schemas["GameId"]["enum"] == [game.info.id for game in engine.all_games()]
    game_fields = [
        (name, prop)
        for name, schema in schemas.items()
        for key, prop in schema.get("properties", {}).items()
        if key == "game" and name not in ("GameView",) and "enum" not in prop
    ]
    assert len(game_fields) >= 8
    assert all(prop["$ref"] == "#/components/schemas/GameId" for _, prop in game_fields), game_fields
    assert schemas["Game"]["properties"]["id"]["$ref"] == "#/components/schemas/GameId"


def test_request_bodies_have_no_defaults(spec: Json) -> None:
    """openapi-typescript, by default, types a property with a `default` as always present: a request
    schema states its defaults in its descriptions instead, so its optional fields stay optional."""
    bodies = [operation.get("requestBody", {}) for _, _, operation in operations(spec)]
    sockets = [operation["x-websocket"] for _, _, operation in operations(spec) if "x-websocket" in operation]
    reached = schemas_reached(spec, [bodies, sockets])
    assert {"CreateMatch", "ActionRequest", "TimeControlRequest", "PiliPiliPlayRequest", "Join"} <= reached
    defaulted = [
        (name, key)
        for name in sorted(reached)
        for key, prop in spec["components"]["schemas"][name].get("properties", {}).items()
        if "default" in prop
    ]
    assert defaulted == []
    on_timeout = spec["components"]["schemas"]["TimeControlRequest"]["properties"]["on_timeout"]
    assert on_timeout["description"].endswith('Default: `"forfeit"`.')


def test_integer_bounds_are_the_servers_own_never_a_machine_word(spec: Json) -> None:
    """No integer is bounded by 32 or 64 bits but a seed's, whose 63 bits are the server's own limit."""

    def bounds(node: Any, where: str) -> list[tuple[str, Any]]:
        found = []
        if isinstance(node, dict):
            for key in ("minimum", "maximum"):
                value = node.get(key)
                if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 2**31 - 1:
                    found.append((where, value))
            for key, value in node.items():
                found += bounds(value, f"{where}/{key}")
        elif isinstance(node, list):
            for index, value in enumerate(node):
                found += bounds(value, f"{where}/{index}")
        return found

    sample_seed = next(
        index
        for index, parameter in enumerate(spec["paths"]["/matches/{match_id}/legal-actions"]["get"]["parameters"])
        if parameter["name"] == "sample_seed"
    )
    assert sorted(bounds(spec, "")) == [
        ("/components/schemas/CreateMatch/properties/seed", 2**63 - 1),
        ("/components/schemas/CreateTournament/properties/seed", 2**63 - 1),
        (f"/paths//matches/{{match_id}}/legal-actions/get/parameters/{sample_seed}/schema", 2**63 - 1),
    ]


def test_each_stream_names_the_schema_of_each_event_type(spec: Json) -> None:
    for operation_id, path in STREAMS.items():
        content = spec["paths"][path]["get"]["responses"]["200"]["content"]["text/event-stream"]
        kinds = content["schema"]["properties"]["event"]["enum"]
        assert set(content["x-events"]) == set(kinds)
        for kind, ref in content["x-events"].items():
            assert resolve(spec, ref)["properties"], (operation_id, kind)
        assert ("turn" in kinds) == (operation_id == "streamSeat")
    socket = spec["paths"][SOCKETS["seatSocket"]]["get"]
    item = spec["components"]["schemas"]["SocketItem"]
    assert socket["x-websocket"]["server-messages"]["item"] == {"$ref": "#/components/schemas/SocketItem"}
    members = {kind: resolve(spec, {"$ref": ref}) for kind, ref in item["discriminator"]["mapping"].items()}
    stream = spec["paths"][STREAMS["streamSeat"]]["get"]["responses"]["200"]["content"]["text/event-stream"]
    assert {kind: member["properties"]["data"] for kind, member in members.items()} == stream["x-events"]
    assert socket["x-websocket"]["client-messages"]["act"] == {"$ref": "#/components/schemas/SocketMove"}
    move = spec["components"]["schemas"]["SocketMove"]["properties"]["action"]
    assert move["$ref"] == "#/components/schemas/ActionRequest"
    stream_parameters = {p["name"]: p for p in spec["paths"][STREAMS["streamSeat"]]["get"]["parameters"]}
    assert {p["name"]: p for p in socket["parameters"] if p["in"] != "path"} == stream_parameters


def test_streamed_events_carry_the_data_their_type_names(client: FlaskClient, spec: Json) -> None:
    """A whole match read from both streams: each event's data validates against the schema that the
    stream's `x-events` names for its type."""
    created = create_match(client, "pipifax", 2, seed=4, options={"first_player": 0})
    rng = random.Random(4)
    current = created.match
    while current["status"] != "finished":
        seat = current["to_act"][0]
        listed = body_of(client.get(f"{created.url}/legal-actions", headers=created.auth(seat)))
        current = act(client, created, seat, rng.choice(listed["actions"]), listed["version"])
    seen: set[str] = set()
    for operation_id, headers in (("streamMatch", {}), ("streamSeat", created.auth(0))):
        response = client.get(f"{created.url}/{STREAMS[operation_id].rsplit('/', 1)[1]}?after=-1", headers=headers)
        assert response.status_code == 200
        content = spec["paths"][STREAMS[operation_id]]["get"]["responses"]["200"]["content"]["text/event-stream"]
        for block in response.get_data(as_text=True).split("\n\n"):
            fields = dict(line.split(": ", 1) for line in block.splitlines() if line and not line.startswith(":"))
            if not fields:
                continue
            ref = content["x-events"][fields["event"]]["$ref"]
            validator = OAS31Validator({"$ref": ref, "components": spec["components"]})
            errors = [e.message for e in validator.iter_errors(json.loads(fields["data"]))]
            assert errors == [], (operation_id, fields["event"], errors[:3])
            seen.add(f"{operation_id}:{fields['event']}")
    assert {"streamMatch:event", "streamMatch:match_over", "streamSeat:event", "streamSeat:match_over"} <= seen
