from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.pili_pili_bet_type import PiliPiliBetType

T = TypeVar("T", bound="PiliPiliBet")


@_attrs_define
class PiliPiliBet:
    """Bet how many tricks you will win this round (L3).

    Attributes:
        tricks (int): Tricks you bet to win: 0 to the cards dealt to each player.
        type_ (PiliPiliBetType): The action type.
    """

    tricks: int
    type_: PiliPiliBetType

    def to_dict(self) -> dict[str, Any]:
        tricks = self.tricks

        type_ = self.type_.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "tricks": tricks,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        tricks = d.pop("tricks")

        type_ = PiliPiliBetType(d.pop("type"))

        pili_pili_bet = cls(
            tricks=tricks,
            type_=type_,
        )

        return pili_pili_bet
