from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="PiliPiliPlayView")


@_attrs_define
class PiliPiliPlayView:
    """One card played to a trick.

    Attributes:
        card (int):
        seat (int):
        value (int):
    """

    card: int
    seat: int
    value: int

    def to_dict(self) -> dict[str, Any]:
        card = self.card

        seat = self.seat

        value = self.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "card": card,
                "seat": seat,
                "value": value,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        card = d.pop("card")

        seat = d.pop("seat")

        value = d.pop("value")

        pili_pili_play_view = cls(
            card=card,
            seat=seat,
            value=value,
        )

        return pili_pili_play_view
