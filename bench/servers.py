"""Servers for the benchmarks: an app under gunicorn with the shared configuration (api/gunicorn_conf.py)."""

from __future__ import annotations

import ctypes
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from types import TracebackType

import requests

from api.gunicorn_conf import gunicorn_command
from api.store.redis_server import free_port

#: The repository root, for apps that live outside the installed packages (bench.bare_app).
ROOT = Path(__file__).parents[1]
#: prctl's option that signals a process when its parent dies (linux/prctl.h), and prctl itself,
#: looked up before any fork so that the child only calls it.
PR_SET_PDEATHSIG = 1
_PRCTL = ctypes.CDLL(None, use_errno=True).prctl


def die_with_parent() -> None:
    """In a server's process before it runs: SIGTERM it when the benchmark that started it dies, however
    it dies (a benchmark killed outright leaves no server behind to skew the next run's figures).

    Given as ``preexec_fn``, which is unsafe in a process with threads; the benchmarks start their
    servers before any thread or client process of their own.
    """
    _PRCTL(PR_SET_PDEATHSIG, signal.SIGTERM)


class GunicornServer:
    """``gunicorn -c python:api.gunicorn_conf <app>`` on a free loopback port, stopped on exit."""

    def __init__(
        self, redis_url: str, app: str = "api.wsgi:app", workers: int = 2, cwd: str | None = None, **env: str
    ) -> None:
        """``cwd``: where the server runs (``python -m`` puts it first on the path: another source tree's
        directory serves that tree's code)."""
        self.cwd = cwd
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.app = app
        self.env = {
            **os.environ,
            "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
            "REDIS_URL": redis_url,
            "ARENA_HOST": "127.0.0.1",
            "ARENA_PORT": str(self.port),
            "ARENA_WORKERS": str(workers),
            # Counted (the cost is part of what is measured) but never reached: a benchmark measures speed.
            "ARENA_RATE_LIMITS": "create=1000000/minute;refused=1000000/second;read=1000000/second",
            "ARENA_MAX_LIVE_MATCHES": "1000000",
            "ARENA_MAX_LIVE_TOURNAMENTS": "1000000",
            **env,
        }
        self.process: subprocess.Popen[bytes] | None = None

    def start(self, timeout: float = 60.0) -> GunicornServer:
        self.process = subprocess.Popen(
            gunicorn_command(self.app),
            env=self.env,
            stdout=subprocess.DEVNULL,
            cwd=self.cwd,
            preexec_fn=die_with_parent,  # noqa: PLW1509 (see die_with_parent)
        )
        deadline = time.monotonic() + timeout
        while True:
            try:
                if requests.get(f"{self.url}/health", timeout=2).status_code == 200:
                    return self
            except (requests.ConnectionError, requests.Timeout):
                pass  # not listening yet, or a worker still importing the app
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"{self.app} did not start under gunicorn")
            time.sleep(0.1)

    def pids(self) -> list[int]:
        """The gunicorn master's process id and its workers' (none when stopped)."""
        if self.process is None:
            return []
        return [self.process.pid, *child_pids(self.process.pid)]

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=35)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None

    def __enter__(self) -> GunicornServer:
        return self.start()

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.stop()


class RefereeProcess:
    """``python -m api.cli referee`` for a server's Redis and key prefix (the server's environment), stopped on exit."""

    def __init__(self, server: GunicornServer) -> None:
        self.env = server.env
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> RefereeProcess:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "api.cli", "referee"],
            env=self.env,
            preexec_fn=die_with_parent,  # noqa: PLW1509 (see die_with_parent)
        )
        return self

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None

    def __enter__(self) -> RefereeProcess:
        return self.start()

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.stop()


def cpu_seconds(pid: int) -> float:
    """User plus system CPU seconds the process ``pid`` has used so far (0 once it is gone), from /proc."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (FileNotFoundError, ProcessLookupError):
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime, stime (fields 14, 15)


def child_pids(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (a gunicorn master's workers), from /proc."""
    children: list[int] = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (FileNotFoundError, ProcessLookupError, IndexError, ValueError):
                continue  # gone meanwhile
            if parent == pid:
                children.append(int(entry.name))
    return children


def pin_apart(server_pids: list[int]) -> str | None:
    """Run the servers under test on the first CPU this process may use and this process (and the load
    generators it starts from now on, which inherit it) on the others; what was done, or ``None`` on a
    machine with one CPU.

    Unpinned, the scheduler places a server's processes and the load generators anew from round to
    round, and a server's CPU per request moves with it: on this 2-core machine the same server's
    rounds fell into two levels about 15% apart. A server's processes started later (a worker that
    replaces one, a Postgres backend) inherit their parent's CPU.
    """
    cpus = sorted(os.sched_getaffinity(0))
    if len(cpus) < 2:
        return None
    for pid in server_pids:
        try:
            os.sched_setaffinity(pid, {cpus[0]})
        except ProcessLookupError:
            continue  # gone meanwhile (a process of a server that replaces its own)
    os.sched_setaffinity(0, set(cpus[1:]))
    return f"servers on CPU {cpus[0]}, load generators on CPU {','.join(map(str, cpus[1:]))}"
