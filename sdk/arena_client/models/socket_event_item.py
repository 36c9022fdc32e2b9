from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.socket_event_item_type import SocketEventItemType

if TYPE_CHECKING:
    from ..models.event import Event


T = TypeVar("T", bound="SocketEventItem")


@_attrs_define
class SocketEventItem:
    """
    Attributes:
        data (Event):
        id (str): The event id, as the stream's.
        type_ (SocketEventItemType):
    """

    data: Event
    id: str
    type_: SocketEventItemType

    def to_dict(self) -> dict[str, Any]:
        data = self.data.to_dict()

        id = self.id

        type_ = self.type_.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "data": data,
                "id": id,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.event import Event

        d = dict(src_dict)
        data = Event.from_dict(d.pop("data"))

        id = d.pop("id")

        type_ = SocketEventItemType(d.pop("type"))

        socket_event_item = cls(
            data=data,
            id=id,
            type_=type_,
        )

        return socket_event_item
