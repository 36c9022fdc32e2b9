"""Many clients racing on the same version: exactly one wins each time, and nothing is lost."""

from __future__ import annotations

import threading
from typing import Any

import requests

from api.settings import Settings
from api.store.matches import MatchStore
from api.store.redis_server import RedisServer
from engine import Match, RecordedAction, replay
from tests.e2e.raw_client import bearer, create, legal_actions, match
from tests.live_server import LiveServer

RACERS = 8
ROUNDS = 12


def race(url: str, match_id: str, token: str, version: int, actions: list[dict[str, Any]]) -> list[requests.Response]:
    """Submit ``actions`` at once, all at ``version``; returns the responses in submission order."""
    barrier = threading.Barrier(len(actions))
    responses: list[requests.Response | None] = [None] * len(actions)

    def submit(index: int) -> None:
        session = requests.Session()
        barrier.wait()
        responses[index] = session.post(
            f"{url}/matches/{match_id}/actions", json=actions[index], headers=bearer(token, version)
        )

    threads = [threading.Thread(target=submit, args=(i,)) for i in range(len(actions))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return [r for r in responses if r is not None]


def test_exactly_one_of_racing_moves_wins_and_the_result_equals_a_serial_replay(
    live_server: LiveServer, redis_server: RedisServer
) -> None:
    url = live_server.url
    match_id, tokens = create(url, "pipifax", 2, seed=99)
    accepted: list[RecordedAction] = []
    for _ in range(ROUNDS):
        current = match(url, match_id)
        if current["status"] == "finished":
            break
        seat = current["to_act"][0]
        options = legal_actions(url, match_id, tokens[seat])[:RACERS]
        responses = race(url, match_id, tokens[seat], current["version"], options)
        winners = [i for i, r in enumerate(responses) if r.status_code == 200]
        assert len(winners) == 1, [r.status_code for r in responses]
        losers = [r for i, r in enumerate(responses) if i not in winners]
        assert all(r.status_code == 412 and r.json()["code"] == "match/stale_version" for r in losers)
        assert all(r.json()["details"]["current_version"] == current["version"] + 1 for r in losers)
        accepted.append(RecordedAction(seat, options[winners[0]]))
        assert match(url, match_id)["version"] == current["version"] + 1

    final = match(url, match_id)
    assert final["version"] == len(accepted)
    # read through the store: a match that finished is compacted (its log replayed from a record)
    store = MatchStore.connect(Settings(redis_url=redis_server.url, key_prefix=live_server.env["ARENA_KEY_PREFIX"]))
    record = store.load(match_id)
    serial = replay("pipifax", 2, record["match"]["options"], 99, accepted)
    assert Match.from_json(record["match"]).to_json() == serial.to_json()
    assert len(store.log(match_id, -1, 1_000_000)) == len(accepted) + 1  # one entry per version
