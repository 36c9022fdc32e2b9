"""One error hierarchy for the engine, each error with a stable machine-readable code.

The API maps each code to an HTTP status once; clients switch on ``code``, never on the message.
"""

from __future__ import annotations

from typing import Any, ClassVar


class EngineError(Exception):
    """Base of every error the engine raises on purpose; each subclass sets its ``code`` (listed, with its
    HTTP status, in the API's ``arena/error_codes.py``)."""

    code: ClassVar[str]

    def __init__(self, message: str, **details: Any) -> None:
        super().__init__(message)
        self.message = message
        self.details: dict[str, Any] = details


class UnknownGame(EngineError):
    """No game is registered under the requested id."""

    code = "game/unknown"


class InvalidOptions(EngineError):
    """The player count or a match option is outside what the game allows."""

    code = "match/invalid_options"


class InvalidSeat(EngineError):
    """The seat number does not exist in this match."""

    code = "action/invalid_seat"


class NotYourTurn(EngineError):
    """The seat exists but may not act now."""

    code = "action/not_your_turn"


class MalformedAction(EngineError):
    """The action is not a well-formed action of this game (unknown type, missing or mistyped field)."""

    code = "action/malformed"


class IllegalAction(EngineError):
    """A well-formed action that the rules forbid now; ``rule`` names the rule it breaks."""

    code = "action/illegal"

    def __init__(self, rule: str, message: str, **details: Any) -> None:
        super().__init__(f"{rule}: {message}", rule=rule, **details)
        self.rule = rule


class MatchOver(EngineError):
    """The match has ended; no further action is accepted."""

    code = "match/over"


class UnknownBot(EngineError):
    """No server bot is offered under the requested id; ``allowed`` lists the ids there are."""

    code = "bot/unknown"
