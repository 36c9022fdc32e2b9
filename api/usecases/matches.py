"""What the match endpoints do, between HTTP and the store: create, authorise, read, play, settle.

A match is stored as a :class:`~arena.matches.table.Table` record. Nothing here keeps state between
requests: every call loads what it needs from the store and writes one version at a time with
compare-and-set, so any worker of any server process may serve any request.
"""

from __future__ import annotations

import base64
import dataclasses
import hashlib
import logging
import re
import secrets
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import orjson
from webargs.core import missing

import engine
from api.http.type_schemas import INT64_RANGE
from api.observability.metrics import timed_server_step
from api.store.errors import Replayed, SnapshotTooLarge, StaleVersion, StoreError, StoreFull
from api.store.matches import MatchStore
from api.usecases import webhooks
from arena.commitment import commitment_event, new_salt, seed_commitment
from arena.errors import ArenaError
from arena.matches.table import SeatInfo, Step, Table, bot_memories
from arena.matches.time_control import TimeControl
from arena.records import checkpoints
from arena.records.codec import RecordMismatch, decode_record, encode_checked_record, pack, record_header
from arena.tokens import Claim, digest, new_token, parse_token, proves
from arena.webhooks.plan import MATCH_EVENT_TYPES
from engine import Event
from engine.bots import bots_for

log = logging.getLogger(__name__)

#: How many versions the server plays for its bots within one request; the referee does the rest.
SETTLE_STEPS = 64
#: How long one request may spend playing bots, in seconds.
SETTLE_SECONDS = 0.25


@dataclasses.dataclass(frozen=True)
class Answer:
    """A response as the routes send it, and as an ``Idempotency-Key`` remembers it."""

    status: int
    body: dict[str, Any]
    headers: dict[str, str]
    replayed: bool = False

    def remembered(self, fingerprint: str) -> dict[str, Any]:
        return {"fingerprint": fingerprint, "status": self.status, "body": self.body, "headers": self.headers}

    @classmethod
    def replay(cls, remembered: Mapping[str, Any], fingerprint: str) -> Answer:
        """The remembered answer, or 422 if the key was used for a different request."""
        if remembered["fingerprint"] != fingerprint:
            raise ArenaError(
                "request/idempotency_mismatch",
                "this Idempotency-Key was used with a different request body; use a new key for a new request",
            )
        return cls(remembered["status"], remembered["body"], remembered["headers"], replayed=True)


def fingerprint(body: Any) -> str:
    """A digest of a request body that does not depend on key order or spacing."""
    return hashlib.sha256(orjson.dumps(body, option=orjson.OPT_SORT_KEYS)).hexdigest()


IDEMPOTENCY_KEY = re.compile(r"[\x21-\x7e]{1,255}")


def check_idempotency_key(key: str | None) -> str | None:
    if key is not None and not IDEMPOTENCY_KEY.fullmatch(key):
        raise ArenaError(
            "request/invalid", "Idempotency-Key must be 1-255 visible ASCII characters", field="Idempotency-Key"
        )
    return key


def private_headers(version: int) -> dict[str, str]:
    """Headers of a body that one client may see: tokens, or what one seat sees."""
    return {"ETag": f'"{version}"', "Cache-Control": "private, no-store", "Vary": "Authorization"}


# --- writing ---------------------------------------------------------------------------------------


#: Called with the store and the table after the write that ends a match of a tournament (the
#: tournament records the outcome and starts what it can). A listener's failure is logged, never
#: raised: the match's write is done, and the referee's sweep of tournaments catches up.
TOURNAMENT_MATCH_ENDED: list[Callable[[MatchStore, Table], None]] = []


