from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.game_id import GameId
from ..models.tournament_format import TournamentFormat
from ..models.tournament_status import TournamentStatus

if TYPE_CHECKING:
    from ..models.entrant import Entrant
    from ..models.progress import Progress
    from ..models.sprt import Sprt
    from ..models.standings import Standings
    from ..models.time_control import TimeControl
    from ..models.tournament_options import TournamentOptions


T = TypeVar("T", bound="Tournament")


@_attrs_define
class Tournament:
    """
    Attributes:
        adjudicate_after (int | None): Adjudication: once the match reaches this many versions (1 to 1,000,000) still in
            play, the arena ends it as a version of its own (an `adjudicated` event, then `ended` with the reason
            `adjudicated`), scored by its game's rule (docs/api.md, Adjudication). Omitted or null: never.
        concurrency (int | None):
        created_at (float):
        duplicate (bool):
        entrant_count (int):
        entrants (list[Entrant]): A page of the entrants (`offset`, `limit`); `GET .../entrants` pages through all.
        format_ (TournamentFormat):
        game (GameId): A game of the catalogue (`/games`). A request naming another is 404 `game/unknown` (422 for a
            tournament).
        games_per_pairing (int):
        max_illegal (int):
        options (TournamentOptions):
        players_per_match (int):
        progress (Progress):
        rounds (int | None):
        salt (None | str): The salt of `seed_commitment` (64 hex digits), revealed with `seed`.
        seed (int | None): Revealed once it is over.
        seed_commitment (None | str): The hex SHA-256 of `"<seed>:<salt>"`, published at creation: every match seed
            derives from the seed (docs/tournaments.md), so the server cannot choose deals once entrants play. null only for
            a tournament created before tournaments committed to their seeds.
        sprt (None | Sprt):
        standings (Standings):
        status (TournamentStatus): `open` for entries, `running`, `finished` or `cancelled`.
        time_control (None | TimeControl):
        tournament_id (str):
        updated_at (float):
        version (int):
    """

    adjudicate_after: int | None
    concurrency: int | None
    created_at: float
    duplicate: bool
    entrant_count: int
    entrants: list[Entrant]
    format_: TournamentFormat
    game: GameId
    games_per_pairing: int
    max_illegal: int
    options: TournamentOptions
    players_per_match: int
    progress: Progress
    rounds: int | None
    salt: None | str
    seed: int | None
    seed_commitment: None | str
    sprt: None | Sprt
    standings: Standings
    status: TournamentStatus
    time_control: None | TimeControl
    tournament_id: str
    updated_at: float
    version: int

    def to_dict(self) -> dict[str, Any]:
        from ..models.sprt import Sprt
        from ..models.time_control import TimeControl

        adjudicate_after: int | None
        adjudicate_after = self.adjudicate_after

        concurrency: int | None
        concurrency = self.concurrency

        created_at = self.created_at

        duplicate = self.duplicate

        entrant_count = self.entrant_count

        entrants = []
        for entrants_item_data in self.entrants:
            entrants_item = entrants_item_data.to_dict()
            entrants.append(entrants_item)

        format_ = self.format_.value

        game = self.game.value

        games_per_pairing = self.games_per_pairing

        max_illegal = self.max_illegal

        options = self.options.to_dict()

        players_per_match = self.players_per_match

        progress = self.progress.to_dict()

        rounds: int | None
        rounds = self.rounds

        salt: None | str
        salt = self.salt

        seed: int | None
        seed = self.seed

        seed_commitment: None | str
        seed_commitment = self.seed_commitment

        sprt: dict[str, Any] | None
        if isinstance(self.sprt, Sprt):
            sprt = self.sprt.to_dict()
        else:
            sprt = self.sprt

        standings = self.standings.to_dict()

        status = self.status.value

        time_control: dict[str, Any] | None
        if isinstance(self.time_control, TimeControl):
            time_control = self.time_control.to_dict()
        else:
            time_control = self.time_control

        tournament_id = self.tournament_id

        updated_at = self.updated_at

        version = self.version

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "adjudicate_after": adjudicate_after,
                "concurrency": concurrency,
                "created_at": created_at,
                "duplicate": duplicate,
                "entrant_count": entrant_count,
                "entrants": entrants,
                "format": format_,
                "game": game,
                "games_per_pairing": games_per_pairing,
                "max_illegal": max_illegal,
                "options": options,
                "players_per_match": players_per_match,
                "progress": progress,
                "rounds": rounds,
                "salt": salt,
                "seed": seed,
                "seed_commitment": seed_commitment,
                "sprt": sprt,
                "standings": standings,
                "status": status,
                "time_control": time_control,
                "tournament_id": tournament_id,
                "updated_at": updated_at,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.entrant import Entrant
        from ..models.progress import Progress
        from ..models.sprt import Sprt
        from ..models.standings import Standings
        from ..models.time_control import TimeControl
        from ..models.tournament_options import TournamentOptions

        d = dict(src_dict)

        def _parse_adjudicate_after(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        adjudicate_after = _parse_adjudicate_after(d.pop("adjudicate_after"))

        def _parse_concurrency(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        concurrency = _parse_concurrency(d.pop("concurrency"))

        created_at = d.pop("created_at")

        duplicate = d.pop("duplicate")

        entrant_count = d.pop("entrant_count")

        entrants = []
        _entrants = d.pop("entrants")
        for entrants_item_data in _entrants:
            entrants_item = Entrant.from_dict(entrants_item_data)

            entrants.append(entrants_item)

        format_ = TournamentFormat(d.pop("format"))

        game = GameId(d.pop("game"))

        games_per_pairing = d.pop("games_per_pairing")

        max_illegal = d.pop("max_illegal")

        options = TournamentOptions.from_dict(d.pop("options"))

        players_per_match = d.pop("players_per_match")

        progress = Progress.from_dict(d.pop("progress"))

        def _parse_rounds(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        rounds = _parse_rounds(d.pop("rounds"))

        def _parse_salt(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        salt = _parse_salt(d.pop("salt"))

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

        def _parse_sprt(data: object) -> None | Sprt:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                sprt_type_0 = Sprt.from_dict(data)

                return sprt_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Sprt, data)

        sprt = _parse_sprt(d.pop("sprt"))

        standings = Standings.from_dict(d.pop("standings"))

        status = TournamentStatus(d.pop("status"))

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

        tournament_id = d.pop("tournament_id")

        updated_at = d.pop("updated_at")

        version = d.pop("version")

        tournament = cls(
            adjudicate_after=adjudicate_after,
            concurrency=concurrency,
            created_at=created_at,
            duplicate=duplicate,
            entrant_count=entrant_count,
            entrants=entrants,
            format_=format_,
            game=game,
            games_per_pairing=games_per_pairing,
            max_illegal=max_illegal,
            options=options,
            players_per_match=players_per_match,
            progress=progress,
            rounds=rounds,
            salt=salt,
            seed=seed,
            seed_commitment=seed_commitment,
            sprt=sprt,
            standings=standings,
            status=status,
            time_control=time_control,
            tournament_id=tournament_id,
            updated_at=updated_at,
            version=version,
        )

        return tournament
