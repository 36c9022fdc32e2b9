"""The ``arena webhooks`` process: delivers every webhook's events, in order, at least once.

It never runs on a request's path. It knows which resources have webhooks from the index
(``{webhooks}:due``, read whole every :data:`INDEX_EVERY` seconds, and the wake channel that
announces each new one), wakes on the notify channel that every write of a match or tournament
publishes, and claims index entries that are due (a retry's time, or a periodic look, since
notifications are lost while no worker listens). For one webhook at a time it takes a lease in the
resource's hash, reads what the public saw after its cursor, and POSTs it step by step
(:mod:`arena.webhooks.plan`), recording each attempt (and the cursor after each success) before the
next; a failure waits as :mod:`arena.webhooks.backoff` says. A crash after a POST and before its
record sends that event again: delivery is at least once, and the event id tells a receiver it
saw it already.

Several workers may run: a webhook is delivered by the worker holding its lease, and a worker
that dies leaves its lease to run out (:data:`LEASE`). Within one worker, a pool of threads
delivers to different webhooks at once, so one slow receiver does not hold up the others.
"""

from __future__ import annotations

import dataclasses
import logging
import os
import secrets
import socket
import threading
from concurrent.futures import ThreadPoolExecutor

import orjson
import redis

from api.settings import Settings
from api.store.errors import MatchNotFound, StoreUnavailable, TournamentNotFound, WebhookGone
from api.store.keys import tag_of_channel
from api.store.matches import MatchStore
from api.store.webhooks import DeliveryState, Glance, Leased
from api.usecases import wiring
from api.usecases.context import Context
from api.usecases.matches.reading import load_table
from api.usecases.tournaments.views import resource
from api.usecases.tournaments.writing import load
from api.workers.webhooks.transport import Outcome, Sender, Watchdog
from arena.matches.views import visible_events
from arena.webhooks.backoff import RetryPolicy
from arena.webhooks.plan import (
    Cursor,
    Delivery,
    MatchEnding,
    PublicVersion,
    Step,
    TournamentState,
    match_steps,
    needs_look,
    standings_steps,
)
from arena.webhooks.signing import SIGNATURE_HEADER, signature_header

log = logging.getLogger(__name__)

#: Seconds a worker holds a webhook's lease; each record of a delivery renews it.
LEASE = 60.0
#: Seconds a claimed index entry is left to its worker before another may claim it.
CLAIM_LEASE = 60.0
#: Seconds between looks at a webhook that has nothing to deliver (a notification wakes it sooner).
IDLE_LOOK = 30.0
#: Seconds between reads of the whole index.
INDEX_EVERY = 30.0
#: Log entries read at once.
PAGE = 100
#: Seconds one webhook keeps a thread while it has more to deliver, before the others get a turn.
TURN_SECONDS = 5.0
#: The longest sleep of the main loop (a stop request is noticed within it).
LONGEST_SLEEP = 1.0


def delivery_attempted(event_type: str, delivered: bool, seconds: float) -> None:
    """Called after every delivery attempt with its event type, whether it was delivered (a 2xx
    answer) and how long it took: the place for a counter and a histogram of deliveries (not
    counted yet: the metrics module will hook in here)."""


class LostLease(Exception):
    """Another worker took the webhook over (this one's lease ran out): it stops delivering."""


