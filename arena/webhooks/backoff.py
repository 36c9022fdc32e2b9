"""When a failed delivery is tried again, and when it is given up as a dead letter. Pure.

Deliveries to one webhook go in order, so one event that cannot be delivered holds back those
after it. After a failure the same event is tried again after 1 s, then 2 s, 4 s, ... doubling up to
10 min between attempts (the defaults; the settings' ``ARENA_WEBHOOK_RETRY_FIRST`` and ``_LONGEST``).
The 24 h budget counts from the first failure of the webhook's current run of failures (not of
each event): once it is spent, the event is given up as a dead letter, and so is each later event
whose one attempt fails, until a delivery succeeds and ends the run. A receiver that is gone for
good thus costs one attempt per event after its first day, never a day per event.
"""

from __future__ import annotations

import dataclasses


@dataclasses.dataclass(frozen=True)
class RetryPolicy:
    """The retry schedule: ``first`` seconds after the first failure, doubling up to ``longest``,
    for up to ``retry_for`` seconds from the start of a run of failures."""

    first: float = 1.0
    longest: float = 600.0
    retry_for: float = 24 * 3600.0

    def delay(self, failures: int) -> float:
        """Seconds to wait after the ``failures``-th failed attempt at one event (1, 2, ...)."""
        if failures < 1:
            raise ValueError("a delay follows at least one failure")
        return min(self.longest, self.first * 2.0 ** min(failures - 1, 64))

    def after_failure(self, failures: int, failing_since: float, now: float) -> Verdict:
        """What follows the ``failures``-th failed attempt at an event, at ``now``, in a run of
        failures that began at ``failing_since``: another attempt (when), or a dead letter."""
        if now - failing_since >= self.retry_for:
            return Verdict(retry_at=None)
        return Verdict(retry_at=now + self.delay(failures))


@dataclasses.dataclass(frozen=True)
class Verdict:
    """After a failed attempt: try the event again at ``retry_at``, or (``None``) give it up."""

    retry_at: float | None

    @property
    def gives_up(self) -> bool:
        return self.retry_at is None
