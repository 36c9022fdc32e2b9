"""How many HTTP requests an SDK bot makes per move: two ``Seat.play`` bots play 2-seat matches.

Starts Redis and the API under gunicorn (bench/servers.py), plays ``--matches`` Pipifax matches
with two random ``Seat.play`` bots in threads, counts every request their httpx clients send (a
counting transport under the generated client) and prints requests per move. A move is one
version of the match; the seat stream counts once per (re)connection.

    python -m bench.bot_requests_bench [--matches 5] [--game pipifax]
"""

from __future__ import annotations

import argparse
import random
import tempfile
import threading
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
from arena_client import AuthenticatedClient
from arena_sdk import Arena, Seat

from api.store.redis_server import RedisServer
from bench.servers import GunicornServer


class CountingTransport(httpx.BaseTransport):
    """An HTTP transport that counts the requests it sends, by method and route kind."""

    def __init__(self, counts: Counter[str], lock: threading.Lock) -> None:
        self.inner = httpx.HTTPTransport()
        self.counts, self.lock = counts, lock

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        route = request.url.path.rsplit("/", 1)[-1]
        with self.lock:
            self.counts[f"{request.method} .../{route}"] += 1
        return self.inner.handle_request(request)

    def close(self) -> None:
        self.inner.close()


def counted_seat(arena: Arena, match_id: str, token: str, counts: Counter[str], lock: threading.Lock) -> Seat:
    """A seat whose requests all go through a counting transport."""
    seat = arena.seat(match_id, token)
    seat.client = AuthenticatedClient(
        base_url=arena.base_url,
        token=token,
        timeout=httpx.Timeout(arena.timeout),
        httpx_args={"transport": CountingTransport(counts, lock)},
    )
    return seat


def play_match(arena: Arena, game: str, seed: int, counts: Counter[str], lock: threading.Lock) -> int:
    """Two random ``Seat.play`` bots play one match; returns how many versions (moves) it took."""
    created = arena.create_match(game, 2, seed=seed)
    match_id = created.match.match_id
    seats = [counted_seat(arena, match_id, s.token, counts, lock) for s in created.seats]

    def play(seat: Seat) -> Any:
        rng = random.Random(seed * 10 + seat.seat)
        return seat.play(lambda view, actions: rng.choice(actions))

    with ThreadPoolExecutor(len(seats)) as pool:
        finals = list(pool.map(play, seats))
    for seat in seats:
        seat.client.get_httpx_client().close()  # idle keep-alive connections would hold up the server's shutdown
    assert all(final.status.value == "finished" for final in finals)
    return int(finals[0].version)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--matches", type=int, default=5)
    parser.add_argument("--game", default="pipifax")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()

    counts: Counter[str] = Counter()
    lock = threading.Lock()
    moves = 0
    with (
        tempfile.TemporaryDirectory() as data,
        RedisServer(Path(data)) as redis_server,
        GunicornServer(redis_server.url, workers=args.workers) as api,
    ):
        arena = Arena(api.url)
        for seed in range(args.matches):
            moves += play_match(arena, args.game, seed, counts, lock)
    requests = sum(counts.values())
    print(f"{args.matches} {args.game} matches, 2 Seat.play bots each: {moves} moves, {requests} requests")
    for route, count in counts.most_common():
        print(f"  {route:<28}{count:>8}")
    print(f"requests per move: {requests / moves:.2f}")


if __name__ == "__main__":
    main()
