from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="PiliPiliSeatView")


@_attrs_define
class PiliPiliSeatView:
    """One seat at the table as the viewer sees it.

    Attributes:
        bet (int | None):
        committed (bool):
        extra_pilis (int):
        hand (list[int | None]):
        partner (int | None):
        pilis (int):
        won (int):
    """

    bet: int | None
    committed: bool
    extra_pilis: int
    hand: list[int | None]
    partner: int | None
    pilis: int
    won: int

    def to_dict(self) -> dict[str, Any]:
        bet: int | None
        bet = self.bet

        committed = self.committed

        extra_pilis = self.extra_pilis

        hand = []
        for hand_item_data in self.hand:
            hand_item: int | None
            hand_item = hand_item_data
            hand.append(hand_item)

        partner: int | None
        partner = self.partner

        pilis = self.pilis

        won = self.won

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "bet": bet,
                "committed": committed,
                "extra_pilis": extra_pilis,
                "hand": hand,
                "partner": partner,
                "pilis": pilis,
                "won": won,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_bet(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        bet = _parse_bet(d.pop("bet"))

        committed = d.pop("committed")

        extra_pilis = d.pop("extra_pilis")

        hand = []
        _hand = d.pop("hand")
        for hand_item_data in _hand:

            def _parse_hand_item(data: object) -> int | None:
                if data is None:
                    return data
                return cast(int | None, data)

            hand_item = _parse_hand_item(hand_item_data)

            hand.append(hand_item)

        def _parse_partner(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        partner = _parse_partner(d.pop("partner"))

        pilis = d.pop("pilis")

        won = d.pop("won")

        pili_pili_seat_view = cls(
            bet=bet,
            committed=committed,
            extra_pilis=extra_pilis,
            hand=hand,
            partner=partner,
            pilis=pilis,
            won=won,
        )

        return pili_pili_seat_view
