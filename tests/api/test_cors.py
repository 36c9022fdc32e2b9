"""CORS: browsers on the configured origins may call the API and read its headers, errors included."""

from __future__ import annotations

import dataclasses

import pytest
from flask.testing import FlaskClient

from api.http.app import create_app
from api.settings import Settings
from api.store.redis_server import free_port

ORIGIN = "https://app.example"
OTHER_ORIGIN = "https://elsewhere.example"
REQUEST_HEADERS = ["Authorization", "If-Match", "If-None-Match", "Idempotency-Key", "Last-Event-ID", "Content-Type"]


def client_for(settings: Settings, *origins: str) -> FlaskClient:
    return create_app(dataclasses.replace(settings, cors_origins=origins)).test_client()


def cors_headers(headers: dict[str, str]) -> dict[str, str]:
    return {name: value for name, value in headers.items() if name.lower().startswith("access-control-")}


def listed(value: str | None) -> set[str]:
    return {item.strip().lower() for item in (value or "").split(",") if item.strip()}


def create_match(client: FlaskClient, origin: str) -> dict[str, str]:
    response = client.post("/matches", json={"game": "pipifax", "players": 2}, headers={"Origin": origin})
    assert response.status_code == 201, response.json
    return dict(response.headers)


def test_a_preflight_from_an_allowed_origin_allows_the_apis_headers_and_methods(settings: Settings) -> None:
    client = client_for(settings, ORIGIN, OTHER_ORIGIN)
    response = client.options(
        "/matches/m1/actions",
        headers={
            "Origin": ORIGIN,
            "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": ", ".join(REQUEST_HEADERS),
        },
    )
    assert response.status_code == 200
    assert response.headers["Access-Control-Allow-Origin"] == ORIGIN
    assert listed(response.headers.get("Access-Control-Allow-Headers")) == {h.lower() for h in REQUEST_HEADERS}
    assert listed(response.headers.get("Access-Control-Allow-Methods")) >= {"get", "post", "options"}


def test_responses_to_an_allowed_origin_expose_etag_location_retry_after_and_the_request_id(settings: Settings) -> None:
    client = client_for(settings, ORIGIN)
    headers = create_match(client, ORIGIN)
    assert headers["Access-Control-Allow-Origin"] == ORIGIN
    response = client.get(headers["Location"], headers={"Origin": ORIGIN})
    assert response.status_code == 200
    assert response.headers["Access-Control-Allow-Origin"] == ORIGIN
    exposed = listed(response.headers.get("Access-Control-Expose-Headers"))
    assert exposed == {"etag", "location", "retry-after", "idempotent-replayed", "x-request-id"}


def test_no_cors_headers_without_origins_configured(settings: Settings) -> None:
    client = client_for(settings)
    assert cors_headers(create_match(client, ORIGIN)) == {}
    preflight = client.options("/matches", headers={"Origin": ORIGIN, "Access-Control-Request-Method": "POST"})
    assert cors_headers(dict(preflight.headers)) == {}


def test_no_cors_headers_for_an_origin_not_allowed(settings: Settings) -> None:
    client = client_for(settings, ORIGIN)
    assert cors_headers(create_match(client, OTHER_ORIGIN)) == {}
    preflight = client.options(
        "/matches",
        headers={
            "Origin": OTHER_ORIGIN,
            "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "Content-Type",
        },
    )
    assert cors_headers(dict(preflight.headers)) == {}


def test_a_star_allows_any_origin(settings: Settings) -> None:
    client = client_for(settings, "*")
    for origin in (ORIGIN, OTHER_ORIGIN):
        response = client.get("/health", headers={"Origin": origin})
        assert response.status_code == 200
        assert response.headers["Access-Control-Allow-Origin"] in (origin, "*")


def test_the_origins_come_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ARENA_CORS_ORIGINS", f" {ORIGIN}, {OTHER_ORIGIN} ,")
    assert Settings.from_environment().cors_origins == (ORIGIN, OTHER_ORIGIN)
    monkeypatch.setenv("ARENA_CORS_ORIGINS", "")
    assert Settings.from_environment().cors_origins == ()


def test_error_responses_carry_the_cors_headers(settings: Settings) -> None:
    client = client_for(settings, ORIGIN)
    for response in (
        client.get("/matches/nope", headers={"Origin": ORIGIN}),
        client.get("/no-such-route", headers={"Origin": ORIGIN}),
        client.post("/matches", json={"game": "no-such-game", "players": 2}, headers={"Origin": ORIGIN}),
    ):
        assert response.status_code >= 400
        assert set(response.json or {}) == {"code", "status", "message", "details"}
        assert response.headers["Access-Control-Allow-Origin"] == ORIGIN
        assert "etag" in listed(response.headers.get("Access-Control-Expose-Headers"))


def test_a_server_error_carries_the_cors_headers(settings: Settings) -> None:
    """A 503 with Retry-After when the store is down: the browser may read both."""
    unreachable = dataclasses.replace(settings, redis_url=f"redis://127.0.0.1:{free_port()}/0")
    response = client_for(unreachable, ORIGIN).get("/health", headers={"Origin": ORIGIN})
    assert response.status_code == 503
    assert response.headers["Retry-After"]
    assert response.headers["Access-Control-Allow-Origin"] == ORIGIN
    assert "retry-after" in listed(response.headers.get("Access-Control-Expose-Headers"))


def test_every_answer_varies_on_the_origin_with_one_origin_configured(settings: Settings) -> None:
    """A cache must not hand the answer for one origin (or for none) to another."""
    client = client_for(settings, ORIGIN)
    for origin in (ORIGIN, OTHER_ORIGIN, None):
        headers = {"Origin": origin} if origin else {}
        response = client.get("/games", headers=headers)
        assert "origin" in listed(response.headers.get("Vary")), (origin, response.headers)
    created = client.post("/matches", json={"game": "pipifax", "players": 2}, headers={"Origin": ORIGIN})
    view = client.get(
        f"/matches/{created.json['match']['match_id']}/view",  # type: ignore[index]
        headers={"Origin": ORIGIN, "Authorization": f"Bearer {created.json['seats'][0]['token']}"},  # type: ignore[index]
    )
    assert view.status_code == 200
    assert listed(view.headers.get("Vary")) >= {"origin", "authorization"}
    assert len(view.headers.getlist("Vary")) == 1


def test_a_replayed_answer_is_readable_cross_origin(settings: Settings) -> None:
    client = client_for(settings, ORIGIN)
    body = {"game": "pipifax", "players": 2}
    headers = {"Origin": ORIGIN, "Idempotency-Key": "replay-me"}
    first = client.post("/matches", json=body, headers=headers)
    again = client.post("/matches", json=body, headers=headers)
    assert (first.status_code, again.status_code) == (201, 201)
    assert again.headers["Idempotent-Replayed"] == "true"
    assert "idempotent-replayed" in listed(again.headers.get("Access-Control-Expose-Headers"))
