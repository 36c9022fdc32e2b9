from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.game_id import GameId
from ..models.tournament_summary_format import TournamentSummaryFormat
from ..models.tournament_summary_status import TournamentSummaryStatus

if TYPE_CHECKING:
    from ..models.progress import Progress


T = TypeVar("T", bound="TournamentSummary")


@_attrs_define
class TournamentSummary:
    """
    Attributes:
        created_at (float):
        entrants (int):
        format_ (TournamentSummaryFormat):
        game (GameId): A game of the catalogue (`/games`). A request naming another is 404 `game/unknown` (422 for a
            tournament).
        players_per_match (int):
        progress (Progress):
        status (TournamentSummaryStatus):
        tournament_id (str):
        updated_at (float):
    """

    created_at: float
    entrants: int
    format_: TournamentSummaryFormat
    game: GameId
    players_per_match: int
    progress: Progress
    status: TournamentSummaryStatus
    tournament_id: str
    updated_at: float

    def to_dict(self) -> dict[str, Any]:
        created_at = self.created_at

        entrants = self.entrants

        format_ = self.format_.value

        game = self.game.value

        players_per_match = self.players_per_match

        progress = self.progress.to_dict()

        status = self.status.value

        tournament_id = self.tournament_id

        updated_at = self.updated_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "created_at": created_at,
                "entrants": entrants,
                "format": format_,
                "game": game,
                "players_per_match": players_per_match,
                "progress": progress,
                "status": status,
                "tournament_id": tournament_id,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.progress import Progress

        d = dict(src_dict)
        created_at = d.pop("created_at")

        entrants = d.pop("entrants")

        format_ = TournamentSummaryFormat(d.pop("format"))

        game = GameId(d.pop("game"))

        players_per_match = d.pop("players_per_match")

        progress = Progress.from_dict(d.pop("progress"))

        status = TournamentSummaryStatus(d.pop("status"))

        tournament_id = d.pop("tournament_id")

        updated_at = d.pop("updated_at")

        tournament_summary = cls(
            created_at=created_at,
            entrants=entrants,
            format_=format_,
            game=game,
            players_per_match=players_per_match,
            progress=progress,
            status=status,
            tournament_id=tournament_id,
            updated_at=updated_at,
        )

        return tournament_summary
