"""Typed events: per game, each kind a literal type and its data a typed dict (``sdk/events.json``).

``turn.events`` holds :data:`AnyEvent` values: ``if event.kind == "card_flipped": event.data["position"]``
narrows to Pipifax's flip (a misspelt kind fails ``mypy --strict``). A kind several games share
(``round_started``) narrows by game first: ``taiga.events(turn.events)`` (:mod:`arena_sdk.games`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, cast

from arena_sdk.errors import NO_ANSWER, WrongGameError
from arena_sdk.events.base import GameEvent
from arena_sdk.events.catalogue import (
    KINDS,
    AnyEvent,
    ArenaEvent,
    GirafferaffeEvent,
    PiliPiliEvent,
    PipifaxEvent,
    TaigaEvent,
)

__all__ = [
    "KINDS",
    "AnyEvent",
    "ArenaEvent",
    "GameEvent",
    "GirafferaffeEvent",
    "PiliPiliEvent",
    "PipifaxEvent",
    "TaigaEvent",
    "event_from_dict",
    "events_of",
]


def event_from_dict(data: Mapping[str, Any]) -> AnyEvent:
    """An event as the API's JSON carries it (``{"kind", "data", "version", "visible_to"}``), typed by its kind."""
    visible = data.get("visible_to")
    event = GameEvent(
        str(data["kind"]), dict(data["data"]), int(data["version"]), None if visible is None else list(visible)
    )
    return cast(AnyEvent, event)


def events_of(events: Iterable[AnyEvent], game: str) -> list[AnyEvent]:
    """``events``, checked to be ``game``'s: ``WrongGameError`` for a kind that game's log never has."""
    allowed = KINDS[game] | KINDS["arena"]
    narrowed: list[AnyEvent] = []
    for event in events:
        if event.kind not in allowed:
            raise WrongGameError(
                NO_ANSWER,
                "client/wrong_game",
                f"{event.kind!r} is not an event of {game}",
                {"kind": event.kind, "expected": game},
            )
        narrowed.append(event)
    return narrowed
