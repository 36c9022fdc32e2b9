"""Outages of the API or its Redis, as the runner and its match jobs ride them out (pure but for the errors' types).

An outage is a failure that says the arena could not serve for now: no connection, a ``503`` (its
store down), a proxy's ``502``/``504``, a lost Redis connection. The runner does not stop on one: it
waits with a growing pause (:data:`FIRST_WAIT` doubling up to :data:`LONGEST_WAIT` seconds), says so
on each try, keeps its programs and workers running, and goes on once the arena answers.
:class:`Outage` keeps the account (when it began, the next pause) with the time passed in, so it is
tested without a clock. A program that stopped while the arena was down, or just after, stopped
because of the outage (its own SDK gave up waiting): it is started again, never reported crashed.
"""

from __future__ import annotations

import dataclasses

import httpx
import redis.exceptions
from arena_sdk import ArenaError, ConnectionFailedError, StoreUnavailableError

#: The first pause after a failed try, in seconds; each next one doubles, up to :data:`LONGEST_WAIT`.
FIRST_WAIT = 1.0
#: The longest pause between two tries, in seconds.
LONGEST_WAIT = 15.0
#: A program that stopped at most this many seconds after the arena answered again stopped because of
#: the outage: its SDK gave up just before the arena came back.
EXCUSED_AFTER = 15.0
#: Answers that say the arena cannot serve for now (a proxy's, or the server's own ``503``).
OUTAGE_STATUSES = (502, 503, 504)


def is_outage(error: BaseException) -> bool:
    """Whether ``error`` says the API or its Redis cannot be reached now (rather than a refusal or a bug)."""
    if isinstance(error, ConnectionFailedError | StoreUnavailableError | httpx.TransportError):
        return True
    if isinstance(error, ArenaError):
        return error.status in OUTAGE_STATUSES
    if isinstance(error, httpx.HTTPStatusError):
        return error.response.status_code in OUTAGE_STATUSES
    return isinstance(error, redis.exceptions.ConnectionError | redis.exceptions.TimeoutError)


def describe(error: BaseException) -> str:
    """``error`` in a few words for a line of the log."""
    text = str(error).strip().splitlines()[0] if str(error).strip() else ""
    text = text if len(text) <= 120 else text[:117] + "..."
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


def seconds(amount: float) -> str:
    """A duration as a person reads it: ``7 s``, ``2 min 5 s``, ``1 h 3 min``."""
    whole = round(amount)
    if whole < 60:
        return f"{whole} s"
    if whole < 3600:
        return f"{whole // 60} min {whole % 60} s"
    return f"{whole // 3600} h {whole % 3600 // 60} min"


@dataclasses.dataclass
class Outage:
    """The account of the outages one process has seen (times: ``time.monotonic()`` readings, given)."""

    #: When the outage going on began (``None``: the arena answers).
    down_since: float | None = None
    #: When the last outage ended (``None``: none has).
    ended_at: float | None = None
    #: The pause before the next try.
    next_wait: float = FIRST_WAIT
    #: Failed tries in the outage going on.
    tries: int = 0
    #: Outages seen (ended or not).
    count: int = 0

    @property
    def on(self) -> bool:
        return self.down_since is not None

    def failed(self, now: float, since: float | None = None) -> float:
        """A try failed at ``now`` (it began at ``since``, and failed since then at most): the seconds to wait
        before the next one (doubling up to :data:`LONGEST_WAIT`)."""
        if self.down_since is None:
            self.down_since, self.next_wait, self.tries = now if since is None else since, FIRST_WAIT, 0
            self.count += 1
        wait = self.next_wait
        self.tries += 1
        self.next_wait = min(LONGEST_WAIT, wait * 2)
        return wait

    def answered(self, now: float) -> float | None:
        """A try succeeded at ``now``: how long the outage that just ended lasted (``None``: there was none)."""
        if self.down_since is None:
            return None
        lasted = now - self.down_since
        self.down_since, self.ended_at, self.next_wait, self.tries = None, now, FIRST_WAIT, 0
        return lasted

    def excuses(self, noticed_at: float) -> bool:
        """Whether a program noticed stopped at ``noticed_at`` stopped because of an outage: one is going on, or
        ended at most :data:`EXCUSED_AFTER` seconds before."""
        if self.on:
            return True
        return self.ended_at is not None and noticed_at - self.ended_at <= EXCUSED_AFTER

    def waiting_line(self, error: BaseException, wait: float, now: float) -> str:
        """What the log says on a failed try: since when, what failed, when the next try is."""
        assert self.down_since is not None
        return (
            f"waiting for the API and its Redis: unreachable for {seconds(now - self.down_since)} "
            f"({describe(error)}); next try in {seconds(wait)}. Programs and workers keep running; "
            "Ctrl-C stops the run"
        )

    @staticmethod
    def back_line(lasted: float) -> str:
        return f"the API and its Redis answer again after {seconds(lasted)} away: going on"
