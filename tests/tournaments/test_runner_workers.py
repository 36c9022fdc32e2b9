"""The runner's capacity counts only live workers: those whose last RQ heartbeat is recent (a SIGKILLed
worker stays in RQ's registry until its TTL runs out, but beats no more). The rule, without Redis. At the
end it waits only for jobs queued or played by a live worker; a local worker that died is started again
only after its match was noted lost; a stopping worker's listener for RQ's commands ends (on a real Redis)."""

from __future__ import annotations

import subprocess
import sys
import threading
import time
import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path

import redis
from rq import Queue
from rq.executions import Execution
from rq.job import Job

from api.store.redis_server import RedisServer
from arena_runner import state
from arena_runner.config import build
from arena_runner.planning import job_id
from arena_runner.runner import Runner
from arena_runner.worker import (
    COMMAND_LISTENER_PAUSE,
    LIVE_WITHIN,
    MONITORING_INTERVAL,
    live_count,
    live_jobs,
    live_workers,
    new_worker,
)

NOWHERE = "http://127.0.0.1:9"  # nothing listens there: the tests make no call to an API

NOW = datetime(2026, 12, 5, 4, 30, tzinfo=UTC)


def ago(seconds: float) -> datetime:
    return NOW - timedelta(seconds=seconds)


def test_workers_count_while_their_heartbeat_is_recent() -> None:
    assert live_count([], NOW) == 0
    assert live_count([ago(0), ago(MONITORING_INTERVAL), ago(LIVE_WITHIN)], NOW) == 3
    assert live_count([ago(1), ago(LIVE_WITHIN + 0.5), ago(600)], NOW) == 1, "killed workers beat no more"
    assert live_count([None, ago(2)], NOW) == 1, "a worker that never beat is not counted"
    assert live_count([NOW + timedelta(seconds=3)], NOW) == 1, "a clock running ahead is no death"


def test_a_worker_beats_well_within_the_bound_idle_or_busy_and_counts_once_born(redis_server: RedisServer) -> None:
    connection = redis.Redis.from_url(redis_server.url)
    worker = new_worker(connection, ["live-count-test"])
    assert worker.dequeue_timeout == MONITORING_INTERVAL, "an idle worker beats after each wait for a job"
    assert worker.job_monitoring_interval == MONITORING_INTERVAL, "a busy one while its job runs"
    assert 2 * MONITORING_INTERVAL <= LIVE_WITHIN, "a beat missed on a busy machine is no death"
    queue = Queue("live-count-test", connection=connection)
    assert live_workers(queue) == 0
    worker.register_birth()  # type: ignore[no-untyped-call]
    try:
        assert live_workers(queue) == 1, "a worker just born has beaten"
    finally:
        worker.register_death()  # type: ignore[no-untyped-call]
    assert live_workers(queue) == 0


def test_a_stopping_worker_ends_its_command_listener_even_after_it_read_the_unsubscription(
    redis_server: RedisServer,
) -> None:
    """The race that kept a SIGTERMed worker alive for a minute: its listener read the reply to RQ's unsubscription
    before RQ told it to stop, then waited for a new subscription while RQ waited for it with no timeout."""
    worker = new_worker(redis.Redis.from_url(redis_server.url), ["listener-test"])
    worker.subscribe()
    listener = worker.pubsub_thread
    assert listener is not None and worker.pubsub is not None
    worker.pubsub.unsubscribe()
    deadline = time.monotonic() + 30
    while worker.pubsub.subscribed and time.monotonic() < deadline:  # till the listener has read the reply
        time.sleep(0.01)  # a pause between two looks
    assert not worker.pubsub.subscribed, "the listener now waits for a new subscription"

    stopping = threading.Thread(target=worker.unsubscribe, daemon=True)  # what RQ's teardown does
    stopping.start()
    stopping.join(timeout=30)  # a generous bound, half of RQ's own pause of 60 s
    assert not stopping.is_alive() and not listener.is_alive()
    assert COMMAND_LISTENER_PAUSE < 30


def test_the_jobs_left_to_wait_for_are_queued_or_played_by_a_live_worker(redis_server: RedisServer) -> None:
    connection = redis.Redis.from_url(redis_server.url)
    queue = Queue(f"live-jobs-{uuid.uuid4().hex[:8]}", connection=connection)
    queue.enqueue("builtins.print", job_id="arena-T-0-A")
    queue.enqueue("builtins.print", job_id="arena-U-0-B")  # another tournament's
    played, abandoned = (
        Job.create("builtins.print", id=name, origin=queue.name, connection=connection)
        for name in ("arena-T-1-C", "arena-T-2-D")
    )
    with connection.pipeline() as pipeline:
        for job in (played, abandoned):
            job.save(pipeline=pipeline)
        Execution.create(played, 65, pipeline, worker_name="beating")
        killed = Execution.create(abandoned, 65, pipeline, worker_name="killed")
        killed.last_heartbeat = datetime.now(UTC) - timedelta(seconds=LIVE_WITHIN + 5)  # SIGKILLed since
        killed.save(65, pipeline)
        pipeline.execute()
    assert {job for job, _ in queue.started_job_registry.get_job_and_execution_ids()} == {played.id, abandoned.id}
    assert sorted(live_jobs(queue, "arena-T-")) == ["arena-T-0-A", "arena-T-1-C"], "the killed worker's is nobody's"
    killed.delete(abandoned, connection.pipeline())  # RQ forgot it too: still nobody's
    assert sorted(live_jobs(queue, "arena-T-")) == ["arena-T-0-A", "arena-T-1-C"]


def test_a_worker_that_died_since_the_last_look_has_its_match_reported_before_it_starts_again(
    redis_server: RedisServer, tmp_path: Path
) -> None:
    """It dies between the look that noted the workers and the one that keeps them: the next look finds the
    match it was playing (its RQ record names it) before the process is replaced by a new one."""
    queue = f"died-{uuid.uuid4().hex[:8]}"
    flags = {
        "game": "pipifax",
        "players_per_match": 2,
        "format": "gauntlet",
        "output": str(tmp_path),
        "redis": redis_server.url,
        "queue": queue,
        "entrants": [("command", f"p={sys.executable} -c pass"), ("bot", "g=greedy")],
    }
    runner = Runner(build({}, flags, env={"ARENA_URL": NOWHERE}))
    run = state.RunState("T", "H", NOWHERE, {"p": "E"})
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait(timeout=60)
    runner.workers = [dead]
    record = new_worker(redis.Redis.from_url(redis_server.url), [queue])
    record.pid = dead.pid
    record.register_birth()  # type: ignore[no-untyped-call]
    try:
        record.set_current_job_id(job_id("T", 3, "M"))
        runner.keep_workers()  # the end of the look that met it alive
        assert runner.workers == [dead], "not replaced before its match is noted"
        runner.note_lost_workers(run)  # the next look
        assert runner.lost == {"M"}
        runner.keep_workers()
        [again] = runner.workers
        assert again is not dead and again.poll() is None and runner.worker_restarts == 1
    finally:
        runner.stop_children(grace=60)
        record.register_death()  # type: ignore[no-untyped-call]
