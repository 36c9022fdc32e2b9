"""Typed wrappers of the quotas' scripts (``scripts/take_live_place.lua``, ``scripts/take_tournament_place.lua``,
``scripts/renew_tournament_place.lua``): named arguments in, typed answers out."""

from __future__ import annotations

import dataclasses

import redis

from api.store.lua import LuaScript


@dataclasses.dataclass(frozen=True)
class PlaceTaken:
    """The new match (or tournament) took a place: the client holds ``count`` with it."""

    count: int


@dataclasses.dataclass(frozen=True)
class PlaceHeld:
    """The match held a place already (its creation was retried); nothing was written."""

    count: int


@dataclasses.dataclass(frozen=True)
class QuotaFull:
    """The client holds ``count`` places, its quota or more; the first of them expires at ``soonest`` (nothing was
    taken)."""

    count: int
    soonest: float


PlaceAnswer = PlaceTaken | PlaceHeld | QuotaFull
#: A new tournament's answer: it is never retried with the same id, so it never holds a place already.
TournamentPlaceAnswer = PlaceTaken | QuotaFull


class QuotaScripts:
    """The quotas' scripts, registered with one client."""

    def __init__(self, client: redis.Redis | redis.RedisCluster) -> None:
        self._take = LuaScript(client, "take_live_place")
        self._take_tournament = LuaScript(client, "take_tournament_place")
        self._renew_tournament = LuaScript(client, "renew_tournament_place")

    def take_live_place(
        self, *, live_key: str, match_id: str, now: float, expires_at: float, ttl: int, quota: int
    ) -> PlaceAnswer:
        """Take a place among a client's live matches (``live_key``) for ``match_id``, which expires at
        ``expires_at`` unless written again, unless the client holds ``quota`` places not expired by
        ``now``; the set lives ``ttl`` seconds from a place taken."""
        reply = self._take([live_key], [match_id, repr(now), repr(expires_at), ttl, quota])
        code, count = int(reply[0]), int(reply[1])
        if code == 1:
            return PlaceTaken(count)
        if code == 2:
            return PlaceHeld(count)
        if code == 0:
            return QuotaFull(count, float(reply[2]))
        raise ValueError(f"take_live_place answered {reply!r}")

    def take_tournament_place(
        self, *, live_key: str, tournament_id: str, now: float, expires_at: float, ttl: int, quota: int
    ) -> TournamentPlaceAnswer:
        """Take a place among a client's live tournaments (``live_key``) for ``tournament_id``, which expires at
        ``expires_at`` unless written again, unless the client holds ``quota`` places not expired by ``now``; the
        set lives ``ttl`` seconds from a place taken."""
        reply = self._take_tournament([live_key], [tournament_id, repr(now), repr(expires_at), ttl, quota])
        code, count = int(reply[0]), int(reply[1])
        if code == 1:
            return PlaceTaken(count)
        if code == 0:
            return QuotaFull(count, float(reply[2]))
        raise ValueError(f"take_tournament_place answered {reply!r}")

    def renew_tournament_place(self, *, live_key: str, tournament_id: str, expires_at: float, ttl: int) -> bool:
        """Have the place ``tournament_id`` holds in ``live_key`` expire at ``expires_at`` (never earlier than it
        did) and the set live ``ttl`` seconds more; whether it held one (none is taken otherwise)."""
        return bool(self._renew_tournament([live_key], [tournament_id, repr(expires_at), ttl]))
