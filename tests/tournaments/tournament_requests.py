"""The tournament API's requests that its tests share (``test_tournament_api.py`` and ``test_forfeits_api.py``,
which ``tests/cluster`` runs again on the cluster)."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from tests.api.helpers import Json, auth, body_of, get_json

BOTS = [{"name": "greedy", "bot": "greedy"}, {"name": "random", "bot": "random"}]


def create(client: FlaskClient, **body: Any) -> Json:
    request = {"game": "girafferaffe", "players_per_match": 2, "format": "round-robin", **body}
    response = client.post("/tournaments", json=request)
    assert response.status_code == 201, response.get_json()
    return body_of(response)


def tournament(client: FlaskClient, tournament_id: str) -> Json:
    return get_json(client, f"/tournaments/{tournament_id}")


def schedule(client: FlaskClient, tournament_id: str, token: str | None = None) -> list[Json]:
    matches: list[Json] = get_json(client, f"/tournaments/{tournament_id}/matches", auth(token) if token else None)[
        "matches"
    ]
    return matches


def next_match(client: FlaskClient, tournament_id: str, token: str, wait: float | None = None) -> Any:
    query = "" if wait is None else f"?wait={wait}"
    response = client.get(f"/tournaments/{tournament_id}/next{query}", headers=auth(token))
    if response.status_code == 304:
        return None
    return body_of(response)
