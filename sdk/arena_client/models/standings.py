from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.head_to_head import HeadToHead
    from ..models.standing import Standing


T = TypeVar("T", bound="Standings")


@_attrs_define
class Standings:
    """
    Attributes:
        entrants (list[Standing]): Best first.
        head_to_head (list[list[HeadToHead]]): `[a][b]`: how often entrant a finished ahead of, behind or level with b.
    """

    entrants: list[Standing]
    head_to_head: list[list[HeadToHead]]

    def to_dict(self) -> dict[str, Any]:
        entrants = []
        for entrants_item_data in self.entrants:
            entrants_item = entrants_item_data.to_dict()
            entrants.append(entrants_item)

        head_to_head = []
        for head_to_head_item_data in self.head_to_head:
            head_to_head_item = []
            for head_to_head_item_item_data in head_to_head_item_data:
                head_to_head_item_item = head_to_head_item_item_data.to_dict()
                head_to_head_item.append(head_to_head_item_item)

            head_to_head.append(head_to_head_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "entrants": entrants,
                "head_to_head": head_to_head,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.head_to_head import HeadToHead
        from ..models.standing import Standing

        d = dict(src_dict)
        entrants = []
        _entrants = d.pop("entrants")
        for entrants_item_data in _entrants:
            entrants_item = Standing.from_dict(entrants_item_data)

            entrants.append(entrants_item)

        head_to_head = []
        _head_to_head = d.pop("head_to_head")
        for head_to_head_item_data in _head_to_head:
            head_to_head_item = []
            _head_to_head_item = head_to_head_item_data
            for head_to_head_item_item_data in _head_to_head_item:
                head_to_head_item_item = HeadToHead.from_dict(
                    head_to_head_item_item_data
                )

                head_to_head_item.append(head_to_head_item_item)

            head_to_head.append(head_to_head_item)

        standings = cls(
            entrants=entrants,
            head_to_head=head_to_head,
        )

        return standings
