from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.game_id import GameId
from ..models.match_status import MatchStatus

if TYPE_CHECKING:
    from ..models.girafferaffe_view import GirafferaffeView
    from ..models.match_options import MatchOptions
    from ..models.match_tournament import MatchTournament
    from ..models.pili_pili_view import PiliPiliView
    from ..models.pipifax_view import PipifaxView
    from ..models.result import Result
    from ..models.seat import Seat
    from ..models.taiga_view import TaigaView
    from ..models.time_control import TimeControl


T = TypeVar("T", bound="Match")


@_attrs_define
class Match:
    """
    Attributes:
        adjudicate_after (int | None): Adjudication: once the match reaches this many versions (1 to 1,000,000) still in
            play, the arena ends it as a version of its own (an `adjudicated` event, then `ended` with the reason
            `adjudicated`), scored by its game's rule (docs/api.md, Adjudication). Omitted or null: never.
        created_at (float): Seconds since the epoch.
        game (GameId): A game of the catalogue (`/games`). A request naming another is 404 `game/unknown` (422 for a
            tournament).
        match_id (str):
        options (MatchOptions):
        pace_ms (int | None): How long the server's bots wait before each move, in milliseconds; null: no wait.
        players (int):
        result (None | Result):
        salt (None | str): The salt of `seed_commitment` (64 hex digits), revealed with `seed`.
        seats (list[Seat]):
        seed (int | None): The match seed, revealed once the match is over (finished or aborted); a tournament's match
            reveals it once its tournament is over (it may deal another of its matches). docs/fairness.md.
        seed_commitment (None | str): The hex SHA-256 of `"<seed>:<salt>"`, published at creation (and in the first
            event of the log, `seed_committed`), so that anyone can check the revealed seed against it: the server cannot
            deal again after seeing moves. null only for a match created before matches committed to their seeds.
        status (MatchStatus): `waiting` for open seats to be joined, `active`, `finished` or `aborted`.
        time_control (None | TimeControl): The match's clock, for every seat without one of its own
            (`seats[].time_control`).
        to_act (list[int]): The seats that may act now.
        tournament (MatchTournament | None): null outside tournaments.
        updated_at (float): Seconds since the epoch.
        version (int): Rises by one per action; also the ETag.
        view (GirafferaffeView | PiliPiliView | PipifaxView | TaigaView):
    """

    adjudicate_after: int | None
    created_at: float
    game: GameId
    match_id: str
    options: MatchOptions
    pace_ms: int | None
    players: int
    result: None | Result
    salt: None | str
    seats: list[Seat]
    seed: int | None
    seed_commitment: None | str
    status: MatchStatus
    time_control: None | TimeControl
    to_act: list[int]
    tournament: MatchTournament | None
    updated_at: float
    version: int
    view: GirafferaffeView | PiliPiliView | PipifaxView | TaigaView

    def to_dict(self) -> dict[str, Any]:
        from ..models.girafferaffe_view import GirafferaffeView
        from ..models.match_tournament import MatchTournament
        from ..models.pili_pili_view import PiliPiliView
        from ..models.pipifax_view import PipifaxView
        from ..models.result import Result
        from ..models.time_control import TimeControl

        adjudicate_after: int | None
        adjudicate_after = self.adjudicate_after

        created_at = self.created_at

        game = self.game.value

        match_id = self.match_id

        options = self.options.to_dict()

        pace_ms: int | None
        pace_ms = self.pace_ms

        players = self.players

        result: dict[str, Any] | None
        if isinstance(self.result, Result):
            result = self.result.to_dict()
        else:
            result = self.result

        salt: None | str
        salt = self.salt

        seats = []
        for seats_item_data in self.seats:
            seats_item = seats_item_data.to_dict()
            seats.append(seats_item)

        seed: int | None
        seed = self.seed

        seed_commitment: None | str
        seed_commitment = self.seed_commitment

        status = self.status.value

        time_control: dict[str, Any] | None
        if isinstance(self.time_control, TimeControl):
            time_control = self.time_control.to_dict()
        else:
            time_control = self.time_control

        to_act = self.to_act

        tournament: dict[str, Any] | None
        if isinstance(self.tournament, MatchTournament):
            tournament = self.tournament.to_dict()
        else:
            tournament = self.tournament

        updated_at = self.updated_at

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
                "adjudicate_after": adjudicate_after,
                "created_at": created_at,
                "game": game,
                "match_id": match_id,
                "options": options,
                "pace_ms": pace_ms,
                "players": players,
                "result": result,
                "salt": salt,
                "seats": seats,
                "seed": seed,
                "seed_commitment": seed_commitment,
                "status": status,
                "time_control": time_control,
                "to_act": to_act,
                "tournament": tournament,
                "updated_at": updated_at,
                "version": version,
                "view": view,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.girafferaffe_view import GirafferaffeView
        from ..models.match_options import MatchOptions
        from ..models.match_tournament import MatchTournament
        from ..models.pili_pili_view import PiliPiliView
        from ..models.pipifax_view import PipifaxView
        from ..models.result import Result
        from ..models.seat import Seat
        from ..models.taiga_view import TaigaView
        from ..models.time_control import TimeControl

        d = dict(src_dict)

        def _parse_adjudicate_after(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        adjudicate_after = _parse_adjudicate_after(d.pop("adjudicate_after"))

        created_at = d.pop("created_at")

        game = GameId(d.pop("game"))

        match_id = d.pop("match_id")

        options = MatchOptions.from_dict(d.pop("options"))

        def _parse_pace_ms(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        pace_ms = _parse_pace_ms(d.pop("pace_ms"))

        players = d.pop("players")

        def _parse_result(data: object) -> None | Result:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                result_type_0 = Result.from_dict(data)

                return result_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Result, data)

        result = _parse_result(d.pop("result"))

        def _parse_salt(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        salt = _parse_salt(d.pop("salt"))

        seats = []
        _seats = d.pop("seats")
        for seats_item_data in _seats:
            seats_item = Seat.from_dict(seats_item_data)

            seats.append(seats_item)

        def _parse_seed(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        seed = _parse_seed(d.pop("seed"))

        def _parse_seed_commitment(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        seed_commitment = _parse_seed_commitment(d.pop("seed_commitment"))

        status = MatchStatus(d.pop("status"))

        def _parse_time_control(data: object) -> None | TimeControl:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                time_control_type_0 = TimeControl.from_dict(data)

                return time_control_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TimeControl, data)

        time_control = _parse_time_control(d.pop("time_control"))

        to_act = cast(list[int], d.pop("to_act"))

        def _parse_tournament(data: object) -> MatchTournament | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                tournament_type_0 = MatchTournament.from_dict(data)

                return tournament_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(MatchTournament | None, data)

        tournament = _parse_tournament(d.pop("tournament"))

        updated_at = d.pop("updated_at")

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

        match = cls(
            adjudicate_after=adjudicate_after,
            created_at=created_at,
            game=game,
            match_id=match_id,
            options=options,
            pace_ms=pace_ms,
            players=players,
            result=result,
            salt=salt,
            seats=seats,
            seed=seed,
            seed_commitment=seed_commitment,
            status=status,
            time_control=time_control,
            to_act=to_act,
            tournament=tournament,
            updated_at=updated_at,
            version=version,
            view=view,
        )

        return match
