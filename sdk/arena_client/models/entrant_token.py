from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="EntrantToken")


@_attrs_define
class EntrantToken:
    """
    Attributes:
        entrant (int): The entrant's number (its index).
        name (str):
        token (str): The entrant's secret bearer token.
    """

    entrant: int
    name: str
    token: str

    def to_dict(self) -> dict[str, Any]:
        entrant = self.entrant

        name = self.name

        token = self.token

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "entrant": entrant,
                "name": name,
                "token": token,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        entrant = d.pop("entrant")

        name = d.pop("name")

        token = d.pop("token")

        entrant_token = cls(
            entrant=entrant,
            name=name,
            token=token,
        )

        return entrant_token
