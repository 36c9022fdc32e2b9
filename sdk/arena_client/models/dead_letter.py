from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.dead_letter_body import DeadLetterBody


T = TypeVar("T", bound="DeadLetter")


@_attrs_define
class DeadLetter:
    """
    Attributes:
        attempts (int):
        body (DeadLetterBody): The body that was not delivered (the same a delivery would have sent).
        dead_at (float):
        error (str): The last attempt's status or error.
        event_id (str):
        failing_since (float): When the run of failures began.
        type_ (str):
    """

    attempts: int
    body: DeadLetterBody
    dead_at: float
    error: str
    event_id: str
    failing_since: float
    type_: str

    def to_dict(self) -> dict[str, Any]:
        attempts = self.attempts

        body = self.body.to_dict()

        dead_at = self.dead_at

        error = self.error

        event_id = self.event_id

        failing_since = self.failing_since

        type_ = self.type_

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "attempts": attempts,
                "body": body,
                "dead_at": dead_at,
                "error": error,
                "event_id": event_id,
                "failing_since": failing_since,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.dead_letter_body import DeadLetterBody

        d = dict(src_dict)
        attempts = d.pop("attempts")

        body = DeadLetterBody.from_dict(d.pop("body"))

        dead_at = d.pop("dead_at")

        error = d.pop("error")

        event_id = d.pop("event_id")

        failing_since = d.pop("failing_since")

        type_ = d.pop("type")

        dead_letter = cls(
            attempts=attempts,
            body=body,
            dead_at=dead_at,
            error=error,
            event_id=event_id,
            failing_since=failing_since,
            type_=type_,
        )

        return dead_letter
