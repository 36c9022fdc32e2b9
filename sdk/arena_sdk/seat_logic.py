"""The pure pieces ``Seat`` and ``AsyncSeat`` share: tokens, turns, and what a view says about the seat."""

from __future__ import annotations

import dataclasses
import inspect
import re
from collections.abc import Awaitable, Callable
from typing import Any, Literal, TypeAlias

from arena_client.models import MoveResult, Result, SeatView

from arena_sdk.actions import Action, ActionLike, action_model
from arena_sdk.errors import (
    NO_ANSWER,
    ActionTooLateError,
    InvalidTokenError,
    MatchOverError,
    NotYourTurnError,
    SeatOutError,
    StaleVersionError,
)
from arena_sdk.events import AnyEvent, event_from_dict
from arena_sdk.stream_state import StreamEvent

#: The most legal actions a ``turn`` event carries (the server's bound on ``legal_limit``).
MAX_LEGAL_LIMIT = 1000
#: How many legal actions a turn offers by default, everywhere: ``Seat.turns(legal_limit=)``,
#: ``Seat.stream(legal_limit=)``, ``Seat.play(max_actions=)``, the server's own ``legal_limit`` and
#: the offline environments' ``sample_size``. A turn with more offers a uniform sample of this many.
DEFAULT_LEGAL_LIMIT = 100
#: How long a seat's loop (``turns``, ``play``) rides out an outage by default, in seconds: its stream
#: resumes, and its turns' actions are resent, for this long (or the arena's ``retry_for``, if longer).
DEFAULT_LOOP_TIMEOUT = 300.0
#: How long connecting to the server may take (seconds) before a request fails, by default.
CONNECT_TIMEOUT = 5.0

#: How a seat's turns travel: the seat stream (server-sent events) and a request per move, or one
#: WebSocket carrying both (``GET /matches/{id}/seat-socket``).
Transport = Literal["sse", "ws"]

#: The refusals that mean a turn was overtaken: the match moved on before the action arrived.
OVERTAKEN = (StaleVersionError, NotYourTurnError, MatchOverError, ActionTooLateError, SeatOutError)

#: Said with an ``IllegalActionError`` raised by ``play``.
RESUMABLE = "Seat.play may be called again: it resumes at the seat's pending turn"

#: What a sync policy returns: the action (a model or a dict).
Decision: TypeAlias = ActionLike
#: What an asyncio policy returns: the action, or an awaitable of it (a coroutine function's).
AsyncDecision: TypeAlias = ActionLike | Awaitable[ActionLike]


def decided(choice: Decision) -> ActionLike:
    """A sync policy's action, as it is."""
    return choice


async def adecided(choice: AsyncDecision) -> ActionLike:
    """An asyncio policy's action, awaited if it is an awaitable."""
    if inspect.isawaitable(choice):
        return await choice
    return choice


#: A seat token: ``<match id>.<seat>.<secret>`` (a host token has ``host`` for the seat).
SEAT_TOKEN = re.compile(r"([A-Za-z0-9_-]+)\.([0-9]+)\.([A-Za-z0-9_-]+)")


def seat_of_token(match_id: str, token: str) -> int:
    """The seat ``token`` plays in ``match_id``; ``InvalidTokenError`` (before any request) if it cannot be one."""
    shape = SEAT_TOKEN.fullmatch(token) if isinstance(token, str) else None
    if shape is None:
        hint = "a host token plays no seat; " if isinstance(token, str) and ".host." in token else ""
        raise InvalidTokenError(
            NO_ANSWER,
            "auth/invalid_token",
            f"{hint}a seat token looks like '<match id>.<seat>.<secret>' (CreatedMatch.seats[i].token)",
            {},
        )
    if shape[1] != match_id:
        raise InvalidTokenError(
            NO_ANSWER, "auth/invalid_token", f"the token is for match {shape[1]!r}, not {match_id!r}", {}
        )
    return int(shape[2])


