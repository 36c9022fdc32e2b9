from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="SprtRequest")


@_attrs_define
class SprtRequest:
    """
    Attributes:
        elo0 (float):
        elo1 (float):
        alpha (float | Unset): Default: `0.05`.
        beta (float | Unset): Default: `0.05`.
    """

    elo0: float
    elo1: float
    alpha: float | Unset = UNSET
    beta: float | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        elo0 = self.elo0

        elo1 = self.elo1

        alpha = self.alpha

        beta = self.beta

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "elo0": elo0,
                "elo1": elo1,
            }
        )
        if alpha is not UNSET:
            field_dict["alpha"] = alpha
        if beta is not UNSET:
            field_dict["beta"] = beta

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        elo0 = d.pop("elo0")

        elo1 = d.pop("elo1")

        alpha = d.pop("alpha", UNSET)

        beta = d.pop("beta", UNSET)

        sprt_request = cls(
            elo0=elo0,
            elo1=elo1,
            alpha=alpha,
            beta=beta,
        )

        return sprt_request
