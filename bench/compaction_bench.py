"""Compaction benchmark: what a finished match costs in Redis with its full log, and compacted.

Per game, a long match: the longest over a few fixed seeds, with the fewest and the most players the
game seats, every seat the random or every seat the greedy bot, played by the API's own code
(``create_match``, then ``settle`` as the referee does) into a real Redis, so its log is what a
server writes. When it ends its writer compacts it.
The full form is then put back as it was (the record replays to exactly the bytes of the log, which
compaction checked) to measure it: memory is ``MEMORY USAGE`` summed over all the match's keys.
Times: compacting (read the log, encode, replay to check, swap), and reading the whole log from the
list and from a record not yet replayed in this process (the first read after a restart; later
reads of the same record are served from the process's cache). Run on one core:

    python -m bench.compaction_bench [--seeds 2] [game ...]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path
from typing import cast

from api.settings import Settings
from api.store.matches import MatchStore
from api.store.redis_server import RedisServer
from api.usecases import wiring
from api.usecases.matches.creating import create_match
from api.usecases.matches.reading import load_table
from api.usecases.matches.writing import settle
from api.usecases.records import compact
from arena.records.codec import derive_log, unpack
from engine import all_games, get_game

#: Options that make the longest game of each game (the default otherwise).
OPTIONS: dict[str, dict[str, object]] = {"girafferaffe": {"mode": "standard"}}
#: The bots that play every seat of a candidate match.
BOTS = ("random", "greedy")
#: How often each read is timed.
READS = 5


def memory(store: MatchStore, match_id: str) -> int:
    """``MEMORY USAGE`` of every key of the match, summed."""
    keys = store.client.scan_iter(match=f"{store.settings.key_prefix}:{{{match_id}}}:*", count=1000)
    return sum(int(store.client.memory_usage(key, samples=0) or 0) for key in keys)


def play(store: MatchStore, game_id: str, players: int, bot: str, seed: int) -> str:
    """A match of ``game_id`` between ``bot`` bots, played to its end; its id."""
    body = {"game": game_id, "players": players, "options": OPTIONS.get(game_id, {}), "seed": seed}
    body["seats"] = [{"bot": bot} for _ in range(players)]
    ctx = wiring.context(store)
    answer = create_match(ctx, body, None)
    match_id: str = answer.body["match"]["match_id"]
    table = load_table(ctx, match_id)
    while not table.is_over:
        table = settle(ctx, table, steps=1_000_000, seconds=3600.0)
    return match_id


def uncompact(store: MatchStore, match_id: str) -> None:
    """Put the full log back in place of the record, as the match was stored before compaction."""
    key = store.keys.match(match_id)
    record = store.record(match_id)
    snapshot, summary = cast(list[bytes | None], store.client.hmget(key, "snapshot", "summary"))
    assert record is not None and snapshot is not None and summary is not None, "the match was not compacted"
    store.client.rpush(store.keys.log(match_id), *derive_log(record))
    store.client.pexpire(store.keys.log(match_id), store.client.pttl(key))
    store.client.hset(key, mapping={"snapshot": unpack(snapshot), "summary": unpack(summary)})
    store.client.delete(store.keys.record(match_id), store.keys.checkpoints(match_id))


def timed(action: object, repeat: int = READS) -> float:
    """The median seconds of ``action()`` over ``repeat`` calls."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()  # type: ignore[operator]
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def measure(store: MatchStore, game_id: str, seeds: int) -> str:
    info = get_game(game_id).info
    fewest = 2 if game_id in OPTIONS else info.min_players  # Girafferaffe's standard mode needs two
    counts = sorted({fewest, info.max_players})
    candidates = [
        play(store, game_id, players, bot, seed) for players in counts for bot in BOTS for seed in range(1, seeds + 1)
    ]
    ctx = wiring.context(store)
    versions = {match_id: load_table(ctx, match_id).version for match_id in candidates}
    match_id = max(candidates, key=versions.__getitem__)
    table = load_table(ctx, match_id)
    compacted = memory(store, match_id)
    record = store.record(match_id)
    assert record is not None

    def cold_read() -> None:
        derive_log.cache_clear()
        store.log(match_id)

    from_record = timed(cold_read)
    uncompact(store, match_id)
    full = memory(store, match_id)
    from_list = timed(lambda: store.log(match_id))
    start = time.perf_counter()
    assert compact(ctx, table)
    compacting = time.perf_counter() - start
    return (
        f"{game_id:12} {table.match.players} seats {table.version:5} versions: full {full / 1024:7.1f} KiB "
        f"({full / table.version:5.0f} B/version), compacted {compacted / 1024:5.1f} KiB "
        f"= {compacted / full:6.1%} of full (record {len(record) / 1024:.1f} KiB); "
        f"compacting {compacting * 1000:6.1f} ms; whole-log read {from_list * 1000:5.1f} ms from the list, "
        f"{from_record * 1000:5.1f} ms from the record ({from_record / from_list:.1f}x)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seeds", type=int, default=2, help="matches played per game; the longest is measured")
    parser.add_argument("games", nargs="*", default=[game.info.id for game in all_games()])
    args = parser.parse_args()
    with RedisServer(Path(tempfile.mkdtemp()), appendonly=False) as server:
        store = MatchStore.connect(Settings(redis_url=server.url, key_prefix="compaction-bench"))
        for game_id in args.games:
            print(measure(store, game_id, args.seeds), flush=True)


if __name__ == "__main__":
    main()
