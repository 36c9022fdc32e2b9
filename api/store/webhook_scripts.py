"""Typed wrappers of the webhooks' scripts (``scripts/*.lua``): named arguments in, typed answers out."""

from __future__ import annotations

import dataclasses
import enum

import redis

from api.store.lua import Argument, LuaScript, number


@dataclasses.dataclass(frozen=True)
class LeasedFields:
    """A webhook's stored fields as the lease script gives them back (the state still encoded)."""

    url: bytes
    events: bytes
    secret: bytes
    state: tuple[bytes, bytes, bytes, bytes, bytes]


@dataclasses.dataclass(frozen=True)
class HeldElsewhere:
    """Another worker's lease of the webhook is still running."""


@dataclasses.dataclass(frozen=True)
class NoWebhook:
    """The match or tournament has no webhook (or is gone)."""


LeaseAnswer = LeasedFields | HeldElsewhere | NoWebhook


class RegisterAnswer(enum.IntEnum):
    """What registering a webhook did (an ``int``, as the script answers)."""

    ADDED = 1
    #: The match or tournament had a webhook: the first one stays.
    KEPT_FIRST = 0
    #: No such match or tournament.
    NO_HOLDER = -1


class RecordAnswer(enum.IntEnum):
    """What recording a delivery did (an ``int``, as the script answers)."""

    RECORDED = 1
    #: The worker's lease was given back or taken over, or the cursor moved: nothing written.
    LEASE_OR_CURSOR_MOVED = 0
    #: The webhook (its match or tournament) is gone.
    GONE = -1


@dataclasses.dataclass(frozen=True)
class DeliveryRecord:
    """What a delivery changed: the new state fields (encoded) and what to log."""

    cursor: str
    failures: int
    failing_since: float | None
    retry_at: float | None
    done: bool
    lease_until: float | None
    entry: bytes | None
    dead_letter: bytes | None


class WebhookScripts:
    """The webhooks' scripts, registered with one client."""

    def __init__(self, client: redis.Redis | redis.RedisCluster) -> None:
        self._register = LuaScript(client, "register_webhook")
        self._lease = LuaScript(client, "lease_webhook")
        self._record = LuaScript(client, "record_delivery")
        self._release = LuaScript(client, "release_webhook")
        self._claim = LuaScript(client, "claim_due")

    def register(self, *, holder: str, url: str, events: str, secret: str, created_at: float) -> RegisterAnswer:
        """Add a webhook to the match or tournament hash ``holder``, unless it has one (which stays)."""
        return RegisterAnswer(self._register([holder], [url, events, secret, repr(created_at)]))

    def lease(self, *, holder: str, worker: str, now: float, until: float) -> LeaseAnswer:
        """Lease the webhook to ``worker`` until ``until`` unless another worker's lease runs at ``now``."""
        reply = self._lease([holder], [worker, repr(now), repr(until)])
        if reply[0] == -1:
            return NoWebhook()
        if reply[0] == 0:
            return HeldElsewhere()
        url, events, secret, *state = reply[1:]
        return LeasedFields(url, events, secret, (state[0], state[1], state[2], state[3], state[4]))

    def record(
        self,
        *,
        holder: str,
        log_key: str,
        dead_key: str,
        worker: str,
        started_from: str,
        record: DeliveryRecord,
        log_length: int,
        dead_length: int,
    ) -> RecordAnswer:
        """Store a delivery's ``record`` while ``worker`` holds the lease and the cursor is still
        ``started_from``."""
        args: list[Argument] = [
            worker,
            started_from,
            record.cursor,
            record.failures,
            number(record.failing_since),
            number(record.retry_at),
            "1" if record.done else "",
            number(record.lease_until),
            record.entry or b"",
            record.dead_letter or b"",
            log_length,
            dead_length,
        ]
        return RecordAnswer(self._record([holder, log_key, dead_key], args))

    def release(self, *, holder: str, worker: str) -> bool:
        """Give up ``worker``'s lease of the webhook; whether it held it."""
        return bool(self._release([holder], [worker]))

    def claim_due(self, *, due_key: str, now: float, lease: float, limit: int) -> list[str]:
        """The webhooks due by ``now`` (at most ``limit``), each pushed back by ``lease`` seconds."""
        return [member.decode() for member in self._claim([due_key], [repr(now), repr(lease), limit])]
