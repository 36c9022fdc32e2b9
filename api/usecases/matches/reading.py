"""Reading a match: its table as stored, with the first requests noted since, and the seat a claim proves."""

from __future__ import annotations

from api.usecases.context import Context
from arena.matches.access import authorise
from arena.matches.table import Table
from arena.tokens import Claim


def load_table(ctx: Context, match_id: str) -> Table:
    """The match's latest version (404 ``match/not_found`` when it does not exist)."""
    return with_first_requests(ctx, Table.from_record(match_id, ctx.store.load(match_id)))


def known_table(ctx: Context, match_id: str, version: int | None) -> Table | None:
    """The match at ``version`` if that is its latest version as this process last heard it, unread."""
    snapshot = None if version is None else ctx.store.load_known(match_id, version)
    return None if snapshot is None else with_first_requests(ctx, Table.from_record(match_id, snapshot))


def with_first_requests(ctx: Context, table: Table) -> Table:
    """``table`` with the first requests the store noted since its last write took them in.

    Read only while some seat's first request is still news (a timed match whose program has not
    asked yet, as far as the record knows): once every write has them, this costs nothing.
    """
    awaited = table.awaited_seats()
    if not awaited:
        return table
    return table.with_first_requests(ctx.store.first_requests(table.match_id, awaited))


def note_request(ctx: Context, table: Table, seat: int) -> Table:
    """``seat``'s program asked for the match: note its first request (a write only the first time).

    The seat's clock may start now instead of after the time control's ``first_decision``
    (``arena/matches/time_control.py``); the referee's due time moves forward with it.
    """
    if not table.awaits_request(seat):
        return table
    now = ctx.clock.now()
    after = table.noting_request(seat, now)
    if ctx.store.note_first_request(table.match_id, seat, now, after.next_due()):
        return after
    return with_first_requests(ctx, table)  # another request of the seat got there first: its time stands


def load_for_seat(ctx: Context, match_id: str, claim: Claim, seat: int | None = None) -> tuple[Table, int]:
    """The match and the seat ``claim`` proves (optionally checked against ``seat``).

    A seat's read is its program asking for the match: its first one is noted (see :func:`note_request`).
    """
    table = load_table(ctx, match_id)
    chosen = authorise(table, claim, seat)
    return note_request(ctx, table, chosen), chosen
