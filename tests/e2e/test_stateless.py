"""No match state lives in a worker: separate servers and several workers serve one match together."""

from __future__ import annotations

import os
import random
import signal
import time

import requests

from api.redis_server import RedisServer
from tests.e2e.raw_client import bearer, create, legal_actions, match
from tests.live_server import LiveServer


def test_two_independent_servers_take_turns_serving_one_whole_match(
    live_server: LiveServer, redis_server: RedisServer
) -> None:
    """Every other request goes to a second server process; the match plays to its end."""
    prefix = live_server.env["ARENA_KEY_PREFIX"]
    with LiveServer(redis_server.url, workers=2, key_prefix=prefix) as other:
        servers = [live_server.url, other.url]
        match_id, tokens = create(servers[0], "taiga", 3, seed=5)
        rng = random.Random(5)
        for step in range(2000):
            url = servers[step % 2]
            current = match(url, match_id)
            if current["status"] == "finished":
                break
            seat = current["to_act"][0]
            action = rng.choice(legal_actions(servers[(step + 1) % 2], match_id, tokens[seat]))
            response = requests.post(
                f"{url}/matches/{match_id}/actions", json=action, headers=bearer(tokens[seat], current["version"])
            )
            assert response.status_code == 200, response.text
            assert response.json()["version"] == current["version"] + 1
        final = match(servers[1], match_id)
        assert final["status"] == "finished" and final["result"]["winners"]
        assert match(servers[0], match_id) == final


def test_a_match_survives_its_worker_being_killed(live_server: LiveServer) -> None:
    """Workers are replaceable: kill them mid-match and the match goes on where it was."""
    match_id, tokens = create(live_server.url, "pipifax", 2, seed=8)
    before = match(live_server.url, match_id)
    seat = before["to_act"][0]
    action = legal_actions(live_server.url, match_id, tokens[seat])[0]
    for pid in live_server.worker_pids():
        os.kill(pid, signal.SIGKILL)
    deadline = time.monotonic() + 20
    while True:
        try:
            response = requests.post(
                f"{live_server.url}/matches/{match_id}/actions",
                json=action,
                headers=bearer(tokens[seat], before["version"]),
                timeout=5,
            )
            break
        except requests.ConnectionError:
            assert time.monotonic() < deadline, "gunicorn did not replace its workers"
            time.sleep(0.1)
    assert response.status_code == 200
    assert response.json()["version"] == before["version"] + 1
