"""Creating matches and tournaments with a webhook, through the API on the tests' Redis: the secret
shown once and stored only to sign, refused URLs answered 422 with nothing stored, and the delivery
log for the host alone."""

from __future__ import annotations

from typing import Any, cast

import pytest
from flask.testing import FlaskClient

from api.http.webhooks.schemas import WebhookStatusSchema
from api.store.webhooks import WebhookStore
from tests.api.helpers import assert_error, auth, body_of, store_of, stored_keys
from tests.webhooks.fixtures import public_only, settings  # noqa: F401 (fixtures)

HOOK = "http://127.0.0.1:9/hook"


def create(client: FlaskClient, webhook: dict[str, Any] | None, headers: dict[str, str] | None = None) -> Any:
    body: dict[str, Any] = {"game": "pipifax", "players": 2}
    if webhook is not None:
        body["webhook"] = webhook
    return client.post("/matches", json=body, headers=headers or {})


def tournament_body(webhook: dict[str, Any]) -> dict[str, Any]:
    return {
        "game": "pipifax",
        "players_per_match": 2,
        "format": "round-robin",
        "entrants": [{"name": "ada"}, {"name": "bob"}],
        "webhook": webhook,
    }


def test_the_secret_is_shown_once_and_stored_only_to_sign(client: FlaskClient) -> None:
    response = create(client, {"url": HOOK})
    assert response.status_code == 201
    created = body_of(response)
    webhook = created["webhook"]
    assert webhook["url"] == HOOK and webhook["events"] == ["version", "match_over"]
    secret = webhook["secret"]
    assert secret.startswith("whsec_")
    match_id, host = created["match"]["match_id"], created["host_token"]
    store = store_of(client)
    assert store.client.hget(store.keys.match(match_id), "webhook:secret") == secret.encode()
    assert match_id in WebhookStore(store).indexed()
    reads = [
        client.get(f"/matches/{match_id}"),
        client.get(f"/matches/{match_id}/view", headers=auth(created["seats"][0]["token"])),
        client.get(f"/matches/{match_id}/events?after=-1"),
        client.get("/matches"),
        client.get(f"/matches/{match_id}/webhook", headers=auth(host)),
    ]
    for read in reads:
        assert read.status_code == 200, read.get_data(as_text=True)
        assert secret not in read.get_data(as_text=True)


def test_a_match_without_a_webhook_says_null_and_stores_none(client: FlaskClient) -> None:
    created = body_of(create(client, None))
    assert created["webhook"] is None
    store = store_of(client)
    assert store.client.hget(store.keys.match(created["match"]["match_id"]), "webhook:url") is None
    assert WebhookStore(store).indexed() == set()


def test_the_events_asked_for_are_kept(client: FlaskClient) -> None:
    created = body_of(create(client, {"url": HOOK, "events": ["match_over"]}))
    assert created["webhook"]["events"] == ["match_over"]
    status = body_of(
        client.get(f"/matches/{created['match']['match_id']}/webhook", headers=auth(created["host_token"]))
    )
    assert status["events"] == ["match_over"]


REFUSED_EVERYWHERE = [
    ("ftp://127.0.0.1/hook", "scheme"),
    ("javascript:alert(1)", "scheme"),
    ("http://user:pass@127.0.0.1/hook", "credentials"),
    ("http://:80/hook", "malformed"),
    ("http://exa mple.com/hook", "malformed"),
]
REFUSED_UNLESS_ALLOWED = [
    ("http://127.0.0.1:8000/hook", "private_address"),
    ("http://localhost/hook", "private_address"),
    ("http://10.0.0.1/hook", "private_address"),
    ("http://192.168.0.10/hook", "private_address"),
    ("http://169.254.169.254/latest/meta-data", "private_address"),
    ("http://[::1]:8080/hook", "private_address"),
    ("http://[::ffff:127.0.0.1]/hook", "private_address"),
    ("http://0.0.0.0/hook", "private_address"),
    ("https://224.0.0.1/hook", "private_address"),
]


@pytest.mark.usefixtures("public_only")
@pytest.mark.parametrize(("url", "reason"), REFUSED_EVERYWHERE + REFUSED_UNLESS_ALLOWED)
def test_refused_urls_get_422_in_our_shape_with_nothing_stored(client: FlaskClient, url: str, reason: str) -> None:
    for response in [
        create(client, {"url": url}),
        create(client, {"url": url}, headers={"Idempotency-Key": "refused"}),
        client.post("/tournaments", json=tournament_body({"url": url})),
    ]:
        body = assert_error(response, 422, "webhook/refused_url")
        assert body["details"] == {"field": "webhook.url", "reason": reason}, body
        assert "nothing was stored" in body["message"]
    assert stored_keys(client) == []


