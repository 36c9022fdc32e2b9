from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.tournament import Tournament


T = TypeVar("T", bound="PresenceHeld")


@_attrs_define
class PresenceHeld:
    """
    Attributes:
        capacity (int | None): The capacity; null: none.
        entrants (list[int]): The entrants held.
        lost (list[str]): The matches reported lost that were this tournament's, playing: each is void.
        session (None | str): The session, as sent.
        tournament (Tournament):
        until (float): Until when (epoch seconds).
    """

    capacity: int | None
    entrants: list[int]
    lost: list[str]
    session: None | str
    tournament: Tournament
    until: float

    def to_dict(self) -> dict[str, Any]:
        capacity: int | None
        capacity = self.capacity

        entrants = self.entrants

        lost = self.lost

        session: None | str
        session = self.session

        tournament = self.tournament.to_dict()

        until = self.until

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "capacity": capacity,
                "entrants": entrants,
                "lost": lost,
                "session": session,
                "tournament": tournament,
                "until": until,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.tournament import Tournament

        d = dict(src_dict)

        def _parse_capacity(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        capacity = _parse_capacity(d.pop("capacity"))

        entrants = cast(list[int], d.pop("entrants"))

        lost = cast(list[str], d.pop("lost"))

        def _parse_session(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        session = _parse_session(d.pop("session"))

        tournament = Tournament.from_dict(d.pop("tournament"))

        until = d.pop("until")

        presence_held = cls(
            capacity=capacity,
            entrants=entrants,
            lost=lost,
            session=session,
            tournament=tournament,
            until=until,
        )

        return presence_held
