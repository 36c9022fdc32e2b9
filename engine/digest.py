"""A match's state as one digest that depends on what was played, never on when (pure).

The digest is the hex SHA-256 of the state as JSON with sorted keys (orjson), less the game's
``clock_fields``: the times a caller passed as ``now`` (Pili Pili's deal time, which its timed views
read). So a match played on a server (wall-clock times) and the same match played offline (the
environments' virtual clock) have the same digest, and a record's replay reproduces it whatever the
recorded times. For a game without clock fields it is the digest of the whole state.
"""

from __future__ import annotations

import hashlib
from typing import Any

import orjson

from engine.match import Match


def timeless_state(match: Match) -> Any:
    """The match's state without the game's clock fields (the state itself when it has none)."""
    fields = match.game.clock_fields
    if not fields or not isinstance(match.state, dict):
        return match.state
    return {key: value for key, value in match.state.items() if key not in fields}


def state_digest(match: Match) -> str:
    """The hex SHA-256 of the match's state, clock fields left out (see the module's docstring)."""
    return hashlib.sha256(orjson.dumps(timeless_state(match), option=orjson.OPT_SORT_KEYS)).hexdigest()
