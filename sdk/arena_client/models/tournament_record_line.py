from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.game_id import GameId
from ..models.tournament_record_line_status import TournamentRecordLineStatus
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.record_seat import RecordSeat
    from ..models.record_tournament import RecordTournament
    from ..models.result import Result
    from ..models.time_control import TimeControl
    from ..models.tournament_record_line_options import TournamentRecordLineOptions


T = TypeVar("T", bound="TournamentRecordLine")


@_attrs_define
class TournamentRecordLine:
    """
    Attributes:
        format_ (int): The record's layout, 2 now; a reader refuses a format it does not know. New keys that a reader
            may ignore (replay checkpoints) keep the format.
        game (GameId): A game of the catalogue (`/games`). A request naming another is 404 `game/unknown` (422 for a
            tournament).
        match_id (str):
        options (TournamentRecordLineOptions): Every option, resolved (a random first player as drawn).
        players (int):
        result (None | Result): null if aborted.
        salt (None | str):
        seats (list[RecordSeat]): One per seat.
        seed (int): The match seed: every deal and roll follows from it.
        seed_commitment (None | str): The commitment published at creation: the hex SHA-256 of `"<seed>:<salt>"`.
        state_digest (str): The hex SHA-256 of the engine's final state (its JSON with sorted keys): a replay must end
            in it.
        status (TournamentRecordLineStatus):
        steps (list[Any]): One entry per version: `steps[0]` is the creation time (epoch seconds); an action is `[seat,
            at, action, events]` (`events`: the arena's before the action, a `timeout` when the stand-in bot decided for a
            seat out of time, else `[]`); an arena step (a join, a resignation or disqualification, a forfeit on time, the
            abort, the clocks extended after an outage, the adjudication) is `[seat, at, events]`, with its events.
        text (None | str): The match as text a player reads (as `GET /matches/{id}/record?format=text` gives it, its
            header also naming each seat's entrant, forfeit and points); null for a record that no longer replays with this
            server's rules. `arena replay` ignores it.
        time_control (None | TimeControl):
        tournament (RecordTournament):
        adjudicate_after (int | Unset): The versions after which the arena adjudicates the match; absent when it never
            would.
    """

    format_: int
    game: GameId
    match_id: str
    options: TournamentRecordLineOptions
    players: int
    result: None | Result
    salt: None | str
    seats: list[RecordSeat]
    seed: int
    seed_commitment: None | str
    state_digest: str
    status: TournamentRecordLineStatus
    steps: list[Any]
    text: None | str
    time_control: None | TimeControl
    tournament: RecordTournament
    adjudicate_after: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.result import Result
        from ..models.time_control import TimeControl

        format_ = self.format_

        game = self.game.value

        match_id = self.match_id

        options = self.options.to_dict()

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

        seed = self.seed

        seed_commitment: None | str
        seed_commitment = self.seed_commitment

        state_digest = self.state_digest

        status = self.status.value

        steps = self.steps

        text: None | str
        text = self.text

        time_control: dict[str, Any] | None
        if isinstance(self.time_control, TimeControl):
            time_control = self.time_control.to_dict()
        else:
            time_control = self.time_control

        tournament = self.tournament.to_dict()

        adjudicate_after = self.adjudicate_after

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "format": format_,
                "game": game,
                "match_id": match_id,
                "options": options,
                "players": players,
                "result": result,
                "salt": salt,
                "seats": seats,
                "seed": seed,
                "seed_commitment": seed_commitment,
                "state_digest": state_digest,
                "status": status,
                "steps": steps,
                "text": text,
                "time_control": time_control,
                "tournament": tournament,
            }
        )
        if adjudicate_after is not UNSET:
            field_dict["adjudicate_after"] = adjudicate_after

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.record_seat import RecordSeat
        from ..models.record_tournament import RecordTournament
        from ..models.result import Result
        from ..models.time_control import TimeControl
        from ..models.tournament_record_line_options import TournamentRecordLineOptions

        d = dict(src_dict)
        format_ = d.pop("format")

        game = GameId(d.pop("game"))

        match_id = d.pop("match_id")

        options = TournamentRecordLineOptions.from_dict(d.pop("options"))

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
            seats_item = RecordSeat.from_dict(seats_item_data)

            seats.append(seats_item)

        seed = d.pop("seed")

        def _parse_seed_commitment(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        seed_commitment = _parse_seed_commitment(d.pop("seed_commitment"))

        state_digest = d.pop("state_digest")

        status = TournamentRecordLineStatus(d.pop("status"))

        steps = cast(list[Any], d.pop("steps"))

        def _parse_text(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        text = _parse_text(d.pop("text"))

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

        tournament = RecordTournament.from_dict(d.pop("tournament"))

        adjudicate_after = d.pop("adjudicate_after", UNSET)

        tournament_record_line = cls(
            format_=format_,
            game=game,
            match_id=match_id,
            options=options,
            players=players,
            result=result,
            salt=salt,
            seats=seats,
            seed=seed,
            seed_commitment=seed_commitment,
            state_digest=state_digest,
            status=status,
            steps=steps,
            text=text,
            time_control=time_control,
            tournament=tournament,
            adjudicate_after=adjudicate_after,
        )

        return tournament_record_line
