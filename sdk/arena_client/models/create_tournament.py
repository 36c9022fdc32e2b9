from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.create_tournament_format import CreateTournamentFormat
from ..models.game_id import GameId
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.create_tournament_options import CreateTournamentOptions
    from ..models.entrant_request import EntrantRequest
    from ..models.sprt_request import SprtRequest
    from ..models.time_control_request import TimeControlRequest
    from ..models.tournament_webhook_request import TournamentWebhookRequest


T = TypeVar("T", bound="CreateTournament")


@_attrs_define
class CreateTournament:
    """
    Attributes:
        entrants (list[EntrantRequest]):
        format_ (CreateTournamentFormat): `round-robin`: every group of `players_per_match` entrants meets; `swiss`:
            `rounds` rounds of tables of entrants of similar standing; `gauntlet`: entrant 0 against the field.
        game (GameId): A game of the catalogue (`/games`). A request naming another is 404 `game/unknown` (422 for a
            tournament).
        players_per_match (int):
        adjudicate_after (int | None | Unset): Adjudication: once the match reaches this many versions (1 to 1,000,000)
            still in play, the arena ends it as a version of its own (an `adjudicated` event, then `ended` with the reason
            `adjudicated`), scored by its game's rule (docs/api.md, Adjudication). Omitted or null: never.
        concurrency (int | None | Unset): At most this many matches at once (default 32); each entrant plays at most its
            own `concurrency` at once (a program: 1 unless it says more). Under an SPRT fewer may play: only matches whose
            results can still count start (docs/tournaments.md).
        duplicate (bool | Unset): Play every rotation of a deal with the same seed, so the luck of the deal cancels out.
            Default: `false`.
        games_per_pairing (int | Unset): Deals per table; each deal is played once per seat rotation, so a table plays
            `games_per_pairing * players_per_match` matches. Default: `1`.
        max_illegal (int | Unset): Illegal actions an entrant may send in one match; one more forfeits it (`illegal`).
            Default: `10`.
        options (CreateTournamentOptions | Unset): The options of every match (see the game's catalogue entry).
        rounds (int | None | Unset): Swiss: how many rounds (required). Others: rounds of a balanced design, if one is
            used.
        seed (int | None | Unset): The tournament's seed (every match seed derives from it); revealed when it is over.
        sprt (None | SprtRequest | Unset): Two entrants, 2-player gauntlet only: stop as soon as the SPRT reaches a
            verdict.
        start (bool | Unset): Start at once (default). `false` keeps entries open (`POST .../entrants`) until the host
            starts it. Default: `true`.
        time_control (None | TimeControlRequest | Unset): The time control of every match's seats, but an entrant's own
            (default: 60 s per decision, forfeit on timeout).
        webhook (TournamentWebhookRequest | Unset):
    """

    entrants: list[EntrantRequest]
    format_: CreateTournamentFormat
    game: GameId
    players_per_match: int
    adjudicate_after: int | None | Unset = UNSET
    concurrency: int | None | Unset = UNSET
    duplicate: bool | Unset = UNSET
    games_per_pairing: int | Unset = UNSET
    max_illegal: int | Unset = UNSET
    options: CreateTournamentOptions | Unset = UNSET
    rounds: int | None | Unset = UNSET
    seed: int | None | Unset = UNSET
    sprt: None | SprtRequest | Unset = UNSET
    start: bool | Unset = UNSET
    time_control: None | TimeControlRequest | Unset = UNSET
    webhook: TournamentWebhookRequest | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.sprt_request import SprtRequest
        from ..models.time_control_request import TimeControlRequest

        entrants = []
        for entrants_item_data in self.entrants:
            entrants_item = entrants_item_data.to_dict()
            entrants.append(entrants_item)

        format_ = self.format_.value

        game = self.game.value

        players_per_match = self.players_per_match

        adjudicate_after: int | None | Unset
        if isinstance(self.adjudicate_after, Unset):
            adjudicate_after = UNSET
        else:
            adjudicate_after = self.adjudicate_after

        concurrency: int | None | Unset
        if isinstance(self.concurrency, Unset):
            concurrency = UNSET
        else:
            concurrency = self.concurrency

        duplicate = self.duplicate

        games_per_pairing = self.games_per_pairing

        max_illegal = self.max_illegal

        options: dict[str, Any] | Unset = UNSET
        if not isinstance(self.options, Unset):
            options = self.options.to_dict()

        rounds: int | None | Unset
        if isinstance(self.rounds, Unset):
            rounds = UNSET
        else:
            rounds = self.rounds

        seed: int | None | Unset
        if isinstance(self.seed, Unset):
            seed = UNSET
        else:
            seed = self.seed

        sprt: dict[str, Any] | None | Unset
        if isinstance(self.sprt, Unset):
            sprt = UNSET
        elif isinstance(self.sprt, SprtRequest):
            sprt = self.sprt.to_dict()
        else:
            sprt = self.sprt

        start = self.start

        time_control: dict[str, Any] | None | Unset
        if isinstance(self.time_control, Unset):
            time_control = UNSET
        elif isinstance(self.time_control, TimeControlRequest):
            time_control = self.time_control.to_dict()
        else:
            time_control = self.time_control

        webhook: dict[str, Any] | Unset = UNSET
        if not isinstance(self.webhook, Unset):
            webhook = self.webhook.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "entrants": entrants,
                "format": format_,
                "game": game,
                "players_per_match": players_per_match,
            }
        )
        if adjudicate_after is not UNSET:
            field_dict["adjudicate_after"] = adjudicate_after
        if concurrency is not UNSET:
            field_dict["concurrency"] = concurrency
        if duplicate is not UNSET:
            field_dict["duplicate"] = duplicate
        if games_per_pairing is not UNSET:
            field_dict["games_per_pairing"] = games_per_pairing
        if max_illegal is not UNSET:
            field_dict["max_illegal"] = max_illegal
        if options is not UNSET:
            field_dict["options"] = options
        if rounds is not UNSET:
            field_dict["rounds"] = rounds
        if seed is not UNSET:
            field_dict["seed"] = seed
        if sprt is not UNSET:
            field_dict["sprt"] = sprt
        if start is not UNSET:
            field_dict["start"] = start
        if time_control is not UNSET:
            field_dict["time_control"] = time_control
        if webhook is not UNSET:
            field_dict["webhook"] = webhook

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.create_tournament_options import CreateTournamentOptions
        from ..models.entrant_request import EntrantRequest
        from ..models.sprt_request import SprtRequest
        from ..models.time_control_request import TimeControlRequest
        from ..models.tournament_webhook_request import TournamentWebhookRequest

        d = dict(src_dict)
        entrants = []
        _entrants = d.pop("entrants")
        for entrants_item_data in _entrants:
            entrants_item = EntrantRequest.from_dict(entrants_item_data)

            entrants.append(entrants_item)

        format_ = CreateTournamentFormat(d.pop("format"))

        game = GameId(d.pop("game"))

        players_per_match = d.pop("players_per_match")

        def _parse_adjudicate_after(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        adjudicate_after = _parse_adjudicate_after(d.pop("adjudicate_after", UNSET))

        def _parse_concurrency(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        concurrency = _parse_concurrency(d.pop("concurrency", UNSET))

        duplicate = d.pop("duplicate", UNSET)

        games_per_pairing = d.pop("games_per_pairing", UNSET)

        max_illegal = d.pop("max_illegal", UNSET)

        _options = d.pop("options", UNSET)
        options: CreateTournamentOptions | Unset
        if isinstance(_options, Unset):
            options = UNSET
        else:
            options = CreateTournamentOptions.from_dict(_options)

        def _parse_rounds(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        rounds = _parse_rounds(d.pop("rounds", UNSET))

        def _parse_seed(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        seed = _parse_seed(d.pop("seed", UNSET))

        def _parse_sprt(data: object) -> None | SprtRequest | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                sprt_type_0 = SprtRequest.from_dict(data)

                return sprt_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SprtRequest | Unset, data)

        sprt = _parse_sprt(d.pop("sprt", UNSET))

        start = d.pop("start", UNSET)

        def _parse_time_control(data: object) -> None | TimeControlRequest | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                time_control_type_0 = TimeControlRequest.from_dict(data)

                return time_control_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TimeControlRequest | Unset, data)

        time_control = _parse_time_control(d.pop("time_control", UNSET))

        _webhook = d.pop("webhook", UNSET)
        webhook: TournamentWebhookRequest | Unset
        if isinstance(_webhook, Unset):
            webhook = UNSET
        else:
            webhook = TournamentWebhookRequest.from_dict(_webhook)

        create_tournament = cls(
            entrants=entrants,
            format_=format_,
            game=game,
            players_per_match=players_per_match,
            adjudicate_after=adjudicate_after,
            concurrency=concurrency,
            duplicate=duplicate,
            games_per_pairing=games_per_pairing,
            max_illegal=max_illegal,
            options=options,
            rounds=rounds,
            seed=seed,
            sprt=sprt,
            start=start,
            time_control=time_control,
            webhook=webhook,
        )

        return create_tournament
