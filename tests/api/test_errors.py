"""Errors: one JSON shape with stable codes for every refusal, never a 500, and a refused request changes nothing."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from api.http.app import create_app
from api.settings import Settings
from api.store.redis_server import free_port
from tests.api.helpers import (
    Created,
    Json,
    act,
    assert_error,
    assert_not_server_error,
    auth,
    create_match,
    observe,
    pipifax_hit,
    public,
    raw_log,
    store_of,
    stored_keys,
    stored_match,
    submit,
    win_pipifax,
)

Request = Callable[[FlaskClient, Created, Created], TestResponse]

FLIP = {"type": "pipifax.flip", "position": 20}  # a yellow card: legal for seat 0 after a blue match


@pytest.fixture
def table(client: FlaskClient) -> Created:
    """A 2-seat Pipifax match at version 1: seat 0 has matched one blue card and must flip again."""
    created = create_match(client, "pipifax", 2, seed=101, options={"first_player": 0})
    hit = pipifax_hit(stored_match(client, created.match_id))
    assert hit < 6  # blue (P2 standard layout), so FLIP (yellow) stays legal
    act(client, created, 0, {"type": "pipifax.flip", "position": hit}, 0)
    return created


@pytest.fixture
def other(client: FlaskClient) -> Created:
    """Another match, whose tokens must not work on ``table``."""
    return create_match(client, "pipifax", 2, seed=101, options={"first_player": 0})


Header = Callable[[Created, Created], str]
LATIN1_SECRET = "\u00e9" * 43


def post_action(
    body: Any = FLIP, *, seat: int = 0, if_match: str | None = "1", authorization: Header | None = None, **kwargs: Any
) -> Request:
    """A request submitting ``body`` to ``table`` (``json=`` unless ``data=`` is given in ``kwargs``).

    ``authorization`` builds the Authorization header from the two matches (default: ``seat``'s token;
    an empty string sends none).
    """

    def send(client: FlaskClient, table: Created, other: Created) -> TestResponse:
        value = f"Bearer {table.tokens[seat]}" if authorization is None else authorization(table, other)
        headers = {"Authorization": value} if value else {}
        if if_match is not None:
            headers["If-Match"] = if_match
        payload = kwargs if "data" in kwargs else {"json": body}
        return client.post(f"{table.url}/actions", headers=headers, **payload)

    return send


def bearer(make: Header) -> Header:
    return lambda table, other: f"Bearer {make(table, other)}"


# Each refused move: how to send it, and the status and code it must get.
REFUSALS: list[tuple[str, Request, int, str]] = [
    ("missing_token", post_action(authorization=lambda t, o: ""), 401, "auth/missing_token"),
    ("malformed_token", post_action(authorization=bearer(lambda t, o: "not-a-token")), 401, "auth/invalid_token"),
    ("basic_scheme", post_action(authorization=lambda t, o: f"Basic {t.tokens[0]}"), 401, "auth/invalid_token"),
    (
        "forged_secret",
        post_action(authorization=bearer(lambda t, o: f"{t.match_id}.0.{'x' * 43}")),
        401,
        "auth/invalid_token",
    ),
    (
        "seat_out_of_range",
        post_action(authorization=bearer(lambda t, o: f"{t.match_id}.7.{'x' * 43}")),
        401,
        "auth/invalid_token",
    ),
    ("token_of_other_match", post_action(authorization=bearer(lambda t, o: o.tokens[0])), 403, "auth/wrong_match"),
    ("not_your_turn", post_action(seat=1), 409, "action/not_your_turn"),
    ("missing_if_match", post_action(if_match=None), 428, "match/version_required"),
    ("stale_if_match", post_action(if_match="0"), 412, "match/stale_version"),
    ("future_if_match", post_action(if_match="2"), 412, "match/stale_version"),
    ("garbage_if_match", post_action(if_match="abc"), 412, "match/stale_version"),
    ("illegal_same_colour", post_action({"type": "pipifax.flip", "position": 5}), 422, "action/illegal"),
    ("out_of_range", post_action({"type": "pipifax.flip", "position": 24}), 422, "action/malformed"),
    ("negative", post_action({"type": "pipifax.flip", "position": -1}), 422, "action/malformed"),
    ("huge_number", post_action({"type": "pipifax.flip", "position": 10**30}), 422, "action/malformed"),
    ("string_field", post_action({"type": "pipifax.flip", "position": "3"}), 422, "action/malformed"),
    ("bool_field", post_action({"type": "pipifax.flip", "position": True}), 422, "action/malformed"),
    ("float_field", post_action({"type": "pipifax.flip", "position": 3.5}), 422, "action/malformed"),
    ("null_field", post_action({"type": "pipifax.flip", "position": None}), 422, "action/malformed"),
    ("missing_field", post_action({"type": "pipifax.flip"}), 422, "action/malformed"),
    ("unknown_field", post_action({**FLIP, "face": "up"}), 422, "action/malformed"),
    ("unknown_type", post_action({"type": "chess.move"}), 422, "action/malformed"),
    ("no_type", post_action({"position": 3}), 422, "action/malformed"),
    ("other_games_type", post_action({"type": "taiga.pass"}), 422, "action/malformed"),
    ("unicode_type", post_action({"type": "pipifax.flip\u00e9\U0001f992"}), 422, "action/malformed"),
    ("json_array", post_action([FLIP]), 422, "action/malformed"),
    ("json_string", post_action("pipifax.flip"), 422, "action/malformed"),
    ("json_null", post_action(data="null", content_type="application/json"), 422, "action/malformed"),
    ("not_json", post_action(data="{position: 3", content_type="application/json"), 400, "request/bad_request"),
    ("not_utf8", post_action(data=b'{"type": "\xff"}', content_type="application/json"), 400, "request/bad_request"),
    (
        "text_plain",
        post_action(data=json.dumps(FLIP), content_type="text/plain"),
        415,
        "request/unsupported_media_type",
    ),
    (
        "form_encoded",
        post_action(data={"type": "pipifax.flip", "position": "20"}),
        415,
        "request/unsupported_media_type",
    ),
    ("empty_body", post_action(data=b"", content_type="application/json"), 422, "action/malformed"),
    (
        "too_large",
        post_action(data=json.dumps({**FLIP, "pad": "x" * 70_000}), content_type="application/json"),
        413,
        "request/too_large",
    ),
]


@pytest.mark.parametrize("refusal", REFUSALS, ids=[r[0] for r in REFUSALS])
def test_refused_move_has_its_status_and_code_and_changes_nothing(
    client: FlaskClient, table: Created, other: Created, refusal: tuple[str, Request, int, str]
) -> None:
    _, send, status, code = refusal
    before = observe(client, table)
    response = send(client, table, other)
    assert_error(response, status, code)
    assert observe(client, table) == before
    # The match still takes the move it was waiting for.
    assert act(client, table, 0, FLIP, 1)["version"] == 2


def test_illegal_action_names_the_rule_it_breaks(client: FlaskClient, table: Created) -> None:
    body = assert_error(submit(client, table, 0, {"type": "pipifax.flip", "position": 5}, "1"), 422, "action/illegal")
    assert body["details"]["rule"] == "P3"
    assert body["message"].startswith("P3")
    taiga = create_match(client, "taiga", 2, seed=1, options={"first_player": 0})
    body = assert_error(submit(client, taiga, 0, {"type": "taiga.pass"}, "0"), 422, "action/illegal")
    assert body["details"]["rule"] == "T4"
    body = assert_error(submit(client, taiga, 0, {"type": "taiga.take", "from_seat": 1}, "0"), 422, "action/illegal")
    assert body["details"]["rule"] == "T4"


def test_stale_if_match_names_the_current_version(client: FlaskClient, table: Created) -> None:
    for stale in ("0", '"0"', 'W/"0"', "57", str(10**40)):
        body = assert_error(submit(client, table, 0, FLIP, stale), 412, "match/stale_version")
        assert body["details"] == {"current_version": 1}


@pytest.mark.parametrize("if_match", ["abc", "-1"])
def test_unusable_if_match_is_412_naming_the_current_version(
    client: FlaskClient, table: Created, if_match: str
) -> None:
    """The contract: a 412 carries ``details.current_version`` so the client can re-read and retry."""
    body = assert_error(submit(client, table, 0, FLIP, if_match), 412, "match/stale_version")
    assert body["details"].get("current_version") == 1, body


def test_not_your_turn_says_who_is_to_act(client: FlaskClient, table: Created) -> None:
    body = assert_error(submit(client, table, 1, FLIP, "1"), 409, "action/not_your_turn")
    assert body["details"] == {"seat": 1, "to_act": [0]}


def test_finished_match_refuses_every_move_with_409_match_over(client: FlaskClient) -> None:
    created = create_match(client, "pipifax", 3, seed=9, options={"first_player": 2})
    finished = win_pipifax(client, created)
    version = str(finished["version"])
    before = observe(client, created)
    for seat in range(3):
        body = assert_error(submit(client, created, seat, FLIP, version), 409, "match/over")
        assert body["details"]["seat"] == seat
    assert observe(client, created) == before


def test_missing_token_is_401_on_every_seat_endpoint(client: FlaskClient, table: Created) -> None:
    for path in ("view", "legal-actions"):
        assert_error(client.get(f"{table.url}/{path}"), 401, "auth/missing_token")
    assert_error(client.post(f"{table.url}/actions", json=FLIP, headers={"If-Match": "1"}), 401, "auth/missing_token")


@pytest.mark.parametrize(
    "authorization",
    ["Bearer", "Bearer ", "Bearer a.b.c", "Bearer x.0.short", "Token abc", "bearer", "Bearer .0." + "x" * 40],
)
def test_invalid_authorization_is_401_invalid_token(client: FlaskClient, table: Created, authorization: str) -> None:
    for path in ("view", "legal-actions", "seat-events"):
        response = client.get(f"{table.url}/{path}", headers={"Authorization": authorization})
        assert_error(response, 401, "auth/invalid_token")


def test_forged_token_of_the_right_shape_is_401(client: FlaskClient, table: Created) -> None:
    for seat in (0, 1):
        real = table.tokens[seat]
        forged = real[:-4] + ("AAAA" if not real.endswith("AAAA") else "BBBB")
        for path in ("view", "legal-actions", "seat-events"):
            assert_error(client.get(f"{table.url}/{path}", headers=auth(forged)), 401, "auth/invalid_token")
        # A token claiming another seat with this seat's secret proves nothing either.
        swapped = f"{table.match_id}.{1 - seat}.{real.split('.')[2]}"
        assert_error(client.get(f"{table.url}/view", headers=auth(swapped)), 401, "auth/invalid_token")


def test_token_of_another_match_is_403_wrong_match(client: FlaskClient, table: Created, other: Created) -> None:
    for path in ("view", "legal-actions", "seat-events"):
        assert_error(client.get(f"{table.url}/{path}", headers=other.auth(0)), 403, "auth/wrong_match")
    response = client.post(f"{table.url}/actions", json=FLIP, headers={**other.auth(0), "If-Match": "1"})
    assert_error(response, 403, "auth/wrong_match")


def test_seat_query_for_another_seat_is_403_wrong_seat(client: FlaskClient, table: Created) -> None:
    for path in ("view", "legal-actions"):
        for seat, asked in ((0, 1), (1, 0), (0, 5), (0, 7)):
            body = assert_error(
                client.get(f"{table.url}/{path}?seat={asked}", headers=table.auth(seat)), 403, "auth/wrong_seat"
            )
            assert body["details"] == {"seat": seat}


def test_unknown_match_is_404_match_not_found_everywhere(client: FlaskClient, other: Created) -> None:
    token = other.auth(0)
    requests = [
        client.get("/matches/no-such-match"),
        client.get("/matches/no-such-match", headers={"If-None-Match": '"0"'}),
        client.get("/matches/no-such-match/view", headers=token),
        client.get("/matches/no-such-match/legal-actions", headers=token),
        client.get("/matches/no-such-match/events"),
        client.get("/matches/no-such-match/seat-events", headers=token),
        client.post("/matches/no-such-match/actions", json=FLIP, headers={**token, "If-Match": "0"}),
    ]
    for response in requests:
        assert_error(response, 404, "match/not_found")


def test_unknown_game_is_404_game_unknown(client: FlaskClient) -> None:
    body = assert_error(client.post("/matches", json={"game": "chess", "players": 2}), 404, "game/unknown")
    assert body["details"]["game"] == "chess"
    assert "pipifax" in body["details"]["allowed"]
    assert_error(client.get("/games/chess"), 404, "game/unknown")


@pytest.mark.parametrize("path", ["/nope", "/matches/a/b/c", "/games/pipifax/rules", "/match", "/openapi.yaml"])
def test_unknown_route_is_404_request_not_found(client: FlaskClient, path: str) -> None:
    assert_error(client.get(path), 404, "request/not_found")


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("put", "/matches"),
        ("delete", "/matches/{id}"),
        ("get", "/matches/{id}/join"),
        ("get", "/matches/{id}/resign"),
        ("get", "/matches/{id}/abort"),
        ("post", "/matches/{id}/stream"),
        ("put", "/matches/{id}"),
        ("post", "/matches/{id}/view"),
        ("post", "/matches/{id}/legal-actions"),
        ("get", "/matches/{id}/actions"),
        ("patch", "/matches/{id}/actions"),
        ("post", "/matches/{id}/events"),
        ("post", "/games"),
        ("delete", "/games/pipifax"),
        ("post", "/health"),
    ],
)
def test_wrong_method_is_405(client: FlaskClient, table: Created, method: str, path: str) -> None:
    before = observe(client, table)
    response = getattr(client, method)(path.format(id=table.match_id), json=FLIP, headers=table.auth(0))
    assert_error(response, 405, "request/method_not_allowed")
    assert observe(client, table) == before


@pytest.mark.parametrize(
    ("request_body", "option"),
    [
        ({"game": "pipifax", "players": 1}, "players"),
        ({"game": "pipifax", "players": 6}, "players"),
        ({"game": "taiga", "players": 7}, "players"),
        ({"game": "pipifax", "players": 2, "options": {"variant": "tame"}}, "variant"),
        ({"game": "pipifax", "players": 2, "options": {"variant": None}}, "variant"),
        ({"game": "pipifax", "players": 2, "options": {"first_player": 2}}, "first_player"),
        ({"game": "pipifax", "players": 2, "options": {"first_player": -1}}, "first_player"),
        ({"game": "pipifax", "players": 2, "options": {"first_player": "0"}}, "first_player"),
        ({"game": "pipifax", "players": 2, "options": {"first_player": True}}, "first_player"),
        ({"game": "pipifax", "players": 2, "options": {"first_player": 10**30}}, "first_player"),
        ({"game": "pipifax", "players": 2, "options": {"dice": 2}}, "dice"),
        ({"game": "taiga", "players": 2, "options": {"variant": "wild"}}, "variant"),
        ({"game": "taiga", "players": 2, "options": {"\u00e9l\u00e9phant": 1}}, "\u00e9l\u00e9phant"),
    ],
)
def test_invalid_players_or_options_are_422_match_invalid_options(
    client: FlaskClient, request_body: Json, option: str
) -> None:
    body = assert_error(client.post("/matches", json=request_body), 422, "match/invalid_options")
    assert body["details"]["option"] == option
    assert "allowed" in body["details"]
    assert stored_keys(client) == []


@pytest.mark.parametrize("players", [0, -3, 9])
def test_a_player_count_no_game_allows_is_refused_by_the_schema(client: FlaskClient, players: int) -> None:
    """The spec bounds ``players`` by the smallest and largest count of any game (1-8)."""
    body = assert_error(client.post("/matches", json={"game": "pipifax", "players": players}), 422, "request/invalid")
    assert "players" in body["details"]["errors"]["json"]
    assert stored_keys(client) == []


@pytest.mark.parametrize("seat", [-1, 8])
def test_a_seat_query_no_match_has_is_refused_by_the_schema(client: FlaskClient, table: Created, seat: int) -> None:
    assert_error(client.get(f"{table.url}/view?seat={seat}", headers=table.auth(0)), 422, "request/invalid")


def test_a_player_count_beyond_64_bits_is_not_an_integer(client: FlaskClient) -> None:
    body = assert_error(client.post("/matches", json={"game": "pipifax", "players": 10**30}), 422, "request/invalid")
    assert "players" in body["details"]["errors"]["json"]


# Bodies POST /matches must refuse with a 4xx (never a 500), storing nothing.
BAD_CREATE: list[tuple[str, dict[str, Any]]] = [
    ("not_json", {"data": "{game: pipifax", "content_type": "application/json"}),
    ("empty", {"data": b"", "content_type": "application/json"}),
    ("json_array", {"json": [{"game": "pipifax", "players": 2}]}),
    ("json_string", {"json": "pipifax"}),
    ("json_null", {"data": "null", "content_type": "application/json"}),
    ("json_number", {"data": "2", "content_type": "application/json"}),
    ("players_string", {"json": {"game": "pipifax", "players": "2"}}),
    ("players_float", {"json": {"game": "pipifax", "players": 2.5}}),
    ("players_bool", {"json": {"game": "pipifax", "players": True}}),
    ("players_null", {"json": {"game": "pipifax", "players": None}}),
    ("players_nan", {"data": '{"game": "pipifax", "players": NaN}', "content_type": "application/json"}),
    ("players_inf", {"data": '{"game": "pipifax", "players": 1e999}', "content_type": "application/json"}),
    ("game_number", {"json": {"game": 5, "players": 2}}),
    ("game_missing", {"json": {"players": 2}}),
    ("options_list", {"json": {"game": "pipifax", "players": 2, "options": ["wild"]}}),
    ("options_string", {"json": {"game": "pipifax", "players": 2, "options": "wild"}}),
    ("seed_string", {"json": {"game": "pipifax", "players": 2, "seed": "1"}}),
    ("seed_float", {"json": {"game": "pipifax", "players": 2, "seed": 1.5}}),
    ("seed_negative", {"json": {"game": "pipifax", "players": 2, "seed": -1}}),
    ("seed_huge", {"json": {"game": "pipifax", "players": 2, "seed": 2**64}}),
    ("unknown_field", {"json": {"game": "pipifax", "players": 2, "colour": "blue"}}),
    ("unicode_game", {"json": {"game": "pipif\u00e4x\U0001f992", "players": 2}}),
    ("nul_in_game", {"json": {"game": "pipifax\u0000", "players": 2}}),
    ("text_plain", {"data": json.dumps({"game": "pipifax", "players": 2}), "content_type": "text/plain"}),
    ("form", {"data": {"game": "pipifax", "players": "2"}}),
    (
        "utf16",
        {"data": json.dumps({"game": "pipifax", "players": 2}).encode("utf-16"), "content_type": "application/json"},
    ),
    ("too_large", {"json": {"game": "pipifax", "players": 2, "options": {"x": "y" * 70_000}}}),
    ("deeply_nested", {"data": "[" * 20_000 + "]" * 20_000, "content_type": "application/json"}),
    (
        "deeply_nested_option",
        {
            "data": '{"game": "pipifax", "players": 2, "options": {"x": ' + "[" * 20_000 + "]" * 20_000 + "}}",
            "content_type": "application/json",
        },
    ),
    (
        "integer_of_5000_digits",
        {"data": '{"game": "pipifax", "players": ' + "9" * 5000 + "}", "content_type": "application/json"},
    ),
]


@pytest.mark.parametrize("kwargs", [b[1] for b in BAD_CREATE], ids=[b[0] for b in BAD_CREATE])
def test_garbage_create_request_is_refused_without_a_500(client: FlaskClient, kwargs: dict[str, Any]) -> None:
    assert_not_server_error(client.post("/matches", **kwargs))
    assert stored_keys(client) == []


# Moves that must be refused with a 4xx (never a 500) and leave the match untouched.
BAD_MOVES: list[tuple[str, Request]] = [
    ("if_match_superscript_digit", post_action(if_match="\u00b9")),
    ("if_match_arabic_digit", post_action(if_match="\u0661\u0660")),
    ("if_match_huge", post_action(if_match="9" * 400)),
    ("if_match_latin1", post_action(if_match="\u00e9\u00ff")),
    ("token_seat_superscript_digit", post_action(authorization=bearer(lambda t, o: f"{t.match_id}.\u00b2.{'x' * 43}"))),
    ("token_seat_5000_digits", post_action(authorization=bearer(lambda t, o: f"{t.match_id}.{'9' * 5000}.{'x' * 43}"))),
    ("token_latin1", post_action(authorization=bearer(lambda t, o: f"{t.match_id}.0.{LATIN1_SECRET}"))),
    ("token_many_dots", post_action(authorization=bearer(lambda t, o: f"{t.tokens[0]}.extra"))),
    ("deeply_nested", post_action(data="[" * 20_000 + "]" * 20_000, content_type="application/json")),
    (
        "deeply_nested_field",
        post_action(
            data='{"type": "pipifax.flip", "position": ' + "[" * 20_000 + "]" * 20_000 + "}",
            content_type="application/json",
        ),
    ),
    (
        "integer_of_5000_digits",
        post_action(data='{"type": "pipifax.flip", "position": ' + "9" * 5000 + "}", content_type="application/json"),
    ),
    ("nan_field", post_action(data='{"type": "pipifax.flip", "position": NaN}', content_type="application/json")),
    ("utf16_body", post_action(data=json.dumps(FLIP).encode("utf-16"), content_type="application/json")),
]


@pytest.mark.parametrize("send", [b[1] for b in BAD_MOVES], ids=[b[0] for b in BAD_MOVES])
def test_garbage_move_is_refused_without_a_500_and_changes_nothing(
    client: FlaskClient, table: Created, other: Created, send: Request
) -> None:
    before = (public(client, table), raw_log(client, table.match_id), store_of(client).load(table.match_id))
    assert_not_server_error(send(client, table, other))
    assert (public(client, table), raw_log(client, table.match_id), store_of(client).load(table.match_id)) == before


# Reads with odd queries and paths: a 4xx in the error shape or a 200, never a 500.
BAD_READS: list[tuple[str, str, bool]] = [
    ("view_seat_text", "/matches/{id}/view?seat=abc", True),
    ("view_seat_float", "/matches/{id}/view?seat=1.5", True),
    ("view_seat_huge", f"/matches/{{id}}/view?seat={10**40}", True),
    ("view_seat_negative", "/matches/{id}/view?seat=-1", True),
    ("view_seat_superscript", "/matches/{id}/view?seat=%C2%B2", True),
    ("legal_offset_negative", "/matches/{id}/legal-actions?offset=-1", True),
    ("legal_offset_huge", f"/matches/{{id}}/legal-actions?offset={10**40}", True),
    ("legal_offset_max_int64", f"/matches/{{id}}/legal-actions?offset={2**63 - 1}", True),
    ("legal_offset_text", "/matches/{id}/legal-actions?offset=ten", True),
    ("legal_limit_zero", "/matches/{id}/legal-actions?limit=0", True),
    ("legal_limit_huge", f"/matches/{{id}}/legal-actions?limit={10**40}", True),
    ("legal_limit_negative", "/matches/{id}/legal-actions?limit=-5", True),
    ("legal_filter_no_equals", "/matches/{id}/legal-actions?filter=tree", True),
    ("legal_filter_unknown_key", "/matches/{id}/legal-actions?filter=colour=blue", True),
    ("legal_filter_unicode", "/matches/{id}/legal-actions?filter=tree=%C3%A9%F0%9F%A6%92", True),
    ("legal_unknown_param", "/matches/{id}/legal-actions?page=2", True),
    ("events_after_below_minus_one", "/matches/{id}/events?after=-2", False),
    ("events_after_huge", f"/matches/{{id}}/events?after={10**40}", False),
    ("events_after_int64", f"/matches/{{id}}/events?after={2**63}", False),
    ("events_after_text", "/matches/{id}/events?after=start", False),
    ("events_limit_huge", f"/matches/{{id}}/events?limit={10**40}", False),
    ("events_after_unicode", "/matches/{id}/events?after=%D9%A1", False),
    ("match_id_unicode", "/matches/%C3%A9%F0%9F%A6%92", False),
    ("match_id_nul", "/matches/%00/events", False),
    ("match_id_long", "/matches/" + "m" * 3000, False),
    ("match_id_glob", "/matches/*/events", False),
    ("match_id_dotdot", "/matches/..%2F..%2Fhealth", False),
]


@pytest.mark.parametrize(("path", "with_token"), [b[1:] for b in BAD_READS], ids=[b[0] for b in BAD_READS])
def test_garbage_read_never_gives_a_500(client: FlaskClient, table: Created, path: str, with_token: bool) -> None:
    response = client.get(path.format(id=table.match_id), headers=table.auth(0) if with_token else {})
    if response.status_code != 200:
        assert_not_server_error(response)


def test_body_limit_follows_settings_max_body_bytes(settings: Settings) -> None:
    small = create_app(dataclasses.replace(settings, max_body_bytes=600))
    client = small.test_client()
    padded = {"game": "pipifax", "players": 2, "options": {"variant": "standard"}, "pad": "x" * 700}
    assert_error(client.post("/matches", json=padded), 413, "request/too_large")
    created = create_match(client, "pipifax", 2, seed=4, options={"first_player": 0})
    before = observe(client, created)
    big = json.dumps({"type": "pipifax.flip", "position": 0, "pad": "y" * 700})
    response = client.post(
        f"{created.url}/actions",
        data=big,
        content_type="application/json",
        headers={**created.auth(0), "If-Match": "0"},
    )
    assert_error(response, 413, "request/too_large")
    assert observe(client, created) == before


def unreachable_app() -> Flask:
    return create_app(Settings(redis_url=f"redis://127.0.0.1:{free_port()}/0", key_prefix="unreachable"))


def test_unreachable_store_is_503_store_unavailable_with_retry_after() -> None:
    client = unreachable_app().test_client()
    token = {"Authorization": "Bearer m.0." + "x" * 43, "If-Match": "0"}
    responses = [
        client.get("/health"),
        client.post("/matches", json={"game": "pipifax", "players": 2}),
        client.get("/matches/m"),
        client.get("/matches/m/view", headers=token),
        client.get("/matches/m/legal-actions", headers=token),
        client.get("/matches/m/events"),
        client.post("/matches/m/actions", json=FLIP, headers=token),
    ]
    for response in responses:
        assert_error(response, 503, "store/unavailable")
        assert response.headers["Retry-After"] == "1"
    # The catalogue needs no store.
    assert client.get("/games").status_code == 200
