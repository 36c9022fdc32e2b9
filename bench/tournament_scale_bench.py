"""Tournament scale: a Swiss of 1,000 entrants (server bots, and a few named programs) on a real Redis.

The tournament is driven in this process by the referee's own functions (bots' turns, the sweep of
tournaments, the listener that records a match as it ends), as ``arena referee`` does, and the
named entrants' programs are played by this loop (a random legal action as soon as a seat must
act), so every figure is the server's own work:

- seconds per recorded outcome: the time spent in the director (``advance``: noticing ended
  matches, recording their outcomes in the standings, pairing the next Swiss round, starting and
  creating matches), over the outcomes it recorded: wall time, the API process's CPU and Redis's
  CPU meanwhile (from /proc); and the director's calls per outcome;
- bytes of the tournament's keys (``MEMORY USAGE`` of each), at the end;
- ``next`` wake-ups per outcome: the publications on the named entrants' channels (each wakes the
  waiters of that entrant only), against what one channel for the whole tournament would wake
  (every write, times every named entrant waiting);
- the size of ``GET /tournaments/{id}`` (a page of entrants and standings) and its time.

    python -m bench.tournament_scale_bench [--entrants 1000] [--rounds 2] [--named 10] [--game taiga]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import redis

from api.http.app import create_app
from api.settings import Settings
from api.store.errors import StaleVersion
from api.store.matches import MatchStore
from api.store.redis_server import RedisServer
from api.usecases import wiring
from api.usecases.context import Context
from api.usecases.matches.reading import load_table
from api.usecases.matches.writing import commit, settle
from api.usecases.tournaments import commands, director, entrants
from api.usecases.tournaments.writing import load
from api.workers.referee.runner import Referee
from api.workers.referee.thinker import Thinker
from arena.tournaments.matches import slot_of
from bench.servers import cpu_seconds
from engine.bots import choose_action
from tests.live_server import UNREACHED_RATE_LIMITS

#: The modules whose functions call the director's ``advance``.
MODULES_CALLING_ADVANCE = (director, commands, entrants)


class DirectorClock:
    """Times every call of the director (``director.advance``), wherever it comes from: wall time, this
    thread's CPU, and the Redis server's CPU meanwhile (nothing else uses it while the director runs)."""

    def __init__(self, redis_pid: int) -> None:
        self.redis_pid = redis_pid
        self.seconds = 0.0
        self.cpu = 0.0
        self.redis_cpu = 0.0
        self.calls = 0
        self._advance: Callable[..., Any] = director.advance

    def __enter__(self) -> DirectorClock:
        original = self._advance

        def timed(*args: Any, **kwargs: Any) -> Any:
            started, cpu, redis_cpu = time.perf_counter(), time.thread_time(), cpu_seconds(self.redis_pid)
            try:
                return original(*args, **kwargs)
            finally:
                self.seconds += time.perf_counter() - started
                self.cpu += time.thread_time() - cpu
                self.redis_cpu += cpu_seconds(self.redis_pid) - redis_cpu
                self.calls += 1

        for module in MODULES_CALLING_ADVANCE:  # each looks it up by its own name
            module.advance = timed  # type: ignore[attr-defined]
        return self

    def __exit__(self, *_: object) -> None:
        for module in MODULES_CALLING_ADVANCE:
            module.advance = self._advance  # type: ignore[attr-defined]


class Publications:
    """Counts the publications on a tournament's channels (a pattern subscription of its own)."""

    def __init__(self, url: str, pattern: str) -> None:
        self.count = 0
        self._pubsub = redis.Redis.from_url(url).pubsub(ignore_subscribe_messages=True)
        self._pubsub.psubscribe(pattern)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._listen, daemon=True)
        self._thread.start()

    def _listen(self) -> None:
        while not self._stop.is_set():
            if self._pubsub.get_message(timeout=0.1) is not None:
                self.count += 1

    def close(self) -> None:
        time.sleep(0.5)  # the last publications reach the listener
        self._stop.set()
        self._thread.join()
        self._pubsub.close()


def play_named(ctx: Context, tournament_id: str, tokens: list[str]) -> int:
    """One random legal action for each named entrant whose seat must act now; how many were taken."""
    tstore = ctx.tournaments
    tournament = load(ctx, tournament_id)
    taken = 0
    for entrant in range(len(tokens)):
        index = tournament.next_for(entrant)
        if index is None:
            continue
        found = tstore.secrets(tournament_id, [slot_of(tournament, index)])
        if not found:
            continue
        secrets = next(iter(found.values()))
        seat = tournament.seat_of(index, entrant)
        table = load_table(ctx, secrets["match_id"])
        if table.is_over or seat not in table.to_act:
            continue
        action = choose_action(table.match, seat, "random")  # the program's choice: random, as the bot's
        try:
            settle(ctx, commit(ctx, table, table.act(seat, action, time.time())))
            taken += 1
        except StaleVersion:
            continue
    return taken


