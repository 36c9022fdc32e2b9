from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.record_seat_kind import RecordSeatKind
from ..models.record_seat_state import RecordSeatState

T = TypeVar("T", bound="RecordSeat")


@_attrs_define
class RecordSeat:
    """
    Attributes:
        bot (None | str): The server bot, for a bot seat.
        kind (RecordSeatKind):
        name (None | str):
        state (RecordSeatState):
    """

    bot: None | str
    kind: RecordSeatKind
    name: None | str
    state: RecordSeatState

    def to_dict(self) -> dict[str, Any]:
        bot: None | str
        bot = self.bot

        kind = self.kind.value

        name: None | str
        name = self.name

        state = self.state.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "bot": bot,
                "kind": kind,
                "name": name,
                "state": state,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
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

        record_seat = cls(
            bot=bot,
            kind=kind,
            name=name,
            state=state,
        )

        return record_seat
