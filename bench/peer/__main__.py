"""Side by side with boardgame.io in memory and on Postgres: server CPU per move, latency, throughput, ratios.

    python -m bench.peer [--rounds 5] [--seconds 5] [--matches 3] [--workers 2] [--warm-up 5] [--baseline LABEL=DIR]
                         [--no-pin]

``--baseline LABEL=DIR`` (repeatable) also measures the HTTP move of another source tree (an earlier
commit's ``git archive``), run from that directory, for a before/after in one run. Every server runs on
one CPU and the load generators on the others (``bench.servers.pin_apart``), unless ``--no-pin``.

See ``bench/peer/__init__.py`` for what each contender is and how the CPU is read.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import functools
import os
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from api.gunicorn_conf import worker_class
from api.store.redis_server import RedisServer
from bench.peer.boardgameio import HERE, BoardgameioServer, node
from bench.peer.boardgameio import run_round as run_peer_round
from bench.peer.postgres import PostgresServer
from bench.peer.seat_socket import SeatSocketPlayer, unavailable_reason
from bench.server_cpu_bench import LOADS, Round, run_round, unreached_limits
from bench.servers import GunicornServer, child_pids, pin_apart

#: The loads of bench/server_cpu_bench.py and the move over the seat channel.
DRIVERS = {**LOADS, "socket move": SeatSocketPlayer}


@dataclasses.dataclass
class Contender:
    """One server and load under test, its rounds, or why it could not be measured."""

    name: str
    play_round: Callable[[float], Round]
    unavailable: str | None = None
    rounds: list[Round] = dataclasses.field(default_factory=list)

    def median(self, figure: Callable[[Round], float]) -> float:
        return statistics.median(figure(r) for r in self.rounds)

    def latency(self, cut: int) -> float:
        """The latency percentile ``cut`` (50, 99) of every round's moves together, in seconds."""
        return statistics.quantiles([x for r in self.rounds for x in r.latencies], n=100)[cut - 1]


def versions(store: PostgresServer | None) -> str:
    """boardgame.io's version as installed and Node's; bgio-postgres's and Postgres's with a store."""
    node_version = subprocess.run([node(), "--version"], capture_output=True, text=True, check=True).stdout.strip()
    peer = f"boardgame.io {installed_version('boardgame.io')} (Node {node_version})"
    if store is None:
        return peer
    durable = f"bgio-postgres {installed_version('bgio-postgres')} on {store.version()} (synchronous_commit=off)"
    return f"{peer}, durable: {durable}"


def installed_version(package: str) -> str:
    """An npm package's version as installed in this folder."""
    manifest = (HERE / "node_modules" / package / "package.json").read_text()
    return manifest.split('"version"', 1)[1].split('"')[1]


def socket_unavailable(base_url: str) -> str | None:
    """What the report says instead of the WebSocket move's figures when the API has no seat channel."""
    reason = unavailable_reason(base_url)
    return None if reason is None else f"not available: {reason}"


def spread(values: list[float]) -> str:
    return f"{statistics.median(values):.2f}x ({min(values):.2f}-{max(values):.2f})"


def against(contender: Contender, baseline: Contender) -> tuple[str, str]:
    """``contender``'s CPU per move over ``baseline``'s round by round, and its p50 latency over the baseline's."""
    if contender is baseline or baseline.unavailable is not None:
        return "", ""
    ratios = [c.cpu_per_request / b.cpu_per_request for c, b in zip(contender.rounds, baseline.rounds, strict=True)]
    return spread(ratios), f"{contender.latency(50) / baseline.latency(50):.2f}x"


