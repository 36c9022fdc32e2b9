"""Requests of the lobby through the Flask test client, each checked against its published schema."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask.testing import FlaskClient

import engine
from api.http.lobby import schemas as lobby_schemas
from api.http.matches import schemas
from tests.api.helpers import Json, auth, body_of, get_json


def create(client: FlaskClient, body: Mapping[str, Any]) -> Json:
    response = client.post("/matches", json=dict(body))
    assert response.status_code == 201, response.get_data(as_text=True)[:500]
    created = body_of(response)
    assert schemas.CreatedMatchSchema().validate(created) == {}, schemas.CreatedMatchSchema().validate(created)
    return created


def join(client: FlaskClient, match_id: str, **body: Any) -> Json:
    response = client.post(f"/matches/{match_id}/join", json=body)
    assert response.status_code == 201, response.get_data(as_text=True)[:500]
    joined = body_of(response)
    assert set(joined) == {"seat", "token"}
    assert response.headers["Cache-Control"] == "private, no-store"
    return joined


def match_of(client: FlaskClient, match_id: str) -> Json:
    body = get_json(client, f"/matches/{match_id}")
    assert schemas.MatchSchema().validate(body) == {}, schemas.MatchSchema().validate(body)
    return body


def listing(client: FlaskClient, query: str = "") -> Json:
    page = get_json(client, f"/matches{query}")
    assert lobby_schemas.MatchListSchema().validate(page) == {}, lobby_schemas.MatchListSchema().validate(page)
    return page


def list_all(client: FlaskClient, query: str, limit: int) -> list[Json]:
    """Every summary of a listing, page by page."""
    sep = "&" if query else ""
    found: list[Json] = []
    cursor: str | None = None
    for _ in range(1000):
        page = listing(client, f"?limit={limit}{sep}{query}" + (f"&cursor={cursor}" if cursor else ""))
        assert len(page["matches"]) <= limit
        found.extend(page["matches"])
        cursor = page["next_cursor"]
        if cursor is None:
            return found
        assert len(page["matches"]) == limit  # only the last page may be short
    raise AssertionError("the listing never ended")


def resign(client: FlaskClient, match_id: str, token: str) -> Json:
    response = client.post(f"/matches/{match_id}/resign", headers=auth(token))
    assert response.status_code == 200, response.get_data(as_text=True)[:500]
    body = body_of(response)
    assert schemas.SeatViewSchema().validate(body) == {}, schemas.SeatViewSchema().validate(body)
    assert response.headers["ETag"] == f'"{body["version"]}"'
    return body


def first_action(client: FlaskClient, match_id: str, token: str) -> dict[str, Any]:
    page = get_json(client, f"/matches/{match_id}/legal-actions?limit=1", auth(token))
    action: dict[str, Any] = page["actions"][0]
    return action


def first_action_or_any(game: str) -> dict[str, Any]:
    """An action shaped for ``game`` (the match is over, so legality is never checked)."""
    match, _ = engine.new_match(game, 2, {}, 1, 0.0)
    action = next(engine.legal_actions(match, match.to_act[0]))
    return action.to_json()
