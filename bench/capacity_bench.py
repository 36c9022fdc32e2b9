"""The capacity model's figures (docs/performance.md): what one Redis and some API processes can carry.

Four measurements, each on its own fresh Redis server and gunicorn servers (api/gunicorn_conf.py):

- ``scale``: full Pipifax moves per second with 1, 2 and 4 API processes (gunicorn workers) on one
  Redis, driven by bench/server_cpu_bench.py's keep-alive clients (two per worker), with server
  CPU per move;
- ``redis``: Redis commands and network bytes per move, from ``INFO commandstats`` and ``INFO
  stats`` deltas over a round of moves (rate limits counted, as deployed);
- ``memory``: ``MEMORY USAGE`` of an active match's keys in each game, just created and after
  ``--moves`` random legal moves (its lobby and referee index entries are measured apart);
- ``bots``: moves per second of many ``AsyncSeat.play`` bots in one asyncio process (the SDK's
  ``AsyncArena``), each match with two random bots on their seat streams.

    python -m bench.capacity_bench [--only scale,redis,memory,bots] [--seconds 4]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import resource
import statistics
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import orjson
import redis
from arena_sdk import AsyncArena

from api.store.redis_server import RedisServer
from bench.server_cpu_bench import JSON, Client, run_round
from bench.servers import GunicornServer, cpu_seconds

PREFIX = "arena"
#: Players per match in the memory figures: a two-player table of each game.
GAMES = {"pipifax": 2, "taiga": 2, "girafferaffe": 2, "pili-pili": 2}
#: Matches created to measure the lobby indexes' share per match (past the small-set encoding).
LOBBY_MATCHES = 1000


@contextmanager
def api_server(workers: int = 2, **env: str) -> Iterator[tuple[GunicornServer, RedisServer]]:
    """A fresh Redis server and the API on it under gunicorn."""
    with (
        tempfile.TemporaryDirectory() as data,
        RedisServer(Path(data)) as redis_server,
        GunicornServer(redis_server.url, workers=workers, **env) as server,
    ):
        yield server, redis_server


def redis_pid(redis_server: RedisServer) -> int:
    assert redis_server.process is not None
    return redis_server.process.pid


def scale(seconds: float, rounds: int) -> None:
    print("Throughput with 1, 2 and 4 API processes on one Redis (full Pipifax moves, limits counted)")
    for workers in (1, 2, 4):
        with api_server(workers) as (server, redis_server):
            clients = 2 * workers
            run_round(server, redis_pid(redis_server), "move", clients, 1.0)  # warm-up
            done = [run_round(server, redis_pid(redis_server), "move", clients, seconds) for _ in range(rounds)]
        rate = statistics.median(r.rate for r in done)
        cpu = statistics.median(r.cpu_per_request for r in done)
        app = statistics.median(r.app_cpu / r.seconds for r in done)
        rds = statistics.median(r.redis_cpu / r.seconds for r in done)
        print(
            f"  {workers} worker(s), {clients} clients: {rate:6.0f} moves/s (rounds {min(r.rate for r in done):.0f}-"
            f"{max(r.rate for r in done):.0f}), server CPU {cpu * 1e3:.3f} ms/move, API processes busy "
            f"{app:.2f} cores, Redis {rds:.2f} cores"
        )


def info_counts(client: redis.Redis) -> tuple[Counter[str], int, int]:
    """Calls per command so far, and the server's network input and output bytes."""
    stats: dict[str, Any] = client.info("commandstats")
    calls = Counter({name.removeprefix("cmdstat_"): int(value["calls"]) for name, value in stats.items()})
    net: dict[str, Any] = client.info("stats")
    return calls, int(net["total_net_input_bytes"]), int(net["total_net_output_bytes"])


def redis_per_move(seconds: float) -> None:
    print("Redis work per full Pipifax move (INFO deltas over one round; rate limits counted)")
    for label, env in (("limits counted", {}), ("limits off", {"ARENA_RATE_LIMITS": "off"})):
        with api_server(2, **env) as (server, redis_server):
            client = redis.Redis.from_url(redis_server.url)
            run_round(server, redis_pid(redis_server), "move", 2, 1.0)  # warm-up: scripts loaded
            calls_before, in_before, out_before = info_counts(client)
            done = run_round(server, redis_pid(redis_server), "move", 2, seconds)
            calls_after, in_after, out_after = info_counts(client)
        moves = done.requests + done.creates
        calls = calls_after - calls_before
        calls.pop("info", None)  # this benchmark's own
        per_move = ", ".join(f"{name} {count / moves:.2f}" for name, count in calls.most_common())
        print(
            f"  {label}: {sum(calls.values()) / moves:.2f} commands per move ({per_move}); "
            f"{(in_after - in_before) / moves:.0f} bytes in, {(out_after - out_before) / moves:.0f} bytes out "
            f"per move ({done.creates} of {moves} requests created matches)"
        )


def play_random(client: Client, match_id: str, tokens: list[str], moves: int, rng: random.Random) -> int:
    """Up to ``moves`` random legal moves (seat by seat, as the match asks); returns how many were made."""
    made = 0
    match = client.send("GET", f"/matches/{match_id}")
    while made < moves and match["status"] == "active":
        seat = match["to_act"][0]
        auth = {"Authorization": f"Bearer {tokens[seat]}"}
        query = f"sample=1&sample_seed={rng.randrange(2**62)}"
        page = client.send("GET", f"/matches/{match_id}/legal-actions?{query}", None, auth)
        headers = {**auth, "Content-Type": "application/json", "If-Match": str(page["version"])}
        match = client.send("POST", f"/matches/{match_id}/actions", orjson.dumps(page["actions"][0]), headers)
        made += 1
    return made


