"""An entrant's next match: which it is, handed over with the seat's token, waiting for one if asked."""

from __future__ import annotations

import contextlib
from typing import Any

from api.store.errors import MatchNotFound
from api.store.notifier import Notifier
from api.usecases.context import Context
from api.usecases.matches.reading import load_table, note_request
from api.usecases.tournaments.director import advance
from api.usecases.tournaments.writing import load
from arena.tournaments.matches import slot_of
from arena.tournaments.record import Tournament
from arena.tournaments.tokens import authorise_entrant


def wait_for_next(
    ctx: Context, notifier: Notifier, tournament_id: str, token: str | None, wait: float | None
) -> dict[str, Any] | None:
    """The entrant's next match (see :func:`next_match`), waiting up to ``wait`` seconds for one.

    The waiter sleeps on its own entrant's channel: only a write that concerns this entrant wakes it. A
    process that stops (``notifier.closing``) ends the wait at once, as if it had run out.
    """
    entrant = authorise_entrant(load(ctx, tournament_id), token)
    deadline = ctx.clock.monotonic() + (wait or 0.0)
    with notifier.watch(ctx.tournaments.watch_id(tournament_id, entrant)) as signal:
        tournament = advance(ctx, tournament_id)
        while True:
            found = next_match(ctx, tournament, entrant)
            remaining = deadline - ctx.clock.monotonic()
            if found is not None or remaining <= 0 or notifier.closing:
                return found
            ctx.clock.wait(signal, remaining)
            signal.clear()
            tournament = load(ctx, tournament_id)


def next_match(ctx: Context, tournament: Tournament, entrant: int) -> dict[str, Any] | None:
    """``{match_id, seat, token, index}`` of the entrant's match now, ``{"done": True}``, or ``None`` (nothing yet).

    Handing the match to its entrant is that program's first request for it (its clock may start).
    """
    index = tournament.next_for(entrant)
    if index is not None:
        found = ctx.tournaments.secrets(tournament.tournament_id, [slot_of(tournament, index)]).get(
            slot_of(tournament, index)
        )
        if found is None:
            return None  # its match is being created: the write that saves its tokens wakes the waiter
        seat = tournament.seat_of(index, entrant)
        with contextlib.suppress(MatchNotFound):
            note_request(ctx, load_table(ctx, found["match_id"]), seat)
        return {"match_id": found["match_id"], "seat": seat, "token": found["seats"][str(seat)], "index": index}
    if tournament.done_for(entrant):
        return {"done": True}
    return None
