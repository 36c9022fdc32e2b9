from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.delivery_attempt_outcome import DeliveryAttemptOutcome

T = TypeVar("T", bound="DeliveryAttempt")


@_attrs_define
class DeliveryAttempt:
    """
    Attributes:
        at (float): When it was sent (epoch seconds).
        attempt (int): 1 for the first attempt at this event.
        error (None | str): Why there was no answer (refused, timeout, ...).
        event_id (str): The delivery's `id` (also `Arena-Event-Id`).
        outcome (DeliveryAttemptOutcome): `delivered` (a 2xx answer), `failed` (tried again later) or `dead` (given up:
            see `dead_letters`).
        seconds (float): How long it took, lookup to answer.
        status (int | None): The receiver's HTTP status.
        type_ (str): `version`, `match_over` or `standings`.
    """

    at: float
    attempt: int
    error: None | str
    event_id: str
    outcome: DeliveryAttemptOutcome
    seconds: float
    status: int | None
    type_: str

    def to_dict(self) -> dict[str, Any]:
        at = self.at

        attempt = self.attempt

        error: None | str
        error = self.error

        event_id = self.event_id

        outcome = self.outcome.value

        seconds = self.seconds

        status: int | None
        status = self.status

        type_ = self.type_

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "at": at,
                "attempt": attempt,
                "error": error,
                "event_id": event_id,
                "outcome": outcome,
                "seconds": seconds,
                "status": status,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        at = d.pop("at")

        attempt = d.pop("attempt")

        def _parse_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        error = _parse_error(d.pop("error"))

        event_id = d.pop("event_id")

        outcome = DeliveryAttemptOutcome(d.pop("outcome"))

        seconds = d.pop("seconds")

        def _parse_status(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        status = _parse_status(d.pop("status"))

        type_ = d.pop("type")

        delivery_attempt = cls(
            at=at,
            attempt=attempt,
            error=error,
            event_id=event_id,
            outcome=outcome,
            seconds=seconds,
            status=status,
            type_=type_,
        )

        return delivery_attempt
