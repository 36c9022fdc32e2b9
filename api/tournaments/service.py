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
from collections.abc import Callable, Mapping
from typing import Any

import redis

import engine
from api.commitment import new_salt
from api.errors import ApiError
from api.matches import service as matches
from api.matches.table import Table
from api.store import MatchNotFound, MatchStore, StaleVersion, StoreUnavailable
from api.streams.notifier import Notifier
from api.tokens import digest, proves
from api.tournaments.record import Entrant, Settings, Tournament, match_key, new_seed
from api.tournaments.schedule import MAX_ENTRANTS, ScheduleError, total_matches, validate
from api.tournaments.sprt import Sprt, elo_estimate
from api.tournaments.standings import ForfeitCause, Outcome
from api.tournaments.store import TournamentNotFound, TournamentStore
from engine.bots import bots_for

log = logging.getLogger(__name__)

#: The most matches one tournament may schedule (its record grows by about 100 bytes a match).
MAX_SCHEDULED = 20_000
#: How often a write is tried again when another write got in first.
RETRIES = 50
#: The time control of a tournament's matches when the host gives none (every match has one).
DEFAULT_TIME_CONTROL = {"per_action": 60.0, "on_timeout": "forfeit"}

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
        raise ApiError(401, "auth/missing_token", "this endpoint needs 'Authorization: Bearer <token>'")
    scheme, _, token = authorization.partition(" ")
    shape = TOKEN_SHAPE.fullmatch(token.strip()) if scheme.lower() == "bearer" else None
    if shape is None:
        raise ApiError(401, "auth/invalid_token", "the bearer token is not a tournament entrant or host token")
    return shape[1], None if shape[2] == HOST else int(shape[2][1:]), token.strip()


def authorise_entrant(tournament: Tournament, authorization: str | None) -> int:
    tournament_id, entrant, token = bearer(authorization)
    if tournament_id != tournament.tournament_id:
        raise ApiError(403, "auth/wrong_tournament", "this token belongs to another tournament")
    if entrant is None:
        raise ApiError(403, "auth/not_an_entrant", "this is the host token; an entrant's token is needed here")
    if not (entrant < len(tournament.entrants) and proves(token, tournament.entrants[entrant].digest)):
        raise ApiError(401, "auth/invalid_token", "the bearer token is not valid for this tournament")
    return entrant


def authorise_host(tournament: Tournament, authorization: str | None) -> None:
    tournament_id, entrant, token = bearer(authorization)
    if tournament_id != tournament.tournament_id:
        raise ApiError(403, "auth/wrong_tournament", "this token belongs to another tournament")
    if entrant is not None:
        raise ApiError(403, "auth/not_host", "only the host token (from POST /tournaments) may do this")
    if not proves(token, tournament.host_digest):
        raise ApiError(401, "auth/invalid_token", "the bearer token is not valid for this tournament")


# --- reading and writing ---------------------------------------------------------------------------


def match_id_of(tournament: Tournament, index: int) -> str:
    """The id of the tournament's match at schedule ``index`` (fixed by its creation key)."""
    return matches.match_id_for(match_key(tournament, index))


def load(tstore: TournamentStore, tournament_id: str) -> Tournament:
    return Tournament.from_json(tstore.load(tournament_id))


def write(tstore: TournamentStore, before: Tournament | None, after: Tournament) -> Tournament:
    """Write ``after`` if the tournament is still at ``before``'s version (``None``: create it)."""
    tstore.write(
        after.tournament_id,
        None if before is None else before.version,
        after.version,
        record=after.to_json(),
        summary=after.summary(),
        finished=after.is_over,
    )
    if before is None or before.status != after.status or after.status == "running":
        # A separate step (another hash slot): a crash before it is mended by the next write.
        tstore.index(after.tournament_id, after.created_at, running=after.status == "running")
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
    raise ApiError(503, "store/busy", f"too many writes raced this {what}; try again")


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
        raise ApiError(422, error.code, error.message, field="game", **error.details) from None
    players = body["players_per_match"]
    if not game.info.min_players <= players <= game.info.max_players:
        raise ApiError(
            422,
            "request/invalid",
            f"{game_id} is played by {game.info.min_players} to {game.info.max_players} players, not {players}",
            field="players_per_match",
        )
    try:
        options = engine.resolve_options(game, players, body["options"])
    except engine.EngineError as error:
        raise ApiError(422, error.code, error.message, field="options", **error.details) from None
    sprt = body.get("sprt")
    if sprt is not None and sprt["elo0"] >= sprt["elo1"]:
        raise ApiError(422, "tournament/invalid", "the SPRT's elo0 must be below its elo1", field="sprt")
    if sprt is not None and sprt["alpha"] + sprt["beta"] >= 1:
        raise ApiError(422, "tournament/invalid", "the SPRT's alpha + beta must be below 1", field="sprt")
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
        raise ApiError(422, "tournament/invalid", str(error), field=field) from None
    if scheduled > MAX_SCHEDULED:
        raise ApiError(
            422,
            "tournament/invalid",
            f"this tournament would schedule {scheduled} matches, more than {MAX_SCHEDULED}: "
            "fewer entrants, deals or rounds",
            field="games_per_pairing",
            scheduled=scheduled,
        )
    if s.sprt is not None and not (s.format == "gauntlet" and count == 2 and s.players_per_match == 2):
        raise ApiError(
            422,
            "tournament/invalid",
            "an SPRT needs a gauntlet of two entrants in 2-player matches",
            field="sprt",
        )


