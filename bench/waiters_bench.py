"""Waiters benchmark: move throughput with and without a crowd of idle waiters, and how fast waiters hear a move.

Throughput: a closed loop of a few light clients (threads, one keep-alive ``http.client``
connection each) plays Pipifax moves (``POST /matches/{id}/actions`` with If-Match and a legal
flip computed from the last answer) against the API under gunicorn (api/gunicorn_conf.py). Rounds
alternate between (a) nobody else connected and (b) an idle crowd: long-pollers
(``GET /matches/{id}?wait=60`` with ``If-None-Match`` of the current version, renewed when they
answer 304) and SSE streams (``GET /matches/{id}/stream``) on matches nobody moves. The crowd is
raw sockets behind one selector thread: once open, it costs the load generator nothing. After each
(b) round the crowd's matches are aborted, so every long-poll and stream ends on the server before
the next round. CPU is utime + stime of the gunicorn processes and of Redis, from /proc.

Latency: a long-poller (then an SSE reader) waits on a match while a mover moves it; each sample is
the time the waiter's answer arrived minus the time the mover's ``POST`` answer arrived (same
process, monotonic clock; negative when the waiter heard first):

    python -m bench.waiters_bench [--seconds 10] [--waiters 1000] [--streams 1000] [--workers 4]

Each gunicorn gevent worker holds at most ``worker_connections`` (1000) connections, so the default
crowd of 2,000 needs more than 2 workers.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import resource
import selectors
import socket
import statistics
import tempfile
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from queue import Empty, Queue
from typing import Any

from api.gunicorn_conf import worker_class
from api.store.redis_server import RedisServer
from bench.http_bench import legal_flip
from bench.servers import GunicornServer, cpu_seconds

GOAL_RATIO = 0.80
#: Seconds a long-poller of the crowd waits (the contract's longest wait).
CROWD_WAIT = 60
#: Client timeout of every request the benchmark makes and waits for.
TIMEOUT = 30.0
JSON = {"Content-Type": "application/json"}
PIPIFAX = {"game": "pipifax", "players": 2}


# --- light HTTP clients --------------------------------------------------------------------------


def call(
    connection: http.client.HTTPConnection,
    method: str,
    path: str,
    body: dict[str, Any] | None = None,
    headers: dict[str, str] | None = None,
) -> tuple[int, bytes]:
    """One request on a keep-alive connection: the status and the body."""
    payload = None if body is None else json.dumps(body).encode()
    connection.request(method, path, body=payload, headers={**(JSON if body is not None else {}), **(headers or {})})
    response = connection.getresponse()
    return response.status, response.read()


def call_json(
    connection: http.client.HTTPConnection,
    method: str,
    path: str,
    body: dict[str, Any] | None = None,
    headers: dict[str, str] | None = None,
) -> dict[str, Any]:
    """One request that must succeed: its JSON body."""
    status, data = call(connection, method, path, body, headers)
    if status >= 300:
        raise RuntimeError(f"{method} {path}: {status} {data[:300]!r}")
    answer: dict[str, Any] = json.loads(data)
    return answer


def connect(port: int) -> http.client.HTTPConnection:
    return http.client.HTTPConnection("127.0.0.1", port, timeout=TIMEOUT)


def in_parallel(
    port: int, count: int, connections: int, job: Callable[[http.client.HTTPConnection, int], Any]
) -> list[Any]:
    """``job(connection, i)`` for i in ``range(count)``, over ``connections`` keep-alive connections."""
    results: list[Any] = [None] * count

    def share(first: int) -> None:
        connection = connect(port)
        try:
            for i in range(first, count, connections):
                results[i] = job(connection, i)
        finally:
            connection.close()

    threads = [threading.Thread(target=share, args=(first,)) for first in range(min(connections, count))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if any(result is None for result in results):
        raise RuntimeError("a request of a parallel batch failed (see the thread's traceback above)")
    return results


def create_matches(port: int, body: dict[str, Any], count: int, connections: int = 4) -> list[dict[str, Any]]:
    """``count`` new matches (the ``POST /matches`` answers), created over several keep-alive connections."""
    return in_parallel(port, count, connections, lambda c, _i: call_json(c, "POST", "/matches", body))


def abort_matches(port: int, created: Sequence[dict[str, Any]], connections: int = 4) -> None:
    """Abort every match of ``created`` with its host token."""

    def abort(connection: http.client.HTTPConnection, i: int) -> bool:
        match_id, host = created[i]["match"]["match_id"], created[i]["host_token"]
        call_json(connection, "POST", f"/matches/{match_id}/abort", headers={"Authorization": f"Bearer {host}"})
        return True

    in_parallel(port, len(created), connections, abort)


def quantile(values: Sequence[float], q: int) -> float:
    """The ``q``-th percentile (1..99) of ``values``."""
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1]


# --- the idle crowd ------------------------------------------------------------------------------


@dataclass
class Idle:
    """One idle connection of the crowd: a long-poll (renewed after each 304) or an SSE stream."""

    sock: socket.socket
    kind: str  # "poll" or "stream"
    request: bytes
    buffer: bytearray = field(default_factory=bytearray)
    done: bool = False
    status: int | None = None  # of the last (poll) or only (stream) response


class IdleCrowd:
    """Long-pollers and SSE readers on matches nobody moves, served by one selector thread."""

    def __init__(self, port: int, poll_matches: Sequence[str], stream_matches: Sequence[str]) -> None:
        host = f"Host: 127.0.0.1:{port}\r\n"
        self.port = port
        self.connections = [
            Idle(socket.socket(), "poll", (f"GET /matches/{m}?wait={CROWD_WAIT} HTTP/1.1\r\n{host}"
                                            f'If-None-Match: "0"\r\n\r\n').encode())
            for m in poll_matches
        ] + [
            Idle(socket.socket(), "stream", (f"GET /matches/{m}/stream HTTP/1.1\r\n{host}"
                                              "Accept: text/event-stream\r\n\r\n").encode())
            for m in stream_matches
        ]  # fmt: skip
        self.selector = selectors.DefaultSelector()
        self.stop = threading.Event()
        self.ending = False  # once set, a long-poll that answers is not renewed
        self.renewed = 0
        self.errors = 0
        self.thread = threading.Thread(target=self._serve, name="idle-crowd", daemon=True)

    def open(self) -> IdleCrowd:
        for idle in self.connections:
            idle.sock.settimeout(TIMEOUT)
            idle.sock.connect(("127.0.0.1", self.port))
            idle.sock.sendall(idle.request)
            idle.sock.setblocking(False)
            self.selector.register(idle.sock, selectors.EVENT_READ, idle)
        self.thread.start()
        return self

    def still_open(self) -> int:
        return sum(not idle.done for idle in self.connections)

    def end(self, timeout: float) -> int:
        """Wait (at most ``timeout`` s) until every connection got its last answer, then close them all.

        Returns how many had not answered by then.
        """
        self.ending = True
        deadline = time.monotonic() + timeout
        while self.still_open() and time.monotonic() < deadline:
            time.sleep(0.05)
        left = self.still_open()
        self.stop.set()
        self.thread.join(5)
        for idle in self.connections:
            idle.sock.close()
        self.selector.close()
        return left

    def _serve(self) -> None:
        while not self.stop.is_set():
            for key, _events in self.selector.select(timeout=0.2):
                idle: Idle = key.data
                try:
                    chunk = idle.sock.recv(65536)
                except BlockingIOError:
                    continue
                except OSError:
                    chunk = b""
                if not chunk:
                    self._finish(idle, error=not (idle.kind == "stream" and idle.status == 200))
                elif idle.kind == "poll":
                    self._poll_data(idle, chunk)
                else:
                    self._stream_data(idle, chunk)

    def _finish(self, idle: Idle, error: bool) -> None:
        idle.done = True
        self.errors += error
        self.selector.unregister(idle.sock)

    def _poll_data(self, idle: Idle, chunk: bytes) -> None:
        idle.buffer += chunk
        while (end := idle.buffer.find(b"\r\n\r\n")) >= 0:
            head = bytes(idle.buffer[:end]).decode("latin-1").split("\r\n")
            status = int(head[0].split()[1])
            length = next((int(h.split(":", 1)[1]) for h in head if h.lower().startswith("content-length:")), 0)
            if status == 304:
                length = 0  # a 304 never has a body, whatever its headers say
            if len(idle.buffer) < end + 4 + length:
                return  # the body is still coming
            del idle.buffer[: end + 4 + length]
            idle.status = status
            if idle.status == 304 and not self.ending:
                self.renewed += 1
                idle.sock.sendall(idle.request)  # a few hundred bytes: the socket buffer takes them
            else:
                self._finish(idle, error=idle.status not in (200, 304))
                return

    def _stream_data(self, idle: Idle, chunk: bytes) -> None:
        if idle.status is None:
            idle.status = int(bytes(idle.buffer + chunk)[:12].split()[1])
        idle.buffer += chunk
        if b"event: match_over" in idle.buffer or idle.buffer.endswith(b"0\r\n\r\n") or idle.status != 200:
            self._finish(idle, error=idle.status != 200)
        else:
            del idle.buffer[:-64]  # only a marker split across two reads needs the tail


# --- throughput ----------------------------------------------------------------------------------


@dataclass
class Start:
    """How a round's movers start together: all ready, then go, then play until ``deadline``."""

    ready: threading.Barrier
    go: threading.Event = field(default_factory=threading.Event)
    deadline: float = 0.0


