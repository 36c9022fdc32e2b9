from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.create_match_options import CreateMatchOptions


T = TypeVar("T", bound="CreateMatch")


@_attrs_define
class CreateMatch:
    """
    Attributes:
        game (str): A game id from `/games`.
        players (int): How many seats.
        options (CreateMatchOptions | Unset): Match options by name (see the game's catalogue entry); defaults fill the
            rest.
        seed (int | None | Unset): The random seed; omit it for a random one, revealed when the match ends.
    """

    game: str
    players: int
    options: CreateMatchOptions | Unset = UNSET
    seed: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        game = self.game

        players = self.players

        options: dict[str, Any] | Unset = UNSET
        if not isinstance(self.options, Unset):
            options = self.options.to_dict()

        seed: int | None | Unset
        if isinstance(self.seed, Unset):
            seed = UNSET
        else:
            seed = self.seed

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "game": game,
                "players": players,
            }
        )
        if options is not UNSET:
            field_dict["options"] = options
        if seed is not UNSET:
            field_dict["seed"] = seed

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.create_match_options import CreateMatchOptions

        d = dict(src_dict)
        game = d.pop("game")

        players = d.pop("players")

        _options = d.pop("options", UNSET)
        options: CreateMatchOptions | Unset
        if isinstance(_options, Unset):
            options = UNSET
        else:
            options = CreateMatchOptions.from_dict(_options)

        def _parse_seed(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        seed = _parse_seed(d.pop("seed", UNSET))

        create_match = cls(
            game=game,
            players=players,
            options=options,
            seed=seed,
        )

        return create_match
