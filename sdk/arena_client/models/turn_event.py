from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.seat_view import SeatView
    from ..models.turn_legal_actions import TurnLegalActions


T = TypeVar("T", bound="TurnEvent")


@_attrs_define
class TurnEvent:
    """
    Attributes:
        deadline (float | None): Under a time control.
        legal_actions (TurnLegalActions):
        seat (int):
        version (int):
        view (SeatView):
    """

    deadline: float | None
    legal_actions: TurnLegalActions
    seat: int
    version: int
    view: SeatView

    def to_dict(self) -> dict[str, Any]:
        deadline: float | None
        deadline = self.deadline

        legal_actions = self.legal_actions.to_dict()

        seat = self.seat

        version = self.version

        view = self.view.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "deadline": deadline,
                "legal_actions": legal_actions,
                "seat": seat,
                "version": version,
                "view": view,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.seat_view import SeatView
        from ..models.turn_legal_actions import TurnLegalActions

        d = dict(src_dict)

        def _parse_deadline(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        deadline = _parse_deadline(d.pop("deadline"))

        legal_actions = TurnLegalActions.from_dict(d.pop("legal_actions"))

        seat = d.pop("seat")

        version = d.pop("version")

        view = SeatView.from_dict(d.pop("view"))

        turn_event = cls(
            deadline=deadline,
            legal_actions=legal_actions,
            seat=seat,
            version=version,
            view=view,
        )

        return turn_event