def seat_state(seen: SeatView, seat: int) -> str:
    """``playing``, ``resigned`` or ``timed_out``: whether ``seat`` is still in the match."""
    return next((s.state.value for s in seen.seats if s.seat == seat), "playing")


def turn_outcome(seen: SeatView, seat: int) -> bool | None:
    """``True``: ``seat`` may act now; ``False``: it never will again (over, or left); ``None``: not yet."""
    if seen.status.value in ("finished", "aborted") or seat_state(seen, seat) != "playing":
        return False
    if seen.status.value == "active" and seat in seen.to_act:
        return True
    return None


def view_of_move(result: MoveResult) -> SeatView:
    """The seat view an action's answer carries (the answer less its events)."""
    body = result.to_dict()
    body.pop("events", None)
    return SeatView.from_dict(body)


def turn_view(turn: StreamEvent) -> SeatView:
    """The seat view a ``turn`` event carries."""
    return SeatView.from_dict(turn.data["view"])


def turn_actions(turn: StreamEvent) -> tuple[list[Action], int]:
    """A ``turn`` event's legal actions as action models, and how many legal actions there are in all."""
    legal: dict[str, Any] = turn.data["legal_actions"]
    return [action_model(action) for action in legal["actions"]], int(legal["total"])


def needs_more_actions(carried: int, total: int, max_actions: int) -> bool:
    """Whether a turn that carried ``carried`` of ``total`` actions should fetch up to ``max_actions``."""
    return carried < min(total, max_actions)


@dataclasses.dataclass(frozen=True)
class TurnData:
    """What one turn of a seat carries: see :class:`arena_sdk.turns.Turn`, which adds the means to act."""

    version: int
    view: SeatView
    actions: list[Action]
    total: int
    events: list[AnyEvent]
    deadline: float | None


@dataclasses.dataclass(frozen=True)
class Ending:
    """How a seat's loop ended: the match's end as ``match_over`` said it, and what the seat saw after its last turn.

    ``status`` is ``finished`` or ``aborted``; ``result`` is ``None`` for an aborted match; ``events``
    are the events since the seat's last turn (the move that ended the match among them).
    """

    version: int
    status: str
    result: Result | None
    events: list[AnyEvent]


class TurnCollector:
    """Reads a seat stream: gathers the events between the seat's turns and hands out each turn once (pure).

    A turn at or below the version the seat last acted at is skipped (a resumed stream sends the
    pending turn again); a turn it did not act on is handed out again when the stream sends it again.
    """

    def __init__(self) -> None:
        self.events: list[AnyEvent] = []
        #: The match's end, once the stream ended with ``match_over``.
        self.ending: Ending | None = None

    @property
    def final_version(self) -> int | None:
        """The version of the ``match_over`` event, once the stream ended with it."""
        return None if self.ending is None else self.ending.version

    def take(self, event: StreamEvent, acted_at: int) -> TurnData | None:
        """The turn ``event`` starts, if it does; an ``event`` is kept for the next turn."""
        if event.type == "event":
            self.events.append(event_from_dict(event.data))
        elif event.type == "match_over":
            result = event.data.get("result")
            self.ending = Ending(
                event.version,
                str(event.data.get("status")),
                None if result is None else Result.from_dict(result),
                self.events,
            )
            self.events = []
        elif event.type == "turn" and event.version > acted_at:
            actions, total = turn_actions(event)
            events, self.events = self.events, []
            deadline = event.data.get("deadline")
            return TurnData(event.version, turn_view(event), actions, total, events, deadline)
        return None


def takes_turn(choose: Callable[..., Any]) -> bool:
    """Whether ``choose`` takes one argument (a ``Turn``) rather than two (the view and the actions)."""
    try:
        parameters = inspect.signature(choose).parameters.values()
    except (TypeError, ValueError):  # a callable without a signature: the older two-argument form
        return False
    positional = [p for p in parameters if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    if any(p.kind == p.VAR_POSITIONAL for p in parameters):
        return False
    return len([p for p in positional if p.default is p.empty]) == 1
