"""The peer: boardgame.io's server and its load generator, both in Node, driven from Python.

The npm packages are pinned by ``package-lock.json`` in this folder and installed into its
``node_modules`` by ``npm ci`` the first time they are needed (and again when the lock file is newer
than the installed tree). ``server.js`` serves ``game.js`` with boardgame.io, in memory or on a
Postgres cluster (``postgres.py``); ``client.js`` plays one match per process over socket.io, as
boardgame.io's own client does, and reports its moves.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from pathlib import Path
from types import TracebackType
from typing import IO, Any

import orjson
import requests

from api.store.redis_server import free_port
from bench.peer.postgres import PostgresServer
from bench.server_cpu_bench import Round, cpu_delta, process_cpu
from bench.servers import child_pids, die_with_parent

HERE = Path(__file__).parent
#: How long a load generator may take to set its match up, and to answer after its round.
CLIENT_TIMEOUT = 120.0


def node() -> str:
    """The ``node`` executable (Node.js 20 or later), or a clear error."""
    found = shutil.which("node")
    if found is None:
        raise RuntimeError("bench/peer needs Node.js 20 or later (node and npm on PATH) for boardgame.io")
    return found


def install() -> None:
    """``npm ci`` in this folder unless ``node_modules`` holds the locked packages already."""
    installed = HERE / "node_modules" / ".package-lock.json"  # npm writes it after every install
    if installed.exists() and installed.stat().st_mtime >= (HERE / "package-lock.json").stat().st_mtime:
        return
    npm = shutil.which("npm")
    if npm is None:
        raise RuntimeError("bench/peer needs npm (with Node.js 20 or later) to install boardgame.io")
    subprocess.run([npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=HERE, check=True)


class BoardgameioServer:
    """``node server.js <port>`` with ``NODE_ENV=production`` on a free loopback port, stopped on exit;
    its matches in memory, or in ``store`` (a running Postgres cluster) through bgio-postgres."""

    def __init__(self, store: PostgresServer | None = None) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.store = store
        self.process: subprocess.Popen[bytes] | None = None

    def start(self, timeout: float = 60.0) -> BoardgameioServer:
        install()
        env = {**os.environ, "NODE_ENV": "production"}
        command = [node(), "server.js", str(self.port), *([self.store.url] if self.store else [])]
        self.process = subprocess.Popen(
            command,
            cwd=HERE,
            env=env,
            preexec_fn=die_with_parent,  # noqa: PLW1509 (see die_with_parent)
        )
        deadline = time.monotonic() + timeout
        while True:
            try:
                if requests.get(f"{self.url}/games", timeout=2).status_code == 200:
                    return self
            except (requests.ConnectionError, requests.Timeout):
                pass  # not listening yet
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError("boardgame.io's server did not start")
            time.sleep(0.1)

    def pids(self) -> list[int]:
        """The server's process and any children of it (none when stopped)."""
        if self.process is None:
            return []
        return [self.process.pid, *child_pids(self.process.pid)]

    def store_cpu(self) -> float:
        """CPU seconds the store's processes have used so far (0 in memory)."""
        return 0.0 if self.store is None else self.store.cpu()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None

    def __enter__(self) -> BoardgameioServer:
        return self.start()

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.stop()


def _read_line(process: subprocess.Popen[str]) -> dict[str, Any]:
    """The next JSON line the load generator printed; raises if it ended instead."""
    assert process.stdout is not None
    line = process.stdout.readline()
    if not line:
        raise RuntimeError(f"a boardgame.io client ended (exit code {process.wait(CLIENT_TIMEOUT)})")
    message: dict[str, Any] = orjson.loads(line)
    return message


def _send(stream: IO[str] | None, line: str) -> None:
    assert stream is not None
    stream.write(line + "\n")
    stream.flush()


def run_round(server: BoardgameioServer, clients: int, seconds: float) -> Round:
    """One round of ``clients`` load generators (a match each) for ``seconds`` against ``server``.

    Each client sets its match up first; the server's CPU (Node's, and its store's in ``redis_cpu``) is
    read just before they are told to go and just after the last of them reported, so it covers their
    moves only (and the rare match created when one ends within the round, counted apart, as in
    ``bench/server_cpu_bench.py``).
    """
    command = [node(), "client.js", server.url]
    processes = [
        subprocess.Popen(command, cwd=HERE, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        for _ in range(clients)
    ]
    try:
        for process in processes:
            if not _read_line(process).get("ready"):
                raise RuntimeError("a boardgame.io client did not get ready")
        before, store_before, began = process_cpu(server.pids()), server.store_cpu(), time.perf_counter()
        for process in processes:
            _send(process.stdin, f"go {seconds}")
        done = [_read_line(process) for process in processes]
        elapsed = time.perf_counter() - began
        after, store_after = process_cpu(server.pids()), server.store_cpu()
    finally:
        for process in processes:
            if process.stdin is not None:
                process.stdin.close()  # the client disconnects and leaves
        for process in processes:
            try:
                process.wait(timeout=CLIENT_TIMEOUT)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
    return Round(
        requests=sum(int(result["moves"]) for result in done),
        creates=sum(int(result["creates"]) for result in done),
        seconds=elapsed,
        app_cpu=cpu_delta(before, after),
        redis_cpu=store_after - store_before,
        client_cpu=sum(float(result["cpu"]) for result in done),
        latencies=[float(x) for result in done for x in result["latencies"]],
    )
