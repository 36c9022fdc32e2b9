from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="SeatRequest")


@_attrs_define
class SeatRequest:
    """
    Attributes:
        bot (str | Unset): A bot id from the game's `bots`: the server plays this seat.
        name (str | Unset): The player's name (with `open`: a label).
        open_ (bool | Unset): `true`: the seat waits for someone to join it.
    """

    bot: str | Unset = UNSET
    name: str | Unset = UNSET
    open_: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        bot = self.bot

        name = self.name

        open_ = self.open_

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if bot is not UNSET:
            field_dict["bot"] = bot
        if name is not UNSET:
            field_dict["name"] = name
        if open_ is not UNSET:
            field_dict["open"] = open_

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        bot = d.pop("bot", UNSET)

        name = d.pop("name", UNSET)

        open_ = d.pop("open", UNSET)

        seat_request = cls(
            bot=bot,
            name=name,
            open_=open_,
        )

        return seat_request
