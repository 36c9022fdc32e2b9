from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.time_control_on_timeout import TimeControlOnTimeout
from ..types import UNSET, Unset

T = TypeVar("T", bound="TimeControl")


@_attrs_define
class TimeControl:
    """
    Attributes:
        on_timeout (TimeControlOnTimeout): `forfeit`: a seat whose time runs out leaves the match (`timed_out`); `bot`:
            the server's `random` bot makes that one decision for it.
        base (float | Unset): Fischer clock (base + increment, as chess hosts know it): seconds each seat starts with
            (0.1 to 86400). The time each decision takes is taken from the seat's time when it acts, then `increment` is
            added; the seat times out once its time and `margin` have run out. Absent for a per-action clock.
        first_decision (float | Unset): Seconds a decision waits for a seat's program that has not asked for the match
            yet (read its view, legal actions or seat stream, joined, or received it from a tournament's `next`): the seat's
            clock starts when its program first asks, or this long after the decision came to it, whichever is first (0 to
            86400; 30 when left out).
        increment (float | Unset): Fischer clock: seconds added to a seat's time after each of its decisions (0 to
            86400; 0).
        margin (float | Unset): Fischer clock: seconds a seat may run past its time before it times out (0 to 86400; 0),
            for a slow network or a busy machine; never banked: a decision that runs into it leaves the seat 0 seconds, then
            the increment.
        per_action (float | Unset): Per-action clock: seconds each seat has for each decision (0.1 to 86400). Absent for
            a Fischer clock.
    """

    on_timeout: TimeControlOnTimeout
    base: float | Unset = UNSET
    first_decision: float | Unset = UNSET
    increment: float | Unset = UNSET
    margin: float | Unset = UNSET
    per_action: float | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        on_timeout = self.on_timeout.value

        base = self.base

        first_decision = self.first_decision

        increment = self.increment

        margin = self.margin

        per_action = self.per_action

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "on_timeout": on_timeout,
            }
        )
        if base is not UNSET:
            field_dict["base"] = base
        if first_decision is not UNSET:
            field_dict["first_decision"] = first_decision
        if increment is not UNSET:
            field_dict["increment"] = increment
        if margin is not UNSET:
            field_dict["margin"] = margin
        if per_action is not UNSET:
            field_dict["per_action"] = per_action

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        on_timeout = TimeControlOnTimeout(d.pop("on_timeout"))

        base = d.pop("base", UNSET)

        first_decision = d.pop("first_decision", UNSET)

        increment = d.pop("increment", UNSET)

        margin = d.pop("margin", UNSET)

        per_action = d.pop("per_action", UNSET)

        time_control = cls(
            on_timeout=on_timeout,
            base=base,
            first_decision=first_decision,
            increment=increment,
            margin=margin,
            per_action=per_action,
        )

        return time_control
