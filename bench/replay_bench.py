"""Replay benchmark: the time of ``GET /matches/{id}/versions/{v}`` as matches grow, with checkpoints and without.

Starts Redis and the app in process (Flask's test client, so HTTP parsing is left out of both
sides). Per length (100, 1,000 and 10,000 versions by default) it plays one 2-seat Pipifax match by
the random bot's moves, each written through the server's own write path (``service.commit``), and
ends it with a resignation at that length; the write that ends it compacts it and keeps its
checkpoints (``arena/records/checkpoints.py``). Versions read: the last ``2 * EVERY + 1`` (two whole
chunks, so the worst offset from a checkpoint is met) and an even spread over the match.

- ``after``: each version read through its checkpoint (median of ``--repeats`` reads per version);
- ``before``: the same versions once the checkpoints are deleted, as a match compacted before there
  were any: a replay from the seed through the log (the log derived from the record once, then taken
  from the process's cache, as when a reader steps through a replay);
- ``GET match``: ``GET /matches/{id}`` of the same match, the baseline of an ordinary read.

Figures are milliseconds per version read, the median and the worst over the versions read:

    python -m bench.replay_bench [--lengths 100 1000 10000] [--repeats 3] [--spread 20]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from flask.testing import FlaskClient

from api.http.app import create_app
from api.http.extensions import CONTEXT_KEY
from api.settings import Settings
from api.store.redis_server import RedisServer
from api.usecases.context import Context
from api.usecases.matches.reading import load_table
from api.usecases.matches.writing import commit
from arena.records import checkpoints
from arena.records.codec import derive_log
from engine.bots import choose_action

SEATS = [{"name": "ann"}, {"name": "bob"}]


def finished_match(ctx: Context, client: FlaskClient, length: int, seed: int) -> str | None:
    """A Pipifax match of random moves resigned at version ``length``; its id, or ``None`` if it ended sooner."""
    body = {"game": "pipifax", "players": 2, "seats": SEATS, "seed": seed, "options": {"first_player": 0}}
    match_id: str = client.post("/matches", json=body).get_json()["match"]["match_id"]
    table = load_table(ctx, match_id)
    while table.version < length - 1:
        if table.is_over:
            return None
        seat = table.to_act[0]
        table = commit(ctx, table, table.act(seat, choose_action(table.match, seat, "random"), time.time()))
    commit(ctx, table, table.resign(0, time.time()))
    return match_id


def long_match(ctx: Context, client: FlaskClient, length: int) -> str:
    """The first seed's match that lasts ``length`` versions (seeds tried in order)."""
    for seed in range(1000):
        match_id = finished_match(ctx, client, length, seed)
        if match_id is not None:
            return match_id
    raise RuntimeError(f"no seed below 1000 gives a Pipifax match of {length} versions")


def per_version_ms(client: FlaskClient, match_id: str, versions: list[int], repeats: int) -> list[float]:
    """The median milliseconds of reading each of ``versions``."""
    figures = []
    for version in versions:
        times = []
        for _ in range(repeats):
            start = time.perf_counter()
            response = client.get(f"/matches/{match_id}/versions/{version}")
            times.append(time.perf_counter() - start)
            assert response.status_code == 200, response.get_data(as_text=True)
        figures.append(1000 * statistics.median(times))
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lengths", type=int, nargs="+", default=[100, 1_000, 10_000])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--spread", type=int, default=20, help="versions read evenly over the match")
    args = parser.parse_args()
    with RedisServer(Path(tempfile.mkdtemp()), appendonly=False) as redis:
        app = create_app(Settings(redis_url=redis.url, key_prefix="bench-replay", rate_limits="off"))
        client = app.test_client()
        ctx: Context = app.extensions[CONTEXT_KEY]
        store = ctx.store
        print(f"checkpoint every {checkpoints.EVERY} versions; ms per version read: median / worst")
        print(f"{'versions':>8} {'GET match':>10} {'before':>17} {'after':>13} {'median ratio':>13} {'chunks KiB':>11}")
        for length in args.lengths:
            match_id = long_match(ctx, client, length)
            last = load_table(ctx, match_id).version
            near_end = range(max(0, last - 2 * checkpoints.EVERY), last + 1)
            versions = sorted({*near_end, *(last * i // args.spread for i in range(args.spread + 1))})
            key = store.keys.checkpoints(match_id)
            chunk_bytes = sum(len(v) for f, v in store.client.hgetall(key).items() if f != b"every")
            start = time.perf_counter()
            for _ in range(args.repeats):
                client.get(f"/matches/{match_id}")
            baseline_ms = 1000 * (time.perf_counter() - start) / args.repeats
            after = per_version_ms(client, match_id, versions, args.repeats)
            store.client.delete(key)
            derive_log.cache_clear()
            client.get(f"/matches/{match_id}/versions/0")  # the log derived once, then cached
            before = per_version_ms(client, match_id, versions, args.repeats)
            print(
                f"{last:>8} {baseline_ms:>10.2f} {statistics.median(before):>8.2f} / {max(before):>6.2f}"
                f" {statistics.median(after):>5.2f} / {max(after):>5.2f}"
                f" {statistics.median(before) / statistics.median(after):>12.1f}x {chunk_bytes / 1024:>11.1f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
