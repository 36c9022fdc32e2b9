"""What webhooks cost: a move's server CPU with and without a webhook on its match, and how fast the
worker delivers.

1. **Moves.** One API under gunicorn (as ``bench/server_cpu_bench.py`` runs it), one ``arena
   webhooks`` worker and a receiver on one machine. Client processes play Pipifax seat against seat
   (``server_cpu_bench``'s players), on matches created without a webhook (``move``) or with one to
   the receiver (``move, webhook``), in alternate rounds. The server's CPU per move is the gunicorn
   processes' and Redis's user plus system CPU (``/proc``) over the round, divided by the moves. The
   worker is paused during those rounds, so that it takes no CPU from the API on this small machine,
   and delivers after each; in ``move, webhook, live`` rounds it delivers as the moves come, sharing
   the cores (the API then serves fewer moves a second, each at a higher CPU cost: a busier machine,
   not more work per move). The worker's own CPU from a round's start until it has delivered
   everything, divided by the versions it delivered, is the cost of a delivery, paid off the request
   path.
2. **Deliveries.** Matches of two server bots (Taiga, about 480 versions each, one delivery per
   version) are played out while the worker is stopped; then it starts and delivers them all:
   deliveries per second and its CPU per delivery, measured from its first delivery to its last. Once
   with one match (one webhook: one delivery at a time, each waiting for its answer) and once with
   ``--matches`` matches (delivered in parallel, up to ``ARENA_WEBHOOK_CONCURRENCY`` at once).

The receiver (``http.server``, HTTP/1.1 keep-alive, answering 204) runs in its own process and is
not counted; it shares the machine's cores with everything else, so the deliveries per second are a
floor for a receiver elsewhere.

    python -m bench.webhooks_bench [--rounds 3] [--seconds 4] [--clients 3] [--workers 2] [--matches 16]
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import multiprocessing
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from multiprocessing.sharedctypes import Synchronized
from pathlib import Path
from typing import Any

import orjson

from api.gunicorn_conf import worker_class
from api.settings import Settings
from api.store.matches import MatchStore
from api.store.redis_server import RedisServer, free_port
from api.store.webhooks import WebhookStore
from arena.webhooks.plan import Cursor, needs_look
from bench.server_cpu_bench import JSON, Client, Driver, Player, Round, run_round
from bench.servers import GunicornServer, RefereeProcess, cpu_seconds

#: Seconds to wait for the worker to deliver everything before giving up.
PATIENCE = 300.0
TAIGA_BOTS = {"game": "taiga", "players": 2, "seats": [{"bot": "random"}, {"bot": "random"}]}


# --- the receiver ---------------------------------------------------------------------------------


@dataclasses.dataclass
class Counts:
    """What the receiver shares with the benchmark: deliveries so far, and when the first and last came."""

    deliveries: Synchronized[int]
    first: Synchronized[float]
    last: Synchronized[float]


def receive(port: int, counts: Counts) -> None:
    """Answer every POST with 204 and count it (the receiver's process)."""

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_POST(self) -> None:
            self.rfile.read(int(self.headers["Content-Length"]))
            now = time.time()
            with counts.deliveries.get_lock():
                counts.deliveries.value += 1
                if counts.first.value == 0.0:
                    counts.first.value = now
                counts.last.value = now
            self.send_response(204)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, format: str, *args: Any) -> None:
            pass

    ThreadingHTTPServer(("127.0.0.1", port), Handler).serve_forever()


class Receiver:
    def __init__(self) -> None:
        context = multiprocessing.get_context("fork")
        self.counts = Counts(context.Value("q", 0), context.Value("d", 0.0), context.Value("d", 0.0))
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/hook"
        self.process = context.Process(target=receive, args=(self.port, self.counts), daemon=True)

    @property
    def deliveries(self) -> int:
        return int(self.counts.deliveries.value)

    def reset(self) -> None:
        with self.counts.deliveries.get_lock():
            self.counts.deliveries.value = 0
            self.counts.first.value = 0.0
            self.counts.last.value = 0.0


class Worker:
    """``python -m api.cli webhooks`` with a server's environment."""

    def __init__(self, server: GunicornServer) -> None:
        self.env = {**server.env, "ARENA_WEBHOOK_ALLOW_PRIVATE": "1"}
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> Worker:
        self.process = subprocess.Popen([sys.executable, "-m", "api.cli", "webhooks"], env=self.env)
        return self

    @property
    def cpu(self) -> float:
        assert self.process is not None
        return cpu_seconds(self.process.pid)

    def pause(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGSTOP)  # notifications wait in its subscription meanwhile

    def resume(self) -> None:
        if self.process is not None:
            self.process.send_signal(signal.SIGCONT)

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(timeout=30)
        self.process = None


