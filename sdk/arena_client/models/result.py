from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="Result")


@_attrs_define
class Result:
    """
    Attributes:
        ranks (list[int]): Each seat's rank (1 = best, ties share a rank); a seat that resigned or timed out ranks below
            every seat still playing.
        scores (list[float] | None): Each seat's score, where the game has scores.
        winners (list[int]): The winning seats.
    """

    ranks: list[int]
    scores: list[float] | None
    winners: list[int]

    def to_dict(self) -> dict[str, Any]:
        ranks = self.ranks

        scores: list[float] | None
        if isinstance(self.scores, list):
            scores = self.scores

        else:
            scores = self.scores

        winners = self.winners

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "ranks": ranks,
                "scores": scores,
                "winners": winners,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        ranks = cast(list[int], d.pop("ranks"))

        def _parse_scores(data: object) -> list[float] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                scores_type_0 = cast(list[float], data)

                return scores_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[float] | None, data)

        scores = _parse_scores(d.pop("scores"))

        winners = cast(list[int], d.pop("winners"))

        result = cls(
            ranks=ranks,
            scores=scores,
            winners=winners,
        )

        return result
