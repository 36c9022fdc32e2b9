from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.stream_match_response_200_type_0_event import (
    StreamMatchResponse200Type0Event,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="StreamMatchResponse200Type0")


@_attrs_define
class StreamMatchResponse200Type0:
    """
    Attributes:
        data (str):
        event (StreamMatchResponse200Type0Event):
        id (str | Unset):
    """

    data: str
    event: StreamMatchResponse200Type0Event
    id: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        data = self.data

        event = self.event.value

        id = self.id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "data": data,
                "event": event,
            }
        )
        if id is not UNSET:
            field_dict["id"] = id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        data = d.pop("data")

        event = StreamMatchResponse200Type0Event(d.pop("event"))

        id = d.pop("id", UNSET)

        stream_match_response_200_type_0 = cls(
            data=data,
            event=event,
            id=id,
        )

        stream_match_response_200_type_0.additional_properties = d
        return stream_match_response_200_type_0

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