def drained(hooks: WebhookStore) -> bool:
    """Whether every webhook has delivered all there is (nothing is due or being retried)."""
    for webhook_id in hooks.indexed():
        glance = hooks.glance(webhook_id)
        if glance is None or glance.state.done:
            continue
        if glance.state.retry_at is not None or needs_look(Cursor.parse(glance.state.cursor), glance.version, False):
            return False
    return True


def wait_until(done: Any, what: str) -> None:
    deadline = time.monotonic() + PATIENCE
    while not done():
        if time.monotonic() > deadline:
            raise RuntimeError(f"{what}: not within {PATIENCE} s")
        time.sleep(0.02)


# --- 1. moves -------------------------------------------------------------------------------------


class WebhookPlayer(Player):
    """``server_cpu_bench``'s player, on matches created with a webhook to ``url``."""

    def __init__(self, client: Client, url: str) -> None:
        self.url = url
        super().__init__(client)

    def new_match(self) -> None:
        body = orjson.dumps({"game": "pipifax", "players": 2, "webhook": {"url": self.url}})
        created = self.client.send("POST", "/matches", body, JSON)
        self.creates += 1
        self.path = f"/matches/{created['match']['match_id']}/actions"
        self.tokens = [f"Bearer {seat['token']}" for seat in created["seats"]]
        self.match = created["match"]


@dataclasses.dataclass
class Delivered:
    """A round's deliveries and the worker's CPU from the round's start until it had delivered them."""

    deliveries: int
    worker_cpu: float


#: The kinds of rounds: the clients' player, and whether the worker delivers during the round
#: (sharing the machine's cores with the API) or is paused until the round ends.
SIDES: dict[str, tuple[bool, bool]] = {
    "move": (False, False),
    "move, webhook": (True, False),
    "move, webhook, live": (True, True),
}


def moves(args: argparse.Namespace, server: GunicornServer, redis_pid: int, receiver: Receiver) -> None:
    hooks = WebhookStore(MatchStore.connect(Settings(redis_url=server.env["REDIS_URL"])))
    worker = Worker(server).start()
    webhook_player = functools.partial(WebhookPlayer, url=receiver.url)
    drivers: dict[str, Callable[[Client], Driver]] = {
        name: webhook_player if hooked else Player for name, (hooked, _) in SIDES.items()
    }
    rounds: dict[str, list[Round]] = {name: [] for name in SIDES}
    delivered: dict[str, list[Delivered]] = {name: [] for name in SIDES}
    try:
        for name in SIDES:  # warm-up: imports, connection pools, scripts loaded into Redis
            run_round(server, redis_pid, name, args.clients, 1.0, drivers=drivers)
        wait_until(lambda: drained(hooks), "the warm-up's deliveries")
        for _ in range(args.rounds):
            for name, (_, live) in SIDES.items():
                receiver.reset()
                cpu_before = worker.cpu
                if not live:
                    worker.pause()
                rounds[name].append(run_round(server, redis_pid, name, args.clients, args.seconds, drivers=drivers))
                worker.resume()
                wait_until(lambda: drained(hooks), "the round's deliveries")
                delivered[name].append(Delivered(receiver.deliveries, worker.cpu - cpu_before))
    finally:
        worker.resume()
        worker.stop()
    print(
        f"1. moves: gunicorn {worker_class.rsplit('.', 1)[-1]} x {args.workers} workers, {args.clients} clients, "
        f"{args.rounds} rounds x {args.seconds:.0f} s each, medians over rounds; one arena webhooks worker, paused "
        "during the round (it delivers after) but in 'live' rounds"
    )
    print(f"{'':<22}{'CPU/move':>10}{'(app':>9}{'redis)':>9}{'moves/s':>9}{'worker CPU/delivery':>21}")
    for name, done in rounds.items():
        per = [r.requests + r.creates for r in done]
        app = statistics.median(r.app_cpu / n for r, n in zip(done, per, strict=True))
        redis = statistics.median(r.redis_cpu / n for r, n in zip(done, per, strict=True))
        costs = [d.worker_cpu / d.deliveries for d in delivered[name] if d.deliveries]
        cost = f"{statistics.median(costs) * 1e3:>18.3f} ms" if costs else f"{'-':>21}"
        print(
            f"{name:<22}{statistics.median(r.cpu_per_request for r in done) * 1e3:>7.3f} ms"
            f"{app * 1e3:>9.3f}{redis * 1e3:>9.3f}{statistics.median(r.rate for r in done):>9.0f}{cost}"
        )
    plain = rounds["move"]
    for name in ("move, webhook", "move, webhook, live"):
        hooked = rounds[name]
        app_ratio = [app_per_move(h) / app_per_move(p) for p, h in zip(plain, hooked, strict=True)]
        all_ratio = [h.cpu_per_request / p.cpu_per_request for p, h in zip(plain, hooked, strict=True)]
        print(
            f"{name}: app CPU per move / without a webhook {statistics.median(app_ratio):.2f} (rounds "
            f"{min(app_ratio):.2f}-{max(app_ratio):.2f}); app + Redis {statistics.median(all_ratio):.2f} "
            f"(rounds {min(all_ratio):.2f}-{max(all_ratio):.2f})"
        )


