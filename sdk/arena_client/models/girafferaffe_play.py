from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.girafferaffe_play_type import GirafferaffePlayType

T = TypeVar("T", bound="GirafferaffePlay")


@_attrs_define
class GirafferaffePlay:
    """Play cards on one tree: number cards, plus one entry per copy card naming the card it copies.

    Attributes:
        cards (list[str]): The number cards played, by id, e.g. ['red-7', 'blue-7'].
        copies (list[str]): One entry per copy card played: the id of the number card in `cards` that it copies; [] for
            none.
        tree (str): The tree to play on, by id, e.g. 'pair', 'single-red', 'any'.
        type_ (GirafferaffePlayType): The action type.
    """

    cards: list[str]
    copies: list[str]
    tree: str
    type_: GirafferaffePlayType

    def to_dict(self) -> dict[str, Any]:
        cards = self.cards

        copies = self.copies

        tree = self.tree

        type_ = self.type_.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "cards": cards,
                "copies": copies,
                "tree": tree,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        cards = cast(list[str], d.pop("cards"))

        copies = cast(list[str], d.pop("copies"))

        tree = d.pop("tree")

        type_ = GirafferaffePlayType(d.pop("type"))

        girafferaffe_play = cls(
            cards=cards,
            copies=copies,
            tree=tree,
            type_=type_,
        )

        return girafferaffe_play
