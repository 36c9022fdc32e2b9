from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="EloEstimate")


@_attrs_define
class EloEstimate:
    """
    Attributes:
        elo (float | None): a's Elo over b; null: unbounded.
        high (float | None):
        los (float): The likelihood that a is the stronger.
        low (float | None): 95% interval; null: unbounded.
    """

    elo: float | None
    high: float | None
    los: float
    low: float | None

    def to_dict(self) -> dict[str, Any]:
        elo: float | None
        elo = self.elo

        high: float | None
        high = self.high

        los = self.los

        low: float | None
        low = self.low

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "elo": elo,
                "high": high,
                "los": los,
                "low": low,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_elo(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        elo = _parse_elo(d.pop("elo"))

        def _parse_high(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        high = _parse_high(d.pop("high"))

        los = d.pop("los")

        def _parse_low(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        low = _parse_low(d.pop("low"))

        elo_estimate = cls(
            elo=elo,
            high=high,
            los=los,
            low=low,
        )

        return elo_estimate
