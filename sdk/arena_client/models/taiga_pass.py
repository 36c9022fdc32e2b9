from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.taiga_pass_type import TaigaPassType

T = TypeVar("T", bound="TaigaPass")


@_attrs_define
class TaigaPass:
    """After a find, stop flipping: the turn passes to the left (T4).

    Attributes:
        type_ (TaigaPassType): The action type.
    """

    type_: TaigaPassType

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = TaigaPassType(d.pop("type"))

        taiga_pass = cls(
            type_=type_,
        )

        return taiga_pass
