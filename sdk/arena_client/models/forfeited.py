from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.tournament import Tournament


T = TypeVar("T", bound="Forfeited")


@_attrs_define
class Forfeited:
    """
    Attributes:
        match_id (str):
        tournament (Tournament):
    """

    match_id: str
    tournament: Tournament

    def to_dict(self) -> dict[str, Any]:
        match_id = self.match_id

        tournament = self.tournament.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "match_id": match_id,
                "tournament": tournament,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.tournament import Tournament

        d = dict(src_dict)
        match_id = d.pop("match_id")

        tournament = Tournament.from_dict(d.pop("tournament"))

        forfeited = cls(
            match_id=match_id,
            tournament=tournament,
        )

        return forfeited
