"""Plain HTTP helpers (requests) for black-box tests of a live server."""

from __future__ import annotations

from typing import Any

import requests


def create(url: str, game: str, players: int, seed: int, **options: Any) -> tuple[str, list[str]]:
    """Create a match; returns its id and the seat tokens."""
    response = requests.post(
        f"{url}/matches", json={"game": game, "players": players, "seed": seed, "options": options}
    )
    response.raise_for_status()
    body = response.json()
    return body["match"]["match_id"], [s["token"] for s in body["seats"]]


def bearer(token: str, version: int | None = None) -> dict[str, str]:
    headers = {"Authorization": f"Bearer {token}"}
    if version is not None:
        headers["If-Match"] = str(version)
    return headers


def match(url: str, match_id: str) -> dict[str, Any]:
    response = requests.get(f"{url}/matches/{match_id}")
    response.raise_for_status()
    body: dict[str, Any] = response.json()
    return body


def legal_actions(url: str, match_id: str, token: str) -> list[dict[str, Any]]:
    response = requests.get(f"{url}/matches/{match_id}/legal-actions", headers=bearer(token), params={"limit": 1000})
    response.raise_for_status()
    actions: list[dict[str, Any]] = response.json()["actions"]
    return actions
