from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.dead_letter import DeadLetter
    from ..models.delivery_attempt import DeliveryAttempt


T = TypeVar("T", bound="WebhookStatus")


@_attrs_define
class WebhookStatus:
    """
    Attributes:
        created_at (float):
        dead_letters (list[DeadLetter]): The latest 100 events given up, newest first.
        deliveries (list[DeliveryAttempt]): The latest 100 attempts, newest first.
        done (bool): Nothing more will be delivered.
        events (list[str]):
        failing_since (float | None): When the current run of failures began.
        failures (int): Failed attempts at the event now pending.
        handled_version (int): Every version up to this one (of the match, or of the tournament) is handled: delivered,
            given up, or with nothing public to send; -1: none yet.
        next_attempt_at (float | None): When the pending event is tried again.
        url (str):
    """

    created_at: float
    dead_letters: list[DeadLetter]
    deliveries: list[DeliveryAttempt]
    done: bool
    events: list[str]
    failing_since: float | None
    failures: int
    handled_version: int
    next_attempt_at: float | None
    url: str

    def to_dict(self) -> dict[str, Any]:
        created_at = self.created_at

        dead_letters = []
        for dead_letters_item_data in self.dead_letters:
            dead_letters_item = dead_letters_item_data.to_dict()
            dead_letters.append(dead_letters_item)

        deliveries = []
        for deliveries_item_data in self.deliveries:
            deliveries_item = deliveries_item_data.to_dict()
            deliveries.append(deliveries_item)

        done = self.done

        events = self.events

        failing_since: float | None
        failing_since = self.failing_since

        failures = self.failures

        handled_version = self.handled_version

        next_attempt_at: float | None
        next_attempt_at = self.next_attempt_at

        url = self.url

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "created_at": created_at,
                "dead_letters": dead_letters,
                "deliveries": deliveries,
                "done": done,
                "events": events,
                "failing_since": failing_since,
                "failures": failures,
                "handled_version": handled_version,
                "next_attempt_at": next_attempt_at,
                "url": url,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.dead_letter import DeadLetter
        from ..models.delivery_attempt import DeliveryAttempt

        d = dict(src_dict)
        created_at = d.pop("created_at")

        dead_letters = []
        _dead_letters = d.pop("dead_letters")
        for dead_letters_item_data in _dead_letters:
            dead_letters_item = DeadLetter.from_dict(dead_letters_item_data)

            dead_letters.append(dead_letters_item)

        deliveries = []
        _deliveries = d.pop("deliveries")
        for deliveries_item_data in _deliveries:
            deliveries_item = DeliveryAttempt.from_dict(deliveries_item_data)

            deliveries.append(deliveries_item)

        done = d.pop("done")

        events = cast(list[str], d.pop("events"))

        def _parse_failing_since(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        failing_since = _parse_failing_since(d.pop("failing_since"))

        failures = d.pop("failures")

        handled_version = d.pop("handled_version")

        def _parse_next_attempt_at(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        next_attempt_at = _parse_next_attempt_at(d.pop("next_attempt_at"))

        url = d.pop("url")

        webhook_status = cls(
            created_at=created_at,
            dead_letters=dead_letters,
            deliveries=deliveries,
            done=done,
            events=events,
            failing_since=failing_since,
            failures=failures,
            handled_version=handled_version,
            next_attempt_at=next_attempt_at,
            url=url,
        )

        return webhook_status