def play(port: int, start: Start, counts: list[int], slot: int) -> None:
    """Play Pipifax moves back to back from ``start.go`` until its deadline; counts them in ``counts[slot]``."""
    connection = connect(port)
    try:
        body = call_json(connection, "POST", "/matches", PIPIFAX)
        match, tokens = body["match"], [s["token"] for s in body["seats"]]
        start.ready.wait(TIMEOUT)
        start.go.wait(TIMEOUT)
        deadline = start.deadline
        for _ in range(10**7):
            if time.monotonic() >= deadline:
                break
            if match["status"] == "finished":
                body = call_json(connection, "POST", "/matches", PIPIFAX)
                match, tokens = body["match"], [s["token"] for s in body["seats"]]
                continue
            headers = {"Authorization": f"Bearer {tokens[match['to_act'][0]]}", "If-Match": str(match["version"])}
            path = f"/matches/{match['match_id']}/actions"
            match = call_json(connection, "POST", path, legal_flip(match["view"]), headers)
            counts[slot] += 1
    finally:
        connection.close()


@dataclass
class Round:
    """One throughput round: moves per second and the CPU seconds each side used."""

    rate: float
    moves: int
    seconds: float
    server_cpu: float
    redis_cpu: float
    client_cpu: float
    machine_cpu: float  # every process's, ours included


