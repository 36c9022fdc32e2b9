"""A fake clock for tests of logic that depends on time: it moves only when a test moves it.

Give it to the app (``create_app(settings, clock=...)``), a use case's context or a worker, then move
time on with :meth:`FakeClock.advance` instead of waiting: deadlines, leases, retries and pacing are
then tested in microseconds, the same every run, however busy the machine. Sleeping and waiting on
it take no real time: they move the clock on by the time slept (a wait ends early only if its event
is set already).
"""

from __future__ import annotations

import threading

#: Where a fake clock starts unless told otherwise: a plausible epoch time (2023-11-14).
START = 1_700_000_000.0


class FakeClock:
    """``now()`` and ``monotonic()`` that advance together, and only when told to."""

    def __init__(self, now: float = START) -> None:
        self._now = now
        self._monotonic = 1_000.0
        self._lock = threading.Lock()

    def now(self) -> float:
        with self._lock:
            return self._now

    def monotonic(self) -> float:
        with self._lock:
            return self._monotonic

    def advance(self, seconds: float) -> None:
        """Move the clock on by ``seconds``."""
        with self._lock:
            self._now += seconds
            self._monotonic += seconds

    def set(self, now: float) -> None:
        """Move the clock on to ``now`` (never back)."""
        with self._lock:
            step = max(now - self._now, 0.0)
            self._now += step
            self._monotonic += step

    def sleep(self, seconds: float) -> None:
        self.advance(max(seconds, 0.0))

    def wait(self, event: threading.Event, seconds: float) -> bool:
        if event.is_set():
            return True
        self.advance(max(seconds, 0.0))
        return event.is_set()
