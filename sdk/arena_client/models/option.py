from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.option_kind import OptionKind

T = TypeVar("T", bound="Option")


@_attrs_define
class Option:
    """
    Attributes:
        choices (list[Any]):
        default (Any):
        description (str):
        kind (OptionKind): choice (one of `choices`), integer (from `minimum` to `maximum`), boolean, seat (a seat
            number; null picks a seeded random seat) or json (structured data the game checks).
        maximum (int | None):
        minimum (int | None):
        name (str):
    """

    choices: list[Any]
    default: Any
    description: str
    kind: OptionKind
    maximum: int | None
    minimum: int | None
    name: str

    def to_dict(self) -> dict[str, Any]:
        choices = self.choices

        default = self.default

        description = self.description

        kind = self.kind.value

        maximum: int | None
        maximum = self.maximum

        minimum: int | None
        minimum = self.minimum

        name = self.name

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "choices": choices,
                "default": default,
                "description": description,
                "kind": kind,
                "maximum": maximum,
                "minimum": minimum,
                "name": name,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        choices = cast(list[Any], d.pop("choices"))

        default = d.pop("default")

        description = d.pop("description")

        kind = OptionKind(d.pop("kind"))

        def _parse_maximum(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        maximum = _parse_maximum(d.pop("maximum"))

        def _parse_minimum(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        minimum = _parse_minimum(d.pop("minimum"))

        name = d.pop("name")

        option = cls(
            choices=choices,
            default=default,
            description=description,
            kind=kind,
            maximum=maximum,
            minimum=minimum,
            name=name,
        )

        return option
