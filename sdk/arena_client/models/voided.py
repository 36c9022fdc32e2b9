from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.voided_reason import VoidedReason

T = TypeVar("T", bound="Voided")


@_attrs_define
class Voided:
    """
    Attributes:
        match_id (str):
        reason (VoidedReason): `aborted` by its host; `absent`: a program never asked for the match; `runner_lost`: a
            program timed out and its runner's presence lease lapsed before the runner was heard of again, or a session
            renews it that began after the program asked (the runner was started again); `worker_lost`: its runner said a
            worker playing it died.
    """

    match_id: str
    reason: VoidedReason

    def to_dict(self) -> dict[str, Any]:
        match_id = self.match_id

        reason = self.reason.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "match_id": match_id,
                "reason": reason,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        match_id = d.pop("match_id")

        reason = VoidedReason(d.pop("reason"))

        voided = cls(
            match_id=match_id,
            reason=reason,
        )

        return voided
