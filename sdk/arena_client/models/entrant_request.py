from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.time_control_request import TimeControlRequest


T = TypeVar("T", bound="EntrantRequest")


@_attrs_define
class EntrantRequest:
    """
    Attributes:
        name (str): Unique within the tournament.
        bot (None | str | Unset): A server bot of the game (`GET /games/{id}` lists them): it plays on the server.
        concurrency (int | None | Unset): At most this many of the entrant's matches play at once (default: 1 for a
            program, any number for a server bot). A program that says k gets up to k matches at once: each `GET .../next`
            hands out one it has not asked for yet.
        time_control (None | TimeControlRequest | Unset): The entrant's own clock in every match it plays, over the
            tournament's `time_control` (its opponents keep theirs); not for a server bot, which is never timed.
    """

    name: str
    bot: None | str | Unset = UNSET
    concurrency: int | None | Unset = UNSET
    time_control: None | TimeControlRequest | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.time_control_request import TimeControlRequest

        name = self.name

        bot: None | str | Unset
        if isinstance(self.bot, Unset):
            bot = UNSET
        else:
            bot = self.bot

        concurrency: int | None | Unset
        if isinstance(self.concurrency, Unset):
            concurrency = UNSET
        else:
            concurrency = self.concurrency

        time_control: dict[str, Any] | None | Unset
        if isinstance(self.time_control, Unset):
            time_control = UNSET
        elif isinstance(self.time_control, TimeControlRequest):
            time_control = self.time_control.to_dict()
        else:
            time_control = self.time_control

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
            }
        )
        if bot is not UNSET:
            field_dict["bot"] = bot
        if concurrency is not UNSET:
            field_dict["concurrency"] = concurrency
        if time_control is not UNSET:
            field_dict["time_control"] = time_control

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.time_control_request import TimeControlRequest

        d = dict(src_dict)
        name = d.pop("name")

        def _parse_bot(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        bot = _parse_bot(d.pop("bot", UNSET))

        def _parse_concurrency(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        concurrency = _parse_concurrency(d.pop("concurrency", UNSET))

        def _parse_time_control(data: object) -> None | TimeControlRequest | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                time_control_type_0 = TimeControlRequest.from_dict(data)

                return time_control_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TimeControlRequest | Unset, data)

        time_control = _parse_time_control(d.pop("time_control", UNSET))

        entrant_request = cls(
            name=name,
            bot=bot,
            concurrency=concurrency,
            time_control=time_control,
        )

        return entrant_request
