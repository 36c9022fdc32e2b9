"""The arena's outages in Redis: the API's heartbeat, the outages its gaps reveal, and how far the referees
have extended clocks for them (docs/store.md). The rule that extends a match's clocks is the domain's
(``Table.extend_clocks``); the use cases decide when (``api/usecases/outages.py``)."""

from __future__ import annotations

from typing import cast

from api.store.errors import reaching_redis
from api.store.matches import MatchStore

#: How long the outages are kept, in seconds (a match's clocks are extended within seconds of the end).
KEEP = 30 * 24 * 3600


class OutageLog:
    """The heartbeat and outages of the arena, beside the referee's due set (``{referee}`` slot)."""

    def __init__(self, store: MatchStore) -> None:
        self.store = store
        self.client = store.client
        self.keys = store.keys

    def beat(self, now: float, gap: float) -> bool:
        """A serving API process's heartbeat at ``now``; whether its gap to the last beat was an outage."""
        return self.store.scripts.beat(
            beat_key=self.keys.api_beat(),
            outages_key=self.keys.outages(),
            now=now,
            gap=gap,
            wake_channel=self.keys.referee_wake(),
            keep=KEEP,
        )

    def last_beat(self) -> float | None:
        """When an API process last beat (``None``: none ever has, as in a test without a live server)."""
        with reaching_redis():
            raw = cast(bytes | None, self.client.get(self.keys.api_beat()))
        return None if raw is None else float(raw)

    def after(self, until: float | None) -> list[tuple[float, float]]:
        """The outages that ended after ``until`` (``None``: all kept), oldest first, as ``(from, until)``."""
        low = "-inf" if until is None else f"({until!r}"
        with reaching_redis():
            raw = cast(list[bytes], self.client.zrangebyscore(self.keys.outages(), low, "+inf"))
        found = []
        for item in raw:
            start, _, end = item.decode().partition(",")
            found.append((float(start), float(end)))
        return found

    def credited(self) -> float | None:
        """The end of the last outage every match in play has had its clocks extended for."""
        with reaching_redis():
            raw = cast(bytes | None, self.client.get(self.keys.outages_credited()))
        return None if raw is None else float(raw)

    def mark_credited(self, until: float) -> None:
        with reaching_redis():
            self.client.set(self.keys.outages_credited(), repr(until))

    def take_lease(self, holder: str, seconds: int) -> bool:
        """Be the one referee extending clocks for ``seconds`` (whether this one is)."""
        with reaching_redis():
            return bool(self.client.set(self.keys.crediting(), holder, nx=True, ex=seconds))

    def give_back(self) -> None:
        with reaching_redis():
            self.client.delete(self.keys.crediting())

    def matches_in_play(self) -> list[str]:
        """Every match the referees are due on (a timed match in play always is: its deadlines)."""
        with reaching_redis():
            raw = cast(list[bytes], self.client.zrange(self.keys.due(), 0, -1))
        return [member.decode() for member in raw]
