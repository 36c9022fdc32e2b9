"""Idempotent requests through the Flask test client on the tests' real Redis: a creation or an action
sent twice with one ``Idempotency-Key`` is applied once and answered alike; a key reused with another
body, or by another seat, is refused."""

from __future__ import annotations

import uuid

import pytest
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from tests.api.helpers import (
    Created,
    Json,
    assert_error,
    auth,
    body_of,
    create_match,
    first_move,
    get_json,
    legal,
    public,
    raw_log,
)

#: Long enough that a waiter that is not woken fails the test instead of passing by luck.


CREATE = {"game": "pipifax", "players": 2, "seed": 4}


def listed_matches(client: FlaskClient) -> list[Json]:
    matches: list[Json] = get_json(client, "/matches?limit=100")["matches"]
    return matches


def test_creating_twice_with_one_key_creates_one_match(client: FlaskClient) -> None:
    key = str(uuid.uuid4())
    first = client.post("/matches", json=CREATE, headers={"Idempotency-Key": key})
    second = client.post("/matches", json=dict(reversed(CREATE.items())), headers={"Idempotency-Key": key})
    assert first.status_code == second.status_code == 201, second.get_data(as_text=True)
    assert "Idempotent-Replayed" not in first.headers
    assert second.headers["Idempotent-Replayed"] == "true"
    assert body_of(second) == body_of(first)
    assert second.headers["Location"] == first.headers["Location"]
    assert [m["match_id"] for m in listed_matches(client)] == [body_of(first)["match"]["match_id"]]

    other = client.post("/matches", json=CREATE, headers={"Idempotency-Key": str(uuid.uuid4())})
    assert body_of(other)["match"]["match_id"] != body_of(first)["match"]["match_id"]
    assert len(listed_matches(client)) == 2


def test_a_create_key_reused_with_another_body_is_refused(client: FlaskClient) -> None:
    key = str(uuid.uuid4())
    assert client.post("/matches", json=CREATE, headers={"Idempotency-Key": key}).status_code == 201
    response = client.post("/matches", json={**CREATE, "seed": 5}, headers={"Idempotency-Key": key})
    assert_error(response, 422, "request/idempotency_mismatch")
    assert len(listed_matches(client)) == 1


def test_an_action_retried_after_the_match_moved_on_gets_the_original_answer(client: FlaskClient) -> None:
    created = create_match(client, "pipifax", 2, seed=1)
    seat = created.match["to_act"][0]
    action = legal(client, created, seat)["actions"][0]
    key = str(uuid.uuid4())
    headers = {**created.auth(seat), "If-Match": "0", "Idempotency-Key": key}
    first = client.post(f"{created.url}/actions", json=action, headers=headers)
    assert first.status_code == 200, first.get_data(as_text=True)
    assert "Idempotent-Replayed" not in first.headers
    assert body_of(first)["version"] == 1

    moved = first_move(client, created)  # the match moves on (whoever acts now)
    assert moved["version"] == 2
    retried = client.post(f"{created.url}/actions", json=action, headers=headers)
    assert retried.status_code == 200, retried.get_data(as_text=True)
    assert retried.headers["Idempotent-Replayed"] == "true"
    assert body_of(retried) == body_of(first)
    assert retried.headers["ETag"] == first.headers["ETag"] == '"1"'
    assert public(client, created)["version"] == 2  # applied once
    assert [entry["version"] for entry in raw_log(client, created.match_id)] == [0, 1, 2]
    assert [entry["seat"] for entry in raw_log(client, created.match_id)][1] == seat

    other = legal(client, created, moved["to_act"][0])["actions"][0]
    assert other != action
    mismatch = client.post(f"{created.url}/actions", json=other, headers=headers)
    assert_error(mismatch, 422, "request/idempotency_mismatch")