def commit(
    store: MatchStore,
    before: Table | None,
    step: Step,
    idempotency: tuple[str, str, dict[str, Any]] | None = None,
) -> Table:
    """Write ``step``'s version if the match is still at ``before``'s (``None``: create it).

    The write that ends a match makes it due at once, for the referee to keep its record
    (``api/usecases/record_keeper.py``): the record is never kept on a move's path."""
    table = step.table
    game, status = table.match.game_id, table.status
    index_add: list[str] = []
    index_remove: list[str] = []
    if before is None or before.status != status:
        index_add = store.keys.lobby_indexes(game, status)
        if before is not None:
            index_remove = [store.keys.lobby(None, before.status), store.keys.lobby(game, before.status)]
    store.write(
        table.match_id,
        None if before is None else before.version,
        table.version,
        snapshot=table.record(),
        summary=table.summary(),
        entry=step.entry,
        finished=table.is_over,
        due=time.time() if table.is_over else table.next_due(),
        created_at=table.created_at,
        index_add=index_add,
        index_remove=index_remove,
        idempotency=idempotency,
    )
    if table.tournament is not None and table.is_over and (before is None or not before.is_over):
        for listener in TOURNAMENT_MATCH_ENDED:
            try:
                listener(store, table)
            except Exception:
                log.exception("tournament %s: recording match %s failed", table.tournament[0], table.match_id)
    return table


def compact(store: MatchStore, table: Table, swap: bool = True) -> bool:
    """Keep the record of a match that is over (``arena/records/codec.py``), and (``swap``) swap its
    log for it when the record (with its replay checkpoints, ``arena/records/checkpoints.py``) is the
    smaller; whether the record was kept.

    Done by the referee's record keeper (``api/usecases/record_keeper.py``) after the write that ended the
    match, never on a move's path; the swap is one atomic script, so a reader meets the log or the
    record, never half of either. A match whose log does not replay exactly, or that the store
    cannot compact now, keeps its log and has no record (``GET /matches/{id}/record`` builds one
    from the log while the match lasts): it costs memory, never a wrong answer.
    """
    try:
        entries, snapshot, summary = store.stored_form(table.match_id)
        if len(entries) != table.version + 1 or snapshot is None or summary is None:
            return False  # compacted already, or expired
        every = checkpoints.EVERY if checkpoints.worth_keeping(table.version) else 0
        record, matches = encode_checked_record(record_header(table), entries, every)
        chunks = checkpoints.encode_chunks(decode_record(record)["steps"], matches, every) if every else []
        smaller = len(record) + sum(map(len, chunks)) < sum(map(len, entries))
        packed = (pack(snapshot), pack(summary)) if swap and smaller else None
        return store.compact(table.match_id, table.version, record, packed, (every, chunks) if every else None)
    except (RecordMismatch, engine.EngineError) as error:
        log.warning("match %s keeps its log: %s", table.match_id, error)
    except StoreError as error:
        log.warning("match %s keeps its log: the store did not compact it (%s)", table.match_id, error)
    return False


def settle(store: MatchStore, table: Table, steps: int = SETTLE_STEPS, seconds: float = SETTLE_SECONDS) -> Table:
    """Play what the server must play now (bots' turns, passed deadlines), one version at a time.

    Stops when a player must act, a slow bot (a search bot) must decide, the match ends, the budget is
    spent, or the store is full (the request's own write is done, so it is not refused for that);
    what is left stays due in the referee's set (every write records when the server is next due),
    so a referee carries on (a slow bot's decision in its thinker processes).
    A bot decides from the table alone (its seat's memory is kept in it), so no step reads the log.
    """
    stop = time.monotonic() + seconds
    for _ in range(steps):
        if table.slow_bot_turn(time.time()) is not None:
            return table  # a search bot's turn: the referee's thinker plays it, never a request
        step = timed_server_step(table, time.time())
        if step is None:
            return table
        try:
            table = commit(store, table, step)
        except StaleVersion:
            table = load_table(store, table.match_id)  # a player or another server got there first
            continue
        except StoreFull:
            return table
        if time.monotonic() > stop:
            break
    return table


# --- creating --------------------------------------------------------------------------------------


