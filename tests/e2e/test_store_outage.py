"""Redis stopped mid-match: the API answers 503 with a clear code, then recovers with nothing lost."""

from __future__ import annotations

from pathlib import Path

import requests

from api.redis_server import RedisServer
from tests.e2e.raw_client import bearer, create, legal_actions, match
from tests.live_server import LiveServer


def test_store_outage_gives_503_and_play_resumes_after_restart(tmp_path: Path) -> None:
    server = RedisServer(tmp_path / "redis").start()
    try:
        with LiveServer(server.url, workers=2) as api:
            match_id, tokens = create(api.url, "pipifax", 2, seed=3)
            for _ in range(3):  # a few moves, persisted
                current = match(api.url, match_id)
                seat = current["to_act"][0]
                action = legal_actions(api.url, match_id, tokens[seat])[0]
                requests.post(
                    f"{api.url}/matches/{match_id}/actions",
                    json=action,
                    headers=bearer(tokens[seat], current["version"]),
                ).raise_for_status()
            before = match(api.url, match_id)

            server.stop()
            for response in (
                requests.get(f"{api.url}/matches/{match_id}"),
                requests.get(f"{api.url}/health"),
                requests.post(f"{api.url}/matches", json={"game": "pipifax", "players": 2}),
                requests.post(
                    f"{api.url}/matches/{match_id}/actions",
                    json=action,
                    headers=bearer(tokens[before["to_act"][0]], before["version"]),
                ),
            ):
                assert response.status_code == 503
                assert response.json()["code"] == "store/unavailable"
                assert response.headers["Retry-After"] == "1"

            server.start()  # same port and data directory: the append-only file is replayed
            assert match(api.url, match_id) == before
            seat = before["to_act"][0]
            action = legal_actions(api.url, match_id, tokens[seat])[0]
            response = requests.post(
                f"{api.url}/matches/{match_id}/actions", json=action, headers=bearer(tokens[seat], before["version"])
            )
            assert response.status_code == 200
            assert response.json()["version"] == before["version"] + 1
    finally:
        server.stop()
