"""What a stream of a match sends, whatever carries it: the items of each version a reader sees, and their ids.

Every item carries the version that produced it in its id. The last item of a version has the plain
version as its id (``12``); an earlier item of the same version adds its place (``12.0``), so a
client that resumes from any id it received (``Last-Event-ID``) misses and repeats nothing.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

EVENT_ID = re.compile(r"([0-9]{1,18})(?:\.([0-9]{1,6}))?")


@dataclasses.dataclass(frozen=True)
class Position:
    """Where a reader is: every item up to item ``index`` of ``version`` (``None``: all of it)."""

    version: int
    index: int | None = None

    @property
    def event_id(self) -> str | None:
        """The id of the last item up to this position, which a client resumes after (``None``: before any)."""
        if self.version < 0:
            return None
        return str(self.version) if self.index is None else f"{self.version}.{self.index}"

    @classmethod
    def parse(cls, text: str) -> Position | None:
        """The position an event id names, or ``None`` if it is not one of ours."""
        shape = EVENT_ID.fullmatch(text.strip())
        if shape is None:
            return None
        return cls(int(shape[1]), None if shape[2] is None else int(shape[2]))


@dataclasses.dataclass(frozen=True)
class Item:
    """One server-sent event: its type (``event``, ``turn`` or ``match_over``) and JSON data."""

    type: str
    data: dict[str, Any]


def items_after(position: Position, version: int, items: list[Item]) -> list[tuple[str, Item]]:
    """The ``(id, item)`` pairs of ``version``'s ``items`` that come after ``position``."""
    if version < position.version or (version == position.version and position.index is None):
        return []
    first = position.index + 1 if version == position.version and position.index is not None else 0
    last = len(items) - 1
    return [(str(version) if i == last else f"{version}.{i}", items[i]) for i in range(first, len(items))]
