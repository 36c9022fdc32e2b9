"""What the tournament endpoints do, between HTTP and the stores: create, join, start, cancel, advance.

Nothing here keeps state between requests. :func:`advance` is the director: it notices finished
matches, records their outcomes and starts the matches whose entrants are free, writing the
tournament with compare-and-set and then creating each started match with an idempotency key that
fixes its id, so racing directors (any worker, the referee's sweep, the listener on a match's last
write) start every match exactly once.
"""

from __future__ import annotations

import base64
import contextlib
import dataclasses
import logging
import math
import re
import secrets
import time
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from typing import Any

import redis

import engine
from api.store.errors import MatchNotFound, StaleVersion, StoreUnavailable, TournamentNotFound
from api.store.matches import MatchStore
from api.store.notifier import Notifier
from api.store.tournaments import TournamentStore
from api.store.webhooks import WebhookStore
from api.usecases import matches, webhooks
from api.usecases.records import kept_or_built
from arena.commitment import new_salt
from arena.errors import ArenaError
from arena.matches.table import Table
from arena.matches.time_control import FIRST_DECISION_DEFAULT
from arena.records.codec import decode_record
from arena.tokens import digest, proves
from arena.tournaments.record import Entrant, Settings, Tournament, VoidReason, match_key, new_seed
from arena.tournaments.record_lines import line_bytes, record_line
from arena.tournaments.reports import Crosstable, crosstable, sprt_report
from arena.tournaments.schedule import MAX_ENTRANTS, ScheduleError, total_matches, validate
from arena.tournaments.sprt import Sprt, elo_estimate
from arena.tournaments.standings import ForfeitCause, Ledger, Outcome, Standings, pairs_at, rank_entrants
from arena.webhooks.plan import TOURNAMENT_EVENT_TYPES
from engine.bots import bots_for

log = logging.getLogger(__name__)

#: The most matches one tournament may schedule (its record keeps a letter per match, its outcomes about
#: 150 bytes per match recorded).
MAX_SCHEDULED = 20_000
#: How often a write is tried again when another write got in first.
RETRIES = 50
#: The time control of a tournament's matches when the host gives none (every match has one).
DEFAULT_TIME_CONTROL = {"per_action": 60.0, "on_timeout": "forfeit", "first_decision": FIRST_DECISION_DEFAULT}

HOST = "host"
TOKEN_SHAPE = re.compile(r"([A-Za-z0-9_-]{1,64})\.(e[0-9]{1,5}|host)\.([A-Za-z0-9_-]{32,128})")


# --- tokens ----------------------------------------------------------------------------------------


def new_token(tournament_id: str, entrant: int | None) -> str:
    """``<tournament id>.e<entrant>.<secret>`` for an entrant, ``<tournament id>.host.<secret>`` for the host."""
    who = HOST if entrant is None else f"e{entrant}"
    return f"{tournament_id}.{who}.{secrets.token_urlsafe(32)}"


def bearer(authorization: str | None) -> tuple[str, int | None, str]:
    """The tournament, entrant (``None``: host) and token an ``Authorization`` header claims, or a 401."""
    if not authorization:
        raise ArenaError("auth/missing_token", "this endpoint needs 'Authorization: Bearer <token>'")
    scheme, _, token = authorization.partition(" ")
    shape = TOKEN_SHAPE.fullmatch(token.strip()) if scheme.lower() == "bearer" else None
    if shape is None:
        raise ArenaError("auth/invalid_token", "the bearer token is not a tournament entrant or host token")
    return shape[1], None if shape[2] == HOST else int(shape[2][1:]), token.strip()


def authorise_entrant(tournament: Tournament, authorization: str | None) -> int:
    tournament_id, entrant, token = bearer(authorization)
    if tournament_id != tournament.tournament_id:
        raise ArenaError("auth/wrong_tournament", "this token belongs to another tournament")
    if entrant is None:
        raise ArenaError("auth/not_an_entrant", "this is the host token; an entrant's token is needed here")
    if not (entrant < len(tournament.entrants) and proves(token, tournament.entrants[entrant].digest)):
        raise ArenaError("auth/invalid_token", "the bearer token is not valid for this tournament")
    return entrant


def authorise_host(tournament: Tournament, authorization: str | None) -> None:
    tournament_id, entrant, token = bearer(authorization)
    if tournament_id != tournament.tournament_id:
        raise ArenaError("auth/wrong_tournament", "this token belongs to another tournament")
    if entrant is not None:
        raise ArenaError("auth/not_host", "only the host token (from POST /tournaments) may do this")
    if not proves(token, tournament.host_digest):
        raise ArenaError("auth/invalid_token", "the bearer token is not valid for this tournament")


