from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.sprt_curve_unit import SprtCurveUnit
from ..models.sprt_curve_verdict_type_1 import SprtCurveVerdictType1
from ..models.sprt_curve_verdict_type_2_type_1 import SprtCurveVerdictType2Type1
from ..models.sprt_curve_verdict_type_3_type_1 import SprtCurveVerdictType3Type1

if TYPE_CHECKING:
    from ..models.llr_point import LlrPoint


T = TypeVar("T", bound="SprtCurve")


@_attrs_define
class SprtCurve:
    """
    Attributes:
        alpha (float):
        beta (float):
        elo0 (float):
        elo1 (float):
        elo_note (None | str): Once the test has stopped: how an Elo estimate taken then is biased.
        lower_bound (float):
        points (list[LlrPoint]): The log-likelihood ratio after each counted match (in schedule order), from (0, 0).
        unit (SprtCurveUnit): What the test counts: matches, or whole duplicate deals.
        upper_bound (float):
        verdict (None | SprtCurveVerdictType1 | SprtCurveVerdictType2Type1 | SprtCurveVerdictType3Type1):
    """

    alpha: float
    beta: float
    elo0: float
    elo1: float
    elo_note: None | str
    lower_bound: float
    points: list[LlrPoint]
    unit: SprtCurveUnit
    upper_bound: float
    verdict: (
        None
        | SprtCurveVerdictType1
        | SprtCurveVerdictType2Type1
        | SprtCurveVerdictType3Type1
    )

    def to_dict(self) -> dict[str, Any]:
        alpha = self.alpha

        beta = self.beta

        elo0 = self.elo0

        elo1 = self.elo1

        elo_note: None | str
        elo_note = self.elo_note

        lower_bound = self.lower_bound

        points = []
        for points_item_data in self.points:
            points_item = points_item_data.to_dict()
            points.append(points_item)

        unit = self.unit.value

        upper_bound = self.upper_bound

        verdict: None | str
        if (
            isinstance(self.verdict, SprtCurveVerdictType1)
            or isinstance(self.verdict, SprtCurveVerdictType2Type1)
            or isinstance(self.verdict, SprtCurveVerdictType3Type1)
        ):
            verdict = self.verdict.value
        else:
            verdict = self.verdict

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "alpha": alpha,
                "beta": beta,
                "elo0": elo0,
                "elo1": elo1,
                "elo_note": elo_note,
                "lower_bound": lower_bound,
                "points": points,
                "unit": unit,
                "upper_bound": upper_bound,
                "verdict": verdict,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.llr_point import LlrPoint

        d = dict(src_dict)
        alpha = d.pop("alpha")

        beta = d.pop("beta")

        elo0 = d.pop("elo0")

        elo1 = d.pop("elo1")

        def _parse_elo_note(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        elo_note = _parse_elo_note(d.pop("elo_note"))

        lower_bound = d.pop("lower_bound")

        points = []
        _points = d.pop("points")
        for points_item_data in _points:
            points_item = LlrPoint.from_dict(points_item_data)

            points.append(points_item)

        unit = SprtCurveUnit(d.pop("unit"))

        upper_bound = d.pop("upper_bound")

        def _parse_verdict(
            data: object,
        ) -> (
            None
            | SprtCurveVerdictType1
            | SprtCurveVerdictType2Type1
            | SprtCurveVerdictType3Type1
        ):
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                verdict_type_1 = SprtCurveVerdictType1(data)

                return verdict_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                verdict_type_2_type_1 = SprtCurveVerdictType2Type1(data)

                return verdict_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                verdict_type_3_type_1 = SprtCurveVerdictType3Type1(data)

                return verdict_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                None
                | SprtCurveVerdictType1
                | SprtCurveVerdictType2Type1
                | SprtCurveVerdictType3Type1,
                data,
            )

        verdict = _parse_verdict(d.pop("verdict"))

        sprt_curve = cls(
            alpha=alpha,
            beta=beta,
            elo0=elo0,
            elo1=elo1,
            elo_note=elo_note,
            lower_bound=lower_bound,
            points=points,
            unit=unit,
            upper_bound=upper_bound,
            verdict=verdict,
        )

        return sprt_curve
