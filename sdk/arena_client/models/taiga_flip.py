from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.taiga_flip_type import TaigaFlipType

T = TypeVar("T", bound="TaigaFlip")


@_attrs_define
class TaigaFlip:
    """Turn over one disc so that it shows its other animal (T4); also the choice to flip again.

    Attributes:
        disc (int): The disc to turn over, 0-9.
        type_ (TaigaFlipType): The action type.
    """

    disc: int
    type_: TaigaFlipType

    def to_dict(self) -> dict[str, Any]:
        disc = self.disc

        type_ = self.type_.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "disc": disc,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        disc = d.pop("disc")

        type_ = TaigaFlipType(d.pop("type"))

        taiga_flip = cls(
            disc=disc,
            type_=type_,
        )

        return taiga_flip
