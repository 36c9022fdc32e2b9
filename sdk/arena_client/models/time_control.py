from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.time_control_on_timeout import TimeControlOnTimeout

T = TypeVar("T", bound="TimeControl")


@_attrs_define
class TimeControl:
    """
    Attributes:
        on_timeout (TimeControlOnTimeout): `forfeit`: a seat whose time runs out leaves the match (`timed_out`); `bot`:
            the server's `random` bot makes that one decision for it.
        per_action (float): Seconds each seat has for each decision (0.1 to 86400).
    """

    on_timeout: TimeControlOnTimeout
    per_action: float

    def to_dict(self) -> dict[str, Any]:
        on_timeout = self.on_timeout.value

        per_action = self.per_action

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "on_timeout": on_timeout,
                "per_action": per_action,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        on_timeout = TimeControlOnTimeout(d.pop("on_timeout"))

        per_action = d.pop("per_action")

        time_control = cls(
            on_timeout=on_timeout,
            per_action=per_action,
        )

        return time_control
