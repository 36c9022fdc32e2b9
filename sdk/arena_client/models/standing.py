from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.standing_held_type_1 import StandingHeldType1
from ..models.standing_held_type_2_type_1 import StandingHeldType2Type1
from ..models.standing_held_type_3_type_1 import StandingHeldType3Type1

if TYPE_CHECKING:
    from ..models.standing_forfeits import StandingForfeits


T = TypeVar("T", bound="Standing")


@_attrs_define
class Standing:
    """
    Attributes:
        entrant (int):
        forfeits (StandingForfeits): Forfeits by cause.
        held (None | StandingHeldType1 | StandingHeldType2Type1 | StandingHeldType3Type1): Why the entrant's matches do
            not start now: `away` (its host's presence lease lapsed), `paused` (the tournament is); null otherwise.
        matches (int):
        mean_rank (float | None):
        mean_score (float | None):
        mu (float):
        name (str):
        ordinal (float): mu - 3 sigma: a cautious rating (not the order).
        points (float): Summed over its matches: 0 for a forfeit or a resignation, else (k - place) / (k - 1), tied
            seats sharing the average of their places (a 2-player draw: 1/2).
        rank_interval (list[float] | None): 95% interval of the mean rank, within [1, players_per_match].
        sigma (float):
        wins (int):
    """

    entrant: int
    forfeits: StandingForfeits
    held: None | StandingHeldType1 | StandingHeldType2Type1 | StandingHeldType3Type1
    matches: int
    mean_rank: float | None
    mean_score: float | None
    mu: float
    name: str
    ordinal: float
    points: float
    rank_interval: list[float] | None
    sigma: float
    wins: int

    def to_dict(self) -> dict[str, Any]:
        entrant = self.entrant

        forfeits = self.forfeits.to_dict()

        held: None | str
        if (
            isinstance(self.held, StandingHeldType1)
            or isinstance(self.held, StandingHeldType2Type1)
            or isinstance(self.held, StandingHeldType3Type1)
        ):
            held = self.held.value
        else:
            held = self.held

        matches = self.matches

        mean_rank: float | None
        mean_rank = self.mean_rank

        mean_score: float | None
        mean_score = self.mean_score

        mu = self.mu

        name = self.name

        ordinal = self.ordinal

        points = self.points

        rank_interval: list[float] | None
        if isinstance(self.rank_interval, list):
            rank_interval = self.rank_interval

        else:
            rank_interval = self.rank_interval

        sigma = self.sigma

        wins = self.wins

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "entrant": entrant,
                "forfeits": forfeits,
                "held": held,
                "matches": matches,
                "mean_rank": mean_rank,
                "mean_score": mean_score,
                "mu": mu,
                "name": name,
                "ordinal": ordinal,
                "points": points,
                "rank_interval": rank_interval,
                "sigma": sigma,
                "wins": wins,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.standing_forfeits import StandingForfeits

        d = dict(src_dict)
        entrant = d.pop("entrant")

        forfeits = StandingForfeits.from_dict(d.pop("forfeits"))

        def _parse_held(
            data: object,
        ) -> None | StandingHeldType1 | StandingHeldType2Type1 | StandingHeldType3Type1:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                held_type_1 = StandingHeldType1(data)

                return held_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                held_type_2_type_1 = StandingHeldType2Type1(data)

                return held_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                held_type_3_type_1 = StandingHeldType3Type1(data)

                return held_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                None
                | StandingHeldType1
                | StandingHeldType2Type1
                | StandingHeldType3Type1,
                data,
            )

        held = _parse_held(d.pop("held"))

        matches = d.pop("matches")

        def _parse_mean_rank(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        mean_rank = _parse_mean_rank(d.pop("mean_rank"))

        def _parse_mean_score(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        mean_score = _parse_mean_score(d.pop("mean_score"))

        mu = d.pop("mu")

        name = d.pop("name")

        ordinal = d.pop("ordinal")

        points = d.pop("points")

        def _parse_rank_interval(data: object) -> list[float] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                rank_interval_type_0 = cast(list[float], data)

                return rank_interval_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[float] | None, data)

        rank_interval = _parse_rank_interval(d.pop("rank_interval"))

        sigma = d.pop("sigma")

        wins = d.pop("wins")

        standing = cls(
            entrant=entrant,
            forfeits=forfeits,
            held=held,
            matches=matches,
            mean_rank=mean_rank,
            mean_score=mean_score,
            mu=mu,
            name=name,
            ordinal=ordinal,
            points=points,
            rank_interval=rank_interval,
            sigma=sigma,
            wins=wins,
        )

        return standing
