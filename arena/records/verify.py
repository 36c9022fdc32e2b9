"""Replaying a match's record with the engine, and checking it: every deal, roll, step and result.

Pure: no Redis, no HTTP. A record (``arena/records/codec.py`` explains its form) is replayed
through the same :class:`~arena.matches.table.Table` transitions that played the match on the server,
from its seed: every action must be legal when the record says it was taken, every arena step (a
join, a resignation, a forfeit on time, the abort, the clocks extended after an outage, the
adjudication) must be one the arena could take then and give the events the record keeps, and the
match must end as the record says (status, result, seats).
:func:`verify_record` also checks the seed against its commitment. ``arena replay`` and
``arena verify`` (``api/cli.py``) and ``POST /records/versions/{version}`` use it; the SDK's
``verify`` checks what it can without the engine (``sdk/arena_sdk/records.py``).
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterator, Mapping
from typing import Any

import engine
from arena.commitment import commitment_event, seed_commitment
from arena.errors import ArenaError
from arena.matches.table import SeatInfo, Step, Table
from arena.matches.time_control import TimeControl
from arena.records.codec import FORMAT, record_seat, state_digest, whole_state_digest
from arena.tournaments.standings import Outcome
from engine import Event

#: The arena steps a record may hold, by the kind of their first event.
ARENA_STEPS = ("joined", "resigned", "timeout", "aborted", "clocks_extended", "adjudicated")
#: The arena's steps that are no seat's: a join (of an open seat), the abort, the clocks extended after an
#: outage, the adjudication.
SEATLESS_STEPS = ("joined", "aborted", "clocks_extended", "adjudicated")


class RecordInvalid(ValueError):
    """The record does not replay, or does not end as it says; ``version`` is where (``None``: the header)."""

    def __init__(self, problem: str, version: int | None = None) -> None:
        super().__init__(problem if version is None else f"version {version}: {problem}")
        self.problem = problem
        self.version = version


@dataclasses.dataclass(frozen=True)
class Verified:
    """What a record that checks out says: the match, its last version, how it ended."""

    match_id: str
    game: str
    last_version: int
    status: str
    result: dict[str, Any] | None
    #: Whether the seed was checked against a commitment (``False`` only for a record from before them).
    committed: bool


def _json(value: Any) -> Any:
    """``value`` as JSON gives it back (tuples as lists, keys as strings), to compare with a record's."""
    if isinstance(value, Mapping):
        return {str(key): _json(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_json(item) for item in value]
    return value


def _require(condition: bool, problem: str, version: int | None = None) -> None:
    if not condition:
        raise RecordInvalid(problem, version)


#: Why a step names no seat, or names one.
SEATLESS = "every arena step but a join, the abort, an outage's and an adjudication is a seat's"


def _check_header(record: Mapping[str, Any]) -> None:
    """The header's shape, before anything is replayed."""
    _require(isinstance(record, Mapping), "a record is a JSON object")
    _require(
        record.get("format") == FORMAT, f"a record of format {record.get('format')!r}; this replays format {FORMAT}"
    )
    missing = [key for key in ("match_id", "game", "players", "options", "seats", "seed", "steps") if key not in record]
    _require(not missing, f"the record has no {', '.join(missing)}")
    _require(isinstance(record["match_id"], str), "match_id is a string")
    players, seats, steps = record["players"], record["seats"], record["steps"]
    _require(isinstance(players, int) and not isinstance(players, bool), "players is an integer")
    _require(isinstance(record["options"], Mapping), "options is an object")
    _require(isinstance(seats, list) and len(seats) == players, "seats lists one seat per player")
    _require(all(isinstance(seat, Mapping) for seat in seats), "each seat is an object")
    seed = record["seed"]
    _require(isinstance(seed, int) and not isinstance(seed, bool) and 0 <= seed < 2**63, "seed is 0 to 2**63 - 1")
    salt = record.get("salt")
    _require(salt is None or isinstance(salt, str), "salt is a string")
    tournament = record.get("tournament")
    _require(
        tournament is None
        or (
            isinstance(tournament, Mapping)
            and isinstance(tournament.get("tournament_id"), str)
            and isinstance(tournament.get("index"), int)
        ),
        "tournament is null or {tournament_id, index}",
    )
    control = record.get("time_control")
    _require(control is None or isinstance(control, Mapping), "time_control is null or an object")
    _require(
        all(seat.get("time_control") is None or isinstance(seat["time_control"], Mapping) for seat in seats),
        "a seat's time_control is null or an object",
    )
    after = record.get("adjudicate_after")
    _require(
        after is None or (isinstance(after, int) and not isinstance(after, bool) and after >= 1),
        "adjudicate_after is null or a positive integer",
    )
    _require(isinstance(steps, list) and len(steps) >= 1, "steps starts with the creation time")
    _require(_is_time(steps[0]), "steps[0] is the creation time (seconds)", 0)


def _is_time(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def _initial_seats(record: Mapping[str, Any]) -> tuple[SeatInfo, ...]:
    """The seats as the match was created: a seat that someone joined was open then."""
    joined = {
        seat
        for step in record["steps"][1:]
        if isinstance(step, list)
        and len(step) == 3
        and _kind(step[2]) == "joined"
        and isinstance(seat := _data(step[2][0]).get("seat"), int)
    }
    seats = []
    for number, seat in enumerate(record["seats"]):
        kind = seat.get("kind")
        _require(kind in ("player", "bot", "open"), f"seat {number}'s kind is player, bot or open")
        try:
            control = TimeControl.from_json(seat.get("time_control"))
        except (KeyError, TypeError, ValueError) as error:
            raise RecordInvalid(f"seat {number}'s time_control is not one: {error}", 0) from None
        if number in joined or kind == "open":
            seats.append(SeatInfo("open", None if number in joined else seat.get("name"), time_control=control))
        else:
            seats.append(SeatInfo(kind, seat.get("name"), bot=seat.get("bot"), time_control=control))
    return tuple(seats)


def _kind(events: Any) -> Any:
    """The kind of the first of ``events`` (a list), if it is an event."""
    first = events[0] if isinstance(events, list) and events else None
    return first.get("kind") if isinstance(first, Mapping) else None


def _data(event: Any) -> Mapping[str, Any]:
    data = event.get("data") if isinstance(event, Mapping) else None
    return data if isinstance(data, Mapping) else {}


def replay_record(record: Mapping[str, Any]) -> Iterator[Step]:
    """Every version of the record's match, replayed in order (version 0 first), each checked as it comes.

    Raises :class:`RecordInvalid` at the first version that the arena could not have played.
    """
    _check_header(record)
    steps = record["steps"]
    created = float(steps[0])
    try:
        match, setup = engine.new_match(record["game"], record["players"], record["options"], record["seed"], created)
        time_control = TimeControl.from_json(record.get("time_control"))
    except (engine.EngineError, KeyError, TypeError, ValueError) as error:
        raise RecordInvalid(f"the match cannot be set up: {error}", 0) from None
    _require(dict(match.options) == dict(record["options"]), "options are the match's, every one resolved", 0)
    tournament = record.get("tournament")
    salt = record.get("salt")
    seats = _initial_seats(record)
    table = Table(
        match_id=record["match_id"],
        match=match,
        version=0,
        seats=seats,
        created_at=created,
        updated_at=created,
        time_control=time_control,
        deadlines=tuple(None for _ in seats),
        tournament=None if tournament is None else (tournament["tournament_id"], tournament["index"]),
        salt=salt,
        adjudicate_after=record.get("adjudicate_after"),
    )
    if table.status == "active":
        table = table.with_deadlines((), None, created)
    events = list(setup)
    if table.seed_commitment is not None:
        events = [commitment_event(table.seed_commitment), *events]
    entry = {"version": 0, "seat": None, "action": None, "at": created, "events": [e.to_json() for e in events]}
    yield Step(table, entry, events)
    for version, step in enumerate(steps[1:], start=1):
        try:
            replayed = _replay_step(table, version, step)
        except (KeyError, TypeError, AttributeError, IndexError, ValueError) as error:
            if isinstance(error, RecordInvalid):
                raise
            raise RecordInvalid(f"a malformed step ({error!r})", version) from None
        yield replayed
        table = replayed.table


def _replay_step(table: Table, version: int, step: Any) -> Step:
    shape = "a step is [seat, at, action, events before] or [seat, at, events]"
    _require(isinstance(step, list) and len(step) in (3, 4), shape, version)
    seat, at = step[0], step[1]
    if seat is not None or len(step) == 4:  # a join and the abort are no seat's steps
        _require(isinstance(seat, int) and not isinstance(seat, bool), "the seat is an integer", version)
        _require(0 <= seat < len(table.seats), f"seat {seat} does not exist", version)
    _require(_is_time(at), "the time is a number of seconds", version)
    try:
        if len(step) == 4:
            replayed = _action_step(table, seat, float(at), (step[2], step[3]), version)
        else:
            replayed = _arena_step(table, seat, float(at), step[2], version)
    except ArenaError as refusal:
        raise RecordInvalid(f"{refusal.code}: {refusal.message}", version) from None
    except engine.EngineError as refusal:
        raise RecordInvalid(f"{refusal.code}: {refusal.message}", version) from None
    return replayed


def _action_step(table: Table, seat: int, at: float, taken: tuple[Any, Any], version: int) -> Step:
    """An action and the arena's events before it: legal then, by the seat to act (or the stand-in bot
    that played it after a timeout)."""
    action, before = taken
    _require(isinstance(action, Mapping), "the action is an object", version)
    _require(isinstance(before, list), "the events before an action are a list", version)
    prefix: list[Event] = []
    if before:
        timeout = {"kind": "timeout", "data": {"seat": seat, "on_timeout": "bot"}, "visible_to": None}
        _require(before == [timeout], "the only arena event before an action is the seat's timeout", version)
        control = table.controls[seat]
        _require(control is not None and control.on_timeout == "bot", "a timeout needs on_timeout bot", version)
        prefix = [Event.from_json(timeout)]
    return table.replay_action(seat, action, at, prefix)


def _arena_step(table: Table, seat: int | None, at: float, events: Any, version: int) -> Step:
    """A join, a resignation (or disqualification), a forfeit on time, the abort, the clocks extended after
    an outage of the arena, or the adjudication, with the events it gave."""
    _require(
        isinstance(events, list) and len(events) > 0 and isinstance(events[0], Mapping),
        "an arena step has events",
        version,
    )
    first, data = events[0].get("kind"), _data(events[0])
    _require(first in ARENA_STEPS, f"an arena step is one of {list(ARENA_STEPS)}, not {first!r}", version)
    seatless = first in SEATLESS_STEPS
    _require((seat is None) == seatless, SEATLESS, version)
    if first == "aborted":
        step = table.abort(at)
    elif first == "adjudicated":
        _require(table.adjudication_due, "no adjudication was due: the match had not reached adjudicate_after", version)
        step = table.adjudicate(at)
    elif first == "clocks_extended":
        down_from, down_until = data.get("from"), data.get("until")
        if not (isinstance(down_from, int | float) and isinstance(down_until, int | float)):
            raise RecordInvalid("an outage has a start and an end", version)
        extended = table.extend_clocks(float(down_from), float(down_until), at)
        _require(extended is not None, "no clock ran during the outage a step extends them for", version)
        assert extended is not None
        step = extended
    elif first == "joined":
        name, joined = data.get("name"), data.get("seat")
        _require(name is None or isinstance(name, str), "a joined seat's name is a string", version)
        if not (isinstance(joined, int) and 0 <= joined < len(table.seats)):
            raise RecordInvalid("a join names a seat", version)
        step = table.join(joined, name, "", at)
    elif seat is None:
        raise RecordInvalid(SEATLESS, version)
    elif first == "resigned":
        reason = data.get("reason")
        _require(reason in ("resigned", "disqualified"), "a seat resigns or is disqualified", version)
        step = table.resign(seat, at, "disqualified" if reason == "disqualified" else "resigned")
    elif first == "timeout":
        control = table.controls[seat]
        _require(control is not None and control.on_timeout == "forfeit", "a forfeit needs on_timeout forfeit", version)
        running = table.status == "active" and not table.seats[seat].is_out and seat in table.to_act
        _require(running, f"seat {seat} had no decision to time out on", version)
        step = table.time_out(seat, at)
    _require(step.entry["seat"] == seat, f"this step is seat {step.entry['seat']}'s, not seat {seat}'s", version)
    _require(_json(step.entry["events"]) == events, f"the {first} step's events are not what the arena gives", version)
    return step


def verify_record(record: Mapping[str, Any], commitment: str | None = None) -> Verified:
    """Check a record whole: its seed against its commitment (and against ``commitment``, the one a
    player saw at the start, when given), every version, and the end it states.

    Raises :class:`RecordInvalid` naming the first problem.
    """
    committed = check_commitment(record, commitment)  # first: a re-deal shows as what it is
    last: Table | None = None
    for step in replay_record(record):
        last = step.table
    assert last is not None
    check_end(record, last)
    return Verified(record["match_id"], record["game"], last.version, last.status, last.result(), committed)


def check_end(record: Mapping[str, Any], last: Table) -> None:
    """The replayed match ends as the record says: over, with its status, result and seats."""
    _require(last.is_over, f"the match is {last.status} after its last step, not over", last.version)
    _require(record.get("status") == last.status, f"the match ends {last.status}, not {record.get('status')!r}")
    _require(_json(record.get("result")) == _json(last.result()), f"the match's result is {_json(last.result())}")
    seats = [record_seat(seat) for seat in last.seats]
    _require(_json(record["seats"]) == _json(seats), f"the seats end as {seats}")
    digest = state_digest(last.match)
    kept = record.get("state_digest")
    _require(kept in (digest, whole_state_digest(last.match)), f"the replay ends in state {digest}, not the record's")
    check_tournament(record, last)


#: The state a seat ends in after each kind of forfeit (a crash the host reports resigns its seat).
FORFEIT_STATES = {"timeout": "timed_out", "illegal": "disqualified", "crash": "resigned", "resigned": "resigned"}
#: How far a line's points may be from those the replay gives (they are sums of fractions).
POINTS_TOLERANCE = 1e-9


def check_tournament(record: Mapping[str, Any], last: Table) -> None:
    """A tournament's line (``arena/tournaments/record_lines.py``) scores the replayed match as it ended:
    one entrant per seat, each forfeit where its seat left that way, each seat's points from the
    result. A record without the tournament's outcome (no ``entrants``) has nothing to check here."""
    tournament = record.get("tournament")
    if not isinstance(tournament, Mapping) or "entrants" not in tournament:
        return
    players = len(last.seats)
    entrants, forfeits, points = tournament.get("entrants"), tournament.get("forfeits"), tournament.get("points")
    for name, values in (("entrants", entrants), ("forfeits", forfeits), ("points", points)):
        _require(isinstance(values, list) and len(values) == players, f"the tournament's {name} list one per seat")
    assert isinstance(entrants, list) and isinstance(forfeits, list) and isinstance(points, list)
    _require(
        all(_is_index(e) for e in entrants) and len(set(entrants)) == players,
        "the tournament's entrants are distinct entrant numbers",
    )
    result = last.result()
    _require(result is not None, "a tournament scores only a match with a result")
    assert result is not None
    for seat, (cause, info) in enumerate(zip(forfeits, last.seats, strict=True)):
        expected = "playing" if cause is None else FORFEIT_STATES.get(cause)
        _require(expected == info.state, f"seat {seat} ended {info.state}: its forfeit is not {cause!r}")
    scores = result.get("scores")
    try:
        outcome = Outcome(
            index=int(tournament["index"]),
            entrants=tuple(entrants),
            ranks=tuple(result["ranks"]),
            winners=tuple(result["winners"]),
            scores=None if scores is None else tuple(float(score) for score in scores),
            forfeits=tuple(forfeits),
        )
    except ValueError as error:
        raise RecordInvalid(f"the tournament's outcome does not hold together: {error}") from None
    replayed = [outcome.seat_points(seat) for seat in range(players)]
    _require(
        all(
            _is_number(given) and abs(given - want) <= POINTS_TOLERANCE
            for given, want in zip(points, replayed, strict=True)
        ),
        f"the replayed result gives the seats {replayed} points, not {points}",
    )


def _is_index(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def check_commitment(record: Mapping[str, Any], commitment: str | None = None) -> bool:
    """The seed and salt open the record's commitment (and ``commitment``, when given); whether there
    was one to check (a record from before commitments has none: then ``commitment`` must be ``None``)."""
    _check_header(record)
    salt, published = record.get("salt"), record.get("seed_commitment")
    if salt is None and published is None:
        _require(commitment is None, "the record has no salt to check the given commitment with")
        return False
    _require(isinstance(salt, str) and isinstance(published, str), "a record has both salt and seed_commitment")
    opened = seed_commitment(record["seed"], str(salt))
    _require(opened == published, f"seed and salt give the commitment {opened}, not the record's {published}")
    _require(commitment is None or commitment == published, f"the record's commitment is not {commitment}")
    return True


def replayed_version(record: Mapping[str, Any], version: int) -> tuple[Step, Table]:
    """The record's ``version`` (its step) and its last table, after checking the whole record."""
    check_commitment(record)
    wanted: Step | None = None
    last: Table | None = None
    for step in replay_record(record):
        if step.table.version == version:
            wanted = step
        last = step.table
    assert last is not None
    check_end(record, last)
    if wanted is None:
        raise IndexError(version)
    return wanted, last
