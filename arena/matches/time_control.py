"""Clock arithmetic for time controls: when each seat must have acted. Pure: ``now`` is passed in.

Two kinds of clock, each seat with its own (a seat may carry a time control of its own, else the
match's applies):

- **per action**: ``per_action`` seconds for every decision, nothing carried over;
- **Fischer** (base + increment, as chess hosts know it): the seat starts with ``base`` seconds; the
  time each decision takes is taken from them when the seat acts, then ``increment`` is added; the
  seat times out when its remaining time and the ``margin`` have run out. The margin forgives a
  little lateness (a slow network, a busy machine) but is never banked: a decision that runs into
  it leaves the seat 0 seconds, then the increment.

A seat's clock for a decision starts when the decision comes to it (its *start*). A seat whose
program has not yet asked for the match (read the view, the legal actions or the seat stream, or
received the match from a tournament's ``next``) is not timed from then, since nobody is there to
decide yet: its clock starts when its program first asks, or ``first_decision`` seconds after the
decision came, whichever is first. So a program launched late is not timed out before it exists,
and one that never comes still times out, ``first_decision`` seconds later. Once the program has
asked, every decision is timed from its start::

    clock starts = start + first_decision                     (never asked)
                 = min(max(start, asked), start + first_decision)   (asked at ``asked``)
    deadline     = clock starts + per_action                  (per action)
                 = clock starts + remaining + margin          (Fischer)
    remaining    = max(0, remaining - (acted at - clock starts)) + increment   (Fischer, once it acted)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Collection, Sequence
from typing import Any, Literal

OnTimeout = Literal["forfeit", "bot"]

#: The shortest and longest time a seat may be given for one decision (or, under Fischer, to start
#: with), in seconds.
PER_ACTION_MIN = 0.1
PER_ACTION_MAX = 86_400.0
#: The allowance a seat's program has to first ask for its match when the API's caller gives none.
FIRST_DECISION_DEFAULT = 30.0


@dataclasses.dataclass(frozen=True)
class TimeControl:
    """A seat's clock: ``per_action`` seconds for every decision, or a Fischer clock of ``base`` seconds
    plus ``increment`` per decision with a ``margin``; what happens to a seat that lets its time pass;
    and how long a decision waits for a program that has not asked for the match yet (``first_decision``).

    ``first_decision`` defaults to 0 here (a record stored before it existed timed every seat from the
    start); the API's requests default it to :data:`FIRST_DECISION_DEFAULT`.
    """

    per_action: float | None = None
    on_timeout: OnTimeout = "forfeit"
    first_decision: float = 0.0
    #: Fischer: the seconds a seat starts with (``None``: a per-action clock).
    base: float | None = None
    #: Fischer: the seconds added to a seat's time after each of its decisions.
    increment: float = 0.0
    #: Fischer: the seconds a seat may run past its time before it times out (never banked).
    margin: float = 0.0

    def __post_init__(self) -> None:
        if (self.per_action is None) == (self.base is None):
            raise ValueError("a time control has either per_action or base (a Fischer clock)")

    @property
    def is_fischer(self) -> bool:
        """Whether this is a base + increment clock (time carries over from decision to decision)."""
        return self.base is not None

    def allowance(self, remaining: float | None) -> float:
        """The seconds a decision may take from when its clock starts: ``per_action``; under Fischer, the
        seat's ``remaining`` time (its ``base`` before its first decision) and the margin."""
        if self.base is None:
            assert self.per_action is not None
            return self.per_action
        return (self.base if remaining is None else remaining) + self.margin

    def to_json(self) -> dict[str, Any]:
        if self.base is None:
            return {"per_action": self.per_action, "on_timeout": self.on_timeout, "first_decision": self.first_decision}
        return {
            "base": self.base,
            "increment": self.increment,
            "margin": self.margin,
            "on_timeout": self.on_timeout,
            "first_decision": self.first_decision,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any] | None) -> TimeControl | None:
        if data is None:
            return None
        on_timeout, first_decision = data.get("on_timeout", "forfeit"), float(data.get("first_decision", 0.0))
        if data.get("base") is not None:
            increment, margin = float(data.get("increment", 0.0)), float(data.get("margin", 0.0))
            per_action = data.get("per_action")  # none, or the time control is refused
            return cls(per_action, on_timeout, first_decision, float(data["base"]), increment, margin)
        return cls(float(data["per_action"]), on_timeout, first_decision)


Deadlines = tuple[float | None, ...]
#: When each seat's current decision came to it (``None``: it has none).
Starts = tuple[float | None, ...]
#: When each seat's program first asked for the match (``None``: not yet, or a seat the server plays).
Asked = tuple[float | None, ...]
#: Each seat's time left on its Fischer clock, its running decision not charged yet (``None``: a seat
#: without one, or one that has not decided yet: its ``base``).
Remaining = tuple[float | None, ...]
#: Each seat's time control (``None``: the seat is not timed).
Controls = Sequence[TimeControl | None]


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


