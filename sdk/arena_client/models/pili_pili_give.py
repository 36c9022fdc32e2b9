from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.pili_pili_give_type import PiliPiliGiveType

T = TypeVar("T", bound="PiliPiliGive")


@_attrs_define
class PiliPiliGive:
    """E9: secretly choose the card you give in the exchange.

    Attributes:
        card (int): A card from your hand (0 is the Joker).
        type_ (PiliPiliGiveType): The action type.
    """

    card: int
    type_: PiliPiliGiveType

    def to_dict(self) -> dict[str, Any]:
        card = self.card

        type_ = self.type_.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "card": card,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        card = d.pop("card")

        type_ = PiliPiliGiveType(d.pop("type"))

        pili_pili_give = cls(
            card=card,
            type_=type_,
        )

        return pili_pili_give
