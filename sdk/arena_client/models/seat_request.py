from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.time_control_request import TimeControlRequest


T = TypeVar("T", bound="SeatRequest")


@_attrs_define
class SeatRequest:
    """
    Attributes:
        bot (str | Unset): A bot id from the game's `bots`: the server plays this seat.
        invitation (bool | Unset): With `open`: `true` makes the seat invitation-only. The creation's answer holds its
            invitation (a secret, with the web client's join link holding it in its fragment); only a join that carries it
            takes the seat, and the public lobby (`GET /matches?open=true`) does not list a match whose open seats are all
            invitation-only.
        name (str | Unset): The player's name (with `open`: a label).
        open_ (bool | Unset): `true`: the seat waits for someone to join it.
        time_control (TimeControlRequest | Unset):
    """

    bot: str | Unset = UNSET
    invitation: bool | Unset = UNSET
    name: str | Unset = UNSET
    open_: bool | Unset = UNSET
    time_control: TimeControlRequest | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        bot = self.bot

        invitation = self.invitation

        name = self.name

        open_ = self.open_

        time_control: dict[str, Any] | Unset = UNSET
        if not isinstance(self.time_control, Unset):
            time_control = self.time_control.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if bot is not UNSET:
            field_dict["bot"] = bot
        if invitation is not UNSET:
            field_dict["invitation"] = invitation
        if name is not UNSET:
            field_dict["name"] = name
        if open_ is not UNSET:
            field_dict["open"] = open_
        if time_control is not UNSET:
            field_dict["time_control"] = time_control

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.time_control_request import TimeControlRequest

        d = dict(src_dict)
        bot = d.pop("bot", UNSET)

        invitation = d.pop("invitation", UNSET)

        name = d.pop("name", UNSET)

        open_ = d.pop("open", UNSET)

        _time_control = d.pop("time_control", UNSET)
        time_control: TimeControlRequest | Unset
        if isinstance(_time_control, Unset):
            time_control = UNSET
        else:
            time_control = TimeControlRequest.from_dict(_time_control)

        seat_request = cls(
            bot=bot,
            invitation=invitation,
            name=name,
            open_=open_,
            time_control=time_control,
        )

        return seat_request
