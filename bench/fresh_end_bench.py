"""Fresh after the end: what a replay of a finished match's version costs right after its end, and how
soon the match is compacted while others play.

Each part starts its own Redis and the API under gunicorn (api/gunicorn_conf.py, 2 workers):

1. **Right after the end** (a quiet server, no referee): a 2-seat Pipifax match of random moves is
   brought to ``--long`` versions through the server's own write path (``commit``, version by
   version, as a move writes it), then a seat resigns over HTTP: the write that ends it. Then, over
   one keep-alive connection, ``GET /matches/{id}`` (the plain read, median of ``--repeats``) and
   ``GET /matches/{id}/versions/{v}`` for the last 65 versions (every offset from a checkpoint) and
   ``--spread`` versions over the match (median of ``--repeats`` reads each): first as the end left
   the match (no record keeper has run), then once the referee's record keeper has kept its record
   (``records.keep``, run here as the keeper runs it).
2. **While matches play** (the referee of ``arena serve`` running, ``python -m api.cli referee``):
   ``--matches`` client threads each play 2-seat Pipifax matches over a keep-alive connection
   (``GET .../legal-actions?sample=1``, then ``POST .../actions`` with ``If-Match``), one after
   another, each resigned at its length (``--lengths``, in turn). The end is when the resignation's
   answer arrived; a watcher looks every 10 ms for the match's record (written by the script that
   swaps the log for it, ``compact_match.lua``): end-to-compaction is the time between. Right after
   the end, the client reads the version farthest from a checkpoint and the match, once each.

Figures: milliseconds; ``p50``/``p99`` over what was measured::

    python -m bench.fresh_end_bench [--long 2001] [--matches 50] [--ends 200] [--lengths 100 300 1000]

Measured in one run under ``nice -n 10`` on the shared 2-core machine (part 2 scaled down with
``--ends 100 --lengths 100 300``; docs/performance.md, "Fresh after the end"): part 1, at its end a
version p50 1.80 ms, p99 6.31 ms, worst 6.38 ms against 4.76 ms for the plain read (1.3x at worst),
after the record keeper p50 1.77 ms, worst 5.83 ms; the snapshots kept while played 46 bytes per
version. Part 2, 150 matches ended in 71 s while 50 played: end to compaction p50 12 ms, p99 53 ms,
worst 78 ms; right after an end a version over the plain read p50 1.5x, p99 3.2x.
"""

from __future__ import annotations

import argparse
import http.client
import random
import statistics
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import redis

from api.settings import Settings
from api.store.matches import MatchStore
from api.store.redis_server import RedisServer
from api.usecases import records, wiring
from api.usecases.matches.reading import load_table
from api.usecases.matches.writing import commit
from arena.records.checkpoints import EVERY
from bench.servers import GunicornServer, RefereeProcess
from bench.waiters_bench import call, call_json, quantile
from engine.bots import choose_action
from tests.e2e.long_matches import long_seed

PREFIX = "fresh-bench"
#: Seconds a client waits for any one answer.
TIMEOUT = 60.0


def connect(server: GunicornServer) -> http.client.HTTPConnection:
    return http.client.HTTPConnection("127.0.0.1", server.port, timeout=TIMEOUT)


def timed_get(connection: http.client.HTTPConnection, path: str) -> float:
    """Seconds of one ``GET`` that must answer 200."""
    start = time.perf_counter()
    status, data = call(connection, "GET", path)
    seconds = time.perf_counter() - start
    if status != 200:
        raise RuntimeError(f"GET {path}: {status} {data[:300]!r}")
    return seconds


def farthest_from_checkpoint(last: int) -> int:
    """The version of a match ending at ``last`` whose replay takes the most steps from a checkpoint."""
    return last - (last - (EVERY - 1)) % EVERY if last >= EVERY else last


@contextmanager
def servers(referee: bool) -> Iterator[tuple[GunicornServer, MatchStore]]:
    """Redis, the API (2 workers) and, if ``referee``, a referee process, all with the bench's prefix."""
    with RedisServer(Path(tempfile.mkdtemp()), appendonly=False) as redis_server:
        store = MatchStore.connect(Settings(redis_url=redis_server.url, key_prefix=PREFIX))
        with GunicornServer(redis_server.url, ARENA_KEY_PREFIX=PREFIX) as server:
            if referee:
                with RefereeProcess(server):
                    yield server, store
            else:
                yield server, store


# --- 1. right after the end -------------------------------------------------------------------------


