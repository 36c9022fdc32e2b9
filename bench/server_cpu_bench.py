"""Server CPU per request: a full Pipifax move against the floor (one Redis GET and SET), in one run.

What is measured is the server, not the load generator: the user plus system CPU seconds of the
gunicorn master, its workers and the Redis server (from ``/proc/<pid>/stat``), read just before and
just after each round, divided by the requests the round served. Throughput and p50/p99 latency
come from the clients. Three servers run under the same gunicorn configuration
(``api/gunicorn_conf.py``: gevent workers, keep-alive) on one Redis server:

- ``floor``: ``bench/bare_app.py``, a bare Flask endpoint doing one Redis GET and one SET of 2 KB
  per request (no body to parse, no rate limit);
- ``least move``: the same app's least move, what any compare-and-set move with a log and a
  notification must do on top of the floor (parse the action, read and decode the match, the
  engine's step, one write script, the seat's view), with none of the API's other parts: its ratio
  to the floor is the best a full move could reach on this stack;
- ``move``: the API with its rate limits counted, as it is deployed (a move's count is taken by the
  script that reads the match for it; the limits are too high to be reached);
- ``move, Idempotency-Key``: the same API and moves, each with a fresh ``Idempotency-Key`` as the
  SDK sends them (the answer is remembered in Redis with the move);
- ``move, limits off``: the API with ``ARENA_RATE_LIMITS=off``, for what the counting costs;
- ``move, LABEL`` (``--baseline LABEL=DIR``, repeatable): the API of another source tree (an
  earlier commit's ``git archive``), run from that directory, for a before/after in one run.

The load generator is light: client processes, each one keep-alive ``http.client`` connection
sending one request at a time (closed loop), parsing answers with orjson. The move clients play
Pipifax matches seat against seat (both tokens in one client), creating a new match when one ends
(creations are counted apart and are a small share: a Pipifax match lasts hundreds of moves).
Rounds alternate between the servers so the machine's background noise falls on all of them; the
figures are medians over rounds, and the spread of the ratio over rounds says how noisy they are.

    python -m bench.server_cpu_bench [--rounds 5] [--seconds 4] [--clients 3] [--workers 2] [--baseline LABEL=DIR]
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import http.client
import multiprocessing
import os
import statistics
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator, Mapping
from contextlib import ExitStack, contextmanager
from multiprocessing.synchronize import Barrier
from pathlib import Path
from typing import Any, Protocol
from urllib.parse import urlsplit

import orjson

from api.gunicorn_conf import worker_class
from api.store.redis_server import RedisServer
from bench.servers import GunicornServer, cpu_seconds

#: How long a client waits for its peers and the parent at the start and end of a round.
BARRIER_TIMEOUT = 120.0
JSON = {"Content-Type": "application/json"}


class Client:
    """One keep-alive HTTP/1.1 connection that sends one request at a time."""

    def __init__(self, url: str) -> None:
        parts = urlsplit(url)
        self.connection = http.client.HTTPConnection(parts.hostname or "127.0.0.1", parts.port, timeout=30)

    def send(self, method: str, path: str, body: bytes | None = None, headers: dict[str, str] | None = None) -> Any:
        """The answer's JSON; raises on any status but 200 and 201."""
        self.connection.request(method, path, body=body, headers=headers or {})
        response = self.connection.getresponse()
        data = response.read()
        if response.status not in (200, 201):
            raise RuntimeError(f"{method} {path}: {response.status} {data[:300]!r}")
        return orjson.loads(data)


def legal_flip(view: dict[str, Any]) -> dict[str, Any]:
    """A legal Pipifax flip from the seat's view: any card whose back colour this turn has not used."""
    cards = view["cards"]
    used = {cards[p]["colour"] for p in view["flipped"]}
    position = next(c["position"] for c in cards if c["colour"] not in used)
    return {"type": "pipifax.flip", "position": position}


@dataclasses.dataclass
class ClientResult:
    latencies: list[float]
    creates: int
    cpu: float


