"""All Redis access: key names, the Lua scripts that write atomically, and typed failures.

Each match lives in keys that share the hash tag ``{<match id>}``, so a Redis Cluster keeps them on
one node and a script may touch them together:

- ``<prefix>:{<id>}:match``, a hash: ``version`` (the compare-and-set guard), ``snapshot`` (the JSON
  record of the match at that version, whose size does not grow with the match's length),
  ``summary`` (what the match list shows) and ``due`` (when the referee is next due on it, or
  empty); once the match is compacted, ``snapshot`` and ``summary`` are zlib-compressed (a match
  compacted before records had a key of their own keeps its format-1 record in the hash's ``record``);
  ``asked:<seat>``, when the seat's program first asked for the match (``FIRST_REQUEST_SCRIPT``,
  once per seat, never changed), which the next write takes into the snapshot;
- ``<prefix>:{<id>}:log``, a list with one JSON entry per version (entry ``v`` produced version
  ``v``): who acted, what, when, and the events it produced. Once the match is over, its writer
  swaps it, right after the write that ends the match and in one script, for the record below,
  from which a read replays every entry (``ARENA_COMPACT_FINISHED=0`` keeps the list);
- ``<prefix>:{<id>}:record``, the zlib-compressed record of a match that is over
  (``api/matches/compaction.py``: game, options, seats, seed and salt, result, and every version's
  action and time), written by the same script that swaps the log, checked to replay the log
  exactly. It expires ``ARENA_RECORD_TTL`` after the match ended (30 days), while the match's other
  keys expire after ``ARENA_FINISHED_TTL``: ``GET /matches/{id}/record`` reads it after they have
  gone;
- ``<prefix>:{<id>}:checkpoints``, a hash of replay checkpoints beside the record of a match of more
  than 32 versions (``api/matches/checkpoints.py``): ``every`` (versions per chunk) and, per chunk
  ``i``, the field ``<i>``: the zlib-compressed engine match after version ``i * every`` with the
  record's steps from there to the next chunk, from which ``GET /matches/{id}/versions/{v}`` rebuilds a
  version in at most ``every`` steps. Written by the same script as the record, with the record's TTL;
  a match compacted before checkpoints has none and replays from its seed;
- ``<prefix>:{<id>}:idem:<scope>:<key digest>``, the response remembered for an ``Idempotency-Key``
  (scope: ``create``, or the seat that acted), written by the same script as the version it guards;
- the pub/sub channel ``<prefix>:{<id>}:notify``, published by every write with the new version, the
  snapshot and the log entry it wrote (``<version>\n<snapshot>\n<entry>``: JSON holds no raw
  newline), so that every process knows the latest version as written without reading it
  (``api/matches/latest.py``);
- ``<prefix>:{<id>}:illegal:<seat>``, a counter of the illegal actions a seat of a tournament match
  sent (``Table.max_illegal``), expiring with the match.

Tournaments keep their own keys under ``{t:<tournament id>}``: ``api/tournaments/store.py`` lists them.
A match (or tournament) created with a webhook also has ``webhook:*`` fields in its hash, written only
by the webhook scripts, two lists beside it and the ``{webhooks}`` index: ``api/webhooks/store.py`` lists them.

Two indexes span matches, each a sorted set under its own hash tag, kept by the same scripts (on
one server; see below for a cluster):

- ``<prefix>:{lobby}:<filter>``: match ids scored by creation time, one set per filter (all
  matches, per status, per game, per game and status); entries of expired matches are dropped when
  a listing meets them;
- ``<prefix>:{referee}:due``: match ids scored by when the server must next act on them (a bot's
  turn, a deadline); the channel ``<prefix>:referee:wake`` tells referees that it changed; on a
  cluster, ``<prefix>:{referee}:due-version`` beside it (below).

On one Redis server a write is one script: the match's keys and its index entries change together.
On a Redis Cluster (``REDIS_URL=redis+cluster://host:port``, or ``ARENA_REDIS_CLUSTER=1``) every
script touches one hash slot, so a write takes steps, each atomic in its slot:

1. the same write script with the match's keys only (the ``{<id>}`` slot): the version, the log, the
   idempotency record and the notification; it also keeps the due time in the hash (``due``);
2. the due time, by a script on ``{referee}`` that keeps, in ``<prefix>:{referee}:due-version`` (a
   hash: match id to version), the version it was set for and ignores an older version's, so steps
   that arrive out of order leave the latest version's due time;
3. on a change of status, the lobby indexes (``ZADD NX`` to the new ones, ``ZREM`` from the old).

A crash between the steps leaves an index behind its match: never wrong data, at worst a match
missing from an index or listed where it no longer belongs. A listing skips (and drops from a status
it has left) an entry whose summary has another status; each referee repairs missing entries by a
sweep over every match hash (``due`` and ``summary``) once a minute (``MatchStore.repair_indexes``).
Classic pub/sub is cluster-wide, so the notify and wake channels work as on one server.

The rate limits (``api/limits.py``) count in keys of their own, never read or written by a move
the game accepts:

- ``<prefix>:limits:LIMITER/<who>/<kind>/<count>/<multiples>/<period>``, a counter that expires at
  the end of its window (the ``limits`` library's fixed window); ``<who>`` is ``addr:<client address>`` or
  ``token:<first 32 hex digits of the bearer token's SHA-256>``, ``<kind>`` is ``create``,
  ``refused`` or ``read``.

Redis should run with ``maxmemory`` and ``maxmemory-policy noeviction``: when it is full, every
write script is refused before it runs (each declares itself a writer with a ``#!lua`` line, which
needs Redis 7 or Valkey), so a match is never half-written, and the API answers ``507 store/full``.
Compaction alone may run on a full Redis (``allow-oom``): it frees more memory than it writes.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, cast

import orjson
import redis

from api.matches.checkpoints import chunk_index
from api.matches.compaction import derive_log, unpack
from api.matches.latest import LatestVersions
from api.observability import metrics
from api.settings import Settings

#: How long a response stays remembered for its ``Idempotency-Key``.
IDEMPOTENCY_TTL = 24 * 3600


class StoreError(Exception):
    """Base of the store's typed failures."""


