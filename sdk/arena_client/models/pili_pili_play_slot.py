from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

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

    def to_dict(self) -> dict[str, Any]:
        slot = self.slot

        type_ = self.type_.value

        field_dict: dict[str, Any] = {}

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

        return pili_pili_play_slot
