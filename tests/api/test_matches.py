"""``/matches``, ``/matches/{id}``, ``/view``, ``/legal-actions``, ``/health`` and ``/docs``: the success paths.

Every success body is validated against the marshmallow schema its route documents, so the code
and the spec cannot drift apart.
"""

from __future__ import annotations

import base64
import hashlib
import re
import time

import pytest
from flask.testing import FlaskClient

import engine
from api.http.health.routes import HealthSchema
from api.http.matches import schemas
from tests.api.helpers import (
    act,
    auth,
    body_of,
    create_match,
    engine_json,
    is_rate_counter,
    keep_record,
    legal,
    public,
    seat_view,
    store_of,
    stored_match,
    win_pipifax,
    without_view_game,
)

MATCH_KEYS = {
    "match_id",
    "salt",
    "seed_commitment",
    "game",
    "players",
    "options",
    "status",
    "version",
    "to_act",
    "result",
    "seed",
    "created_at",
    "updated_at",
    "seats",
    "time_control",
    "adjudicate_after",
    "pace_ms",
    "tournament",
    "view",
}


def test_create_match_returns_201_with_the_match_and_one_token_per_seat(client: FlaskClient) -> None:
    before = time.time()
    response = client.post(
        "/matches", json={"game": "pipifax", "players": 3, "seed": 42, "options": {"first_player": 2}}
    )
    assert response.status_code == 201
    body = body_of(response)
    assert schemas.CreatedMatchSchema().validate(body) == {}
    assert set(body) == {"match", "seats", "host_token", "invitations", "webhook"}
    assert body["webhook"] is None and body["invitations"] == []
    match = body["match"]
    assert set(match) == MATCH_KEYS
    assert response.headers["Location"] == f"/matches/{match['match_id']}"
    assert response.headers["ETag"] == '"0"'
    assert match["game"] == "pipifax"
    assert match["players"] == 3
    assert match["options"] == {"variant": "standard", "first_player": 2}
    assert match["status"] == "active"
    assert match["version"] == 0
    assert match["to_act"] == [2]
    assert match["result"] is None
    assert match["seed"] is None and match["salt"] is None  # revealed only when the match is over (G3)
    assert re.fullmatch("[0-9a-f]{64}", match["seed_commitment"])
    assert before <= match["created_at"] == match["updated_at"] <= time.time()
    expected, _ = engine.new_match("pipifax", 3, {"first_player": 2}, seed=42)
    assert without_view_game(match["view"]) == engine_json(engine.view(expected, None))
    assert match["view"]["game"] == "pipifax"

    seats = body["seats"]
    assert [s["seat"] for s in seats] == [0, 1, 2]
    tokens = [s["token"] for s in seats]
    assert len(set(tokens)) == 3
    for seat, token in enumerate(tokens):
        match_id, claimed_seat, secret = token.split(".")
        assert (match_id, claimed_seat) == (match["match_id"], str(seat))
        assert len(secret) >= 32


def test_create_match_without_seed_or_options_uses_defaults_and_a_random_seed(client: FlaskClient) -> None:
    first = create_match(client, "taiga", 4)
    second = create_match(client, "taiga", 4)
    assert first.match_id != second.match_id
    assert first.match["options"]["first_player"] in range(4)
    assert first.match["seed"] is None
    seeds = {stored_match(client, c.match_id).seed for c in (first, second)}
    assert len(seeds) == 2  # each match draws its own seed


def test_same_seed_and_options_give_the_same_table(client: FlaskClient) -> None:
    one = create_match(client, "pipifax", 2, seed=7, options={"variant": "wild"})
    two = create_match(client, "pipifax", 2, seed=7, options={"variant": "wild"})
    other = create_match(client, "pipifax", 2, seed=8, options={"variant": "wild"})
    assert one.match["view"] == two.match["view"]
    assert one.match["options"] == two.match["options"]
    assert stored_match(client, one.match_id).state == stored_match(client, two.match_id).state
    assert stored_match(client, one.match_id).state != stored_match(client, other.match_id).state


def test_get_match_is_the_public_match_with_its_version_as_etag(client: FlaskClient) -> None:
    created = create_match(client, "taiga", 3, seed=5, options={"first_player": 1})
    response = client.get(created.url)
    assert response.status_code == 200
    assert response.headers["ETag"] == '"0"'
    body = body_of(response)
    assert schemas.MatchSchema().validate(body) == {}
    assert body == created.match
    assert "seat" not in body
    expected = engine.replay("taiga", 3, {"first_player": 1}, 5, [])
    assert without_view_game(body["view"]) == engine_json(engine.view(expected, None))


