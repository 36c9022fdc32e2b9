"""The lobby's rules: which open seat a join takes, and who may take an invitation-only one.

An open seat may be for anyone, or for friends only: created with ``"invitation": true``, it is
joined only with the invitation its creation's answer shows (a secret, of which the table keeps the
digest, as of a token), and the public lobby does not list a match whose open seats are all such.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from typing import Any

from arena.errors import ArenaError
from arena.matches.table import Table
from arena.tokens import proves


def new_invitation() -> str:
    """A fresh invitation: 24 random bytes, URL-safe (it travels in a link's fragment)."""
    return secrets.token_urlsafe(24)


def open_seat(table: Table, seat: int | None, invitation: str | None = None) -> int:
    """The open seat a join takes: ``seat``, or (none named) the one ``invitation`` opens, else the first
    seat open to anyone; 409 when the match is over or the seat taken, 422 for a seat the match does
    not have, 403 ``auth/invalid_invitation`` for an invitation-only seat joined without its invitation."""
    if table.is_over:
        raise ArenaError("match/over", f"the match is {table.status}")
    open_seats = table.open_seats
    if seat is None:
        if invitation is not None:
            invited = [s for s in open_seats if proves(invitation, table.seats[s].invitation)]
            if invited:
                return invited[0]
        public = [s for s in open_seats if not table.seats[s].by_invitation]
        if public:
            return public[0]
        if not open_seats:
            raise ArenaError("match/full", "no seat is open in this match")
        raise _not_invited(invitation)
    if not 0 <= seat < len(table.seats):
        raise ArenaError("request/invalid", f"seat {seat} does not exist", field="seat")
    if seat not in open_seats:
        raise ArenaError("match/full", f"seat {seat} is taken", seat=seat, open=open_seats)
    if table.seats[seat].by_invitation and not proves(invitation or "", table.seats[seat].invitation):
        raise _not_invited(invitation, seat)
    return seat


def _not_invited(invitation: str | None, seat: int | None = None) -> ArenaError:
    held = "without the invitation" if invitation is None else "with an invitation that is not"
    which = "the seat" if seat is None else f"seat {seat}"
    details = {} if seat is None else {"seat": seat}
    return ArenaError(
        "auth/invalid_invitation",
        f"{which} is for invited players only, and the join came {held} its own: ask the match's host for "
        "the invitation link",
        **details,
    )


def publicly_open(summary: Mapping[str, Any]) -> bool:
    """Whether a match's summary has a seat anyone may join (the public lobby lists only such matches)."""
    return any(seat["kind"] == "open" and not seat.get("invitation") for seat in summary["seats"])
