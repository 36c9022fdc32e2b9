"""The referee: applies timeouts and plays server bots whose turn came, without anybody asking.

It sleeps until the earliest time in the store's due set (or until a write tells it the set
changed), claims what is due with a lease, and settles each match with the same compare-and-set
writes as a move. Several referees may run at once: a claim is atomic, a claimed match is left to
its claimant until the lease ends, and a write based on a stale version is refused.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable

import redis

from api.matches.service import load_table, settle
from api.observability.metrics import count_referee_loop, observe_referee_lag
from api.store import MatchNotFound, MatchStore, StoreUnavailable

log = logging.getLogger(__name__)

#: Seconds a claimed match is left to its referee before another may take it.
LEASE = 10.0
#: Matches claimed at once.
BATCH = 100
#: Seconds between a referee's sweeps that repair a cluster's indexes (``MatchStore.repair_indexes``).
REPAIR_EVERY = 60.0
#: The longest sleep between looks at the due set (in case a wake message was lost, and so that a
#: stop request is noticed promptly).
LONGEST_SLEEP = 1.0


class Referee:
    """One referee process's loop over the store's due set."""

    def __init__(self, store: MatchStore, sweep: Callable[[], object] | None = None, sweep_every: float = 1.0) -> None:
        """``sweep`` is called every ``sweep_every`` seconds (the tournaments' director)."""
        self.store = store
        self.sweep = sweep
        self.sweep_every = sweep_every
        self._swept = 0.0

    def run_sweep(self) -> None:
        if self.sweep is not None and time.monotonic() - self._swept >= self.sweep_every:
            self._swept = time.monotonic()
            try:
                self.sweep()
            except (StoreUnavailable, redis.ConnectionError, redis.TimeoutError):
                raise
            except Exception:
                log.exception("referee: the sweep failed")

    def run_due(self, now: float | None = None) -> int:
        """Settle every match that is due by ``now``; how many were claimed."""
        due = self.store.claim_due(time.time() if now is None else now, LEASE, BATCH)
        for match_id in due:
            try:
                self.settle(match_id)
            except (StoreUnavailable, redis.ConnectionError, redis.TimeoutError):
                raise
            except Exception:  # one broken match must not stop the referee; its lease retries it later
                log.exception("referee: settling match %s failed", match_id)
        return len(due)

    def settle(self, match_id: str) -> None:
        """Apply what is due on one match, then record when it is next due.

        How late it is (now, past the time it was due) goes to the metrics' referee lag.
        """
        try:
            table = load_table(self.store, match_id)
            due, now = table.next_due(), time.time()
            if due is not None and due <= now:
                observe_referee_lag(now - due)
            table = settle(self.store, table)
        except MatchNotFound:
            self.store.reschedule(match_id, -1, None)  # expired: forget it
            return
        self.store.reschedule(match_id, table.version, table.next_due())

    def run(self, stop: threading.Event) -> None:
        """Referee until ``stop`` is set, riding out store outages."""
        wake = self.store.client.pubsub(ignore_subscribe_messages=True)  # type: ignore[no-untyped-call]
        repaired_at = -REPAIR_EVERY
        while not stop.is_set():
            count_referee_loop()
            try:
                if not wake.subscribed:
                    wake.subscribe(self.store.wake_channel())
                if self.store.cluster and time.monotonic() - repaired_at >= REPAIR_EVERY:
                    if added := self.store.repair_indexes():
                        log.warning("referee: put back %d index entries a write left out", added)
                    repaired_at = time.monotonic()
                while self.run_due():
                    self.run_sweep()  # on its own timer: bots due again at once must not starve it
                self.run_sweep()
                first = self.store.next_due()
                pause = LONGEST_SLEEP if first is None else min(max(first - time.time(), 0.0), LONGEST_SLEEP)
                if pause > 0 and wake.get_message(timeout=pause) is not None:
                    while wake.get_message(timeout=0) is not None:
                        pass  # several writes may have woken us: one look covers them all
            except (StoreUnavailable, redis.ConnectionError, redis.TimeoutError) as error:
                log.warning("referee: store unavailable (%s); retrying", error)
                wake.close()
                wake = self.store.client.pubsub(ignore_subscribe_messages=True)  # type: ignore[no-untyped-call]
                stop.wait(1.0)
