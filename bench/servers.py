"""Servers for the benchmarks: an app under gunicorn with the shared configuration (api/gunicorn_conf.py)."""

from __future__ import annotations

import os
import subprocess
import time
from pathlib import Path
from types import TracebackType

import requests

from api.gunicorn_conf import gunicorn_command
from api.redis_server import free_port

#: The repository root, for apps that live outside the installed packages (bench.bare_app).
ROOT = Path(__file__).parents[1]


class GunicornServer:
    """``gunicorn -c python:api.gunicorn_conf <app>`` on a free loopback port, stopped on exit."""

    def __init__(self, redis_url: str, app: str = "api.wsgi:app", workers: int = 2, **env: str) -> None:
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
            **env,
        }
        self.process: subprocess.Popen[bytes] | None = None

    def start(self, timeout: float = 60.0) -> GunicornServer:
        self.process = subprocess.Popen(gunicorn_command(self.app), env=self.env, stdout=subprocess.DEVNULL)
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
