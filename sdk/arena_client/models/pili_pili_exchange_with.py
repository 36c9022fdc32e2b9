from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

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

    def to_dict(self) -> dict[str, Any]:
        player = self.player

        type_ = self.type_.value

        field_dict: dict[str, Any] = {}

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

        return pili_pili_exchange_with