def long_finished_match(server: GunicornServer, store: MatchStore, length: int) -> str:
    """A 2-seat Pipifax match of random moves, written version by version in process up to ``length - 1``,
    then resigned over HTTP (the write that ends it); its id."""
    connection = connect(server)
    body = {"game": "pipifax", "players": 2, "seed": long_seed(length), "options": {"first_player": 0}}
    created = call_json(connection, "POST", "/matches", body)
    match_id: str = created["match"]["match_id"]
    ctx = wiring.context(store)
    table = load_table(ctx, match_id)
    while table.version < length - 1:
        seat = table.to_act[0]
        table = commit(ctx, table, table.act(seat, choose_action(table.match, seat, "random"), time.time()))
    token = created["seats"][0]["token"]
    call_json(connection, "POST", f"/matches/{match_id}/resign", headers={"Authorization": f"Bearer {token}"})
    connection.close()
    return match_id


def read_versions(
    server: GunicornServer, match_id: str, versions: Sequence[int], repeats: int
) -> tuple[float, list[float]]:
    """The plain read's median seconds, and each version's median seconds."""
    connection = connect(server)
    plain = statistics.median(timed_get(connection, f"/matches/{match_id}") for _ in range(repeats))
    each = [
        statistics.median(timed_get(connection, f"/matches/{match_id}/versions/{v}") for _ in range(repeats))
        for v in versions
    ]
    connection.close()
    return plain, each


