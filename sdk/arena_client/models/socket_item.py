from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.socket_item_type import SocketItemType

if TYPE_CHECKING:
    from ..models.socket_item_data import SocketItemData


T = TypeVar("T", bound="SocketItem")


@_attrs_define
class SocketItem:
    """
    Attributes:
        data (SocketItemData): An `Event`, a `TurnEvent` or a `MatchOverEvent`.
        id (str): The event id, as the stream's.
        type_ (SocketItemType):
    """

    data: SocketItemData
    id: str
    type_: SocketItemType

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
        from ..models.socket_item_data import SocketItemData

        d = dict(src_dict)
        data = SocketItemData.from_dict(d.pop("data"))

        id = d.pop("id")

        type_ = SocketItemType(d.pop("type"))

        socket_item = cls(
            data=data,
            id=id,
            type_=type_,
        )

        return socket_item