def client_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def machine_cpu() -> float:
    """CPU seconds the whole machine has been busy (all cores, not idle or waiting), from /proc/stat."""
    ticks = [int(t) for t in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    return (sum(ticks) - ticks[3] - ticks[4]) / os.sysconf("SC_CLK_TCK")


def measure_round(server: GunicornServer, redis_pid: int, clients: int, seconds: float) -> Round:
    """``clients`` movers for ``seconds``, each with its match created (and connection open) beforehand."""
    counts = [0] * clients
    start = Start(threading.Barrier(clients + 1))
    threads = [threading.Thread(target=play, args=(server.port, start, counts, slot)) for slot in range(clients)]
    for thread in threads:
        thread.start()
    start.ready.wait(TIMEOUT)
    pids = server.pids()
    before = (sum(map(cpu_seconds, pids)), cpu_seconds(redis_pid), client_cpu(), machine_cpu())
    began = time.monotonic()
    start.deadline = began + seconds
    start.go.set()
    for thread in threads:
        thread.join(seconds + TIMEOUT)
    elapsed = time.monotonic() - began
    server_cpu, redis_cpu, own_cpu, all_cpu = (
        sum(map(cpu_seconds, pids)) - before[0],
        cpu_seconds(redis_pid) - before[1],
        client_cpu() - before[2],
        machine_cpu() - before[3],
    )
    moves = sum(counts)
    return Round(moves / elapsed, moves, elapsed, server_cpu, redis_cpu, own_cpu, all_cpu)


def wait_quiet(server: GunicornServer, limit: float = 30.0) -> None:
    """Until the server's processes use under 10 % of a core for half a second (or ``limit`` s pass)."""
    pids = server.pids()
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        before = sum(map(cpu_seconds, pids))
        time.sleep(0.5)
        if sum(map(cpu_seconds, pids)) - before < 0.05:
            return


def crowd_round(server: GunicornServer, redis_pid: int, args: argparse.Namespace) -> tuple[Round, str]:
    """A round with the idle crowd connected; returns it and a line about the crowd."""
    created = create_matches(server.port, PIPIFAX, max(args.waiters, args.streams))
    ids = [c["match"]["match_id"] for c in created]
    crowd = IdleCrowd(server.port, ids[: args.waiters], ids[: args.streams]).open()
    try:
        wait_quiet(server)
        result = measure_round(server, redis_pid, args.clients, args.seconds)
        open_after = crowd.still_open()
    finally:
        abort_matches(server.port, created)
        left = crowd.end(TIMEOUT)
    note = (
        f"crowd: {open_after}/{len(crowd.connections)} still open after the round, {crowd.renewed} long-polls "
        f"renewed after 304, {crowd.errors} errors, {left} unanswered after the aborts"
    )
    return result, note


# --- latency -------------------------------------------------------------------------------------


class Mover:
    """Moves one Pipifax match at a time on a keep-alive connection, starting a new one when it ends."""

    def __init__(self, port: int) -> None:
        self.connection = connect(port)
        self.match: dict[str, Any] = {}
        self.tokens: list[str] = []
        self.new_match()

    def new_match(self) -> None:
        body = call_json(self.connection, "POST", "/matches", PIPIFAX)
        self.match, self.tokens = body["match"], [s["token"] for s in body["seats"]]

    @property
    def over(self) -> bool:
        return bool(self.match["status"] != "active")

    def move(self) -> tuple[float, float]:
        """Move once: when the POST was sent and when its answer arrived (monotonic)."""
        match = self.match
        headers = {"Authorization": f"Bearer {self.tokens[match['to_act'][0]]}", "If-Match": str(match["version"])}
        sent = time.monotonic()
        self.match = call_json(
            self.connection, "POST", f"/matches/{match['match_id']}/actions", legal_flip(match["view"]), headers
        )
        return sent, time.monotonic()


def long_poll_latency(port: int, samples: int, limit: float) -> list[tuple[float, float]]:
    """(waiter - mover answer, waiter - POST sent) in seconds, for each move a long-poller waited for."""
    mover, waiter = Mover(port), connect(port)
    results: list[tuple[float, float]] = []

    def wait_for(match_id: str, version: int) -> tuple[int, float]:
        status, _ = call(waiter, "GET", f"/matches/{match_id}?wait=10", headers={"If-None-Match": f'"{version}"'})
        return status, time.monotonic()

    deadline = time.monotonic() + limit
    with ThreadPoolExecutor(1) as pool:
        for _ in range(samples * 2):
            if len(results) >= samples or time.monotonic() > deadline:
                break
            if mover.over:
                mover.new_match()
            answer: Future[tuple[int, float]] = pool.submit(wait_for, mover.match["match_id"], mover.match["version"])
            time.sleep(0.02)  # the waiter's request reaches the server and registers first
            sent, answered = mover.move()
            status, heard = answer.result(TIMEOUT)
            if status == 200:
                results.append((heard - answered, heard - sent))
    waiter.close()
    mover.connection.close()
    return results


def read_stream(port: int, match_id: str, heard: Queue[tuple[int, float]]) -> None:
    """Read the match's public SSE stream, putting (version, arrival) for each version's last item."""
    connection = connect(port)
    try:
        connection.request("GET", f"/matches/{match_id}/stream", headers={"Accept": "text/event-stream"})
        response = connection.getresponse()  # the headers come with the first event
        event_id = ""
        for _ in range(100_000):
            line = response.readline()
            if not line:
                break
            if line.startswith(b"id: "):
                event_id = line[4:].strip().decode()
            elif line == b"\n" and event_id and "." not in event_id:
                heard.put((int(event_id), time.monotonic()))
                event_id = ""
    finally:
        connection.close()
        heard.put((-1, time.monotonic()))  # the stream ended


def stream_latency(port: int, samples: int, limit: float) -> list[tuple[float, float]]:
    """(reader - mover answer, reader - POST sent) in seconds, for each move an SSE reader saw."""
    mover = Mover(port)
    results: list[tuple[float, float]] = []
    deadline = time.monotonic() + limit
    with ThreadPoolExecutor(1) as pool:
        for _ in range(samples):  # one match per pass
            if len(results) >= samples or time.monotonic() > deadline:
                break
            if mover.over:
                mover.new_match()
            heard: Queue[tuple[int, float]] = Queue()
            reading = pool.submit(read_stream, port, mover.match["match_id"], heard)
            time.sleep(0.1)  # the stream starts (and registers its waiter) before the first move
            for _ in range(1000):
                if mover.over or len(results) >= samples:
                    break
                sent, answered = mover.move()
                version = mover.match["version"]
                for _ in range(1000):
                    try:
                        seen, at = heard.get(timeout=TIMEOUT)
                    except Empty:
                        break
                    if seen in (version, -1):
                        if seen == version:
                            results.append((at - answered, at - sent))
                        break
            if not mover.over:  # stopped mid-match: end the stream by ending the match
                call(mover.connection, "POST", f"/matches/{mover.match['match_id']}/resign",
                     headers={"Authorization": f"Bearer {mover.tokens[0]}"})  # fmt: skip
                mover.match = {"status": "finished"}
            reading.result(TIMEOUT)
    mover.connection.close()
    return results


def describe_latency(name: str, results: list[tuple[float, float]]) -> str:
    if len(results) < 2:
        return f"{name:<22} too few samples ({len(results)})"
    after_answer = [a * 1e3 for a, _ in results]
    after_sent = [s * 1e3 for _, s in results]
    return (
        f"{name:<22} after the mover's answer: p50 {quantile(after_answer, 50):6.2f} ms  "
        f"p99 {quantile(after_answer, 99):6.2f} ms   after the POST was sent: p50 {quantile(after_sent, 50):6.2f} ms  "
        f"p99 {quantile(after_sent, 99):6.2f} ms   ({len(results)} moves)"
    )


def describe_round(name: str, result: Round) -> str:
    per_move = 1e3 / max(result.moves, 1)
    others = max(result.machine_cpu - result.server_cpu - result.redis_cpu - result.client_cpu, 0.0)
    return (
        f"{name:<14}{result.rate:8.0f} moves/s  server CPU {result.server_cpu / result.seconds * 100:5.0f} % "
        f"({result.server_cpu * per_move:5.2f} ms/move)  Redis {result.redis_cpu / result.seconds * 100:4.0f} % "
        f"({result.redis_cpu * per_move:5.2f} ms/move)  client {result.client_cpu / result.seconds * 100:4.0f} %  "
        f"other processes {others / result.seconds * 100:4.0f} %"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=10.0, help="length of each measured round")
    parser.add_argument("--rounds", type=int, default=2, help="pairs of rounds (a: no waiters, b: the crowd)")
    parser.add_argument("--waiters", type=int, default=1000, help="idle long-pollers in (b)")
    parser.add_argument("--streams", type=int, default=1000, help="idle SSE streams in (b)")
    parser.add_argument("--clients", type=int, default=4, help="closed-loop movers (threads)")
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--samples", type=int, default=200, help="moves timed for each latency figure")
    args = parser.parse_args()

    quiet: list[Round] = []
    crowded: list[Round] = []
    notes: list[str] = []
    with (
        tempfile.TemporaryDirectory() as data,
        RedisServer(Path(data), appendonly=False) as redis_server,
        GunicornServer(redis_server.url, workers=args.workers, ARENA_KEY_PREFIX="bench-waiters") as server,
    ):
        assert redis_server.process is not None
        redis_pid = redis_server.process.pid
        started = time.monotonic()
        measure_round(server, redis_pid, args.clients, 2.0)  # warm-up
        for number in range(1, args.rounds + 1):
            quiet.append(measure_round(server, redis_pid, args.clients, args.seconds))
            print(describe_round(f"round {number}a", quiet[-1]), flush=True)
            result, note = crowd_round(server, redis_pid, args)
            crowded.append(result)
            notes.append(note)
            print(describe_round(f"round {number}b", result) + "\n    " + note, flush=True)
        poll = long_poll_latency(server.port, args.samples, 60.0)
        stream = stream_latency(server.port, args.samples, 60.0)
        elapsed = time.monotonic() - started
    quiet_rate = statistics.median(r.rate for r in quiet)
    crowded_rate = statistics.median(r.rate for r in crowded)
    ratio = crowded_rate / quiet_rate
    print(
        f"\ngunicorn {worker_class} workers: {args.workers}, movers: {args.clients}, "
        f"{args.rounds} x (a, b) rounds of {args.seconds:.0f} s; crowd in (b): {args.waiters} long-polls "
        f"(wait={CROWD_WAIT}) + {args.streams} SSE streams on idle matches; {elapsed:.0f} s in all"
    )
    print(f"(a) no waiters            {quiet_rate:8.0f} moves/s (median)")
    print(f"(b) idle crowd connected  {crowded_rate:8.0f} moves/s (median)")
    quiet_cost = statistics.median((r.server_cpu + r.redis_cpu) / max(r.moves, 1) for r in quiet)
    crowded_cost = statistics.median((r.server_cpu + r.redis_cpu) / max(r.moves, 1) for r in crowded)
    print(
        f"server + Redis CPU per move (median): (a) {quiet_cost * 1e3:.2f} ms, (b) {crowded_cost * 1e3:.2f} ms; "
        f"(a) / (b) = {quiet_cost / crowded_cost:.2f}"
    )
    print(f"(b) / (a): {ratio:.2f}  (goal >= {GOAL_RATIO:.2f}: {'met' if ratio >= GOAL_RATIO else 'NOT met'})")
    print("latency from a committed move to a waiter's answer (no crowd):")
    print(describe_latency("long-poll (?wait=10)", poll))
    print(describe_latency("SSE /stream", stream))


if __name__ == "__main__":
    main()
