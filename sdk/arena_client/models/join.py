from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="Join")


@_attrs_define
class Join:
    """
    Attributes:
        invitation (None | str | Unset): The invitation of an invitation-only seat (from the creation's answer); without
            it, or with another, such a seat is 403 `auth/invalid_invitation` and nothing is stored.
        name (None | str | Unset): Your name at the table (default: the seat's label).
        seat (int | None | Unset): The open seat to take (default: the one the invitation opens, else the first one open
            to anyone); a seat the match does not have is 422 `request/invalid`.
    """

    invitation: None | str | Unset = UNSET
    name: None | str | Unset = UNSET
    seat: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        invitation: None | str | Unset
        if isinstance(self.invitation, Unset):
            invitation = UNSET
        else:
            invitation = self.invitation

        name: None | str | Unset
        if isinstance(self.name, Unset):
            name = UNSET
        else:
            name = self.name

        seat: int | None | Unset
        if isinstance(self.seat, Unset):
            seat = UNSET
        else:
            seat = self.seat

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if invitation is not UNSET:
            field_dict["invitation"] = invitation
        if name is not UNSET:
            field_dict["name"] = name
        if seat is not UNSET:
            field_dict["seat"] = seat

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_invitation(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        invitation = _parse_invitation(d.pop("invitation", UNSET))

        def _parse_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        name = _parse_name(d.pop("name", UNSET))

        def _parse_seat(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        seat = _parse_seat(d.pop("seat", UNSET))

        join = cls(
            invitation=invitation,
            name=name,
            seat=seat,
        )

        return join
