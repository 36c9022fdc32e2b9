"""All Redis access of webhooks: key names, the scripts that keep a webhook's state, and the index.

A webhook lives with what it reports on: a match's in the match's hash tag ``{<match id>}``, a
tournament's in ``{t:<tournament id>}``. Below, ``<id>`` is that tag's content (the match id, or
``t:<tournament id>``), which is also what the notifier calls the resource's channel.

- the match's hash ``<prefix>:{<id>}:match`` (a tournament's ``<prefix>:{t:<id>}:tournament``)
  holds the webhook in fields of its own, so they expire with the match (or tournament):
  ``webhook:url``, ``webhook:events`` (the event types, comma-separated), ``webhook:secret`` (kept to
  sign; no read answer ever holds it), ``webhook:created_at``; and the delivery state:
  ``webhook:cursor`` (delivered up to where: :class:`~api.webhooks.plan.Cursor`),
  ``webhook:failures`` (failed attempts at the event now pending), ``webhook:failing_since``
  (when the current run of failures began, or empty), ``webhook:retry_at`` (when the pending event
  is tried again, or empty), ``webhook:done`` (``1`` once nothing more can come) and
  ``webhook:lease`` (``<worker> <until>``: the worker delivering now, so deliveries stay in order).
  The match's write script sets only its own fields, so neither writer disturbs the other;
- ``<prefix>:{<id>}:webhook:log``, a list of the latest :data:`LOG_LENGTH` delivery attempts, newest
  first (JSON: event id and type, attempt, when, how long, HTTP status or error, outcome);
- ``<prefix>:{<id>}:webhook:dead``, a list of the latest :data:`DEAD_LENGTH` dead letters, newest
  first (JSON: the event, its attempts, the last error, and the body that was not delivered).
  Both lists are given the hash's remaining TTL at each write, so they go when the match does.

One index spans webhooks, under its own hash tag: ``<prefix>:{webhooks}:due``, a sorted set of the
``<id>`` of every webhook with deliveries ahead, scored by when a worker should next look at it (a
retry's time, or a periodic look while it waits for news). It is written at creation, after the
webhook's fields (a separate step: a crash between the two leaves a webhook that never delivers, in
a match whose creation answer was lost, or whose idempotent retry writes the index again); workers
claim entries from it as the referee claims due matches, and drop those that are done or gone. The
channel ``<prefix>:webhooks:wake`` announces a new webhook's ``<id>`` to the workers at once.

Every script touches one hash slot, so a Redis Cluster runs them as one server does. Workers learn
of new versions from the matches' notify channels (``api/store.py``) and never write the match's
own fields; no move pays anything for a webhook.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any, cast

import orjson

from api.matches.compaction import unpack
from api.store import MatchStore, reaching_redis
from api.tournaments.store import TournamentStore

#: How many delivery attempts each webhook's log keeps.
LOG_LENGTH = 100
#: How many dead letters each webhook keeps.
DEAD_LENGTH = 100
#: The statuses after which nothing more happens to a match or tournament.
OVER_STATUSES = ("finished", "aborted", "cancelled")

# Adds a webhook to a match or tournament that exists, unless it has one (a racing or repeated
# creation keeps the first). KEYS: 1 its hash. ARGV: 1 url, 2 event types, 3 secret, 4 created at.
# Returns 1 when added, 0 when it had one, -1 when the match or tournament does not exist.
REGISTER_SCRIPT = """#!lua
if redis.call('HEXISTS', KEYS[1], 'version') == 0 then return -1 end
if redis.call('HSETNX', KEYS[1], 'webhook:secret', ARGV[3]) == 0 then return 0 end
redis.call('HSET', KEYS[1], 'webhook:url', ARGV[1], 'webhook:events', ARGV[2], 'webhook:created_at', ARGV[4],
  'webhook:cursor', '', 'webhook:failures', '0', 'webhook:failing_since', '', 'webhook:retry_at', '',
  'webhook:done', '')
return 1
"""

# Takes the lease of a webhook for one worker, unless another worker's lease is still running, and
# returns the webhook. KEYS: 1 the hash. ARGV: 1 worker, 2 now, 3 lease until.
# Returns {1, url, events, secret, cursor, failures, failing_since, retry_at, done} when leased,
# {0} when another worker holds it, {-1} when there is no webhook (or no match) any more.
LEASE_SCRIPT = """#!lua
local f = redis.call('HMGET', KEYS[1], 'webhook:url', 'webhook:lease', 'webhook:events', 'webhook:secret',
  'webhook:cursor', 'webhook:failures', 'webhook:failing_since', 'webhook:retry_at', 'webhook:done')
