"""``arena worker``: an RQ worker that takes match jobs from the queue on the API's Redis and plays them.

Run it on any machine that reaches the Redis server and the API and has the entrants' programs at
the paths the config names. A worker stopped with SIGTERM or Ctrl-C finishes its match first; a
lost one's job is retried by RQ once its heartbeat expires (see :mod:`arena_runner.jobs`).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

import redis
from rq import Queue, Worker

from arena_runner.jobs import LOGS_ENV

#: Seconds between a busy worker's heartbeats: a lost worker's job is given up about a minute after it.
MONITORING_INTERVAL = 5


def run(redis_url: str, queues: Sequence[str], logs: Path | None = None, burst: bool = False) -> int:
    """Work on ``queues`` until stopped (or, with ``burst``, until they are empty)."""
    if logs is not None:
        logs.mkdir(parents=True, exist_ok=True)
        os.environ[LOGS_ENV] = str(logs.resolve())
    connection = redis.Redis.from_url(redis_url)
    worker = Worker(
        [Queue(name, connection=connection) for name in queues],
        connection=connection,
        job_monitoring_interval=MONITORING_INTERVAL,
    )
    worker.work(burst=burst, logging_level="WARNING", with_scheduler=False)
    return 0
