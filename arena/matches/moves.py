"""A move as a client sends it: the action its body describes, read before its match is, and which of a
move's refusals count against a seat's limit of illegal actions."""

from __future__ import annotations

from typing import Any

import engine

#: The range of a JSON Schema integer as the spec declares it (64 bits).
INT64_MIN, INT64_MAX = -(2**63), 2**63 - 1

#: Every game's action classes by type: a move's body is read as one of them before its match is.
ACTION_TYPES: dict[str, type[engine.Action]] = {cls.TYPE: cls for g in engine.all_games() for cls in g.action_types}

#: The refusals that count towards a tournament match's ``max_illegal``: every action the seat sends on
#: its turn that the game refuses, whether it breaks a rule or is no action of the game at all (an
#: unknown type, a missing or extra field, a value of the wrong type or out of range).
ILLEGAL_CODES = ("action/illegal", "action/malformed", "request/invalid")


def read_action(body: Any) -> engine.Action:
    """The action a move's body describes, of any game (``422 action/malformed`` if it is none; ``None``:
    no body).

    The match's own game is checked when the action is applied: another game's type is refused then,
    with that game's types in ``details.allowed``.
    """
    return engine.parse_action(ACTION_TYPES, _json_schema_integers(body))


def _json_schema_integers(value: Any) -> Any:
    """``value`` with each integral float as an integer (``3.0`` as ``3``), as JSON Schema and the
    spec's schemas count them, within 64 bits; the engine's own parsing takes only integers."""
    if isinstance(value, float):
        whole = value.is_integer() and INT64_MIN <= value <= INT64_MAX
        return int(value) if whole else value
    if isinstance(value, dict):
        return {key: _json_schema_integers(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_json_schema_integers(item) for item in value]
    return value