if not f[1] then return {-1} end
if f[2] then
  local space = string.find(f[2], ' ', 1, true)
  local holder = string.sub(f[2], 1, space - 1)
  if holder ~= ARGV[1] and tonumber(string.sub(f[2], space + 1)) > tonumber(ARGV[2]) then return {0} end
end
redis.call('HSET', KEYS[1], 'webhook:lease', ARGV[1] .. ' ' .. ARGV[3])
return {1, f[1], f[3], f[4], f[5] or '', f[6] or '0', f[7] or '', f[8] or '', f[9] or ''}
"""

# Records what a leased delivery did: the new state, a log entry, a dead letter; only while the
# worker still holds the lease and the cursor is where it started (else another worker took over).
# The lease is renewed, or given back (a worker's last record of a turn saves a round trip).
# KEYS: 1 the hash, 2 log list, 3 dead letters list. ARGV: 1 worker, 2 the cursor it started from,
#   3 new cursor, 4 failures, 5 failing since, 6 retry at, 7 done, 8 lease until or '' (given back),
#   9 log entry or '', 10 dead letter or '', 11 log length, 12 dead letters length.
# Returns 1 when recorded, 0 when the lease or the cursor moved, -1 when the webhook is gone.
RECORD_SCRIPT = """#!lua
local f = redis.call('HMGET', KEYS[1], 'webhook:lease', 'webhook:cursor')
if not f[1] then return -1 end
if string.sub(f[1], 1, #ARGV[1] + 1) ~= ARGV[1] .. ' ' or (f[2] or '') ~= ARGV[2] then return 0 end
redis.call('HSET', KEYS[1], 'webhook:cursor', ARGV[3], 'webhook:failures', ARGV[4], 'webhook:failing_since', ARGV[5],
  'webhook:retry_at', ARGV[6], 'webhook:done', ARGV[7])
if ARGV[8] == '' then redis.call('HDEL', KEYS[1], 'webhook:lease')
else redis.call('HSET', KEYS[1], 'webhook:lease', ARGV[1] .. ' ' .. ARGV[8]) end
local ttl = redis.call('PTTL', KEYS[1])
local lists = {{KEYS[2], ARGV[9], ARGV[11]}, {KEYS[3], ARGV[10], ARGV[12]}}
for _, list in ipairs(lists) do
  if list[2] ~= '' then
    redis.call('LPUSH', list[1], list[2])
    redis.call('LTRIM', list[1], 0, tonumber(list[3]) - 1)
    if ttl > 0 then redis.call('PEXPIRE', list[1], ttl) end
  end
end
return 1
"""

# Gives up a worker's lease of a webhook (another worker's is left alone).
# KEYS: 1 the hash. ARGV: 1 worker. Returns 1 when released, 0 when it was not this worker's.
RELEASE_SCRIPT = """#!lua
local lease = redis.call('HGET', KEYS[1], 'webhook:lease')
if not lease or string.sub(lease, 1, #ARGV[1] + 1) ~= ARGV[1] .. ' ' then return 0 end
redis.call('HDEL', KEYS[1], 'webhook:lease')
return 1
"""

# Claims the webhooks due by now for one worker: each is pushed back by a lease, so other workers
# leave it alone unless this one dies before it reschedules it.
# KEYS: 1 due set. ARGV: 1 now, 2 lease seconds, 3 how many at most. Returns the ids.
CLAIM_SCRIPT = """#!lua
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, tonumber(ARGV[3]))
for _, id in ipairs(due) do redis.call('ZADD', KEYS[1], tonumber(ARGV[1]) + tonumber(ARGV[2]), id) end
return due
"""


class WebhookGone(Exception):
    """The webhook's match or tournament expired (or never had a webhook)."""


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
    """Webhooks of matches and tournaments, in the matches' Redis (a :class:`~api.store.MatchStore`'s)."""

    def __init__(self, matches: MatchStore) -> None:
        self.matches = matches
        self.tournaments = TournamentStore(matches)
        self.client = matches.client
        self.prefix = matches.settings.key_prefix
        self._register = self.client.register_script(REGISTER_SCRIPT)
        self._lease = self.client.register_script(LEASE_SCRIPT)
        self._record = self.client.register_script(RECORD_SCRIPT)
        self._release = self.client.register_script(RELEASE_SCRIPT)
        self._claim = self.client.register_script(CLAIM_SCRIPT)

    # --- keys ---------------------------------------------------------------------------------

    @staticmethod
    def tournament_id(tournament_id: str) -> str:
        """The webhook id of a tournament (a match's is its match id)."""
        return f"t:{tournament_id}"

    def resource_key(self, webhook_id: str) -> str:
        """The hash of the match or tournament that holds the webhook's fields."""
        if webhook_id.startswith("t:"):
            return self.tournaments.tournament_key(webhook_id.removeprefix("t:"))
        return self.matches.match_key(webhook_id)

    def log_key(self, webhook_id: str) -> str:
        return f"{self.prefix}:{{{webhook_id}}}:webhook:log"

    def dead_key(self, webhook_id: str) -> str:
        return f"{self.prefix}:{{{webhook_id}}}:webhook:dead"

    def due_key(self) -> str:
        return f"{self.prefix}:{{webhooks}}:due"

    def wake_channel(self) -> str:
        return f"{self.prefix}:webhooks:wake"

    # --- creating -----------------------------------------------------------------------------

    def register(self, webhook_id: str, url: str, events: Sequence[str], secret: str, created_at: float) -> bool:
        """Add a webhook to a stored match or tournament and to the index; whether it was added
        (``False``: it had one, which stays). The index is written either way: an idempotent retry
        of a creation mends an index step that a crash left out."""
        args: list[str] = [url, ",".join(events), secret, repr(created_at)]
        with reaching_redis():
            added = int(self._register(keys=[self.resource_key(webhook_id)], args=args))
            if added >= 0:
                self.client.zadd(self.due_key(), {webhook_id: created_at}, nx=True)
                self.client.publish(self.wake_channel(), webhook_id)
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
        with reaching_redis():
            reply = self._lease(keys=[self.resource_key(webhook_id)], args=[worker, repr(now), repr(until)])
        if reply[0] == -1:
            raise WebhookGone(webhook_id)
        if reply[0] == 0:
            return None
        url, events, secret, *state = reply[1:]
        return Leased(url.decode(), tuple(events.decode().split(",")), secret.decode(), _state(state))

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
        keys = [self.resource_key(webhook_id), self.log_key(webhook_id), self.dead_key(webhook_id)]
        args: list[str | bytes | int] = [
            worker,
            started_from,
            state.cursor,
            state.failures,
            "" if state.failing_since is None else repr(state.failing_since),
            "" if state.retry_at is None else repr(state.retry_at),
            "1" if state.done else "",
            "" if lease_until is None else repr(lease_until),
            b"" if entry is None else orjson.dumps(entry),
            b"" if dead_letter is None else orjson.dumps(dead_letter),
            LOG_LENGTH,
            DEAD_LENGTH,
        ]
        with reaching_redis():
            return int(self._record(keys=keys, args=args)) == 1

    def release(self, webhook_id: str, worker: str) -> None:
        with reaching_redis():
            self._release(keys=[self.resource_key(webhook_id)], args=[worker])

    # --- the index ----------------------------------------------------------------------------

    def schedule(self, webhook_id: str, at: float) -> None:
        """Have a worker look at the webhook at ``at``."""
        with reaching_redis():
            self.client.zadd(self.due_key(), {webhook_id: at})

    def forget(self, webhook_id: str) -> None:
        """Take a webhook that is done (or gone) out of the index; its log stays until it expires."""
        with reaching_redis():
            self.client.zrem(self.due_key(), webhook_id)

    def claim_due(self, now: float, lease: float, limit: int) -> list[str]:
        """The webhooks due by ``now``, each claimed for ``lease`` seconds."""
        if limit <= 0:
            return []
        with reaching_redis():
            ids = self._claim(keys=[self.due_key()], args=[repr(now), repr(lease), limit])
        return [i.decode() for i in ids]

    def next_due(self) -> float | None:
        """When a worker should next look at any webhook."""
        with reaching_redis():
            first = self.client.zrange(self.due_key(), 0, 0, withscores=True)
        return float(first[0][1]) if first else None

    def indexed(self) -> set[str]:
        """The ids of every webhook with deliveries ahead."""
        with reaching_redis():
            return {i.decode() for i in cast(list[bytes], self.client.zrange(self.due_key(), 0, -1))}

    # --- reading, for the host ----------------------------------------------------------------

    def describe(self, webhook_id: str) -> dict[str, Any] | None:
        """The webhook without its secret: URL, event types, state, delivery log and dead letters
        (``None``: the match or tournament has none)."""
        fields = ["webhook:url", "webhook:events", "webhook:created_at", *STATE_FIELDS]
        with reaching_redis(), self.client.pipeline(transaction=True) as pipe:
            pipe.hmget(self.resource_key(webhook_id), fields)
            pipe.lrange(self.log_key(webhook_id), 0, LOG_LENGTH - 1)
            pipe.lrange(self.dead_key(webhook_id), 0, DEAD_LENGTH - 1)
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