def _entrant(game_id: str, spec: Mapping[str, Any]) -> Entrant:
    if spec.get("bot") is None:
        return Entrant(spec["name"])
    allowed = [bot.id for bot in bots_for(game_id)]
    if spec["bot"] not in allowed:
        raise ApiError(
            422,
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
            raise ApiError(422, "request/invalid", f"two entrants are named {name!r}", field="entrants")
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
    write(tstore, None, tournament)
    if tournament.status == "running":
        try:
            tournament = advance(tstore, tournament_id)
        except Exception:  # the tournament is stored: its tokens must reach the host; the sweep carries on
            log.exception(
                "tournament %s: starting its first matches failed; the referee's sweep retries", tournament_id
            )
    return {
        "tournament": resource(tournament),
        "entrants": [{"entrant": i, "name": entrants[i].name, "token": token} for i, token in tokens.items()],
        "host_token": host_token,
    }


def join(tstore: TournamentStore, tournament_id: str, name: str) -> dict[str, Any]:
    """A new named entrant, before the start; the answer holds its token."""
    joined: list[tuple[int, str]] = []

    def enter(tournament: Tournament) -> Tournament:
        if tournament.status != "open":
            raise ApiError(409, "tournament/started", f"the tournament is {tournament.status}: entries are closed")
        _check_unique([*(e.name for e in tournament.entrants), name])
        entrant = len(tournament.entrants)
        if entrant >= MAX_ENTRANTS:
            raise ApiError(409, "tournament/full", f"a tournament has at most {MAX_ENTRANTS} entrants")
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
            raise ApiError(409, "tournament/started", f"the tournament is {tournament.status} already")
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
            raise ApiError(409, "tournament/over", f"the tournament is {tournament.status} already")
        playing[:] = tournament.indexes("playing")
        return tournament.cancel(time.time())

    after = change(tstore, tournament_id, call_off, "cancel")
    _abort_matches(tstore, after, playing)
    return after


def report_forfeit(
    tstore: TournamentStore,
    tournament_id: str,
    authorization: str | None,
    *,
    index: int,
    seat: int,
    cause: ForfeitCause,
) -> dict[str, Any]:
    """The host reports that the program playing a seat failed (``crash``): the seat forfeits its match."""

    def note(tournament: Tournament) -> Tournament:
        authorise_host(tournament, authorization)
        if not 0 <= index < len(tournament.pairings):
            raise ApiError(404, "tournament/no_such_match", f"the schedule has no match {index}", index=index)
        if tournament.states[index] != "playing":
            raise ApiError(409, "match/over", f"match {index} is {tournament.states[index]}, not playing", index=index)
        if not 0 <= seat < tournament.settings.players_per_match:
            raise ApiError(422, "request/invalid", f"seat {seat} does not exist", field="seat")
        return tournament.report(index, seat, cause, time.time())

    tournament = change(tstore, tournament_id, note, "forfeit")
    match_id = match_id_of(tournament, index)
    _resign_seat(tstore.matches, match_id, seat)
    return {"tournament": resource(advance(tstore, tournament_id)), "match_id": match_id}


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


def outcome_of(tournament: Tournament, index: int, table: Table) -> Outcome | None:
    """How the finished match at ``index`` went, or ``None`` when it was aborted (no result)."""
    result = table.result()
    if result is None:
        return None
    scores = result.get("scores")
    return Outcome(
        index=index,
        entrants=tournament.pairings[index].entrants,
        ranks=tuple(result["ranks"]),
        winners=tuple(result["winners"]),
        scores=None if scores is None else tuple(float(score) for score in scores),
        forfeits=tournament.forfeits_of(index, [seat.state for seat in table.seats]),
    )


def advance(tstore: TournamentStore, tournament_id: str) -> Tournament:
    """Record the outcomes of finished matches and start every match that may start now."""
    store = tstore.matches
    for _ in range(RETRIES):
        before = load(tstore, tournament_id)
        if before.status != "running":
            return before
        after = before
        now = time.time()
        missing: list[int] = []
        playing = before.indexes("playing")
        match_ids = [match_id_of(before, index) for index in playing]
        for index, match_id, status in zip(playing, match_ids, tstore.match_statuses(match_ids), strict=True):
            if status is None:
                missing.append(index)  # being created, or lost before its creation: create it (again)
            elif status in ("finished", "aborted") and after.states[index] == "playing":
                try:
                    table = matches.load_table(store, match_id)
                except MatchNotFound:
                    continue  # expired since: the next look creates it again, or finds it gone
                if table.tournament != (tournament_id, index):
                    log.error(
                        "tournament %s: match %s is not its match %d; left unrecorded", tournament_id, match_id, index
                    )
                    continue
                after = after.record(index, outcome_of(before, index, table), now)
        started = after.launchable()
        if started:
            after = after.launch(started, now)
        if after is not before:
            try:
                write(tstore, before, after)
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
        if before.status == "running" and after.status != "running":
            _abort_matches(tstore, after, [i for i in before.indexes("playing") if after.states[i] == "void"])
        if created:
            _abort_called_off(tstore, tournament_id, created)
        return after
    raise ApiError(503, "store/busy", "too many writes raced this tournament; try again")


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
        index,
        {"match_id": created["match"]["match_id"], "seats": tokens, "host_token": created["host_token"]},
        tstore.matches.ttl(False),
    )


