from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.option_kind import OptionKind

if TYPE_CHECKING:
    from ..models.applies_when import AppliesWhen
    from ..models.choice_players import ChoicePlayers


T = TypeVar("T", bound="Option")


@_attrs_define
class Option:
    """
    Attributes:
        applies_when (AppliesWhen | None): The option matters only while `option` has one of `values` (e.g.
            `robot_cards` only in `mode` `solo`); null: always. Elsewhere it is ignored, or refused where the game says so.
        choice_players (list[ChoicePlayers]): Choices that allow fewer player counts than the game does (e.g.
            Girafferaffe's `solo` mode: 1 player); a choice not listed allows the game's `min_players` to `max_players`.
        choices (list[Any]):
        default (Any):
        description (str):
        kind (OptionKind): choice (one of `choices`), integer (from `minimum` to `maximum`), boolean, seat (a seat
            number; null picks a seeded random seat) or json (structured data the game checks).
        maximum (int | None):
        minimum (int | None):
        name (str):
    """

    applies_when: AppliesWhen | None
    choice_players: list[ChoicePlayers]
    choices: list[Any]
    default: Any
    description: str
    kind: OptionKind
    maximum: int | None
    minimum: int | None
    name: str

    def to_dict(self) -> dict[str, Any]:
        from ..models.applies_when import AppliesWhen

        applies_when: dict[str, Any] | None
        if isinstance(self.applies_when, AppliesWhen):
            applies_when = self.applies_when.to_dict()
        else:
            applies_when = self.applies_when

        choice_players = []
        for choice_players_item_data in self.choice_players:
            choice_players_item = choice_players_item_data.to_dict()
            choice_players.append(choice_players_item)

        choices = self.choices

        default = self.default

        description = self.description

        kind = self.kind.value

        maximum: int | None
        maximum = self.maximum

        minimum: int | None
        minimum = self.minimum

        name = self.name

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "applies_when": applies_when,
                "choice_players": choice_players,
                "choices": choices,
                "default": default,
                "description": description,
                "kind": kind,
                "maximum": maximum,
                "minimum": minimum,
                "name": name,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.applies_when import AppliesWhen
        from ..models.choice_players import ChoicePlayers

        d = dict(src_dict)

        def _parse_applies_when(data: object) -> AppliesWhen | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                applies_when_type_0 = AppliesWhen.from_dict(data)

                return applies_when_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AppliesWhen | None, data)

        applies_when = _parse_applies_when(d.pop("applies_when"))

        choice_players = []
        _choice_players = d.pop("choice_players")
        for choice_players_item_data in _choice_players:
            choice_players_item = ChoicePlayers.from_dict(choice_players_item_data)

            choice_players.append(choice_players_item)

        choices = cast(list[Any], d.pop("choices"))

        default = d.pop("default")

        description = d.pop("description")

        kind = OptionKind(d.pop("kind"))

        def _parse_maximum(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        maximum = _parse_maximum(d.pop("maximum"))

        def _parse_minimum(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        minimum = _parse_minimum(d.pop("minimum"))

        name = d.pop("name")

        option = cls(
            applies_when=applies_when,
            choice_players=choice_players,
            choices=choices,
            default=default,
            description=description,
            kind=kind,
            maximum=maximum,
            minimum=minimum,
            name=name,
        )

        return option
