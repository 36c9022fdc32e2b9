from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.schedule_status import ScheduleStatus

if TYPE_CHECKING:
    from ..models.scheduled_match import ScheduledMatch


T = TypeVar("T", bound="Schedule")


@_attrs_define
class Schedule:
    """
    Attributes:
        matches (list[ScheduledMatch]):
        status (ScheduleStatus):
        tournament_id (str):
    """

    matches: list[ScheduledMatch]
    status: ScheduleStatus
    tournament_id: str

    def to_dict(self) -> dict[str, Any]:
        matches = []
        for matches_item_data in self.matches:
            matches_item = matches_item_data.to_dict()
            matches.append(matches_item)

        status = self.status.value

        tournament_id = self.tournament_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "matches": matches,
                "status": status,
                "tournament_id": tournament_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.scheduled_match import ScheduledMatch

        d = dict(src_dict)
        matches = []
        _matches = d.pop("matches")
        for matches_item_data in _matches:
            matches_item = ScheduledMatch.from_dict(matches_item_data)

            matches.append(matches_item)

        status = ScheduleStatus(d.pop("status"))

        tournament_id = d.pop("tournament_id")

        schedule = cls(
            matches=matches,
            status=status,
            tournament_id=tournament_id,
        )

        return schedule
