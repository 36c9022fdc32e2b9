from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.pili_pili_mission_view_params import PiliPiliMissionViewParams


T = TypeVar("T", bound="PiliPiliMissionView")


@_attrs_define
class PiliPiliMissionView:
    """A mission card as views and events show it.

    Attributes:
        deal (int):
        effect (str):
        expert (bool):
        name (str):
        params (PiliPiliMissionViewParams):
    """

    deal: int
    effect: str
    expert: bool
    name: str
    params: PiliPiliMissionViewParams

    def to_dict(self) -> dict[str, Any]:
        deal = self.deal

        effect = self.effect

        expert = self.expert

        name = self.name

        params = self.params.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "deal": deal,
                "effect": effect,
                "expert": expert,
                "name": name,
                "params": params,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.pili_pili_mission_view_params import PiliPiliMissionViewParams

        d = dict(src_dict)
        deal = d.pop("deal")

        effect = d.pop("effect")

        expert = d.pop("expert")

        name = d.pop("name")

        params = PiliPiliMissionViewParams.from_dict(d.pop("params"))

        pili_pili_mission_view = cls(
            deal=deal,
            effect=effect,
            expert=expert,
            name=name,
            params=params,
        )

        return pili_pili_mission_view
