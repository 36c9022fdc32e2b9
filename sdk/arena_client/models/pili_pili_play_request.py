from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.pili_pili_play_request_type import PiliPiliPlayRequestType
from ..types import UNSET, Unset

T = TypeVar("T", bound="PiliPiliPlayRequest")


@_attrs_define
class PiliPiliPlayRequest:
    """Play a card from your hand to the trick; under S9 this commits it face down.

    Attributes:
        card (int): The card: 1-55, or 0 for the Joker.
        type_ (PiliPiliPlayRequestType): The action type.
        joker_value (int | None | Unset): The Joker's value, 0-56, when playing the Joker (L1); null or left out for a
            numbered card.
    """

    card: int
    type_: PiliPiliPlayRequestType
    joker_value: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        card = self.card

        type_ = self.type_.value

        joker_value: int | None | Unset
        if isinstance(self.joker_value, Unset):
            joker_value = UNSET
        else:
            joker_value = self.joker_value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "card": card,
                "type": type_,
            }
        )
        if joker_value is not UNSET:
            field_dict["joker_value"] = joker_value

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        card = d.pop("card")

        type_ = PiliPiliPlayRequestType(d.pop("type"))

        def _parse_joker_value(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        joker_value = _parse_joker_value(d.pop("joker_value", UNSET))

        pili_pili_play_request = cls(
            card=card,
            type_=type_,
            joker_value=joker_value,
        )

        return pili_pili_play_request
