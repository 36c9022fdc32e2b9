"""Webhooks in Redis: each webhook's fields in the hash of the match or tournament it reports on (so they
expire together), its delivery log and dead letters beside it, and the workers' due set
(docs/store.md lists every key). No move pays anything for a webhook: the match's write script sets
only its own fields, and workers learn of new versions from the notify channels.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any, cast

import orjson

from api.store.errors import WebhookGone, reaching_redis
from api.store.keys import tournament_webhook_id
from api.store.matches import MatchStore
from api.store.webhook_scripts import DeliveryRecord, HeldElsewhere, NoWebhook, WebhookScripts
from arena.records.codec import unpack

#: How many delivery attempts each webhook's log keeps.
LOG_LENGTH = 100
#: How many dead letters each webhook keeps.
DEAD_LENGTH = 100
#: The statuses after which nothing more happens to a match or tournament.
OVER_STATUSES = ("finished", "aborted", "cancelled")


@dataclasses.dataclass(frozen=True)
class DeliveryState:
    """Where a webhook's deliveries stand (the ``webhook:*`` state fields)."""

    cursor: str = ""
    failures: int = 0
    failing_since: float | None = None
    retry_at: float | None = None
    done: bool = False


@dataclasses.dataclass(frozen=True)
class Leased:
    """A webhook leased to one worker: where to deliver, what, under which secret, and its state."""

    url: str
    events: tuple[str, ...]
    secret: str
    state: DeliveryState


@dataclasses.dataclass(frozen=True)
class Glance:
    """A webhook's state beside its match's (or tournament's) version and whether it is over, read in one command."""

    version: int
    over: bool
    state: DeliveryState


