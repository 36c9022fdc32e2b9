from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.girafferaffe_view_game import GirafferaffeViewGame

if TYPE_CHECKING:
    from ..models.girafferaffe_robot_view import GirafferaffeRobotView
    from ..models.girafferaffe_tree_view import GirafferaffeTreeView


T = TypeVar("T", bound="GirafferaffeView")


@_attrs_define
class GirafferaffeView:
    """The table as one seat sees it: its own hand, every public pile and count, nothing hidden.

    Attributes:
        apples (list[int]):
        dealer (int):
        game (GirafferaffeViewGame): The game this view belongs to.
        hand_sizes (list[int]):
        hands (list[list[str] | None]):
        loser (int | None):
        mode (str):
        out_of_play (list[str] | None):
        out_of_play_size (int):
        players (int):
        redraw_deck (list[str] | None):
        redraw_size (int):
        robot (GirafferaffeRobotView | None):
        rotten (list[int]):
        round_ (int):
        supply (int):
        trees (list[GirafferaffeTreeView]):
        turn (int):
        winners (list[int] | None):
    """

    apples: list[int]
    dealer: int
    game: GirafferaffeViewGame
    hand_sizes: list[int]
    hands: list[list[str] | None]
    loser: int | None
    mode: str
    out_of_play: list[str] | None
    out_of_play_size: int
    players: int
    redraw_deck: list[str] | None
    redraw_size: int
    robot: GirafferaffeRobotView | None
    rotten: list[int]
    round_: int
    supply: int
    trees: list[GirafferaffeTreeView]
    turn: int
    winners: list[int] | None

    def to_dict(self) -> dict[str, Any]:
        from ..models.girafferaffe_robot_view import GirafferaffeRobotView

        apples = self.apples

        dealer = self.dealer

        game = self.game.value

        hand_sizes = self.hand_sizes

        hands = []
        for hands_item_data in self.hands:
            hands_item: list[str] | None
            if isinstance(hands_item_data, list):
                hands_item = hands_item_data

            else:
                hands_item = hands_item_data
            hands.append(hands_item)

        loser: int | None
        loser = self.loser

        mode = self.mode

        out_of_play: list[str] | None
        if isinstance(self.out_of_play, list):
            out_of_play = self.out_of_play

        else:
            out_of_play = self.out_of_play

        out_of_play_size = self.out_of_play_size

        players = self.players

        redraw_deck: list[str] | None
        if isinstance(self.redraw_deck, list):
            redraw_deck = self.redraw_deck

        else:
            redraw_deck = self.redraw_deck

        redraw_size = self.redraw_size

        robot: dict[str, Any] | None
        if isinstance(self.robot, GirafferaffeRobotView):
            robot = self.robot.to_dict()
        else:
            robot = self.robot

        rotten = self.rotten

        round_ = self.round_

        supply = self.supply

        trees = []
        for trees_item_data in self.trees:
            trees_item = trees_item_data.to_dict()
            trees.append(trees_item)

        turn = self.turn

        winners: list[int] | None
        if isinstance(self.winners, list):
            winners = self.winners

        else:
            winners = self.winners

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "apples": apples,
                "dealer": dealer,
                "game": game,
                "hand_sizes": hand_sizes,
                "hands": hands,
                "loser": loser,
                "mode": mode,
                "out_of_play": out_of_play,
                "out_of_play_size": out_of_play_size,
                "players": players,
                "redraw_deck": redraw_deck,
                "redraw_size": redraw_size,
                "robot": robot,
                "rotten": rotten,
                "round": round_,
                "supply": supply,
                "trees": trees,
                "turn": turn,
                "winners": winners,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.girafferaffe_robot_view import GirafferaffeRobotView
        from ..models.girafferaffe_tree_view import GirafferaffeTreeView

        d = dict(src_dict)
        apples = cast(list[int], d.pop("apples"))

        dealer = d.pop("dealer")

        game = GirafferaffeViewGame(d.pop("game"))

        hand_sizes = cast(list[int], d.pop("hand_sizes"))

        hands = []
        _hands = d.pop("hands")
        for hands_item_data in _hands:

            def _parse_hands_item(data: object) -> list[str] | None:
                if data is None:
                    return data
                try:
                    if not isinstance(data, list):
                        raise TypeError()
                    hands_item_type_0 = cast(list[str], data)

                    return hands_item_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                return cast(list[str] | None, data)

            hands_item = _parse_hands_item(hands_item_data)

            hands.append(hands_item)

        def _parse_loser(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        loser = _parse_loser(d.pop("loser"))

        mode = d.pop("mode")

        def _parse_out_of_play(data: object) -> list[str] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                out_of_play_type_0 = cast(list[str], data)

                return out_of_play_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None, data)

        out_of_play = _parse_out_of_play(d.pop("out_of_play"))

        out_of_play_size = d.pop("out_of_play_size")

        players = d.pop("players")

        def _parse_redraw_deck(data: object) -> list[str] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                redraw_deck_type_0 = cast(list[str], data)

                return redraw_deck_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None, data)

        redraw_deck = _parse_redraw_deck(d.pop("redraw_deck"))

        redraw_size = d.pop("redraw_size")

        def _parse_robot(data: object) -> GirafferaffeRobotView | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                robot_type_0 = GirafferaffeRobotView.from_dict(data)

                return robot_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(GirafferaffeRobotView | None, data)

        robot = _parse_robot(d.pop("robot"))

        rotten = cast(list[int], d.pop("rotten"))

        round_ = d.pop("round")

        supply = d.pop("supply")

        trees = []
        _trees = d.pop("trees")
        for trees_item_data in _trees:
            trees_item = GirafferaffeTreeView.from_dict(trees_item_data)

            trees.append(trees_item)

        turn = d.pop("turn")

        def _parse_winners(data: object) -> list[int] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                winners_type_0 = cast(list[int], data)

                return winners_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[int] | None, data)

        winners = _parse_winners(d.pop("winners"))

        girafferaffe_view = cls(
            apples=apples,
            dealer=dealer,
            game=game,
            hand_sizes=hand_sizes,
            hands=hands,
            loser=loser,
            mode=mode,
            out_of_play=out_of_play,
            out_of_play_size=out_of_play_size,
            players=players,
            redraw_deck=redraw_deck,
            redraw_size=redraw_size,
            robot=robot,
            rotten=rotten,
            round_=round_,
            supply=supply,
            trees=trees,
            turn=turn,
            winners=winners,
        )

        return girafferaffe_view
