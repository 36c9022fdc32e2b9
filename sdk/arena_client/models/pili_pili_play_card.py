from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.pili_pili_play_card_type import PiliPiliPlayCardType

T = TypeVar("T", bound="PiliPiliPlayCard")


@_attrs_define
class PiliPiliPlayCard:
    """Play a card from your hand to the trick; under S9 this commits it face down.

    Attributes:
        card (int): The card: 1-55, or 0 for the Joker.
        joker_value (int | None): The Joker's value, 0-56, required when playing the Joker and null otherwise (L1).
        type_ (PiliPiliPlayCardType): The action type.
    """

    card: int
    joker_value: int | None
    type_: PiliPiliPlayCardType
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        card = self.card

        joker_value: int | None
        joker_value = self.joker_value

        type_ = self.type_.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
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

        type_ = PiliPiliPlayCardType(d.pop("type"))

        pili_pili_play_card = cls(
            card=card,
            joker_value=joker_value,
            type_=type_,
        )

        pili_pili_play_card.additional_properties = d
        return pili_pili_play_card

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