class Player:
    """Plays Pipifax moves for both seats of a match, and starts a new match when one ends.

    ``keyed``: each move carries a fresh ``Idempotency-Key``, as the SDK's moves do.
    """

    def __init__(self, client: Client, keyed: bool = False) -> None:
        self.client = client
        self.keyed = keyed
        self.creates = 0
        self.new_match()

    def new_match(self) -> None:
        body = orjson.dumps({"game": "pipifax", "players": 2})
        created = self.client.send("POST", "/matches", body, JSON)
        self.creates += 1
        self.path = f"/matches/{created['match']['match_id']}/actions"
        self.tokens = [f"Bearer {seat['token']}" for seat in created["seats"]]
        self.match = created["match"]

    def step(self) -> float | None:
        """One move and its latency (``None``: the match was over and a new one was created instead)."""
        if self.match["status"] == "finished":
            self.new_match()
            return None
        seat = self.match["to_act"][0]
        headers = {**JSON, "Authorization": self.tokens[seat], "If-Match": str(self.match["version"])}
        if self.keyed:
            headers["Idempotency-Key"] = str(uuid.uuid4())
        start = time.perf_counter()
        self.match = self.client.send("POST", self.path, orjson.dumps(legal_flip(self.match["view"])), headers)
        return time.perf_counter() - start


class Floor:
    """Calls the floor endpoint on a key of its own."""

    def __init__(self, client: Client) -> None:
        self.client = client
        self.creates = 0
        self.path = f"/bare/{os.getpid()}"

    def step(self) -> float | None:
        start = time.perf_counter()
        self.client.send("POST", self.path)
        return time.perf_counter() - start


class Nothing:
    """Calls the endpoint that answers without touching Redis: the stack's own cost per request."""

    def __init__(self, client: Client) -> None:
        self.client = client
        self.creates = 0

    def step(self) -> float | None:
        start = time.perf_counter()
        self.client.send("POST", "/bare/nothing")
        return time.perf_counter() - start


class LeastMove:
    """Plays Pipifax on the least move's endpoints (``bench/bare_app.py``) on a key of its own: a
    legal flip from the last answer's view, and a new match (``GET``) when one ends."""

    def __init__(self, client: Client) -> None:
        self.client = client
        self.creates = 0
        self.path = f"/bare/move/{os.getpid()}"
        self.new_match()

    def new_match(self) -> None:
        self.match = self.client.send("GET", self.path)
        self.creates += 1

    def step(self) -> float | None:
        if self.match["status"] == "finished":
            self.new_match()
            return None
        start = time.perf_counter()
        self.match = self.client.send("POST", self.path, orjson.dumps(legal_flip(self.match["view"])), JSON)
        return time.perf_counter() - start


class Driver(Protocol):
    """What a client process runs: ``step`` sends one request (``None``: it created a match instead)."""

    creates: int

    def step(self) -> float | None: ...


LOADS: dict[str, Callable[[Client], Driver]] = {
    "move": Player,
    "keyed move": functools.partial(Player, keyed=True),
    "floor": Floor,
    "nothing": Nothing,
    "least move": LeastMove,
}


@dataclasses.dataclass
class Signals:
    """What a round's client processes and the parent share: the start and end barriers, a results queue."""

    start: Barrier
    end: Barrier
    results: Any


def client_process(url: str, make_driver: Callable[[Client], Driver], seconds: float, signals: Signals) -> None:
    """Connect and get ready, wait for the round to start, send requests for ``seconds``, report."""
    driver = make_driver(Client(url))
    creates_before = driver.creates
    latencies: list[float] = []
    signals.start.wait(BARRIER_TIMEOUT)
    cpu_before = time.process_time()
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        latency = driver.step()
        if latency is not None:
            latencies.append(latency)
    cpu = time.process_time() - cpu_before
    signals.end.wait(BARRIER_TIMEOUT)
    signals.results.put(ClientResult(latencies, driver.creates - creates_before, cpu))


@dataclasses.dataclass
class Round:
    """One round against one server: requests served, wall time, server and client CPU, latencies."""

    requests: int
    creates: int
    seconds: float
    app_cpu: float
    redis_cpu: float
    client_cpu: float
    latencies: list[float]

    @property
    def cpu_per_request(self) -> float:
        return (self.app_cpu + self.redis_cpu) / (self.requests + self.creates)

    @property
    def rate(self) -> float:
        return self.requests / self.seconds


