from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.game_id import GameId
from ..models.game_score_order_type_1 import GameScoreOrderType1
from ..models.game_score_order_type_2_type_1 import GameScoreOrderType2Type1
from ..models.game_score_order_type_3_type_1 import GameScoreOrderType3Type1

if TYPE_CHECKING:
    from ..models.bot import Bot
    from ..models.option import Option
    from ..models.ruling import Ruling


T = TypeVar("T", bound="Game")


@_attrs_define
class Game:
    """
    Attributes:
        action_filters (list[str]): Keys accepted by `filter` when listing legal actions (`key=value`).
        action_types (list[str]): The game's action types.
        bots (list[Bot]): The server's bots.
        description (str):
        id (GameId): A game of the catalogue (`/games`). A request naming another is 404 `game/unknown` (422 for a
            tournament).
        max_players (int):
        min_players (int):
        options (list[Option]):
        rules (str): Where the game's rules and rulings are documented (a repository path).
        rulings (list[Ruling]):
        score_order (GameScoreOrderType1 | GameScoreOrderType2Type1 | GameScoreOrderType3Type1 | None): Whether a higher
            or a lower score is better; null when the game has no scores.
        title (str):
    """

    action_filters: list[str]
    action_types: list[str]
    bots: list[Bot]
    description: str
    id: GameId
    max_players: int
    min_players: int
    options: list[Option]
    rules: str
    rulings: list[Ruling]
    score_order: (
        GameScoreOrderType1 | GameScoreOrderType2Type1 | GameScoreOrderType3Type1 | None
    )
    title: str

    def to_dict(self) -> dict[str, Any]:
        action_filters = self.action_filters

        action_types = self.action_types

        bots = []
        for bots_item_data in self.bots:
            bots_item = bots_item_data.to_dict()
            bots.append(bots_item)

        description = self.description

        id = self.id.value

        max_players = self.max_players

        min_players = self.min_players

        options = []
        for options_item_data in self.options:
            options_item = options_item_data.to_dict()
            options.append(options_item)

        rules = self.rules

        rulings = []
        for rulings_item_data in self.rulings:
            rulings_item = rulings_item_data.to_dict()
            rulings.append(rulings_item)

        score_order: None | str
        if (
            isinstance(self.score_order, GameScoreOrderType1)
            or isinstance(self.score_order, GameScoreOrderType2Type1)
            or isinstance(self.score_order, GameScoreOrderType3Type1)
        ):
            score_order = self.score_order.value
        else:
            score_order = self.score_order

        title = self.title

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "action_filters": action_filters,
                "action_types": action_types,
                "bots": bots,
                "description": description,
                "id": id,
                "max_players": max_players,
                "min_players": min_players,
                "options": options,
                "rules": rules,
                "rulings": rulings,
                "score_order": score_order,
                "title": title,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.bot import Bot
        from ..models.option import Option
        from ..models.ruling import Ruling

        d = dict(src_dict)
        action_filters = cast(list[str], d.pop("action_filters"))

        action_types = cast(list[str], d.pop("action_types"))

        bots = []
        _bots = d.pop("bots")
        for bots_item_data in _bots:
            bots_item = Bot.from_dict(bots_item_data)

            bots.append(bots_item)

        description = d.pop("description")

        id = GameId(d.pop("id"))

        max_players = d.pop("max_players")

        min_players = d.pop("min_players")

        options = []
        _options = d.pop("options")
        for options_item_data in _options:
            options_item = Option.from_dict(options_item_data)

            options.append(options_item)

        rules = d.pop("rules")

        rulings = []
        _rulings = d.pop("rulings")
        for rulings_item_data in _rulings:
            rulings_item = Ruling.from_dict(rulings_item_data)

            rulings.append(rulings_item)

        def _parse_score_order(
            data: object,
        ) -> (
            GameScoreOrderType1
            | GameScoreOrderType2Type1
            | GameScoreOrderType3Type1
            | None
        ):
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                score_order_type_1 = GameScoreOrderType1(data)

                return score_order_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                score_order_type_2_type_1 = GameScoreOrderType2Type1(data)

                return score_order_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                score_order_type_3_type_1 = GameScoreOrderType3Type1(data)

                return score_order_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                GameScoreOrderType1
                | GameScoreOrderType2Type1
                | GameScoreOrderType3Type1
                | None,
                data,
            )

        score_order = _parse_score_order(d.pop("score_order"))

        title = d.pop("title")

        game = cls(
            action_filters=action_filters,
            action_types=action_types,
            bots=bots,
            description=description,
            id=id,
            max_players=max_players,
            min_players=min_players,
            options=options,
            rules=rules,
            rulings=rulings,
            score_order=score_order,
            title=title,
        )

        return game
