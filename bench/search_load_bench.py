"""A player's moves while the server's search bots think: SDK seat latency with and without search matches.

Starts Redis, the API under gunicorn and a referee (with its thinker processes, as ``arena serve``
runs them: ``ARENA_THINKERS``, by default one per core, or ``--thinkers``), then measures the wall
time of each move an SDK seat makes (``Seat.act``: the request, and the server playing the greedy
bot's reply in it) in Taiga matches against the greedy bot, in windows without and with search
matches playing meanwhile, alternating so that a shared machine's changing load weighs on both alike.
The search matches are ``--matches`` bot-only matches of ``search-3`` against ``search-3`` (every
game in turn; aborted at the window's end), and ``--players`` SDK players each playing against
``search-3`` (every game in turn, a new match when one ends), who time how long each of their moves
takes to be answered: from the move's answer until the seat may act again (the search bot's whole
reply, the referee's thinkers making its decisions) or the match is over. With players, each round
has a third window: the same players against ``greedy``, each waiting after every answer as long as
one of the replies from ``search-3`` measured so far, so the API serves the same players' traffic at
the same pace with no search anywhere: what the search itself costs the other matches.

It prints the median, 90th and 99th percentile and the largest move of each kind of window, the
replies the players waited for, the search decisions made meanwhile, and the CPU the API workers and
the referee's processes spent (from /proc). ``--niceness`` sets the thinkers' priority
(``ARENA_THINKER_NICENESS``; 0 to see what a search at the API's priority costs). The search bots
never run in a request (``settle`` leaves them to the referee's thinkers, which run at a lower
priority), so a seat's moves should take about as long as without them. Run:

    python -m bench.search_load_bench [--matches 50] [--players 0] [--seconds 20] [--rounds 3] [--niceness 19]
    python -m bench.search_load_bench --matches 0 --players 4      # four matches against search-3 at once
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import tempfile
import threading
import time
from collections.abc import Sequence
from pathlib import Path

from arena_sdk import Arena

from api.store.redis_server import RedisServer
from bench.search_cost_bench import percentile
from bench.servers import GunicornServer, RefereeProcess, child_pids, cpu_seconds

#: The games the search matches cycle through.
GAMES = ("pili-pili", "taiga", "girafferaffe", "pipifax")


def seat_moves(arena: Arena, moves: int, seed: int, seconds: float = math.inf) -> list[float]:
    """The wall seconds of each move of an SDK seat against the greedy bot (Taiga): ``moves`` of them,
    or as many as it makes in ``seconds``."""
    times: list[float] = []
    stop = time.monotonic() + seconds
    while len(times) < moves and time.monotonic() < stop:
        created = arena.create_match("taiga", 2, seed=seed, seats=[{"name": "sdk"}, {"bot": "greedy"}])
        seed += 1
        seat = arena.seat(created.match.match_id, created.seats[0].token)
        while len(times) < moves and time.monotonic() < stop:
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
        f"{name:24} {len(ms):6} {statistics.median(ms):8.1f} {percentile(ms, 0.9):8.1f} "
        f"{percentile(ms, 0.99):8.1f} {max(ms):8.1f}"
    )


def processes_cpu(pids: Sequence[int]) -> float:
    return sum(cpu_seconds(pid) for pid in pids)


def start_search_matches(arena: Arena, count: int, seed: int) -> list[tuple[str, str]]:
    """Create ``count`` bot-only matches of search-3 against search-3 (the games in turn): their ids and
    host tokens."""
    made = []
    for number in range(count):
        game = GAMES[number % len(GAMES)]
        created = arena.create_match(game, 2, seed=seed + number, seats=[{"bot": "search-3"}, {"bot": "search-3"}])
        made.append((created.match.match_id, created.host_token))
    return made


class SearchPlayers:
    """``count`` SDK players, each in a thread playing match after match against ``bot`` (the games in
    turn) with random legal moves until stopped, timing how long each move takes to be answered.

    With ``pauses`` (seconds), each player waits after every answer as long as one of them, drawn at
    random: players against ``greedy`` (whose reply the move's request plays) pacing their moves like
    players against ``search-3``, so that the API serves the same players' traffic without the search.
    """

    def __init__(
        self, arena: Arena, count: int, seed: int, bot: str = "search-3", pauses: Sequence[float] = ()
    ) -> None:
        self.arena = arena
        self.count = count
        self.seed = seed
        self.bot = bot
        self.pauses = list(pauses)
        self.replies: list[float] = []
        self.stop = threading.Event()
        self.threads = [threading.Thread(target=self.play, args=(number,), daemon=True) for number in range(count)]

    def __enter__(self) -> SearchPlayers:
        for thread in self.threads:
            thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        for thread in self.threads:
            thread.join(timeout=120)

    def play(self, number: int) -> None:
        rng = random.Random(f"player/{self.seed}/{number}")
        game_number = number
        while not self.stop.is_set():
            game = GAMES[game_number % len(GAMES)]
            game_number += self.count
            created = self.arena.create_match(
                game, 2, seed=rng.getrandbits(32), seats=[{"name": "player"}, {"bot": self.bot}]
            )
            seat = self.arena.seat(created.match.match_id, created.seats[0].token)
            while not self.stop.is_set() and seat.wait_for_turn(timeout=600):
                action = seat.sample_actions(k=1, seed=rng.getrandbits(32))[0]
                seat.act(action)
                answered = time.perf_counter()
                seat.wait_for_turn(timeout=600)
                self.replies.append(time.perf_counter() - answered)
                if self.pauses:
                    self.stop.wait(rng.choice(self.pauses))
            if seat.view().status.value == "active":
                self.arena.abort(created.match.match_id, created.host_token)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=50, help="bot-only search-3 matches playing meanwhile")
    parser.add_argument("--players", type=int, default=0, help="SDK players against search-3 meanwhile")
    parser.add_argument("--thinkers", type=int, default=None, help="ARENA_THINKERS (default: the server's own)")
    parser.add_argument("--seconds", type=float, default=20.0, help="length of each window")
    parser.add_argument("--niceness", type=int, default=19, help="the thinkers' ARENA_THINKER_NICENESS")
    parser.add_argument("--rounds", type=int, default=3, help="pairs of windows, without and with the search matches")
    args = parser.parse_args(argv)
    with (
        tempfile.TemporaryDirectory() as data,
        RedisServer(Path(data)) as redis_server,
        GunicornServer(redis_server.url, workers=2, **server_env(args)) as server,
        RefereeProcess(server) as referee,
    ):
        assert referee.process is not None
        arena = Arena(server.url, timeout=60.0)
        seat_moves(arena, 20, seed=1)  # warm up the workers
        without: list[float] = []
        during: list[float] = []
        paced: list[float] = []  # the players against greedy, paced like their replies from search-3
        replies: list[float] = []
        decided = 0
        busy = thinking = api_cpu = 0.0
        workers = server.pids()[1:]
        for number in range(args.rounds):
            without += seat_moves(arena, 10**9, seed=1000 * number + 100, seconds=args.seconds)
            searching = start_search_matches(arena, args.matches, seed=1000 * number)
            with SearchPlayers(arena, args.players, seed=1000 * number) as players:
                time.sleep(2.0)  # the thinkers start on the first decisions
                thinkers = [referee.process.pid, *child_pids(referee.process.pid)]
                versions = sum(arena.match(match_id).version for match_id, _ in searching)
                cpu_before, api_before, started = processes_cpu(thinkers), processes_cpu(workers), time.monotonic()
                during += seat_moves(arena, 10**9, seed=1000 * number + 500, seconds=args.seconds)
                busy += time.monotonic() - started
                thinking += processes_cpu(thinkers) - cpu_before
                api_cpu += processes_cpu(workers) - api_before
                decided += sum(arena.match(match_id).version for match_id, _ in searching) - versions
            replies += players.replies
            for match_id, host_token in searching:
                if arena.match(match_id).status == "active":
                    arena.abort(match_id, host_token)
            if args.players and replies:
                with SearchPlayers(arena, args.players, seed=1000 * number, bot="greedy", pauses=replies):
                    time.sleep(2.0)
                    paced += seat_moves(arena, 10**9, seed=1000 * number + 700, seconds=args.seconds)
            print(f"round {number + 1} of {args.rounds} done", flush=True)
        print(f"\n{'window':24} {'moves':>6} {'median':>8} {'p90':>8} {'p99':>8} {'max':>8}   (ms per move, wall)")
        print(line("without search", without))
        if paced:
            print(line(f"{args.players} vs greedy, paced", paced))
        print(line(window_name(args), during))
        if replies:
            print(line(f"replies of search-3 to {args.players}", replies) + "   (ms from a move's answer to the turn)")
        print(
            f"\nWhile the search matches played ({busy:.0f} s): {decided} moves of bot-only matches and "
            f"{len(replies)} replies to the players, "
            f"the referee and its thinker used {thinking:.1f} s of CPU ({thinking / busy:.0%} of a core); "
            f"the API workers {1000 * api_cpu / len(during):.1f} ms of CPU per move."
        )
        ratio = percentile(during, 0.99) / percentile(without, 0.99)
        print(f"p99 of a move with the search matches against without: {ratio:.2f}x")
        if paced:
            ratio = percentile(during, 0.99) / percentile(paced, 0.99)
            print(
                f"p99 of a move with the search matches against the same players' traffic without search "
                f"(against greedy, paced like search-3's replies): {ratio:.2f}x"
            )


def server_env(args: argparse.Namespace) -> dict[str, str]:
    """The server's settings the bench's arguments set: the thinkers' niceness, and their number if given."""
    env = {"ARENA_THINKER_NICENESS": str(args.niceness)}
    if args.thinkers is not None:
        env["ARENA_THINKERS"] = str(args.thinkers)
    return env


def window_name(args: argparse.Namespace) -> str:
    parts = [f"{args.matches} search-3 matches"] if args.matches else []
    if args.players:
        parts.append(f"{args.players} vs search-3")
    return ", ".join(parts) or "no search"


if __name__ == "__main__":
    main()
