"""The director: notices the tournament's matches that ended, records their outcomes, pairs a Swiss round
when one is due, and starts every match that may start (``arena/tournaments/dispatch.py``: its entrants
are free and present, its host's workers have room, an SPRT can still count it).

It writes the tournament with compare-and-set and then creates each started match with an
idempotency key that fixes its id, so racing directors (any worker, the referee's sweep, the listener
of a match's last write) start every match exactly once. It hears of a match's end through the hooks
(:func:`listen`, registered when a process starts).
"""

from __future__ import annotations

import contextlib
import logging

from api.store.errors import MatchNotFound, StaleVersion, StoreUnavailable, TournamentNotFound
from api.usecases.context import Context, Hooks
from api.usecases.matches.creating import create_match
from api.usecases.matches.quota import release_place
from api.usecases.matches.reading import load_table
from api.usecases.matches.writing import commit
from api.usecases.tournaments.quota import keep_place
from api.usecases.tournaments.writing import RETRIES, load, write
from arena.errors import ArenaError
from arena.matches.table import Table
from arena.tournaments.dispatch import Presence
from arena.tournaments.holds import timeouts_in
from arena.tournaments.matches import (
    absent_entrants,
    match_id_of,
    match_request,
    settled_outcome,
    slot_of,
    timed_out_seats,
)
from arena.tournaments.record import Tournament, VoidReason, match_key
from arena.tournaments.standings import Outcome, pairs_at

log = logging.getLogger(__name__)


def abort_matches(ctx: Context, tournament: Tournament, indexes: list[int]) -> None:
    """Abort the tournament's matches at ``indexes`` that are still playing (a cancel, a verdict)."""
    for index in indexes:
        match_id = match_id_of(tournament, index)
        for _ in range(RETRIES):
            try:
                table = load_table(ctx, match_id)
            except MatchNotFound:
                break
            if table.is_over:
                break
            try:
                commit(ctx, table, table.abort(ctx.clock.now()))
                break
            except StaleVersion:
                continue


def _ended_matches(ctx: Context, tournament: Tournament) -> tuple[dict[int, Table], list[int]]:
    """The matches playing that have ended (by schedule index), and those not stored (to create again)."""
    playing = tournament.indexes("playing")
    match_ids = [match_id_of(tournament, index) for index in playing]
    ended: dict[int, Table] = {}
    missing: list[int] = []
    for index, match_id, status in zip(playing, match_ids, ctx.tournaments.match_statuses(match_ids), strict=True):
        if status is None:
            missing.append(index)  # being created, or lost before its creation: create it (again)
        elif status in ("finished", "aborted"):
            try:
                table = load_table(ctx, match_id)
            except MatchNotFound:
                continue  # expired since: the next look creates it again, or finds it gone
            if table.tournament != (tournament.tournament_id, index):
                log.error(
                    "tournament %s: match %s is not its match %d; left unrecorded",
                    tournament.tournament_id,
                    match_id,
                    index,
                )
                continue
            ended[index] = table
    return ended, missing


def _settled(
    ctx: Context, tournament: Tournament, presence: Presence, ended: dict[int, Table], now: float
) -> dict[int, Outcome | VoidReason]:
    """How each ended match counts, or why it is void; a match held (``arena/tournaments/holds.py``: a
    leased entrant timed out and its runner has not been heard of since) is left out, still playing."""
    results: dict[int, Outcome | VoidReason] = {}
    for index, table in ended.items():
        result = settled_outcome(
            tournament,
            index,
            table,
            timed_out_at=_timeouts(ctx, tournament, presence, index, table),
            renewals=presence.renewals,
            lost=presence.lost,
            now=now,
        )
        if result is not None:
            results[index] = result
    return results


def _timeouts(ctx: Context, tournament: Tournament, presence: Presence, index: int, table: Table) -> dict[int, float]:
    """When each seat of an ended match timed out, for the seats of leased entrants or of a match its host
    reported lost (read from its log only then)."""
    entrants = tournament.pairings[index].entrants
    reported = table.match_id in presence.lost
    seats = [seat for seat in timed_out_seats(table) if reported or entrants[seat] in presence.renewals]
    if not seats:
        return {}
    logged = timeouts_in(ctx.store.log(table.match_id))  # a match over keeps its log, or its record
    return {seat: logged.get(seat, table.updated_at) for seat in seats}


