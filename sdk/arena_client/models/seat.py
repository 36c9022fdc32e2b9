from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.seat_kind import SeatKind
from ..models.seat_state import SeatState

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
        seat (int):
        state (SeatState): `playing`; or out of the match: `resigned`, `timed_out`, or `disqualified` (a tournament
            match's seat that sent more illegal actions than the tournament allows).
    """

    asked: bool
    bot: None | str
    deadline: float | None
    invitation: bool
    kind: SeatKind
    name: None | str
    seat: int
    state: SeatState

    def to_dict(self) -> dict[str, Any]:
        asked = self.asked

        bot: None | str
        bot = self.bot

        deadline: float | None
        deadline = self.deadline

        invitation = self.invitation

        kind = self.kind.value

        name: None | str
        name = self.name

        seat = self.seat

        state = self.state.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "asked": asked,
                "bot": bot,
                "deadline": deadline,
                "invitation": invitation,
                "kind": kind,
                "name": name,
                "seat": seat,
                "state": state,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
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

        seat = d.pop("seat")

        state = SeatState(d.pop("state"))

        seat = cls(
            asked=asked,
            bot=bot,
            deadline=deadline,
            invitation=invitation,
            kind=kind,
            name=name,
            seat=seat,
            state=state,
        )

        return seat
