"""Request bodies and answers as both faces of the SDK build and read them (pure: no I/O)."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from arena_client.models import (
    CreateMatch,
    CreateMatchOptions,
    GameId,
    MatchWebhookRequest,
    SeatRequest,
    TimeControlRequest,
)
from arena_client.types import UNSET, Response

from arena_sdk.errors import NO_ANSWER, NotFoundError


def game_id(game: str) -> GameId:
    """``game`` as the spec's ``GameId`` (``NotFoundError`` ``game/unknown`` for a game the spec does not list)."""
    try:
        return GameId(game)
    except ValueError:
        allowed = sorted(member.value for member in GameId)
        raise NotFoundError(
            NO_ANSWER, "game/unknown", f"no game {game!r}; the games are {', '.join(allowed)}", {"allowed": allowed}
        ) from None


def raw_json(response: Response[Any]) -> dict[str, Any]:
    """The JSON object of an answer as the server sent it (a model drops the keys it does not know)."""
    body: dict[str, Any] = json.loads(response.content)
    return body


def create_body(
    game: str,
    players: int,
    *,
    options: Mapping[str, Any] | None,
    seed: int | None,
    seats: Sequence[Mapping[str, Any]] | None,
    time_control: Mapping[str, Any] | None,
    webhook: Mapping[str, Any] | None = None,
    pace_ms: int | None = None,
    adjudicate_after: int | None = None,
) -> CreateMatch:
    """The body of ``POST /matches``."""
    return CreateMatch(
        game=game_id(game),
        players=players,
        options=CreateMatchOptions.from_dict(options or {}),
        seed=seed,
        seats=UNSET if seats is None else [SeatRequest.from_dict(seat) for seat in seats],
        time_control=UNSET if time_control is None else TimeControlRequest.from_dict(time_control),
        webhook=UNSET if webhook is None else MatchWebhookRequest.from_dict(webhook),
        pace_ms=UNSET if pace_ms is None else pace_ms,
        adjudicate_after=UNSET if adjudicate_after is None else adjudicate_after,
    )
