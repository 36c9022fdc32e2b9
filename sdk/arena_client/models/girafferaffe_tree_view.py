from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.girafferaffe_play_record import GirafferaffePlayRecord


T = TypeVar("T", bound="GirafferaffeTreeView")


@_attrs_define
class GirafferaffeTreeView:
    """
    Attributes:
        colours (list[str]):
        id (str):
        kind (str):
        max_cards (int | None):
        min_cards (int):
        min_rank (int | None):
        name (str):
        plays (list[GirafferaffePlayRecord]):
        reward_apples (int):
        reward_cards (int):
    """

    colours: list[str]
    id: str
    kind: str
    max_cards: int | None
    min_cards: int
    min_rank: int | None
    name: str
    plays: list[GirafferaffePlayRecord]
    reward_apples: int
    reward_cards: int

    def to_dict(self) -> dict[str, Any]:
        colours = self.colours

        id = self.id

        kind = self.kind

        max_cards: int | None
        max_cards = self.max_cards

        min_cards = self.min_cards

        min_rank: int | None
        min_rank = self.min_rank

        name = self.name

        plays = []
        for plays_item_data in self.plays:
            plays_item = plays_item_data.to_dict()
            plays.append(plays_item)

        reward_apples = self.reward_apples

        reward_cards = self.reward_cards

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "colours": colours,
                "id": id,
                "kind": kind,
                "max_cards": max_cards,
                "min_cards": min_cards,
                "min_rank": min_rank,
                "name": name,
                "plays": plays,
                "reward_apples": reward_apples,
                "reward_cards": reward_cards,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.girafferaffe_play_record import GirafferaffePlayRecord

        d = dict(src_dict)
        colours = cast(list[str], d.pop("colours"))

        id = d.pop("id")

        kind = d.pop("kind")

        def _parse_max_cards(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        max_cards = _parse_max_cards(d.pop("max_cards"))

        min_cards = d.pop("min_cards")

        def _parse_min_rank(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        min_rank = _parse_min_rank(d.pop("min_rank"))

        name = d.pop("name")

        plays = []
        _plays = d.pop("plays")
        for plays_item_data in _plays:
            plays_item = GirafferaffePlayRecord.from_dict(plays_item_data)

            plays.append(plays_item)

        reward_apples = d.pop("reward_apples")

        reward_cards = d.pop("reward_cards")

        girafferaffe_tree_view = cls(
            colours=colours,
            id=id,
            kind=kind,
            max_cards=max_cards,
            min_cards=min_cards,
            min_rank=min_rank,
            name=name,
            plays=plays,
            reward_apples=reward_apples,
            reward_cards=reward_cards,
        )

        return girafferaffe_tree_view