def process_cpu(pids: list[int]) -> dict[int, float]:
    return {pid: cpu_seconds(pid) for pid in pids}


def cpu_delta(before: dict[int, float], after: dict[int, float]) -> float:
    """CPU seconds used between two readings (a process that appeared in between counts from zero)."""
    return sum(used - before.get(pid, 0.0) for pid, used in after.items())


def run_round(
    server: GunicornServer,
    redis_pid: int,
    load: str,
    clients: int,
    seconds: float,
    *,
    drivers: Mapping[str, Callable[[Client], Driver]] = LOADS,
) -> Round:
    """One round of ``clients`` processes, each driving ``server`` with ``drivers[load]`` for ``seconds``."""
    context = multiprocessing.get_context("fork")
    signals = Signals(context.Barrier(clients + 1), context.Barrier(clients + 1), context.SimpleQueue())
    make_driver = drivers[load]
    processes = [
        context.Process(target=client_process, args=(server.url, make_driver, seconds, signals)) for _ in range(clients)
    ]
    for process in processes:
        process.start()
    signals.start.wait(BARRIER_TIMEOUT)
    app_before, redis_before, began = process_cpu(server.pids()), cpu_seconds(redis_pid), time.perf_counter()
    signals.end.wait(BARRIER_TIMEOUT)
    elapsed = time.perf_counter() - began
    app_after, redis_after = process_cpu(server.pids()), cpu_seconds(redis_pid)
    done: list[ClientResult] = [signals.results.get() for _ in processes]
    for process in processes:
        process.join()
        if process.exitcode != 0:
            raise RuntimeError(f"a {load} client failed (exit code {process.exitcode})")
    return Round(
        requests=sum(len(r.latencies) for r in done),
        creates=sum(r.creates for r in done),
        seconds=elapsed,
        app_cpu=cpu_delta(app_before, app_after),
        redis_cpu=redis_after - redis_before,
        client_cpu=sum(r.cpu for r in done),
        latencies=[x for r in done for x in r.latencies],
    )


@dataclasses.dataclass
class Side:
    """A server under test and its rounds."""

    name: str
    load: str
    server: GunicornServer
    rounds: list[Round] = dataclasses.field(default_factory=list)

    def median(self, figure: Callable[[Round], float]) -> float:
        return statistics.median(figure(r) for r in self.rounds)

    def percentile(self, cut: int) -> float:
        """The latency percentile ``cut`` (50, 99) of every round's requests together, in seconds."""
        return statistics.quantiles([x for r in self.rounds for x in r.latencies], n=100)[cut - 1]


#: Limits a server of a tree from before ``refused`` replaced ``act`` takes, counted but never reached.
EARLIER_UNREACHED_LIMITS = "create=1000000/minute;act=1000000/second;read=1000000/second"


def unreached_limits(tree: str) -> str:
    """Limits counted but never reached, in the notation the API of source tree ``tree`` takes."""
    places = (Path(tree) / "api" / "http" / "limits.py", Path(tree) / "api" / "limits.py")  # after, before the layers
    limits = next(place for place in places if place.exists())
    if '"refused"' in limits.read_text():
        return "create=1000000/minute;refused=1000000/second;read=1000000/second"
    return EARLIER_UNREACHED_LIMITS


@contextmanager
def servers(
    redis_url: str, workers: int, compare_limits: bool, baselines: dict[str, str] | None = None
) -> Iterator[list[Side]]:
    api = GunicornServer(redis_url, workers=workers)
    bare = GunicornServer(redis_url, app="bench.bare_app:app", workers=workers)
    sides = [
        Side("floor (GET+SET 2 KB)", "floor", bare),
        Side("least move (bare)", "least move", bare),
        Side("move", "move", api),
        Side("move, Idempotency-Key", "keyed move", api),
    ]
    if compare_limits:
        unlimited = GunicornServer(redis_url, workers=workers, ARENA_RATE_LIMITS="off")
        sides.append(Side("move, limits off", "move", unlimited))
    for label, tree in (baselines or {}).items():
        earlier = GunicornServer(
            redis_url, workers=workers, cwd=tree, PYTHONPATH=tree, ARENA_RATE_LIMITS=unreached_limits(tree)
        )
        sides.append(Side(f"move, {label}", "move", earlier))
    with ExitStack() as stack:
        for server in {id(side.server): side.server for side in sides}.values():
            stack.enter_context(server)
        yield sides