class StoreUnavailable(StoreError):
    """The Redis server could not be reached or did not answer in time."""


class StoreFull(StoreUnavailable):
    """Redis is at its ``maxmemory`` and refuses writes (reads still work); nothing was written."""


class SnapshotTooLarge(StoreError):
    """The match's snapshot would exceed ``max_snapshot_bytes``; nothing was written."""

    def __init__(self, size: int, limit: int) -> None:
        super().__init__(f"the snapshot would be {size} bytes, more than {limit}")
        self.size = size
        self.limit = limit


class MatchNotFound(StoreError):
    """No match with this id (never created, or expired)."""


class StaleVersion(StoreError):
    """The match is no longer at the version the write was based on."""

    def __init__(self, current: int) -> None:
        super().__init__(f"the match is at version {current}")
        self.current = current


class MatchExists(StoreError):
    """A match with this id exists already (ids are random: a clash means a bug or an attack)."""


class Replayed(StoreError):
    """The write's ``Idempotency-Key`` was used before: here is the response remembered for it."""

    def __init__(self, remembered: dict[str, Any]) -> None:
        super().__init__("idempotent replay")
        self.remembered = remembered


# Writes one version of a match: creates it (ARGV[1] empty: it must not exist) or compare-and-sets it
# (ARGV[1]: the version it must still be at). With the snapshot it appends the version's log entry,
# remembers the response of an Idempotency-Key, moves the match in the lobby indexes, sets when the
# referee is due, and publishes the new version.
# KEYS: 1 match hash, 2 log list, 3 idempotency key, 4 referee due set, 5.. lobby index sets (the
#   first ARGV[13] to add the match to, the rest to remove it from); on a cluster only 1-3 (the
#   match's slot), and the writer updates the indexes next (DUE_SCRIPT, then the lobby's).
# ARGV: 1 expected version or '', 2 new version, 3 snapshot, 4 summary, 5 log entry, 6 ttl seconds,
#   7 notify channel, 8 idempotency record or '', 9 its ttl, 10 referee due score or '' (none),
#   11 match id, 12 lobby score (creation time), 13 how many index keys to add to, 14 wake channel.
# Returns {1, new version} when written; {0, current} when the match has moved on; {-1, -1} when it
# does not exist; {3, 0} when creating a match that exists; {2, record} when the idempotency key
# was used already (nothing written).
# The '#!lua' line declares a script that may write: a Redis over its maxmemory refuses it before it
# runs (an OOM error). Without it Redis checks only the script's first write, and the DEL below
# (which frees memory, so it is allowed) would let the rest write past the limit.
WRITE_SCRIPT = """#!lua
if ARGV[8] ~= '' then
  local remembered = redis.call('GET', KEYS[3])
  if remembered then return {2, remembered} end
end
local current = redis.call('HGET', KEYS[1], 'version')
if ARGV[1] == '' then
  if current then return {3, 0} end
  redis.call('DEL', KEYS[2])
else
  if not current then return {-1, -1} end
  if current ~= ARGV[1] then return {0, tonumber(current)} end
end
redis.call('HSET', KEYS[1], 'version', ARGV[2], 'snapshot', ARGV[3], 'summary', ARGV[4], 'due', ARGV[10])
redis.call('RPUSH', KEYS[2], ARGV[5])
redis.call('EXPIRE', KEYS[1], ARGV[6])
redis.call('EXPIRE', KEYS[2], ARGV[6])
if ARGV[8] ~= '' then redis.call('SET', KEYS[3], ARGV[8], 'EX', ARGV[9]) end
if KEYS[4] then
  if ARGV[10] == '' then
    redis.call('ZREM', KEYS[4], ARGV[11])
  else
    redis.call('ZADD', KEYS[4], ARGV[10], ARGV[11])
    redis.call('PUBLISH', ARGV[14], ARGV[10])
  end
  local adds = tonumber(ARGV[13])
  for i = 5, #KEYS do
    if i - 4 <= adds then redis.call('ZADD', KEYS[i], ARGV[12], ARGV[11])
    else redis.call('ZREM', KEYS[i], ARGV[11]) end
  end
end
redis.call('PUBLISH', ARGV[7], ARGV[2] .. '\\n' .. ARGV[3] .. '\\n' .. ARGV[5])
return {1, tonumber(ARGV[2])}
"""

