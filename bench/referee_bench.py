"""Referee benchmark: how late the referee applies timeouts, for many matches whose clocks run out at once.

Starts Redis, the API under gunicorn (api/gunicorn_conf.py) and referee processes
(``python -m api.cli referee``, with the API's REDIS_URL and ARENA_KEY_PREFIX); creates 2-player
Pipifax matches with ``time_control {per_action: 1.0, on_timeout: "forfeit"}`` over several
keep-alive connections, and nobody acts. The acting seat's deadline comes from the creation answer; the
timeout ends the match (the other seat wins), and that write is the match's last, so its
``updated_at`` (server clock) is when the referee applied it. Lag = ``updated_at - deadline``. The
whole run is repeated with each count of referees (fresh referees, same servers):

    python -m bench.referee_bench [--matches 1000] [--referees 1 2] [--workers 2]
"""

from __future__ import annotations

import argparse
import http.client
import tempfile
import time
from pathlib import Path
from typing import Any

from api.gunicorn_conf import worker_class
from api.settings import Settings
from api.store.matches import MatchStore
from api.store.redis_server import RedisServer
from bench.servers import GunicornServer, RefereeProcess, cpu_seconds
from bench.waiters_bench import call_json, create_matches, in_parallel, quantile

PER_ACTION = 1.0
MATCH = {"game": "pipifax", "players": 2, "time_control": {"per_action": PER_ACTION, "on_timeout": "forfeit"}}
#: Seconds to wait, after the last deadline, for every timeout before giving up.
PATIENCE = 30.0


def wait_for_referees(store: MatchStore, count: int, limit: float = 30.0) -> None:
    """Until ``count`` referees listen on the store's wake channel (each has started its loop)."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        listening = store.client.pubsub_numsub(store.keys.referee_wake())[0][1]
        if listening >= count:
            return
        time.sleep(0.05)
    raise RuntimeError(f"{count} referees did not start within {limit:.0f} s")


def seat_deadline(match: dict[str, Any]) -> float:
    """The deadline of the seat that must act (the first player's, in a new match)."""
    return min(float(seat["deadline"]) for seat in match["seats"] if seat["deadline"] is not None)


def read_matches(port: int, ids: list[str]) -> list[dict[str, Any]]:
    """``GET /matches/{id}`` for each of ``ids``, over several keep-alive connections."""
    return in_parallel(port, len(ids), 4, lambda c, i: call_json(c, "GET", f"/matches/{ids[i]}"))


def timed_out(port: int, ids: list[str]) -> int:
    """How many of the matches have a ``timeout`` event in their log."""

    def has_timeout(connection: http.client.HTTPConnection, i: int) -> bool:
        page = call_json(connection, "GET", f"/matches/{ids[i]}/events?after=0&limit=100")
        return any(event["kind"] == "timeout" for event in page["events"])

    return sum(in_parallel(port, len(ids), 4, has_timeout))


def run(server: GunicornServer, store: MatchStore, referees: int, matches: int) -> str:
    """Create ``matches`` matches with ``referees`` referees running; a line of figures on their timeouts."""
    processes = [RefereeProcess(server).start() for _ in range(referees)]
    try:
        wait_for_referees(store, referees)
        cpu_before = sum(cpu_seconds(p.process.pid) for p in processes if p.process is not None)
        began = time.monotonic()
        created = create_matches(server.port, MATCH, matches)
        creating = time.monotonic() - began
        ids = [c["match"]["match_id"] for c in created]
        deadlines = {c["match"]["match_id"]: seat_deadline(c["match"]) for c in created}
        time.sleep(max(max(deadlines.values()) - time.time(), 0.0) + 1.0)
        finished: dict[str, float] = {}
        give_up = time.monotonic() + PATIENCE
        pending = ids
        for _ in range(1000):
            for match in read_matches(server.port, pending):
                if match["status"] == "finished":
                    finished[match["match_id"]] = match["updated_at"]
            pending = [i for i in ids if i not in finished]
            if not pending or time.monotonic() > give_up:
                break
            time.sleep(0.5)
        cpu = sum(cpu_seconds(p.process.pid) for p in processes if p.process is not None) - cpu_before
    finally:
        for process in processes:
            process.stop()
    lags = [finished[i] - deadlines[i] for i in ids if i in finished]
    checked = timed_out(server.port, list(finished))
    spread = max(deadlines.values()) - min(deadlines.values())
    head = (
        f"{referees} referee{'s' if referees > 1 else ' '}: {len(finished)}/{matches} timed out "
        f"({checked} with a timeout event), created in {creating:.1f} s (deadlines spread over {spread:.1f} s)"
    )
    if len(lags) < 2:
        return head + "; too few timeouts for figures"
    return (
        f"{head}\n    lag after the deadline: p50 {quantile(lags, 50) * 1e3:7.1f} ms   p99 "
        f"{quantile(lags, 99) * 1e3:7.1f} ms   max {max(lags) * 1e3:7.1f} ms   min {min(lags) * 1e3:6.1f} ms"
        f"   referee CPU {cpu:.2f} s ({cpu / len(lags) * 1e3:.2f} ms per timeout)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--matches", type=int, default=1000)
    parser.add_argument("--referees", type=int, nargs="+", default=[1, 2], help="referee counts, one run each")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()

    prefix = "bench-referee"
    with (
        tempfile.TemporaryDirectory() as data,
        RedisServer(Path(data), appendonly=False) as redis_server,
        GunicornServer(redis_server.url, workers=args.workers, ARENA_KEY_PREFIX=prefix) as server,
    ):
        store = MatchStore.connect(Settings(redis_url=redis_server.url, key_prefix=prefix))
        print(
            f"gunicorn {worker_class} workers: {args.workers}; {args.matches} matches of 2 players, "
            f"per_action {PER_ACTION} s, on_timeout forfeit, nobody acting",
            flush=True,
        )
        for referees in args.referees:
            print(run(server, store, referees, args.matches), flush=True)
        store.client.close()


if __name__ == "__main__":
    main()
