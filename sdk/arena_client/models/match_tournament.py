from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="MatchTournament")


@_attrs_define
class MatchTournament:
    """
    Attributes:
        index (int): The match's place in the tournament's schedule.
        tournament_id (str):
    """

    index: int
    tournament_id: str

    def to_dict(self) -> dict[str, Any]:
        index = self.index

        tournament_id = self.tournament_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "index": index,
                "tournament_id": tournament_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        index = d.pop("index")

        tournament_id = d.pop("tournament_id")

        match_tournament = cls(
            index=index,
            tournament_id=tournament_id,
        )

        return match_tournament
