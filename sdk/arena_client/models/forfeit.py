from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.forfeit_cause import ForfeitCause
from ..types import UNSET, Unset

T = TypeVar("T", bound="Forfeit")


@_attrs_define
class Forfeit:
    """
    Attributes:
        index (int): The schedule index.
        seat (int):
        cause (ForfeitCause | Unset): Why: `crash` (the program stopped before the match did). Default: `"crash"`.
    """

    index: int
    seat: int
    cause: ForfeitCause | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        index = self.index

        seat = self.seat

        cause: str | Unset = UNSET
        if not isinstance(self.cause, Unset):
            cause = self.cause.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "index": index,
                "seat": seat,
            }
        )
        if cause is not UNSET:
            field_dict["cause"] = cause

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        index = d.pop("index")

        seat = d.pop("seat")

        _cause = d.pop("cause", UNSET)
        cause: ForfeitCause | Unset
        if isinstance(_cause, Unset):
            cause = UNSET
        else:
            cause = ForfeitCause(_cause)

        forfeit = cls(
            index=index,
            seat=seat,
            cause=cause,
        )

        return forfeit
