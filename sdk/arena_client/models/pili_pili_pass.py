from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.pili_pili_pass_type import PiliPiliPassType

T = TypeVar("T", bound="PiliPiliPass")


@_attrs_define
class PiliPiliPass:
    """S1: the cards you pass, secretly, in increasing order.

    Attributes:
        cards (list[int]): The cards to pass, each once, in increasing order (0 is the Joker).
        type_ (PiliPiliPassType): The action type.
    """

    cards: list[int]
    type_: PiliPiliPassType

    def to_dict(self) -> dict[str, Any]:
        cards = self.cards

        type_ = self.type_.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "cards": cards,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        cards = cast(list[int], d.pop("cards"))

        type_ = PiliPiliPassType(d.pop("type"))

        pili_pili_pass = cls(
            cards=cards,
            type_=type_,
        )

        return pili_pili_pass