def right_after_the_end(length: int, repeats: int, spread: int) -> None:
    print(f"1. Right after the end: a {length}-version Pipifax match, no referee running (ms)")
    print(
        f"   {'when':28} {'GET match':>9} {'version p50':>11} {'p99':>8} {'worst':>8} {'p50/GET':>8} {'worst/GET':>9}"
    )
    with servers(referee=False) as (server, store):
        match_id = long_finished_match(server, store, length)
        last = length
        near_end = range(max(0, last - 2 * EVERY), last + 1)
        versions = sorted({*near_end, *(last * i // spread for i in range(spread + 1))})
        kept = store.client.exists(store.keys.record(match_id))
        played = int(store.client.memory_usage(store.keys.checkpoints(match_id), samples=0) or 0)
        logged = int(store.client.memory_usage(store.keys.log(match_id), samples=0) or 0)
        for when in ("at its end (nothing kept)", "after the record keeper"):
            if when.startswith("after"):
                assert records.keep(wiring.context(store), match_id), "the match's record was not kept"
            plain, each = read_versions(server, match_id, versions, repeats)
            print(
                f"   {when:28} {plain * 1e3:9.2f} {statistics.median(each) * 1e3:11.2f} "
                f"{quantile(each, 99) * 1e3:8.2f} {max(each) * 1e3:8.2f} "
                f"{statistics.median(each) / plain:7.1f}x {max(each) / plain:8.1f}x",
                flush=True,
            )
        print(f"   (record kept by the ending write itself: {'yes' if kept else 'no'})")
        print(
            f"   at its end: checkpoints kept while played {played / 1024:.1f} KiB ({played / length:.0f} B/version) "
            f"beside its log's {logged / 1024:.1f} KiB ({logged / length:.0f} B/version)"
        )


# --- 2. while matches play ----------------------------------------------------------------------------


class Ends:
    """The matches that ended, when, and when the watcher saw each compacted."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.ended: dict[str, float] = {}
        self.compacted: dict[str, float] = {}
        self.replays: list[tuple[float, float]] = []  # (version read, plain read) seconds, right after an end

    def end(self, match_id: str, at: float) -> None:
        with self.lock:
            self.ended[match_id] = at

    def waiting(self) -> list[str]:
        with self.lock:
            return [m for m in self.ended if m not in self.compacted]

    def saw_compacted(self, match_id: str, at: float) -> None:
        with self.lock:
            self.compacted[match_id] = at

    def delays(self) -> list[float]:
        with self.lock:
            return [self.compacted[m] - at for m, at in self.ended.items() if m in self.compacted]


def watch(store: MatchStore, ends: Ends, stop: threading.Event) -> None:
    """Every 10 ms: which ended matches have their record now (the compaction script writes it)."""
    client = redis.Redis.from_url(store.settings.redis_url)
    while not stop.is_set():
        waiting = ends.waiting()
        if waiting:
            with client.pipeline(transaction=False) as pipe:
                for match_id in waiting:
                    pipe.exists(store.keys.record(match_id))
                found = pipe.execute()
            now = time.time()
            for match_id, exists in zip(waiting, found, strict=True):
                if exists:
                    ends.saw_compacted(match_id, now)
        time.sleep(0.01)


def play_one(connection: http.client.HTTPConnection, length: int, rng: random.Random, ends: Ends) -> None:
    """Create a 2-seat Pipifax match, play random moves to ``length`` versions, resign it; then read a
    version and the match right after its end."""
    created = call_json(connection, "POST", "/matches", {"game": "pipifax", "players": 2, "seed": rng.randrange(2**31)})
    match_id = created["match"]["match_id"]
    tokens = [seat["token"] for seat in created["seats"]]
    match = created["match"]
    while match["status"] == "active" and match["version"] < length - 1:
        seat = match["to_act"][0]
        auth = {"Authorization": f"Bearer {tokens[seat]}"}
        page = call_json(
            connection,
            "GET",
            f"/matches/{match_id}/legal-actions?sample=1&sample_seed={rng.randrange(2**62)}",
            None,
            auth,
        )
        headers = {**auth, "If-Match": str(page["version"])}
        answer = call_json(connection, "POST", f"/matches/{match_id}/actions", page["actions"][0], headers)
        match = {"status": answer["status"], "version": answer["version"], "to_act": answer["to_act"]}
    if match["status"] == "active":
        auth = {"Authorization": f"Bearer {tokens[0]}"}
        answer = call_json(connection, "POST", f"/matches/{match_id}/resign", headers=auth)
        last = match["version"] + 1
    else:
        last = match["version"]
    ends.end(match_id, time.time())
    version = timed_get(connection, f"/matches/{match_id}/versions/{farthest_from_checkpoint(last)}")
    plain = timed_get(connection, f"/matches/{match_id}")
    with ends.lock:
        ends.replays.append((version, plain))


def while_matches_play(matches: int, wanted: int, lengths: Sequence[int], patience: float) -> None:
    print(
        f"2. While {matches} matches play (2-seat Pipifax, resigned at {', '.join(map(str, lengths))} versions "
        "in turn; "
        f"the referee of arena serve running)"
    )
    with servers(referee=True) as (server, store):
        ends = Ends()
        stop, watched = threading.Event(), threading.Event()
        watcher = threading.Thread(target=watch, args=(store, ends, watched), daemon=True)
        watcher.start()
        failures: list[BaseException] = []

        def player(slot: int) -> None:
            rng = random.Random(slot)
            connection = connect(server)
            turn = slot
            try:
                while not stop.is_set():
                    play_one(connection, lengths[turn % len(lengths)], rng, ends)
                    turn += 1
            except BaseException as failure:  # reported after the run
                failures.append(failure)
                stop.set()
            finally:
                connection.close()

        started = time.monotonic()
        players = [threading.Thread(target=player, args=(slot,), daemon=True) for slot in range(matches)]
        for thread in players:
            thread.start()
        while len(ends.ended) < wanted and not stop.is_set():
            time.sleep(0.5)
        stop.set()
        for thread in players:
            thread.join(timeout=TIMEOUT)
        deadline = time.monotonic() + patience  # the last matches' compaction, once nobody plays
        while ends.waiting() and time.monotonic() < deadline:
            time.sleep(0.1)
        watched.set()
        watcher.join()
        if failures:
            raise RuntimeError("a player failed") from failures[0]
        report(ends, time.monotonic() - started)


def report(ends: Ends, seconds: float) -> None:
    delays = sorted(ends.delays())
    missing = len(ends.waiting())
    print(
        f"   {len(ends.ended)} matches ended in {seconds:.0f} s; end to compaction: "
        f"p50 {statistics.median(delays) * 1e3:.0f} ms, "
        f"p99 {quantile(delays, 99) * 1e3:.0f} ms, worst {delays[-1] * 1e3:.0f} ms"
        + (f"; {missing} not compacted by the end of the run" if missing else "")
    )
    versions = [v for v, _ in ends.replays]
    plains = [p for _, p in ends.replays]
    ratios = [v / p for v, p in ends.replays]
    print(
        f"   right after the end: a version p50 {statistics.median(versions) * 1e3:.1f} ms, p99 "
        f"{quantile(versions, 99) * 1e3:.1f} ms; GET match p50 {statistics.median(plains) * 1e3:.1f} ms, p99 "
        f"{quantile(plains, 99) * 1e3:.1f} ms; version / GET match p50 {statistics.median(ratios):.1f}x, "
        f"p99 {quantile(ratios, 99):.1f}x",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--long", type=int, default=2001, help="versions of the match read right after its end")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--spread", type=int, default=10, help="versions read evenly over the long match")
    parser.add_argument("--matches", type=int, default=50, help="matches playing at once in part 2")
    parser.add_argument("--ends", type=int, default=200, help="matches that end in part 2")
    parser.add_argument("--lengths", type=int, nargs="+", default=[100, 300, 1000])
    parser.add_argument("--patience", type=float, default=120.0, help="seconds to wait for the last compactions")
    parser.add_argument("--parts", type=int, nargs="+", default=[1, 2], choices=[1, 2])
    args = parser.parse_args()
    parts: dict[int, Callable[[], None]] = {
        1: lambda: right_after_the_end(args.long, args.repeats, args.spread),
        2: lambda: while_matches_play(args.matches, args.ends, args.lengths, args.patience),
    }
    for part in args.parts:
        parts[part]()


if __name__ == "__main__":
    main()