def match_id_for(idempotency_key: str | None) -> str:
    """A fresh random match id; with an ``Idempotency-Key``, the id that key always creates.

    Ids never start with ``-``, so a command line can take one (or a token, which starts with it)
    as an option's value.
    """
    if idempotency_key is None:
        raw = secrets.token_bytes(12)
    else:
        raw = hashlib.sha256(f"create/{idempotency_key}".encode()).digest()[:12]
    match_id = base64.urlsafe_b64encode(raw).decode()
    return match_id if match_id[0] != "-" else "A" + match_id[1:]


def seating(game_id: str, players: int, seats: Sequence[Mapping[str, Any]] | None) -> list[SeatInfo]:
    """The seats a create request asks for (``None``: a player in every seat, holding its token)."""
    if seats is None:
        return [SeatInfo("player") for _ in range(players)]
    if len(seats) != players:
        raise ArenaError(
            "request/invalid",
            f"seats lists {len(seats)} seats for a match of {players} players",
            field="seats",
        )
    bots = [bot.id for bot in bots_for(game_id)]
    chosen: list[SeatInfo] = []
    for seat in seats:
        if "bot" in seat:
            if seat["bot"] not in bots:
                raise ArenaError(
                    "bot/unknown",
                    f"{game_id} has no bot {seat['bot']!r}; bots: {bots}",
                    bot=seat["bot"],
                    allowed=bots,
                )
            chosen.append(SeatInfo("bot", seat.get("name") or seat["bot"], bot=seat["bot"]))
        elif seat.get("open"):
            chosen.append(SeatInfo("open", seat.get("name")))
        else:
            chosen.append(SeatInfo("player", seat.get("name")))
    return chosen


def create_match(
    store: MatchStore,
    body: Mapping[str, Any],
    idempotency_key: str | None,
    *,
    tournament: tuple[str, int] | None = None,
    max_illegal: int | None = None,
    play_bots: bool = True,
) -> Answer:
    """Set up and store a new match; the answer holds a token per player seat and the host token.

    A tournament's match carries the tournament and its place in the schedule, and may limit the
    illegal actions a seat may send; ``play_bots`` false leaves the bots' first turns to the referee.
    """
    key = check_idempotency_key(idempotency_key)
    match_id = match_id_for(key)
    request_print = fingerprint(body)
    if key is not None and (remembered := store.remembered(match_id, "create", key)) is not None:
        return replay_creation(store, match_id, remembered, request_print)
    game, players = body["game"], body["players"]
    engine.get_game(game)  # an unknown game is a 404 before anything about its seats
    seats = seating(game, players, body.get("seats"))
    webhook = webhooks.check(body.get("webhook"), MATCH_EVENT_TYPES)  # 422 before anything is stored
    control = body.get("time_control")
    now = time.time()
    match, events = engine.new_match(game, players, body["options"], body["seed"], now)
    salt = new_salt()
    tokens = {seat: new_token(match_id, seat) for seat, info in enumerate(seats) if info.kind == "player"}
    host_token = new_token(match_id, None)
    seats = [
        dataclasses.replace(info, digest=digest(tokens[s])) if s in tokens else info for s, info in enumerate(seats)
    ]
    table = Table(
        match_id=match_id,
        match=match,
        version=0,
        seats=tuple(seats),
        created_at=now,
        updated_at=now,
        host_digest=digest(host_token),
        time_control=None if control is None else TimeControl(**control),
        deadlines=tuple(None for _ in seats),
        tournament=tournament,
        max_illegal=max_illegal,
        memories=bot_memories(game, seats, events),
        pace_ms=body.get("pace_ms") or None,
        salt=salt,
    )
    if table.status == "active":
        table = table.with_deadlines((), None, now)
    events = [commitment_event(seed_commitment(match.seed, salt)), *events]  # the log opens with the commitment
    entry = {"version": 0, "seat": None, "action": None, "at": now, "events": [e.to_json() for e in events]}
    answer = Answer(
        201,
        {
            "match": match_resource(table, None, now),
            "seats": [{"seat": seat, "token": token} for seat, token in tokens.items()],
            "host_token": host_token,
            "webhook": None if webhook is None else webhook.created(),
        },
        {**private_headers(0), "Location": f"/matches/{match_id}"},
    )
    try:
        commit(
            store,
            None,
            Step(table, entry, events),
            (("create", key, answer.remembered(request_print)) if key else None),
        )
    except Replayed as replay:  # the same key raced itself: the first write won
        return replay_creation(store, match_id, replay.remembered, request_print)
    webhooks.register(store, match_id, answer.body["webhook"], now)
    if play_bots:
        settle(store, table)
    return answer


