from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="CrosstableEntrant")


@_attrs_define
class CrosstableEntrant:
    """
    Attributes:
        entrant (int):
        name (str):
    """

    entrant: int
    name: str

    def to_dict(self) -> dict[str, Any]:
        entrant = self.entrant

        name = self.name

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "entrant": entrant,
                "name": name,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        entrant = d.pop("entrant")

        name = d.pop("name")

        crosstable_entrant = cls(
            entrant=entrant,
            name=name,
        )

        return crosstable_entrant
