"""Slow-clients benchmark: the latency of ``/health`` and of a move, with and without slow clients held open.

A slow client sends the headers of ``POST /matches`` announcing a 1000-byte body, then nothing, and
keeps its connection open. The API runs under the shared gunicorn configuration
(api/gunicorn_conf.py). The goal: fifty slow clients delay neither ``/health`` nor a move beyond 1 s.
Each request opens a new connection, as a newcomer would:

    python -m bench.slow_clients_bench [--slow-clients 50] [--tries 20] [--workers 2] [--worker-class sync]
"""

from __future__ import annotations

import argparse
import socket
import statistics
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import requests

from api.gunicorn_conf import worker_class
from api.store.redis_server import RedisServer
from bench.servers import GunicornServer

GOAL_SECONDS = 1.0


@contextmanager
def slow_clients(port: int, count: int) -> Iterator[list[socket.socket]]:
    """``count`` connections stuck in the body of ``POST /matches``, closed on exit."""
    headers = (
        f"POST /matches HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
        "Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n"
    ).encode()
    clients: list[socket.socket] = []
    try:
        for _ in range(count):
            client = socket.create_connection(("127.0.0.1", port), timeout=10)
            clients.append(client)
            client.sendall(headers)
        yield clients
    finally:
        for client in clients:
            client.close()


class Mover:
    """Plays Pipifax moves one at a time, a new match whenever one ends; times only the move itself."""

    def __init__(self, url: str, timeout: float) -> None:
        self.url = url
        self.timeout = timeout
        self.match: dict[str, Any] = {}
        self.tokens: list[str] = []

    def new_match(self) -> None:
        response = requests.post(f"{self.url}/matches", json={"game": "pipifax", "players": 2}, timeout=self.timeout)
        response.raise_for_status()
        body = response.json()
        self.match, self.tokens = body["match"], [s["token"] for s in body["seats"]]

    def move(self) -> float:
        """Seconds for ``POST /matches/{id}/actions`` with a legal action."""
        try:
            return self._move()
        except requests.Timeout:
            self.match = {}  # the move may still land later: go on with a new match
            raise

    def _move(self) -> float:
        if not self.match or self.match["status"] == "finished":
            self.new_match()
        match_id, token = self.match["match_id"], self.tokens[self.match["to_act"][0]]
        legal = requests.get(
            f"{self.url}/matches/{match_id}/legal-actions",
            headers={"Authorization": f"Bearer {token}"},
            timeout=self.timeout,
        )
        legal.raise_for_status()
        start = time.perf_counter()
        response = requests.post(
            f"{self.url}/matches/{match_id}/actions",
            json=legal.json()["actions"][0],
            headers={"Authorization": f"Bearer {token}", "If-Match": str(self.match["version"])},
            timeout=self.timeout,
        )
        elapsed = time.perf_counter() - start
        response.raise_for_status()
        self.match = response.json()
        return elapsed


def health(url: str, timeout: float) -> float:
    """Seconds for ``GET /health``."""
    start = time.perf_counter()
    response = requests.get(f"{url}/health", timeout=timeout)
    elapsed = time.perf_counter() - start
    response.raise_for_status()
    return elapsed


def measure(probe: Callable[[], float], tries: int) -> list[float | None]:
    """Each try's seconds, or None where it timed out."""
    results: list[float | None] = []
    for _ in range(tries):
        try:
            results.append(probe())
        except requests.Timeout:
            results.append(None)
    return results


def describe(name: str, results: list[float | None]) -> str:
    times = [t for t in results if t is not None]
    timed_out = len(results) - len(times)
    if not times:
        return f"{name:<34} all {timed_out} timed out"
    verdict = "ok" if not timed_out and max(times) < GOAL_SECONDS else "OVER 1 s"
    line = f"{name:<34} p50 {statistics.median(times) * 1e3:8.2f} ms   max {max(times) * 1e3:8.2f} ms   {verdict}"
    return line + (f"   ({timed_out} timed out)" if timed_out else "")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--slow-clients", type=int, default=50)
    parser.add_argument("--tries", type=int, default=20, help="requests measured for each figure")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--worker-class", default=None, help=f"override the config's {worker_class!r} (to compare)")
    parser.add_argument("--timeout", type=float, default=10.0, help="client timeout of each measured request")
    args = parser.parse_args()

    env = {"GUNICORN_CMD_ARGS": f"--worker-class {args.worker_class}"} if args.worker_class else {}
    rows: list[str] = []
    with (
        tempfile.TemporaryDirectory() as data,
        RedisServer(Path(data), appendonly=False) as redis_server,
        GunicornServer(redis_server.url, workers=args.workers, ARENA_KEY_PREFIX="bench-slow", **env) as server,
    ):
        mover = Mover(server.url, args.timeout)
        measure(lambda: health(server.url, args.timeout), 3)  # warm-up
        measure(mover.move, 3)
        for label, count in (
            ("without slow clients", 0),
            (f"with {args.slow_clients} slow clients", args.slow_clients),
        ):
            with slow_clients(server.port, count):
                rows.append(
                    describe(f"/health, {label}", measure(lambda: health(server.url, args.timeout), args.tries))
                )
                rows.append(describe(f"move, {label}", measure(mover.move, args.tries)))
    print(f"gunicorn {args.worker_class or worker_class} workers: {args.workers}, {args.tries} tries each")
    print("\n".join(rows))


if __name__ == "__main__":
    main()