# Keeps the compressed record of a finished match (with its own TTL) and, when asked, replaces its
# log by it and its snapshot and summary by compressed copies, if the match is still at the version
# they were made from and its log is whole (a second compaction, or an expired match, is a no-op).
# 'allow-oom': a swap frees more than it writes (the caller checks); a record kept beside its log
# is small, and losing it to a full Redis would lose the match's record for good.
# With the record it keeps the match's replay checkpoints (none: ARGV 7 is ''), with the same TTL.
# KEYS: 1 match hash, 2 log list, 3 record, 4 checkpoints hash. ARGV: 1 version, 2 record, 3 its ttl
#   seconds, 4 '1' to swap the log for it (else ''), 5 snapshot, 6 summary, 7 versions per
#   checkpoint or '', 8.. the checkpoint chunks (chunk i is ARGV[8 + i]).
# Returns 1 when done, 0 when not.
COMPACT_SCRIPT = """#!lua flags=allow-oom
if redis.call('HGET', KEYS[1], 'version') ~= ARGV[1] then return 0 end
if redis.call('LLEN', KEYS[2]) ~= tonumber(ARGV[1]) + 1 then return 0 end
redis.call('SET', KEYS[3], ARGV[2], 'EX', ARGV[3])
redis.call('DEL', KEYS[4])
if ARGV[7] ~= '' then
  redis.call('HSET', KEYS[4], 'every', ARGV[7])
  for i = 8, #ARGV do redis.call('HSET', KEYS[4], tostring(i - 8), ARGV[i]) end
  redis.call('EXPIRE', KEYS[4], ARGV[3])
end
if ARGV[4] == '1' then
  redis.call('HSET', KEYS[1], 'snapshot', ARGV[5], 'summary', ARGV[6])
  redis.call('DEL', KEYS[2])
end
return 1
"""

# Sets when the referee is next due on a match, if the match is still at the version it looked at.
# KEYS: 1 match hash, 2 due set. ARGV: 1 version, 2 due score or '' (none), 3 match id.
# Returns 1 when set, 0 when the match moved on (its writer set the due time), -1 when it is gone.
RESCHEDULE_SCRIPT = """#!lua
local current = redis.call('HGET', KEYS[1], 'version')
if not current then redis.call('ZREM', KEYS[2], ARGV[3]) return -1 end
if current ~= ARGV[1] then return 0 end
if ARGV[2] == '' then redis.call('ZREM', KEYS[2], ARGV[3]) else redis.call('ZADD', KEYS[2], ARGV[2], ARGV[3]) end
return 1
"""

# On a cluster: sets when the referee is next due on a match, unless it was set for a later version
# already (steps of several writers may arrive out of order); '' removes the match from the due set.
# KEYS: 1 due set, 2 due-version hash. ARGV: 1 match id, 2 version, 3 due score or '', 4 wake channel
# or '' (no wake). Returns 1 when set, 0 when a later version's due time stands.
DUE_SCRIPT = """#!lua
local seen = redis.call('HGET', KEYS[2], ARGV[1])
if seen and tonumber(seen) > tonumber(ARGV[2]) then return 0 end
if ARGV[3] == '' then
  redis.call('ZREM', KEYS[1], ARGV[1])
  redis.call('HDEL', KEYS[2], ARGV[1])
else
  redis.call('ZADD', KEYS[1], ARGV[3], ARGV[1])
  redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
  if ARGV[4] ~= '' then redis.call('PUBLISH', ARGV[4], ARGV[3]) end
end
return 1
"""

