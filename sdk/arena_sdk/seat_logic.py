"""The pure pieces ``Seat`` and ``AsyncSeat`` share: tokens, turns, and what a view says about the seat."""

from __future__ import annotations

import re
from typing import Any

from arena_client.models import MoveResult, SeatView

from arena_sdk.actions import Action, action_model
from arena_sdk.errors import NO_ANSWER, InvalidTokenError
from arena_sdk.streams import StreamEvent

#: The most legal actions a ``turn`` event carries (the server's bound on ``legal_limit``).
MAX_LEGAL_LIMIT = 1000

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
