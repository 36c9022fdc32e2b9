from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.elo_estimate import EloEstimate


T = TypeVar("T", bound="CrosstablePair")


@_attrs_define
class CrosstablePair:
    """
    Attributes:
        a (int):
        a_ahead (int):
        a_score (float): a's score against b: ahead 1, level 1/2.
        b (int): Entrant numbers, a < b.
        b_ahead (int):
        b_score (float):
        elo (EloEstimate | None): 2-player tables only.
        level (int):
        matches (int): Matches where they sat at one table.
        pentanomial (list[int] | None): Duplicate deals: how many gave a a total of 0, 1/2, 1, 3/2, 2 over their two
            matches.
    """

    a: int
    a_ahead: int
    a_score: float
    b: int
    b_ahead: int
    b_score: float
    elo: EloEstimate | None
    level: int
    matches: int
    pentanomial: list[int] | None

    def to_dict(self) -> dict[str, Any]:
        from ..models.elo_estimate import EloEstimate

        a = self.a

        a_ahead = self.a_ahead

        a_score = self.a_score

        b = self.b

        b_ahead = self.b_ahead

        b_score = self.b_score

        elo: dict[str, Any] | None
        if isinstance(self.elo, EloEstimate):
            elo = self.elo.to_dict()
        else:
            elo = self.elo

        level = self.level

        matches = self.matches

        pentanomial: list[int] | None
        if isinstance(self.pentanomial, list):
            pentanomial = self.pentanomial

        else:
            pentanomial = self.pentanomial

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "a": a,
                "a_ahead": a_ahead,
                "a_score": a_score,
                "b": b,
                "b_ahead": b_ahead,
                "b_score": b_score,
                "elo": elo,
                "level": level,
                "matches": matches,
                "pentanomial": pentanomial,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.elo_estimate import EloEstimate

        d = dict(src_dict)
        a = d.pop("a")

        a_ahead = d.pop("a_ahead")

        a_score = d.pop("a_score")

        b = d.pop("b")

        b_ahead = d.pop("b_ahead")

        b_score = d.pop("b_score")

        def _parse_elo(data: object) -> EloEstimate | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                elo_type_0 = EloEstimate.from_dict(data)

                return elo_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(EloEstimate | None, data)

        elo = _parse_elo(d.pop("elo"))

        level = d.pop("level")

        matches = d.pop("matches")

        def _parse_pentanomial(data: object) -> list[int] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                pentanomial_type_0 = cast(list[int], data)

                return pentanomial_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[int] | None, data)

        pentanomial = _parse_pentanomial(d.pop("pentanomial"))

        crosstable_pair = cls(
            a=a,
            a_ahead=a_ahead,
            a_score=a_score,
            b=b,
            b_ahead=b_ahead,
            b_score=b_score,
            elo=elo,
            level=level,
            matches=matches,
            pentanomial=pentanomial,
        )

        return crosstable_pair
