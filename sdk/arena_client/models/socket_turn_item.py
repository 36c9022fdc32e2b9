from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.socket_turn_item_type import SocketTurnItemType

if TYPE_CHECKING:
    from ..models.turn_event import TurnEvent


T = TypeVar("T", bound="SocketTurnItem")


@_attrs_define
class SocketTurnItem:
    """
    Attributes:
        data (TurnEvent):
        id (str): The event id, as the stream's.
        type_ (SocketTurnItemType):
    """

    data: TurnEvent
    id: str
    type_: SocketTurnItemType

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
        from ..models.turn_event import TurnEvent

        d = dict(src_dict)
        data = TurnEvent.from_dict(d.pop("data"))

        id = d.pop("id")

        type_ = SocketTurnItemType(d.pop("type"))

        socket_turn_item = cls(
            data=data,
            id=id,
            type_=type_,
        )

        return socket_turn_item
