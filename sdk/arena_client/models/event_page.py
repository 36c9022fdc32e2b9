from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.event import Event


T = TypeVar("T", bound="EventPage")


@_attrs_define
class EventPage:
    """
    Attributes:
        events (list[Event]):
        has_more (bool):
        next_after (int): Pass as `after` to read on; the last version this page covers.
    """

    events: list[Event]
    has_more: bool
    next_after: int

    def to_dict(self) -> dict[str, Any]:
        events = []
        for events_item_data in self.events:
            events_item = events_item_data.to_dict()
            events.append(events_item)

        has_more = self.has_more

        next_after = self.next_after

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "events": events,
                "has_more": has_more,
                "next_after": next_after,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.event import Event

        d = dict(src_dict)
        events = []
        _events = d.pop("events")
        for events_item_data in _events:
            events_item = Event.from_dict(events_item_data)

            events.append(events_item)

        has_more = d.pop("has_more")

        next_after = d.pop("next_after")

        event_page = cls(
            events=events,
            has_more=has_more,
            next_after=next_after,
        )

        return event_page