def advance(ctx: Context, tournament_id: str) -> Tournament:
    """Record the outcomes of finished matches, pair a Swiss round when one is due, and start every
    match that may start now."""
    for _ in range(RETRIES):
        before, presence = ctx.tournaments.load_with_presence(tournament_id)
        if not before.under_way:
            return before
        now = ctx.clock.now()
        ended, missing = _ended_matches(ctx, before)
        results = _settled(ctx, before, presence, ended, now)
        recorded = [result for result in results.values() if not isinstance(result, str)]
        # A program that never asked for its match says its host is away: its lease lapses now, so its
        # matches wait (instead of being voided again) until the host renews it.
        lapsed = {
            entrant
            for index, result in results.items()
            if result == "absent"
            for entrant in absent_entrants(before, index, ended[index])
            if presence.leases.get(entrant, 0.0) > 0.0
        }
        seated = sorted({e for outcome in recorded for e in outcome.entrants})
        ledger = ctx.tournaments.ledger_of(
            tournament_id, seated, sorted({p for o in recorded for p in pairs_at(o.entrants)})
        )
        after = before
        for index, result in results.items():
            after = after.record(index, result, now, ledger)
        if after.needs_pairing():
            ledger.take_in(ctx.tournaments.rows(tournament_id))
            ledger.complete = True
            after = after.pair_next_round(ledger.points(len(after.entrants)), now)
        started = after.launchable(lapsed | presence.away(now), presence.capacities)
        if started:
            after = after.launch(started, now)
        if after is not before:
            try:
                write(ctx, before, after, ledger=ledger, outcomes=recorded, lapsed=lapsed)
            except StaleVersion:
                continue
        created = [index for index in [*missing, *started] if after.states[index] == "playing"]
        for index in created:
            try:
                _create_match(ctx, after, index)
            except Exception as error:  # one match that cannot be created now must not stop the others
                if isinstance(error, ArenaError) and error.code == "match/quota":
                    # The tournament holds ARENA_MAX_LIVE_MATCHES matches (its concurrency is above the
                    # quota): this one is not stored, and a look after one of them has ended creates it.
                    log.info("tournament %s: match %d waits for a place: %s", tournament_id, index, error.message)
                    continue
                log.exception(
                    "tournament %s: creating match %d failed; the next look tries again", tournament_id, index
                )
        if before.under_way and not after.under_way:
            abort_matches(ctx, after, [i for i in before.indexes("playing") if after.states[i] == "void"])
        if created:
            _abort_called_off(ctx, tournament_id, created)
        return after
    raise ArenaError("store/busy", "too many writes raced this tournament; try again")


def _abort_called_off(ctx: Context, tournament_id: str, created: list[int]) -> None:
    """Abort the matches just created whose place another writer called off meanwhile (a cancel, a verdict)."""
    now = load(ctx, tournament_id)
    abort_matches(ctx, now, [index for index in created if now.states[index] != "playing"])


def _create_match(ctx: Context, tournament: Tournament, index: int) -> None:
    """Create the match at schedule ``index`` (again: the same key gives the same match) and keep its tokens."""
    created = create_match(
        ctx,
        match_request(tournament, index),
        match_key(tournament, index),
        tournament=(tournament.tournament_id, index),
        max_illegal=tournament.settings.max_illegal,
        play_bots=False,
    ).body
    tokens = {str(seat["seat"]): seat["token"] for seat in created["seats"]}
    ctx.tournaments.save_secrets(
        tournament.tournament_id,
        slot_of(tournament, index),
        {"match_id": created["match"]["match_id"], "seats": tokens, "host_token": created["host_token"]},
        ctx.tournaments.ttl(False),
        tournament.named_at(index),
    )


def on_match_ended(ctx: Context, table: Table) -> None:
    """A match ended: if it is a tournament's, give back its place in the tournament's quota (the referee
    would when it claims the match, a moment later), record it and start what can start."""
    if table.tournament is None:
        return
    release_place(ctx, table)
    with contextlib.suppress(TournamentNotFound):
        advance(ctx, table.tournament[0])


def listen(hooks: Hooks) -> None:
    """Have the director hear of every match that ends."""
    hooks.on_match_ended(on_match_ended)


def sweep(ctx: Context) -> int:
    """Advance every tournament under way (the referee calls this now and then); how many it looked at."""
    ids = ctx.tournaments.running()
    for tournament_id in ids:
        try:
            after = advance(ctx, tournament_id)
            if not after.under_way:
                keep_place(ctx, after)  # its place went with the write that ended it, unless a crash came between
                ctx.tournaments.forget_running(tournament_id)
        except TournamentNotFound:
            ctx.tournaments.forget_running(tournament_id)
        except StoreUnavailable:
            raise
        except Exception:  # one broken tournament must not stop the sweep of the others
            log.exception("tournament %s: the sweep failed", tournament_id)
    return len(ids)