def test_get_match_follows_each_move(client: FlaskClient) -> None:
    created = create_match(client, "taiga", 2, seed=5, options={"first_player": 0})
    moved = act(client, created, 0, {"type": "taiga.flip", "disc": 3}, 0)
    response = client.get(created.url)
    assert response.headers["ETag"] == '"1"'
    body = body_of(response)
    assert schemas.MatchSchema().validate(body) == {}
    assert body["version"] == 1
    assert body["updated_at"] == moved["updated_at"] >= body["created_at"]
    assert body["view"] == moved["view"]  # Taiga has no private information
    expected = engine.replay(
        "taiga", 2, {"first_player": 0}, 5, [engine.RecordedAction(0, {"type": "taiga.flip", "disc": 3})]
    )
    assert without_view_game(body["view"]) == engine_json(engine.view(expected, None))
    assert body["to_act"] == list(expected.to_act)


@pytest.mark.parametrize("game", ["pipifax", "taiga"])
def test_seat_view_is_what_the_engine_shows_that_seat(client: FlaskClient, game: str) -> None:
    created = create_match(client, game, 3, seed=11)
    truth = stored_match(client, created.match_id)
    for seat in range(3):
        response = client.get(f"{created.url}/view", headers=created.auth(seat))
        assert response.status_code == 200
        assert response.headers["ETag"] == '"0"'
        body = body_of(response)
        assert schemas.SeatViewSchema().validate(body) == {}
        assert set(body) == MATCH_KEYS | {"seat"}
        assert body["seat"] == seat
        assert body["match_id"] == created.match_id
        assert body["version"] == 0
        assert body["seed"] is None
        assert without_view_game(body["view"]) == engine_json(engine.view(truth, seat))
        # Naming one's own seat is allowed.
        same = client.get(f"{created.url}/view?seat={seat}", headers=created.auth(seat))
        assert same.status_code == 200
        assert body_of(same) == body


def test_legal_actions_lists_the_engine_actions_with_total(client: FlaskClient) -> None:
    created = create_match(client, "pipifax", 2, seed=3, options={"first_player": 1})
    response = client.get(f"{created.url}/legal-actions", headers=created.auth(1))
    assert response.status_code == 200
    assert response.headers["ETag"] == '"0"'
    body = body_of(response)
    assert schemas.LegalActionsSchema().validate(body) == {}
    truth = stored_match(client, created.match_id)
    expected = [a.to_json() for a in engine.legal_actions(truth, 1)]
    labels = [engine.label(truth, a) for a in expected]
    assert body == {
        "version": 0,
        "total": 24,
        "offset": 0,
        "limit": 100,
        "actions": expected,
        "labels": labels,
        "sample_seed": None,
    }
    assert labels[7] == f"flip card 7 ({truth.state['colours'][7]} back)"
    assert expected == [{"type": "pipifax.flip", "position": p} for p in range(24)]


def test_legal_actions_pages_cover_the_whole_list(client: FlaskClient) -> None:
    created = create_match(client, "pipifax", 2, seed=3, options={"first_player": 0})
    everything = legal(client, created, 0)["actions"]
    for limit in (1, 5, 7, 24, 1000):
        collected = []
        offset = 0
        while offset < 24:
            page = legal(client, created, 0, f"?offset={offset}&limit={limit}")
            assert schemas.LegalActionsSchema().validate(page) == {}
            assert (page["offset"], page["limit"], page["total"]) == (offset, limit, 24)
            assert len(page["actions"]) == min(limit, 24 - offset)
            collected.extend(page["actions"])
            offset += limit
        assert collected == everything
    past_the_end = legal(client, created, 0, "?offset=24&limit=10")
    assert past_the_end["actions"] == []
    assert past_the_end["total"] == 24


def test_legal_actions_shrink_after_a_match_in_pipifax(client: FlaskClient) -> None:
    created = create_match(client, "pipifax", 2, seed=3, options={"first_player": 0})
    truth = stored_match(client, created.match_id)
    state = truth.state
    hit = next(p for p, animal in enumerate(state["animals"]) if animal == state["die"])
    moved = act(client, created, 0, {"type": "pipifax.flip", "position": hit}, 0)
    assert moved["to_act"] == [0]
    page = legal(client, created, 0)
    colour = state["colours"][hit]
    assert page["version"] == 1
    assert page["total"] == 18 == len(page["actions"])
    assert all(state["colours"][a["position"]] != colour for a in page["actions"])


