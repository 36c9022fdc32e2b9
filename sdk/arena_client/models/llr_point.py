from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="LlrPoint")


@_attrs_define
class LlrPoint:
    """
    Attributes:
        llr (float):
        matches (int): Matches recorded so far.
    """

    llr: float
    matches: int

    def to_dict(self) -> dict[str, Any]:
        llr = self.llr

        matches = self.matches

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "llr": llr,
                "matches": matches,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        llr = d.pop("llr")

        matches = d.pop("matches")

        llr_point = cls(
            llr=llr,
            matches=matches,
        )

        return llr_point