def replay_creation(store: MatchStore, match_id: str, remembered: Mapping[str, Any], request_print: str) -> Answer:
    """The remembered answer of a creation; its webhook is stored again if a crash after the match's
    write lost it (a webhook stored already is left as it is)."""
    replayed = Answer.replay(remembered, request_print)
    webhooks.register(store, match_id, replayed.body.get("webhook"), replayed.body["match"]["created_at"])
    return replayed


# --- reading and authorising -------------------------------------------------------------------------


def load_table(store: MatchStore, match_id: str) -> Table:
    return with_first_requests(store, Table.from_record(match_id, store.load(match_id)))


def known_table(store: MatchStore, match_id: str, version: int | None) -> Table | None:
    """The match at ``version`` if that is its latest version as this process last heard it, unread."""
    snapshot = None if version is None else store.load_known(match_id, version)
    return None if snapshot is None else with_first_requests(store, Table.from_record(match_id, snapshot))


def with_first_requests(store: MatchStore, table: Table) -> Table:
    """``table`` with the first requests the store noted since its last write took them in.

    Read only while some seat's first request is still news (a timed match whose program has not
    asked yet, as far as the record knows): once every write has them, this costs nothing.
    """
    awaited = table.awaited_seats()
    if not awaited:
        return table
    return table.with_first_requests(store.first_requests(table.match_id, awaited))


def note_request(store: MatchStore, table: Table, seat: int) -> Table:
    """``seat``'s program asked for the match: note its first request (a write only the first time).

    The seat's clock may start now instead of after the time control's ``first_decision``
    (``arena/matches/time_control.py``); the referee's due time moves forward with it.
    """
    if not table.awaits_request(seat):
        return table
    now = time.time()
    after = table.noting_request(seat, now)
    if store.note_first_request(table.match_id, seat, now, after.next_due()):
        return after
    return with_first_requests(store, table)  # another request of the seat got there first: its time stands


def claim_from_header(authorization: str | None) -> Claim:
    """The seat (or host) claimed by an ``Authorization: Bearer <token>`` header, or a 401."""
    if not authorization:
        raise ArenaError("auth/missing_token", "this endpoint needs 'Authorization: Bearer <seat token>'")
    scheme, _, token = authorization.partition(" ")
    claim = parse_token(token.strip()) if scheme.lower() == "bearer" else None
    if claim is None:
        raise ArenaError("auth/invalid_token", "the bearer token is not a seat or host token")
    return claim


def authorise(table: Table, claim: Claim, seat: int | None = None) -> int:
    """The seat the token proves in this match; 401 for a bad token, 403 for another match or seat."""
    if claim.match_id != table.match_id:
        raise ArenaError("auth/wrong_match", "this token belongs to another match")
    if claim.seat is None:
        if proves(claim.token, table.host_digest):
            raise ArenaError("auth/not_a_seat", "this is the host token; a seat's token is needed here")
        raise ArenaError("auth/invalid_token", "the bearer token is not valid for this match")
    if not (0 <= claim.seat < len(table.seats) and proves(claim.token, table.seats[claim.seat].digest)):
        raise ArenaError("auth/invalid_token", "the bearer token is not valid for this match")
    if seat is not None and seat != claim.seat:
        raise ArenaError("auth/wrong_seat", f"this token is for seat {claim.seat}, not seat {seat}", seat=claim.seat)
    return claim.seat


