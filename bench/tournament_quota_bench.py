"""What one address can leave in the store under the default quotas of live tournaments and matches.

On a fresh embedded Redis, one address (the Flask test client's) creates tournaments through ``POST
/tournaments`` with the default settings (rate limits out of reach; nothing plays them: no referee runs, so
every match a tournament starts stays unplayed, as a hoarder's would):

- the largest open tournament: ``MAX_ENTRANTS`` named entrants, waiting for a start;
- the largest tournament in play: server bots in a round robin at the largest ``concurrency`` (1,000), whose
  director stores as many unplayed matches as the tournament's own quota of live matches allows;

then it creates the largest tournament in play (beside the open one) until the quota of live tournaments
refuses one (``429 tournament/quota``). It prints Redis's ``used_memory`` after each step: what one address can
hold at most is the quota times the largest tournament, plus its own ``ARENA_MAX_LIVE_MATCHES`` matches. For
scale, another address first creates the same tournament in play at the default ``concurrency`` (32).

    python -m bench.tournament_quota_bench [--bots 141]
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path
from typing import Any

import redis

from api.http.app import create_app
from api.settings import Settings
from api.store.redis_server import RedisServer
from arena.tournaments.schedule import MAX_ENTRANTS
from tests.live_server import UNREACHED_RATE_LIMITS

MB = 1024 * 1024


def used_memory(client: redis.Redis) -> int:
    return int(client.info("memory")["used_memory"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bots", type=int, default=141, help="server-bot entrants of the tournament in play")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch, RedisServer(Path(scratch) / "redis") as redis_server:
        settings = Settings(redis_url=redis_server.url, key_prefix="bench", rate_limits=UNREACHED_RATE_LIMITS)
        client = create_app(settings).test_client()
        store = redis.Redis.from_url(redis_server.url)
        print(
            f"defaults: ARENA_MAX_LIVE_TOURNAMENTS={settings.max_live_tournaments}, "
            f"ARENA_MAX_LIVE_MATCHES={settings.max_live_matches}"
        )

        def created(body: dict[str, Any], address: str = "192.0.2.1") -> tuple[int, str]:
            started = time.perf_counter()
            response = client.post("/tournaments", json=body, environ_base={"REMOTE_ADDR": address})
            seconds = time.perf_counter() - started
            answer = response.get_json()
            if response.status_code != 201:
                return response.status_code, f"{answer['code']} {answer['details']} in {seconds:.2f} s"
            tournament = answer["tournament"]
            return 201, f"{tournament['status']}, {tournament['progress']['playing']} matches stored in {seconds:.1f} s"

        in_play = {
            "game": "pipifax",
            "players_per_match": 2,
            "format": "round-robin",
            "concurrency": 1000,
            "entrants": [{"name": f"bot-{i}", "bot": "random"} for i in range(args.bots)],
        }
        before = used_memory(store)
        status, said = created({**in_play, "concurrency": None}, address="192.0.2.2")
        grown = (used_memory(store) - before) / MB
        print(f"tournament in play at the default concurrency, another address: {status} {said}; {grown:.2f} MB")

        base = used_memory(store)
        open_body = {
            "game": "pipifax",
            "players_per_match": 2,
            "format": "swiss",
            "rounds": 1,
            "start": False,
            "entrants": [{"name": f"program-{i}"} for i in range(MAX_ENTRANTS)],
        }
        before = used_memory(store)
        status, said = created(open_body)
        grown = (used_memory(store) - before) / MB
        print(f"largest open tournament ({MAX_ENTRANTS} named entrants): {status} {said}; {grown:.2f} MB")

        largest = 0.0
        while True:
            before = used_memory(store)
            status, said = created(in_play)
            grown = (used_memory(store) - before) / MB
            print(f"tournament in play ({args.bots} server bots): {status} {said}; {grown:.2f} MB")
            if status != 201:
                break
            largest = max(largest, grown)
        print(f"in all: {(used_memory(store) - base) / MB:.1f} MB held by one address")
        bound = largest * settings.max_live_tournaments
        print(f"at most: {settings.max_live_tournaments} x {largest:.2f} MB = {bound:.1f} MB in tournaments, beside")
        print(f"  its own {settings.max_live_matches} matches; of a 512 MB store: {bound / 512:.0%}")
        store.close()


if __name__ == "__main__":
    main()
