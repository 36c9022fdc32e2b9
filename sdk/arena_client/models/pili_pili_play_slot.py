from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.pili_pili_play_slot_type import PiliPiliPlaySlotType

T = TypeVar("T", bound="PiliPiliPlaySlot")


@_attrs_define
class PiliPiliPlaySlot:
    """E4: play the face-down card in this slot of your hand (a hidden Joker takes the strongest value).

    Attributes:
        slot (int): The position in your hand, from 0.
        type_ (PiliPiliPlaySlotType): The action type.
    """

    slot: int
    type_: PiliPiliPlaySlotType
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        slot = self.slot

        type_ = self.type_.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "slot": slot,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        slot = d.pop("slot")

        type_ = PiliPiliPlaySlotType(d.pop("type"))

        pili_pili_play_slot = cls(
            slot=slot,
            type_=type_,
        )

        pili_pili_play_slot.additional_properties = d
        return pili_pili_play_slot

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