def report(
    contenders: list[Contender],
    args: argparse.Namespace,
    load_before: float,
    store: PostgresServer | None,
    pinned: str | None,
) -> None:
    peer, durable = contenders[0], contenders[1]
    print(
        f"\n{versions(store)} against the API, {args.matches} matches at once, {args.rounds} rounds x "
        f"{args.seconds:g} s per contender, alternating; ours: gunicorn {worker_class.rsplit('.', 1)[-1]} x "
        f"{args.workers} workers and Redis (AOF); {pinned or 'unpinned'}; "
        f"load average {load_before:.1f} before, {os.getloadavg()[0]:.1f} after"
    )
    print(
        f"{'':<28}{'CPU/move':>10}{'(server':>9}{'store)':>8}{'moves/s':>9}{'p50':>10}{'p99':>10}"
        f"{'CPU x peer (rounds)':>22}{'x durable (rounds)':>22}{'p50 x peer':>12}{'x durable':>11}"
    )
    for contender in contenders:
        if contender.unavailable is not None:
            print(f"{contender.name:<28}  {contender.unavailable}")
            continue
        moves = [r.requests + r.creates for r in contender.rounds]
        app = statistics.median(r.app_cpu / n for r, n in zip(contender.rounds, moves, strict=True))
        store_cpu = statistics.median(r.redis_cpu / n for r, n in zip(contender.rounds, moves, strict=True))
        cpu_against_peer, latency_against_peer = against(contender, peer)
        cpu_against_durable, latency_against_durable = against(contender, durable)
        print(
            f"{contender.name:<28}{contender.median(lambda r: r.cpu_per_request) * 1e3:>7.3f} ms"
            f"{app * 1e3:>9.3f}{f'{store_cpu * 1e3:.3f}' if contender is not peer else '-':>8}"
            f"{contender.median(lambda r: r.rate):>9,.0f}"
            f"{contender.latency(50) * 1e3:>7.2f} ms{contender.latency(99) * 1e3:>7.2f} ms"
            f"{cpu_against_peer:>22}{cpu_against_durable:>22}{latency_against_peer:>12}{latency_against_durable:>11}"
        )
    print(
        "CPU/move: server CPU (ms) per move, medians over rounds, its server's processes and its store's: Redis for "
        "ours, the whole Postgres cluster for the durable peer; a match created within a round counts as a move"
    )
    print("x peer: against boardgame.io in memory; x durable: against boardgame.io on Postgres (median, min-max)")
    for contender in contenders:
        if contender.unavailable is None:
            client = contender.median(lambda r: r.client_cpu / r.requests)
            creates = sum(r.creates for r in contender.rounds) / sum(r.requests for r in contender.rounds)
            print(
                f"{contender.name}: load generator CPU {client * 1e3:.3f} ms per move (not counted), "
                f"match creations within rounds {creates:.2%} of its moves"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=5.0, help="length of each measured round")
    parser.add_argument("--rounds", type=int, default=5, help="rounds per contender, alternating between them")
    parser.add_argument("--matches", type=int, default=3, help="matches played at once (one client process each)")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers of each of our servers")
    parser.add_argument("--warm-up", type=float, default=5.0, help="seconds each contender plays before the rounds")
    parser.add_argument(
        "--baseline",
        action="append",
        default=[],
        metavar="LABEL=DIR",
        help="also measure the HTTP move of another source tree (e.g. `git archive` of an earlier commit)",
    )
    parser.add_argument(
        "--pin",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="servers on the first CPU, load generators on the others (default: on, with two CPUs or more)",
    )
    args = parser.parse_args()
    baselines = dict(item.split("=", 1) for item in args.baseline)
    load_before = os.getloadavg()[0]

    with contextlib.ExitStack() as servers:
        data = servers.enter_context(tempfile.TemporaryDirectory())
        redis_server = servers.enter_context(RedisServer(Path(data)))
        peer = servers.enter_context(BoardgameioServer())
        store: PostgresServer | None = None
        durable_unavailable: str | None = None
        try:
            store = servers.enter_context(PostgresServer())
            durable = servers.enter_context(BoardgameioServer(store))
        except RuntimeError as missing:
            print(f"boardgame.io on Postgres not measured: {missing}", file=sys.stderr)
            durable_unavailable = f"not available: {missing}"
        api = servers.enter_context(GunicornServer(redis_server.url, workers=args.workers))
        # The seat socket's contender on a server of its own: a socket (as any stream or long-poll) makes its
        # workers subscribe to every match's publications, and each then hears every write (about 25 us of
        # CPU each, docs/performance.md), which would fall on the HTTP moves' rounds and not on a baseline's.
        sockets = servers.enter_context(GunicornServer(redis_server.url, workers=args.workers))
        bare = servers.enter_context(GunicornServer(redis_server.url, app="bench.bare_app:app", workers=args.workers))
        assert redis_server.process is not None
        redis_pid = redis_server.process.pid

        def ours(server: GunicornServer, load: str) -> Callable[[float], Round]:
            return lambda seconds: run_round(server, redis_pid, load, args.matches, seconds, drivers=DRIVERS)

        def on_postgres(seconds: float) -> Round:
            return run_peer_round(durable, args.matches, seconds)

        contenders = [
            Contender("boardgame.io move", functools.partial(run_peer_round, peer, args.matches)),
            Contender("boardgame.io move, Postgres", on_postgres, durable_unavailable),
            Contender("HTTP move", ours(api, "move")),
            Contender("HTTP move, Idempotency-Key", ours(api, "keyed move")),
            Contender("WebSocket move", ours(sockets, "socket move"), socket_unavailable(sockets.url)),
            Contender("stack alone (no Redis)", ours(bare, "nothing")),
            Contender("floor (GET+SET 2 KB)", ours(bare, "floor")),
            Contender("least move (bare)", ours(bare, "least move")),
        ]
        baseline_servers: list[GunicornServer] = []
        for label, tree in baselines.items():
            limits = unreached_limits(tree)
            earlier = GunicornServer(
                redis_server.url, workers=args.workers, cwd=tree, PYTHONPATH=tree, ARENA_RATE_LIMITS=limits
            )
            baseline_servers.append(servers.enter_context(earlier))
            contenders.append(Contender(f"HTTP move, {label}", ours(baseline_servers[-1], "move")))
        pinned = None
        if args.pin:  # before the warm-up, so that Postgres's backends, started by then, inherit the postmaster's CPU
            pids = [redis_pid, *peer.pids(), *api.pids(), *sockets.pids(), *bare.pids()]
            if store is not None and store.process is not None:
                pids += [*durable.pids(), store.process.pid, *child_pids(store.process.pid)]
            pids += [pid for contender in baseline_servers for pid in contender.pids()]
            pinned = pin_apart(pids)
        for contender in contenders:  # warm-up: imports, pools, scripts loaded into Redis, V8's optimised code
            if contender.unavailable is None:
                try:
                    contender.play_round(args.warm_up)
                except RuntimeError as failed:
                    if contender is contenders[0]:
                        raise
                    contender.unavailable = f"failed in the warm-up: {failed}"
        for _ in range(args.rounds):
            for contender in contenders:
                if contender.unavailable is None:
                    contender.rounds.append(contender.play_round(args.seconds))
        report(contenders, args, load_before, store, pinned)


if __name__ == "__main__":
    main()
