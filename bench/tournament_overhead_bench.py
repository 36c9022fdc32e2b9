"""Tournament runner overhead: a round robin of server bots through ``arena tournament run`` against the
same matches created directly through the API and waited for.

The runner's run is timed from its start to its exit (it creates the tournament, watches it to the
end and writes its results); the direct run creates each match of the finished tournament's
schedule (same game, seeds and bots) with ``POST /matches`` and waits until all are over. Both
run on the same servers (Redis, the API under gunicorn, a referee). The issue's bar: at most 20%
more wall time through the runner.

    python -m bench.tournament_overhead_bench [--game pipifax] [--entrants 5] [--games-per-pairing 10]

(5 entrants, 10 deals per pair, both seat orders: 200 matches.)
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import requests

from api.store.redis_server import RedisServer
from bench.servers import ROOT, GunicornServer, RefereeProcess

BOTS = ("greedy", "random")


def through_the_runner(server: GunicornServer, redis_url: str, output: Path, args: argparse.Namespace) -> float:
    bots = [f"--bot=b{n}={BOTS[n % 2]}" for n in range(args.entrants)]
    command = [sys.executable, "-m", "api.cli", "tournament", "run", "--url", server.url, "--redis", redis_url]
    command += ["--output", str(output), "--quiet", "--game", args.game, "--players-per-match", "2"]
    command += ["--format", "round-robin", "--games-per-pairing", str(args.games_per_pairing), "--seed", "1", *bots]
    started = time.perf_counter()
    subprocess.run(command, cwd=ROOT, check=True, stdout=subprocess.DEVNULL, env=server.env)
    return time.perf_counter() - started


def directly(server: GunicornServer, schedule: list[dict[str, Any]], game: str, bots: list[str]) -> float:
    """Create the schedule's matches with the same seeds and bots, then wait until every one is over."""
    session = requests.Session()
    started = time.perf_counter()
    ids = []
    for row in schedule:
        body = {
            "game": game,
            "players": 2,
            "seed": row["seed"],
            "seats": [{"bot": bots[entrant]} for entrant in row["entrants"]],
        }
        answer = session.post(f"{server.url}/matches", json=body, timeout=60)
        answer.raise_for_status()
        ids.append(answer.json()["match"]["match_id"])
    waiting = set(ids)
    while waiting:
        for match_id in list(waiting):
            if session.get(f"{server.url}/matches/{match_id}", timeout=60).json()["status"] in ("finished", "aborted"):
                waiting.discard(match_id)
        if waiting:
            time.sleep(0.2)  # a pause between two rounds of looks
    return time.perf_counter() - started


def tournament_directly(server: GunicornServer, args: argparse.Namespace) -> float:
    """The same tournament created with ``POST /tournaments`` and watched until it is over, without the runner."""
    body = {
        "game": args.game,
        "players_per_match": 2,
        "format": "round-robin",
        "games_per_pairing": args.games_per_pairing,
        "seed": 1,
        "entrants": [{"name": f"b{n}", "bot": BOTS[n % 2]} for n in range(args.entrants)],
    }
    session = requests.Session()
    started = time.perf_counter()
    answer = session.post(f"{server.url}/tournaments", json=body, timeout=60)
    answer.raise_for_status()
    tournament_id = answer.json()["tournament"]["tournament_id"]
    while session.get(f"{server.url}/tournaments/{tournament_id}", timeout=60).json()["status"] == "running":
        time.sleep(0.2)  # a pause between two looks
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="pipifax")
    parser.add_argument("--entrants", type=int, default=5)
    parser.add_argument("--games-per-pairing", type=int, default=10)
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers")
    args = parser.parse_args()
    with (
        tempfile.TemporaryDirectory() as scratch,
        RedisServer(Path(scratch) / "redis") as redis_server,
        GunicornServer(redis_server.url, workers=args.workers) as server,
    ):
        referee = RefereeProcess(server).start()
        try:
            output = Path(scratch) / "run"
            runner_seconds = through_the_runner(server, redis_server.url, output, args)
            written = json.loads((output / "tournament.json").read_text())
            schedule = written["matches"]
            bots = [entrant["bot"] for entrant in written["tournament"]["entrants"]]
            direct_seconds = directly(server, schedule, args.game, bots)
            server_seconds = tournament_directly(server, args)
        finally:
            referee.stop()
    matches = len(schedule)
    print(f"tournament overhead ({args.game}, {matches} matches of server bots, {args.workers} gunicorn workers)")
    print(f"  through the runner: {runner_seconds:7.2f} s  ({matches / runner_seconds:6.1f} matches/s)")
    print(f"  directly (matches): {direct_seconds:7.2f} s  ({matches / direct_seconds:6.1f} matches/s)")
    print(f"  POST /tournaments:  {server_seconds:7.2f} s  ({matches / server_seconds:6.1f} matches/s), no runner")
    print(f"  ratio runner/direct matches: {runner_seconds / direct_seconds:.2f} (bar: at most 1.20)")
    print(f"  ratio runner/tournament without runner: {runner_seconds / server_seconds:.2f} (the runner's own share)")


if __name__ == "__main__":
    main()
