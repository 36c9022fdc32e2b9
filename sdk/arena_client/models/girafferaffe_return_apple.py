from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.girafferaffe_return_apple_type import GirafferaffeReturnAppleType

T = TypeVar("T", bound="GirafferaffeReturnApple")


@_attrs_define
class GirafferaffeReturnApple:
    """Return one apple to the supply instead of playing (a pass).

    Attributes:
        type_ (GirafferaffeReturnAppleType): The action type.
    """

    type_: GirafferaffeReturnAppleType

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
        type_ = GirafferaffeReturnAppleType(d.pop("type"))

        girafferaffe_return_apple = cls(
            type_=type_,
        )

        return girafferaffe_return_apple
