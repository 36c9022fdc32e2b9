from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.pipifax_flip_type import PipifaxFlipType

T = TypeVar("T", bound="PipifaxFlip")


@_attrs_define
class PipifaxFlip:
    """Turn face up the card at ``position`` in search of the animal the die shows.

    Attributes:
        position (int): The card to turn over, 0-23.
        type_ (PipifaxFlipType): The action type.
    """

    position: int
    type_: PipifaxFlipType
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        position = self.position

        type_ = self.type_.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "position": position,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        position = d.pop("position")

        type_ = PipifaxFlipType(d.pop("type"))

        pipifax_flip = cls(
            position=position,
            type_=type_,
        )

        pipifax_flip.additional_properties = d
        return pipifax_flip

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
