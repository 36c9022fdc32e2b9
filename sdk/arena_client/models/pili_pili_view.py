from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.pili_pili_view_game import PiliPiliViewGame

if TYPE_CHECKING:
    from ..models.pili_pili_mission_view import PiliPiliMissionView
    from ..models.pili_pili_play_view import PiliPiliPlayView
    from ..models.pili_pili_seat_view import PiliPiliSeatView


T = TypeVar("T", bound="PiliPiliView")


@_attrs_define
class PiliPiliView:
    """The table as one seat (or a spectator) sees it.

    Attributes:
        deal (int):
        dealer (int):
        exchange (list[int]):
        game (PiliPiliViewGame): The game this view belongs to.
        hand_hidden_at (float | None):
        last_trick (list[PiliPiliPlayView]):
        mission (None | PiliPiliMissionView):
        mission_deck (list[PiliPiliMissionView] | None):
        missions_left (int):
        my_choice (list[int] | None):
        phase (str):
        players (int):
        round_ (int):
        seats (list[PiliPiliSeatView]):
        to_act (list[int]):
        trick (list[PiliPiliPlayView]):
        trick_winners (list[int]):
        tricks (int):
        undealt (list[int] | None):
        winners (list[int] | None):
    """

    deal: int
    dealer: int
    exchange: list[int]
    game: PiliPiliViewGame
    hand_hidden_at: float | None
    last_trick: list[PiliPiliPlayView]
    mission: None | PiliPiliMissionView
    mission_deck: list[PiliPiliMissionView] | None
    missions_left: int
    my_choice: list[int] | None
    phase: str
    players: int
    round_: int
    seats: list[PiliPiliSeatView]
    to_act: list[int]
    trick: list[PiliPiliPlayView]
    trick_winners: list[int]
    tricks: int
    undealt: list[int] | None
    winners: list[int] | None

    def to_dict(self) -> dict[str, Any]:
        from ..models.pili_pili_mission_view import PiliPiliMissionView

        deal = self.deal

        dealer = self.dealer

        exchange = self.exchange

        game = self.game.value

        hand_hidden_at: float | None
        hand_hidden_at = self.hand_hidden_at

        last_trick = []
        for last_trick_item_data in self.last_trick:
            last_trick_item = last_trick_item_data.to_dict()
            last_trick.append(last_trick_item)

        mission: dict[str, Any] | None
        if isinstance(self.mission, PiliPiliMissionView):
            mission = self.mission.to_dict()
        else:
            mission = self.mission

        mission_deck: list[dict[str, Any]] | None
        if isinstance(self.mission_deck, list):
            mission_deck = []
            for mission_deck_type_0_item_data in self.mission_deck:
                mission_deck_type_0_item = mission_deck_type_0_item_data.to_dict()
                mission_deck.append(mission_deck_type_0_item)

        else:
            mission_deck = self.mission_deck

        missions_left = self.missions_left

        my_choice: list[int] | None
        if isinstance(self.my_choice, list):
            my_choice = self.my_choice

        else:
            my_choice = self.my_choice

        phase = self.phase

        players = self.players

        round_ = self.round_

        seats = []
        for seats_item_data in self.seats:
            seats_item = seats_item_data.to_dict()
            seats.append(seats_item)

        to_act = self.to_act

        trick = []
        for trick_item_data in self.trick:
            trick_item = trick_item_data.to_dict()
            trick.append(trick_item)

        trick_winners = self.trick_winners

        tricks = self.tricks

        undealt: list[int] | None
        if isinstance(self.undealt, list):
            undealt = self.undealt

        else:
            undealt = self.undealt

        winners: list[int] | None
        if isinstance(self.winners, list):
            winners = self.winners

        else:
            winners = self.winners

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "deal": deal,
                "dealer": dealer,
                "exchange": exchange,
                "game": game,
                "hand_hidden_at": hand_hidden_at,
                "last_trick": last_trick,
                "mission": mission,
                "mission_deck": mission_deck,
                "missions_left": missions_left,
                "my_choice": my_choice,
                "phase": phase,
                "players": players,
                "round": round_,
                "seats": seats,
                "to_act": to_act,
                "trick": trick,
                "trick_winners": trick_winners,
                "tricks": tricks,
                "undealt": undealt,
                "winners": winners,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.pili_pili_mission_view import PiliPiliMissionView
        from ..models.pili_pili_play_view import PiliPiliPlayView
        from ..models.pili_pili_seat_view import PiliPiliSeatView

        d = dict(src_dict)
        deal = d.pop("deal")

        dealer = d.pop("dealer")

        exchange = cast(list[int], d.pop("exchange"))

        game = PiliPiliViewGame(d.pop("game"))

        def _parse_hand_hidden_at(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        hand_hidden_at = _parse_hand_hidden_at(d.pop("hand_hidden_at"))

        last_trick = []
        _last_trick = d.pop("last_trick")
        for last_trick_item_data in _last_trick:
            last_trick_item = PiliPiliPlayView.from_dict(last_trick_item_data)

            last_trick.append(last_trick_item)

        def _parse_mission(data: object) -> None | PiliPiliMissionView:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                mission_type_0 = PiliPiliMissionView.from_dict(data)

                return mission_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PiliPiliMissionView, data)

        mission = _parse_mission(d.pop("mission"))

        def _parse_mission_deck(data: object) -> list[PiliPiliMissionView] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                mission_deck_type_0 = []
                _mission_deck_type_0 = data
                for mission_deck_type_0_item_data in _mission_deck_type_0:
                    mission_deck_type_0_item = PiliPiliMissionView.from_dict(
                        mission_deck_type_0_item_data
                    )

                    mission_deck_type_0.append(mission_deck_type_0_item)

                return mission_deck_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[PiliPiliMissionView] | None, data)

        mission_deck = _parse_mission_deck(d.pop("mission_deck"))

        missions_left = d.pop("missions_left")

        def _parse_my_choice(data: object) -> list[int] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                my_choice_type_0 = cast(list[int], data)

                return my_choice_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[int] | None, data)

        my_choice = _parse_my_choice(d.pop("my_choice"))

        phase = d.pop("phase")

        players = d.pop("players")

        round_ = d.pop("round")

        seats = []
        _seats = d.pop("seats")
        for seats_item_data in _seats:
            seats_item = PiliPiliSeatView.from_dict(seats_item_data)

            seats.append(seats_item)

        to_act = cast(list[int], d.pop("to_act"))

        trick = []
        _trick = d.pop("trick")
        for trick_item_data in _trick:
            trick_item = PiliPiliPlayView.from_dict(trick_item_data)

            trick.append(trick_item)

        trick_winners = cast(list[int], d.pop("trick_winners"))

        tricks = d.pop("tricks")

        def _parse_undealt(data: object) -> list[int] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                undealt_type_0 = cast(list[int], data)

                return undealt_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[int] | None, data)

        undealt = _parse_undealt(d.pop("undealt"))

        def _parse_winners(data: object) -> list[int] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                winners_type_0 = cast(list[int], data)

                return winners_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[int] | None, data)

        winners = _parse_winners(d.pop("winners"))

        pili_pili_view = cls(
            deal=deal,
            dealer=dealer,
            exchange=exchange,
            game=game,
            hand_hidden_at=hand_hidden_at,
            last_trick=last_trick,
            mission=mission,
            mission_deck=mission_deck,
            missions_left=missions_left,
            my_choice=my_choice,
            phase=phase,
            players=players,
            round_=round_,
            seats=seats,
            to_act=to_act,
            trick=trick,
            trick_winners=trick_winners,
            tricks=tricks,
            undealt=undealt,
            winners=winners,
        )

        return pili_pili_view
