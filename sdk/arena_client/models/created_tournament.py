from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.entrant_token import EntrantToken
    from ..models.tournament import Tournament


T = TypeVar("T", bound="CreatedTournament")


@_attrs_define
class CreatedTournament:
    """
    Attributes:
        entrants (list[EntrantToken]): The tokens of the named entrants (server bots get none).
        host_token (str): The host's secret token: it starts and cancels the tournament.
        tournament (Tournament):
    """

    entrants: list[EntrantToken]
    host_token: str
    tournament: Tournament

    def to_dict(self) -> dict[str, Any]:
        entrants = []
        for entrants_item_data in self.entrants:
            entrants_item = entrants_item_data.to_dict()
            entrants.append(entrants_item)

        host_token = self.host_token

        tournament = self.tournament.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "entrants": entrants,
                "host_token": host_token,
                "tournament": tournament,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.entrant_token import EntrantToken
        from ..models.tournament import Tournament

        d = dict(src_dict)
        entrants = []
        _entrants = d.pop("entrants")
        for entrants_item_data in _entrants:
            entrants_item = EntrantToken.from_dict(entrants_item_data)

            entrants.append(entrants_item)

        host_token = d.pop("host_token")

        tournament = Tournament.from_dict(d.pop("tournament"))

        created_tournament = cls(
            entrants=entrants,
            host_token=host_token,
            tournament=tournament,
        )

        return created_tournament
