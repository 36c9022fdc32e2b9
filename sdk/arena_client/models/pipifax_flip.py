from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

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

    def to_dict(self) -> dict[str, Any]:
        position = self.position

        type_ = self.type_.value

        field_dict: dict[str, Any] = {}

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

        return pipifax_flip
