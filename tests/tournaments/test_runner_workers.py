"""The runner's capacity counts only live workers: those whose last RQ heartbeat is recent (a SIGKILLed
worker stays in RQ's registry until its TTL runs out, but beats no more). The rule, without Redis; and a
worker's teardown, on the tests' Redis."""

from __future__ import annotations

import threading
import time
from datetime import UTC, datetime, timedelta

import redis
from rq import Queue

from api.store.redis_server import RedisServer
from arena_runner.worker import (
    COMMAND_LISTENER_PAUSE,
    LIVE_WITHIN,
    MONITORING_INTERVAL,
    live_count,
    live_workers,
    new_worker,
)

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
