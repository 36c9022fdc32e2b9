"""The host's and the entrants' commands: create a tournament, join it, start, pause, resume or cancel it,
hold presence leases on its named entrants, report a crashed program's forfeit."""

from __future__ import annotations

import dataclasses
import logging
import secrets
from collections.abc import Mapping, Sequence
from typing import Any

from api.store.errors import MatchNotFound, StaleVersion, TournamentNotFound
from api.store.keys import tournament_webhook_id
from api.usecases import webhooks
from api.usecases.context import Context
from api.usecases.matches.reading import load_table
from api.usecases.matches.writing import commit, settle
from api.usecases.tournaments.director import abort_matches, advance
from api.usecases.tournaments.quota import counted_holder, give_back, take_place
from api.usecases.tournaments.views import resource
from api.usecases.tournaments.writing import RETRIES, change, load, write
from arena.errors import ArenaError
from arena.tokens import digest
from arena.tournaments.creation import check_settings, check_startable, check_unique, entrant_of
from arena.tournaments.creation import tournament_id as new_id
from arena.tournaments.matches import match_id_of
from arena.tournaments.record import Tournament
from arena.tournaments.schedule import MAX_ENTRANTS
from arena.tournaments.standings import ForfeitCause
from arena.tournaments.tokens import authorise_host, new_token
from arena.webhooks.plan import TOURNAMENT_EVENT_TYPES

log = logging.getLogger(__name__)


def create(ctx: Context, body: Mapping[str, Any], holder: str | None = None) -> dict[str, Any]:
    """Set up a tournament (and start it with ``start``); the answer holds each named entrant's token.

    The tournament counts against ``holder`` (the client's address) until it is over: ``429 tournament/quota``
    when that holds ``ARENA_MAX_LIVE_TOURNAMENTS`` unfinished tournaments already, after every other check and
    before anything is stored.
    """
    settings = check_settings(body)
    tournament_id = new_id()
    entrants = [entrant_of(settings.game, spec) for spec in body["entrants"]]
    check_unique([e.name for e in entrants])
    tokens = {i: new_token(tournament_id, i) for i, e in enumerate(entrants) if e.bot is None}
    entrants = [dataclasses.replace(e, digest=digest(tokens[i])) if i in tokens else e for i, e in enumerate(entrants)]
    host_token = new_token(tournament_id, None)
    now = ctx.clock.now()
    tournament = Tournament(
        tournament_id=tournament_id,
        settings=settings,
        entrants=tuple(entrants),
        host_digest=digest(host_token),
        created_at=now,
        updated_at=now,
        match_secret=secrets.token_urlsafe(24),
        holder=counted_holder(ctx, holder),
    )
    if body["start"]:
        check_startable(tournament)
        tournament = tournament.start(now)
    else:  # the settings must work once enough entrants have joined
        check_startable(tournament, max(len(entrants), settings.players_per_match, 2))
    webhook = webhooks.check(ctx, body.get("webhook"), TOURNAMENT_EVENT_TYPES)  # 422 before anything is stored
    take_place(ctx, tournament)  # 429 before anything is stored
    try:
        write(ctx, None, tournament)
    except Exception:
        give_back(ctx, tournament)
        raise
    created_webhook = None if webhook is None else webhook.created()
    webhooks.register(ctx, tournament_webhook_id(tournament_id), created_webhook, now)
    if tournament.under_way:
        try:
            tournament = advance(ctx, tournament_id)
        except Exception:  # the tournament is stored: its tokens must reach the host; the sweep carries on
            log.exception(
                "tournament %s: starting its first matches failed; the referee's sweep retries", tournament_id
            )
    return {
        "tournament": resource(ctx, tournament),
        "entrants": [{"entrant": i, "name": entrants[i].name, "token": token} for i, token in tokens.items()],
        "host_token": host_token,
        "webhook": created_webhook,
    }


def join(ctx: Context, tournament_id: str, name: str, concurrency: int | None = None) -> dict[str, Any]:
    """A new named entrant (playing up to ``concurrency`` matches at once), before the start; the answer
    holds its token."""
    joined: list[tuple[int, str]] = []

    def enter(tournament: Tournament) -> Tournament:
        if tournament.status != "open":
            raise ArenaError("tournament/started", f"the tournament is {tournament.status}: entries are closed")
        check_unique([*(e.name for e in tournament.entrants), name])
        entrant = len(tournament.entrants)
        if entrant >= MAX_ENTRANTS:
            raise ArenaError("tournament/full", f"a tournament has at most {MAX_ENTRANTS} entrants")
        # one more entrant must leave a playable tournament (an SPRT's two, the cap on matches)
        check_startable(tournament, max(entrant + 1, tournament.settings.players_per_match, 2))
        token = new_token(tournament_id, entrant)
        joined.append((entrant, token))
        return tournament.join(name, digest(token), ctx.clock.now(), concurrency)

    change(ctx, tournament_id, enter, "entry")
    entrant, token = joined[-1]
    return {"entrant": entrant, "name": name, "token": token}


def start(ctx: Context, tournament_id: str, token: str | None) -> Tournament:
    def begin(tournament: Tournament) -> Tournament:
        authorise_host(tournament, token)
        if tournament.status != "open":
            raise ArenaError("tournament/started", f"the tournament is {tournament.status} already")
        check_startable(tournament)
        return tournament.start(ctx.clock.now())

    change(ctx, tournament_id, begin, "start")
    return advance(ctx, tournament_id)


