"""A live API under gunicorn, started by the tests as a user would start it."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import TracebackType

import requests

from api.gunicorn_conf import gunicorn_command
from api.store.redis_server import free_port

#: Rate limits no test reaches (the defaults would throttle a test that plays fast), still counted
#: so that every request takes the limiter's path; tests/api/test_limits.py tests the limits.
UNREACHED_RATE_LIMITS = "create=1000000/minute;refused=1000000/second;read=1000000/second"
#: A quota of live matches no test reaches: every test of a session shares one live server, one key
#: prefix and one address, and many leave their matches unfinished; still counted, so that every
#: creation takes the quota's path. tests/api/test_live_match_quota.py and tests/e2e/test_quota_live.py
#: test the quota.
UNREACHED_QUOTA = "1000000"
#: A quota of live tournaments no test reaches, for the same reason (tests/api/test_live_tournament_quota.py and
#: tests/e2e/test_tournament_quota_live.py test it).
UNREACHED_TOURNAMENT_QUOTA = "1000000"


class LiveServer:
    """``gunicorn -c python:api.gunicorn_conf <app>`` (default: the API) on a free loopback port.

    With ``referee`` (the default for the API) an ``arena referee`` process runs beside it, as
    ``arena serve`` runs one, so deadlines and bot-only matches proceed with nobody reading; with
    ``webhooks``, an ``arena webhooks`` worker too (only the tests of webhooks need one).
    """

    def __init__(
        self,
        redis_url: str,
        workers: int = 2,
        key_prefix: str = "arena",
        app: str = "api.wsgi:app",
        referee: bool = True,
        *,
        webhooks: bool = False,
        **env: str,
    ) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.workers = workers
        self.app = app
        self.env = {
            **os.environ,
            "REDIS_URL": redis_url,
            "ARENA_KEY_PREFIX": key_prefix,
            "ARENA_RATE_LIMITS": UNREACHED_RATE_LIMITS,
            "ARENA_MAX_LIVE_MATCHES": UNREACHED_QUOTA,
            "ARENA_MAX_LIVE_TOURNAMENTS": UNREACHED_TOURNAMENT_QUOTA,
            **env,
        }
        #: The metrics directory of the server and its referee (``PROMETHEUS_MULTIPROC_DIR``), unless the
        #: test gives one: the test's own, kept across a restart and removed with this object, so a server
        #: killed outright (whose gunicorn never removes the one it would make) leaves none behind.
        self.metrics_dir: tempfile.TemporaryDirectory[str] | None = None
        if "PROMETHEUS_MULTIPROC_DIR" not in self.env:
            self.metrics_dir = tempfile.TemporaryDirectory(prefix="arena-test-metrics-")
            self.env["PROMETHEUS_MULTIPROC_DIR"] = self.metrics_dir.name
        self.process: subprocess.Popen[bytes] | None = None
        self.referee: subprocess.Popen[bytes] | None = None
        self.webhooks: subprocess.Popen[bytes] | None = None
        self.with_webhooks = webhooks and app == "api.wsgi:app"
        #: gunicorn's stderr (its log and the app's warnings): a file, since an undrained pipe fills
        #: up and then blocks every worker that logs (a store outage logs a warning per request).
        self.log = tempfile.TemporaryFile()  # noqa: SIM115 (open while the object lives)
        self.with_referee = referee and app == "api.wsgi:app"

    def start(self, timeout: float = 60.0) -> LiveServer:
        listen = {"ARENA_HOST": "127.0.0.1", "ARENA_PORT": str(self.port), "ARENA_WORKERS": str(self.workers)}
        self.process = subprocess.Popen(
            gunicorn_command(self.app),
            env={**self.env, **listen},
            stdout=subprocess.DEVNULL,
            stderr=self.log,
        )
        if self.with_referee:
            self.referee = subprocess.Popen(
                [sys.executable, "-m", "api.cli", "referee"], env=self.env, stdout=subprocess.DEVNULL
            )
        if self.with_webhooks:
            self.webhooks = subprocess.Popen(
                [sys.executable, "-m", "api.cli", "webhooks"], env=self.env, stdout=subprocess.DEVNULL, stderr=self.log
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
                raise RuntimeError("the API did not start under gunicorn")
            time.sleep(0.1)

    def stop(self) -> None:
        for helper in (self.referee, self.webhooks):
            if helper is not None:
                helper.terminate()
                helper.wait(timeout=15)
        self.referee = self.webhooks = None
        if self.process is not None and self.process.poll() is None:
            # A quick shutdown: the tests are done with it, so open streams and keep-alive
            # connections need not be waited out (SIGTERM would wait up to graceful_timeout).
            self.process.send_signal(signal.SIGQUIT)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None

    def log_text(self) -> str:
        """What gunicorn and the app have written to stderr so far."""
        self.log.seek(0)
        return self.log.read().decode(errors="replace")

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