#: The order of a match's statuses: a match never goes back to a lower one.
STATUS_RANK = {"waiting": 0, "active": 1, "finished": 2, "aborted": 2}
#: How many match hashes one step of :meth:`MatchStore.repair_indexes` reads.
REPAIR_BATCH = 500

#: A version above any match's: the due step of a match that is gone wins over every other.
GONE_VERSION = 2**53

# Claims the matches whose due time has come, for one referee: each is pushed back by a lease, so
# other referees leave it alone unless this one dies before it writes.
# KEYS: 1 due set. ARGV: 1 now, 2 lease seconds, 3 how many at most. Returns the match ids.
CLAIM_SCRIPT = """#!lua
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, tonumber(ARGV[3]))
for _, id in ipairs(due) do redis.call('ZADD', KEYS[1], tonumber(ARGV[1]) + tonumber(ARGV[2]), id) end
return due
"""


# Notes the first request of a seat's program on a match (HSETNX: the first time stands), and, when
# that brings the seat's deadline forward, moves the referee's due time earlier (never later).
# KEYS: 1 match hash, 2 referee due set (absent on a cluster: the caller moves it next).
# ARGV: 1 seat, 2 when it asked, 3 the due time it brings, or '' (none), 4 match id, 5 wake channel.
# Returns {1, moved} when noted (moved: 1 if the due time came forward), {0, 0} when the seat had
# asked before, {-1, 0} when the match does not exist (nothing is written then).
FIRST_REQUEST_SCRIPT = """#!lua
if redis.call('EXISTS', KEYS[1]) == 0 then return {-1, 0} end
if redis.call('HSETNX', KEYS[1], 'asked:' .. ARGV[1], ARGV[2]) == 0 then return {0, 0} end
if ARGV[3] == '' then return {1, 0} end
local due = redis.call('HGET', KEYS[1], 'due')
if not due or due == '' or tonumber(due) <= tonumber(ARGV[3]) then return {1, 0} end
redis.call('HSET', KEYS[1], 'due', ARGV[3])
if KEYS[2] then
  redis.call('ZADD', KEYS[2], 'XX', 'LT', ARGV[3], ARGV[4])
  redis.call('PUBLISH', ARGV[5], ARGV[3])
end
return {1, 1}
"""


@contextmanager
def _reaching_redis() -> Iterator[None]:
    """Turn the client's connection failures into :class:`StoreUnavailable`, a full Redis into :class:`StoreFull`;
    record the call's time and failure in the metrics (``api/observability/metrics.py``)."""
    started, failure = time.perf_counter(), None
    try:
        yield
    except (redis.ConnectionError, redis.TimeoutError) as error:
        failure = "unavailable"
        raise StoreUnavailable(str(error)) from error
    except redis.exceptions.OutOfMemoryError as error:
        failure = "full"
        raise StoreFull(str(error)) from error
    except redis.ResponseError as error:
        failure = "error"
        if "LOADING" in str(error) or "MISCONF" in str(error) or "READONLY" in str(error):
            failure = "unavailable"
            raise StoreUnavailable(str(error)) from error
        raise
    finally:
        metrics.observe_redis(time.perf_counter() - started, failure)


