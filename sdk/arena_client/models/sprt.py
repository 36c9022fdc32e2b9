from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.sprt_verdict_type_1 import SprtVerdictType1
from ..models.sprt_verdict_type_2_type_1 import SprtVerdictType2Type1
from ..models.sprt_verdict_type_3_type_1 import SprtVerdictType3Type1

if TYPE_CHECKING:
    from ..models.elo import Elo


T = TypeVar("T", bound="Sprt")


@_attrs_define
class Sprt:
    """
    Attributes:
        alpha (float):
        beta (float):
        draws (int):
        elo (Elo | None): Entrant 0's Elo advantage with its 95% interval; null without games or unbeaten.
        elo0 (float):
        elo1 (float):
        elo_note (None | str): Once the test has stopped: how its Elo estimate is biased (toward the verdict; the
            interval covers less than 95%); null before a verdict.
        llr (float): The log-likelihood ratio so far (over whole deals when deals are duplicated).
        losses (int):
        lower_bound (float):
        upper_bound (float):
        verdict (None | SprtVerdictType1 | SprtVerdictType2Type1 | SprtVerdictType3Type1): `H1`: entrant 0 is at least
            elo1 stronger; `H0`: at most elo0; null: no verdict yet.
        waiting (int): Results in but not counted yet: the test counts in schedule order, each result once every match
            before it is in.
        wins (int): Entrant 0's wins against entrant 1.
    """

    alpha: float
    beta: float
    draws: int
    elo: Elo | None
    elo0: float
    elo1: float
    elo_note: None | str
    llr: float
    losses: int
    lower_bound: float
    upper_bound: float
    verdict: None | SprtVerdictType1 | SprtVerdictType2Type1 | SprtVerdictType3Type1
    waiting: int
    wins: int

    def to_dict(self) -> dict[str, Any]:
        from ..models.elo import Elo

        alpha = self.alpha

        beta = self.beta

        draws = self.draws

        elo: dict[str, Any] | None
        if isinstance(self.elo, Elo):
            elo = self.elo.to_dict()
        else:
            elo = self.elo

        elo0 = self.elo0

        elo1 = self.elo1

        elo_note: None | str
        elo_note = self.elo_note

        llr = self.llr

        losses = self.losses

        lower_bound = self.lower_bound

        upper_bound = self.upper_bound

        verdict: None | str
        if (
            isinstance(self.verdict, SprtVerdictType1)
            or isinstance(self.verdict, SprtVerdictType2Type1)
            or isinstance(self.verdict, SprtVerdictType3Type1)
        ):
            verdict = self.verdict.value
        else:
            verdict = self.verdict

        waiting = self.waiting

        wins = self.wins

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "alpha": alpha,
                "beta": beta,
                "draws": draws,
                "elo": elo,
                "elo0": elo0,
                "elo1": elo1,
                "elo_note": elo_note,
                "llr": llr,
                "losses": losses,
                "lower_bound": lower_bound,
                "upper_bound": upper_bound,
                "verdict": verdict,
                "waiting": waiting,
                "wins": wins,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.elo import Elo

        d = dict(src_dict)
        alpha = d.pop("alpha")

        beta = d.pop("beta")

        draws = d.pop("draws")

        def _parse_elo(data: object) -> Elo | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                elo_type_0 = Elo.from_dict(data)

                return elo_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Elo | None, data)

        elo = _parse_elo(d.pop("elo"))

        elo0 = d.pop("elo0")

        elo1 = d.pop("elo1")

        def _parse_elo_note(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        elo_note = _parse_elo_note(d.pop("elo_note"))

        llr = d.pop("llr")

        losses = d.pop("losses")

        lower_bound = d.pop("lower_bound")

        upper_bound = d.pop("upper_bound")

        def _parse_verdict(
            data: object,
        ) -> None | SprtVerdictType1 | SprtVerdictType2Type1 | SprtVerdictType3Type1:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                verdict_type_1 = SprtVerdictType1(data)

                return verdict_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                verdict_type_2_type_1 = SprtVerdictType2Type1(data)

                return verdict_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                verdict_type_3_type_1 = SprtVerdictType3Type1(data)

                return verdict_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                None | SprtVerdictType1 | SprtVerdictType2Type1 | SprtVerdictType3Type1,
                data,
            )

        verdict = _parse_verdict(d.pop("verdict"))

        waiting = d.pop("waiting")

        wins = d.pop("wins")

        sprt = cls(
            alpha=alpha,
            beta=beta,
            draws=draws,
            elo=elo,
            elo0=elo0,
            elo1=elo1,
            elo_note=elo_note,
            llr=llr,
            losses=losses,
            lower_bound=lower_bound,
            upper_bound=upper_bound,
            verdict=verdict,
            waiting=waiting,
            wins=wins,
        )

        return sprt
