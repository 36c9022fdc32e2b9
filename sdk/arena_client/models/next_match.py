from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="NextMatch")


@_attrs_define
class NextMatch:
    """
    Attributes:
        done (bool | Unset): `true` once the entrant has nothing left to play.
        index (int | Unset): The match's place in the schedule.
        match_id (str | Unset): The match to play (absent once `done`).
        seat (int | Unset): The entrant's seat in it.
        token (str | Unset): That seat's secret token.
    """

    done: bool | Unset = UNSET
    index: int | Unset = UNSET
    match_id: str | Unset = UNSET
    seat: int | Unset = UNSET
    token: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        done = self.done

        index = self.index

        match_id = self.match_id

        seat = self.seat

        token = self.token

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if done is not UNSET:
            field_dict["done"] = done
        if index is not UNSET:
            field_dict["index"] = index
        if match_id is not UNSET:
            field_dict["match_id"] = match_id
        if seat is not UNSET:
            field_dict["seat"] = seat
        if token is not UNSET:
            field_dict["token"] = token

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        done = d.pop("done", UNSET)

        index = d.pop("index", UNSET)

        match_id = d.pop("match_id", UNSET)

        seat = d.pop("seat", UNSET)

        token = d.pop("token", UNSET)

        next_match = cls(
            done=done,
            index=index,
            match_id=match_id,
            seat=seat,
            token=token,
        )

        return next_match
