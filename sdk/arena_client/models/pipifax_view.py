from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.pipifax_view_game import PipifaxViewGame

if TYPE_CHECKING:
    from ..models.pipifax_card_view import PipifaxCardView


T = TypeVar("T", bound="PipifaxView")


@_attrs_define
class PipifaxView:
    """The table as every player sees it: Pipifax has no private information, only face-down cards.

    Attributes:
        cards (list[PipifaxCardView]):
        die (str):
        flipped (list[int]):
        game (PipifaxViewGame): The game this view belongs to.
        players (int):
        turn (int):
        winner (int | None):
    """

    cards: list[PipifaxCardView]
    die: str
    flipped: list[int]
    game: PipifaxViewGame
    players: int
    turn: int
    winner: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        cards = []
        for cards_item_data in self.cards:
            cards_item = cards_item_data.to_dict()
            cards.append(cards_item)

        die = self.die

        flipped = self.flipped

        game = self.game.value

        players = self.players

        turn = self.turn

        winner: int | None
        winner = self.winner

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "cards": cards,
                "die": die,
                "flipped": flipped,
                "game": game,
                "players": players,
                "turn": turn,
                "winner": winner,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.pipifax_card_view import PipifaxCardView

        d = dict(src_dict)
        cards = []
        _cards = d.pop("cards")
        for cards_item_data in _cards:
            cards_item = PipifaxCardView.from_dict(cards_item_data)

            cards.append(cards_item)

        die = d.pop("die")

        flipped = cast(list[int], d.pop("flipped"))

        game = PipifaxViewGame(d.pop("game"))

        players = d.pop("players")

        turn = d.pop("turn")

        def _parse_winner(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        winner = _parse_winner(d.pop("winner"))

        pipifax_view = cls(
            cards=cards,
            die=die,
            flipped=flipped,
            game=game,
            players=players,
            turn=turn,
            winner=winner,
        )

        pipifax_view.additional_properties = d
        return pipifax_view

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
