"""The ``arena webhooks`` process: delivers every webhook's events, in order, at least once.

It never runs on a request's path. It knows which resources have webhooks from the index
(``{webhooks}:due``, read whole every :data:`INDEX_EVERY` seconds, and the wake channel that
announces each new one), wakes on the notify channel that every write of a match or tournament
publishes, and claims index entries that are due (a retry's time, or a periodic look, since
notifications are lost while no worker listens). For one webhook at a time it takes a lease in the
resource's hash, reads what the public saw after its cursor, and POSTs it step by step
(:mod:`api.webhooks.plan`), recording each attempt (and the cursor after each success) before the
next; a failure waits as :mod:`api.webhooks.backoff` says. A crash after a POST and before its
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
import time
from concurrent.futures import ThreadPoolExecutor

import orjson
import redis

from api.matches.service import load_table, visible_events
from api.store import MatchNotFound, MatchStore, StoreUnavailable
from api.tournaments import service as tournaments
from api.tournaments.store import TournamentNotFound, TournamentStore
from api.webhooks.addresses import allow_private
from api.webhooks.backoff import RetryPolicy
from api.webhooks.plan import (
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
from api.webhooks.signing import SIGNATURE_HEADER, signature_header
from api.webhooks.store import DeliveryState, Leased, WebhookGone, WebhookStore
from api.webhooks.transport import Outcome, Sender, Watchdog

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
    (``ARENA_WEBHOOK_CONCURRENCY``, default 16); ``policy``: the retry schedule, whose 24 h budget
    ``ARENA_WEBHOOK_RETRY_FOR`` (seconds) may change; ``allow_private``: ``ARENA_WEBHOOK_ALLOW_PRIVATE=1``.
    """

    timeout: float = 10.0
    concurrency: int = 16
    policy: RetryPolicy = dataclasses.field(default_factory=RetryPolicy)
    allow_private: bool = False

    @classmethod
    def from_environment(cls) -> WorkerSettings:
        defaults = cls()
        return cls(
            timeout=float(os.environ.get("ARENA_WEBHOOK_TIMEOUT") or defaults.timeout),
            concurrency=int(os.environ.get("ARENA_WEBHOOK_CONCURRENCY") or defaults.concurrency),
            policy=RetryPolicy(retry_for=float(os.environ.get("ARENA_WEBHOOK_RETRY_FOR") or defaults.policy.retry_for)),
            allow_private=allow_private(),
        )


