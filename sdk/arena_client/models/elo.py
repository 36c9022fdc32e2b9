from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="Elo")


@_attrs_define
class Elo:
    """
    Attributes:
        elo (float):
        high (float | None): null: unbounded.
        low (float | None): null: unbounded.
    """

    elo: float
    high: float | None
    low: float | None

    def to_dict(self) -> dict[str, Any]:
        elo = self.elo

        high: float | None
        high = self.high

        low: float | None
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

        def _parse_high(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        high = _parse_high(d.pop("high"))

        def _parse_low(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        low = _parse_low(d.pop("low"))

        elo = cls(
            elo=elo,
            high=high,
            low=low,
        )

        return elo
