"""The retry schedule: from 1 s doubling to 10 min, for up to 24 h from a run of failures' start. Pure."""

from __future__ import annotations

import itertools

import pytest

from arena.webhooks.backoff import RetryPolicy


def test_delays_double_from_one_second_up_to_ten_minutes() -> None:
    policy = RetryPolicy()
    delays = [policy.delay(failures) for failures in range(1, 14)]
    assert delays == [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 600, 600, 600]
    assert policy.delay(10**6) == 600
    with pytest.raises(ValueError):
        policy.delay(0)


def test_a_receiver_down_for_a_minute_gets_its_event_about_a_minute_later() -> None:
    """Attempts at 0, 1, 3, 7, 15, 31 and 63 s: the one at 63 s is the first after a 60 s outage."""
    policy = RetryPolicy()
    attempts = list(itertools.accumulate((policy.delay(n) for n in range(1, 7)), initial=0.0))
    assert attempts == [0, 1, 3, 7, 15, 31, 63]


def test_retries_go_on_for_24_hours_from_the_first_failure_then_it_is_given_up() -> None:
    policy = RetryPolicy()
    start, now, failures = 1000.0, 1000.0, 0
    while True:
        failures += 1
        verdict = policy.after_failure(failures, start, now)
        if verdict.gives_up:
            break
        assert verdict.retry_at is not None and verdict.retry_at > now
        now = verdict.retry_at
    assert 24 * 3600 <= now - start < 24 * 3600 + 600
    assert 140 < failures < 160  # 10 doublings to 10 min, then one attempt per 10 min


def test_once_the_budget_is_spent_each_later_failure_is_given_up_at_once() -> None:
    policy = RetryPolicy(retry_for=60.0)
    assert not policy.after_failure(1, failing_since=0.0, now=59.0).gives_up
    assert policy.after_failure(1, failing_since=0.0, now=60.0).gives_up
    assert policy.after_failure(1, failing_since=0.0, now=3600.0).gives_up
