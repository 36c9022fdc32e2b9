from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.record_seat_kind import RecordSeatKind
from ..models.record_seat_state import RecordSeatState
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.time_control import TimeControl


T = TypeVar("T", bound="RecordSeat")


@_attrs_define
class RecordSeat:
    """
    Attributes:
        bot (None | str): The server bot, for a bot seat.
        kind (RecordSeatKind):
        name (None | str):
        state (RecordSeatState):
        time_control (TimeControl | Unset):
    """

    bot: None | str
    kind: RecordSeatKind
    name: None | str
    state: RecordSeatState
    time_control: TimeControl | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        bot: None | str
        bot = self.bot

        kind = self.kind.value

        name: None | str
        name = self.name

        state = self.state.value

        time_control: dict[str, Any] | Unset = UNSET
        if not isinstance(self.time_control, Unset):
            time_control = self.time_control.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "bot": bot,
                "kind": kind,
                "name": name,
                "state": state,
            }
        )
        if time_control is not UNSET:
            field_dict["time_control"] = time_control

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.time_control import TimeControl

        d = dict(src_dict)

        def _parse_bot(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        bot = _parse_bot(d.pop("bot"))

        kind = RecordSeatKind(d.pop("kind"))

        def _parse_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        name = _parse_name(d.pop("name"))

        state = RecordSeatState(d.pop("state"))

        _time_control = d.pop("time_control", UNSET)
        time_control: TimeControl | Unset
        if isinstance(_time_control, Unset):
            time_control = UNSET
        else:
            time_control = TimeControl.from_dict(_time_control)

        record_seat = cls(
            bot=bot,
            kind=kind,
            name=name,
            state=state,
            time_control=time_control,
        )

        return record_seat
