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
        per_action (float): Seconds each seat has for each decision (0.1 to 86400).
        first_decision (float | Unset): Seconds a decision waits for a seat's program that has not asked for the match
            yet (read its view, legal actions or seat stream, joined, or received it from a tournament's `next`): the seat's
            clock starts when its program first asks, or this long after the decision came to it, whichever is first (0 to
            86400; 30 when left out).
    """

    on_timeout: TimeControlOnTimeout
    per_action: float
    first_decision: float | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        on_timeout = self.on_timeout.value

        per_action = self.per_action

        first_decision = self.first_decision

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "on_timeout": on_timeout,
                "per_action": per_action,
            }
        )
        if first_decision is not UNSET:
            field_dict["first_decision"] = first_decision

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        on_timeout = TimeControlOnTimeout(d.pop("on_timeout"))

        per_action = d.pop("per_action")

        first_decision = d.pop("first_decision", UNSET)

        time_control = cls(
            on_timeout=on_timeout,
            per_action=per_action,
            first_decision=first_decision,
        )

        return time_control
