"""``arena worker``: an RQ worker that takes match jobs from the queue on the API's Redis and plays them.

Run it on any machine that reaches the Redis server and the API and has the entrants' programs at
the paths the config names. A worker stopped with SIGTERM or Ctrl-C finishes its match first; a
lost one's job is retried by RQ once its heartbeat expires (see :mod:`arena_runner.jobs`).

A worker rides out an outage of its Redis: RQ waits for it while idle, a heartbeat missed while a
match plays is skipped (the match and its programs go on), and a worker that RQ stopped on a lost
connection waits for Redis with a growing pause and works again.
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Iterable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import redis
from rq import Queue, Worker
from rq.executions import Execution
from rq.job import Job
from rq.registry import StartedJobRegistry

from arena_runner.jobs import LOGS_ENV
from arena_runner.outage import Outage, describe, is_outage, seconds

#: Seconds between a busy worker's heartbeats: a lost worker's job is given up about a minute after it.
MONITORING_INTERVAL = 5
#: RQ's worker TTL: an idle worker waits this less 15 seconds for a job before it beats again (RQ's
#: ``dequeue_timeout``), so idle or busy, a live worker beats every MONITORING_INTERVAL seconds.
WORKER_TTL = MONITORING_INTERVAL + 15
#: Seconds since its last heartbeat within which a worker counts as live: three beats missed say it is gone
#: (killed, or its machine lost), long before RQ's registry forgets it.
LIVE_WITHIN = 3 * MONITORING_INTERVAL
#: Seconds the listener for RQ's commands waits for a message before it looks whether it should stop. RQ
#: waits 60 s; but once RQ unsubscribes it at shutdown, redis-py (8.x) joins the listener with no timeout,
#: and a listener that read the unsubscription's reply first waits out its whole pause for a new one.
COMMAND_LISTENER_PAUSE = 1.0

#: What a lost Redis connection raises.
REDIS_DOWN = (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError)

log = logging.getLogger(__name__)


class OutageProofWorker(Worker):
    """An RQ worker whose heartbeats skip an outage of Redis instead of ending the worker (and its match)."""

    #: Whether SIGTERM or Ctrl-C asked it to stop (RQ's own flag is set only while a job runs).
    stop_asked = False

    def subscribe(self) -> None:
        """RQ's listener for its commands (stop a job, shut down), which looks every
        :data:`COMMAND_LISTENER_PAUSE` seconds whether it should stop: so a stopped worker ends at once."""
        self.pubsub = self.connection.pubsub()
        self.pubsub.subscribe(**{self.pubsub_channel_name: self.handle_payload})
        self.pubsub_thread = self.pubsub.run_in_thread(  # type: ignore[assignment]  # RQ types it by its first None
            sleep_time=COMMAND_LISTENER_PAUSE, daemon=True, exception_handler=self._pubsub_exception_handler
        )

    def request_stop(self, signum: int, frame: Any) -> None:
        self.stop_asked = True
        super().request_stop(signum, frame)  # type: ignore[no-untyped-call]

    # What a busy worker writes to Redis while its match plays (every MONITORING_INTERVAL seconds): each is
    # skipped while Redis cannot be reached, so the worker keeps watching its match instead of quitting.

    def maintain_heartbeats(self, job: Job) -> None:
        try:
            super().maintain_heartbeats(job)
        except REDIS_DOWN as error:
            self.log.warning(
                "Worker %s: Redis cannot be reached (%s): heartbeat skipped, the match goes on", self.name, error
            )

    def heartbeat(self, timeout: int | None = None, pipeline: Any = None) -> None:
        try:
            super().heartbeat(timeout, pipeline)
        except REDIS_DOWN as error:
            self.log.warning("Worker %s: Redis cannot be reached (%s): heartbeat skipped", self.name, error)

    def set_current_job_working_time(self, current_job_working_time: float, pipeline: Any = None) -> None:
        try:
            super().set_current_job_working_time(current_job_working_time, pipeline)
        except REDIS_DOWN as error:
            self.log.warning("Worker %s: Redis cannot be reached (%s): working time not noted", self.name, error)


def run(redis_url: str, queues: Sequence[str], logs: Path | None = None, burst: bool = False) -> int:
    """Work on ``queues`` until stopped (or, with ``burst``, until they are empty), through outages of Redis."""
    if logs is not None:
        logs.mkdir(parents=True, exist_ok=True)
        os.environ[LOGS_ENV] = str(logs.resolve())
    connection = redis.Redis.from_url(redis_url)
    outage = Outage()
    while True:
        worker = new_worker(connection, queues)
        try:
            worker.work(burst=burst, logging_level="WARNING", with_scheduler=False)
        except Exception as error:  # its teardown, when Redis is still down
            if not is_outage(error):
                raise
        if burst or worker.stop_asked:
            return 0
        # RQ stopped on a lost connection: wait for Redis, then work again (a new worker: a new name).
        while not _answers(connection):
            now = time.monotonic()
            wait = outage.failed(now)
            assert outage.down_since is not None
            print(
                f"arena worker: Redis cannot be reached for {seconds(now - outage.down_since)}: "
                f"next try in {seconds(wait)}",
                flush=True,
            )
            if _stopped_within(worker, wait):
                return 0
        outage.answered(time.monotonic())


def new_worker(connection: redis.Redis, queues: Sequence[str]) -> OutageProofWorker:
    """A worker on ``queues`` that beats every :data:`MONITORING_INTERVAL` seconds, idle or busy."""
    return OutageProofWorker(
        [Queue(name, connection=connection) for name in queues],
        connection=connection,
        job_monitoring_interval=MONITORING_INTERVAL,
        worker_ttl=WORKER_TTL,
    )


def live_count(heartbeats: Iterable[datetime | None], now: datetime) -> int:
    """How many workers, by their last heartbeats (``None``: none yet), beat within :data:`LIVE_WITHIN`
    seconds of ``now`` (a beat ahead of ``now``, from a machine whose clock runs ahead, counts)."""
    return sum(1 for beat in heartbeats if beat is not None and (now - beat).total_seconds() <= LIVE_WITHIN)


def live_workers(queue: Queue) -> int:
    """How many of ``queue``'s workers are live (:func:`live_count`): those RQ still lists but that stopped
    beating (SIGKILLed, their machine lost) cannot play a match."""
    return live_count((worker.last_heartbeat for worker in Worker.all(queue=queue)), datetime.now(UTC))


def live_jobs(queue: Queue, prefix: str) -> list[str]:
    """The jobs of ``queue`` whose ids start with ``prefix`` that are waiting for a worker, or played by one that
    is live (its execution's last heartbeat within :data:`LIVE_WITHIN`): a job whose worker was SIGKILLed stays
    in RQ's registry of started jobs for a minute, played by nobody."""
    now = datetime.now(UTC)
    waiting = [job for job in queue.get_job_ids() if job.startswith(prefix)]
    started = StartedJobRegistry(queue=queue).get_job_and_execution_ids()
    return waiting + [
        job
        for job, execution in started
        if job.startswith(prefix) and live_count([_heartbeat(queue.connection, job, execution)], now)
    ]


def _heartbeat(connection: redis.Redis, job: str, execution: str) -> datetime | None:
    """When the execution ``execution`` of ``job`` last beat (``None``: RQ no longer knows it)."""
    try:
        return Execution.fetch(execution, job, connection).last_heartbeat
    except ValueError:  # gone: its heartbeat's time to live ran out
        return None


def _stopped_within(worker: OutageProofWorker, wait: float) -> bool:
    """Whether a stop (SIGTERM, Ctrl-C: the worker's handlers note it) comes within ``wait`` seconds."""
    until = time.monotonic() + wait
    while time.monotonic() < until:
        if worker.stop_asked:
            return True
        time.sleep(min(0.2, max(0.0, until - time.monotonic())))  # a slice of the pause between two tries
    return worker.stop_asked


def _answers(connection: redis.Redis) -> bool:
    try:
        connection.ping()
    except Exception as error:
        if not is_outage(error):
            raise
        log.warning("Redis cannot be reached: %s", describe(error))
        return False
    return True
