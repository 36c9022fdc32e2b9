from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="GirafferaffeRobotView")


@_attrs_define
class GirafferaffeRobotView:
    """
    Attributes:
        apples (int):
        deck (list[str] | None):
        deck_size (int):
        hand (list[str]):
    """

    apples: int
    deck: list[str] | None
    deck_size: int
    hand: list[str]

    def to_dict(self) -> dict[str, Any]:
        apples = self.apples

        deck: list[str] | None
        if isinstance(self.deck, list):
            deck = self.deck

        else:
            deck = self.deck

        deck_size = self.deck_size

        hand = self.hand

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "apples": apples,
                "deck": deck,
                "deck_size": deck_size,
                "hand": hand,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        apples = d.pop("apples")

        def _parse_deck(data: object) -> list[str] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                deck_type_0 = cast(list[str], data)

                return deck_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None, data)

        deck = _parse_deck(d.pop("deck"))

        deck_size = d.pop("deck_size")

        hand = cast(list[str], d.pop("hand"))

        girafferaffe_robot_view = cls(
            apples=apples,
            deck=deck,
            deck_size=deck_size,
            hand=hand,
        )

        return girafferaffe_robot_view