@pytest.mark.parametrize(("url", "reason"), REFUSED_EVERYWHERE)
def test_allowing_private_addresses_keeps_the_other_rules(client: FlaskClient, url: str, reason: str) -> None:
    body = assert_error(create(client, {"url": url}), 422, "webhook/refused_url")
    assert body["details"]["reason"] == reason
    assert stored_keys(client) == []


@pytest.mark.parametrize(
    "webhook",
    [
        {},
        {"url": ""},
        {"url": 7},
        {"url": HOOK, "events": []},
        {"url": HOOK, "events": ["standings"]},
        {"url": HOOK, "secret": "mine"},
        {"url": "http://127.0.0.1/" + "a" * 2048},
    ],
)
def test_a_malformed_webhook_gets_422_with_nothing_stored(client: FlaskClient, webhook: dict[str, Any]) -> None:
    assert_error(create(client, webhook), 422, "request/invalid")
    assert stored_keys(client) == []


def test_an_idempotent_retry_keeps_the_secret_and_puts_back_a_webhook_a_crash_lost(client: FlaskClient) -> None:
    headers = {"Idempotency-Key": "with-a-webhook"}
    first = body_of(create(client, {"url": HOOK}, headers=headers))
    again = body_of(create(client, {"url": HOOK}, headers=headers))
    assert again["webhook"] == first["webhook"]
    match_id, secret = first["match"]["match_id"], first["webhook"]["secret"]
    store = store_of(client)
    hooks = WebhookStore(store)
    # a crash between the match's write and the webhook's: neither the fields nor the index entry
    fields = [f for f in cast(list[bytes], store.client.hkeys(store.keys.match(match_id))) if f.startswith(b"webhook:")]
    store.client.hdel(store.keys.match(match_id), *fields)
    hooks.forget(match_id)
    retried = body_of(create(client, {"url": HOOK}, headers=headers))
    assert retried["webhook"]["secret"] == secret
    assert store.client.hget(store.keys.match(match_id), "webhook:secret") == secret.encode()
    assert match_id in hooks.indexed()
    assert assert_error(create(client, {"url": HOOK + "2"}, headers=headers), 422, "request/idempotency_mismatch")


def test_the_delivery_log_is_for_the_host_alone(client: FlaskClient) -> None:
    created = body_of(create(client, {"url": HOOK}))
    match_id = created["match"]["match_id"]
    path = f"/matches/{match_id}/webhook"
    status = body_of(client.get(path, headers=auth(created["host_token"])))
    assert WebhookStatusSchema().validate(status) == {}
    assert status["url"] == HOOK and status["handled_version"] == -1 and status["done"] is False
    assert status["deliveries"] == [] and status["dead_letters"] == [] and status["failures"] == 0
    assert_error(client.get(path), 401, "auth/missing_token")
    assert_error(client.get(path, headers=auth(created["seats"][0]["token"])), 403, "auth/not_host")
    other = body_of(create(client, None))
    assert_error(client.get(path, headers=auth(other["host_token"])), 403, "auth/wrong_match")
    other_path = f"/matches/{other['match']['match_id']}/webhook"
    assert_error(client.get(other_path, headers=auth(other["host_token"])), 404, "webhook/not_found")
    assert_error(client.get("/matches/nothing-here/webhook", headers=auth(other["host_token"])), 404, "match/not_found")


def test_a_tournament_with_a_webhook_shows_the_secret_once_and_its_log_to_its_host(client: FlaskClient) -> None:
    response = client.post("/tournaments", json=tournament_body({"url": HOOK}))
    assert response.status_code == 201, response.get_data(as_text=True)
    created = body_of(response)
    webhook, tournament_id = created["webhook"], created["tournament"]["tournament_id"]
    assert webhook["events"] == ["standings"] and webhook["secret"].startswith("whsec_")
    store = store_of(client)
    hooks = WebhookStore(store)
    webhook_id = WebhookStore.tournament_id(tournament_id)
    assert store.client.hget(hooks.resource_key(webhook_id), "webhook:secret") == webhook["secret"].encode()
    assert webhook_id in hooks.indexed()
    path = f"/tournaments/{tournament_id}/webhook"
    status = body_of(client.get(path, headers=auth(created["host_token"])))
    assert WebhookStatusSchema().validate(status) == {} and status["url"] == HOOK
    for read in [
        client.get(f"/tournaments/{tournament_id}"),
        client.get("/tournaments"),
        client.get(path, headers=auth(created["host_token"])),
    ]:
        assert webhook["secret"] not in read.get_data(as_text=True)
    assert_error(client.get(path, headers=auth(created["entrants"][0]["token"])), 403, "auth/not_host")
    assert_error(client.get(path), 401, "auth/missing_token")
