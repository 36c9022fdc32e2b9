"""HTTP benchmark: full moves per second and their latency, against a bare endpoint in the same run.

A full move is ``POST /matches/{id}/actions`` on a live server under gunicorn: authorise the seat
token, load the snapshot, validate and apply the action, compare-and-set the new snapshot and append
its events. The baseline is a bare Flask endpoint doing one Redis GET and one SET of a 2 KB value on
the same Redis server. Both run under the shared gunicorn configuration (api/gunicorn_conf.py: gevent
workers, keep-alive) and are driven by the same closed-loop load generator (client processes, one
request at a time each):

    python -m bench.http_bench [--seconds 5] [--clients 4] [--workers 2]
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import requests

from api.gunicorn_conf import worker_class
from api.store.redis_server import RedisServer
from bench.servers import GunicornServer

COLOURS_SEEN_KEY = "flipped"


def legal_flip(view: dict[str, Any]) -> dict[str, Any]:
    """A legal Pipifax flip computed from the seat's view (any card of an unused back colour)."""
    cards = view["cards"]
    used = {cards[p]["colour"] for p in view[COLOURS_SEEN_KEY]}
    position = next(c["position"] for c in cards if c["colour"] not in used)
    return {"type": "pipifax.flip", "position": position}


def move_loop(url: str, deadline: float) -> list[float]:
    """Play Pipifax moves back to back until ``deadline``; returns each move's latency."""
    session = requests.Session()
    latencies: list[float] = []
    state: dict[str, Any] = {}

    def new_match() -> None:
        body = session.post(f"{url}/matches", json={"game": "pipifax", "players": 2}).json()
        state["id"] = body["match"]["match_id"]
        state["tokens"] = [s["token"] for s in body["seats"]]
        state["match"] = body["match"]

    new_match()
    while time.perf_counter() < deadline:
        current = state["match"]
        if current["status"] == "finished":
            new_match()
            continue
        seat = current["to_act"][0]
        headers = {"Authorization": f"Bearer {state['tokens'][seat]}", "If-Match": str(current["version"])}
        start = time.perf_counter()
        action = legal_flip(current["view"])
        response = session.post(f"{url}/matches/{state['id']}/actions", json=action, headers=headers)
        latencies.append(time.perf_counter() - start)
        if response.status_code != 200:
            raise RuntimeError(f"move refused: {response.status_code} {response.text}")
        state["match"] = response.json()
    return latencies


def bare_loop(url: str, deadline: float) -> list[float]:
    session = requests.Session()
    latencies: list[float] = []
    key = str(time.perf_counter_ns())
    while time.perf_counter() < deadline:
        start = time.perf_counter()
        response = session.post(f"{url}/bare/{key}")
        latencies.append(time.perf_counter() - start)
        response.raise_for_status()
    return latencies


Loop = Callable[[str, float], list[float]]


def drive(loop: Loop, url: str, clients: int, seconds: float) -> tuple[float, list[float]]:
    """Run ``clients`` closed-loop processes for ``seconds``; returns requests/s and all latencies."""
    deadline = time.perf_counter() + seconds
    with multiprocessing.get_context("fork").Pool(clients) as pool:
        start = time.perf_counter()
        results = pool.starmap(loop, [(url, deadline)] * clients)
        elapsed = time.perf_counter() - start
    latencies = [x for r in results for x in r]
    return len(latencies) / elapsed, latencies


def describe(name: str, rate: float, latencies: list[float]) -> str:
    cuts = statistics.quantiles(latencies, n=100)
    return f"{name:<28}{rate:>10.0f}/s   p50 {cuts[49] * 1e3:6.2f} ms   p99 {cuts[98] * 1e3:6.2f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=4.0, help="length of each measured round")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of each, alternating bare and move")
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()

    bare_rates: list[float] = []
    move_rates: list[float] = []
    bare_latencies: list[float] = []
    move_latencies: list[float] = []
    with tempfile.TemporaryDirectory() as data, RedisServer(Path(data)) as redis_server:
        api = GunicornServer(redis_server.url, workers=args.workers)
        bare = GunicornServer(redis_server.url, app="bench.bare_app:app", workers=args.workers)
        with api, bare:
            drive(bare_loop, bare.url, args.clients, 1.0)  # warm-up
            drive(move_loop, api.url, args.clients, 1.0)
            for _ in range(args.rounds):  # alternating rounds share out the machine's background noise
                rate, latencies = drive(bare_loop, bare.url, args.clients, args.seconds)
                bare_rates.append(rate)
                bare_latencies += latencies
                rate, latencies = drive(move_loop, api.url, args.clients, args.seconds)
                move_rates.append(rate)
                move_latencies += latencies
    bare_rate, move_rate = statistics.median(bare_rates), statistics.median(move_rates)
    print(
        f"gunicorn {worker_class} workers: {args.workers}, client processes: {args.clients}, "
        f"{args.rounds} x {args.seconds:.0f} s each"
    )
    print(describe("bare GET+SET 2 KB endpoint", bare_rate, bare_latencies))
    print(describe("full move (Pipifax)", move_rate, move_latencies))
    print(f"full move / bare throughput (median of rounds): {move_rate / bare_rate:.2f}x")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
