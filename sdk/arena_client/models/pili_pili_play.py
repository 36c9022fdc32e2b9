from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.pili_pili_play_type import PiliPiliPlayType

T = TypeVar("T", bound="PiliPiliPlay")


@_attrs_define
class PiliPiliPlay:
    """Play a card from your hand to the trick; under S9 this commits it face down.

    Attributes:
        card (int): The card: 1-55, or 0 for the Joker.
        joker_value (int | None): The Joker's value, 0-56, when playing the Joker (L1); null or left out for a numbered
            card.
        type_ (PiliPiliPlayType): The action type.
    """

    card: int
    joker_value: int | None
    type_: PiliPiliPlayType

    def to_dict(self) -> dict[str, Any]:
        card = self.card

        joker_value: int | None
        joker_value = self.joker_value

        type_ = self.type_.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "card": card,
                "joker_value": joker_value,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        card = d.pop("card")

        def _parse_joker_value(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        joker_value = _parse_joker_value(d.pop("joker_value"))

        type_ = PiliPiliPlayType(d.pop("type"))

        pili_pili_play = cls(
            card=card,
            joker_value=joker_value,
            type_=type_,
        )

        return pili_pili_play