def cancel(ctx: Context, tournament_id: str, token: str | None) -> Tournament:
    """Call the tournament off: matches not started are skipped, those playing are aborted."""
    playing: list[int] = []

    def call_off(tournament: Tournament) -> Tournament:
        authorise_host(tournament, token)
        if tournament.is_over:
            raise ArenaError("tournament/over", f"the tournament is {tournament.status} already")
        playing[:] = tournament.indexes("playing")
        return tournament.cancel(ctx.clock.now())

    after = change(ctx, tournament_id, call_off, "cancel")
    abort_matches(ctx, after, playing)
    return after


def pause(ctx: Context, tournament_id: str, token: str | None) -> Tournament:
    """No match starts while the tournament is paused; those playing finish (and are recorded)."""

    def hold(tournament: Tournament) -> Tournament:
        authorise_host(tournament, token)
        if tournament.status != "running":
            raise ArenaError("tournament/not_running", f"the tournament is {tournament.status}, not running")
        return tournament.pause(ctx.clock.now())

    return change(ctx, tournament_id, hold, "pause")


def resume(ctx: Context, tournament_id: str, token: str | None) -> Tournament:
    """Matches start again, as soon as their entrants are free."""

    def go_on(tournament: Tournament) -> Tournament:
        authorise_host(tournament, token)
        if tournament.status != "paused":
            raise ArenaError("tournament/not_paused", f"the tournament is {tournament.status}, not paused")
        return tournament.resume(ctx.clock.now())

    change(ctx, tournament_id, go_on, "resumption")
    return advance(ctx, tournament_id)


def hold_presence(
    ctx: Context,
    tournament_id: str,
    token: str | None,
    *,
    entrants: Sequence[int] | None,
    seconds: float,
    capacity: int | None = None,
    lost: Sequence[str] = (),
    session: str | None = None,
) -> dict[str, Any]:
    """The host holds (or renews) a presence lease on its named entrants (``None``: all of them) for
    ``seconds``: while a leased entrant's lease runs its matches may start, once it lapses none does.
    With ``capacity`` (how many matches the host's live workers can play at once), no more than that
    many matches with one of these entrants play at once; a renewal without it lifts the cap. The
    matches in ``lost`` (a worker playing them died) that are this tournament's, playing, are noted with
    the renewal, so the director voids them ``worker_lost``; other ids are ignored. ``session`` names the
    host process renewing: a timeout while a session renews that began after the program asked is void
    ``runner_lost``."""
    tournament = load(ctx, tournament_id)
    authorise_host(tournament, token)
    named = [e for e in range(len(tournament.entrants)) if tournament.is_named(e)]
    chosen = named if entrants is None else sorted(set(entrants))
    unknown = [e for e in chosen if e not in named]
    if unknown:
        raise ArenaError(
            "request/invalid", f"entrant {unknown[0]} is not a named entrant of this tournament", field="entrants"
        )
    playing = {match_id_of(tournament, index) for index in tournament.indexes("playing")}
    taken = sorted(set(lost) & playing)
    now = ctx.clock.now()
    until = now + seconds
    if (chosen or taken) and not ctx.tournaments.lease(
        tournament_id, chosen, now, until, capacity=capacity, lost=taken, session=session
    ):
        raise TournamentNotFound(tournament_id)
    if tournament.under_way:
        tournament = advance(ctx, tournament_id)  # a renewed lease (or more capacity) may let matches start
    return {
        "entrants": chosen,
        "until": until,
        "capacity": capacity,
        "lost": taken,
        "session": session,
        "tournament": resource(ctx, tournament),
    }


def report_forfeit(
    ctx: Context,
    tournament_id: str,
    token: str | None,
    *,
    index: int,
    seat: int,
    cause: ForfeitCause,
) -> dict[str, Any]:
    """The host reports that the program playing a seat failed (``crash``): the seat forfeits its match.

    If that program never asked for the match, the match is void instead and played again.
    """

    def note(tournament: Tournament) -> Tournament:
        authorise_host(tournament, token)
        if not 0 <= index < len(tournament.pairings):
            raise ArenaError("tournament/no_such_match", f"the schedule has no match {index}", index=index)
        if tournament.states[index] != "playing":
            raise ArenaError("match/over", f"match {index} is {tournament.states[index]}, not playing", index=index)
        if not 0 <= seat < tournament.settings.players_per_match:
            raise ArenaError("request/invalid", f"seat {seat} does not exist", field="seat")
        return tournament.report(index, seat, cause, ctx.clock.now())

    tournament = change(ctx, tournament_id, note, "forfeit")
    match_id = match_id_of(tournament, index)
    resign_seat(ctx, match_id, seat)
    return {"tournament": resource(ctx, advance(ctx, tournament_id)), "match_id": match_id}


def resign_seat(ctx: Context, match_id: str, seat: int) -> None:
    """The seat of match ``match_id`` leaves it (a forfeit the host reported), unless it has already."""
    for _ in range(RETRIES):
        try:
            table = load_table(ctx, match_id)
        except MatchNotFound:
            return
        if table.is_over or table.seats[seat].is_out:
            return
        try:
            settle(ctx, commit(ctx, table, table.resign(seat, ctx.clock.now())))
            return
        except StaleVersion:
            continue
