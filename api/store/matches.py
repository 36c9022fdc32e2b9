"""Matches in Redis: each version written by one atomic script (compare-and-set on the version), read
back as the snapshot, log, record and checkpoints the domain needs (docs/store.md lists every key).

On one Redis server a write is one script: the match's keys and its index entries change together. On
a Redis Cluster every script touches one hash slot, so a write takes steps, each atomic in its slot: the
match's own keys, then its due time (``indexes.MatchIndexes.set_due``), then, on a change of status,
the lobby indexes. A crash between the steps leaves an index behind its match, never wrong data; the
referee repairs it (``MatchIndexes.repair``).
"""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Sequence
from typing import Any, cast

import orjson
import redis

from api.settings import Settings
from api.store.errors import (
    MatchExists,
    MatchNotFound,
    Replayed,
    SnapshotTooLarge,
    StaleVersion,
    reaching_redis,
)
from api.store.indexes import MatchIndexes
from api.store.keys import Keys, tag_of_channel
from api.store.latest import LatestVersions
from api.store.match_scripts import AlreadyExists, MatchScripts, Missing, MovedOn, Remembered
from arena.records.checkpoints import EVERY, chunk_index, kept_while_played, played_checkpoint
from arena.records.codec import derive_log, unpack

#: How long an answer stays remembered for its ``Idempotency-Key``.
IDEMPOTENCY_TTL = 24 * 3600


def snapshot_field(version: int) -> str:
    """The field of a match's checkpoints hash that keeps its snapshot at ``version`` while it is played."""
    return f"snapshot:{version}"


@dataclasses.dataclass(frozen=True)
class Chunk:
    """A replay checkpoint kept with a match's record: the compressed chunk and its versions per chunk."""

    every: int
    encoded: bytes


@dataclasses.dataclass(frozen=True)
class PlayedCheckpoint:
    """A replay checkpoint kept while the match was played: its snapshot at a version, and the log's
    entries from that version to the one to replay, the last included."""

    snapshot: dict[str, Any]
    entries: list[dict[str, Any]]


