"""Stop and start: how long ``arena serve`` takes to stop with streams open, and to answer ``/health`` on a
data directory full of matches.

1. **Stop** (``--streams``, default 100): ``arena serve`` on a fresh data directory; matches of two
   seats; ``--streams`` connections held open on them, a third each of public streams
   (``GET /matches/{id}/stream``), seat streams (``/seat-stream``) and seat sockets (``/seat-socket``),
   plus ``--idle`` keep-alive connections that asked for a match once and wait (as an SDK's pool keeps
   them). A few moves are played so that every stream has received events. Then SIGTERM: the time until
   ``arena serve`` has exited, the time until the last stream or socket ended, and what each was told:
   an SSE stream its last event id and ``retry:``, a socket its close code (1001) and where to resume.
2. **Start** (``--matches``, default 10,000): a data directory is filled through the server's own
   write path (``create_match`` and ``commit``, into the embedded Redis with its append-only file, as
   ``arena serve`` keeps it): a third of the matches finished (resigned) and compacted as the record
   keeper leaves them, a third in play under a time control (the referee's due set, whose clocks a
   restart's outage extends), a third in play without, each ``--versions`` versions long. Then
   ``arena serve`` starts on it, and the figures are the seconds from its start until Redis answered
   (its append-only file loaded), until gunicorn's first worker booted, and until ``/health`` answered
   200; the same on an empty data directory beside it.

Figures: seconds, each the median of ``--runs`` starts (stops)::

    python -m bench.restart_bench [--streams 100] [--idle 20] [--matches 10000] [--versions 20] [--runs 3]

Measured in one run under ``nice -n 10`` on the shared 2-core machine, defaults (docs/operations.md,
"Stop and start"): stopped after 1.05 to 1.21 s (median 1.08 s), the last stream ending 0.12 to
0.24 s after SIGTERM, 100 of 100 told where to resume; on 10,000 matches (a 52 MiB append-only file)
Redis up after 0.69 s and ``/health`` 200 after 4.82 s, on an empty data directory after 5.00 s: the
start is the workers' import of the app, not the data.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect as ws_connect

from api.settings import Settings
from api.store.matches import MatchStore
from api.store.redis_server import RedisServer, free_port
from api.usecases import records, wiring
from api.usecases.matches.creating import create_match
from api.usecases.matches.reading import load_table
from api.usecases.matches.writing import commit
from bench.servers import ROOT, die_with_parent
from bench.waiters_bench import call_json
from engine.bots import choose_action

#: Seconds a client waits for the server (to start, to answer).
PATIENCE = 120.0


@dataclass
class Serve:
    """``arena serve`` on a data directory and a free port, its output's lines timed as they come."""

    data_dir: Path
    port: int = field(default_factory=free_port)
    process: subprocess.Popen[str] | None = None
    started: float = 0.0
    seen: dict[str, float] = field(default_factory=dict)  # a line's marker -> seconds after the start

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> Serve:
        env = {**os.environ, "PYTHONPATH": str(ROOT), "ARENA_RATE_LIMITS": "off"}
        command = [sys.executable, "-m", "api.cli", "serve", "--port", str(self.port), "--data-dir", str(self.data_dir)]
        self.started = time.monotonic()
        self.process = subprocess.Popen(
            command,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            preexec_fn=die_with_parent,  # noqa: PLW1509 (no thread of ours runs yet)
        )
        threading.Thread(target=self._read, daemon=True).start()
        return self

    def _read(self) -> None:
        assert self.process is not None and self.process.stdout is not None
        markers = {"started Redis": "redis", "Booting worker": "worker"}
        for line in self.process.stdout:
            for text, marker in markers.items():
                if text in line and marker not in self.seen:
                    self.seen[marker] = time.monotonic() - self.started

    def healthy(self) -> float:
        """Wait until ``/health`` answers 200; the seconds since the start."""
        deadline = self.started + PATIENCE
        while time.monotonic() < deadline:
            try:
                connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=2)
                connection.request("GET", "/health")
                if connection.getresponse().status == 200:
                    return time.monotonic() - self.started
            except OSError:
                pass
            time.sleep(0.02)
        raise RuntimeError("arena serve did not answer /health")

    def stop(self) -> float:
        """SIGTERM; the seconds until the process exited."""
        assert self.process is not None
        start = time.monotonic()
        self.process.send_signal(signal.SIGTERM)
        self.process.wait(timeout=PATIENCE)
        return time.monotonic() - start


# --- 1. stop ------------------------------------------------------------------------------------------


