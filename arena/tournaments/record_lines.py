"""A tournament's match records as JSON lines (``GET /tournaments/{id}/records``, the runner's
``records.jsonl``): one line per recorded match, pure.

A line is the match's record (``arena/records/codec.py``) whose ``tournament`` says, beside the
tournament's id and the match's place in its schedule, what the tournament made of the match::

    "tournament": {"tournament_id", "index", "entrants": [entrant by seat], "forfeits": [cause or null
                   by seat], "points": [points by seat]}

so every line is still a record that ``arena replay`` and ``arena verify`` replay, and they check
the tournament's part against the replay too (:func:`arena.records.verify.check_tournament`): each
forfeit matches how its seat ended, and each seat's points follow from the replayed result. The use
case that streams the lines (``api/usecases/tournaments/views.py``) adds each line's ``text``: the
match as text a player reads (``arena/records/text``), which the replay ignores.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import orjson

from arena.tournaments.standings import Outcome


def record_line(record: Mapping[str, Any], tournament_id: str, outcome: Outcome) -> dict[str, Any]:
    """The line of a recorded match: its ``record`` with tournament ``tournament_id``'s ``outcome`` of it."""
    seats = range(len(outcome.entrants))
    tournament = {
        "tournament_id": tournament_id,
        "index": outcome.index,
        "entrants": list(outcome.entrants),
        "forfeits": list(outcome.forfeits),
        "points": [outcome.seat_points(seat) for seat in seats],
    }
    return {**record, "tournament": tournament}  # the key keeps its place in the record


def line_bytes(line: Mapping[str, Any]) -> bytes:
    """A line as sent: compact JSON and a newline."""
    return orjson.dumps(line, option=orjson.OPT_APPEND_NEWLINE)
