"""No rate limit decides a tournament's result: a fast HTTP bot at the API's default limits is never refused.

A live server with the default rate limits (the other live tests raise them out of reach) and a
plain HTTP bot as a tournament entrant: it takes its matches from ``next`` and, as fast as it can,
reads its view, its legal actions when it must act, and acts. Every answer it gets is counted: a
429 (or any refusal of a legal action on its turn) fails the test, and its matches must end
without a forfeit of its own.
"""

from __future__ import annotations

import collections
import random
from collections.abc import Iterator
from typing import Any

import pytest
import requests

from api.settings import Settings
from api.store.redis_server import RedisServer
from tests.live_server import LiveServer

#: The entrant plays this many matches against the server's greedy bot.
DEALS = 2


@pytest.fixture(scope="module")
def default_limits_server(redis_server: RedisServer) -> Iterator[LiveServer]:
    """A live API at the default limits (``ARENA_RATE_LIMITS`` unset: the defaults of ``api/settings.py``)."""
    with LiveServer(
        redis_server.url, workers=2, key_prefix="limits-e2e", ARENA_RATE_LIMITS=Settings().rate_limits
    ) as server:
        yield server


def play_fast(url: str, tournament_id: str, token: str, answers: collections.Counter[str]) -> list[str]:
    """Play every match the entrant is given, as fast as plain HTTP goes; the match ids played."""
    session = requests.Session()
    rng = random.Random(3)
    played: list[str] = []

    def get(path: str, bearer: str, **params: Any) -> requests.Response:
        response = session.get(f"{url}{path}", headers={"Authorization": f"Bearer {bearer}"}, params=params, timeout=60)
        answers[f"GET {response.status_code}"] += 1
        return response

    while True:
        found = get(f"/tournaments/{tournament_id}/next", token, wait=30)
        if found.status_code == 304:
            continue
        assignment = found.json()
        if assignment.get("done"):
            return played
        match_id, seat, seat_token = assignment["match_id"], assignment["seat"], assignment["token"]
        if match_id in played:
            continue  # over, not yet recorded: ask again at once (a fast bot does)
        while True:
            view = get(f"/matches/{match_id}/view", seat_token).json()
            if view["status"] in ("finished", "aborted"):
                played.append(match_id)
                break
            if seat not in view["to_act"]:
                continue
            legal = get(f"/matches/{match_id}/legal-actions", seat_token).json()
            if not legal["actions"]:
                continue
            moved = session.post(
                f"{url}/matches/{match_id}/actions",
                json=rng.choice(legal["actions"]),
                headers={"Authorization": f"Bearer {seat_token}", "If-Match": str(legal["version"])},
                timeout=60,
            )
            answers[f"POST {moved.status_code}"] += 1


@pytest.mark.timeout(300)
def test_a_fast_http_bot_in_a_tournament_is_never_refused_at_the_default_limits(
    default_limits_server: LiveServer,
) -> None:
    url = default_limits_server.url
    body = {
        "game": "taiga",
        "players_per_match": 2,
        "format": "gauntlet",
        "games_per_pairing": DEALS // 2,
        "time_control": {"per_action": 10},
        "entrants": [{"name": "fast"}, {"name": "greedy", "bot": "greedy"}],
    }
    created = requests.post(f"{url}/tournaments", json=body, timeout=60)
    assert created.status_code == 201, created.text
    tournament_id = created.json()["tournament"]["tournament_id"]
    answers: collections.Counter[str] = collections.Counter()
    played = play_fast(url, tournament_id, created.json()["entrants"][0]["token"], answers)
    assert len(played) == DEALS
    refused = {answer: count for answer, count in answers.items() if not answer.endswith(("200", "304"))}
    assert refused == {}, f"the fast bot was refused: {refused} of {dict(answers)}"
    rows = requests.get(f"{url}/tournaments/{tournament_id}/matches", timeout=60).json()["matches"]
    assert [row["state"] for row in rows] == ["done"] * DEALS
    assert all(row["forfeits"][row["entrants"].index(0)] is None for row in rows), rows
