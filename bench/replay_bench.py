"""Replay benchmark: how long ``GET /matches/{id}/versions/{v}`` takes as matches grow longer.

Starts Redis and the app in process (Flask's test client, so HTTP parsing is left out of both
sides); plays 2-player Pipifax matches of several lengths with random legal moves, ends each with a
resignation, then times the replay of the last version (the whole log replayed) and, as the
baseline measured in the same run, ``GET /matches/{id}`` of the same match:

    python -m bench.replay_bench [--lengths 50 200 1000] [--repeats 20]
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from pathlib import Path

from flask.testing import FlaskClient

from api.app import create_app
from api.redis_server import RedisServer
from api.settings import Settings


def finished_match(client: FlaskClient, moves: int, rng: random.Random) -> tuple[str, int]:
    """A finished Pipifax match of ``moves`` random moves and a resignation; its id and last version."""
    created = client.post("/matches", json={"game": "pipifax", "players": 2}).get_json()
    match_id = created["match"]["match_id"]
    tokens = {seat["seat"]: seat["token"] for seat in created["seats"]}
    for _ in range(moves):
        match = client.get(f"/matches/{match_id}").get_json()
        if match["status"] != "active":
            break
        seat = match["to_act"][0]
        auth = {"Authorization": f"Bearer {tokens[seat]}"}
        page = client.get(
            f"/matches/{match_id}/legal-actions?sample=1&sample_seed={rng.randrange(2**31)}", headers=auth
        )
        action = page.get_json()["actions"][0]
        client.post(f"/matches/{match_id}/actions", json=action, headers={**auth, "If-Match": str(match["version"])})
    client.post(f"/matches/{match_id}/resign", headers={"Authorization": f"Bearer {tokens[0]}"})
    return match_id, client.get(f"/matches/{match_id}").get_json()["version"]


def median_seconds(client: FlaskClient, url: str, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        response = client.get(url)
        times.append(time.perf_counter() - start)
        assert response.status_code == 200, response.get_data(as_text=True)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lengths", type=int, nargs="+", default=[50, 200, 1000])
    parser.add_argument("--repeats", type=int, default=20)
    args = parser.parse_args()
    rng = random.Random(1)
    with RedisServer(Path(tempfile.mkdtemp())) as redis:
        app = create_app(Settings(redis_url=redis.url, key_prefix="bench-replay", rate_limits="off"))
        client = app.test_client()
        print(f"{'versions':>8} {'GET match ms':>13} {'replay last ms':>15} {'ratio':>7} {'per version us':>15}")
        for length in args.lengths:
            match_id, last = finished_match(client, length, rng)
            baseline = median_seconds(client, f"/matches/{match_id}", args.repeats)
            replay = median_seconds(client, f"/matches/{match_id}/versions/{last}", args.repeats)
            print(
                f"{last:>8} {baseline * 1000:>13.2f} {replay * 1000:>15.2f} {replay / baseline:>7.1f}"
                f" {replay / last * 1e6:>15.1f}"
            )


if __name__ == "__main__":
    main()
