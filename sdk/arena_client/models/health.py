from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="Health")


@_attrs_define
class Health:
    """
    Attributes:
        status (str): `ok` when the match store answers.
        store (str):
    """

    status: str
    store: str

    def to_dict(self) -> dict[str, Any]:
        status = self.status

        store = self.store

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "store": store,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        status = d.pop("status")

        store = d.pop("store")

        health = cls(
            status=status,
            store=store,
        )

        return health