@dataclasses.dataclass(frozen=True)
class WorkerSettings:
    """What a worker reads from its environment.

    ``timeout``: seconds one delivery may take, from the lookup to the answer
    (``ARENA_WEBHOOK_TIMEOUT``, default 10); ``concurrency``: webhooks delivered to at once
    (``ARENA_WEBHOOK_CONCURRENCY``, default 16); ``policy``: the retry schedule, whose first delay,
    longest delay and 24 h budget ``ARENA_WEBHOOK_RETRY_FIRST``, ``ARENA_WEBHOOK_RETRY_LONGEST`` and
    ``ARENA_WEBHOOK_RETRY_FOR`` (seconds) may change; ``allow_private``: ``ARENA_WEBHOOK_ALLOW_PRIVATE=1``
    (api/settings.py reads them all).
    """

    timeout: float = 10.0
    concurrency: int = 16
    policy: RetryPolicy = dataclasses.field(default_factory=RetryPolicy)
    allow_private: bool = False

    @classmethod
    def of(cls, settings: Settings) -> WorkerSettings:
        return cls(
            timeout=settings.webhook_timeout,
            concurrency=settings.webhook_concurrency,
            policy=RetryPolicy(
                first=settings.webhook_retry_first,
                longest=settings.webhook_retry_longest,
                retry_for=settings.webhook_retry_for,
            ),
            allow_private=settings.webhook_allow_private,
        )