def report(sides: list[Side], args: argparse.Namespace) -> None:
    floor, *moves = sides
    print(
        f"gunicorn {worker_class.rsplit('.', 1)[-1]} x {args.workers} workers, {args.clients} keep-alive http.client "
        f"clients per round, {args.rounds} rounds x {args.seconds:.0f} s per server, medians over rounds"
    )
    print(f"{'':<24}{'CPU/request':>10}{'(app':>9}{'redis)':>9}{'req/s':>9}{'p50':>9}{'p99':>9}{'client CPU/req':>16}")
    for side in sides:
        requests = [r.requests + r.creates for r in side.rounds]
        print(
            f"{side.name:<24}{side.median(lambda r: r.cpu_per_request) * 1e3:>9.3f} ms"
            f"{statistics.median(r.app_cpu / n for r, n in zip(side.rounds, requests, strict=True)) * 1e3:>9.3f}"
            f"{statistics.median(r.redis_cpu / n for r, n in zip(side.rounds, requests, strict=True)) * 1e3:>9.3f}"
            f"{side.median(lambda r: r.rate):>9.0f}"
            f"{side.percentile(50) * 1e3:>6.2f} ms{side.percentile(99) * 1e3:>6.2f} ms"
            f"{side.median(lambda r: r.client_cpu / r.requests) * 1e3:>13.3f} ms"
        )
    for side in moves:
        ratios = [f.cpu_per_request / m.cpu_per_request for f, m in zip(floor.rounds, side.rounds, strict=True)]
        rates = [m.rate / f.rate for f, m in zip(floor.rounds, side.rounds, strict=True)]
        creates = sum(r.creates for r in side.rounds) / sum(r.requests + r.creates for r in side.rounds)
        print(
            f"{side.name}: CPU ratio floor/move {statistics.median(ratios):.2f} "
            f"(rounds {min(ratios):.2f}-{max(ratios):.2f}), throughput ratio move/floor {statistics.median(rates):.2f} "
            f"(rounds {min(rates):.2f}-{max(rates):.2f}), p99 move/floor "
            f"{side.percentile(99) / floor.percentile(99):.2f}x; match creations {creates:.2%} of its requests"
        )
    least = next((side for side in moves if side.load == "least move"), None)
    for side in moves:
        if least is not None and side is not least:
            ratios = [x.cpu_per_request / m.cpu_per_request for x, m in zip(least.rounds, side.rounds, strict=True)]
            print(
                f"{side.name}: CPU ratio least move/move {statistics.median(ratios):.2f} "
                f"(rounds {min(ratios):.2f}-{max(ratios):.2f}): the share of a move that any move must pay"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=4.0, help="length of each measured round")
    parser.add_argument("--rounds", type=int, default=5, help="rounds per server, alternating between them")
    parser.add_argument("--clients", type=int, default=3, help="client processes (one connection each)")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers of each server")
    parser.add_argument("--no-limits-comparison", action="store_true", help="skip the API with rate limits off")
    parser.add_argument(
        "--baseline",
        action="append",
        default=[],
        metavar="LABEL=DIR",
        help="also serve moves from another source tree (e.g. `git archive` of an earlier commit), side by side",
    )
    args = parser.parse_args()
    baselines = dict(item.split("=", 1) for item in args.baseline)

    with tempfile.TemporaryDirectory() as data, RedisServer(Path(data)) as redis_server:
        assert redis_server.process is not None
        redis_pid = redis_server.process.pid
        with servers(redis_server.url, args.workers, not args.no_limits_comparison, baselines) as sides:
            for side in sides:  # warm-up: imports, connection pools, scripts loaded into Redis
                run_round(side.server, redis_pid, side.load, args.clients, 1.0)
            for _ in range(args.rounds):
                for side in sides:
                    side.rounds.append(run_round(side.server, redis_pid, side.load, args.clients, args.seconds))
    report(sides, args)


if __name__ == "__main__":
    main()
