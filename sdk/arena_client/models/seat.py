from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.seat_kind import SeatKind
from ..models.seat_state import SeatState

if TYPE_CHECKING:
    from ..models.time_control import TimeControl


T = TypeVar("T", bound="Seat")


@_attrs_define
class Seat:
    """
    Attributes:
        asked (bool): Whether the seat's program has asked for the match (its view, legal actions or seat stream, a
            join, an action, or a tournament's `next`); until it has, its clock waits up to the time control's
            `first_decision`.
        bot (None | str): The server bot playing it.
        deadline (float | None): Under a time control: when this seat must have acted (epoch seconds).
        invitation (bool): Whether this open seat takes only its invitation (a friend's seat).
        kind (SeatKind):
        name (None | str):
        remaining (float | None): Under a Fischer clock: the seconds left on the seat's clock as of this version, the
            decision running now not yet taken from them (`deadline` is when they and the margin run out). null for a per-
            action clock, no clock, or a server bot's seat.
        seat (int):
        state (SeatState): `playing`; or out of the match: `resigned`, `timed_out`, or `disqualified` (a tournament
            match's seat that sent more illegal actions than the tournament allows).
        time_control (None | TimeControl): The seat's clock: its own, else the match's `time_control`; null: not timed.
    """

    asked: bool
    bot: None | str
    deadline: float | None
    invitation: bool
    kind: SeatKind
    name: None | str
    remaining: float | None
    seat: int
    state: SeatState
    time_control: None | TimeControl

    def to_dict(self) -> dict[str, Any]:
        from ..models.time_control import TimeControl

        asked = self.asked

        bot: None | str
        bot = self.bot

        deadline: float | None
        deadline = self.deadline

        invitation = self.invitation

        kind = self.kind.value

        name: None | str
        name = self.name

        remaining: float | None
        remaining = self.remaining

        seat = self.seat

        state = self.state.value

        time_control: dict[str, Any] | None
        if isinstance(self.time_control, TimeControl):
            time_control = self.time_control.to_dict()
        else:
            time_control = self.time_control

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "asked": asked,
                "bot": bot,
                "deadline": deadline,
                "invitation": invitation,
                "kind": kind,
                "name": name,
                "remaining": remaining,
                "seat": seat,
                "state": state,
                "time_control": time_control,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.time_control import TimeControl

        d = dict(src_dict)
        asked = d.pop("asked")

        def _parse_bot(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        bot = _parse_bot(d.pop("bot"))

        def _parse_deadline(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        deadline = _parse_deadline(d.pop("deadline"))

        invitation = d.pop("invitation")

        kind = SeatKind(d.pop("kind"))

        def _parse_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        name = _parse_name(d.pop("name"))

        def _parse_remaining(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        remaining = _parse_remaining(d.pop("remaining"))

        seat = d.pop("seat")

        state = SeatState(d.pop("state"))

        def _parse_time_control(data: object) -> None | TimeControl:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                time_control_type_0 = TimeControl.from_dict(data)

                return time_control_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TimeControl, data)

        time_control = _parse_time_control(d.pop("time_control"))

        seat = cls(
            asked=asked,
            bot=bot,
            deadline=deadline,
            invitation=invitation,
            kind=kind,
            name=name,
            remaining=remaining,
            seat=seat,
            state=state,
            time_control=time_control,
        )

        return seat
