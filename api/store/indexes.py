"""The indexes that span matches: the lobby's (matches by creation time, per game and status) and the
referee's due set (matches by when the server must next act on them).

On one server the match's write script keeps both; on a Redis Cluster each is a step of its own after
the match's write (:meth:`MatchIndexes.set_due`, :meth:`MatchIndexes.move_in_lobby`), and
:meth:`MatchIndexes.repair` puts back what a crash between the steps left out.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, cast

import orjson
import redis

from api.store.errors import reaching_redis
from api.store.keys import Keys, tag_of_channel
from api.store.match_scripts import MatchScripts
from arena.records.codec import unpack

#: The order of a match's statuses: a match never goes back to a lower one.
STATUS_RANK = {"waiting": 0, "active": 1, "finished": 2, "aborted": 2}
#: How many match hashes one step of :meth:`MatchIndexes.repair` reads.
REPAIR_BATCH = 500
#: A version above any match's: the due step of a match that is gone wins over every other.
GONE_VERSION = 2**53

#: A page of summaries and the cursor after it (``None``: nothing follows).
Page = tuple[list[dict[str, Any]], tuple[float, str] | None]


class MatchIndexes:
    """The lobby's sorted sets and the referee's due set."""

    def __init__(
        self, client: redis.Redis | redis.RedisCluster, keys: Keys, scripts: MatchScripts, cluster: bool
    ) -> None:
        self.client = client
        self.keys = keys
        self.scripts = scripts
        self.cluster = cluster

    # --- the lobby ----------------------------------------------------------------------------

    def page(
        self,
        index: str,
        limit: int,
        before: tuple[float, str] | None,
        status: str | None = None,
        hash_key: Callable[[str], str] | None = None,
    ) -> Page:
        """Up to ``limit`` summaries from ``index`` (of matches in ``status``, if it has one), newest
        first, after the cursor ``before``.

        Returns the page and the cursor of its last entry (``None`` when nothing follows). Entries
        of expired matches are dropped from this index as they are met, so a page costs O(page).
        An entry whose match is in another status (an index step of a cluster's write not yet
        done, or lost) is skipped, and dropped once the match has left ``status`` for good.
        ``hash_key`` names the hash of an index entry's ``summary`` (default: the match's); the
        tournaments' list pages through this too.
        """
        key_of = self.keys.match if hash_key is None else hash_key
        page: list[dict[str, Any]] = []
        cursor = before
        while True:
            wanted = limit - len(page)
            rows = self._rows(index, cursor, wanted + 1)
            chosen = rows[:wanted]
            with reaching_redis(), self.client.pipeline(transaction=False) as pipe:
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
                with reaching_redis():
                    self.client.zrem(index, *gone)
            page.extend(s for s in summaries if s is not None and (status is None or s["status"] == status))
            if len(rows) <= wanted:
                return page, None
            cursor = (chosen[-1][1], chosen[-1][0])
            if len(page) == limit:
                return page, cursor

    def _rows(self, index: str, before: tuple[float, str] | None, count: int) -> list[tuple[str, float]]:
        """Up to ``count`` ``(match id, score)`` of ``index`` after ``before``, newest first.

        Equal scores come in descending id order, so the cursor's id breaks ties.
        """
        high = "+inf" if before is None else repr(before[0])
        ties = 0
        while True:
            with reaching_redis():
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

    def move_in_lobby(self, match_id: str, created_at: float, add: Sequence[str], remove: Sequence[str]) -> None:
        """On a cluster: the lobby step of a write (every index key is in the ``{lobby}`` slot)."""
        with reaching_redis(), self.client.pipeline(transaction=False) as pipe:
            for index in add:
                pipe.zadd(index, {match_id: created_at}, nx=True)
            for index in remove:
                pipe.zrem(index, match_id)
            pipe.execute()

    # --- the referee's due set ----------------------------------------------------------------

    def claim_due(self, now: float, lease: float, limit: int) -> list[str]:
        """The matches the referee is due on by ``now``, each claimed for ``lease`` seconds."""
        return self.scripts.claim_due(due_key=self.keys.due(), now=now, lease=lease, limit=limit)

    def next_due(self) -> float | None:
        """When the referee is next due on any match."""
        with reaching_redis():
            first = self.client.zrange(self.keys.due(), 0, 0, withscores=True)
        return float(first[0][1]) if first else None

    def reschedule(self, match_id: str, version: int, due: float | None) -> None:
        """Set when the referee is next due on a match still at ``version`` (``-1``: the match is gone)."""
        if self.cluster:
            self.set_due(match_id, GONE_VERSION if version < 0 else version, due)
            return
        self.scripts.reschedule(
            match_key=self.keys.match(match_id), due_key=self.keys.due(), match_id=match_id, version=version, due=due
        )

    def set_due(self, match_id: str, version: int, due: float | None, wake: bool = False) -> None:
        """On a cluster: the due step of a write (or of the referee) at ``version``."""
        self.scripts.set_due(
            due_key=self.keys.due(),
            due_version_key=self.keys.due_version(),
            match_id=match_id,
            version=version,
            due=due,
            wake=self.keys.referee_wake() if wake else None,
        )

    def bring_forward(self, match_id: str, due: float) -> None:
        """On a cluster: move a match's due time earlier (never later), a first request's own step."""
        with reaching_redis():
            self.client.zadd(self.keys.due(), {match_id: due}, xx=True, lt=True)
            self.client.publish(self.keys.referee_wake(), repr(due))

    # --- repairs ------------------------------------------------------------------------------

    def repair(self) -> int:
        """On a cluster: put back the index entries that a crash between a write's steps left out.

        Reads ``due`` and ``summary`` of every match hash (a SCAN of every node) and adds what is
        missing: the match to the due set, and to the lobby indexes of its status. An entry that is
        there is left alone (a referee's lease may have moved it on). Returns how many were added.
        """
        keys: list[bytes] = []
        added = 0
        with reaching_redis():
            for key in self.client.scan_iter(match=self.keys.match_pattern(), count=REPAIR_BATCH):
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
            (tag_of_channel(key.decode()), row)
            for key, row in zip(keys, rows, strict=True)
            if row[0] is not None and row[2] is not None
        ]
        with self.client.pipeline(transaction=False) as pipe:
            for match_id, _ in found:
                pipe.zscore(self.keys.due(), match_id)
            for match_id, (_, _, raw) in found:
                summary = orjson.loads(unpack(raw))
                for index in self.keys.lobby_indexes(summary["game"], summary["status"]):
                    pipe.zadd(index, {match_id: summary["created_at"]}, nx=True)
            answers = pipe.execute()
        added = int(sum(answers[len(found) :]))
        for (match_id, (version, due, _)), score in zip(found, answers[: len(found)], strict=False):
            if due and score is None:
                self.set_due(match_id, int(version), float(due))
                added += 1
        return added
