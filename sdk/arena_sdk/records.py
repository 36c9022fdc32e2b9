"""Match records: read them, and check what can be checked without the game engine.

A record (``Arena.record(match_id)``, or a file saved from ``GET /matches/{id}/record``) holds a
finished match whole: game, options, seats, seed and salt, the commitment published at creation,
every version's action and time, and the result. :func:`verify` checks, in pure Python:

- the commitment: the hex SHA-256 of ``"<seed>:<salt>"`` is the record's ``seed_commitment`` (and
  the one you saw when the match started, if you pass it), so the seed was fixed before anyone moved;
- the record's own consistency: its shape, one seat per player, every step well formed and by a
  seat that exists, seats that left leaving by a step that says so, an aborted match ending with
  its abort and no result, a finished one with a result that ranks every seat; an adjudicated
  match ending with its adjudication, once it had reached ``adjudicate_after`` versions, with the
  result its ``ended`` event gives.

Replaying the match (every deal, roll and legal move, and that the result follows from them) needs
the engine, which lives with the server: ``arena verify FILE`` (or ``arena verify <match id>``)
does both. docs/fairness.md says what each proves.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import math
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

#: The record layout this module reads.
RECORD_FORMAT = 2
#: A salt or a SHA-256 digest, as records hold them.
HEX_DIGEST = re.compile(r"[0-9a-f]{64}")
#: The arena steps (``[seat, at, events]``), by the kind of their first event.
ARENA_STEPS = ("joined", "resigned", "timeout", "aborted", "clocks_extended", "adjudicated")
#: The arena's steps that are no seat's: a join, the abort, the clocks extended after an outage of the arena,
#: the adjudication.
SEATLESS_STEPS = ("joined", "aborted", "clocks_extended", "adjudicated")
SEAT_KINDS = ("player", "bot", "open")
SEAT_STATES = ("playing", "resigned", "timed_out", "disqualified")


class RecordError(ValueError):
    """A record that does not check out; the message names the first problem (and ``version``, where)."""

    def __init__(self, problem: str, version: int | None = None) -> None:
        super().__init__(problem if version is None else f"version {version}: {problem}")
        self.problem = problem
        self.version = version


@dataclasses.dataclass(frozen=True)
class CheckedRecord:
    """What a record that checks out says: the match, its last version and how it ended."""

    match_id: str
    game: str
    last_version: int
    status: str
    result: dict[str, Any] | None
    seed: int


def seed_commitment(seed: int, salt: str) -> str:
    """The commitment to ``seed`` with ``salt``: the hex SHA-256 of ``"<seed>:<salt>"``."""
    return hashlib.sha256(f"{seed}:{salt}".encode()).hexdigest()


def _require(condition: bool, problem: str, version: int | None = None) -> None:
    if not condition:
        raise RecordError(problem, version)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_time(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def verify(record: Mapping[str, Any], commitment: str | None = None) -> CheckedRecord:
    """Check ``record``'s commitment (and ``commitment``, the one seen at the start, if given) and its
    consistency; :class:`RecordError` names the first problem. The replay itself is ``arena verify``'s."""
    _require(isinstance(record, Mapping), "a record is a JSON object")
    _require(record.get("format") == RECORD_FORMAT, f"a record of format {record.get('format')!r}, not {RECORD_FORMAT}")
    keys = ["match_id", "game", "players", "options", "seats", "seed", "salt", "seed_commitment", "status"]
    keys += ["result", "state_digest"]
    missing = [key for key in (*keys, "steps") if key not in record]
    _require(not missing, f"the record has no {', '.join(missing)}")
    _check_commitment(record, commitment)
    digest = record["state_digest"]
    _require(isinstance(digest, str) and HEX_DIGEST.fullmatch(digest) is not None, "state_digest is a digest")
    players, seats, steps = record["players"], record["seats"], record["steps"]
    _require(isinstance(record["match_id"], str) and isinstance(record["game"], str), "match_id and game are strings")
    _require(_is_int(players) and players >= 1, "players is a positive integer")
    _require(isinstance(record["options"], Mapping), "options is an object")
    _require(isinstance(seats, list) and len(seats) == players, "seats lists one seat per player")
    for number, seat in enumerate(seats):
        _require(isinstance(seat, Mapping), f"seat {number} is an object")
        _require(seat.get("kind") in SEAT_KINDS, f"seat {number}'s kind is one of {list(SEAT_KINDS)}")
        _require(seat.get("state") in SEAT_STATES, f"seat {number}'s state is one of {list(SEAT_STATES)}")
        _require((seat.get("bot") is not None) == (seat["kind"] == "bot"), f"seat {number} names a bot iff it is one")
    _require(isinstance(steps, list) and len(steps) >= 1 and _is_time(steps[0]), "steps starts with the creation time")
    left = _check_steps(steps, players)
    _check_end(record, left)
    _check_adjudication(record)
    return CheckedRecord(
        record["match_id"], record["game"], len(steps) - 1, record["status"], record["result"], record["seed"]
    )


def _check_commitment(record: Mapping[str, Any], commitment: str | None) -> None:
    seed, salt, published = record["seed"], record["salt"], record["seed_commitment"]
    _require(_is_int(seed) and 0 <= seed < 2**63, "seed is an integer from 0 to 2**63 - 1")
    _require(isinstance(salt, str) and HEX_DIGEST.fullmatch(salt) is not None, "salt is 64 hex digits")
    _require(isinstance(published, str) and HEX_DIGEST.fullmatch(published) is not None, "seed_commitment is a digest")
    opened = seed_commitment(seed, salt)
    _require(opened == published, f"seed and salt give the commitment {opened}, not the record's {published}")
    _require(commitment is None or commitment == published, f"the record's commitment is not {commitment}")