@dataclass
class Follower:
    """One open stream or socket, and how it ended."""

    kind: str  # "stream", "seat-stream" or "socket"
    last_id: str | None = None
    told: str | None = None  # what the server said as it stopped: the id and retry, or the close code and reason
    ended: float | None = None  # monotonic time the connection ended
    ready: threading.Event = field(default_factory=threading.Event)


def follow_sse(port: int, path: str, token: str | None, follower: Follower) -> None:
    """Read an SSE stream until the server ends it; note the last event id and the come-back it sent."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=PATIENCE)
    auth = f"Authorization: Bearer {token}\r\n" if token else ""
    sock.sendall(f"GET {path} HTTP/1.1\r\nHost: bench\r\n{auth}Accept: text/event-stream\r\n\r\n".encode())
    buffer = b""
    retry = None
    try:
        while chunk := sock.recv(65536):
            buffer += chunk
            follower.ready.set()
            for line in buffer.split(b"\n"):
                if line.startswith(b"id: "):
                    follower.last_id = line[4:].decode()
                elif line.startswith(b"retry: "):
                    retry = line[7:].decode()
            buffer = buffer[buffer.rfind(b"\n") + 1 :]
    except OSError:
        pass
    finally:
        follower.ended = time.monotonic()
        follower.told = None if retry is None else f"id {follower.last_id}, retry {retry} ms"
        follower.ready.set()
        sock.close()


def follow_socket(port: int, match_id: str, token: str, follower: Follower) -> None:
    """Hold a seat socket until the server closes it; note its close code and reason."""
    try:
        url = f"ws://127.0.0.1:{port}/matches/{match_id}/seat-socket?after=-1"  # from the start, as the streams
        with ws_connect(url, open_timeout=PATIENCE) as ws:
            ws.send(token)
            while True:
                message = json.loads(ws.recv())
                follower.last_id = message.get("id", follower.last_id)
                follower.ready.set()
    except ConnectionClosed as closed:
        if closed.rcvd is not None:
            follower.told = f"{closed.rcvd.code} {closed.rcvd.reason!r}"
    finally:
        follower.ended = time.monotonic()
        follower.ready.set()


def stop_with_streams(streams: int, idle: int) -> tuple[float, float, int]:
    """One stop: the seconds to exit, the seconds until the last follower ended, how many were told to come back."""
    serve = Serve(Path(tempfile.mkdtemp())).start()
    serve.healthy()
    connection = http.client.HTTPConnection("127.0.0.1", serve.port, timeout=PATIENCE)
    matches = [call_json(connection, "POST", "/matches", {"game": "pipifax", "players": 2}) for _ in range(streams)]
    followers, threads = [], []
    for i in range(streams):
        created = matches[i]
        match_id, token = created["match"]["match_id"], created["seats"][i % 2]["token"]
        kind = ("stream", "seat-stream", "socket")[i % 3]
        follower = Follower(kind)
        if kind == "socket":
            target: Callable[..., None] = follow_socket
            arguments: tuple[Any, ...] = (serve.port, match_id, token, follower)
        else:
            path = f"/matches/{match_id}/{kind}?after=-1"
            target, arguments = follow_sse, (serve.port, path, token if kind == "seat-stream" else None, follower)
        followers.append(follower)
        threads.append(threading.Thread(target=target, args=arguments, daemon=True))
    for thread in threads:
        thread.start()
    deadline = time.monotonic() + PATIENCE
    for follower in followers:
        follower.ready.wait(max(deadline - time.monotonic(), 0.0))
    if not all(f.ready.is_set() for f in followers):
        raise RuntimeError("a stream or socket heard nothing from the server")
    idlers = []
    for created in matches[:idle]:
        idler = http.client.HTTPConnection("127.0.0.1", serve.port, timeout=PATIENCE)
        call_json(idler, "GET", f"/matches/{created['match']['match_id']}")
        idlers.append(idler)
    connection.close()  # a new connection for the moves: the followers' start may have outlasted its keep-alive
    connection = http.client.HTTPConnection("127.0.0.1", serve.port, timeout=PATIENCE)
    rng = random.Random(1)
    for created in matches[: streams // 2]:  # a move in half the matches: their followers hear it
        match_id = created["match"]["match_id"]
        seat = created["match"]["to_act"][0]
        auth = {"Authorization": f"Bearer {created['seats'][seat]['token']}"}
        page = call_json(
            connection, "GET", f"/matches/{match_id}/legal-actions?sample=1&sample_seed={rng.randrange(99)}", None, auth
        )
        call_json(connection, "POST", f"/matches/{match_id}/actions", page["actions"][0], {**auth, "If-Match": "0"})
    time.sleep(1.0)  # the moves reach every follower
    connection.close()
    heard = sum(1 for f in followers if f.last_id is not None)
    stopped = time.monotonic()
    exit_seconds = serve.stop()
    for thread in threads:
        thread.join(timeout=PATIENCE)
    last_end = max((f.ended or stopped) - stopped for f in followers)
    told = sum(1 for f in followers if f.told is not None and (f.kind != "socket" or f.told.startswith("1001")))
    for kind in ("stream", "seat-stream", "socket"):
        sample = next(f for f in followers if f.kind == kind)
        print(f"     e.g. a {kind} was told: {sample.told}")
    for idler in idlers:
        idler.close()
    print(f"     {heard} of {streams} had received events before the stop")
    return exit_seconds, last_end, told


def stops(streams: int, idle: int, runs: int) -> None:
    print(
        f"1. Stop: SIGTERM to arena serve with {streams} streams and sockets open and {idle} idle keep-alive "
        "connections"
    )
    results = [stop_with_streams(streams, idle) for _ in range(runs)]
    for exit_seconds, last_end, told in results:
        print(
            f"   exited after {exit_seconds:.2f} s; the last stream ended after {last_end:.2f} s; "
            f"{told} of {streams} told to come back"
        )
    print(f"   median: exited after {statistics.median(r[0] for r in results):.2f} s", flush=True)


# --- 2. start -----------------------------------------------------------------------------------------


def fill(data_dir: Path, matches: int, versions: int) -> None:
    """``matches`` matches written into the data directory's Redis as a server writes them (see above)."""
    with RedisServer(data_dir) as server:
        store = MatchStore.connect(Settings(redis_url=server.url))
        ctx = wiring.context(store)
        rng = random.Random(7)
        for i in range(matches):
            body: dict[str, Any] = {"game": "pipifax", "players": 2, "options": {}, "seed": rng.randrange(2**31)}
            if i % 3 == 1:
                body["time_control"] = {"per_action": 3600, "on_timeout": "forfeit"}
            match_id = create_match(ctx, body, None).body["match"]["match_id"]
            table = load_table(ctx, match_id)
            while table.version < versions - 1 and not table.is_over:
                seat = table.to_act[0]
                table = commit(ctx, table, table.act(seat, choose_action(table.match, seat, "random"), time.time()))
            if i % 3 == 0 and not table.is_over:
                table = commit(ctx, table, table.resign(0, time.time()))
            if table.is_over:
                records.keep(ctx, match_id)
                store.indexes.reschedule(match_id, table.version, None)
            if (i + 1) % 1000 == 0:
                print(f"   ... {i + 1} matches written", flush=True)
        print(f"   {store.client.dbsize()} keys; append-only file {aof_bytes(data_dir) / 2**20:.0f} MiB", flush=True)


