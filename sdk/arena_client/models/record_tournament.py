from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.record_tournament_forfeits_item_type_1 import (
    RecordTournamentForfeitsItemType1,
)
from ..models.record_tournament_forfeits_item_type_2_type_1 import (
    RecordTournamentForfeitsItemType2Type1,
)
from ..models.record_tournament_forfeits_item_type_3_type_1 import (
    RecordTournamentForfeitsItemType3Type1,
)

T = TypeVar("T", bound="RecordTournament")


@_attrs_define
class RecordTournament:
    """
    Attributes:
        entrants (list[int]): The entrant in each seat.
        forfeits (list[None | RecordTournamentForfeitsItemType1 | RecordTournamentForfeitsItemType2Type1 |
            RecordTournamentForfeitsItemType3Type1]): Per seat: why it forfeited (`timeout`, `crash`, `illegal`,
            `resigned`), or null.
        index (int): The match's place in the tournament's schedule.
        points (list[float]): Per seat: the points the tournament gave it (0 for a forfeit, else by rank).
        tournament_id (str):
    """

    entrants: list[int]
    forfeits: list[
        None
        | RecordTournamentForfeitsItemType1
        | RecordTournamentForfeitsItemType2Type1
        | RecordTournamentForfeitsItemType3Type1
    ]
    index: int
    points: list[float]
    tournament_id: str

    def to_dict(self) -> dict[str, Any]:
        entrants = self.entrants

        forfeits = []
        for forfeits_item_data in self.forfeits:
            forfeits_item: None | str
            if (
                isinstance(forfeits_item_data, RecordTournamentForfeitsItemType1)
                or isinstance(
                    forfeits_item_data, RecordTournamentForfeitsItemType2Type1
                )
                or isinstance(
                    forfeits_item_data, RecordTournamentForfeitsItemType3Type1
                )
            ):
                forfeits_item = forfeits_item_data.value
            else:
                forfeits_item = forfeits_item_data
            forfeits.append(forfeits_item)

        index = self.index

        points = self.points

        tournament_id = self.tournament_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "entrants": entrants,
                "forfeits": forfeits,
                "index": index,
                "points": points,
                "tournament_id": tournament_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        entrants = cast(list[int], d.pop("entrants"))

        forfeits = []
        _forfeits = d.pop("forfeits")
        for forfeits_item_data in _forfeits:

            def _parse_forfeits_item(
                data: object,
            ) -> (
                None
                | RecordTournamentForfeitsItemType1
                | RecordTournamentForfeitsItemType2Type1
                | RecordTournamentForfeitsItemType3Type1
            ):
                if data is None:
                    return data
                try:
                    if not isinstance(data, str):
                        raise TypeError()
                    forfeits_item_type_1 = RecordTournamentForfeitsItemType1(data)

                    return forfeits_item_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, str):
                        raise TypeError()
                    forfeits_item_type_2_type_1 = (
                        RecordTournamentForfeitsItemType2Type1(data)
                    )

                    return forfeits_item_type_2_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, str):
                        raise TypeError()
                    forfeits_item_type_3_type_1 = (
                        RecordTournamentForfeitsItemType3Type1(data)
                    )

                    return forfeits_item_type_3_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                return cast(
                    None
                    | RecordTournamentForfeitsItemType1
                    | RecordTournamentForfeitsItemType2Type1
                    | RecordTournamentForfeitsItemType3Type1,
                    data,
                )

            forfeits_item = _parse_forfeits_item(forfeits_item_data)

            forfeits.append(forfeits_item)

        index = d.pop("index")

        points = cast(list[float], d.pop("points"))

        tournament_id = d.pop("tournament_id")

        record_tournament = cls(
            entrants=entrants,
            forfeits=forfeits,
            index=index,
            points=points,
            tournament_id=tournament_id,
        )

        return record_tournament