class Worker:
    """One worker process's loop over the webhooks of a store."""

    def __init__(self, ctx: Context, settings: WorkerSettings, name: str | None = None) -> None:
        self.ctx = ctx
        self.store = ctx.store
        self.clock = ctx.clock
        self.settings = settings
        self.hooks = ctx.webhooks
        self.name = name or f"{socket.gethostname()}-{os.getpid()}-{secrets.token_hex(3)}"
        self.watchdog = Watchdog()
        self._lock = threading.Lock()
        self._known: set[str] = set()  # webhooks with deliveries ahead, whose notifications matter
        self._announced: set[str] = set()  # new since the index was last read
        self._woken: set[str] = set()  # notified since the main loop last looked
        self._running: set[str] = set()  # delivered to by a thread now
        self._again: set[str] = set()  # notified while running: looked at again after
        self._wake = threading.Event()
        self._stop = threading.Event()  # run()'s: a look under way ends after its current delivery
        self._next_claim = 0.0  # when the index is next read for due entries
        self._claim_when_free = False  # the last claim took all it could: claim again when a look ends
        self._pool = ThreadPoolExecutor(settings.concurrency, thread_name_prefix="arena-webhook")

    # --- the loop -----------------------------------------------------------------------------

    def run(self, stop: threading.Event) -> None:
        """Deliver until ``stop`` is set, riding out store outages; deliveries under way finish."""
        self._stop = stop
        listener = threading.Thread(target=self._listen, args=(stop,), name="arena-webhook-listener", daemon=True)
        listener.start()
        indexed_at = -INDEX_EVERY
        try:
            while not stop.is_set():
                try:
                    if self.clock.monotonic() - indexed_at >= INDEX_EVERY:
                        with self._lock:
                            self._announced = set()
                        known = self.hooks.indexed()
                        with self._lock:
                            self._known = known | self._announced  # those announced during the read too
                        indexed_at = self.clock.monotonic()
                    self.run_due()
                    self.clock.wait(self._wake, self._pause())
                    self._wake.clear()
                except (StoreUnavailable, redis.ConnectionError, redis.TimeoutError) as error:
                    log.warning("webhooks: store unavailable (%s); retrying", error)
                    self.clock.wait(stop, 1.0)
        finally:
            self._pool.shutdown(wait=True, cancel_futures=True)

    def run_due(self) -> int:
        """Start looking at the webhooks that were notified, and (when some are due) those due; how many.

        The index is read when its first entry is due, and at least every :data:`LONGEST_SLEEP`
        seconds (other workers schedule too), never once per notification.
        """
        now = self.clock.now()
        with self._lock:
            free = 2 * self.settings.concurrency - len(self._running)
            woken, self._woken = self._woken, set()
            claim = now >= self._next_claim
        due: list[str] = []
        if claim:
            due = self.hooks.claim_due(now, CLAIM_LEASE, free)
            full = len(due) >= free  # more may be due: claimed again as soon as a look ends
            first = None if full else self.hooks.next_due()
            with self._lock:
                self._claim_when_free = full
                self._next_claim = now + LONGEST_SLEEP if first is None else min(first, now + LONGEST_SLEEP)
        for webhook_id in dict.fromkeys([*due, *woken]):
            self._start(webhook_id)
        return len(due) + len(woken)

    def _pause(self) -> float:
        with self._lock:
            return min(max(self._next_claim - self.clock.now(), 0.0), LONGEST_SLEEP)

    def _start(self, webhook_id: str) -> None:
        with self._lock:
            if webhook_id in self._running:
                self._again.add(webhook_id)
                return
            self._running.add(webhook_id)
        self._pool.submit(self._turn, webhook_id)

    def _turn(self, webhook_id: str) -> None:
        try:
            self.look(webhook_id)
        except Exception:  # one broken webhook must not stop the others; its index entry brings it back
            log.exception("webhooks: delivering for %s failed", webhook_id)
        finally:
            with self._lock:
                self._running.discard(webhook_id)
                again = webhook_id in self._again
                self._again.discard(webhook_id)
                if self._claim_when_free:
                    self._next_claim = 0.0
            if again:
                self._start(webhook_id)
            else:
                self._wake.set()

    def _listen(self, stop: threading.Event) -> None:
        """Note the webhooks whose resource changed (notify channels) and the new ones (wake channel)."""
        failures = 0
        while not stop.is_set():
            pubsub = self.store.client.pubsub(ignore_subscribe_messages=False)
            try:
                pubsub.psubscribe(self.store.keys.notify_pattern())
                pubsub.subscribe(self.hooks.keys.webhooks_wake())
                while not stop.is_set():
                    message = pubsub.get_message(timeout=1.0)
                    if message is None:
                        continue
                    kind = message["type"]
                    if kind in ("psubscribe", "subscribe"):
                        failures = 0
                        self._notify_all()  # what was published before the subscription is looked at
                    elif kind == "pmessage":
                        self._notify(tag_of_channel(message["channel"].decode()))
                    elif kind == "message":
                        self._notify(message["data"].decode(), new=True)
            except (redis.ConnectionError, redis.TimeoutError, OSError) as error:
                failures += 1
                if failures == 1:
                    log.warning("webhooks: notification subscription lost (%s); resubscribing", error)
            finally:
                pubsub.close()
            self.clock.wait(stop, min(0.1 * 2 ** min(failures, 6), 5.0))

    def _notify(self, webhook_id: str, new: bool = False) -> None:
        with self._lock:
            if new:
                self._known.add(webhook_id)
                self._announced.add(webhook_id)
            elif webhook_id not in self._known:
                return
            self._woken.add(webhook_id)
        self._wake.set()

    def _notify_all(self) -> None:
        with self._lock:
            self._woken |= self._known
        self._wake.set()

    # --- one webhook --------------------------------------------------------------------------

    def look(self, webhook_id: str) -> None:
        """Deliver what one webhook has to deliver now (if no other worker is), then reschedule it."""
        now = self.clock.now()
        glance = self.hooks.glance(webhook_id)
        if glance is None or glance.state.done:
            self._forget(webhook_id)
            return
        if glance.state.retry_at is not None and glance.state.retry_at > now:
            self._schedule(webhook_id, glance.state.retry_at)
            return
        if not needs_look(Cursor.parse(glance.state.cursor), glance.version, glance.over):
            self._schedule(webhook_id, now + IDLE_LOOK)
            return
        try:
            leased = self.hooks.lease(webhook_id, self.name, now, now + LEASE)
        except WebhookGone:
            self._forget(webhook_id)
            return
        if leased is None:
            return  # another worker delivers; it reschedules
        run = _Run(self, webhook_id, leased)
        try:
            next_look = self._deliver(run, glance)
        except WebhookGone:
            next_look = None
        except LostLease:
            next_look, run.released = self.clock.now() + IDLE_LOOK, True
        finally:
            if not run.released:
                self.hooks.release(webhook_id, self.name)
        if next_look is None:
            self._forget(webhook_id)
        else:
            self._schedule(webhook_id, next_look)

    def _schedule(self, webhook_id: str, at: float) -> None:
        self.hooks.schedule(webhook_id, at)
        with self._lock:
            self._next_claim = min(self._next_claim, at)

    def _forget(self, webhook_id: str) -> None:
        self.hooks.forget(webhook_id)
        with self._lock:
            self._known.discard(webhook_id)

    def _deliver(self, run: _Run, glance: Glance) -> float | None:
        """Deliver in order from the webhook's cursor, up to the version ``glance`` saw (and on, while a
        page of the log ends before it): when to look again (``None``: never)."""
        leased = run.leased
        sender = Sender(leased.url, self.settings.timeout, self.watchdog, self.settings.allow_private)
        turn_ends = self.clock.monotonic() + TURN_SECONDS
        seen: Glance | None = glance
        try:
            while not run.state.done:
                steps, complete = self._steps(run.webhook_id, leased.events, Cursor.parse(run.state.cursor), seen)
                seen = None
                for step in steps:
                    if self._stop.is_set():
                        break  # stopping: what is delivered is recorded, the rest waits for a worker
                    if step.delivery is None:  # nothing to send: recorded with the next record
                        run.state = dataclasses.replace(run.state, cursor=str(step.cursor), done=step.final)
                        continue
                    retry_at = self._attempt(run, sender, step, last=complete and step is steps[-1])
                    if retry_at is not None:
                        return retry_at
                if not steps or complete or self.clock.monotonic() > turn_ends or self._stop.is_set():
                    break  # a version written since is notified: the look comes back for it
        finally:
            sender.close()
        if run.state != run.stored:
            run.record(run.state, release=True)
        if run.state.done:
            return None
        interrupted = self.clock.monotonic() > turn_ends or self._stop.is_set()
        return self.clock.now() if interrupted else self.clock.now() + IDLE_LOOK  # interrupted: due again at once

    def _attempt(self, run: _Run, sender: Sender, step: Step, last: bool) -> float | None:
        """POST one step's delivery and record what came of it (releasing the lease with the record of
        the ``last`` step, or of a failure): when to try again, or ``None`` to go on."""
        assert step.delivery is not None
        state = run.state
        attempt = state.failures + 1
        started = self.clock.now()
        outcome = self._send(sender, run.leased.secret, step.delivery, attempt)
        now = self.clock.now()
        if outcome.delivered:
            after = DeliveryState(cursor=str(step.cursor), done=step.final)
            run.record(after, _entry(step.delivery, attempt, started, outcome, "delivered"), release=last)
            return None
        failing_since = state.failing_since if state.failing_since is not None else started
        verdict = self.settings.policy.after_failure(attempt, failing_since, now)
        if verdict.retry_at is None:
            after = DeliveryState(cursor=str(step.cursor), failing_since=failing_since, done=step.final)
            entry = _entry(step.delivery, attempt, started, outcome, "dead")
            dead = {
                "event_id": step.delivery.event_id,
                "type": step.delivery.type,
                "attempts": attempt,
                "failing_since": failing_since,
                "dead_at": now,
                "error": outcome.describe(),
                "body": step.delivery.body,
            }
            run.record(after, entry, dead, release=last)
            log.warning("webhooks: %s given up after %d attempts (%s)", step.delivery.event_id, attempt, entry["error"])
            return None
        after = dataclasses.replace(
            state, failures=attempt, failing_since=failing_since, retry_at=verdict.retry_at, done=False
        )
        run.record(after, _entry(step.delivery, attempt, started, outcome, "failed"), release=True)
        return verdict.retry_at

    def _send(self, sender: Sender, secret: str, delivery: Delivery, attempt: int) -> Outcome:
        body = orjson.dumps(delivery.body)
        headers = {
            SIGNATURE_HEADER: signature_header(secret, int(self.clock.now()), body),
            "Arena-Event-Id": delivery.event_id,
            "Arena-Event-Type": delivery.type,
            "Arena-Delivery-Attempt": str(attempt),
        }
        outcome = sender.post(body, headers)
        delivery_attempted(delivery.type, outcome.delivered, outcome.seconds)
        return outcome

    def _steps(
        self, webhook_id: str, wanted: tuple[str, ...], cursor: Cursor, seen: Glance | None
    ) -> tuple[list[Step], bool]:
        """The next steps from ``cursor``, from the match or tournament as it is now (``seen``: as
        just read), and whether they reach the version read (else a page of the log ended first)."""
        if webhook_id.startswith("t:"):
            tournament_id = webhook_id.removeprefix("t:")
            try:
                tournament = load(self.ctx, tournament_id)
            except TournamentNotFound:
                raise WebhookGone(webhook_id) from None
            public = resource(self.ctx, tournament)  # standings: the first page
            state = TournamentState(
                version=tournament.version,
                status=tournament.status,
                over=tournament.is_over,
                at=tournament.updated_at,
                progress=public["progress"],
                standings=public["standings"],
            )
            return standings_steps(tournament_id, cursor, wanted, state), True
        # The log and the hash's version and status: the snapshot is read only for how the match ended.
        glance = seen or self.hooks.glance(webhook_id)
        if glance is None:
            raise WebhookGone(webhook_id)
        versions: list[PublicVersion] = []
        reached = glance.version
        if "version" in wanted and cursor.version < glance.version:
            for entry in self.store.log(webhook_id, cursor.version, PAGE):
                if entry["version"] <= glance.version:  # written after the glance: the next look's
                    versions.append(PublicVersion(entry["version"], entry["at"], visible_events([entry], None)))
            reached = versions[-1].version if versions else cursor.version
        ending = None
        if glance.over and reached >= glance.version:
            try:
                table = load_table(self.ctx, webhook_id)
            except MatchNotFound:
                raise WebhookGone(webhook_id) from None
            ending = MatchEnding(table.version, table.status, table.result(), table.updated_at)
        steps = match_steps(webhook_id, cursor, wanted, versions=versions, latest=glance.version, ending=ending)
        return steps, reached >= glance.version


