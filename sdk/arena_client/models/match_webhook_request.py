from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.match_webhook_request_events_item import MatchWebhookRequestEventsItem
from ..types import UNSET, Unset

T = TypeVar("T", bound="MatchWebhookRequest")


@_attrs_define
class MatchWebhookRequest:
    """
    Attributes:
        url (str): Where to POST: an `http` or `https` URL without credentials, at most 2048 characters. Its host must
            resolve to public addresses only (never loopback, private or link-local, unless the server sets
            `ARENA_WEBHOOK_ALLOW_PRIVATE=1`), checked now and before every delivery; else 422 `webhook/refused_url` and
            nothing is stored.
        events (list[MatchWebhookRequestEventsItem] | Unset): Which deliveries: `version` (each version's public events)
            and `match_over` (how it ended). Omitted: both.
    """

    url: str
    events: list[MatchWebhookRequestEventsItem] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        url = self.url

        events: list[str] | Unset = UNSET
        if not isinstance(self.events, Unset):
            events = []
            for events_item_data in self.events:
                events_item = events_item_data.value
                events.append(events_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "url": url,
            }
        )
        if events is not UNSET:
            field_dict["events"] = events

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        url = d.pop("url")

        _events = d.pop("events", UNSET)
        events: list[MatchWebhookRequestEventsItem] | Unset = UNSET
        if _events is not UNSET:
            events = []
            for events_item_data in _events:
                events_item = MatchWebhookRequestEventsItem(events_item_data)

                events.append(events_item)

        match_webhook_request = cls(
            url=url,
            events=events,
        )

        return match_webhook_request
