"""The quota of live tournaments (``arena/tournaments/quota.py``): a creation takes its address's place before
the tournament's first write and gives it back if that write fails; every later write renews the place (the
tournament's keys live the idle TTL again), and the write that ends the tournament gives it back.
"""

from __future__ import annotations

import logging

from api.store.quota_scripts import PlaceTaken, QuotaFull
from api.usecases.context import Context
from arena.tournaments.quota import holds_place, tournament_quota_exceeded
from arena.tournaments.record import Tournament

log = logging.getLogger(__name__)


def counted_holder(ctx: Context, holder: str | None) -> str | None:
    """Who a new tournament counts against: ``holder``, or nobody while the server has no quota."""
    return holder if ctx.tournament_quota.limit else None


def take_place(ctx: Context, tournament: Tournament) -> None:
    """Take a place of its holder's for the new ``tournament``, before its first write. Raises ``429
    tournament/quota`` when the holder holds its quota already (nothing taken, nothing stored)."""
    if tournament.holder is None:
        return
    now = ctx.clock.now()
    match ctx.tournament_quota.take(tournament.holder, tournament.tournament_id, now):
        case PlaceTaken():
            return
        case QuotaFull(count, soonest):
            limit = ctx.tournament_quota.limit
            log.info("tournament quota: %s holds %d unfinished tournaments (quota %d)", tournament.holder, count, limit)
            raise tournament_quota_exceeded(count, limit, soonest, now)


def give_back(ctx: Context, tournament: Tournament) -> None:
    """Give back the place a creation took for a tournament whose write failed."""
    if tournament.holder is not None:
        ctx.tournament_quota.give_back(tournament.holder, tournament.tournament_id)


def keep_place(ctx: Context, tournament: Tournament) -> None:
    """After a write of ``tournament``: renew its place while it is unfinished, give it back once it is over
    (done again, neither changes anything)."""
    if tournament.holder is None:
        return
    if holds_place(tournament):
        ctx.tournament_quota.renew(tournament.holder, tournament.tournament_id, ctx.clock.now())
    else:
        ctx.tournament_quota.give_back(tournament.holder, tournament.tournament_id)