def run(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as scratch, RedisServer(Path(scratch) / "redis") as redis_server:
        settings = Settings(redis_url=redis_server.url, key_prefix="bench", rate_limits=UNREACHED_RATE_LIMITS)
        app = create_app(settings)
        client = app.test_client()
        store = MatchStore.connect(settings)
        ctx = wiring.context(store)
        named = [{"name": f"program-{i:03d}"} for i in range(args.named)]
        bots = [{"name": f"bot-{i:04d}", "bot": "random"} for i in range(args.entrants - args.named)]
        body = {
            "game": args.game,
            "options": {},
            "players_per_match": 2,
            "format": "swiss",
            "rounds": args.rounds,
            "games_per_pairing": 1,
            "duplicate": False,
            "max_illegal": 10,
            "seed": 7,
            "time_control": {"per_action": 600.0, "on_timeout": "forfeit", "first_decision": 30.0},
            "entrants": [*named, *bots],
            "start": True,
        }
        started = time.perf_counter()
        assert redis_server.process is not None
        with DirectorClock(redis_server.process.pid) as clock:
            created = commands.create(ctx, body)
            tournament_id = created["tournament"]["tournament_id"]
            tokens = [entrant["token"] for entrant in created["entrants"]]
            first_version = load(ctx, tournament_id).version
            listener = Publications(redis_server.url, f"bench:{{t:{tournament_id}:e*}}:notify")
            referee = Referee(ctx, thinker=Thinker(0))
            while True:
                while referee.run_due(now=time.time()):  # bots' turns (deadlines are far off)
                    pass
                acted = play_named(ctx, tournament_id, tokens)
                if not acted:
                    director.sweep(ctx)
                    if not load(ctx, tournament_id).under_way:
                        break
            listener.close()
        elapsed = time.perf_counter() - started
        tournament = load(ctx, tournament_id)
        outcomes = tournament.recorded
        writes = tournament.version - first_version
        sizes = [len(client.get(f"/tournaments/{tournament_id}").get_data()) for _ in range(3)]
        timings = []
        for _ in range(20):
            moment = time.perf_counter()
            client.get(f"/tournaments/{tournament_id}")
            timings.append(time.perf_counter() - moment)
        key_bytes = {
            key.rsplit(":", 1)[-1]: int(store.client.memory_usage(key) or 0)
            for key in ctx.tournaments.keys.tournament_keys(tournament_id)
        }
    print(
        f"tournament scale ({args.game} Swiss, {args.entrants} entrants of which {args.named} named, "
        f"{args.rounds} rounds: {outcomes} outcomes, {tournament.progress()['replayed']} replayed)"
    )
    print(f"  wall time: {elapsed:.1f} s (bots' play included)")
    print(
        f"  director per recorded outcome: {1000 * clock.seconds / outcomes:.2f} ms wall, "
        f"{1000 * clock.cpu / outcomes:.2f} ms CPU in the API process, {1000 * clock.redis_cpu / outcomes:.2f} ms "
        f"CPU in Redis ({clock.calls} calls, {clock.calls / outcomes:.2f} per outcome)"
    )
    print(
        f"  tournament keys: {sum(key_bytes.values()) / 1024:.0f} KiB in all; "
        + ", ".join(f"{name} {size / 1024:.1f} KiB" for name, size in key_bytes.items() if size)
    )
    print(
        f"  next wake-ups: {listener.count} publications on entrants' channels, {listener.count / outcomes:.3f} "
        f"per outcome; one channel for the tournament would have woken {writes} writes x {args.named} waiters "
        f"= {writes * args.named / outcomes:.1f} per outcome"
    )
    print(
        f"  GET /tournaments/{{id}}: {max(sizes) / 1024:.1f} KiB, {1000 * statistics.median(timings):.1f} ms "
        f"(median of {len(timings)})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--entrants", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--named", type=int, default=10, help="entrants played by this loop, with tokens")
    parser.add_argument("--game", default="girafferaffe", help="the game (its random bots end a match in ~8 moves)")
    run(parser.parse_args())


if __name__ == "__main__":
    main()