def test_legal_actions_are_empty_for_a_seat_that_may_not_act(client: FlaskClient) -> None:
    created = create_match(client, "taiga", 3, seed=3, options={"first_player": 2})
    for seat in (0, 1):
        body = legal(client, created, seat)
        assert schemas.LegalActionsSchema().validate(body) == {}
        assert body == {
            "version": 0,
            "total": 0,
            "offset": 0,
            "limit": 100,
            "actions": [],
            "labels": [],
            "sample_seed": None,
        }
    assert legal(client, created, 2)["total"] == 10


def test_legal_actions_refuse_filters_the_game_does_not_offer(client: FlaskClient) -> None:
    created = create_match(client, "taiga", 2, seed=3, options={"first_player": 0})
    # a key another game offers: valid by the spec, refused for this match
    response = client.get(f"/matches/{created.match_id}/legal-actions?filter=tree=any", headers=created.auth(0))
    assert response.status_code == 422
    body = body_of(response)
    assert body["code"] == "request/invalid"
    assert body["details"] == {"field": "filter", "allowed": []}
    # a key no game offers: the spec's pattern refuses it already
    response = client.get(f"/matches/{created.match_id}/legal-actions?filter=colour=red", headers=created.auth(0))
    assert response.status_code == 422
    assert "filter" in body_of(response)["details"]["errors"]["query"]


def test_health_reports_ok_when_the_store_answers(client: FlaskClient) -> None:
    response = client.get("/health")
    assert response.status_code == 200
    body = body_of(response)
    assert HealthSchema().validate(body) == {}
    assert body == {"status": "ok", "store": "ok"}


def test_docs_serve_the_swagger_ui_page_for_the_spec_with_its_own_assets(client: FlaskClient) -> None:
    response = client.get("/docs")
    assert response.status_code == 200
    assert response.mimetype == "text/html"
    page = response.get_data(as_text=True)
    assert '"/docs/start.js"' in page and "<script>" not in page  # no inline script (the CSP forbids it)
    start = client.get("/docs/start.js").get_data(as_text=True)
    assert "SwaggerUIBundle" in start and "openapi.json" in start
    assert "http://" not in page + start and "https://" not in page + start  # nothing from another host
    for asset in ("swagger-ui.css", "swagger-ui-bundle.js", "swagger-ui-standalone-preset.js"):
        assert f'"/docs/assets/{asset}"' in page
        served = client.get(f"/docs/assets/{asset}")
        assert served.status_code == 200 and len(served.data) > 1000, asset


def test_tokens_of_one_match_work_only_for_their_own_seat(client: FlaskClient) -> None:
    created = create_match(client, "pipifax", 4, seed=1)
    for seat, token in enumerate(created.tokens):
        assert body_of(client.get(f"{created.url}/view", headers=auth(token)))["seat"] == seat


def test_match_keys_expire_after_the_idle_ttl_and_the_finished_ttl(client: FlaskClient) -> None:
    created = create_match(client, "pipifax", 2, seed=21)
    store = store_of(client)
    keys = [store.keys.match(created.match_id), store.keys.log(created.match_id)]
    for key in keys:
        assert 0 < store.client.ttl(key) <= store.settings.idle_ttl
        assert store.client.ttl(key) > store.settings.finished_ttl
    finished = win_pipifax(client, created)
    assert finished["status"] == "finished"
    for key in keys:  # until its record is kept, the match keeps its log: both expire with the match
        assert 0 < store.client.ttl(key) <= store.settings.finished_ttl
    keep_record(client, created.match_id)
    # the log is swapped for the match's record once it is kept: every other key left expires with
    # the match, the record after ARENA_RECORD_TTL (the act counters of the rate limit expire at the end
    # of their window)
    left = list(store.client.scan_iter(match=f"{store.settings.key_prefix}:{{{created.match_id}}}:*"))
    record = store.keys.record(created.match_id)
    kept = sorted(key for key in left if not is_rate_counter(key, store.settings.key_prefix))
    assert kept == sorted([keys[0].encode(), record.encode()])
    assert 0 < store.client.ttl(keys[0]) <= store.settings.finished_ttl
    assert store.settings.finished_ttl < store.client.ttl(record) <= store.settings.record_ttl


