from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.pili_pili_exchange_with_type import PiliPiliExchangeWithType

T = TypeVar("T", bound="PiliPiliExchangeWith")


@_attrs_define
class PiliPiliExchangeWith:
    """E9: having won the trick, choose the player you exchange a card with.

    Attributes:
        player (int): Another player's seat.
        type_ (PiliPiliExchangeWithType): The action type.
    """

    player: int
    type_: PiliPiliExchangeWithType
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        player = self.player

        type_ = self.type_.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "player": player,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        player = d.pop("player")

        type_ = PiliPiliExchangeWithType(d.pop("type"))

        pili_pili_exchange_with = cls(
            player=player,
            type_=type_,
        )

        pili_pili_exchange_with.additional_properties = d
        return pili_pili_exchange_with

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
