from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

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

        return pipifax_view
