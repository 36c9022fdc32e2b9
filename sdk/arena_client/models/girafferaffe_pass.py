from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.girafferaffe_pass_type import GirafferaffePassType

T = TypeVar("T", bound="GirafferaffePass")


@_attrs_define
class GirafferaffePass:
    """Return one apple to the supply instead of playing (a pass).

    Attributes:
        type_ (GirafferaffePassType): The action type.
    """

    type_: GirafferaffePassType

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
        type_ = GirafferaffePassType(d.pop("type"))

        girafferaffe_pass = cls(
            type_=type_,
        )

        return girafferaffe_pass
