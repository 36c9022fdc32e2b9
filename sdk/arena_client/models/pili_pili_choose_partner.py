from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

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
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        partner = self.partner

        type_ = self.type_.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
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

        pili_pili_choose_partner.additional_properties = d
        return pili_pili_choose_partner

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