def aof_bytes(data_dir: Path) -> int:
    return sum(path.stat().st_size for path in data_dir.rglob("*.aof*"))


def start_once(data_dir: Path) -> dict[str, float]:
    serve = Serve(data_dir).start()
    health = serve.healthy()
    figures = {**serve.seen, "health": health}
    serve.stop()
    return figures


def starts(matches: int, versions: int, runs: int, data_dir: Path | None) -> None:
    print(f"2. Start: arena serve until /health answers 200, on {matches} matches of {versions} versions")
    full, empty = data_dir or Path(tempfile.mkdtemp()), Path(tempfile.mkdtemp())
    if not (full / "appendonlydir").exists():
        fill(full, matches, versions)
    print(f"   append-only file: {aof_bytes(full) / 2**20:.0f} MiB", flush=True)
    for name, directory in ((f"{matches} matches", full), ("empty", empty)):
        results = [start_once(directory) for _ in range(runs)]
        figure = {
            key: statistics.median(r.get(key, float("nan")) for r in results) for key in ("redis", "worker", "health")
        }
        print(
            f"   {name:16}: Redis up after {figure['redis']:.2f} s, first worker booting at {figure['worker']:.2f} s, "
            f"/health 200 after {figure['health']:.2f} s (each the median of {runs})",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--streams", type=int, default=100)
    parser.add_argument("--idle", type=int, default=20)
    parser.add_argument("--matches", type=int, default=10_000)
    parser.add_argument("--versions", type=int, default=20)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--parts", type=int, nargs="+", default=[1, 2], choices=[1, 2])
    parser.add_argument("--data-dir", type=Path, help="part 2's data directory: filled unless it holds a store already")
    args = parser.parse_args()
    if 1 in args.parts:
        stops(args.streams, args.idle, args.runs)
    if 2 in args.parts:
        starts(args.matches, args.versions, args.runs, args.data_dir)


if __name__ == "__main__":
    main()
