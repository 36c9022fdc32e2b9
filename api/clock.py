"""The one place the server reads the time.

Everything that needs the time (deadlines, leases, retries, pacing, outages, timestamps in records)
takes a :class:`Clock`; the domain (``arena/``) takes the time as an argument and never reads it.
A process uses :data:`SYSTEM`; tests of logic pass a fake clock (``tests/clock.py``) and move it on
instead of waiting. :class:`Stopwatch` measures durations for metrics and logs (always real time:
a measurement of a fake clock would mean nothing).
"""

from __future__ import annotations

import threading
import time
from typing import Protocol


class Clock(Protocol):
    """The time as the server sees it."""

    def now(self) -> float:
        """Seconds since the epoch: what records, deadlines and leases are written in."""
        ...

    def monotonic(self) -> float:
        """Seconds on a clock that never goes back: for waits and intervals within one process."""
        ...

    def sleep(self, seconds: float) -> None:
        """Let ``seconds`` pass."""
        ...

    def wait(self, event: threading.Event, seconds: float) -> bool:
        """Wait up to ``seconds`` for ``event`` (as :meth:`threading.Event.wait`); whether it was set."""
        ...


class SystemClock:
    """The operating system's clocks."""

    def now(self) -> float:
        return time.time()

    def monotonic(self) -> float:
        return time.monotonic()

    def sleep(self, seconds: float) -> None:
        time.sleep(max(seconds, 0.0))

    def wait(self, event: threading.Event, seconds: float) -> bool:
        return event.wait(max(seconds, 0.0))


#: The clock of a running server, referee or worker.
SYSTEM: Clock = SystemClock()


class Stopwatch:
    """Real seconds since it was made (or :meth:`restart`), for measurements."""

    __slots__ = ("_started",)

    def __init__(self) -> None:
        self._started = time.perf_counter()

    def seconds(self) -> float:
        return time.perf_counter() - self._started

    def restart(self) -> float:
        """The seconds so far, and start again."""
        now = time.perf_counter()
        elapsed, self._started = now - self._started, now
        return elapsed
