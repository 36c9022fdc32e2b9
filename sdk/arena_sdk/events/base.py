"""One event of a match's log, typed by its kind: ``GameEvent[Literal["card_flipped"], PipifaxCardFlipped]``."""

from __future__ import annotations

import dataclasses
from typing import Any, Generic, TypeVar

K = TypeVar("K", bound=str)
D = TypeVar("D")


@dataclasses.dataclass(frozen=True)
class GameEvent(Generic[K, D]):
    """An event: its ``kind`` (a literal type per kind), its ``data`` (a typed dict), the ``version`` it
    belongs to and the seats that see it (``visible_to``; ``None``: everyone)."""

    kind: K
    data: D
    version: int
    visible_to: list[int] | None

    def to_dict(self) -> dict[str, Any]:
        """The event as the API's JSON carries it."""
        return {"data": self.data, "kind": self.kind, "version": self.version, "visible_to": self.visible_to}
