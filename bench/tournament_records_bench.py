"""Records benchmark: how long ``GET /tournaments/{id}/records`` takes to stream a tournament's records.

Starts Redis and the app in process (Flask's test client, so HTTP parsing is left out), plays a
round robin of three server bots (Girafferaffe, ``--deals`` games per pairing) to its end with the
referee's own functions, then times streaming every record as JSON lines and, as the baseline
measured in the same run, fetching each match's record with ``GET /matches/{id}/record`` one by
one (what a host did before); then the share of the stream that telling each line as text takes
(``arena/records/text``, the lines' ``text``: a replay of each match with the engine). CPU is this
process's (server and test client together):

    python -m bench.tournament_records_bench [--deals 20] [--repeats 5]
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from flask.testing import FlaskClient

from api.http.app import create_app
from api.http.extensions import CONTEXT_KEY
from api.settings import Settings
from api.store.redis_server import RedisServer
from api.usecases.context import Context
from api.usecases.tournaments.director import sweep
from api.workers.referee.runner import Referee
from api.workers.referee.thinker import Thinker
from arena.records.text import record_text

BOTS = [{"name": "greedy", "bot": "greedy"}, {"name": "random", "bot": "random"}, {"name": "random-2", "bot": "random"}]


def finished_tournament(client: FlaskClient, deals: int) -> str:
    """A round robin of the three bots played to its end; its id."""
    body = {
        "game": "girafferaffe",
        "players_per_match": 2,
        "format": "round-robin",
        "games_per_pairing": deals,
        "seed": 1,
        "entrants": BOTS,
    }
    tournament_id: str = client.post("/tournaments", json=body).get_json()["tournament"]["tournament_id"]
    ctx: Context = client.application.extensions[CONTEXT_KEY]
    referee = Referee(ctx, thinker=Thinker(0))
    while client.get(f"/tournaments/{tournament_id}").get_json()["status"] != "finished":
        if not referee.run_due(now=float("inf")):
            sweep(ctx)
    return tournament_id


def timed(work: Callable[[], None]) -> tuple[float, float]:
    """Wall and CPU seconds of ``work()``."""
    wall, cpu = time.perf_counter(), time.process_time()
    work()
    return time.perf_counter() - wall, time.process_time() - cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20, help="games per pairing (6 matches each)")
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    with RedisServer(Path(tempfile.mkdtemp())) as redis:
        app = create_app(Settings(redis_url=redis.url, key_prefix="bench-records", rate_limits="off"))
        client = app.test_client()
        tournament_id = finished_tournament(client, args.deals)
        url = f"/tournaments/{tournament_id}/records"
        body = client.get(url).get_data()
        match_ids = [line.split(b'"match_id":"', 1)[1].split(b'"', 1)[0].decode() for line in body.splitlines()]

        def stream() -> None:
            response = client.get(url)
            assert response.status_code == 200
            assert response.get_data().count(b"\n") == len(match_ids)

        def one_by_one() -> None:
            for match_id in match_ids:
                assert client.get(f"/matches/{match_id}/record").status_code == 200

        records = [json.loads(line) for line in body.splitlines()]
        for record in records:
            del record["text"]

        def told() -> None:
            for record in records:
                record_text(record)

        streamed = [timed(stream) for _ in range(args.repeats)]
        texts = [timed(told) for _ in range(args.repeats)]
        fetched = [timed(one_by_one) for _ in range(args.repeats)]
        lines = len(match_ids)
        stream_wall, stream_cpu = (statistics.median(t[i] for t in streamed) for i in (0, 1))
        fetch_wall, fetch_cpu = (statistics.median(t[i] for t in fetched) for i in (0, 1))
        print(f"{lines} records, {len(body) / 1024:.0f} KiB of JSON lines ({len(body) / lines / 1024:.1f} KiB each)")
        print(f"{'':>24} {'wall s':>8} {'CPU s':>8} {'per record ms':>14}")
        print(f"{'stream (one request)':>24} {stream_wall:>8.3f} {stream_cpu:>8.3f} {stream_cpu / lines * 1000:>14.2f}")
        print(f"{'one by one (baseline)':>24} {fetch_wall:>8.3f} {fetch_cpu:>8.3f} {fetch_cpu / lines * 1000:>14.2f}")
        text_cpu = statistics.median(t[1] for t in texts)
        print(f"{'of which the text':>24} {'':>8} {text_cpu:>8.3f} {text_cpu / lines * 1000:>14.2f}")
        print(f"stream / one by one: {stream_cpu / fetch_cpu:.2f}x CPU, {stream_wall / fetch_wall:.2f}x wall")
        print(f"the text: {text_cpu / stream_cpu:.0%} of the stream's CPU")


if __name__ == "__main__":
    main()
