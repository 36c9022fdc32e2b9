from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.taiga_view_game import TaigaViewGame
from ..models.taiga_view_phase import TaigaViewPhase

if TYPE_CHECKING:
    from ..models.taiga_disc_view import TaigaDiscView


T = TypeVar("T", bound="TaigaView")


@_attrs_define
class TaigaView:
    """The table: every disc's up side, tokens, cards won and the target are public; nothing is private.

    Attributes:
        cards_left (int):
        cards_won (list[list[str]]):
        circle (int):
        discs (list[TaigaDiscView]):
        draw_pile (list[str] | None):
        found (int):
        game (TaigaViewGame): The game this view belongs to.
        last_disc (int | None):
        phase (TaigaViewPhase):
        players (int):
        scores (list[int]):
        take_from (list[int]):
        target (None | str):
        tokens (list[int]):
        turn (int | None):
        winners (list[int] | None):
    """

    cards_left: int
    cards_won: list[list[str]]
    circle: int
    discs: list[TaigaDiscView]
    draw_pile: list[str] | None
    found: int
    game: TaigaViewGame
    last_disc: int | None
    phase: TaigaViewPhase
    players: int
    scores: list[int]
    take_from: list[int]
    target: None | str
    tokens: list[int]
    turn: int | None
    winners: list[int] | None

    def to_dict(self) -> dict[str, Any]:
        cards_left = self.cards_left

        cards_won = []
        for cards_won_item_data in self.cards_won:
            cards_won_item = cards_won_item_data

            cards_won.append(cards_won_item)

        circle = self.circle

        discs = []
        for discs_item_data in self.discs:
            discs_item = discs_item_data.to_dict()
            discs.append(discs_item)

        draw_pile: list[str] | None
        if isinstance(self.draw_pile, list):
            draw_pile = self.draw_pile

        else:
            draw_pile = self.draw_pile

        found = self.found

        game = self.game.value

        last_disc: int | None
        last_disc = self.last_disc

        phase = self.phase.value

        players = self.players

        scores = self.scores

        take_from = self.take_from

        target: None | str
        target = self.target

        tokens = self.tokens

        turn: int | None
        turn = self.turn

        winners: list[int] | None
        if isinstance(self.winners, list):
            winners = self.winners

        else:
            winners = self.winners

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "cards_left": cards_left,
                "cards_won": cards_won,
                "circle": circle,
                "discs": discs,
                "draw_pile": draw_pile,
                "found": found,
                "game": game,
                "last_disc": last_disc,
                "phase": phase,
                "players": players,
                "scores": scores,
                "take_from": take_from,
                "target": target,
                "tokens": tokens,
                "turn": turn,
                "winners": winners,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.taiga_disc_view import TaigaDiscView

        d = dict(src_dict)
        cards_left = d.pop("cards_left")

        cards_won = []
        _cards_won = d.pop("cards_won")
        for cards_won_item_data in _cards_won:
            cards_won_item = cast(list[str], cards_won_item_data)

            cards_won.append(cards_won_item)

        circle = d.pop("circle")

        discs = []
        _discs = d.pop("discs")
        for discs_item_data in _discs:
            discs_item = TaigaDiscView.from_dict(discs_item_data)

            discs.append(discs_item)

        def _parse_draw_pile(data: object) -> list[str] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                draw_pile_type_0 = cast(list[str], data)

                return draw_pile_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None, data)

        draw_pile = _parse_draw_pile(d.pop("draw_pile"))

        found = d.pop("found")

        game = TaigaViewGame(d.pop("game"))

        def _parse_last_disc(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        last_disc = _parse_last_disc(d.pop("last_disc"))

        phase = TaigaViewPhase(d.pop("phase"))

        players = d.pop("players")

        scores = cast(list[int], d.pop("scores"))

        take_from = cast(list[int], d.pop("take_from"))

        def _parse_target(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        target = _parse_target(d.pop("target"))

        tokens = cast(list[int], d.pop("tokens"))

        def _parse_turn(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        turn = _parse_turn(d.pop("turn"))

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

        taiga_view = cls(
            cards_left=cards_left,
            cards_won=cards_won,
            circle=circle,
            discs=discs,
            draw_pile=draw_pile,
            found=found,
            game=game,
            last_disc=last_disc,
            phase=phase,
            players=players,
            scores=scores,
            take_from=take_from,
            target=target,
            tokens=tokens,
            turn=turn,
            winners=winners,
        )

        return taiga_view
