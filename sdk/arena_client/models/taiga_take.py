from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.taiga_take_type import TaigaTakeType

T = TypeVar("T", bound="TaigaTake")


@_attrs_define
class TaigaTake:
    """The circle being empty after a find, take one token from this player (T4).

    Attributes:
        from_seat (int): The seat to take one token from; it must hold a token.
        type_ (TaigaTakeType): The action type.
    """

    from_seat: int
    type_: TaigaTakeType

    def to_dict(self) -> dict[str, Any]:
        from_seat = self.from_seat

        type_ = self.type_.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "from_seat": from_seat,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        from_seat = d.pop("from_seat")

        type_ = TaigaTakeType(d.pop("type"))

        taiga_take = cls(
            from_seat=from_seat,
            type_=type_,
        )

        return taiga_take
