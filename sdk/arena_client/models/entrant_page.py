from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.entrant import Entrant


T = TypeVar("T", bound="EntrantPage")


@_attrs_define
class EntrantPage:
    """
    Attributes:
        entrants (list[Entrant]):
        limit (int):
        offset (int):
        total (int): How many entrants the tournament has.
    """

    entrants: list[Entrant]
    limit: int
    offset: int
    total: int

    def to_dict(self) -> dict[str, Any]:
        entrants = []
        for entrants_item_data in self.entrants:
            entrants_item = entrants_item_data.to_dict()
            entrants.append(entrants_item)

        limit = self.limit

        offset = self.offset

        total = self.total

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "entrants": entrants,
                "limit": limit,
                "offset": offset,
                "total": total,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.entrant import Entrant

        d = dict(src_dict)
        entrants = []
        _entrants = d.pop("entrants")
        for entrants_item_data in _entrants:
            entrants_item = Entrant.from_dict(entrants_item_data)

            entrants.append(entrants_item)

        limit = d.pop("limit")

        offset = d.pop("offset")

        total = d.pop("total")

        entrant_page = cls(
            entrants=entrants,
            limit=limit,
            offset=offset,
            total=total,
        )

        return entrant_page
