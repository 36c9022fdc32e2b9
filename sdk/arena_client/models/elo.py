from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="Elo")


@_attrs_define
class Elo:
    """
    Attributes:
        elo (float):
        high (float):
        low (float):
    """

    elo: float
    high: float
    low: float

    def to_dict(self) -> dict[str, Any]:
        elo = self.elo

        high = self.high

        low = self.low

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "elo": elo,
                "high": high,
                "low": low,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        elo = d.pop("elo")

        high = d.pop("high")

        low = d.pop("low")

        elo = cls(
            elo=elo,
            high=high,
            low=low,
        )

        return elo