def first_starts_after(first: Starts, before: Starts, after: Starts) -> Starts:
    """When each seat's first decision came, once its current ones moved from ``before`` to ``after``: a
    seat's first start is kept, else its start ``after`` is its first. Empty while ``first`` is empty but
    ``before`` is not: a record that kept starts from before it kept first ones, whose past is unknown."""
    if not first and before:
        return ()
    return tuple(start if kept is None else kept for kept, start in zip(first or after, after, strict=True))


def clock_start(start: float, asked: float | None, control: TimeControl) -> float:
    """When the clock of a decision that came at ``start`` starts, for a seat whose program first asked at ``asked``."""
    allowance_ends = start + control.first_decision
    return allowance_ends if asked is None else min(max(start, asked), allowance_ends)


def deadline_of(
    start: float | None, asked: float | None, control: TimeControl | None, remaining: float | None = None
) -> float | None:
    """The deadline of a decision that began at ``start`` for a seat whose program first asked at ``asked``
    (``remaining``: the seat's time left under a Fischer clock; its base when ``None``)."""
    if start is None or control is None:
        return None
    return clock_start(start, asked, control) + control.allowance(remaining)


def _at(values: Sequence[float | None], seat: int) -> float | None:
    return values[seat] if seat < len(values) else None


def deadlines_of(starts: Starts, asked: Asked, controls: Controls, remaining: Remaining = ()) -> Deadlines:
    """Every seat's deadline (see :func:`deadline_of`), each by its own control."""
    return tuple(
        deadline_of(start, _at(asked, seat), controls[seat], _at(remaining, seat)) for seat, start in enumerate(starts)
    )


def charged(
    remaining: float, start: float, asked: float | None, control: TimeControl, now: float, *, moved: bool
) -> float:
    """A Fischer seat's time once its decision that came at ``start`` ends at ``now``: the time it took is
    taken (never below 0: the margin forgives, it is never banked), then, if the seat ``moved`` (itself,
    or its stand-in after a timeout), the increment added."""
    used = max(0.0, now - clock_start(start, asked, control))
    return max(0.0, remaining - used) + (control.increment if moved else 0.0)


def next_remaining(
    remaining: Remaining,
    before: Starts,
    after: Starts,
    asked: Asked,
    controls: Controls,
    *,
    actor: int | None,
    now: float,
) -> Remaining:
    """Each Fischer seat's time after a transition from decisions that began at ``before`` to ``after``:
    a seat whose decision ended (it acted, or need not act any more) is charged for it (:func:`charged`);
    the others keep theirs. Empty when no seat has a Fischer clock."""
    if not any(control is not None and control.is_fischer for control in controls):
        return ()
    banks: list[float | None] = []
    for seat, control in enumerate(controls):
        if control is None or control.base is None:
            banks.append(None)
            continue
        bank = _at(remaining, seat)
        bank = control.base if bank is None else bank
        began = _at(before, seat)
        if began is not None and (seat == actor or _at(after, seat) is None):
            bank = charged(bank, began, _at(asked, seat), control, now, moved=seat == actor)
        banks.append(bank)
    return tuple(banks)


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
    """Each seat's deadline after a transition, for seats whose programs have all asked already, under one
    per-action ``control``: ``per_action`` from the start of each decision (see :func:`next_starts`)."""
    if control is None:
        return tuple(None for _ in previous)
    per_action = control.allowance(None)
    starts = next_starts(
        tuple(None if d is None else d - per_action for d in previous),
        to_act_before,
        to_act_after,
        actor=actor,
        now=now,
        server_plays=server_plays,
    )
    return tuple(None if start is None else start + per_action for start in starts)


def outage_credits(starts: Starts, deadlines: Deadlines, down_from: float, down_until: float) -> dict[int, float]:
    """Seconds each seat's clock ran while the arena was down (from ``down_from`` to ``down_until``): the
    overlap of the outage with the seat's running decision (one with a deadline), from its start."""
    credits = {}
    for seat, start in enumerate(starts):
        if start is None or _at(deadlines, seat) is None or start >= down_until:
            continue
        credit = down_until - max(down_from, start)
        if credit > 0:
            credits[seat] = credit
    return credits


def moved_on(times: Sequence[float | None], credits: dict[int, float]) -> tuple[float | None, ...]:
    """``times`` (decisions' starts, or first requests) each moved on by its seat's credit."""
    return tuple(None if at is None else at + credits.get(seat, 0.0) for seat, at in enumerate(times))


def earliest(deadlines: Sequence[float | None]) -> tuple[int, float] | None:
    """The seat whose deadline comes first, with that deadline; ``None`` when no seat has one."""
    timed = [(deadline, seat) for seat, deadline in enumerate(deadlines) if deadline is not None]
    if not timed:
        return None
    deadline, seat = min(timed)
    return seat, deadline
