from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ChoicePlayers")


@_attrs_define
class ChoicePlayers:
    """
    Attributes:
        choice (Any):
        max_players (int):
        min_players (int):
    """

    choice: Any
    max_players: int
    min_players: int

    def to_dict(self) -> dict[str, Any]:
        choice = self.choice

        max_players = self.max_players

        min_players = self.min_players

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "choice": choice,
                "max_players": max_players,
                "min_players": min_players,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        choice = d.pop("choice")

        max_players = d.pop("max_players")

        min_players = d.pop("min_players")

        choice_players = cls(
            choice=choice,
            max_players=max_players,
            min_players=min_players,
        )

        return choice_players