class _Run:
    """One worker's turn at one leased webhook: its state as stored and as moved since (by steps with
    nothing to send, recorded with the next record), and whether the lease is given back."""

    def __init__(self, worker: Worker, webhook_id: str, leased: Leased) -> None:
        self.worker = worker
        self.webhook_id = webhook_id
        self.leased = leased
        self.stored = self.state = leased.state
        self.released = False

    def record(
        self,
        state: DeliveryState,
        entry: dict[str, object] | None = None,
        dead: dict[str, object] | None = None,
        release: bool = False,
    ) -> None:
        """Store ``state`` (with a log entry, a dead letter), renewing the lease or giving it back;
        :class:`LostLease` if another worker took the webhook over."""
        until = None if release else self.worker.clock.now() + LEASE
        hooks, name = self.worker.hooks, self.worker.name
        recorded = hooks.record(
            self.webhook_id, name, self.stored.cursor, state, lease_until=until, entry=entry, dead_letter=dead
        )
        if not recorded:
            raise LostLease(self.webhook_id)
        self.stored = self.state = state
        self.released = release


def _entry(delivery: Delivery, attempt: int, at: float, outcome: Outcome, result: str) -> dict[str, object]:
    """One line of the delivery log."""
    return {
        "event_id": delivery.event_id,
        "type": delivery.type,
        "attempt": attempt,
        "at": at,
        "seconds": round(outcome.seconds, 6),
        "status": outcome.status,
        "error": None if outcome.status is not None else outcome.error,
        "outcome": result,
    }


def start_worker(settings: Settings) -> Worker:
    """The webhook worker of the store ``settings`` name."""
    return Worker(wiring.context(MatchStore.connect(settings)), WorkerSettings.of(settings))
