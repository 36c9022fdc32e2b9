"""Clock arithmetic for time controls: when each seat must have acted. Pure: ``now`` is passed in."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Collection, Sequence
from typing import Any, Literal

OnTimeout = Literal["forfeit", "bot"]

#: The shortest and longest time a seat may be given for one decision, in seconds.
PER_ACTION_MIN = 0.1
PER_ACTION_MAX = 86_400.0


@dataclasses.dataclass(frozen=True)
class TimeControl:
    """``per_action`` seconds for every decision; what happens to a seat that lets them pass."""

    per_action: float
    on_timeout: OnTimeout = "forfeit"

    def to_json(self) -> dict[str, Any]:
        return {"per_action": self.per_action, "on_timeout": self.on_timeout}

    @classmethod
    def from_json(cls, data: dict[str, Any] | None) -> TimeControl | None:
        return None if data is None else cls(float(data["per_action"]), data.get("on_timeout", "forfeit"))


Deadlines = tuple[float | None, ...]


def next_deadlines(
    previous: Deadlines,
    to_act_before: Collection[int],
    to_act_after: Collection[int],
    *,
    actor: int | None,
    now: float,
    control: TimeControl | None,
    server_plays: Callable[[int], bool],
) -> Deadlines:
    """Each seat's deadline after a transition that moved the match from one ``to_act`` to the next.

    A seat gets ``per_action`` seconds from the moment it must decide: when it newly has to act, or
    again right after its own action. A seat that was already waiting on a decision and did not act
    (another seat of a simultaneous phase did) keeps its deadline. Seats the server plays (bots, and
    seats out of the match) and seats that need not act have none.
    """
    if control is None:
        return tuple(None for _ in previous)
    deadlines: list[float | None] = []
    for seat, before in enumerate(previous):
        if seat not in to_act_after or server_plays(seat):
            deadlines.append(None)
        elif seat in to_act_before and seat != actor and before is not None:
            deadlines.append(before)
        else:
            deadlines.append(now + control.per_action)
    return tuple(deadlines)


def earliest(deadlines: Sequence[float | None]) -> tuple[int, float] | None:
    """The seat whose deadline comes first, with that deadline; ``None`` when no seat has one."""
    timed = [(deadline, seat) for seat, deadline in enumerate(deadlines) if deadline is not None]
    if not timed:
        return None
    deadline, seat = min(timed)
    return seat, deadline