def authorise_host(table: Table, claim: Claim) -> None:
    """Pass only the match's host token; a seat token is 403."""
    if claim.match_id != table.match_id:
        raise ArenaError("auth/wrong_match", "this token belongs to another match")
    if claim.seat is not None:
        authorise(table, claim)
        raise ArenaError("auth/not_host", "only the host token (from POST /matches) may do this")
    if not proves(claim.token, table.host_digest):
        raise ArenaError("auth/invalid_token", "the bearer token is not valid for this match")


def load_for_seat(
    store: MatchStore, match_id: str, authorization: str | None, seat: int | None = None
) -> tuple[Table, int]:
    """The match and the seat its bearer token proves (optionally checked against ``seat``).

    A seat's read is its program asking for the match: its first one is noted (see :func:`note_request`).
    """
    claim = claim_from_header(authorization)
    table = load_table(store, match_id)
    chosen = authorise(table, claim, seat)
    return note_request(store, table, chosen), chosen


#: A version as If-Match may name it: ``7``, ``"7"`` or ``W/"7"``.
VERSION_TAG = re.compile(r'(?:W/)?"([0-9]{1,18})"|([0-9]{1,18})')


def named_version(header: str | None) -> int | None:
    """The one version an ``If-Match`` header names (``None``: none, several, or ``*``)."""
    tag = VERSION_TAG.fullmatch(header.strip()) if header else None
    return None if tag is None else int(tag[1] or tag[2])


def expected_version(header: str | None, current: int) -> int:
    """The version an ``If-Match`` header allows: 428 when missing or blank, 412 when it names
    neither ``current`` (alone or in a list) nor ``*``.

    ``*`` matches any current version (RFC 9110, 13.1.1): a client that sends it gives up the
    stale-move protection on purpose; the action is still checked against the match as it is and
    written with compare-and-set, so it is never applied to a version it was not checked on.
    """
    if header is None or not header.strip():
        raise ArenaError("match/version_required", "send 'If-Match: <version>' (the ETag of the match)")
    if header.strip() == "*":
        return current
    tags = [VERSION_TAG.fullmatch(part.strip()) for part in header.split(",")]
    if not any(tag is not None and int(tag[1] or tag[2]) == current for tag in tags):
        raise ArenaError(
            "match/stale_version",
            f"If-Match {header!r} is not the match's version {current}; fetch it and decide again",
            current_version=current,
        )
    return current


# --- playing ---------------------------------------------------------------------------------------


#: Every game's action classes by type: a move's body is read as one of them before its match is.
ACTION_TYPES: dict[str, type[engine.Action]] = {cls.TYPE: cls for g in engine.all_games() for cls in g.action_types}


def read_action(body: Any) -> engine.Action:
    """The action a move's body describes, of any game (``422 action/malformed`` if it is none).

    The match's own game is checked when the action is applied: another game's type is refused then,
    with that game's types in ``details.allowed``.
    """
    return engine.parse_action(ACTION_TYPES, None if body is missing else _json_schema_integers(body))


