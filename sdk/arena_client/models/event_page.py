from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.action_record import ActionRecord
    from ..models.event import Event


T = TypeVar("T", bound="EventPage")


@_attrs_define
class EventPage:
    """
    Attributes:
        actions (list[ActionRecord]):
        events (list[Event]):
        has_more (bool):
        next_after (int): Pass as `after` to read on; the last version this page covers.
    """

    actions: list[ActionRecord]
    events: list[Event]
    has_more: bool
    next_after: int

    def to_dict(self) -> dict[str, Any]:
        actions = []
        for actions_item_data in self.actions:
            actions_item = actions_item_data.to_dict()
            actions.append(actions_item)

        events = []
        for events_item_data in self.events:
            events_item = events_item_data.to_dict()
            events.append(events_item)

        has_more = self.has_more

        next_after = self.next_after

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "actions": actions,
                "events": events,
                "has_more": has_more,
                "next_after": next_after,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.action_record import ActionRecord
        from ..models.event import Event

        d = dict(src_dict)
        actions = []
        _actions = d.pop("actions")
        for actions_item_data in _actions:
            actions_item = ActionRecord.from_dict(actions_item_data)

            actions.append(actions_item)

        events = []
        _events = d.pop("events")
        for events_item_data in _events:
            events_item = Event.from_dict(events_item_data)

            events.append(events_item)

        has_more = d.pop("has_more")

        next_after = d.pop("next_after")

        event_page = cls(
            actions=actions,
            events=events,
            has_more=has_more,
            next_after=next_after,
        )

        return event_page
