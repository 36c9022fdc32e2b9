"""Girafferaffe's events, made cheaply: a step makes several, and every turn's start is the same one.

Kept in a module of their own because the deal, the turns and the robot all make them.
"""

from __future__ import annotations

from typing import Any

from engine.game import Event

_new_object = object.__new__
#: The event of each seat's turn (``None``: the robot's): made once, as events are values that nothing
#: edits (a frozen dataclass of read-only data), so every turn hands out the same one.
TURN_STARTED = {seat: Event("turn_started", {"seat": seat}) for seat in (None, *range(5))}


def event(kind: str, data: dict[str, Any], visible_to: tuple[int, ...] | None = None) -> Event:
    """An :class:`Event`, made without the frozen dataclass's ``__init__`` (a step makes several)."""
    made = _new_object(Event)
    fields = made.__dict__
    fields["kind"] = kind
    fields["data"] = data
    fields["visible_to"] = visible_to
    return made