def _json_schema_integers(value: Any) -> Any:
    """``value`` with each integral float as an integer (``3.0`` as ``3``), as JSON Schema and the
    spec's schemas count them, within 64 bits; the engine's own parsing takes only integers."""
    if isinstance(value, float):
        whole = value.is_integer() and INT64_RANGE.min <= value <= INT64_RANGE.max
        return int(value) if whole else value
    if isinstance(value, dict):
        return {key: _json_schema_integers(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_json_schema_integers(item) for item in value]
    return value


def play(
    store: MatchStore,
    match_id: str,
    claim: Claim,
    *,
    if_match: str | None,
    action: Mapping[str, Any] | engine.Action,
    idempotency_key: str | None = None,
) -> Answer:
    """Apply one action with compare-and-set on the If-Match version; exactly one of racing moves wins.

    With an ``Idempotency-Key``, a retry of a move that was applied gets the original answer. After
    the move the server plays its bots until a player must act (within a budget).

    A key is looked up only when it can matter, so a fresh keyed move costs no extra Redis read: a
    retry of an applied move is refused by the match as it is now (its version moved on, or the
    action is no longer legal), and then the remembered answer is sent instead; or, when the
    action would still apply (``If-Match: *``), the write script finds the key and writes nothing.

    When the version If-Match names is the match's latest as this process last heard it (every
    write publishes what it wrote: ``api/store/latest.py``), the move is checked against it
    without reading the match: one Redis round trip, the write, whose compare-and-set finds out if
    the match moved on meanwhile (then ``412``, as ever).
    """
    key = check_idempotency_key(idempotency_key)
    if key is None:
        request_print = ""  # compared only for an Idempotency-Key
    else:
        request_print = fingerprint(action.to_json() if isinstance(action, engine.Action) else action)
    table = known_table(store, match_id, named_version(if_match)) or load_table(store, match_id)
    seat = authorise(table, claim)  # before any replay: a remembered answer is that seat's private view
    scope = f"seat-{seat}"
    now = time.time()
    try:
        expected_version(if_match, table.version)
        step = table.act(seat, action, now)
    except (ArenaError, engine.EngineError) as refusal:
        # A retry of a move that was applied: the match has moved past what the move was checked on.
        if key is not None and (remembered := store.remembered(match_id, scope, key)) is not None:
            return Answer.replay(remembered, request_print)
        if refusal.code == "action/too_late":
            settle(store, table)  # the seat's time ran out before the referee noticed: apply it now
        elif refusal.code in ILLEGAL_CODES and table.max_illegal is not None:
            count_illegal(store, table, seat)
        raise
    body = match_resource(step.table, seat, now)
    body["events"] = [{"version": step.table.version, **e.to_json()} for e in step.events if e.is_visible_to(seat)]
    answer = Answer(200, body, private_headers(step.table.version))
    try:
        after = commit(store, table, step, (scope, key, answer.remembered(request_print)) if key else None)
    except Replayed as replay:
        return Answer.replay(replay.remembered, request_print)
    except (StoreFull, SnapshotTooLarge):
        # Nothing was written; a retry of a move applied before (`If-Match: *`) still gets its answer.
        if key is not None and (remembered := store.remembered(match_id, scope, key)) is not None:
            return Answer.replay(remembered, request_print)
        raise
    settle(store, after)
    return answer


#: The refusals that count towards a tournament match's ``max_illegal``: every action the seat sends on
#: its turn that the game refuses, whether it breaks a rule or is no action of the game at all (an
#: unknown type, a missing or extra field, a value of the wrong type or out of range).
ILLEGAL_CODES = ("action/illegal", "action/malformed", "request/invalid")


def count_refused_body(store: MatchStore, match_id: str, authorization: str | None) -> None:
    """A body that is no action of the game was refused before its match was read: count it against the
    seat, as :func:`play` counts refused actions, when the seat sent it on its turn of a match that
    limits them. Anything else about the request (its token, the match) is left to its own error."""
    try:
        claim = claim_from_header(authorization)
        table = load_table(store, match_id)
        seat = authorise(table, claim)
    except (ArenaError, StoreError):
        return
    if table.max_illegal is not None and seat in table.to_act:
        count_illegal(store, table, seat)


def count_illegal(store: MatchStore, table: Table, seat: int) -> None:
    """Count one illegal action of ``seat``; at the match's limit the seat is disqualified (out of the match)."""
    assert table.max_illegal is not None
    if store.count_illegal(table.match_id, seat, store.ttl(False)) <= table.max_illegal:
        return  # max_illegal refusals are allowed; the next one disqualifies
    for _ in range(50):
        if table.is_over or table.seats[seat].is_out:
            return
        try:
            settle(store, commit(store, table, table.resign(seat, time.time(), "disqualified")))
            return
        except StaleVersion:
            table = load_table(store, table.match_id)


def seed_revealed(table: Table, tournament_over: bool = False) -> bool:
    """Whether the match's seed and salt are public: once it is over (finished or aborted); for a
    tournament's match, once its tournament is over too (under duplicate deals its seed deals
    another match as well, which may still be playing)."""
    return table.is_over and (table.tournament is None or tournament_over)


def match_resource(table: Table, seat: int | None, now: float, *, tournament_over: bool = False) -> dict[str, Any]:
    """The match as ``seat`` (``None``: a spectator) sees it, shaped as ``MatchSchema``/``SeatViewSchema``.

    Once the match is over, however it ended, the view shows everything; ``tournament_over`` says
    that the tournament of a tournament's match is over, which reveals its seed (:func:`seed_revealed`).
    """
    match = table.match
    revealed = seed_revealed(table, tournament_over)
    resource: dict[str, Any] = {
        "match_id": table.match_id,
        "game": match.game_id,
        "players": match.players,
        "options": dict(match.options),
        "status": table.status,
        "version": table.version,
        "to_act": list(table.to_act),
        "result": table.result(),
        "seed": match.seed if revealed else None,
        "salt": table.salt if revealed else None,
        "seed_commitment": table.seed_commitment,
        "created_at": table.created_at,
        "updated_at": table.updated_at,
        "seats": table.seat_resources(),
        "time_control": None if table.time_control is None else table.time_control.to_json(),
        "pace_ms": table.pace_ms,
        "tournament": None
        if table.tournament is None
        else {"tournament_id": table.tournament[0], "index": table.tournament[1]},
        "view": {"game": match.game_id, **engine.view(match, seat, now, ended=table.is_over)},
    }
    if seat is not None:
        resource["seat"] = seat
    return resource


def action_filters(match: engine.Match, given: list[str]) -> dict[str, str]:
    """The ``key=value`` filters as a dict; 422 for a key the game does not offer."""
    offered = match.game.info.action_filters
    filters = dict(item.split("=", 1) for item in given)
    unknown = sorted(set(filters) - set(offered))
    if unknown:
        raise ArenaError(
            "request/invalid",
            f"{match.game_id} has no action filter {unknown[0]!r}; offered: {list(offered)}",
            field="filter",
            allowed=list(offered),
        )
    for key, value in filters.items():
        allowed = match.game.filter_values(match.state, key)
        if allowed is not None and value not in allowed:
            raise ArenaError(
                "request/invalid",
                f"filter {key}={value!r} matches nothing in this match; values: {list(allowed)}",
                field="filter",
                allowed=list(allowed),
            )
    return filters


def visible_actions(
    entries: list[dict[str, Any]], match: engine.Match, viewer: int | None, *, ended: bool = False
) -> list[dict[str, Any]]:
    """The actions of log entries as ``viewer`` (``None``: the public) may see them now.

    A secret choice shows as ``{"type": ..., "hidden": true}`` (without its label) until the game
    reveals it to that reader; ``match`` is the match now, which says whether it has been, and
    ``ended`` that the match is over however it ended (``Table.is_over``), which reveals them all.
    """
    records = []
    for entry in entries:
        if entry["action"] is None:
            continue
        seen = engine.action_seen_by(match, entry["seat"], entry["action"], entry.get("secret"), viewer, ended=ended)
        hidden = seen.get("hidden") is True
        records.append(
            {
                "version": entry["version"],
                "seat": entry["seat"],
                "action": seen,
                "label": None if hidden else entry.get("label"),
            }
        )
    return records


def visible_events(entries: list[dict[str, Any]], seat: int | None) -> list[dict[str, Any]]:
    """The events of log entries that ``seat`` (``None``: the public) may see, with their versions."""
    return [
        {"version": entry["version"], **event}
        for entry in entries
        for event in entry["events"]
        if Event.from_json(event).is_visible_to(seat)
    ]