class WebhookStore:
    """Webhooks of matches and tournaments, in the matches' Redis (a :class:`~api.store.matches.MatchStore`'s)."""

    def __init__(self, matches: MatchStore) -> None:
        self.matches = matches
        self.client = matches.client
        self.keys = matches.keys
        self.scripts = WebhookScripts(self.client)

    @staticmethod
    def tournament_id(tournament_id: str) -> str:
        """The webhook id of a tournament (a match's is its match id)."""
        return tournament_webhook_id(tournament_id)

    def resource_key(self, webhook_id: str) -> str:
        """The hash of the match or tournament that holds the webhook's fields."""
        return self.keys.webhook_holder(webhook_id)

    # --- creating -----------------------------------------------------------------------------

    def register(self, webhook_id: str, url: str, events: Sequence[str], secret: str, created_at: float) -> bool:
        """Add a webhook to a stored match or tournament and to the index; whether it was added
        (``False``: it had one, which stays). The index is written either way: an idempotent retry
        of a creation mends an index step that a crash left out."""
        added = self.scripts.register(
            holder=self.resource_key(webhook_id), url=url, events=",".join(events), secret=secret, created_at=created_at
        )
        if added >= 0:
            with reaching_redis():
                self.client.zadd(self.keys.webhooks_due(), {webhook_id: created_at}, nx=True)
                self.client.publish(self.keys.webhooks_wake(), webhook_id)
        return added == 1

    # --- delivering ---------------------------------------------------------------------------

    def glance(self, webhook_id: str) -> Glance | None:
        """The resource's version and status with the webhook's state (``None``: no webhook any more)."""
        fields = ["version", "summary", "webhook:url", *STATE_FIELDS]
        with reaching_redis():
            version, summary, url, *state = cast(
                list[bytes | None], self.client.hmget(self.resource_key(webhook_id), fields)
            )
        if version is None or summary is None or url is None:
            return None
        status = orjson.loads(unpack(summary))["status"]
        return Glance(int(version), status in OVER_STATUSES, _state(state))

    def lease(self, webhook_id: str, worker: str, now: float, until: float) -> Leased | None:
        """Lease the webhook to ``worker`` until ``until``: the webhook, or ``None`` while another
        worker holds it; :class:`WebhookGone` when there is none any more."""
        answer = self.scripts.lease(holder=self.resource_key(webhook_id), worker=worker, now=now, until=until)
        if isinstance(answer, NoWebhook):
            raise WebhookGone(webhook_id)
        if isinstance(answer, HeldElsewhere):
            return None
        return Leased(
            answer.url.decode(), tuple(answer.events.decode().split(",")), answer.secret.decode(), _state(answer.state)
        )

    def record(
        self,
        webhook_id: str,
        worker: str,
        started_from: str,
        state: DeliveryState,
        *,
        lease_until: float | None,
        entry: dict[str, Any] | None = None,
        dead_letter: dict[str, Any] | None = None,
    ) -> bool:
        """Store the webhook's new ``state`` (and a log entry, a dead letter) if ``worker`` still
        holds its lease and its cursor is still ``started_from``, renewing the lease until
        ``lease_until`` (``None``: giving it back); whether it did."""
        recorded = self.scripts.record(
            holder=self.resource_key(webhook_id),
            log_key=self.keys.webhook_log(webhook_id),
            dead_key=self.keys.webhook_dead(webhook_id),
            worker=worker,
            started_from=started_from,
            record=DeliveryRecord(
                cursor=state.cursor,
                failures=state.failures,
                failing_since=state.failing_since,
                retry_at=state.retry_at,
                done=state.done,
                lease_until=lease_until,
                entry=None if entry is None else orjson.dumps(entry),
                dead_letter=None if dead_letter is None else orjson.dumps(dead_letter),
            ),
            log_length=LOG_LENGTH,
            dead_length=DEAD_LENGTH,
        )
        return recorded == 1

    def release(self, webhook_id: str, worker: str) -> None:
        self.scripts.release(holder=self.resource_key(webhook_id), worker=worker)

    # --- the index ----------------------------------------------------------------------------

    def schedule(self, webhook_id: str, at: float) -> None:
        """Have a worker look at the webhook at ``at``."""
        with reaching_redis():
            self.client.zadd(self.keys.webhooks_due(), {webhook_id: at})

    def forget(self, webhook_id: str) -> None:
        """Take a webhook that is done (or gone) out of the index; its log stays until it expires."""
        with reaching_redis():
            self.client.zrem(self.keys.webhooks_due(), webhook_id)

    def claim_due(self, now: float, lease: float, limit: int) -> list[str]:
        """The webhooks due by ``now``, each claimed for ``lease`` seconds."""
        if limit <= 0:
            return []
        return self.scripts.claim_due(due_key=self.keys.webhooks_due(), now=now, lease=lease, limit=limit)

    def next_due(self) -> float | None:
        """When a worker should next look at any webhook."""
        with reaching_redis():
            first = self.client.zrange(self.keys.webhooks_due(), 0, 0, withscores=True)
        return float(first[0][1]) if first else None

    def indexed(self) -> set[str]:
        """The ids of every webhook with deliveries ahead."""
        with reaching_redis():
            return {i.decode() for i in cast(list[bytes], self.client.zrange(self.keys.webhooks_due(), 0, -1))}

    # --- reading, for the host ----------------------------------------------------------------

    def describe(self, webhook_id: str) -> dict[str, Any] | None:
        """The webhook without its secret: URL, event types, state, delivery log and dead letters
        (``None``: the match or tournament has none)."""
        fields = ["webhook:url", "webhook:events", "webhook:created_at", *STATE_FIELDS]
        with reaching_redis(), self.client.pipeline(transaction=True) as pipe:
            pipe.hmget(self.resource_key(webhook_id), fields)
            pipe.lrange(self.keys.webhook_log(webhook_id), 0, LOG_LENGTH - 1)
            pipe.lrange(self.keys.webhook_dead(webhook_id), 0, DEAD_LENGTH - 1)
            (url, events, created_at, *state), log, dead = pipe.execute()
        if url is None:
            return None
        return {
            "url": url.decode(),
            "events": events.decode().split(","),
            "created_at": float(created_at),
            "state": _state(state),
            "deliveries": [orjson.loads(item) for item in log],
            "dead_letters": [orjson.loads(item) for item in dead],
        }


#: The state fields, in the order :func:`_state` reads them.
STATE_FIELDS = ["webhook:cursor", "webhook:failures", "webhook:failing_since", "webhook:retry_at", "webhook:done"]


def _state(values: Sequence[bytes | None]) -> DeliveryState:
    cursor, failures, failing_since, retry_at, done = (b"" if v is None else v for v in values)
    return DeliveryState(
        cursor=cursor.decode(),
        failures=int(failures or 0),
        failing_since=float(failing_since) if failing_since else None,
        retry_at=float(retry_at) if retry_at else None,
        done=done == b"1",
    )
