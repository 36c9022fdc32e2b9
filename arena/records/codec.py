"""A finished match's record: what was played, from which every log entry is replayed.

A finished match's log (one JSON entry per version, with every event) is what it costs most to
keep. Once the match is over, the referee's record keeper (``api/usecases/records.py``) keeps a
record of what cannot be derived: the game, players, options, seats, seed and salt, the result, and
per version who acted, what and when (an arena step, such as a join or a resignation, keeps its
events, which are few and small), compressed with zlib.
Reading the log replays the engine from that record; the replay is checked against the log before
the record is kept, so a record exists only when every entry comes back byte for byte, and every
read answers exactly as before. The record outlives the rest of the match (``ARENA_RECORD_TTL``):
``GET /matches/{id}/record`` serves it, and ``arena replay`` / ``arena verify`` replay it offline.
The match's snapshot and summary, which no longer change, are kept zlib-compressed once the log is
swapped for the record (:func:`pack`; a reader tells them from JSON by their first byte).

The record, as ``GET /matches/{id}/record`` serves it (docs/api.md, "Records")::

    {"format": 2, "match_id", "game", "players", "options", "seats": [{"name", "kind", "bot", "state"}],
     "seed", "salt", "seed_commitment", "time_control", "tournament", "status", "result", "state_digest",
     "steps": [<created at>, [seat, at, action, arena events before], [seat, at, arena events], ...]}

A seat with a time control of its own keeps it in its ``seats`` entry (``time_control``); a match that
may be adjudicated keeps ``adjudicate_after`` in the header (both left out otherwise).

``steps[v]`` made version ``v``: an action step (a player's, a bot's or a stand-in's), or an arena
step (``action`` null in the log: a join, a resignation, a forfeit on time, the abort, the clocks
extended after an outage, the adjudication; a join's, the abort's, an extension's and an
adjudication's seat is null). ``state_digest`` is the SHA-256 of the final engine state
(:func:`state_digest`), which a replay must reproduce. ``format`` 1
was the same without the header's match, seats, salt and result (stored in the match's hash only);
a reader refuses any format it does not know. New keys that a reader may ignore (replay checkpoints)
keep the format; a change to a key's meaning takes a new one.
"""

from __future__ import annotations

import functools
import hashlib
import zlib
from collections.abc import Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import orjson

import engine
from arena.commitment import commitment_event

if TYPE_CHECKING:
    from arena.matches.table import SeatInfo, Table

#: The record's layout as written now; a reader refuses any other but :data:`READABLE`.
FORMAT = 2
#: The layouts a reader takes (format 1: records compacted before records had a header).
READABLE = (1, 2)
#: zlib's level: the record is written once and read rarely, so the smallest output is worth it.
LEVEL = 9
#: The kind of the one event the arena puts before an engine step's own events (a timeout).
ARENA_PREFIX = "timeout"
#: How many derived logs a process keeps (a finished match never changes, so they never go stale).
CACHED_LOGS = 32


def pack(raw: bytes) -> bytes:
    """A stored JSON value of a finished match, compressed."""
    return zlib.compress(raw, LEVEL)


def unpack(raw: bytes) -> bytes:
    """A stored JSON value, compressed by :func:`pack` or not (JSON objects start with ``{``)."""
    return raw if raw[:1] == b"{" else zlib.decompress(raw)


class RecordMismatch(ValueError):
    """Replaying the record does not give the log back: the match is left uncompacted."""


def encode_record(header: Mapping[str, Any], entries: Sequence[bytes]) -> bytes:
    """The compressed record of a match's log (``entries``: the stored JSON entries, version 0 first),
    after ``header`` (:func:`record_header`).

    Raises :class:`RecordMismatch` unless replaying the record gives every entry back exactly.
    """
    return encode_checked_record(header, entries, 0)[0]


def encode_checked_record(
    header: Mapping[str, Any], entries: Sequence[bytes], every: int
) -> tuple[bytes, dict[int, engine.Match]]:
    """:func:`encode_record`, with the engine's match after every ``every``-th version before the last
    (``every`` ``0``: none), met while the replay is checked: what replay checkpoints start from
    (``arena/records/checkpoints.py``), at no second replay."""
    steps: list[Any] = []
    for version, raw in enumerate(entries):
        entry = orjson.loads(raw)
        if entry["version"] != version:
            raise RecordMismatch(f"entry {version} holds version {entry['version']}")
        if version == 0:
            steps.append(entry["at"])
        elif entry["action"] is None:
            steps.append([entry["seat"], entry["at"], entry["events"]])
        else:  # of the events, only the arena's before the engine's own are kept (see ARENA_PREFIX)
            events = entry["events"]
            steps.append([entry["seat"], entry["at"], entry["action"], events[:1] if _arena_prefix(events) else []])
    record = {"format": FORMAT, **header, "steps": steps}
    encoded = zlib.compress(orjson.dumps(record), LEVEL)
    kept: dict[int, engine.Match] = {}
    version = -1
    for version, (match, entry) in enumerate(replayed_entries(decode_record(encoded))):
        if version >= len(entries) or orjson.dumps(entry) != entries[version]:
            raise RecordMismatch(f"replaying the record differs from the log at version {version}")
        if every and 0 < version < len(entries) - 1 and version % every == 0:  # a chunk starts there
            kept[version] = match
    if version + 1 != len(entries):
        raise RecordMismatch(f"replaying the record differs from the log at version {version + 1}")
    return encoded, kept


