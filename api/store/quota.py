"""The quota of live matches in Redis: per client, a sorted set of its unfinished matches
(``keys.live_matches``), each scored by when it expires unless written again.

A creation takes its place before the match's write (``take_live_place.lua``: the count and the add in one
step, in the client's own hash slot, so creations that race never go past the quota) and gives it back if
the write fails; the referee gives it back when it claims the ended match to keep its record. A place
whose match has expired is dropped when its client next creates one. No move reads or writes any of this.
"""

from __future__ import annotations

import redis

from api.store.errors import reaching_redis
from api.store.keys import Keys
from api.store.matches import MatchStore
from api.store.quota_scripts import PlaceAnswer, QuotaScripts


class LiveMatchQuota:
    """The places each client's unfinished matches hold, beside a :class:`~api.store.matches.MatchStore`."""

    def __init__(self, matches: MatchStore) -> None:
        self.client: redis.Redis | redis.RedisCluster = matches.client
        self.keys: Keys = matches.keys
        self.settings = matches.settings
        self.scripts = QuotaScripts(self.client)

    @property
    def limit(self) -> int:
        """How many unfinished matches one client may hold (``0``: no quota)."""
        return self.settings.max_live_matches

    def take(self, holder: str, match_id: str, now: float) -> PlaceAnswer:
        """Take a place of ``holder``'s for the new match ``match_id``, unless it holds its quota already."""
        return self.scripts.take_live_place(
            live_key=self.keys.live_matches(holder),
            match_id=match_id,
            now=now,
            expires_at=now + self.settings.idle_ttl,
            ttl=self.settings.idle_ttl,
            quota=self.limit,
        )

    def give_back(self, holder: str, match_id: str) -> None:
        """The match ``match_id`` holds no place of ``holder``'s any more (it ended, or was never written)."""
        with reaching_redis():
            self.client.zrem(self.keys.live_matches(holder), match_id)

    def held(self, holder: str, now: float) -> int:
        """How many places ``holder`` holds by ``now`` (those whose matches have not expired)."""
        with reaching_redis():
            return int(self.client.zcount(self.keys.live_matches(holder), f"({now!r}", "+inf"))
