"""What the browser tests do to a live API beside the page: create and play matches over HTTP, and
read the stored truth (hidden hands) through the app's own store."""

from __future__ import annotations

import random
from typing import Any

import requests

from api.matches.table import Table
from api.settings import Settings
from api.store import MatchStore
from tests.live_server import LiveServer

Json = dict[str, Any]

#: Seconds one HTTP request of a test may take on a busy machine.
TIMEOUT = 30


def create(server: LiveServer, body: Json) -> Json:
    """``POST /matches``; the 201 body."""
    response = requests.post(f"{server.url}/matches", json=body, timeout=TIMEOUT)
    assert response.status_code == 201, response.text
    created: Json = response.json()
    return created


def public(server: LiveServer, match_id: str) -> Json:
    response = requests.get(f"{server.url}/matches/{match_id}", timeout=TIMEOUT)
    assert response.status_code == 200, response.text
    match: Json = response.json()
    return match


def play_random(server: LiveServer, created: Json, moves: int, rng: random.Random) -> Json:
    """Play ``moves`` random legal actions with the created match's seat tokens; the match after them."""
    match_id = created["match"]["match_id"]
    tokens = {seat["seat"]: seat["token"] for seat in created["seats"]}
    for _ in range(moves):
        current = public(server, match_id)
        assert current["status"] == "active", current["status"]
        seat = rng.choice(current["to_act"])
        headers = {"Authorization": f"Bearer {tokens[seat]}"}
        page = requests.get(
            f"{server.url}/matches/{match_id}/legal-actions?sample=1&sample_seed={rng.randrange(2**31)}",
            headers=headers,
            timeout=TIMEOUT,
        ).json()
        response = requests.post(
            f"{server.url}/matches/{match_id}/actions",
            json=page["actions"][0],
            headers={**headers, "If-Match": f'"{page["version"]}"'},
            timeout=TIMEOUT,
        )
        assert response.status_code == 200, response.text
    return public(server, match_id)


def stored_table(server: LiveServer, match_id: str) -> Table:
    """The match as stored, hidden state and all: the truth a page must not give away."""
    store = MatchStore.connect(Settings(redis_url=server.env["REDIS_URL"], key_prefix=server.env["ARENA_KEY_PREFIX"]))
    try:
        return Table.from_record(match_id, store.load(match_id))
    finally:
        store.client.close()
