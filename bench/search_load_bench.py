"""A player's moves while the server's search bots think: SDK seat latency with and without 50 search matches.

Starts Redis, the API under gunicorn and a referee (with its thinker process, as ``arena serve``
runs them), then measures the wall time of each move an SDK seat makes (``Seat.act``: the request,
and the server playing the greedy bot's reply in it) in Taiga matches against the greedy bot, in
three windows: before, while ``--matches`` bot-only matches of ``search-3`` against ``search-3``
play (every game in turn), and after they are aborted. It prints the median, 90th and 99th
percentile and the largest move of each window, the search decisions the thinker made meanwhile,
and the CPU the API workers and the referee's processes spent (from /proc). The search bots never
run in a request (``settle`` leaves them to the referee's thinker, which runs at a lower priority),
so a seat's moves should take about as long as without them. Run:

    python -m bench.search_load_bench [--matches 50] [--moves 300]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from arena_sdk import Arena

from api.redis_server import RedisServer
from bench.search_cost_bench import percentile
from bench.servers import GunicornServer, RefereeProcess, child_pids, cpu_seconds

#: The games the search matches cycle through.
GAMES = ("pili-pili", "taiga", "girafferaffe", "pipifax")


def seat_moves(arena: Arena, moves: int, seed: int) -> list[float]:
    """The wall seconds of each of ``moves`` moves of an SDK seat against the greedy bot (Taiga)."""
    times: list[float] = []
    while len(times) < moves:
        created = arena.create_match("taiga", 2, seed=seed, seats=[{"name": "sdk"}, {"bot": "greedy"}])
        seed += 1
        seat = arena.seat(created.match.match_id, created.seats[0].token)
        while len(times) < moves:
            view = seat.view()
            if view.status != "active":
                break
            if 0 not in view.to_act:
                continue  # the greedy bot's reply is played in the move's request: never the case
            action = seat.legal_actions(limit=1)[0]
            started = time.perf_counter()
            seat.act(action)
            times.append(time.perf_counter() - started)
    return times


def line(name: str, times: Sequence[float]) -> str:
    ms = [1000 * t for t in times]
    return (
        f"{name:22} {len(ms):6} {statistics.median(ms):8.1f} {percentile(ms, 0.9):8.1f} "
        f"{percentile(ms, 0.99):8.1f} {max(ms):8.1f}"
    )


def processes_cpu(pids: Sequence[int]) -> float:
    return sum(cpu_seconds(pid) for pid in pids)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=50, help="search-3 matches playing meanwhile")
    parser.add_argument("--moves", type=int, default=300, help="moves of the SDK seat per window")
    args = parser.parse_args(argv)
    with (
        tempfile.TemporaryDirectory() as data,
        RedisServer(Path(data)) as redis_server,
        GunicornServer(redis_server.url, workers=2) as server,
        RefereeProcess(server) as referee,
    ):
        assert referee.process is not None
        arena = Arena(server.url, timeout=60.0)
        seat_moves(arena, 20, seed=1)  # warm up the workers
        print(f"{'window':22} {'moves':>6} {'median':>8} {'p90':>8} {'p99':>8} {'max':>8}   (ms per move)")
        before = seat_moves(arena, args.moves, seed=100)
        print(line("without search", before), flush=True)

        searching = []
        for number in range(args.matches):
            game = GAMES[number % len(GAMES)]
            seats = [{"bot": "search-3"}, {"bot": "search-3"}]
            created = arena.create_match(game, 2, seed=number, seats=seats)
            searching.append((created.match.match_id, created.host_token))
        time.sleep(2.0)  # let the thinker start its first decisions (the window is long beside this)
        versions = sum(arena.match(match_id).version for match_id, _ in searching)
        workers = server.pids()[1:]
        thinkers = [referee.process.pid, *child_pids(referee.process.pid)]
        api_cpu, referee_cpu, started = processes_cpu(workers), processes_cpu(thinkers), time.monotonic()
        during = seat_moves(arena, args.moves, seed=200)
        elapsed = time.monotonic() - started
        api_cpu, referee_cpu = processes_cpu(workers) - api_cpu, processes_cpu(thinkers) - referee_cpu
        decided = sum(arena.match(match_id).version for match_id, _ in searching) - versions
        print(line(f"{args.matches} search matches", during), flush=True)

        for match_id, host_token in searching:
            if arena.match(match_id).status == "active":
                arena.abort(match_id, host_token)
        after = seat_moves(arena, args.moves, seed=300)
        print(line("after them", after))
        print(
            f"\nWhile the search matches played ({elapsed:.0f} s): {decided} search moves "
            f"({decided / elapsed:.1f}/s), referee and thinker CPU {referee_cpu:.1f} s "
            f"({referee_cpu / elapsed:.0%} of a core), API workers {1000 * api_cpu / len(during):.1f} ms CPU per move."
        )
        ratio = percentile(during, 0.99) / percentile([*before, *after], 0.99)
        print(f"p99 of a move with the search matches against without: {ratio:.2f}x")


if __name__ == "__main__":
    main()
