"""A finished match's record: what was played, from which every log entry is replayed.

A finished match's log (one JSON entry per version, with every event) is what it costs most to
keep. When the match ends, its writer keeps a record of what cannot be derived: the game, players,
options, seats, seed and salt, the result, and per version who acted, what and when (an arena step,
such as a join or a resignation, keeps its events, which are few and small), compressed with zlib.
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

``steps[v]`` made version ``v``: an action step (a player's, a bot's or a stand-in's), or an arena
step (``action`` null in the log: a join, a resignation, a forfeit on time, the abort; a join's and
the abort's seat is null). ``state_digest`` is the SHA-256 of the final engine state
(:func:`state_digest`), which a replay must reproduce. ``format`` 1
was the same without the header's match, seats, salt and result (stored in the match's hash only);
a reader refuses any format it does not know. New keys that a reader may ignore (replay checkpoints)
keep the format; a change to a key's meaning takes a new one.
"""

from __future__ import annotations

import functools
import hashlib
import zlib
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import orjson

import engine
from api.commitment import commitment_event

if TYPE_CHECKING:
    from api.matches.table import Table

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
    derived = derive_log(encoded)
    if len(derived) != len(entries) or any(a != b for a, b in zip(derived, entries, strict=True)):
        first = next((v for v, (a, b) in enumerate(zip(derived, entries, strict=False)) if a != b), len(derived))
        raise RecordMismatch(f"replaying the record differs from the log at version {first}")
    return encoded


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
        "seats": [{"name": s.name, "kind": s.kind, "bot": s.bot, "state": s.state} for s in table.seats],
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
    }


def state_digest(match: engine.Match) -> str:
    """The hex SHA-256 of the match's engine state as JSON with sorted keys: the replay of a record must
    end in it, so a record edited to another legal move that ends the same way still fails."""
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
    record = decode_record(encoded)
    steps = record["steps"]
    match, setup = _setup(record)
    commitment = record.get("seed_commitment")
    if commitment is not None:  # the log opens with the commitment, before the setup's own events
        setup = [commitment_event(commitment), *setup]
    # each entry has the keys of Table._next's, in the same order, so it dumps to the same bytes
    entries = [{"version": 0, "seat": None, "action": None, "at": steps[0], "events": [e.to_json() for e in setup]}]
    for version, step in enumerate(steps[1:], start=1):
        if len(step) == 3:
            seat, at, events = step
            entries.append({"version": version, "seat": seat, "action": None, "at": at, "events": events})
            continue
        seat, at, action, before = step
        parsed = engine.parse_action(match.game.actions_by_type, action)  # once, not in each call below
        label = engine.label(match, parsed)
        secret = engine.action_secret(match, seat, parsed)
        match, produced = engine.apply_action(match, seat, parsed, at)
        entries.append(
            {
                "version": version,
                "seat": seat,
                "action": action,
                "at": at,
                "events": [*before, *(event.to_json() for event in produced)],
                "label": label,
                "secret": None if secret is None else secret.to_json(),
            }
        )
    return tuple(orjson.dumps(entry) for entry in entries)


def _setup(record: dict[str, Any]) -> tuple[engine.Match, list[engine.Event]]:
    """The match at version 0 and its setup events, as the record's first step set it up."""
    return engine.new_match(record["game"], record["players"], record["options"], record["seed"], record["steps"][0])