# --- reading and writing ---------------------------------------------------------------------------


def match_id_of(tournament: Tournament, index: int, attempt: int | None = None) -> str:
    """The id of the tournament's match at schedule ``index`` (its current attempt unless ``attempt``
    says which; fixed by its creation key)."""
    return matches.match_id_for(match_key(tournament, index, attempt))


def slot_of(tournament: Tournament, index: int, attempt: int | None = None) -> str:
    """Where the tokens and the record of the match at ``index`` are kept (its current attempt unless
    ``attempt`` says which)."""
    attempt = tournament.attempt(index) if attempt is None else attempt
    return str(index) if attempt == 0 else f"{index}/{attempt}"


def slot_of_match(tournament: Tournament, index: int, match_id: str) -> str | None:
    """Where the tokens and the record of match ``match_id`` are kept, if it is an attempt at ``index``."""
    for attempt in range(tournament.attempt(index) + 1):
        if match_id_of(tournament, index, attempt) == match_id:
            return slot_of(tournament, index, attempt)
    return None


def load(tstore: TournamentStore, tournament_id: str) -> Tournament:
    return tstore.load(tournament_id)


def write(
    tstore: TournamentStore,
    before: Tournament | None,
    after: Tournament,
    *,
    ledger: Ledger | None = None,
    outcomes: Sequence[Outcome] = (),
    lapsed: Collection[int] = (),
) -> Tournament:
    """Write ``after`` if the tournament is still at ``before``'s version (``None``: create it), with
    the standings ``ledger`` changed, the ``outcomes`` recorded and the presence leases ``lapsed``;
    wake the entrants it concerns."""
    tstore.write(
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
        tstore.index(after.tournament_id, after.created_at, running=after.under_way)
    return after


def change(
    tstore: TournamentStore, tournament_id: str, transition: Callable[[Tournament], Tournament], what: str
) -> Tournament:
    """Load, apply ``transition``, write; again from a fresh read when another write got in first."""
    for _ in range(RETRIES):
        before = load(tstore, tournament_id)
        try:
            return write(tstore, before, transition(before))
        except StaleVersion:
            continue
    raise ArenaError("store/busy", f"too many writes raced this {what}; try again")


# --- creating, joining, starting -------------------------------------------------------------------


def _tournament_id() -> str:
    tournament_id = base64.urlsafe_b64encode(secrets.token_bytes(12)).decode()
    return tournament_id if tournament_id[0] != "-" else "A" + tournament_id[1:]


def check_settings(body: Mapping[str, Any]) -> Settings:
    """The settings a create request asks for, or 422 naming what is wrong."""
    game_id = body["game"]
    try:
        game = engine.get_game(game_id)
    except engine.EngineError as error:
        raise ArenaError(error.code, error.message, field="game", **error.details) from None
    players = body["players_per_match"]
    if not game.info.min_players <= players <= game.info.max_players:
        raise ArenaError(
            "request/invalid",
            f"{game_id} is played by {game.info.min_players} to {game.info.max_players} players, not {players}",
            field="players_per_match",
        )
    try:
        options = engine.resolve_options(game, players, body["options"])
    except engine.EngineError as error:
        raise ArenaError(error.code, error.message, field="options", **error.details) from None
    sprt = body.get("sprt")
    if sprt is not None and sprt["elo0"] >= sprt["elo1"]:
        raise ArenaError("tournament/invalid", "the SPRT's elo0 must be below its elo1", field="sprt")
    if sprt is not None and sprt["alpha"] + sprt["beta"] >= 1:
        raise ArenaError("tournament/invalid", "the SPRT's alpha + beta must be below 1", field="sprt")
    return Settings(
        game=game_id,
        options=options,
        players_per_match=players,
        format=body["format"],
        rounds=body.get("rounds"),
        games_per_pairing=body["games_per_pairing"],
        duplicate=body["duplicate"],
        seed=body["seed"] if body.get("seed") is not None else new_seed(),
        time_control=body.get("time_control") or DEFAULT_TIME_CONTROL,
        concurrency=body.get("concurrency"),
        sprt=None if sprt is None else Sprt(sprt["elo0"], sprt["elo1"], sprt["alpha"], sprt["beta"]),
        max_illegal=body["max_illegal"],
        salt=new_salt(),
    )


def check_startable(tournament: Tournament, entrants: int | None = None) -> None:
    """422 when the tournament cannot be played with its entrants (or with ``entrants`` of them)."""
    s = tournament.settings
    count = len(tournament.entrants) if entrants is None else entrants
    try:
        validate(s.format, count, s.players_per_match, s.rounds, s.games_per_pairing)
        scheduled = total_matches(
            s.format, count, s.players_per_match, games_per_pairing=s.games_per_pairing, rounds=s.rounds
        )
    except ScheduleError as error:
        field = {"players": "players_per_match"}.get(error.field, error.field)
        raise ArenaError("tournament/invalid", str(error), field=field) from None
    if scheduled > MAX_SCHEDULED:
        raise ArenaError(
            "tournament/invalid",
            f"this tournament would schedule {scheduled} matches, more than {MAX_SCHEDULED}: "
            "fewer entrants, deals or rounds",
            field="games_per_pairing",
            scheduled=scheduled,
        )
    if s.sprt is not None and not (s.format == "gauntlet" and count == 2 and s.players_per_match == 2):
        raise ArenaError(
            "tournament/invalid",
            "an SPRT needs a gauntlet of two entrants in 2-player matches",
            field="sprt",
        )


def _entrant(game_id: str, spec: Mapping[str, Any]) -> Entrant:
    if spec.get("bot") is None:
        return Entrant(spec["name"])
    allowed = [bot.id for bot in bots_for(game_id)]
    if spec["bot"] not in allowed:
        raise ArenaError(
            "bot/unknown",
            f"{game_id} has no bot {spec['bot']!r}; bots: {allowed}",
            bot=spec["bot"],
            allowed=allowed,
        )
    return Entrant(spec["name"], bot=spec["bot"])


def _check_unique(names: list[str]) -> None:
    seen: set[str] = set()
    for name in names:
        if name in seen:
            raise ArenaError("request/invalid", f"two entrants are named {name!r}", field="entrants")
        seen.add(name)


def create(tstore: TournamentStore, body: Mapping[str, Any]) -> dict[str, Any]:
    """Set up a tournament (and start it with ``start``); the answer holds each named entrant's token."""
    settings = check_settings(body)
    tournament_id = _tournament_id()
    entrants = [_entrant(settings.game, spec) for spec in body["entrants"]]
    _check_unique([e.name for e in entrants])
    tokens = {i: new_token(tournament_id, i) for i, e in enumerate(entrants) if e.bot is None}
    entrants = [dataclasses.replace(e, digest=digest(tokens[i])) if i in tokens else e for i, e in enumerate(entrants)]
    host_token = new_token(tournament_id, None)
    now = time.time()
    tournament = Tournament(
        tournament_id=tournament_id,
        settings=settings,
        entrants=tuple(entrants),
        host_digest=digest(host_token),
        created_at=now,
        updated_at=now,
        match_secret=secrets.token_urlsafe(24),
    )
    if body["start"]:
        check_startable(tournament)
        tournament = tournament.start(now)
    else:  # the settings must work once enough entrants have joined
        check_startable(tournament, max(len(entrants), settings.players_per_match, 2))
    webhook = webhooks.check(body.get("webhook"), TOURNAMENT_EVENT_TYPES)  # 422 before anything is stored
    write(tstore, None, tournament)
    created_webhook = None if webhook is None else webhook.created()
    webhooks.register(tstore.matches, WebhookStore.tournament_id(tournament_id), created_webhook, now)
    if tournament.under_way:
        try:
            tournament = advance(tstore, tournament_id)
        except Exception:  # the tournament is stored: its tokens must reach the host; the sweep carries on
            log.exception(
                "tournament %s: starting its first matches failed; the referee's sweep retries", tournament_id
            )
    return {
        "tournament": resource(tstore, tournament),
        "entrants": [{"entrant": i, "name": entrants[i].name, "token": token} for i, token in tokens.items()],
        "host_token": host_token,
        "webhook": created_webhook,
    }


def join(tstore: TournamentStore, tournament_id: str, name: str) -> dict[str, Any]:
    """A new named entrant, before the start; the answer holds its token."""
    joined: list[tuple[int, str]] = []

    def enter(tournament: Tournament) -> Tournament:
        if tournament.status != "open":
            raise ArenaError("tournament/started", f"the tournament is {tournament.status}: entries are closed")
        _check_unique([*(e.name for e in tournament.entrants), name])
        entrant = len(tournament.entrants)
        if entrant >= MAX_ENTRANTS:
            raise ArenaError("tournament/full", f"a tournament has at most {MAX_ENTRANTS} entrants")
        # one more entrant must leave a playable tournament (an SPRT's two, the cap on matches)
        check_startable(tournament, max(entrant + 1, tournament.settings.players_per_match, 2))
        token = new_token(tournament_id, entrant)
        joined.append((entrant, token))
        return tournament.join(name, digest(token), time.time())

    change(tstore, tournament_id, enter, "entry")
    entrant, token = joined[-1]
    return {"entrant": entrant, "name": name, "token": token}


def start(tstore: TournamentStore, tournament_id: str, authorization: str | None) -> Tournament:
    def begin(tournament: Tournament) -> Tournament:
        authorise_host(tournament, authorization)
        if tournament.status != "open":
            raise ArenaError("tournament/started", f"the tournament is {tournament.status} already")
        check_startable(tournament)
        return tournament.start(time.time())

    change(tstore, tournament_id, begin, "start")
    return advance(tstore, tournament_id)


def cancel(tstore: TournamentStore, tournament_id: str, authorization: str | None) -> Tournament:
    """Call the tournament off: matches not started are skipped, those playing are aborted."""
    playing: list[int] = []

    def call_off(tournament: Tournament) -> Tournament:
        authorise_host(tournament, authorization)
        if tournament.is_over:
            raise ArenaError("tournament/over", f"the tournament is {tournament.status} already")
        playing[:] = tournament.indexes("playing")
        return tournament.cancel(time.time())

    after = change(tstore, tournament_id, call_off, "cancel")
    _abort_matches(tstore, after, playing)
    return after


def pause(tstore: TournamentStore, tournament_id: str, authorization: str | None) -> Tournament:
    """No match starts while the tournament is paused; those playing finish (and are recorded)."""

    def hold(tournament: Tournament) -> Tournament:
        authorise_host(tournament, authorization)
        if tournament.status != "running":
            raise ArenaError("tournament/not_running", f"the tournament is {tournament.status}, not running")
        return tournament.pause(time.time())

    return change(tstore, tournament_id, hold, "pause")


def resume(tstore: TournamentStore, tournament_id: str, authorization: str | None) -> Tournament:
    """Matches start again, as soon as their entrants are free."""

    def go_on(tournament: Tournament) -> Tournament:
        authorise_host(tournament, authorization)
        if tournament.status != "paused":
            raise ArenaError("tournament/not_paused", f"the tournament is {tournament.status}, not paused")
        return tournament.resume(time.time())

    change(tstore, tournament_id, go_on, "resumption")
    return advance(tstore, tournament_id)


def hold_presence(
    tstore: TournamentStore,
    tournament_id: str,
    authorization: str | None,
    *,
    entrants: Sequence[int] | None,
    seconds: float,
) -> dict[str, Any]:
    """The host holds (or renews) a presence lease on its named entrants (``None``: all of them) for
    ``seconds``: while a leased entrant's lease runs its matches may start, once it lapses none does."""
    tournament = load(tstore, tournament_id)
    authorise_host(tournament, authorization)
    named = [e for e in range(len(tournament.entrants)) if tournament.is_named(e)]
    chosen = named if entrants is None else sorted(set(entrants))
    unknown = [e for e in chosen if e not in named]
    if unknown:
        raise ArenaError(
            "request/invalid", f"entrant {unknown[0]} is not a named entrant of this tournament", field="entrants"
        )
    until = time.time() + seconds
    if chosen and not tstore.lease(tournament_id, chosen, until):
        raise TournamentNotFound(tournament_id)
    if tournament.under_way:
        tournament = advance(tstore, tournament_id)  # a renewed lease may let matches start
    return {"entrants": chosen, "until": until, "tournament": resource(tstore, tournament)}


def away(tstore: TournamentStore, tournament: Tournament, now: float | None = None) -> set[int]:
    """The entrants whose host's presence lease has lapsed (entrants never leased are never away)."""
    moment = time.time() if now is None else now
    return {entrant for entrant, until in tstore.leases(tournament.tournament_id).items() if until < moment}


def report_forfeit(
    tstore: TournamentStore,
    tournament_id: str,
    authorization: str | None,
    *,
    index: int,
    seat: int,
    cause: ForfeitCause,
) -> dict[str, Any]:
    """The host reports that the program playing a seat failed (``crash``): the seat forfeits its match.

    If that program never asked for the match, the match is void instead and played again.
    """

    def note(tournament: Tournament) -> Tournament:
        authorise_host(tournament, authorization)
        if not 0 <= index < len(tournament.pairings):
            raise ArenaError("tournament/no_such_match", f"the schedule has no match {index}", index=index)
        if tournament.states[index] != "playing":
            raise ArenaError("match/over", f"match {index} is {tournament.states[index]}, not playing", index=index)
        if not 0 <= seat < tournament.settings.players_per_match:
            raise ArenaError("request/invalid", f"seat {seat} does not exist", field="seat")
        return tournament.report(index, seat, cause, time.time())

    tournament = change(tstore, tournament_id, note, "forfeit")
    match_id = match_id_of(tournament, index)
    _resign_seat(tstore.matches, match_id, seat)
    return {"tournament": resource(tstore, advance(tstore, tournament_id)), "match_id": match_id}


def _resign_seat(store: MatchStore, match_id: str, seat: int) -> None:
    for _ in range(RETRIES):
        try:
            table = matches.load_table(store, match_id)
        except MatchNotFound:
            return
        if table.is_over or table.seats[seat].is_out:
            return
        try:
            matches.settle(store, matches.commit(store, table, table.resign(seat, time.time())))
            return
        except StaleVersion:
            continue


def _abort_matches(tstore: TournamentStore, tournament: Tournament, indexes: list[int]) -> None:
    for index in indexes:
        match_id = match_id_of(tournament, index)
        for _ in range(RETRIES):
            try:
                table = matches.load_table(tstore.matches, match_id)
            except MatchNotFound:
                break
            if table.is_over:
                break
            try:
                matches.commit(tstore.matches, table, table.abort(time.time()))
                break
            except StaleVersion:
                continue


# --- the director ----------------------------------------------------------------------------------


def outcome_of(tournament: Tournament, index: int, table: Table) -> Outcome | VoidReason:
    """How the finished match at ``index`` went, or why it is void: ``aborted`` (no result), or
    ``absent`` (a program never asked for the match, so it never decided anything there; played again
    while :meth:`~arena.tournaments.record.Tournament.may_replay`, else scored as it ended)."""
    result = table.result()
    if result is None:
        return "aborted"
    if absent_entrants(tournament, index, table) and tournament.may_replay(index):
        return "absent"
    scores = result.get("scores")
    return Outcome(
        index=index,
        entrants=tournament.pairings[index].entrants,
        ranks=tuple(result["ranks"]),
        winners=tuple(result["winners"]),
        scores=None if scores is None else tuple(float(score) for score in scores),
        forfeits=tournament.forfeits_of(index, [seat.state for seat in table.seats]),
    )


def absent_entrants(tournament: Tournament, index: int, table: Table) -> list[int]:
    """The named entrants of the match at ``index`` whose programs never asked for it."""
    entrants = tournament.pairings[index].entrants
    return [
        entrants[seat]
        for seat, info in enumerate(table.seats)
        if info.kind == "player" and not table.has_asked(seat) and tournament.is_named(entrants[seat])
    ]


def _ended_matches(tstore: TournamentStore, tournament: Tournament) -> tuple[dict[int, Table], list[int]]:
    """The matches playing that have ended (by schedule index), and those not stored (to create again)."""
    playing = tournament.indexes("playing")
    match_ids = [match_id_of(tournament, index) for index in playing]
    ended: dict[int, Table] = {}
    missing: list[int] = []
    for index, match_id, status in zip(playing, match_ids, tstore.match_statuses(match_ids), strict=True):
        if status is None:
            missing.append(index)  # being created, or lost before its creation: create it (again)
        elif status in ("finished", "aborted"):
            try:
                table = matches.load_table(tstore.matches, match_id)
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


def advance(tstore: TournamentStore, tournament_id: str) -> Tournament:
    """Record the outcomes of finished matches, pair a Swiss round when one is due, and start every
    match that may start now."""
    for _ in range(RETRIES):
        before, leases = tstore.load_with_leases(tournament_id)
        if not before.under_way:
            return before
        now = time.time()
        ended, missing = _ended_matches(tstore, before)
        results = {index: outcome_of(before, index, table) for index, table in ended.items()}
        recorded = [result for result in results.values() if not isinstance(result, str)]
        # A program that never asked for its match says its host is away: its lease lapses now, so its
        # matches wait (instead of being voided again) until the host renews it.
        lapsed = {
            entrant
            for index, result in results.items()
            if result == "absent"
            for entrant in absent_entrants(before, index, ended[index])
            if leases.get(entrant, 0.0) > 0.0
        }
        seated = sorted({e for outcome in recorded for e in outcome.entrants})
        ledger = tstore.ledger_of(tournament_id, seated, sorted({p for o in recorded for p in pairs_at(o.entrants)}))
        after = before
        for index, result in results.items():
            after = after.record(index, result, now, ledger)
        if after.needs_pairing():
            ledger.take_in(tstore.rows(tournament_id))
            ledger.complete = True
            after = after.pair_next_round(ledger.points(len(after.entrants)), now)
        started = after.launchable(lapsed | {e for e, until in leases.items() if until < now})
        if started:
            after = after.launch(started, now)
        if after is not before:
            try:
                write(tstore, before, after, ledger=ledger, outcomes=recorded, lapsed=lapsed)
            except StaleVersion:
                continue
        created = [index for index in [*missing, *started] if after.states[index] == "playing"]
        for index in created:
            try:
                _create_match(tstore, after, index)
            except Exception:  # one match that cannot be created now must not stop the others
                log.exception(
                    "tournament %s: creating match %d failed; the next look tries again", tournament_id, index
                )
        if before.under_way and not after.under_way:
            _abort_matches(tstore, after, [i for i in before.indexes("playing") if after.states[i] == "void"])
        if created:
            _abort_called_off(tstore, tournament_id, created)
        return after
    raise ArenaError("store/busy", "too many writes raced this tournament; try again")


def _abort_called_off(tstore: TournamentStore, tournament_id: str, created: list[int]) -> None:
    """Abort the matches just created whose place another writer called off meanwhile (a cancel, a verdict)."""
    now = load(tstore, tournament_id)
    _abort_matches(tstore, now, [index for index in created if now.states[index] != "playing"])


def _create_match(tstore: TournamentStore, tournament: Tournament, index: int) -> None:
    """Create the match at schedule ``index`` (again: the same key gives the same match) and keep its tokens."""
    s = tournament.settings
    pairing = tournament.pairings[index]
    seats = []
    for entrant_index in pairing.entrants:
        entrant = tournament.entrants[entrant_index]
        seats.append({"name": entrant.name} if entrant.bot is None else {"name": entrant.name, "bot": entrant.bot})
    body = {
        "game": s.game,
        "players": s.players_per_match,
        "options": dict(s.options),
        "seed": pairing.seed,
        "seats": seats,
        "time_control": None if s.time_control is None else dict(s.time_control),
    }
    created = matches.create_match(
        tstore.matches,
        body,
        match_key(tournament, index),
        tournament=(tournament.tournament_id, index),
        max_illegal=s.max_illegal,
        play_bots=False,
    ).body
    tokens = {str(seat["seat"]): seat["token"] for seat in created["seats"]}
    tstore.save_secrets(
        tournament.tournament_id,
        slot_of(tournament, index),
        {"match_id": created["match"]["match_id"], "seats": tokens, "host_token": created["host_token"]},
        tstore.ttl(False),
        tournament.named_at(index),
    )


def on_match_ended(store: MatchStore, table: Table) -> None:
    """A tournament's match ended: record it and start what can start (the match store's listener)."""
    assert table.tournament is not None
    with contextlib.suppress(TournamentNotFound):
        advance(TournamentStore(store), table.tournament[0])


matches.TOURNAMENT_MATCH_ENDED.append(on_match_ended)


def sweep(tstore: TournamentStore) -> int:
    """Advance every tournament under way (the referee calls this now and then); how many it looked at."""
    ids = tstore.running()
    for tournament_id in ids:
        try:
            if not advance(tstore, tournament_id).under_way:
                tstore.forget_running(tournament_id)
        except TournamentNotFound:
            tstore.forget_running(tournament_id)
        except (StoreUnavailable, redis.ConnectionError, redis.TimeoutError):
            raise
        except Exception:  # one broken tournament must not stop the sweep of the others
            log.exception("tournament %s: the sweep failed", tournament_id)
    return len(ids)


# --- an entrant's next match -----------------------------------------------------------------------


def wait_for_next(
    tstore: TournamentStore, notifier: Notifier, tournament_id: str, authorization: str | None, wait: float | None
) -> dict[str, Any] | None:
    """The entrant's next match (see :func:`next_match`), waiting up to ``wait`` seconds for one.

    The waiter sleeps on its own entrant's channel: only a write that concerns this entrant wakes it.
    """
    entrant = authorise_entrant(load(tstore, tournament_id), authorization)
    deadline = time.monotonic() + (wait or 0.0)
    with notifier.watch(tstore.watch_id(tournament_id, entrant)) as signal:
        tournament = advance(tstore, tournament_id)
        while True:
            found = next_match(tstore, tournament, entrant)
            remaining = deadline - time.monotonic()
            if found is not None or remaining <= 0:
                return found
            signal.wait(remaining)
            signal.clear()
            tournament = load(tstore, tournament_id)


def next_match(tstore: TournamentStore, tournament: Tournament, entrant: int) -> dict[str, Any] | None:
    """``{match_id, seat, token, index}`` of the entrant's match now, ``{"done": True}``, or ``None`` (nothing yet).

    Handing the match to its entrant is that program's first request for it (its clock may start).
    """
    index = tournament.next_for(entrant)
    if index is not None:
        found = tstore.secrets(tournament.tournament_id, [slot_of(tournament, index)]).get(slot_of(tournament, index))
        if found is None:
            return None  # its match is being created: the write that saves its tokens wakes the waiter
        seat = tournament.seat_of(index, entrant)
        with contextlib.suppress(MatchNotFound):
            matches.note_request(tstore.matches, matches.load_table(tstore.matches, found["match_id"]), seat)
        return {"match_id": found["match_id"], "seat": seat, "token": found["seats"][str(seat)], "index": index}
    if tournament.done_for(entrant):
        return {"done": True}
    return None


# --- resources -------------------------------------------------------------------------------------

#: Entrants and standings rows a tournament's resource shows unless asked for another page.
PAGE = 50


def standings_of(tstore: TournamentStore, tournament: Tournament) -> Standings:
    """The whole table, best first, with why held entrants' matches wait."""
    tournament_id = tournament.tournament_id
    held = tournament.held(away(tstore, tournament)) if tournament.under_way else {}
    return rank_entrants(
        [e.name for e in tournament.entrants],
        tstore.rows(tournament_id),
        tstore.cells(tournament_id),
        tournament.settings.players_per_match,
        held,
    )


def entrants_page(tstore: TournamentStore, tournament: Tournament, offset: int, limit: int) -> dict[str, Any]:
    """A page of the entrants, with their kind and (named ones the host leases) until when they are present."""
    leases = tstore.leases(tournament.tournament_id)
    rows = [
        {
            "entrant": i,
            "name": e.name,
            "kind": "player" if e.bot is None else "bot",
            "bot": e.bot,
            "lease_until": leases.get(i),
        }
        for i, e in enumerate(tournament.entrants[offset : offset + limit], start=offset)
    ]
    return {"entrants": rows, "offset": offset, "limit": limit, "total": len(tournament.entrants)}


def resource(tstore: TournamentStore, tournament: Tournament, offset: int = 0, limit: int = PAGE) -> dict[str, Any]:
    """The tournament as anyone sees it, with a page of its entrants and standings (from ``offset``);
    its seed only once it is over."""
    s = tournament.settings
    entrants = entrants_page(tstore, tournament, offset, limit)
    body: dict[str, Any] = {
        "tournament_id": tournament.tournament_id,
        "game": s.game,
        "options": dict(s.options),
        "players_per_match": s.players_per_match,
        "format": s.format,
        "rounds": s.rounds,
        "games_per_pairing": s.games_per_pairing,
        "duplicate": s.duplicate,
        "time_control": None if s.time_control is None else dict(s.time_control),
        "concurrency": s.concurrency,
        "max_illegal": s.max_illegal,
        "seed": s.seed if tournament.is_over else None,
        "salt": s.salt if tournament.is_over else None,
        "seed_commitment": s.seed_commitment,
        "status": tournament.status,
        "version": tournament.version,
        "entrant_count": len(tournament.entrants),
        "entrants": entrants["entrants"],
        "progress": tournament.progress(),
        "standings": standings_of(tstore, tournament).page(offset, limit),
        "sprt": sprt_summary(tournament),
        "created_at": tournament.created_at,
        "updated_at": tournament.updated_at,
    }
    return body


#: Lines of records read from the store at a time (the stream holds no more than these in memory).
RECORD_LINES_PER_READ = 32


def record_lines(tstore: TournamentStore, tournament: Tournament) -> Iterator[bytes]:
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
    return _lines(tstore, tournament)


def _lines(tstore: TournamentStore, tournament: Tournament) -> Iterator[bytes]:
    tournament_id = tournament.tournament_id
    start = 0
    while True:
        outcomes = tstore.outcomes_between(tournament_id, start, start + RECORD_LINES_PER_READ - 1)
        if not outcomes:
            return
        kept = tstore.records(tournament_id, [slot_of(tournament, outcome.index) for outcome in outcomes])
        for outcome, found in zip(outcomes, kept, strict=True):
            # not copied yet (the record keeper is behind): the match's own, or its log's, while it lasts
            record = (
                decode_record(found)
                if found is not None
                else kept_or_built(tstore.matches, match_id_of(tournament, outcome.index))
            )
            if record is None:
                log.warning("tournament %s: match %d has no record", tournament_id, outcome.index)
                continue
            yield line_bytes(record_line(record, tournament_id, outcome))
        start += len(outcomes)


def sprt_summary(tournament: Tournament) -> dict[str, Any] | None:
    """The SPRT's state: counts, LLR and bounds, verdict, Elo estimate (``None`` without an SPRT)."""
    s = tournament.settings
    if s.sprt is None:
        return None
    wins, draws, losses = tournament.sprt_counts()
    lower, upper = s.sprt.bounds()
    estimate = elo_estimate(wins, draws, losses)
    return {
        "elo0": s.sprt.elo0,
        "elo1": s.sprt.elo1,
        "alpha": s.sprt.alpha,
        "beta": s.sprt.beta,
        "wins": wins,
        "draws": draws,
        "losses": losses,
        "llr": tournament.sprt_llr(),
        "lower_bound": lower,
        "upper_bound": upper,
        "verdict": tournament.verdict,
        "elo": None
        if estimate is None or not math.isfinite(estimate[0])
        else {"elo": estimate[0], "low": _finite(estimate[1]), "high": _finite(estimate[2])},
    }


def _finite(value: float) -> float | None:
    """``value``, or ``None`` for an infinite bound (JSON has no infinity)."""
    return value if math.isfinite(value) else None


def schedule(
    tstore: TournamentStore, tournament: Tournament, authorization: str | None, state: str | None = None
) -> dict[str, Any]:
    """Every scheduled match (or those in ``state``) with its state and outcome; with the host token, the
    tokens of those playing. A match played again lists the attempts voided before, with why."""
    host = authorization is not None
    if host:
        authorise_host(tournament, authorization)
    playing = tournament.indexes("playing")
    slots = {index: slot_of(tournament, index) for index in playing}
    tokens = tstore.secrets(tournament.tournament_id, list(slots.values())) if host else {}
    indexes = range(len(tournament.pairings)) if state is None else tournament.indexes(state)  # type: ignore[arg-type]
    needs_outcomes = state is None or state == "done"
    outcomes = {o.index: o for o in tstore.outcomes(tournament.tournament_id)} if needs_outcomes else {}
    rows = []
    for index in indexes:
        pairing, slot_state = tournament.pairings[index], tournament.states[index]
        outcome = outcomes.get(index)
        found = tokens.get(slots[index]) if index in slots else None
        rows.append(
            {
                "index": index,
                "round": pairing.round,
                "table": pairing.table,
                "deal": pairing.deal,
                "rotation": pairing.rotation,
                "entrants": list(pairing.entrants),
                "state": slot_state,
                "match_id": None
                if slot_state == "skipped" or (slot_state == "pending" and tournament.attempt(index) == 0)
                else match_id_of(tournament, index),
                "seed": pairing.seed if tournament.is_over else None,
                "ranks": None if outcome is None else list(outcome.ranks),
                "forfeits": None if outcome is None else list(outcome.forfeits),
                "voided": [
                    {"match_id": match_id_of(tournament, index, attempt), "reason": reason}
                    for attempt, reason in enumerate(tournament.voids.get(index, ()))
                ],
                "tokens": None if found is None else found["seats"],
                "host_token": None if found is None else found["host_token"],
            }
        )
    return {"tournament_id": tournament.tournament_id, "status": tournament.status, "matches": rows}


def crosstable_of(tstore: TournamentStore, tournament: Tournament) -> Crosstable:
    """Every pair that met, from the recorded outcomes (with pairwise Elo on 2-player tables)."""
    s = tournament.settings
    return crosstable(
        [e.name for e in tournament.entrants],
        tstore.outcomes(tournament.tournament_id),
        tournament.pairings,
        s.players_per_match,
        s.duplicate,
    )


def sprt_curve(tstore: TournamentStore, tournament: Tournament) -> dict[str, Any]:
    """The SPRT's curve (404 for a tournament without an SPRT)."""
    s = tournament.settings
    if s.sprt is None:
        raise ArenaError("tournament/no_sprt", "this tournament runs no SPRT")
    outcomes = tstore.outcomes(tournament.tournament_id)
    return sprt_report(s.sprt, outcomes, tournament.pairings, s.duplicate, tournament.verdict)
