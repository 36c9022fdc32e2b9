from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.game_id import GameId
from ..models.replay_version_status import ReplayVersionStatus

if TYPE_CHECKING:
    from ..models.action_record import ActionRecord
    from ..models.event import Event
    from ..models.girafferaffe_view import GirafferaffeView
    from ..models.pili_pili_view import PiliPiliView
    from ..models.pipifax_view import PipifaxView
    from ..models.taiga_view import TaigaView


T = TypeVar("T", bound="ReplayVersion")


@_attrs_define
class ReplayVersion:
    """
    Attributes:
        action (ActionRecord | None): The action that made this version; null for the setup, a join, a resignation...
        at (float): When this version was written (epoch seconds).
        events (list[Event]): Its public events.
        game (GameId): A game of the catalogue (`/games`). A request naming another is 404 `game/unknown` (422 for a
            tournament).
        last_version (int): The match's final version.
        match_id (str):
        players (int):
        seat (int | None): The seat this version was about (the actor, or the seat that left); null for none.
        status (ReplayVersionStatus): How the match stands now.
        to_act (list[int]): The seats the rules had to act next (empty at the final version).
        version (int): The version shown.
        view (GirafferaffeView | PiliPiliView | PipifaxView | TaigaView):
    """

    action: ActionRecord | None
    at: float
    events: list[Event]
    game: GameId
    last_version: int
    match_id: str
    players: int
    seat: int | None
    status: ReplayVersionStatus
    to_act: list[int]
    version: int
    view: GirafferaffeView | PiliPiliView | PipifaxView | TaigaView

    def to_dict(self) -> dict[str, Any]:
        from ..models.action_record import ActionRecord
        from ..models.girafferaffe_view import GirafferaffeView
        from ..models.pili_pili_view import PiliPiliView
        from ..models.pipifax_view import PipifaxView

        action: dict[str, Any] | None
        if isinstance(self.action, ActionRecord):
            action = self.action.to_dict()
        else:
            action = self.action

        at = self.at

        events = []
        for events_item_data in self.events:
            events_item = events_item_data.to_dict()
            events.append(events_item)

        game = self.game.value

        last_version = self.last_version

        match_id = self.match_id

        players = self.players

        seat: int | None
        seat = self.seat

        status = self.status.value

        to_act = self.to_act

        version = self.version

        view: dict[str, Any]
        if (
            isinstance(self.view, GirafferaffeView)
            or isinstance(self.view, PiliPiliView)
            or isinstance(self.view, PipifaxView)
        ):
            view = self.view.to_dict()
        else:
            view = self.view.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "action": action,
                "at": at,
                "events": events,
                "game": game,
                "last_version": last_version,
                "match_id": match_id,
                "players": players,
                "seat": seat,
                "status": status,
                "to_act": to_act,
                "version": version,
                "view": view,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.action_record import ActionRecord
        from ..models.event import Event
        from ..models.girafferaffe_view import GirafferaffeView
        from ..models.pili_pili_view import PiliPiliView
        from ..models.pipifax_view import PipifaxView
        from ..models.taiga_view import TaigaView

        d = dict(src_dict)

        def _parse_action(data: object) -> ActionRecord | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                action_type_0 = ActionRecord.from_dict(data)

                return action_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ActionRecord | None, data)

        action = _parse_action(d.pop("action"))

        at = d.pop("at")

        events = []
        _events = d.pop("events")
        for events_item_data in _events:
            events_item = Event.from_dict(events_item_data)

            events.append(events_item)

        game = GameId(d.pop("game"))

        last_version = d.pop("last_version")

        match_id = d.pop("match_id")

        players = d.pop("players")

        def _parse_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        seat = _parse_seat(d.pop("seat"))

        status = ReplayVersionStatus(d.pop("status"))

        to_act = cast(list[int], d.pop("to_act"))

        version = d.pop("version")

        def _parse_view(
            data: object,
        ) -> GirafferaffeView | PiliPiliView | PipifaxView | TaigaView:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_game_view_type_0 = GirafferaffeView.from_dict(data)

                return componentsschemas_game_view_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_game_view_type_1 = PiliPiliView.from_dict(data)

                return componentsschemas_game_view_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_game_view_type_2 = PipifaxView.from_dict(data)

                return componentsschemas_game_view_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_game_view_type_3 = TaigaView.from_dict(data)

            return componentsschemas_game_view_type_3

        view = _parse_view(d.pop("view"))

        replay_version = cls(
            action=action,
            at=at,
            events=events,
            game=game,
            last_version=last_version,
            match_id=match_id,
            players=players,
            seat=seat,
            status=status,
            to_act=to_act,
            version=version,
            view=view,
        )

        return replay_version