def match_bytes(client: redis.Redis, match_id: str) -> tuple[int, int]:
    """``MEMORY USAGE`` of a match's hash (snapshot, summary) and of its log."""
    usage: Callable[[str], int] = lambda key: int(client.memory_usage(key, samples=0) or 0)  # noqa: E731
    return usage(f"{PREFIX}:{{{match_id}}}:match"), usage(f"{PREFIX}:{{{match_id}}}:log")


def lobby_bytes(client: redis.Redis) -> int:
    """The memory of the lobby's index sets (every match is in four: all, its game, status, both)."""
    keys = client.scan_iter(match=f"{PREFIX}:{{lobby}}:*")
    return sum(int(client.memory_usage(key, samples=0) or 0) for key in keys)


def memory(moves: int, matches: int) -> None:
    print(f"Memory per active match (MEMORY USAGE; {matches} matches per game, {moves} random legal moves each)")
    rng = random.Random(7)
    for game, players in GAMES.items():
        with api_server(1, ARENA_RATE_LIMITS="off") as (server, redis_server):
            client, http = redis.Redis.from_url(redis_server.url), Client(server.url)
            fresh, played, per_move = [], [], []
            for _ in range(matches):
                created = http.send("POST", "/matches", orjson.dumps({"game": game, "players": players}), JSON)
                match_id = created["match"]["match_id"]
                fresh.append(sum(match_bytes(client, match_id)))
                made = play_random(http, match_id, [s["token"] for s in created["seats"]], moves, rng)
                snapshot, log = match_bytes(client, match_id)
                played.append((snapshot, log))
                if made:
                    per_move.append((snapshot + log - fresh[-1]) / made)
        snapshot_bytes = statistics.median(s for s, _ in played)
        log_bytes = statistics.median(lg for _, lg in played)
        print(
            f"  {game} ({players} players): {statistics.median(fresh) / 1024:.1f} KiB when created; after "
            f"{moves} moves {snapshot_bytes / 1024:.1f} KiB snapshot hash + {log_bytes / 1024:.1f} KiB log "
            f"(about {statistics.median(per_move) if per_move else 0:.0f} B per move)"
        )
    with api_server(1, ARENA_RATE_LIMITS="off") as (server, redis_server):
        client, http = redis.Redis.from_url(redis_server.url), Client(server.url)
        body = orjson.dumps({"game": "pipifax", "players": 2})
        for _ in range(LOBBY_MATCHES):
            http.send("POST", "/matches", body, JSON)
        print(f"  lobby index entries: {lobby_bytes(client) / LOBBY_MATCHES:.0f} B per match ({LOBBY_MATCHES} matches)")


async def bot_swarm(url: str, matches: int, seconds: float, server_pids: Callable[[], list[int]]) -> dict[str, float]:
    """``matches`` Pipifax matches, two random ``AsyncSeat.play`` bots each, measured over ``seconds``.

    The window opens once every bot has been playing for a second (streams connected). Returns the
    moves chosen, the wall seconds, this process's CPU seconds and the servers' (API and Redis).
    """
    chosen = 0

    def choose(view: Any, actions: list[Any]) -> Any:
        nonlocal chosen
        chosen += 1
        return random.choice(actions)

    def reading() -> dict[str, float]:
        return {
            "moves": chosen,
            "wall": time.perf_counter(),
            "cpu": time.process_time(),
            "server_cpu": sum(cpu_seconds(pid) for pid in server_pids()),
        }

    async with AsyncArena(url, timeout=30.0) as arena:
        created = await asyncio.gather(*(arena.create_match("pipifax", 2) for _ in range(matches)))
        seats = [arena.seat(c.match.match_id, s.token) for c in created for s in c.seats]
        tasks = [asyncio.create_task(seat.play(choose, max_actions=100)) for seat in seats]
        await asyncio.sleep(1.0)
        before = reading()
        await asyncio.sleep(seconds)  # the measured window: the bots play on their own meanwhile
        after = reading()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    return {name: after[name] - before[name] for name in after}


def bots(seconds: float) -> None:
    print("Moves per second of many bots in one process (AsyncArena, random Pipifax bots on seat streams)")
    for matches in (10, 50):
        with api_server(2) as (server, redis_server):
            pids = lambda: [*server.pids(), redis_pid(redis_server)]  # noqa: E731
            got = asyncio.run(bot_swarm(server.url, matches, seconds, pids))
        moves = max(got["moves"], 1)
        print(
            f"  {matches} matches ({2 * matches} bots): {got['moves'] / got['wall']:.0f} moves/s; bot process "
            f"{got['cpu'] / moves * 1e3:.2f} ms CPU per move ({got['cpu'] / got['wall']:.2f} cores), servers (API "
            f"and Redis) {got['server_cpu'] / moves * 1e3:.2f} ms per move ({got['server_cpu'] / got['wall']:.2f} "
            f"cores); peak RSS of the bot process {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MiB"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", default="scale,redis,memory,bots", help="which measurements, comma-separated")
    parser.add_argument("--seconds", type=float, default=4.0, help="length of each measured round")
    parser.add_argument("--rounds", type=int, default=3, help="rounds per worker count in `scale`")
    parser.add_argument("--moves", type=int, default=100, help="random moves per match in `memory`")
    parser.add_argument("--matches", type=int, default=5, help="matches per game in `memory`")
    args = parser.parse_args()
    chosen = set(args.only.split(","))
    if "scale" in chosen:
        scale(args.seconds, args.rounds)
    if "redis" in chosen:
        redis_per_move(args.seconds)
    if "memory" in chosen:
        memory(args.moves, args.matches)
    if "bots" in chosen:
        bots(args.seconds)


if __name__ == "__main__":
    main()