def _check_steps(steps: Sequence[Any], players: int) -> dict[int, str]:
    """Each step's shape; the seats that left, by how (their last step's reason)."""
    left: dict[int, str] = {}
    for version, step in enumerate(steps[1:], start=1):
        _require(
            isinstance(step, list) and len(step) in (3, 4),
            "a step is [seat, at, action, events] or [seat, at, events]",
            version,
        )
        seat, at = step[0], step[1]
        arena = len(step) == 3 and isinstance(step[2], list) and len(step[2]) > 0
        if seat is not None or not (arena and _kind(step[2][0]) in SEATLESS_STEPS):  # no seat's steps
            _require(_is_int(seat) and 0 <= seat < players, f"seat {seat!r} does not exist", version)
        _require(_is_time(at), "the time is a number of seconds", version)
        events = step[-1]
        _require(isinstance(events, list), "a step's events are a list", version)
        _require(
            all(isinstance(e, Mapping) and isinstance(e.get("kind"), str) for e in events), "events have kinds", version
        )
        if len(step) == 4:
            action = step[2]
            _require(
                isinstance(action, Mapping) and isinstance(action.get("type"), str), "an action has a type", version
            )
            continue
        _require(
            len(events) > 0 and events[0]["kind"] in ARENA_STEPS,
            f"an arena step is one of {list(ARENA_STEPS)}",
            version,
        )
        kind, data = events[0]["kind"], events[0].get("data")
        data = data if isinstance(data, Mapping) else {}
        if kind == "resigned":
            left[seat] = str(data.get("reason"))
        elif kind == "timeout":
            _require(data.get("on_timeout") == "forfeit", "a timeout without a move is a forfeit", version)
            left[seat] = "timed_out"
        elif kind == "aborted":
            _require(version == len(steps) - 1, "nothing follows the abort", version)
    return left


def _kind(event: Any) -> Any:
    return event.get("kind") if isinstance(event, Mapping) else None


def _check_end(record: Mapping[str, Any], left: Mapping[int, str]) -> None:
    status, result, steps = record["status"], record["result"], record["steps"]
    for number, seat in enumerate(record["seats"]):
        _require(
            seat["state"] == left.get(number, "playing"),
            f"seat {number}'s state {seat['state']!r} is not what its steps say",
        )
    players = record["players"]
    if status == "aborted":
        last = steps[-1]
        aborted = len(steps) > 1 and len(last) == 3 and last[2] and last[2][0].get("kind") == "aborted"
        _require(aborted and result is None, "an aborted match ends with its abort and no result")
        return
    _require(status == "finished", f"a record is of a finished or aborted match, not {status!r}")
    _require(isinstance(result, Mapping), "a finished match has a result")
    winners, ranks, scores = result.get("winners"), result.get("ranks"), result.get("scores")
    _require(isinstance(ranks, list) and len(ranks) == players, "the result ranks every seat")
    _require(all(_is_int(rank) and 1 <= rank <= players for rank in ranks), "ranks run from 1 to players")
    _require(isinstance(winners, list) and all(_is_int(w) and 0 <= w < players for w in winners), "winners are seats")
    _require(all(ranks[w] == 1 for w in winners), "every winner ranks first")
    if winners:  # (everyone left at once: nobody won, and every seat shares the first rank)
        _require(all(ranks[seat] > 1 for seat in left), "a seat that left ranks below every seat still playing")
    _require(scores is None or (isinstance(scores, list) and len(scores) == players), "scores are one per seat")


def _check_adjudication(record: Mapping[str, Any]) -> None:
    """An adjudication is the last step, taken once the match had ``adjudicate_after`` versions, and its
    ``ended`` event gives the record's result; no action of a match that may be adjudicated comes after
    its ``adjudicate_after`` versions."""
    after, steps = record.get("adjudicate_after"), record["steps"]
    _require(after is None or (_is_int(after) and after >= 1), "adjudicate_after is null or a positive integer")
    adjudicated = [
        version
        for version, step in enumerate(steps[1:], start=1)
        if len(step) == 3 and step[2] and _kind(step[2][0]) == "adjudicated"
    ]
    if after is not None:
        late = [version for version, step in enumerate(steps[1:], start=1) if len(step) == 4 and version > after]
        _require(not late, f"an action after adjudicate_after ({after}) versions", late[0] if late else None)
    if not adjudicated:
        return
    version = adjudicated[0]
    _require(after is not None and version > after, "an adjudication comes after adjudicate_after versions", version)
    _require(version == len(steps) - 1, "nothing follows the adjudication", version)
    ended = [e for e in steps[version][2] if _kind(e) == "ended"]
    data = ended[0].get("data") if ended else None
    _require(
        isinstance(data, Mapping) and data.get("reason") == "adjudicated", "an adjudication ends the match", version
    )
    assert isinstance(data, Mapping)
    result = {key: data.get(key) for key in ("winners", "scores", "ranks")}
    _require(record["result"] == result, "the result is the adjudication's", version)


def parse_records(text: str) -> list[dict[str, Any]]:
    """The records in ``text``: one JSON object, or one per non-blank line (JSON lines)."""
    try:
        whole = json.loads(text)
    except ValueError:
        whole = None
    if isinstance(whole, dict):
        return [whole]
    records = [json.loads(line) for line in text.splitlines() if line.strip()]
    if not records or not all(isinstance(record, dict) for record in records):
        raise RecordError("not a record file: one JSON record, or one per line")
    return records


def read_records(path: str | Path) -> list[dict[str, Any]]:
    """The records in the file at ``path`` (one JSON record, or JSON lines of them)."""
    return parse_records(Path(path).read_text(encoding="utf-8"))
