from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="Bot")


@_attrs_define
class Bot:
    """
    Attributes:
        description (str):
        id (str): Use as `{"bot": id}` in a match's `seats`.
        score_against_greedy (float | None): The share of two-player matches the bot scores against the `greedy` bot (a
            win 1, a shared win 0.5), as the ladder measured it (docs/bots.md); null for `greedy` itself and for a level not
            measured yet.
        strength (str): How strong the bot is, in a sentence for a person choosing an opponent: the level (from
            `random`, the easiest, to `search-3`, the hardest) and its measured score against `greedy`.
    """

    description: str
    id: str
    score_against_greedy: float | None
    strength: str

    def to_dict(self) -> dict[str, Any]:
        description = self.description

        id = self.id

        score_against_greedy: float | None
        score_against_greedy = self.score_against_greedy

        strength = self.strength

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "description": description,
                "id": id,
                "score_against_greedy": score_against_greedy,
                "strength": strength,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        description = d.pop("description")

        id = d.pop("id")

        def _parse_score_against_greedy(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        score_against_greedy = _parse_score_against_greedy(
            d.pop("score_against_greedy")
        )

        strength = d.pop("strength")

        bot = cls(
            description=description,
            id=id,
            score_against_greedy=score_against_greedy,
            strength=strength,
        )

        return bot