def app_per_move(done: Round) -> float:
    return done.app_cpu / (done.requests + done.creates)


# --- 2. deliveries --------------------------------------------------------------------------------


def deliveries(server: GunicornServer, redis_pid: int, receiver: Receiver, matches: int) -> str:
    """Play ``matches`` bot matches out with webhooks, then let a fresh worker deliver them: a report line."""
    client = Client(server.url)
    created = []
    for _ in range(matches):
        body = orjson.dumps({**TAIGA_BOTS, "webhook": {"url": receiver.url}})
        created.append(client.send("POST", "/matches", body, JSON)["match"]["match_id"])
    wait_until(lambda: all(client.send("GET", f"/matches/{m}")["status"] == "finished" for m in created), "bots")
    expected = 0
    for match_id in created:
        versions = {event["version"] for event in events(client, match_id)}
        expected += len(versions) + 1  # one per version with public events, and the end
    receiver.reset()
    worker = Worker(server).start()
    try:
        wait_until(lambda: receiver.deliveries >= 1, "the first delivery")
        count0, cpu0, redis0 = receiver.deliveries, worker.cpu, cpu_seconds(redis_pid)
        wait_until(lambda: receiver.deliveries >= expected, "every delivery")
        count1, cpu1, redis1 = receiver.deliveries, worker.cpu, cpu_seconds(redis_pid)
    finally:
        worker.stop()
    seconds = receiver.counts.last.value - receiver.counts.first.value
    rate = (count1 - 1) / seconds
    worker_cpu = (cpu1 - cpu0) / (count1 - count0)
    redis_cpu = (redis1 - redis0) / (count1 - count0)
    return (
        f"{matches:>4} webhook{'s' if matches > 1 else ' '}: {count1:>6} deliveries in {seconds:6.2f} s, "
        f"{rate:7.0f}/s; worker {worker_cpu * 1e3:.3f} ms CPU per delivery, Redis {redis_cpu * 1e3:.3f} ms"
    )


def events(client: Client, match_id: str) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    after = -1
    while True:
        page = client.send("GET", f"/matches/{match_id}/events?after={after}&limit=1000")
        found.extend(page["events"])
        if not page["has_more"]:
            return found
        after = page["next_after"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=4.0, help="length of each measured round of moves")
    parser.add_argument("--rounds", type=int, default=3, help="rounds per kind of match, alternating")
    parser.add_argument("--clients", type=int, default=3, help="client processes (one connection each)")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers")
    parser.add_argument("--matches", type=int, default=16, help="bot matches delivered at once in part 2")
    args = parser.parse_args()
    receiver = Receiver()
    receiver.process.start()
    try:
        with (
            tempfile.TemporaryDirectory() as data,
            RedisServer(Path(data)) as redis_server,
            GunicornServer(redis_server.url, workers=args.workers, ARENA_WEBHOOK_ALLOW_PRIVATE="1") as server,
        ):
            assert redis_server.process is not None
            redis_pid = redis_server.process.pid
            moves(args, server, redis_pid, receiver)
            with RefereeProcess(server):
                print("2. deliveries (Taiga matches of two bots, played out before the worker starts)")
                print(deliveries(server, redis_pid, receiver, 1))
                print(deliveries(server, redis_pid, receiver, args.matches))
    finally:
        receiver.process.terminate()


if __name__ == "__main__":
    main()
