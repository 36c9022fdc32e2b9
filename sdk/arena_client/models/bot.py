from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="Bot")


@_attrs_define
class Bot:
    """
    Attributes:
        description (str):
        id (str): Use as `{"bot": id}` in a match's `seats`.
    """

    description: str
    id: str

    def to_dict(self) -> dict[str, Any]:
        description = self.description

        id = self.id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "description": description,
                "id": id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        description = d.pop("description")

        id = d.pop("id")

        bot = cls(
            description=description,
            id=id,
        )

        return bot
