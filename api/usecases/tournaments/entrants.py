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


#: The statuses of a match that is over.
OVER = ("finished", "aborted")


def next_match(ctx: Context, tournament: Tournament, entrant: int) -> dict[str, Any] | None:
    """``{match_id, seat, token, index}`` of an entrant's match now, ``{"done": True}``, or ``None`` (nothing yet).

    Handing the match to its entrant is that program's first request for it (its clock may start). An
    entrant playing several matches at once (its ``concurrency``) gets, in schedule order, the first
    one no program of its has asked for yet, so that each of its programs (or loops) asking gets a
    match of its own; once it has asked for all of them, the first again (as a program that restarts
    does).
    """
    playing = tournament.playing_for(entrant)
    if playing:
        slots = {index: slot_of(tournament, index) for index in playing}
        kept = ctx.tournaments.secrets(tournament.tournament_id, list(slots.values()))
        ready = [index for index in playing if slots[index] in kept]  # the others are being created
        # A match over whose outcome is held (``arena/tournaments/holds.py``), or not yet recorded, has
        # nothing left to play: the write that records or voids it wakes the waiter.
        statuses = ctx.tournaments.match_statuses([kept[slots[index]]["match_id"] for index in ready])
        ready = [index for index, status in zip(ready, statuses, strict=True) if status not in OVER]
        if not ready:
            return None  # the write that saves their tokens wakes the waiter
        ids = [(index, kept[slots[index]]["match_id"]) for index in ready]
        chosen = _unclaimed(ctx, tournament, entrant, ids) if len(ready) > 1 else ready[0]
        found, seat = kept[slots[chosen]], tournament.seat_of(chosen, entrant)
        if len(ready) == 1:
            with contextlib.suppress(MatchNotFound):
                note_request(ctx, load_table(ctx, found["match_id"]), seat)
        return {"match_id": found["match_id"], "seat": seat, "token": found["seats"][str(seat)], "index": chosen}
    if tournament.done_for(entrant):
        return {"done": True}
    return None


def _unclaimed(ctx: Context, tournament: Tournament, entrant: int, ready: list[tuple[int, str]]) -> int:
    """The first of the ``ready`` matches (index, match id) the entrant's programs had not asked for, now
    claimed by this request (its first request is noted atomically: of two racing requests one gets it,
    the other the next); the first when they asked for every one."""
    for index, match_id in ready:
        seat = tournament.seat_of(index, entrant)
        try:
            table = load_table(ctx, match_id)
        except MatchNotFound:
            continue
        if not table.awaits_request(seat):
            continue
        now = ctx.clock.now()
        if ctx.store.note_first_request(table.match_id, seat, now, table.noting_request(seat, now).next_due()):
            return index  # as note_request does, but knowing whether this request was the first
    return ready[0][0]
