"""Clock arithmetic for time controls: when each seat must have acted. Pure: ``now`` is passed in.

A seat's clock for a decision starts when the decision comes to it (its *start*). A seat whose
program has not yet asked for the match (read the view, the legal actions or the seat stream, or
received the match from a tournament's ``next``) is not timed from then, since nobody is there to
decide yet: its clock starts when its program first asks, or ``first_decision`` seconds after the
decision came, whichever is first. So a program launched late is not timed out before it exists,
and one that never comes still times out, ``first_decision`` seconds later. Once the program has
asked, every decision is timed from its start::

    clock starts = start + first_decision                     (never asked)
                 = min(max(start, asked), start + first_decision)   (asked at ``asked``)
    deadline     = clock starts + per_action
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Collection, Sequence
from typing import Any, Literal

OnTimeout = Literal["forfeit", "bot"]

#: The shortest and longest time a seat may be given for one decision, in seconds.
PER_ACTION_MIN = 0.1
PER_ACTION_MAX = 86_400.0
#: The allowance a seat's program has to first ask for its match when the API's caller gives none.
FIRST_DECISION_DEFAULT = 30.0


@dataclasses.dataclass(frozen=True)
class TimeControl:
    """``per_action`` seconds for every decision; what happens to a seat that lets them pass; and how
    long a decision waits for a program that has not asked for the match yet (``first_decision``).

    ``first_decision`` defaults to 0 here (a record stored before it existed timed every seat from the
    start); the API's requests default it to :data:`FIRST_DECISION_DEFAULT`.
    """

    per_action: float
    on_timeout: OnTimeout = "forfeit"
    first_decision: float = 0.0

    def to_json(self) -> dict[str, Any]:
        return {"per_action": self.per_action, "on_timeout": self.on_timeout, "first_decision": self.first_decision}

    @classmethod
    def from_json(cls, data: dict[str, Any] | None) -> TimeControl | None:
        if data is None:
            return None
        return cls(float(data["per_action"]), data.get("on_timeout", "forfeit"), float(data.get("first_decision", 0.0)))


Deadlines = tuple[float | None, ...]
#: When each seat's current decision came to it (``None``: it has none).
Starts = tuple[float | None, ...]
#: When each seat's program first asked for the match (``None``: not yet, or a seat the server plays).
Asked = tuple[float | None, ...]


def next_starts(
    previous: Starts,
    to_act_before: Collection[int],
    to_act_after: Collection[int],
    *,
    actor: int | None,
    now: float,
    server_plays: Callable[[int], bool],
) -> Starts:
    """When each seat's decision began, after a transition that moved the match from one ``to_act`` to the next.

    A seat's decision begins when it newly has to act, or again right after its own action. A seat
    that was already waiting on a decision and did not act (another seat of a simultaneous phase did)
    keeps its start. Seats the server plays (bots, and seats out of the match) and seats that need
    not act have none.
    """
    starts: list[float | None] = []
    for seat, before in enumerate(previous):
        if seat not in to_act_after or server_plays(seat):
            starts.append(None)
        elif seat in to_act_before and seat != actor and before is not None:
            starts.append(before)
        else:
            starts.append(now)
    return tuple(starts)


def deadline_of(start: float | None, asked: float | None, control: TimeControl | None) -> float | None:
    """The deadline of a decision that began at ``start`` for a seat whose program first asked at ``asked``."""
    if start is None or control is None:
        return None
    allowance_ends = start + control.first_decision
    clock_starts = allowance_ends if asked is None else min(max(start, asked), allowance_ends)
    return clock_starts + control.per_action


def deadlines_of(starts: Starts, asked: Asked, control: TimeControl | None) -> Deadlines:
    """Every seat's deadline (see :func:`deadline_of`)."""
    return tuple(
        deadline_of(start, asked[seat] if seat < len(asked) else None, control) for seat, start in enumerate(starts)
    )


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
    """Each seat's deadline after a transition, for seats whose programs have all asked already:
    ``per_action`` from the start of each decision (see :func:`next_starts`)."""
    if control is None:
        return tuple(None for _ in previous)
    starts = next_starts(
        tuple(None if d is None else d - control.per_action for d in previous),
        to_act_before,
        to_act_after,
        actor=actor,
        now=now,
        server_plays=server_plays,
    )
    return tuple(None if start is None else start + control.per_action for start in starts)


def earliest(deadlines: Sequence[float | None]) -> tuple[int, float] | None:
    """The seat whose deadline comes first, with that deadline; ``None`` when no seat has one."""
    timed = [(deadline, seat) for seat, deadline in enumerate(deadlines) if deadline is not None]
    if not timed:
        return None
    deadline, seat = min(timed)
    return seat, deadline