def test_an_action_retried_with_if_match_star_gets_the_original_answer_and_acts_once(client: FlaskClient) -> None:
    """``*`` passes the version check, so the match as it is now refuses the retry; the answer is replayed."""
    created = create_match(client, "pipifax", 2, seed=1)
    seat = created.match["to_act"][0]
    action = legal(client, created, seat)["actions"][0]
    headers = {**created.auth(seat), "If-Match": "*", "Idempotency-Key": str(uuid.uuid4())}
    first = client.post(f"{created.url}/actions", json=action, headers=headers)
    assert first.status_code == 200, first.get_data(as_text=True)
    log = raw_log(client, created.match_id)

    for _ in range(2):
        retried = client.post(f"{created.url}/actions", json=action, headers=headers)
        assert retried.status_code == 200, retried.get_data(as_text=True)
        assert retried.headers["Idempotent-Replayed"] == "true"
        assert body_of(retried) == body_of(first)
    assert raw_log(client, created.match_id) == log  # applied once


def test_a_refused_action_is_not_remembered(client: FlaskClient) -> None:
    created = create_match(client, "pipifax", 2, seed=1)
    seat = created.match["to_act"][0]
    action = legal(client, created, seat)["actions"][0]
    key = str(uuid.uuid4())
    stale = client.post(
        f"{created.url}/actions", json=action, headers={**created.auth(seat), "If-Match": "7", "Idempotency-Key": key}
    )
    assert_error(stale, 412, "match/stale_version")
    fresh = client.post(
        f"{created.url}/actions", json=action, headers={**created.auth(seat), "If-Match": "0", "Idempotency-Key": key}
    )
    assert fresh.status_code == 200, fresh.get_data(as_text=True)
    assert "Idempotent-Replayed" not in fresh.headers


def test_an_action_replay_needs_the_seats_token(client: FlaskClient) -> None:
    """A remembered answer holds the seat's private view: a token that is not the seat's gets none of it."""
    created = create_match(client, "pipifax", 2, seed=1)
    seat = created.match["to_act"][0]
    action = legal(client, created, seat)["actions"][0]
    key = str(uuid.uuid4())
    first = submit_with_key(client, created, seat, action, key=key, token=created.tokens[seat])
    assert first.status_code == 200, first.get_data(as_text=True)
    forged = f"{created.match_id}.{seat}.{'A' * 43}"
    replay = submit_with_key(client, created, seat, action, key=key, token=forged)
    assert_error(replay, 401, "auth/invalid_token")


def submit_with_key(
    client: FlaskClient, created: Created, seat: int, action: Json, *, key: str, token: str
) -> TestResponse:
    return client.post(
        f"{created.url}/actions", json=action, headers={**auth(token), "If-Match": "0", "Idempotency-Key": key}
    )


BAD_KEYS = ["", "k" * 256, "a key", "ключ", "tab\tkey"]


@pytest.mark.parametrize("key", BAD_KEYS)
def test_a_bad_idempotency_key_is_refused(client: FlaskClient, key: str) -> None:
    assert_error(client.post("/matches", json=CREATE, headers={"Idempotency-Key": key}), 422, "request/invalid")
    assert listed_matches(client) == []
    created = create_match(client, "pipifax", 2, seed=1)
    seat = created.match["to_act"][0]
    action = legal(client, created, seat)["actions"][0]
    headers = {**created.auth(seat), "If-Match": "0", "Idempotency-Key": key}
    assert_error(client.post(f"{created.url}/actions", json=action, headers=headers), 422, "request/invalid")
    assert public(client, created)["version"] == 0


def test_the_longest_idempotency_key_is_accepted(client: FlaskClient) -> None:
    key = "~" * 255
    first = client.post("/matches", json=CREATE, headers={"Idempotency-Key": key})
    assert first.status_code == 201, first.get_data(as_text=True)
    created = Created(
        body_of(first)["match"]["match_id"], [s["token"] for s in body_of(first)["seats"]], body_of(first), 4
    )
    seat = created.match["to_act"][0]
    action = legal(client, created, seat)["actions"][0]
    moved = client.post(
        f"{created.url}/actions", json=action, headers={**created.auth(seat), "If-Match": "0", "Idempotency-Key": key}
    )
    assert moved.status_code == 200, moved.get_data(as_text=True)