def _arena_prefix(events: Sequence[dict[str, Any]]) -> bool:
    """Whether an engine step's events start with the arena's own: the timeout before a stand-in's move
    (``Table.time_out``), the only events the arena puts before the engine's.

    Told by the event's kind, not by replaying the engine: were an engine's first event ever of that
    kind, the replay check would find the difference and the match would keep its log.
    """
    return bool(events) and events[0]["kind"] == ARENA_PREFIX


def record_header(table: Table) -> dict[str, Any]:
    """What a record says of the match besides its steps: who played what, dealt how, and how it ended."""
    match = table.match
    return {
        "match_id": table.match_id,
        "game": match.game_id,
        "players": match.players,
        "options": dict(match.options),
        "seats": [record_seat(seat) for seat in table.seats],
        "seed": match.seed,
        "salt": table.salt,
        "seed_commitment": table.seed_commitment,
        "time_control": None if table.time_control is None else table.time_control.to_json(),
        "tournament": None
        if table.tournament is None
        else {"tournament_id": table.tournament[0], "index": table.tournament[1]},
        "status": table.status,
        "result": table.result(),
        "state_digest": state_digest(match),
        **({} if table.adjudicate_after is None else {"adjudicate_after": table.adjudicate_after}),
    }


def record_seat(seat: SeatInfo) -> dict[str, Any]:
    """A seat as its record keeps it: who sat there and how they stood at the end, and the seat's own time
    control where it had one (over the match's)."""
    kept: dict[str, Any] = {"name": seat.name, "kind": seat.kind, "bot": seat.bot, "state": seat.state}
    if seat.time_control is not None:
        kept["time_control"] = seat.time_control.to_json()
    return kept


def state_digest(match: engine.Match) -> str:
    """The hex SHA-256 of the match's engine state (:func:`engine.state_digest`: clock readings left out):
    the replay of a record must end in it, so a record edited to another legal move that ends the same
    way still fails, and the same match played offline has the same digest."""
    return engine.state_digest(match)


def whole_state_digest(match: engine.Match) -> str:
    """The digest records kept before clock readings were left out hold: the whole state's. It differs
    from :func:`state_digest` only in a game with clock fields (Pili Pili's ``dealt_at``); a replay of
    such a record is checked against it (the format is the same: only the digest's input narrowed)."""
    return hashlib.sha256(orjson.dumps(match.state, option=orjson.OPT_SORT_KEYS)).hexdigest()


def decode_record(encoded: bytes) -> dict[str, Any]:
    """The record as JSON data, from its stored (compressed) form; ``ValueError`` for a format unknown here."""
    record: dict[str, Any] = orjson.loads(zlib.decompress(encoded))
    if record.get("format") not in READABLE:
        raise ValueError(f"a match record of format {record.get('format')!r}, not one of {READABLE}")
    return record


@functools.lru_cache(maxsize=CACHED_LOGS)
def derive_log(encoded: bytes) -> tuple[bytes, ...]:
    """Every log entry (as stored JSON, version 0 first) of a match's compressed record."""
    return tuple(orjson.dumps(entry) for _, entry in replayed_entries(decode_record(encoded)))


def replayed_entries(record: Mapping[str, Any]) -> Iterator[tuple[engine.Match, dict[str, Any]]]:
    """The engine's match after each version of a decoded record, with the version's log entry."""
    steps = record["steps"]
    game, players, options, seed = record["game"], record["players"], record["options"], record["seed"]
    match, entry = setup_entry(game, players, options, seed, steps[0], commitment=record.get("seed_commitment"))
    yield match, entry
    for version, step in enumerate(steps[1:], start=1):
        match, entry = step_entry(match, version, step)
        yield match, entry


def setup_entry(
    game_id: str, players: int, options: Mapping[str, Any], seed: int, created_at: float, *, commitment: str | None
) -> tuple[engine.Match, dict[str, Any]]:
    """The match at version 0 and its log entry, as a record's first step (``created_at``) set it up."""
    match, setup = engine.new_match(game_id, players, options, seed, created_at)
    events = [e.to_json() for e in setup]
    if commitment is not None:  # the log opens with the commitment, before the setup's own events
        events = [commitment_event(commitment).to_json(), *events]
    # each entry has the keys of Table._next's, in the same order, so it dumps to the same bytes
    return match, {"version": 0, "seat": None, "action": None, "at": created_at, "events": events}


def step_match(match: engine.Match, step: Sequence[Any]) -> engine.Match:
    """The match after record step ``step`` is taken from ``match``, without the log entry :func:`step_entry`
    also builds (the steps a replay passes through on its way to the version it shows)."""
    if len(step) == 3:  # an arena step: the engine's match stays as it was
        return match
    seat, at, action, _ = step
    return engine.apply_action(match, seat, action, at)[0]


def step_entry(match: engine.Match, version: int, step: Sequence[Any]) -> tuple[engine.Match, dict[str, Any]]:
    """The match after record step ``step`` (which made ``version``) is taken from ``match``, and its log entry."""
    if len(step) == 3:  # an arena step: the engine's match stays as it was
        seat, at, events = step
        return match, {"version": version, "seat": seat, "action": None, "at": at, "events": events}
    seat, at, action, before = step
    parsed = engine.parse_action(match.game.actions_by_type, action)  # once, not in each call below
    label = engine.label(match, parsed)
    secret = engine.action_secret(match, seat, parsed)
    match, produced = engine.apply_action(match, seat, parsed, at)
    entry = {
        "version": version,
        "seat": seat,
        "action": action,
        "at": at,
        "events": [*before, *(event.to_json() for event in produced)],
        "label": label,
        "secret": None if secret is None else secret.to_json(),
    }
    return match, entry
