from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.rating_line import RatingLine


T = TypeVar("T", bound="RatingTable")


@_attrs_define
class RatingTable:
    """
    Attributes:
        anchor (int | None): The entrant rated 0; null: the mean is 0.
        entrants (list[RatingLine]): Every entrant, best first (ties by entrant number).
        prior_draws (float): Virtual draws each entrant has against an opponent rated 0.
    """

    anchor: int | None
    entrants: list[RatingLine]
    prior_draws: float

    def to_dict(self) -> dict[str, Any]:
        anchor: int | None
        anchor = self.anchor

        entrants = []
        for entrants_item_data in self.entrants:
            entrants_item = entrants_item_data.to_dict()
            entrants.append(entrants_item)

        prior_draws = self.prior_draws

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "anchor": anchor,
                "entrants": entrants,
                "prior_draws": prior_draws,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.rating_line import RatingLine

        d = dict(src_dict)

        def _parse_anchor(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        anchor = _parse_anchor(d.pop("anchor"))

        entrants = []
        _entrants = d.pop("entrants")
        for entrants_item_data in _entrants:
            entrants_item = RatingLine.from_dict(entrants_item_data)

            entrants.append(entrants_item)

        prior_draws = d.pop("prior_draws")

        rating_table = cls(
            anchor=anchor,
            entrants=entrants,
            prior_draws=prior_draws,
        )

        return rating_table
