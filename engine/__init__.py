"""Tabletop Arena's rules engine: pure, replayable game rules with hidden information.

No I/O, no clock, no global randomness: a match is reproducible from its game, options, seed and
the list of actions taken.
"""

from engine.actions import Action, action_field, parse_action
from engine.digest import state_digest, timeless_state
from engine.errors import (
    EngineError,
    IllegalAction,
    InvalidOptions,
    InvalidSeat,
    MalformedAction,
    MatchOver,
    NotYourTurn,
    UnknownGame,
)
from engine.game import Context, Event, Game, GameInfo, OptionSpec, Path, Result, Secret
from engine.match import (
    Match,
    RecordedAction,
    action_secret,
    action_seen_by,
    apply_action,
    count_legal_actions,
    label,
    legal_actions,
    new_match,
    nth_legal_action,
    offered_actions,
    replay,
    resolve_options,
    sample_key,
    sample_legal_actions,
    validate_action,
    view,
)
from engine.registry import all_games, get_game, register

__all__ = [
    "Action",
    "Context",
    "EngineError",
    "Event",
    "Game",
    "GameInfo",
    "IllegalAction",
    "InvalidOptions",
    "InvalidSeat",
    "MalformedAction",
    "Match",
    "MatchOver",
    "NotYourTurn",
    "OptionSpec",
    "Path",
    "RecordedAction",
    "Result",
    "Secret",
    "UnknownGame",
    "action_field",
    "action_secret",
    "action_seen_by",
    "all_games",
    "apply_action",
    "count_legal_actions",
    "get_game",
    "label",
    "legal_actions",
    "new_match",
    "nth_legal_action",
    "offered_actions",
    "parse_action",
    "register",
    "replay",
    "resolve_options",
    "sample_key",
    "sample_legal_actions",
    "state_digest",
    "timeless_state",
    "validate_action",
    "view",
]
