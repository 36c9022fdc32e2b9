from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="RatingLine")


@_attrs_define
class RatingLine:
    """
    Attributes:
        elo (float): The rating, relative to the anchor.
        entrant (int):
        games (int): Pairwise results: one per opponent per match (a match of k seats gives k - 1 each).
        high (float):
        low (float): Its 95% interval (the anchor's own is [0, 0]).
        name (str):
        score (float): Points in them: ahead 1, level 1/2, behind 0.
    """

    elo: float
    entrant: int
    games: int
    high: float
    low: float
    name: str
    score: float

    def to_dict(self) -> dict[str, Any]:
        elo = self.elo

        entrant = self.entrant

        games = self.games

        high = self.high

        low = self.low

        name = self.name

        score = self.score

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "elo": elo,
                "entrant": entrant,
                "games": games,
                "high": high,
                "low": low,
                "name": name,
                "score": score,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        elo = d.pop("elo")

        entrant = d.pop("entrant")

        games = d.pop("games")

        high = d.pop("high")

        low = d.pop("low")

        name = d.pop("name")

        score = d.pop("score")

        rating_line = cls(
            elo=elo,
            entrant=entrant,
            games=games,
            high=high,
            low=low,
            name=name,
            score=score,
        )

        return rating_line
