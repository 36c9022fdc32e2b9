from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.pili_pili_choose_partner_type import PiliPiliChoosePartnerType

T = TypeVar("T", bound="PiliPiliChoosePartner")


@_attrs_define
class PiliPiliChoosePartner:
    """E6: secretly choose the player whose Pilis you will also take this round.

    Attributes:
        partner (int): Another player's seat.
        type_ (PiliPiliChoosePartnerType): The action type.
    """

    partner: int
    type_: PiliPiliChoosePartnerType

    def to_dict(self) -> dict[str, Any]:
        partner = self.partner

        type_ = self.type_.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "partner": partner,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        partner = d.pop("partner")

        type_ = PiliPiliChoosePartnerType(d.pop("type"))

        pili_pili_choose_partner = cls(
            partner=partner,
            type_=type_,
        )

        return pili_pili_choose_partner