def idempotency_digest(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


class MatchStore:
    """Snapshots, logs and indexes of matches in Redis; every write is one atomic script."""

    def __init__(self, client: redis.Redis | redis.RedisCluster, settings: Settings) -> None:
        self.client = client
        self.settings = settings
        self._write = client.register_script(WRITE_SCRIPT)
        self._reschedule = client.register_script(RESCHEDULE_SCRIPT)
        self._claim = client.register_script(CLAIM_SCRIPT)
        self._compact = client.register_script(COMPACT_SCRIPT)
        self._due = client.register_script(DUE_SCRIPT)
        self._first_request = client.register_script(FIRST_REQUEST_SCRIPT)
        #: The latest version of the matches this process wrote or heard published.
        self.latest = LatestVersions()
        #: Whether the store is a Redis Cluster: writes then take a step per hash slot.
        self.cluster = isinstance(client, redis.RedisCluster)

    @classmethod
    def connect(cls, settings: Settings) -> MatchStore:
        options: dict[str, Any] = {"socket_timeout": 5, "socket_connect_timeout": 2, "health_check_interval": 30}
        if settings.redis_cluster:
            return cls(redis.RedisCluster.from_url(settings.node_url, **options), settings)
        return cls(redis.Redis.from_url(settings.redis_url, **options), settings)

    # --- keys ---------------------------------------------------------------------------------

    def match_key(self, match_id: str) -> str:
        return f"{self.settings.key_prefix}:{{{match_id}}}:match"

    def log_key(self, match_id: str) -> str:
        return f"{self.settings.key_prefix}:{{{match_id}}}:log"

    def record_key(self, match_id: str) -> str:
        return f"{self.settings.key_prefix}:{{{match_id}}}:record"

    def checkpoints_key(self, match_id: str) -> str:
        return f"{self.settings.key_prefix}:{{{match_id}}}:checkpoints"

    def idempotency_key(self, match_id: str, scope: str, key: str | None) -> str:
        digest = idempotency_digest(key) if key is not None else "-"
        return f"{self.settings.key_prefix}:{{{match_id}}}:idem:{scope}:{digest}"

    def notify_channel(self, match_id: str) -> str:
        return f"{self.settings.key_prefix}:{{{match_id}}}:notify"

    def notify_pattern(self) -> str:
        """The pattern of every match's notify channel, for one subscription per process."""
        return f"{self._pattern_prefix()}:{{*}}:notify"

    def _pattern_prefix(self) -> str:
        """The key prefix as a literal in a glob pattern (of PSUBSCRIBE or SCAN)."""
        return "".join(f"\\{c}" if c in "*?[]\\" else c for c in self.settings.key_prefix)

    def match_id_of_channel(self, channel: str) -> str:
        """The match a notify channel belongs to (the inverse of :meth:`notify_channel`)."""
        return channel[channel.index("{") + 1 : channel.rindex("}")]

    def lobby_key(self, game: str | None = None, status: str | None = None) -> str:
        parts = [f"game:{game}"] * (game is not None) + [f"status:{status}"] * (status is not None)
        return f"{self.settings.key_prefix}:{{lobby}}:" + (":".join(parts) or "all")

    def lobby_keys(self, game: str, status: str) -> list[str]:
        """Every index a match of ``game`` in ``status`` belongs to."""
        return [self.lobby_key(), self.lobby_key(game), self.lobby_key(None, status), self.lobby_key(game, status)]

    def due_key(self) -> str:
        return f"{self.settings.key_prefix}:{{referee}}:due"

    def due_version_key(self) -> str:
        return f"{self.settings.key_prefix}:{{referee}}:due-version"

    def wake_channel(self) -> str:
        return f"{self.settings.key_prefix}:referee:wake"

    def ttl(self, finished: bool) -> int:
        return self.settings.finished_ttl if finished else self.settings.idle_ttl

    def record_ttl(self) -> int:
        """How long a finished match's record lives: ``ARENA_RECORD_TTL``, never less than the match itself
        (a compacted match's log is read from its record)."""
        return max(self.settings.record_ttl, self.settings.finished_ttl)

    # --- matches ------------------------------------------------------------------------------

    def write(
        self,
        match_id: str,
        expected: int | None,
        version: int,
        *,
        snapshot: dict[str, Any],
        summary: dict[str, Any],
        entry: dict[str, Any],
        finished: bool,
        due: float | None,
        created_at: float,
        index_add: Sequence[str] = (),
        index_remove: Sequence[str] = (),
        idempotency: tuple[str, str, dict[str, Any]] | None = None,
    ) -> None:
        """Write ``version`` of a match: create it (``expected`` None) or compare-and-set it.

        ``idempotency`` is ``(scope, key, record)``: the response to remember for that key. Raises
        :class:`Replayed` when the key was used already, :class:`StaleVersion` when the match moved
        on, :class:`MatchNotFound` when it is gone, :class:`MatchExists` when creating one that exists,
        :class:`SnapshotTooLarge` when the snapshot is over ``max_snapshot_bytes``, :class:`StoreFull`
        when Redis is at its ``maxmemory``; nothing is written in any of these cases.
        """
        scope, key, remembered = idempotency if idempotency else ("-", None, None)
        stored = _dumps(snapshot)
        if len(stored) > self.settings.max_snapshot_bytes:
            raise SnapshotTooLarge(len(stored), self.settings.max_snapshot_bytes)
        written_entry = _dumps(entry)
        keys = [self.match_key(match_id), self.log_key(match_id), self.idempotency_key(match_id, scope, key)]
        if not self.cluster:
            keys += [self.due_key(), *index_add, *index_remove]
        args: list[bytes | str | int | float] = [
            "" if expected is None else expected,
            version,
            stored,
            _dumps(summary),
            written_entry,
            self.ttl(finished),
            self.notify_channel(match_id),
            "" if remembered is None else _dumps(remembered),
            IDEMPOTENCY_TTL,
            "" if due is None else repr(due),
            match_id,
            repr(created_at),
            len(index_add),
            self.wake_channel(),
        ]
        with _reaching_redis():
            code, value = self._write(keys=keys, args=args)
        if code == 2:
            raise Replayed(orjson.loads(value))
        if code == 3:
            raise MatchExists(match_id)
        if code == -1:
            raise MatchNotFound(match_id)
        if code == 0:
            raise StaleVersion(int(value))
        self.latest.heard(match_id, version, stored, written_entry)
        if self.cluster:
            self._set_due(match_id, version, due, wake=True)
            if index_add or index_remove:
                self._move_in_lobby(match_id, created_at, index_add, index_remove)

    def _set_due(self, match_id: str, version: int, due: float | None, wake: bool = False) -> None:
        """On a cluster: the due step of a write (or of the referee) at ``version``."""
        keys = [self.due_key(), self.due_version_key()]
        args: list[str | int] = [
            match_id,
            version,
            "" if due is None else repr(due),
            self.wake_channel() if wake else "",
        ]
        with _reaching_redis():
            self._due(keys=keys, args=args)

    def _move_in_lobby(self, match_id: str, created_at: float, add: Sequence[str], remove: Sequence[str]) -> None:
        """On a cluster: the lobby step of a write (every index key is in the ``{lobby}`` slot)."""
        with _reaching_redis(), self.client.pipeline(transaction=False) as pipe:
            for index in add:
                pipe.zadd(index, {match_id: created_at}, nx=True)
            for index in remove:
                pipe.zrem(index, match_id)
            pipe.execute()

    def load(self, match_id: str) -> dict[str, Any]:
        """The latest snapshot of the match."""
        with _reaching_redis():
            raw = cast(bytes | None, self.client.hget(self.match_key(match_id), "snapshot"))
        if raw is None:
            raise MatchNotFound(match_id)
        snapshot: dict[str, Any] = orjson.loads(unpack(raw))
        return snapshot

    def load_known(self, match_id: str, version: int) -> dict[str, Any] | None:
        """The match's snapshot at ``version`` if that is its latest version as this process last
        heard it, without a read (``None``: not known here; read the store)."""
        return self.latest.snapshot(match_id, version)

    def heard_published(self, channel: str, data: bytes) -> None:
        """Take in a version published on a match's notify channel (``<version>\\n<snapshot>\\n<entry>``);
        anything else published there (a tournament's entrant channel shares the pattern) is ignored."""
        parts = data.split(b"\n", 2)
        if len(parts) == 3 and parts[0].isdigit():
            self.latest.heard(self.match_id_of_channel(channel), int(parts[0]), parts[1], parts[2])

    def remembered(self, match_id: str, scope: str, key: str) -> dict[str, Any] | None:
        """The response remembered for an ``Idempotency-Key``, if it was used."""
        with _reaching_redis():
            raw = self.client.get(self.idempotency_key(match_id, scope, key))
        return None if raw is None else orjson.loads(raw)

    def log(self, match_id: str, after: int = -1, limit: int = 2**31) -> list[dict[str, Any]]:
        """Up to ``limit`` log entries of the versions after ``after`` (``-1``: from the setup on; by
        default, every entry: for a record or a replay, never on a move's path).

        A compacted match has no log list: its entries are replayed from its record. The swap is
        atomic, so when the list has nothing to give, the record is there (or nothing follows).
        """
        start = max(after + 1, 0)
        with _reaching_redis():
            raw: Sequence[bytes] = cast(
                list[bytes], self.client.lrange(self.log_key(match_id), start, start + limit - 1)
            )
        record = None if raw else self.record(match_id)
        if record is not None:
            raw = derive_log(record)[start : start + limit]
        return [orjson.loads(item) for item in raw]

    def record(self, match_id: str) -> bytes | None:
        """The compressed record of a match that is over (``api/matches/compaction.py``), if one is kept."""
        with _reaching_redis():
            record = cast(bytes | None, self.client.get(self.record_key(match_id)))
            if record is None:  # compacted before records had a key of their own
                record = cast(bytes | None, self.client.hget(self.match_key(match_id), "record"))
        return record

    def checkpoint(self, match_id: str, version: int) -> tuple[int, bytes] | None:
        """The replay checkpoint that rebuilds ``version`` of a match over (``api/matches/checkpoints.py``)
        and its versions per chunk, if the match has checkpoints."""
        key = self.checkpoints_key(match_id)
        with _reaching_redis():
            every = self.client.hget(key, "every")
            if every is None:
                return None
            chunk = cast(bytes | None, self.client.hget(key, str(chunk_index(version, int(every)))))
        return None if chunk is None else (int(every), chunk)

    def stored_form(self, match_id: str) -> tuple[list[bytes], bytes | None, bytes | None]:
        """The match's log entries (empty once compacted), snapshot and summary, as stored, read at once."""
        with _reaching_redis(), self.client.pipeline(transaction=True) as pipe:
            pipe.lrange(self.log_key(match_id), 0, -1)
            pipe.hmget(self.match_key(match_id), "snapshot", "summary")
            entries, (snapshot, summary) = pipe.execute()
        return entries, snapshot, summary

    def compact(
        self,
        match_id: str,
        version: int,
        record: bytes,
        swap: tuple[bytes, bytes] | None = None,
        checkpoints: tuple[int, Sequence[bytes]] | None = None,
    ) -> bool:
        """Keep the ``record`` of a match over at ``version`` for :meth:`record_ttl`, and its
        ``checkpoints`` (versions per chunk, the chunks) beside it; with ``swap`` (its compressed
        snapshot and summary), swap its log for the record and its snapshot and summary for those;
        whether it was done."""
        keys = [
            self.match_key(match_id),
            self.log_key(match_id),
            self.record_key(match_id),
            self.checkpoints_key(match_id),
        ]
        every, chunks = checkpoints or ("", ())
        args: list[bytes | int | str] = [version, record, self.record_ttl(), "1" if swap else "", *(swap or ("", ""))]
        args += [every, *chunks]
        with _reaching_redis():
            done = self._compact(keys=keys, args=args)
        return bool(done)

    # --- the lobby ----------------------------------------------------------------------------

    def list_summaries(
        self,
        index: str,
        limit: int,
        before: tuple[float, str] | None,
        status: str | None = None,
        hash_key: Callable[[str], str] | None = None,
    ) -> tuple[list[dict[str, Any]], tuple[float, str] | None]:
        """Up to ``limit`` summaries from ``index`` (of matches in ``status``, if it has one), newest
        first, after the cursor ``before``.

        Returns the page and the cursor of its last entry (``None`` when nothing follows). Entries
        of expired matches are dropped from this index as they are met, so a page costs O(page).
        An entry whose match is in another status (an index step of a cluster's write not yet
        done, or lost) is skipped, and dropped once the match has left ``status`` for good.
        ``hash_key`` names the hash of an index entry's ``summary`` (default: the match's); the
        tournaments' list pages through this too.
        """
        key_of = self.match_key if hash_key is None else hash_key
        page: list[dict[str, Any]] = []
        cursor = before
        while True:
            wanted = limit - len(page)
            rows = self._index_rows(index, cursor, wanted + 1)
            chosen = rows[:wanted]
            with _reaching_redis(), self.client.pipeline(transaction=False) as pipe:
                for entry_id, _ in chosen:
                    pipe.hget(key_of(entry_id), "summary")
                found = pipe.execute()
            summaries = [None if raw is None else orjson.loads(unpack(raw)) for raw in found]
            gone = [
                entry_id
                for (entry_id, _), summary in zip(chosen, summaries, strict=True)
                if summary is None or (status is not None and STATUS_RANK[summary["status"]] > STATUS_RANK[status])
            ]
            if gone:
                with _reaching_redis():
                    self.client.zrem(index, *gone)
            page.extend(s for s in summaries if s is not None and (status is None or s["status"] == status))
            if len(rows) <= wanted:
                return page, None
            cursor = (chosen[-1][1], chosen[-1][0])
            if len(page) == limit:
                return page, cursor

    def _index_rows(self, index: str, before: tuple[float, str] | None, count: int) -> list[tuple[str, float]]:
        """Up to ``count`` ``(match id, score)`` of ``index`` after ``before``, newest first.

        Equal scores come in descending id order, so the cursor's id breaks ties.
        """
        high = "+inf" if before is None else repr(before[0])
        ties = 0
        while True:
            with _reaching_redis():
                raw = cast(
                    list[tuple[bytes, float]],
                    self.client.zrevrangebyscore(index, high, "-inf", start=0, num=count + ties, withscores=True),
                )
            rows = [(member.decode(), float(score)) for member, score in raw]
            if before is not None:
                rows = [(m, s) for m, s in rows if s < before[0] or m < before[1]]
            if len(rows) >= count or len(raw) < count + ties:
                return rows[:count]
            ties = len(raw) - len(rows)

    def repair_indexes(self) -> int:
        """On a cluster: put back the index entries that a crash between a write's steps left out.

        Reads ``due`` and ``summary`` of every match hash (a SCAN of every node) and adds what is
        missing: the match to the due set, and to the lobby indexes of its status. An entry that is
        there is left alone (a referee's lease may have moved it on). Returns how many were added.
        """
        keys: list[bytes] = []
        added = 0
        with _reaching_redis():
            for key in self.client.scan_iter(match=f"{self._pattern_prefix()}:{{*}}:match", count=REPAIR_BATCH):
                keys.append(key)
                if len(keys) == REPAIR_BATCH:
                    added += self._repair(keys)
                    keys = []
            return added + (self._repair(keys) if keys else 0)

    def _repair(self, keys: list[bytes]) -> int:
        with self.client.pipeline(transaction=False) as pipe:
            for key in keys:
                pipe.hmget(key, "version", "due", "summary")
            rows = pipe.execute()
        found = [
            (self.match_id_of_channel(key.decode()), row)
            for key, row in zip(keys, rows, strict=True)
            if row[0] is not None and row[2] is not None
        ]
        with self.client.pipeline(transaction=False) as pipe:
            for match_id, _ in found:
                pipe.zscore(self.due_key(), match_id)
            for match_id, (_, _, raw) in found:
                summary = orjson.loads(unpack(raw))
                for index in self.lobby_keys(summary["game"], summary["status"]):
                    pipe.zadd(index, {match_id: summary["created_at"]}, nx=True)
            answers = pipe.execute()
        added = int(sum(answers[len(found) :]))
        for (match_id, (version, due, _)), score in zip(found, answers[: len(found)], strict=False):
            if due and score is None:
                self._set_due(match_id, int(version), float(due))
                added += 1
        return added

    # --- the referee --------------------------------------------------------------------------

    def claim_due(self, now: float, lease: float, limit: int) -> list[str]:
        """The matches the referee is due on by ``now``, each claimed for ``lease`` seconds."""
        with _reaching_redis():
            ids = self._claim(keys=[self.due_key()], args=[repr(now), repr(lease), limit])
        return [i.decode() for i in ids]

    def next_due(self) -> float | None:
        """When the referee is next due on any match."""
        with _reaching_redis():
            first = self.client.zrange(self.due_key(), 0, 0, withscores=True)
        return float(first[0][1]) if first else None

    def reschedule(self, match_id: str, version: int, due: float | None) -> None:
        """Set when the referee is next due on a match still at ``version`` (``-1``: the match is gone)."""
        if self.cluster:
            self._set_due(match_id, GONE_VERSION if version < 0 else version, due)
            return
        with _reaching_redis():
            self._reschedule(
                keys=[self.match_key(match_id), self.due_key()],
                args=[version, "" if due is None else repr(due), match_id],
            )

    def count_illegal(self, match_id: str, seat: int, ttl: int) -> int:
        """Count one more illegal action of ``seat``; how many it has sent."""
        key = f"{self.settings.key_prefix}:{{{match_id}}}:illegal:{seat}"
        with _reaching_redis(), self.client.pipeline(transaction=False) as pipe:
            pipe.incr(key)
            pipe.expire(key, ttl)
            count, _ = pipe.execute()
        return int(count)

    # --- first requests -----------------------------------------------------------------------

    def first_requests(self, match_id: str, seats: Sequence[int]) -> dict[int, float]:
        """When each of ``seats``' programs first asked for the match (those that have), one round trip."""
        fields = [f"asked:{seat}" for seat in seats]
        with _reaching_redis():
            raw = cast(list[bytes | None], self.client.hmget(self.match_key(match_id), fields))
        return {seat: float(at) for seat, at in zip(seats, raw, strict=True) if at is not None}

    def note_first_request(self, match_id: str, seat: int, at: float, due: float | None) -> bool:
        """Note that ``seat``'s program first asked at ``at``; ``due``: the referee's due time that brings.

        Whether it was news (the seat had not asked before, and the match exists).
        """
        keys = [self.match_key(match_id)] + ([] if self.cluster else [self.due_key()])
        args: list[str | int] = [seat, repr(at), "" if due is None else repr(due), match_id, self.wake_channel()]
        with _reaching_redis():
            noted, moved = self._first_request(keys=keys, args=args)
            if self.cluster and moved and due is not None:  # the due set's slot, a step of its own
                self.client.zadd(self.due_key(), {match_id: due}, xx=True, lt=True)
                self.client.publish(self.wake_channel(), repr(due))
        return bool(noted == 1)

    def ping(self) -> None:
        with _reaching_redis():
            self.client.ping()


def _dumps(value: Any) -> bytes:
    return orjson.dumps(value)


#: For the other stores (tournaments) that share this module's error translation.
reaching_redis = _reaching_redis
