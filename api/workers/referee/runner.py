"""The referee: applies timeouts and plays server bots whose turn came, without anybody asking, and
keeps the records of matches that are over.

It sleeps until the earliest time in the store's due set (or until a write tells it the set
changed), claims what is due with a lease, and settles each match with the same compare-and-set
writes as a move. Several referees may run at once: a claim is atomic, a claimed match is left to
its claimant until the lease ends, and a write based on a stale version is refused.

A slow bot's turn (a search bot) goes to the referee's thinker processes (``api/workers/referee/thinker.py``)
rather than being played in this loop, so that no other match's deadline waits for a search. The
match stays claimed while its decision is under way (a lease that ends meanwhile is claimed again and
left alone); the decision comes back to this loop, which writes it with compare-and-set, or drops it
if the match moved on meanwhile (a timeout, a resignation), and settles the match on from there.

While no API process beats (``api/usecases/outages.py``), the arena is down: the referee holds every
timeout, and once the beats return it gives the outage's time back to every clock that ran meanwhile.

The write that ends a match makes it due at once: the referee that claims it gives back the place it held
in its holder's quota of live matches (``api/usecases/matches/quota.py``), has a keeper process
keep its record (``api/usecases/records.py``), then takes it out of the due set. A record that could not be
kept (the store was unreachable) is tried again when the claim's lease ends.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

import redis

from api.observability.metrics import count_referee_loop, observe_referee_lag
from api.settings import Settings
from api.store.errors import MatchNotFound, StaleVersion, StoreFull, StoreUnavailable
from api.store.matches import MatchStore
from api.usecases import wiring
from api.usecases.context import Context
from api.usecases.matches.quota import release_place
from api.usecases.matches.reading import load_table
from api.usecases.matches.writing import commit, settle
from api.usecases.outages import credit_outages, serving
from api.usecases.tournaments.director import sweep
from api.workers.referee.thinker import Kept, Thinker, Thought
from arena.errors import ArenaError

log = logging.getLogger(__name__)

#: Seconds a claimed match is left to its referee before another may take it.
LEASE = 10.0
#: Matches claimed at once.
BATCH = 100
#: Seconds between a referee's sweeps that repair a cluster's indexes (``MatchIndexes.repair``).
REPAIR_EVERY = 60.0
#: The longest sleep between looks at the due set (in case a wake message was lost, and so that a
#: stop request is noticed promptly).
LONGEST_SLEEP = 1.0
#: The longest sleep while the thinker has a decision under way (a decision that comes back ends it
#: at once); between two looks at the due set, so that other matches wait no longer than this.
THINKING_SLEEP = 0.05


class Referee:
    """One referee process's loop over the store's due set."""

    def __init__(
        self,
        ctx: Context,
        sweep: Callable[[], object] | None = None,
        sweep_every: float = 1.0,
        thinker: Thinker | None = None,
    ) -> None:
        """``sweep`` is called every ``sweep_every`` seconds (the tournaments' director); ``thinker``
        makes the slow bots' decisions and keeps records (default: a :class:`Thinker` of
        ``ARENA_THINKERS`` processes)."""
        self.ctx = ctx
        self.store = ctx.store
        self.clock = ctx.clock
        self.sweep = sweep
        self.sweep_every = sweep_every
        self._swept: float | None = None
        if thinker is None:
            settings = ctx.store.settings
            thinker = Thinker(settings.thinkers, settings.thinker_niceness, settings.keepers, settings.keeper_niceness)
        self.thinker = thinker

    def run_sweep(self) -> None:
        now = self.clock.monotonic()
        if self.sweep is not None and (self._swept is None or now - self._swept >= self.sweep_every):
            self._swept = now
            try:
                self.sweep()
            except (StoreUnavailable, redis.ConnectionError, redis.TimeoutError):
                raise
            except Exception:
                log.exception("referee: the sweep failed")

    def run_due(self, now: float | None = None) -> int:
        """Settle every match that is due by ``now``, then take in what the thinkers finished (all of it,
        with a thinker that works in this thread); how many were claimed."""
        due = self.store.indexes.claim_due(self.clock.now() if now is None else now, LEASE, BATCH)
        for match_id in due:
            try:
                self.settle(match_id)
            except (StoreUnavailable, redis.ConnectionError, redis.TimeoutError):
                raise
            except Exception:  # one broken match must not stop the referee; its lease retries it later
                log.exception("referee: settling match %s failed", match_id)
        self.write_thoughts()
        return len(due)

    def settle(self, match_id: str) -> None:
        """Apply what is due on one match, then record when it is next due (or think for its slow bot).

        How late it is (now, past the time it was due) goes to the metrics' referee lag.
        """
        if self.thinker.is_thinking(match_id):
            return  # claimed again while its slow bot thinks: the decision's write settles it
        try:
            table = load_table(self.ctx, match_id)
            if not table.is_over:
                due, now = table.next_due(), self.clock.now()
                if due is not None and due <= now:
                    observe_referee_lag(now - due)
                table = settle(self.ctx, table)
        except MatchNotFound:
            self.store.indexes.reschedule(match_id, -1, None)  # expired: forget it
            return
        if table.is_over:
            release_place(self.ctx, table)  # at once: a thinker may take a while to keep the record
            self.thinker.keep(table, self.store.settings)
            return  # still claimed while its record is kept
        seat = table.slow_bot_turn(self.clock.now())
        if seat is not None:
            self.thinker.submit(table, seat)
            return  # still claimed: nobody else settles it while its bot thinks
        self.store.indexes.reschedule(match_id, table.version, table.next_due())

    def write_thoughts(self) -> int:
        """Write the slow bots' decisions that came back, each if its match is still where it was, and
        take the matches whose record was kept out of the due set; how many came back."""
        thoughts = self.thinker.done()
        for thought in thoughts:
            if isinstance(thought, Kept):
                self.kept(thought)
            else:
                self.write_thought(thought)
        return len(thoughts)

    def kept(self, kept: Kept) -> None:
        """A match's record was kept (or could not be): it is due no more. A store that failed leaves it
        claimed, so that it is tried again when the lease ends."""
        if kept.error is None:
            self.store.indexes.reschedule(kept.match_id, kept.version, None)
        elif isinstance(kept.error, MatchNotFound):
            self.store.indexes.reschedule(kept.match_id, -1, None)
        else:
            log.warning("referee: keeping the record of match %s failed: %r", kept.match_id, kept.error)

    def write_thought(self, thought: Thought) -> None:
        """Write a slow bot's decision if its match is still where it was, and settle the match on."""
        try:
            if thought.action is None:
                log.error("referee: %s's decision in match %s failed: %r", thought.bot, thought.match_id, thought.error)
            else:
                table = load_table(self.ctx, thought.match_id)
                if table.version == thought.version:
                    commit(self.ctx, table, table.bot_step(thought.seat, thought.action, self.clock.now()))
            self.settle(thought.match_id)
        except (StoreUnavailable, redis.ConnectionError, redis.TimeoutError):
            raise
        except (MatchNotFound, StaleVersion, StoreFull, ArenaError) as moved_on:
            log.info("referee: match %s moved on while its bot thought (%s)", thought.match_id, moved_on)
            self.settle(thought.match_id)
        except Exception:
            log.exception("referee: writing a decision of match %s failed", thought.match_id)

    def look(self) -> bool:
        """One look at the store: settle every match due (and take in what the thinkers finished), sweep the
        tournaments; whether it looked. While no API process beats (:func:`~api.usecases.outages.serving`)
        the arena is down and nobody can act, so it holds: no clock may run out then, and the outage's
        time is given back to every clock that ran during it once the beats return."""
        if not serving(self.ctx):
            return False
        credit_outages(self.ctx)
        while self.run_due() or self.write_thoughts():
            self.run_sweep()  # on its own timer: bots due again at once must not starve it
        self.run_sweep()
        return True

    def run(self, stop: threading.Event) -> None:
        """Referee until ``stop`` is set, riding out store outages."""
        self.thinker.start()  # the record keepers, before the first match ends
        wake = self.store.client.pubsub(ignore_subscribe_messages=True)
        repaired_at = self.clock.monotonic() - REPAIR_EVERY
        while not stop.is_set():
            count_referee_loop()
            try:
                if not wake.subscribed:
                    wake.subscribe(self.store.keys.referee_wake())
                if self.store.cluster and self.clock.monotonic() - repaired_at >= REPAIR_EVERY:
                    if added := self.store.indexes.repair():
                        log.warning("referee: put back %d index entries a write left out", added)
                    repaired_at = self.clock.monotonic()
                if not self.look():
                    self.clock.wait(stop, LONGEST_SLEEP)  # the arena is down: nothing runs out meanwhile
                    continue
                first = self.store.indexes.next_due()
                pause = LONGEST_SLEEP if first is None else min(max(first - self.clock.now(), 0.0), LONGEST_SLEEP)
                if self.thinker.busy:  # wake for a decision as it comes back, and look at the due set often
                    self.thinker.wait(min(pause, THINKING_SLEEP))
                    pause = 0.0
                if wake.get_message(timeout=pause) is not None:
                    while wake.get_message(timeout=0) is not None:
                        pass  # several writes may have woken us: one look covers them all
            except (StoreUnavailable, redis.ConnectionError, redis.TimeoutError) as error:
                log.warning("referee: store unavailable (%s); retrying", error)
                wake.close()
                wake = self.store.client.pubsub(ignore_subscribe_messages=True)
                self.clock.wait(stop, 1.0)
        self.thinker.close()


def start_referee(settings: Settings) -> Referee:
    """The referee of the store ``settings`` name, with the tournaments' director swept every second."""
    ctx = wiring.context(MatchStore.connect(settings))
    return Referee(ctx, sweep=lambda: sweep(ctx))
