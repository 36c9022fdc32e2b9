from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.socket_match_over_item_type import SocketMatchOverItemType

if TYPE_CHECKING:
    from ..models.match_over_event import MatchOverEvent


T = TypeVar("T", bound="SocketMatchOverItem")


@_attrs_define
class SocketMatchOverItem:
    """
    Attributes:
        data (MatchOverEvent):
        id (str): The event id, as the stream's.
        type_ (SocketMatchOverItemType):
    """

    data: MatchOverEvent
    id: str
    type_: SocketMatchOverItemType

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
        from ..models.match_over_event import MatchOverEvent

        d = dict(src_dict)
        data = MatchOverEvent.from_dict(d.pop("data"))

        id = d.pop("id")

        type_ = SocketMatchOverItemType(d.pop("type"))

        socket_match_over_item = cls(
            data=data,
            id=id,
            type_=type_,
        )

        return socket_match_over_item
