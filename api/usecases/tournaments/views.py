"""Reading a tournament as anyone sees it: its resource and standings, its schedule (with the host's
tokens), its crosstable, its rating table, the SPRT's curve, and the records of a tournament over as JSON
lines."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from typing import Any

from api.usecases.context import Context
from api.usecases.records import kept_or_built, told
from arena.errors import ArenaError
from arena.records.codec import decode_record
from arena.tournaments import views
from arena.tournaments.matches import match_id_of, slot_of
from arena.tournaments.ratings import RatingTable, rating_table
from arena.tournaments.record import SlotState, Tournament
from arena.tournaments.record_lines import line_bytes, record_line
from arena.tournaments.reports import Crosstable, crosstable, sprt_report
from arena.tournaments.standings import Standings
from arena.tournaments.tokens import authorise_host

log = logging.getLogger(__name__)

#: Lines of records read from the store at a time (the stream holds no more than these in memory).
RECORD_LINES_PER_READ = 32


def away(ctx: Context, tournament: Tournament, now: float | None = None) -> set[int]:
    """The entrants whose host's presence lease has lapsed (entrants never leased are never away)."""
    moment = ctx.clock.now() if now is None else now
    return {entrant for entrant, until in ctx.tournaments.leases(tournament.tournament_id).items() if until < moment}


def standings_of(ctx: Context, tournament: Tournament) -> Standings:
    """The whole table, best first, with why held entrants' matches wait."""
    tournament_id = tournament.tournament_id
    rows, cells = ctx.tournaments.rows(tournament_id), ctx.tournaments.cells(tournament_id)
    return views.standings(tournament, rows, cells, away(ctx, tournament) if tournament.under_way else ())


def resource(ctx: Context, tournament: Tournament, offset: int = 0, limit: int = views.PAGE) -> dict[str, Any]:
    """The tournament as anyone sees it, with a page of its entrants and standings (from ``offset``)."""
    entrants = views.entrants_page(tournament, ctx.tournaments.leases(tournament.tournament_id), offset, limit)
    return views.tournament_body(tournament, entrants, standings_of(ctx, tournament), offset, limit)


def entrants_page(ctx: Context, tournament: Tournament, offset: int, limit: int) -> dict[str, Any]:
    """A page of the entrants, with until when the host's presence lease on each named one runs."""
    return views.entrants_page(tournament, ctx.tournaments.leases(tournament.tournament_id), offset, limit)


def schedule(ctx: Context, tournament: Tournament, token: str | None, state: SlotState | None = None) -> dict[str, Any]:
    """Every scheduled match (or those in ``state``) with its state and outcome; with the host token
    (``token``: the one presented, if any), the tokens of those playing. A match played again lists the
    attempts voided before, with why."""
    host = token is not None
    if host:
        authorise_host(tournament, token)
    tokens: dict[int, dict[str, Any]] = {}
    if host:
        slots = {index: slot_of(tournament, index) for index in tournament.indexes("playing")}
        kept = ctx.tournaments.secrets(tournament.tournament_id, list(slots.values()))
        tokens = {index: kept[slot] for index, slot in slots.items() if slot in kept}
    indexes = range(len(tournament.pairings)) if state is None else tournament.indexes(state)
    needs_outcomes = state is None or state == "done"
    outcomes = {o.index: o for o in ctx.tournaments.outcomes(tournament.tournament_id)} if needs_outcomes else {}
    rows = views.schedule_rows(tournament, indexes, outcomes, tokens)
    return {"tournament_id": tournament.tournament_id, "status": tournament.status, "matches": rows}


def crosstable_of(ctx: Context, tournament: Tournament) -> Crosstable:
    """Every pair that met, from the recorded outcomes (with pairwise Elo on 2-player tables)."""
    s = tournament.settings
    return crosstable(
        [e.name for e in tournament.entrants],
        ctx.tournaments.outcomes(tournament.tournament_id),
        tournament.pairings,
        s.players_per_match,
        s.duplicate,
    )


def ratings_of(ctx: Context, tournament: Tournament, anchor: int | None) -> RatingTable:
    """The overall rating table from every recorded match (422 for an anchor that is no entrant)."""
    if anchor is not None and anchor >= len(tournament.entrants):
        raise ArenaError(
            "request/invalid",
            f"the anchor must be an entrant from 0 to {len(tournament.entrants) - 1}, not {anchor}",
            field="anchor",
        )
    names = [e.name for e in tournament.entrants]
    return rating_table(names, ctx.tournaments.outcomes(tournament.tournament_id), anchor)


def sprt_curve(ctx: Context, tournament: Tournament) -> dict[str, Any]:
    """The SPRT's curve (404 for a tournament without an SPRT)."""
    s = tournament.settings
    if s.sprt is None:
        raise ArenaError("tournament/no_sprt", "this tournament runs no SPRT")
    outcomes = ctx.tournaments.outcomes(tournament.tournament_id)
    tally = tournament.sprt_tally
    counted = tally.counted if tally is not None and tally.in_order else None
    return sprt_report(s.sprt, outcomes, tournament.pairings, s.duplicate, tournament.verdict, counted=counted)


def record_lines(ctx: Context, tournament: Tournament) -> Iterator[bytes]:
    """The records of a tournament over, a JSON line per recorded match in the order they finished
    (``arena/tournaments/record_lines.py``); 409 ``record/sealed`` while it runs or is open.

    The check is made now; the lines are read as they are sent, a few at a time.
    """
    if not tournament.is_over:
        raise ArenaError(
            "record/sealed",
            f"the tournament is {tournament.status}: under duplicate deals one seed deals several of its matches, "
            "so its records open once it is over",
            tournament_id=tournament.tournament_id,
            tournament_status=tournament.status,
        )
    return _lines(ctx, tournament)


def text_or_none(line: dict[str, Any]) -> str | None:
    """The text of a line's record (``arena/records/text``: its header names the entrants, forfeits and
    points too); ``None`` for a record that no longer replays with this server's rules, so that one
    such match does not cut the stream short (``arena replay`` names it)."""
    try:
        return told(line)
    except ArenaError:
        return None


def _lines(ctx: Context, tournament: Tournament) -> Iterator[bytes]:
    tournament_id = tournament.tournament_id
    start = 0
    while True:
        outcomes = ctx.tournaments.outcomes_between(tournament_id, start, start + RECORD_LINES_PER_READ - 1)
        if not outcomes:
            return
        kept = ctx.tournaments.records(tournament_id, [slot_of(tournament, outcome.index) for outcome in outcomes])
        for outcome, found in zip(outcomes, kept, strict=True):
            # not copied yet (the record keeper is behind): the match's own, or its log's, while it lasts
            record = (
                decode_record(found)
                if found is not None
                else kept_or_built(ctx, match_id_of(tournament, outcome.index))
            )
            if record is None:
                log.warning("tournament %s: match %d has no record", tournament_id, outcome.index)
                continue
            line = record_line(record, tournament_id, outcome)
            yield line_bytes({**line, "text": text_or_none(line)})
        start += len(outcomes)
