"""The one gunicorn configuration: ``gunicorn -c python:api.gunicorn_conf api.wsgi:app``.

Everything that starts the API under gunicorn uses it: ``arena serve``, the Docker image, the tests'
live servers and the benchmarks. Each gunicorn setting is a module-level name; gunicorn ignores the
others. This module imports only the standard library at its top (and its logger class only the
standard library and gunicorn; its hooks import prometheus-client in the master, when they run):
gunicorn's master process loads it before forking, and the gevent worker must monkey-patch
``socket``, ``threading`` and friends before the app (redis-py, pub/sub listener threads) is
imported in each worker.
"""

from __future__ import annotations

import os
import re
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

from api.observability.logs import ACCESS_LOG_FORMAT
from api.settings import Settings

#: The server's settings (api/settings.py reads the environment; it imports only the standard library).
SETTINGS = Settings.from_environment()

#: The ``-c`` argument that selects this module.
CONFIG = "python:api.gunicorn_conf"

# Where to listen (ARENA_HOST, ARENA_PORT; the Docker image listens on 0.0.0.0).
bind = f"{SETTINGS.host}:{SETTINGS.port}"

# Worker processes (ARENA_WORKERS). The app holds no state, so any number serve the same matches.
workers = SETTINGS.workers

# gevent workers serve each connection in a greenlet: an idle keep-alive connection or a client that
# sends its body slowly costs a few kilobytes instead of a whole worker. The worker calls
# gevent.monkey.patch_all() right after the fork, before it imports the app, so blocking socket I/O
# (redis-py, hiredis only parses) and `threading` (pub/sub listeners) become cooperative.
# (api/gunicorn_worker.py: gevent's worker, answering oversize requests in the API's error shape.)
worker_class = "api.gunicorn_worker.ArenaGeventWorker"

# Request size limits, checked by gunicorn before the app sees the request (docs/api.md lists them):
# a request line (method, path and query) longer than this many bytes is refused with 414
# `request/uri_too_long`; more header fields than `limit_request_fields`, or one longer than
# `limit_request_field_size` bytes, with 431 `request/headers_too_large`. (gunicorn's defaults,
# written out because the API documents them.) Bodies are limited by the app (ARENA_MAX_BODY_BYTES).
limit_request_line = 4094
limit_request_fields = 100
limit_request_field_size = 8190

# The most connections (greenlets) one worker holds at once, idle keep-alive ones included.
worker_connections = 1000

# Seconds an idle keep-alive connection is kept open waiting for its next request; longer than
# the usual 60 s idle timeout of load balancers in front, so they close first, never the server.
keepalive = 75

# Seconds without a heartbeat before the master restarts a worker. Under gevent the heartbeat runs
# in its own greenlet, so this only catches a worker whose event loop is blocked outright.
timeout = 30

# Seconds a worker may finish its requests after a stop or restart signal before it is killed.
graceful_timeout = 30

# Never import the app in the master: each worker must import it after gevent has patched.
preload_app = False

# No gunicornc control socket: every server on a machine (the tests and benchmarks start several at
# once) would bind the same default path, and nothing here uses it. Older gunicorns ignore the name.
control_socket_disable = True

# Where the access log goes (ARENA_ACCESS_LOG: a path, or "-" for stdout); none by default.
accesslog = SETTINGS.access_log

# Logs are JSON lines (api/observability/logs.py), gunicorn's own and the app's alike, each with
# the request id of the request it belongs to; an access line takes it from the response's
# X-Request-Id. The app's level is ARENA_LOG_LEVEL (default INFO).
logger_class = "api.observability.gunicorn_logger.JsonLogger"
access_log_format = ACCESS_LOG_FORMAT

#: The metrics directory this master made (when PROMETHEUS_MULTIPROC_DIR was not set), removed at its exit.
_made_metrics_dirs: list[str] = []
#: A prometheus-client value file: ``<kind>_<pid>.db`` (a live gauge's kind has its mode: ``gauge_livesum``).
_METRICS_FILE = re.compile(r".+_(\d+)\.db")


def on_starting(_server: Any) -> None:
    """Metrics (api/observability/metrics.py) are multiprocess: every worker writes its values to
    files in ``PROMETHEUS_MULTIPROC_DIR`` and ``/metrics`` sums them. Make sure the directory is set
    (a new temporary one when it is not; the workers inherit the variable) and holds no values of a
    process that is gone (an earlier run's): those of a live process (the referee of ``arena serve``,
    which shares the directory) are kept."""
    path = os.environ.get("PROMETHEUS_MULTIPROC_DIR")
    if not path:
        path = tempfile.mkdtemp(prefix="arena-metrics-")
        os.environ["PROMETHEUS_MULTIPROC_DIR"] = path
        _made_metrics_dirs.append(path)
    Path(path).mkdir(parents=True, exist_ok=True)
    for file in Path(path).iterdir():
        found = _METRICS_FILE.fullmatch(file.name)
        if found is not None and not Path(f"/proc/{found[1]}").exists():
            file.unlink(missing_ok=True)


def child_exit(_server: Any, worker: Any) -> None:
    """A worker is gone: its live gauges (open streams and long-polls) stop counting; its counters stay."""
    from prometheus_client import multiprocess

    multiprocess.mark_process_dead(worker.pid)  # type: ignore[no-untyped-call]


def on_exit(_server: Any) -> None:
    for path in _made_metrics_dirs:
        shutil.rmtree(path, ignore_errors=True)


def gunicorn_command(app: str = "api.wsgi:app") -> list[str]:
    """The command that serves ``app`` under gunicorn with this configuration."""
    return [sys.executable, "-m", "gunicorn", "-c", CONFIG, app]
