"""The quota of live matches: who a match counts against while it lasts, and how a refusal past it reads.

A client holds at most ``ARENA_MAX_LIVE_MATCHES`` unfinished matches: the rate limits count requests,
this counts what stays. A match created through ``POST /matches`` counts against the address it came
from (the one the rate limits count creations by); a tournament's match, which its director creates
on the host's behalf from whichever process advances the tournament, counts against its tournament.
A match stops counting when it ends (finished or aborted), or when it would expire unplayed: its
creation plus the idle TTL.
"""

from __future__ import annotations

import math

from arena.errors import ArenaError

#: The prefix of a holder that is a tournament (a client's address is ``addr:<address>``, as
#: ``api/http/limits.py``'s ``client_key`` names it).
TOURNAMENT = "tournament:"


def tournament_holder(tournament_id: str) -> str:
    """The holder a tournament's matches count against."""
    return f"{TOURNAMENT}{tournament_id}"


def quota_exceeded(holder: str, live: int, limit: int, soonest: float, now: float) -> ArenaError:
    """``429 match/quota``: ``holder`` holds ``live`` unfinished matches, ``limit`` or more; the first of
    them stops counting at ``soonest`` if nobody ends it first (``retry_after``: the whole seconds until then,
    at least 1)."""
    retry_after = max(1, math.ceil(soonest - now))
    per = "tournament" if holder.startswith(TOURNAMENT) else "client"
    return ArenaError(
        "match/quota",
        f"this {per} holds {live} unfinished matches, as many as the server allows ({limit}); nothing was "
        "stored: finish or abort one of them to create another (an unplayed one stops counting when it "
        f"expires, the first in {retry_after} s)",
        live=live,
        limit=limit,
        per=per,
        retry_after=retry_after,
    )
