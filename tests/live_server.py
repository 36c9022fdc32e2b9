"""A live API under gunicorn, started by the tests as a user would start it."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path
from types import TracebackType

import requests

from api.redis_server import free_port


class LiveServer:
    """``gunicorn <app>`` (default: the API) with ``workers`` processes on a free loopback port."""

    def __init__(
        self, redis_url: str, workers: int = 2, key_prefix: str = "arena", app: str = "api.wsgi:app", **env: str
    ) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.workers = workers
        self.app = app
        self.env = {**os.environ, "REDIS_URL": redis_url, "ARENA_KEY_PREFIX": key_prefix, **env}
        self.process: subprocess.Popen[bytes] | None = None

    def start(self, timeout: float = 60.0) -> LiveServer:
        command = [
            sys.executable, "-m", "gunicorn",
            "--workers", str(self.workers),
            "--bind", f"127.0.0.1:{self.port}",
            "--access-logfile", "/dev/null",
            self.app,
        ]  # fmt: skip
        self.process = subprocess.Popen(command, env=self.env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.monotonic() + timeout
        while True:
            try:
                if requests.get(f"{self.url}/health", timeout=2).status_code == 200:
                    return self
            except (requests.ConnectionError, requests.Timeout):
                pass  # not listening yet, or a worker still importing the app
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError("the API did not start under gunicorn")
            time.sleep(0.1)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None

    def worker_pids(self) -> set[int]:
        """The pids of the gunicorn workers (children of the arbiter)."""
        assert self.process is not None
        children = Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children")
        return {int(pid) for pid in children.read_text().split()}

    def __enter__(self) -> LiveServer:
        return self.start()

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.stop()