def idempotency_digest(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def connect(settings: Settings) -> redis.Redis | redis.RedisCluster:
    """A client of the Redis (or Redis Cluster) that ``settings`` name."""
    options: dict[str, Any] = {"socket_timeout": 5, "socket_connect_timeout": 2, "health_check_interval": 30}
    if settings.redis_cluster:
        return redis.RedisCluster.from_url(settings.node_url, **options)
    return redis.Redis.from_url(settings.redis_url, **options)


class MatchStore:
    """Snapshots, logs, records and indexes of matches in Redis; every write is one atomic script."""

    def __init__(self, client: redis.Redis | redis.RedisCluster, settings: Settings) -> None:
        self.client = client
        self.settings = settings
        self.keys = Keys(settings.key_prefix)
        self.scripts = MatchScripts(client)
        #: Whether the store is a Redis Cluster: writes then take a step per hash slot.
        self.cluster = isinstance(client, redis.RedisCluster)
        #: The lobby's indexes and the referee's due set.
        self.indexes = MatchIndexes(client, self.keys, self.scripts, self.cluster)
        #: The latest version of the matches this process wrote or heard published.
        self.latest = LatestVersions()

    @classmethod
    def connect(cls, settings: Settings) -> MatchStore:
        return cls(connect(settings), settings)

    def ttl(self, finished: bool) -> int:
        return self.settings.finished_ttl if finished else self.settings.idle_ttl

    def record_ttl(self) -> int:
        """How long a finished match's record lives: ``ARENA_RECORD_TTL``, never less than the match itself
        (a compacted match's log is read from its record)."""
        return max(self.settings.record_ttl, self.settings.finished_ttl)

    # --- writing ------------------------------------------------------------------------------

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

        ``idempotency`` is ``(scope, key, record)``: the answer to remember for that key. Raises
        :class:`Replayed` when the key was used already, :class:`StaleVersion` when the match moved
        on, :class:`MatchNotFound` when it is gone, :class:`MatchExists` when creating one that exists,
        :class:`SnapshotTooLarge` when the snapshot is over ``max_snapshot_bytes``, :class:`StoreFull`
        when Redis is at its ``maxmemory``; nothing is written in any of these cases.
        """
        scope, key, remembered = idempotency if idempotency else ("-", None, None)
        stored = orjson.dumps(snapshot)
        if len(stored) > self.settings.max_snapshot_bytes:
            raise SnapshotTooLarge(len(stored), self.settings.max_snapshot_bytes)
        written_entry = orjson.dumps(entry)
        indexes = (
            None if self.cluster else (self.keys.due(), index_add, index_remove, created_at, self.keys.referee_wake())
        )
        answer = self.scripts.write_match(
            match_key=self.keys.match(match_id),
            log_key=self.keys.log(match_id),
            idempotency_key=self.keys.idempotency(match_id, scope, None if key is None else idempotency_digest(key)),
            match_id=match_id,
            expected=expected,
            version=version,
            snapshot=stored,
            summary=orjson.dumps(summary),
            entry=written_entry,
            ttl=self.ttl(finished),
            notify_channel=self.keys.notify(match_id),
            remembered=None if remembered is None else orjson.dumps(remembered),
            remembered_ttl=IDEMPOTENCY_TTL,
            due=due,
            indexes=indexes,
            checkpoints_key=self.keys.checkpoints(match_id),
            checkpoint_field=snapshot_field(version) if kept_while_played(version) else None,
        )
        match answer:
            case Remembered(raw):
                raise Replayed(orjson.loads(raw))
            case AlreadyExists():
                raise MatchExists(match_id)
            case Missing():
                raise MatchNotFound(match_id)
            case MovedOn(current):
                raise StaleVersion(current)
        self.latest.heard(match_id, version, stored, written_entry)
        if self.cluster:
            self.indexes.set_due(match_id, version, due, wake=True)
            if index_add or index_remove:
                self.indexes.move_in_lobby(match_id, created_at, index_add, index_remove)

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
        return self.scripts.compact_match(
            match_key=self.keys.match(match_id),
            log_key=self.keys.log(match_id),
            record_key=self.keys.record(match_id),
            checkpoints_key=self.keys.checkpoints(match_id),
            version=version,
            record=record,
            record_ttl=self.record_ttl(),
            swap=swap,
            checkpoints=checkpoints,
        )

    def count_illegal(self, match_id: str, seat: int, ttl: int) -> int:
        """Count one more illegal action of ``seat``; how many it has sent."""
        key = self.keys.illegal(match_id, seat)
        with reaching_redis(), self.client.pipeline(transaction=False) as pipe:
            pipe.incr(key)
            pipe.expire(key, ttl)
            count, _ = pipe.execute()
        return int(count)

    # --- reading ------------------------------------------------------------------------------

    def load(self, match_id: str) -> dict[str, Any]:
        """The latest snapshot of the match."""
        with reaching_redis():
            raw = cast(bytes | None, self.client.hget(self.keys.match(match_id), "snapshot"))
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
            self.latest.heard(tag_of_channel(channel), int(parts[0]), parts[1], parts[2])

    def remembered(self, match_id: str, scope: str, key: str) -> dict[str, Any] | None:
        """The answer remembered for an ``Idempotency-Key``, if it was used."""
        with reaching_redis():
            raw = self.client.get(self.keys.idempotency(match_id, scope, idempotency_digest(key)))
        return None if raw is None else orjson.loads(raw)

    def log(self, match_id: str, after: int = -1, limit: int = 2**31) -> list[dict[str, Any]]:
        """Up to ``limit`` log entries of the versions after ``after`` (``-1``: from the setup on; by
        default, every entry: for a record or a replay, never on a move's path).

        A compacted match has no log list: its entries are replayed from its record. The swap is
        atomic, so when the list has nothing to give, the record is there (or nothing follows).
        """
        start = max(after + 1, 0)
        with reaching_redis():
            raw: Sequence[bytes] = cast(
                list[bytes], self.client.lrange(self.keys.log(match_id), start, start + limit - 1)
            )
        record = None if raw else self.record(match_id)
        if record is not None:
            raw = derive_log(record)[start : start + limit]
        return [orjson.loads(item) for item in raw]

    def record(self, match_id: str) -> bytes | None:
        """The compressed record of a match that is over (``arena/records/codec.py``), if one is kept."""
        with reaching_redis():
            record = cast(bytes | None, self.client.get(self.keys.record(match_id)))
            if record is None:  # compacted before records had a key of their own
                record = cast(bytes | None, self.client.hget(self.keys.match(match_id), "record"))
        return record

    def checkpoint(self, match_id: str, version: int) -> Chunk | PlayedCheckpoint | None:
        """The replay checkpoint that rebuilds ``version`` of a match over (``arena/records/checkpoints.py``):
        the chunk kept with its record, else the snapshot kept while it was played with the log's entries
        from there (read at once, so never half from before its compaction and half from after); ``None``
        when the match has neither (a short match compacted, one compacted before checkpoints)."""
        key = self.keys.checkpoints(match_id)
        start = played_checkpoint(version)
        with reaching_redis():
            with self.client.pipeline(transaction=True) as pipe:
                pipe.hmget(key, "every", str(chunk_index(version, EVERY)), snapshot_field(start))
                pipe.lrange(self.keys.log(match_id), start, version)
                (every, chunk, snapshot), entries = pipe.execute()
            if every is not None and int(every) != EVERY:  # chunks kept with another spacing
                chunk = self.client.hget(key, str(chunk_index(version, int(every))))
        if every is not None:
            return None if chunk is None else Chunk(int(every), chunk)
        if snapshot is None or len(entries) != version - start + 1:
            return None
        return PlayedCheckpoint(orjson.loads(snapshot), [orjson.loads(entry) for entry in entries])

    def stored_form(self, match_id: str) -> tuple[list[bytes], bytes | None, bytes | None]:
        """The match's log entries (empty once compacted), snapshot and summary, as stored, read at once."""
        with reaching_redis(), self.client.pipeline(transaction=True) as pipe:
            pipe.lrange(self.keys.log(match_id), 0, -1)
            pipe.hmget(self.keys.match(match_id), "snapshot", "summary")
            entries, (snapshot, summary) = pipe.execute()
        return entries, snapshot, summary

    def summaries(self, hashes: Sequence[str]) -> list[dict[str, Any] | None]:
        """The summary of each match (or tournament) hash, in one round trip (``None``: gone)."""
        with reaching_redis(), self.client.pipeline(transaction=False) as pipe:
            for key in hashes:
                pipe.hget(key, "summary")
            found = pipe.execute()
        return [None if raw is None else orjson.loads(unpack(raw)) for raw in found]

    # --- first requests -----------------------------------------------------------------------

    def first_requests(self, match_id: str, seats: Sequence[int]) -> dict[int, float]:
        """When each of ``seats``' programs first asked for the match (those that have), one round trip."""
        fields = [f"asked:{seat}" for seat in seats]
        with reaching_redis():
            raw = cast(list[bytes | None], self.client.hmget(self.keys.match(match_id), fields))
        return {seat: float(at) for seat, at in zip(seats, raw, strict=True) if at is not None}

    def note_first_request(self, match_id: str, seat: int, at: float, due: float | None) -> bool:
        """Note that ``seat``'s program first asked at ``at``; ``due``: the referee's due time that brings.

        Whether it was news (the seat had not asked before, and the match exists).
        """
        noted = self.scripts.first_request(
            match_key=self.keys.match(match_id),
            due_key=None if self.cluster else self.keys.due(),
            match_id=match_id,
            seat=seat,
            at=at,
            due=due,
            wake_channel=self.keys.referee_wake(),
        )
        if self.cluster and noted.moved and due is not None:  # the due set's slot, a step of its own
            self.indexes.bring_forward(match_id, due)
        return noted.noted

    def ping(self) -> None:
        with reaching_redis():
            self.client.ping()