class Worker:
    """One worker process's loop over the webhooks of a store."""

    def __init__(self, store: MatchStore, settings: WorkerSettings, name: str | None = None) -> None:
        self.store = store
        self.settings = settings
        self.hooks = WebhookStore(store)
        self.tournaments = TournamentStore(store)
        self.name = name or f"{socket.gethostname()}-{os.getpid()}-{secrets.token_hex(3)}"
        self.watchdog = Watchdog()
        self._lock = threading.Lock()
        self._known: set[str] = set()  # webhooks with deliveries ahead, whose notifications matter
        self._woken: set[str] = set()  # notified since the main loop last looked
        self._running: set[str] = set()  # delivered to by a thread now
        self._again: set[str] = set()  # notified while running: looked at again after
        self._wake = threading.Event()
        self._pool = ThreadPoolExecutor(settings.concurrency, thread_name_prefix="arena-webhook")

    # --- the loop -----------------------------------------------------------------------------

    def run(self, stop: threading.Event) -> None:
        """Deliver until ``stop`` is set, riding out store outages; deliveries under way finish."""
        listener = threading.Thread(target=self._listen, args=(stop,), name="arena-webhook-listener", daemon=True)
        listener.start()
        indexed_at = -INDEX_EVERY
        try:
            while not stop.is_set():
                try:
                    if time.monotonic() - indexed_at >= INDEX_EVERY:
                        known = self.hooks.indexed()
                        with self._lock:
                            self._known = known
                        indexed_at = time.monotonic()
                    self.run_due()
                    self._wake.wait(self._pause())
                    self._wake.clear()
                except (StoreUnavailable, redis.ConnectionError, redis.TimeoutError) as error:
                    log.warning("webhooks: store unavailable (%s); retrying", error)
                    stop.wait(1.0)
        finally:
            self._pool.shutdown(wait=True, cancel_futures=True)

    def run_due(self) -> int:
        """Start looking at the webhooks that are due or were notified; how many."""
        with self._lock:
            free = 2 * self.settings.concurrency - len(self._running)
            woken, self._woken = self._woken, set()
        due = self.hooks.claim_due(time.time(), CLAIM_LEASE, free)
        for webhook_id in dict.fromkeys([*due, *woken]):
            self._start(webhook_id)
        return len(due) + len(woken)

    def _pause(self) -> float:
        with self._lock:
            if len(self._running) >= 2 * self.settings.concurrency:
                return LONGEST_SLEEP  # a finishing look wakes the loop
        first = self.hooks.next_due()
        return LONGEST_SLEEP if first is None else min(max(first - time.time(), 0.0), LONGEST_SLEEP)

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
            if again:
                self._start(webhook_id)
            else:
                self._wake.set()

    def _listen(self, stop: threading.Event) -> None:
        """Note the webhooks whose resource changed (notify channels) and the new ones (wake channel)."""
        failures = 0
        while not stop.is_set():
            pubsub = self.store.client.pubsub(ignore_subscribe_messages=False)  # type: ignore[no-untyped-call]
            try:
                pubsub.psubscribe(self.store.notify_pattern())
                pubsub.subscribe(self.hooks.wake_channel())
                while not stop.is_set():
                    message = pubsub.get_message(timeout=1.0)
                    if message is None:
                        continue
                    kind = message["type"]
                    if kind in ("psubscribe", "subscribe"):
                        failures = 0
                        self._notify_all()  # what was published before the subscription is looked at
                    elif kind == "pmessage":
                        self._notify(self.store.match_id_of_channel(message["channel"].decode()))
                    elif kind == "message":
                        self._notify(message["data"].decode(), new=True)
            except (redis.ConnectionError, redis.TimeoutError, OSError) as error:
                failures += 1
                if failures == 1:
                    log.warning("webhooks: notification subscription lost (%s); resubscribing", error)
            finally:
                pubsub.close()
            stop.wait(min(0.1 * 2**failures, 5.0))

    def _notify(self, webhook_id: str, new: bool = False) -> None:
        with self._lock:
            if new:
                self._known.add(webhook_id)
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
        now = time.time()
        glance = self.hooks.glance(webhook_id)
        if glance is None or glance.state.done:
            self._forget(webhook_id)
            return
        if glance.state.retry_at is not None and glance.state.retry_at > now:
            self.hooks.schedule(webhook_id, glance.state.retry_at)
            return
        if not needs_look(Cursor.parse(glance.state.cursor), glance.version, glance.over):
            self.hooks.schedule(webhook_id, now + IDLE_LOOK)
            return
        try:
            leased = self.hooks.lease(webhook_id, self.name, now, now + LEASE)
        except WebhookGone:
            self._forget(webhook_id)
            return
        if leased is None:
            return  # another worker delivers; it reschedules
        try:
            next_look = self._deliver(webhook_id, leased)
        except WebhookGone:
            next_look = None
        except LostLease:
            next_look = time.time() + IDLE_LOOK
        finally:
            self.hooks.release(webhook_id, self.name)
        if next_look is None:
            self._forget(webhook_id)
        else:
            self.hooks.schedule(webhook_id, next_look)

    def _forget(self, webhook_id: str) -> None:
        self.hooks.forget(webhook_id)
        with self._lock:
            self._known.discard(webhook_id)

    def _deliver(self, webhook_id: str, leased: Leased) -> float | None:
        """Deliver in order from the webhook's cursor: when to look again (``None``: never)."""
        sender = Sender(leased.url, self.settings.timeout, self.watchdog, self.settings.allow_private)
        state, stored = leased.state, leased.state
        turn_ends = time.monotonic() + TURN_SECONDS
        try:
            while not state.done:
                steps = self._steps(webhook_id, leased.events, Cursor.parse(state.cursor))
                if not steps:
                    break
                for step in steps:
                    if step.delivery is None:  # nothing to send: recorded with the next record
                        state = dataclasses.replace(state, cursor=str(step.cursor), done=step.final)
                        continue
                    state, retry_at = self._attempt(webhook_id, leased, sender, (stored, state), step)
                    stored = state
                    if retry_at is not None:
                        return retry_at
                if time.monotonic() > turn_ends:
                    break
        finally:
            sender.close()
        if state != stored:
            self._record(webhook_id, stored, state)
        if state.done:
            return None
        return time.time() if time.monotonic() > turn_ends else time.time() + IDLE_LOOK

    def _attempt(
        self, webhook_id: str, leased: Leased, sender: Sender, states: tuple[DeliveryState, DeliveryState], step: Step
    ) -> tuple[DeliveryState, float | None]:
        """POST one step's delivery and record what came of it, from the ``(stored, current)`` states
        (the current one has the steps since the last record): the new state, and when to try again
        (``None``: go on with the next step)."""
        stored, state = states
        assert step.delivery is not None
        attempt = state.failures + 1
        started = time.time()
        outcome = self._send(sender, leased.secret, step.delivery, attempt)
        now = time.time()
        if outcome.delivered:
            after = DeliveryState(cursor=str(step.cursor), done=step.final)
            self._record(webhook_id, stored, after, _entry(step.delivery, attempt, started, outcome, "delivered"))
            return after, None
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
            self._record(webhook_id, stored, after, entry, dead)
            log.warning("webhooks: %s given up after %d attempts (%s)", step.delivery.event_id, attempt, entry["error"])
            return after, None
        after = dataclasses.replace(
            state, failures=attempt, failing_since=failing_since, retry_at=verdict.retry_at, done=False
        )
        self._record(webhook_id, stored, after, _entry(step.delivery, attempt, started, outcome, "failed"))
        return after, verdict.retry_at

    def _send(self, sender: Sender, secret: str, delivery: Delivery, attempt: int) -> Outcome:
        body = orjson.dumps(delivery.body)
        headers = {
            SIGNATURE_HEADER: signature_header(secret, int(time.time()), body),
            "Arena-Event-Id": delivery.event_id,
            "Arena-Event-Type": delivery.type,
            "Arena-Delivery-Attempt": str(attempt),
        }
        outcome = sender.post(body, headers)
        delivery_attempted(delivery.type, outcome.delivered, outcome.seconds)
        return outcome

    def _record(
        self,
        webhook_id: str,
        stored: DeliveryState,
        state: DeliveryState,
        entry: dict[str, object] | None = None,
        dead: dict[str, object] | None = None,
    ) -> None:
        until = time.time() + LEASE
        if not self.hooks.record(
            webhook_id, self.name, stored.cursor, state, lease_until=until, entry=entry, dead_letter=dead
        ):
            raise LostLease(webhook_id)

    def _steps(self, webhook_id: str, wanted: tuple[str, ...], cursor: Cursor) -> list[Step]:
        """The next steps from ``cursor``, from the match or tournament as it is now."""
        if webhook_id.startswith("t:"):
            tournament_id = webhook_id.removeprefix("t:")
            try:
                tournament = tournaments.load(self.tournaments, tournament_id)
            except TournamentNotFound:
                raise WebhookGone(webhook_id) from None
            seen = tournaments.resource(tournament)
            state = TournamentState(
                version=tournament.version,
                status=tournament.status,
                over=tournament.is_over,
                at=tournament.updated_at,
                progress=seen["progress"],
                standings=seen["standings"],
            )
            return standings_steps(tournament_id, cursor, wanted, state)
        try:
            table = load_table(self.store, webhook_id)
        except MatchNotFound:
            raise WebhookGone(webhook_id) from None
        versions: list[PublicVersion] = []
        if "version" in wanted and cursor.version < table.version:
            for entry in self.store.log(webhook_id, cursor.version, PAGE):
                if entry["version"] <= table.version:  # written after the table was read: the next round's
                    versions.append(PublicVersion(entry["version"], entry["at"], visible_events([entry], None)))
        ending = MatchEnding(table.version, table.status, table.result(), table.updated_at) if table.is_over else None
        return match_steps(webhook_id, cursor, wanted, versions=versions, latest=table.version, ending=ending)


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
