from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="AppliesWhen")


@_attrs_define
class AppliesWhen:
    """
    Attributes:
        option (str):
        values (list[Any]):
    """

    option: str
    values: list[Any]

    def to_dict(self) -> dict[str, Any]:
        option = self.option

        values = self.values

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "option": option,
                "values": values,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        option = d.pop("option")

        values = cast(list[Any], d.pop("values"))

        applies_when = cls(
            option=option,
            values=values,
        )

        return applies_when
