"""The quota of live tournaments: who a tournament counts against while it lasts, and how a refusal past it reads.

A client holds at most ``ARENA_MAX_LIVE_TOURNAMENTS`` unfinished tournaments (open, running or paused): each
tournament's matches count against a quota of their own (``arena/matches/quota.py``), so without this one
address could create tournament after tournament and fill the store anyway. A tournament counts against the
address that created it (as the rate limits name a client) until it is over (finished or cancelled), or until
it would expire: every write of an unfinished tournament gives it the idle TTL again, and so its place.
"""

from __future__ import annotations

import math

from arena.errors import ArenaError
from arena.tournaments.record import Tournament


def holds_place(tournament: Tournament) -> bool:
    """Whether ``tournament`` holds a place of its holder's now: it has a holder and is not over."""
    return tournament.holder is not None and not tournament.is_over


def place_expiry(now: float, idle_ttl: int) -> float:
    """When a place taken or renewed at ``now`` stops counting unless the tournament is written again: when the
    tournament itself expires (each write gives its keys the idle TTL)."""
    return now + idle_ttl


def tournament_quota_exceeded(live: int, limit: int, soonest: float, now: float) -> ArenaError:
    """``429 tournament/quota``: the client holds ``live`` unfinished tournaments, ``limit`` or more; the first of
    them stops counting at ``soonest`` unless it is written again or ends first (``retry_after``: the whole
    seconds until then, at least 1)."""
    retry_after = max(1, math.ceil(soonest - now))
    return ArenaError(
        "tournament/quota",
        f"this client holds {live} unfinished tournaments, as many as the server allows ({limit}); nothing was "
        "stored: cancel one of them (or let it finish) to create another (one left alone stops counting when it "
        f"expires, the first in {retry_after} s unless it is written again)",
        live=live,
        limit=limit,
        retry_after=retry_after,
    )
