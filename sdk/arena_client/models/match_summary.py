from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.game_id import GameId
from ..models.match_summary_status import MatchSummaryStatus

if TYPE_CHECKING:
    from ..models.seat import Seat


T = TypeVar("T", bound="MatchSummary")


@_attrs_define
class MatchSummary:
    """
    Attributes:
        created_at (float):
        game (GameId): A game of the catalogue (`/games`). A request naming another is 404 `game/unknown` (422 for a
            tournament).
        match_id (str):
        open_seats (list[int]): The seats anyone may join.
        players (int):
        seats (list[Seat]):
        status (MatchSummaryStatus):
        updated_at (float):
        version (int):
    """

    created_at: float
    game: GameId
    match_id: str
    open_seats: list[int]
    players: int
    seats: list[Seat]
    status: MatchSummaryStatus
    updated_at: float
    version: int

    def to_dict(self) -> dict[str, Any]:
        created_at = self.created_at

        game = self.game.value

        match_id = self.match_id

        open_seats = self.open_seats

        players = self.players

        seats = []
        for seats_item_data in self.seats:
            seats_item = seats_item_data.to_dict()
            seats.append(seats_item)

        status = self.status.value

        updated_at = self.updated_at

        version = self.version

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "created_at": created_at,
                "game": game,
                "match_id": match_id,
                "open_seats": open_seats,
                "players": players,
                "seats": seats,
                "status": status,
                "updated_at": updated_at,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.seat import Seat

        d = dict(src_dict)
        created_at = d.pop("created_at")

        game = GameId(d.pop("game"))

        match_id = d.pop("match_id")

        open_seats = cast(list[int], d.pop("open_seats"))

        players = d.pop("players")

        seats = []
        _seats = d.pop("seats")
        for seats_item_data in _seats:
            seats_item = Seat.from_dict(seats_item_data)

            seats.append(seats_item)

        status = MatchSummaryStatus(d.pop("status"))

        updated_at = d.pop("updated_at")

        version = d.pop("version")

        match_summary = cls(
            created_at=created_at,
            game=game,
            match_id=match_id,
            open_seats=open_seats,
            players=players,
            seats=seats,
            status=status,
            updated_at=updated_at,
            version=version,
        )

        return match_summary
