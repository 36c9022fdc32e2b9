"""The runner's capacity counts only live workers: those whose last RQ heartbeat is recent (a SIGKILLed
worker stays in RQ's registry until its TTL runs out, but beats no more). The rule, without Redis."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import redis
from rq import Queue

from api.store.redis_server import RedisServer
from arena_runner.worker import LIVE_WITHIN, MONITORING_INTERVAL, live_count, live_workers, new_worker

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
