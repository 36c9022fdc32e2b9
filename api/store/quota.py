"""The quotas of live matches and live tournaments in Redis.

The quota of live matches: per client, a sorted set of its unfinished matches
(``keys.live_matches``), each scored by when it expires unless written again.

A creation takes its place before the match's write (``take_live_place.lua``: the count and the add in one
step, in the client's own hash slot, so creations that race never go past the quota) and gives it back if
the write fails; the referee gives it back when it claims the ended match to keep its record. A place
whose match has expired is dropped when its client next creates one. No move reads or writes any of this.

The quota of live tournaments (:class:`LiveTournamentQuota`) is kept the same way, per address, in a sorted set
beside its live matches.
"""

from __future__ import annotations

import redis

from api.store.errors import reaching_redis
from api.store.keys import Keys
from api.store.matches import MatchStore
from api.store.quota_scripts import PlaceAnswer, QuotaScripts, TournamentPlaceAnswer
from arena.tournaments.quota import place_expiry


class _LivePlaces:
    """Places held in a sorted set per client (``live_key``), each scored by when it expires."""

    def __init__(self, matches: MatchStore) -> None:
        self.client: redis.Redis | redis.RedisCluster = matches.client
        self.keys: Keys = matches.keys
        self.settings = matches.settings
        self.scripts = QuotaScripts(self.client)

    def live_key(self, holder: str) -> str:
        raise NotImplementedError

    def give_back(self, holder: str, member: str) -> None:
        """``member`` holds no place of ``holder``'s any more (it is over, or was never written)."""
        with reaching_redis():
            self.client.zrem(self.live_key(holder), member)

    def held(self, holder: str, now: float) -> int:
        """How many places ``holder`` holds by ``now`` (those not expired)."""
        with reaching_redis():
            return int(self.client.zcount(self.live_key(holder), f"({now!r}", "+inf"))


class LiveMatchQuota(_LivePlaces):
    """The places each client's unfinished matches hold, beside a :class:`~api.store.matches.MatchStore`."""

    def live_key(self, holder: str) -> str:
        return self.keys.live_matches(holder)

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


class LiveTournamentQuota(_LivePlaces):
    """The places each client's unfinished tournaments hold (``keys.live_tournaments``, in the slot of its live
    matches), beside a :class:`~api.store.matches.MatchStore`.

    A creation takes its place before the tournament's first write (``take_tournament_place.lua``) and gives it
    back if that write fails; every later write of the tournament renews the place, so that it expires with the
    tournament (``renew_tournament_place.lua``), and the write that ends it (finished or cancelled) gives it back.
    """

    def live_key(self, holder: str) -> str:
        return self.keys.live_tournaments(holder)

    @property
    def limit(self) -> int:
        """How many unfinished tournaments one client may hold (``0``: no quota)."""
        return self.settings.max_live_tournaments

    def take(self, holder: str, tournament_id: str, now: float) -> TournamentPlaceAnswer:
        """Take a place of ``holder``'s for the new tournament ``tournament_id``, unless it holds its quota."""
        return self.scripts.take_tournament_place(
            live_key=self.keys.live_tournaments(holder),
            tournament_id=tournament_id,
            now=now,
            expires_at=place_expiry(now, self.settings.idle_ttl),
            ttl=self.settings.idle_ttl,
            quota=self.limit,
        )

    def renew(self, holder: str, tournament_id: str, now: float) -> bool:
        """The tournament was written at ``now``: its place (if it holds one) expires with it again."""
        return self.scripts.renew_tournament_place(
            live_key=self.keys.live_tournaments(holder),
            tournament_id=tournament_id,
            expires_at=place_expiry(now, self.settings.idle_ttl),
            ttl=self.settings.idle_ttl,
        )