def on_match_ended(store: MatchStore, table: Table) -> None:
    """A tournament's match ended: record it and start what can start (the match store's listener)."""
    assert table.tournament is not None
    with contextlib.suppress(TournamentNotFound):
        advance(TournamentStore(store), table.tournament[0])


matches.TOURNAMENT_MATCH_ENDED.append(on_match_ended)


def sweep(tstore: TournamentStore) -> int:
    """Advance every running tournament (the referee calls this now and then); how many it looked at."""
    ids = tstore.running()
    for tournament_id in ids:
        try:
            if advance(tstore, tournament_id).status != "running":
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
    """The entrant's next match (see :func:`next_match`), waiting up to ``wait`` seconds for one."""
    entrant = authorise_entrant(load(tstore, tournament_id), authorization)
    deadline = time.monotonic() + (wait or 0.0)
    with notifier.watch(tstore.watch_id(tournament_id)) as signal:
        while True:
            found = next_match(tstore, advance(tstore, tournament_id), entrant)
            remaining = deadline - time.monotonic()
            if found is not None or remaining <= 0:
                return found
            signal.wait(remaining)
            signal.clear()


def next_match(tstore: TournamentStore, tournament: Tournament, entrant: int) -> dict[str, Any] | None:
    """``{match_id, seat, token}`` of the entrant's match now, ``{"done": True}``, or ``None`` (nothing yet)."""
    index = tournament.next_for(entrant)
    if index is not None:
        found = tstore.secrets(tournament.tournament_id, [index]).get(index)
        if found is None:
            return None  # its match is being created: the write that saves its tokens wakes the waiter
        seat = tournament.seat_of(index, entrant)
        return {"match_id": found["match_id"], "seat": seat, "token": found["seats"][str(seat)], "index": index}
    if tournament.done_for(entrant):
        return {"done": True}
    return None


# --- resources -------------------------------------------------------------------------------------


def resource(tournament: Tournament) -> dict[str, Any]:
    """The tournament as anyone sees it; its seed only once it is over."""
    s = tournament.settings
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
        "entrants": [
            {"entrant": i, "name": e.name, "kind": "player" if e.bot is None else "bot", "bot": e.bot}
            for i, e in enumerate(tournament.entrants)
        ],
        "progress": tournament.progress(),
        "standings": tournament.standings().to_json(),
        "sprt": None,
        "created_at": tournament.created_at,
        "updated_at": tournament.updated_at,
    }
    if s.sprt is not None:
        wins, draws, losses = tournament.sprt_counts()
        lower, upper = s.sprt.bounds()
        estimate = elo_estimate(wins, draws, losses)
        body["sprt"] = {
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
    return body


def _finite(value: float) -> float | None:
    """``value``, or ``None`` for an infinite bound (JSON has no infinity)."""
    return value if math.isfinite(value) else None


def schedule(tstore: TournamentStore, tournament: Tournament, authorization: str | None) -> dict[str, Any]:
    """Every scheduled match with its state and outcome; with the host token, the tokens of those playing."""
    host = authorization is not None
    if host:
        authorise_host(tournament, authorization)
    playing = tournament.indexes("playing")
    tokens = tstore.secrets(tournament.tournament_id, playing) if host else {}
    outcomes = {o.index: o for o in tournament.outcomes}
    rows = []
    for index, (pairing, state) in enumerate(zip(tournament.pairings, tournament.states, strict=True)):
        outcome = outcomes.get(index)
        found = tokens.get(index)
        rows.append(
            {
                "index": index,
                "round": pairing.round,
                "table": pairing.table,
                "deal": pairing.deal,
                "rotation": pairing.rotation,
                "entrants": list(pairing.entrants),
                "state": state,
                "match_id": None if state in ("pending", "skipped") else match_id_of(tournament, index),
                "seed": pairing.seed if tournament.is_over else None,
                "ranks": None if outcome is None else list(outcome.ranks),
                "forfeits": None if outcome is None else list(outcome.forfeits),
                "tokens": None if found is None else found["seats"],
                "host_token": None if found is None else found["host_token"],
            }
        )
    return {"tournament_id": tournament.tournament_id, "status": tournament.status, "matches": rows}
