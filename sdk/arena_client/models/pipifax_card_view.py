from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="PipifaxCardView")


@_attrs_define
class PipifaxCardView:
    """
    Attributes:
        animal (None | str):
        colour (str):
        face_up (bool):
        position (int):
    """

    animal: None | str
    colour: str
    face_up: bool
    position: int

    def to_dict(self) -> dict[str, Any]:
        animal: None | str
        animal = self.animal

        colour = self.colour

        face_up = self.face_up

        position = self.position

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "animal": animal,
                "colour": colour,
                "face_up": face_up,
                "position": position,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_animal(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        animal = _parse_animal(d.pop("animal"))

        colour = d.pop("colour")

        face_up = d.pop("face_up")

        position = d.pop("position")

        pipifax_card_view = cls(
            animal=animal,
            colour=colour,
            face_up=face_up,
            position=position,
        )

        return pipifax_card_view
