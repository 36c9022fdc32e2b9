"""The quota of live matches (``arena/matches/quota.py``): a creation takes its holder's place before its
write and gives it back if the write fails; a match that has ended gives its place back when the referee
claims it to keep its record (the write that ends it makes it due at once), off every move's path, and a
tournament's at once, when its director hears of its end.
"""

from __future__ import annotations

import logging

from api.store.quota_scripts import PlaceHeld, PlaceTaken, QuotaFull
from api.usecases.context import Context
from arena.matches.quota import quota_exceeded
from arena.matches.table import Table

log = logging.getLogger(__name__)


def counted_holder(ctx: Context, holder: str | None) -> str | None:
    """Who a new match counts against: ``holder``, or nobody while the server has no quota."""
    return holder if ctx.quota.limit else None


def take_place(ctx: Context, holder: str | None, match_id: str) -> bool:
    """Take a place of ``holder``'s for the new match ``match_id``, before its write; whether one was taken
    now (to give back if the write fails: a retried creation holds its place already). Raises ``429
    match/quota`` when ``holder`` holds its quota already (nothing taken, nothing stored)."""
    if holder is None:
        return False
    now = ctx.clock.now()
    match ctx.quota.take(holder, match_id, now):
        case PlaceTaken():
            return True
        case PlaceHeld():
            return False
        case QuotaFull(count, soonest):
            log.info("match quota: %s holds %d unfinished matches (quota %d)", holder, count, ctx.quota.limit)
            raise quota_exceeded(holder, count, ctx.quota.limit, soonest, now)


def give_back(ctx: Context, holder: str, match_id: str) -> None:
    """Give back the place a creation took for a match whose write failed."""
    ctx.quota.give_back(holder, match_id)


def release_place(ctx: Context, table: Table) -> None:
    """A match that has ended gives its holder's place back (done again, it changes nothing)."""
    if table.holder is not None and table.is_over:
        ctx.quota.give_back(table.holder, table.match_id)
