from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

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
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from_seat = self.from_seat

        type_ = self.type_.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
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

        taiga_take.additional_properties = d
        return taiga_take

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
