from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.game_id import GameId
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.create_match_options import CreateMatchOptions
    from ..models.match_webhook_request import MatchWebhookRequest
    from ..models.seat_request import SeatRequest
    from ..models.time_control_request import TimeControlRequest


T = TypeVar("T", bound="CreateMatch")


@_attrs_define
class CreateMatch:
    """
    Attributes:
        game (GameId): A game of the catalogue (`/games`). A request naming another is 404 `game/unknown` (422 for a
            tournament).
        players (int): How many seats: 1 to 8 over all games; each game allows its own range (`min_players`,
            `max_players` in `/games`), else 422 `match/invalid_options`.
        adjudicate_after (int | None | Unset): Adjudication: once the match reaches this many versions (1 to 1,000,000)
            still in play, the arena ends it as a version of its own (an `adjudicated` event, then `ended` with the reason
            `adjudicated`), scored by its game's rule (docs/api.md, Adjudication). Omitted or null: never.
        options (CreateMatchOptions | Unset): Match options by name (see the game's catalogue entry); defaults fill the
            rest.
        pace_ms (int | None | Unset): Milliseconds the server's bots wait before each of their moves, at most 5000: they
            play no faster than one version per `pace_ms`, so people can watch them move by move. Omitted, null or 0: they
            play at once. Deadlines and the other seats are not affected.
        seats (list[SeatRequest] | None | Unset): One entry per seat: `{name}` (its token is returned now), `{bot}` (the
            server plays it) or `{open: true}` (anyone may join). Omitted: every seat's token is returned. A list whose
            length is not `players` is 422 `request/invalid`; a bot the game lacks is 422 `bot/unknown`.
        seed (int | None | Unset): The random seed; omit it for a random one, revealed when the match ends.
        time_control (None | TimeControlRequest | Unset): Every seat's clock, but for a seat that gives its own
            (`seats[].time_control`).
        webhook (MatchWebhookRequest | Unset):
    """

    game: GameId
    players: int
    adjudicate_after: int | None | Unset = UNSET
    options: CreateMatchOptions | Unset = UNSET
    pace_ms: int | None | Unset = UNSET
    seats: list[SeatRequest] | None | Unset = UNSET
    seed: int | None | Unset = UNSET
    time_control: None | TimeControlRequest | Unset = UNSET
    webhook: MatchWebhookRequest | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.time_control_request import TimeControlRequest

        game = self.game.value

        players = self.players

        adjudicate_after: int | None | Unset
        if isinstance(self.adjudicate_after, Unset):
            adjudicate_after = UNSET
        else:
            adjudicate_after = self.adjudicate_after

        options: dict[str, Any] | Unset = UNSET
        if not isinstance(self.options, Unset):
            options = self.options.to_dict()

        pace_ms: int | None | Unset
        if isinstance(self.pace_ms, Unset):
            pace_ms = UNSET
        else:
            pace_ms = self.pace_ms

        seats: list[dict[str, Any]] | None | Unset
        if isinstance(self.seats, Unset):
            seats = UNSET
        elif isinstance(self.seats, list):
            seats = []
            for seats_type_0_item_data in self.seats:
                seats_type_0_item = seats_type_0_item_data.to_dict()
                seats.append(seats_type_0_item)

        else:
            seats = self.seats

        seed: int | None | Unset
        if isinstance(self.seed, Unset):
            seed = UNSET
        else:
            seed = self.seed

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
                "game": game,
                "players": players,
            }
        )
        if adjudicate_after is not UNSET:
            field_dict["adjudicate_after"] = adjudicate_after
        if options is not UNSET:
            field_dict["options"] = options
        if pace_ms is not UNSET:
            field_dict["pace_ms"] = pace_ms
        if seats is not UNSET:
            field_dict["seats"] = seats
        if seed is not UNSET:
            field_dict["seed"] = seed
        if time_control is not UNSET:
            field_dict["time_control"] = time_control
        if webhook is not UNSET:
            field_dict["webhook"] = webhook

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.create_match_options import CreateMatchOptions
        from ..models.match_webhook_request import MatchWebhookRequest
        from ..models.seat_request import SeatRequest
        from ..models.time_control_request import TimeControlRequest

        d = dict(src_dict)
        game = GameId(d.pop("game"))

        players = d.pop("players")

        def _parse_adjudicate_after(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        adjudicate_after = _parse_adjudicate_after(d.pop("adjudicate_after", UNSET))

        _options = d.pop("options", UNSET)
        options: CreateMatchOptions | Unset
        if isinstance(_options, Unset):
            options = UNSET
        else:
            options = CreateMatchOptions.from_dict(_options)

        def _parse_pace_ms(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        pace_ms = _parse_pace_ms(d.pop("pace_ms", UNSET))

        def _parse_seats(data: object) -> list[SeatRequest] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                seats_type_0 = []
                _seats_type_0 = data
                for seats_type_0_item_data in _seats_type_0:
                    seats_type_0_item = SeatRequest.from_dict(seats_type_0_item_data)

                    seats_type_0.append(seats_type_0_item)

                return seats_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[SeatRequest] | None | Unset, data)

        seats = _parse_seats(d.pop("seats", UNSET))

        def _parse_seed(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        seed = _parse_seed(d.pop("seed", UNSET))

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
        webhook: MatchWebhookRequest | Unset
        if isinstance(_webhook, Unset):
            webhook = UNSET
        else:
            webhook = MatchWebhookRequest.from_dict(_webhook)

        create_match = cls(
            game=game,
            players=players,
            adjudicate_after=adjudicate_after,
            options=options,
            pace_ms=pace_ms,
            seats=seats,
            seed=seed,
            time_control=time_control,
            webhook=webhook,
        )

        return create_match
