"""Reading and writing a tournament: one version at a time with compare-and-set, and its indexes after."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence

from api.store.errors import StaleVersion
from api.usecases.context import Context
from api.usecases.tournaments.quota import keep_place
from arena.errors import ArenaError
from arena.tournaments.record import Tournament
from arena.tournaments.standings import Ledger, Outcome

#: How often a write is tried again when another write got in first.
RETRIES = 50


def load(ctx: Context, tournament_id: str) -> Tournament:
    """The tournament as stored (404 ``tournament/not_found`` when it does not exist)."""
    return ctx.tournaments.load(tournament_id)


def write(
    ctx: Context,
    before: Tournament | None,
    after: Tournament,
    *,
    ledger: Ledger | None = None,
    outcomes: Sequence[Outcome] = (),
    lapsed: Collection[int] = (),
) -> Tournament:
    """Write ``after`` if the tournament is still at ``before``'s version (``None``: create it), with
    the standings ``ledger`` changed, the ``outcomes`` recorded and the presence leases ``lapsed``;
    wake the entrants it concerns; then renew its place in its address's quota of live tournaments, or
    give the place back once it is over."""
    ctx.tournaments.write(
        before,
        after,
        rows={e: ledger.rows[e] for e in ledger.changed_rows} if ledger is not None else {},
        cells={p: ledger.cells[p] for p in ledger.changed_cells} if ledger is not None else {},
        outcomes=outcomes,
        notify=sorted(after.entrants_moved(before)) if before is not None else [],
        lapsed=sorted(lapsed),
    )
    if before is None or before.status != after.status or after.under_way:
        # A separate step (another hash slot): a crash before it is mended by the next write.
        ctx.tournaments.index(after.tournament_id, after.created_at, running=after.under_way)
    if before is not None:  # a creation took its place just before its write
        # Another slot again (the address's): a crash before it leaves a place that expires with the
        # tournament, or that the referee's sweep gives back once it finds the tournament over.
        keep_place(ctx, after)
    return after


def change(ctx: Context, tournament_id: str, transition: Callable[[Tournament], Tournament], what: str) -> Tournament:
    """Load, apply ``transition``, write; again from a fresh read when another write got in first."""
    for _ in range(RETRIES):
        before = load(ctx, tournament_id)
        try:
            return write(ctx, before, transition(before))
        except StaleVersion:
            continue
    raise ArenaError("store/busy", f"too many writes raced this {what}; try again")