def test_finished_match_shows_result_seed_and_whole_table(client: FlaskClient) -> None:
    created = create_match(client, "pipifax", 3, seed=1234, options={"first_player": 1})
    last = win_pipifax(client, created)
    body = public(client, created)
    assert schemas.MatchSchema().validate(body) == {}
    assert body["status"] == "finished"
    assert body["to_act"] == []
    assert body["result"] == {"winners": [1], "scores": None, "ranks": [2, 1, 2]}
    assert body["seed"] == 1234
    assert body["view"]["winner"] == 1
    truth = stored_match(client, created.match_id)
    assert [c["animal"] for c in body["view"]["cards"]] == truth.state["animals"]
    assert last["result"] == body["result"]
    assert last["seed"] == 1234
    for seat in range(3):
        view = seat_view(client, created, seat)
        assert view["status"] == "finished"
        assert view["seed"] == 1234
        assert view["result"] == body["result"]
        assert legal(client, created, seat) == {
            "version": body["version"],
            "total": 0,
            "offset": 0,
            "limit": 100,
            "actions": [],
            "labels": [],
            "sample_seed": None,
        }


@pytest.mark.parametrize("if_none_match", ["0", '"0"', 'W/"0"', '"7", "0"', 'W/"7", W/"0"', "*"])
def test_if_none_match_at_the_current_version_is_304(client: FlaskClient, if_none_match: str) -> None:
    created = create_match(client, "pipifax", 2, seed=3)
    response = client.get(created.url, headers={"If-None-Match": if_none_match})
    assert response.status_code == 304, (if_none_match, response.status_code)
    assert response.get_data() == b""
    assert response.headers["ETag"] == '"0"'


@pytest.mark.parametrize("if_none_match", ["0", '"0"', 'W/"0"', '"1"', "garbage", ""])
def test_if_none_match_at_another_version_is_200_with_the_current_etag(client: FlaskClient, if_none_match: str) -> None:
    created = create_match(client, "taiga", 2, seed=3, options={"first_player": 0})
    act(client, created, 0, {"type": "taiga.flip", "disc": 0}, 0)
    act(client, created, body_of(client.get(created.url))["to_act"][0], {"type": "taiga.flip", "disc": 1}, 1)
    response = client.get(created.url, headers={"If-None-Match": if_none_match})
    assert response.status_code == 200
    assert response.headers["ETag"] == '"2"'
    body = body_of(response)
    assert schemas.MatchSchema().validate(body) == {}
    assert body["version"] == 2


def test_every_versioned_document_carries_the_version_as_etag(client: FlaskClient) -> None:
    created = create_match(client, "taiga", 2, seed=3, options={"first_player": 0})
    moved = client.post(
        f"{created.url}/actions", json={"type": "taiga.flip", "disc": 0}, headers={**created.auth(0), "If-Match": '"0"'}
    )
    assert moved.headers["ETag"] == '"1"'
    for url, headers in (
        (created.url, {}),
        (f"{created.url}/view", created.auth(1)),
        (f"{created.url}/legal-actions", created.auth(1)),
    ):
        response = client.get(url, headers=headers)
        assert response.status_code == 200
        assert response.headers["ETag"] == '"1"'
        assert body_of(response)["version"] == 1


def test_match_ids_never_start_with_a_dash(client: FlaskClient) -> None:
    """A command line takes an id (or a token, which starts with it) as an option's value."""

    def derived(key: str) -> str:  # the id an Idempotency-Key creates, before the rule
        return base64.urlsafe_b64encode(hashlib.sha256(f"create/{key}".encode()).digest()[:12]).decode()

    key = next(f"key-{i}" for i in range(100_000) if derived(f"key-{i}").startswith("-"))
    request = {"game": "pipifax", "players": 2}
    first = client.post("/matches", json=request, headers={"Idempotency-Key": key})
    assert first.status_code == 201
    match_id = body_of(first)["match"]["match_id"]
    assert match_id == "A" + derived(key)[1:]
    again = client.post("/matches", json=request, headers={"Idempotency-Key": key})
    assert body_of(again)["match"]["match_id"] == match_id
    assert all(not create_match(client, "pipifax", 2).match_id.startswith("-") for _ in range(64))
