"""What the browser tests do to a live API beside the page: create and play matches over HTTP, and
read the stored truth (hidden hands) through the app's own store."""

from __future__ import annotations

import random
import time
from typing import Any

import requests

from api.settings import Settings
from api.store.matches import MatchStore
from api.usecases import wiring
from api.usecases.matches.writing import commit
from arena.matches.table import Table
from engine import legal_actions
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


def act(server: LiveServer, match_id: str, token: str, action: Json) -> Json:
    """One action of the token's seat at the match's current version; the answer's body."""
    version = public(server, match_id)["version"]
    response = requests.post(
        f"{server.url}/matches/{match_id}/actions",
        json=action,
        headers={"Authorization": f"Bearer {token}", "If-Match": f'"{version}"'},
        timeout=TIMEOUT,
    )
    assert response.status_code == 200, response.text
    answer: Json = response.json()
    return answer


def legal(server: LiveServer, match_id: str, token: str, tree: str | None = None, limit: int = 1000) -> Json:
    """The seat's legal actions as the API lists them (for one tree, with ``tree``)."""
    query = f"limit={limit}" + (f"&filter=tree={tree}" if tree else "")
    answer: Json = requests.get(
        f"{server.url}/matches/{match_id}/legal-actions?{query}",
        headers={"Authorization": f"Bearer {token}"},
        timeout=TIMEOUT,
    ).json()
    return answer


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


def store_for(server: LiveServer) -> MatchStore:
    return MatchStore.connect(Settings(redis_url=server.env["REDIS_URL"], key_prefix=server.env["ARENA_KEY_PREFIX"]))


def stored_table(server: LiveServer, match_id: str) -> Table:
    """The match as stored, hidden state and all: the truth a page must not give away."""
    store = store_for(server)
    try:
        return Table.from_record(match_id, store.load(match_id))
    finally:
        store.client.close()


def stored_log(server: LiveServer, match_id: str) -> list[Json]:
    """Every stored log entry of the match, setup first."""
    store = store_for(server)
    try:
        return store.log(match_id, -1, 1_000_000)
    finally:
        store.client.close()


def leave_idle(server: LiveServer, match_id: str, seconds: float) -> None:
    """Write the match's next version as if it had been made ``seconds`` ago: a match nobody moved since.

    A waiting match gets its first open seat joined then; an active one the first legal action.
    """
    store = store_for(server)
    try:
        table = Table.from_record(match_id, store.load(match_id))
        then = time.time() - seconds
        if table.status == "waiting":
            step = table.join(table.open_seats[0], "idle", "digest", then)
        else:
            seat = table.to_act[0]
            step = table.act(seat, next(iter(legal_actions(table.match, seat))), then)
        commit(wiring.context(store), table, step)
    finally:
        store.client.close()
