from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="GirafferaffePlayRecord")


@_attrs_define
class GirafferaffePlayRecord:
    """One play on a tree, as it lies on the pile: who played it (``None``: the robot) and what.

    Attributes:
        cards (list[str]):
        copies (list[str]):
        seat (int | None):
    """

    cards: list[str]
    copies: list[str]
    seat: int | None

    def to_dict(self) -> dict[str, Any]:
        cards = self.cards

        copies = self.copies

        seat: int | None
        seat = self.seat

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "cards": cards,
                "copies": copies,
                "seat": seat,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        cards = cast(list[str], d.pop("cards"))

        copies = cast(list[str], d.pop("copies"))

        def _parse_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        seat = _parse_seat(d.pop("seat"))

        girafferaffe_play_record = cls(
            cards=cards,
            copies=copies,
            seat=seat,
        )

        return girafferaffe_play_record
