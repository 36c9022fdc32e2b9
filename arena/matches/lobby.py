"""The lobby's rules: which open seat a join takes."""

from __future__ import annotations

from arena.errors import ArenaError
from arena.matches.table import Table


def open_seat(table: Table, seat: int | None) -> int:
    """The open seat a join takes: ``seat``, or the first one left; 409 when the match is over or the seat
    taken, 422 for a seat the match does not have."""
    if table.is_over:
        raise ArenaError("match/over", f"the match is {table.status}")
    open_seats = table.open_seats
    if seat is None:
        if not open_seats:
            raise ArenaError("match/full", "no seat is open in this match")
        return open_seats[0]
    if not 0 <= seat < len(table.seats):
        raise ArenaError("request/invalid", f"seat {seat} does not exist", field="seat")
    if seat not in open_seats:
        raise ArenaError("match/full", f"seat {seat} is taken", seat=seat, open=open_seats)
    return seat
