from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.entrant_kind import EntrantKind

T = TypeVar("T", bound="Entrant")


@_attrs_define
class Entrant:
    """
    Attributes:
        bot (None | str):
        entrant (int):
        kind (EntrantKind):
        name (str):
    """

    bot: None | str
    entrant: int
    kind: EntrantKind
    name: str

    def to_dict(self) -> dict[str, Any]:
        bot: None | str
        bot = self.bot

        entrant = self.entrant

        kind = self.kind.value

        name = self.name

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "bot": bot,
                "entrant": entrant,
                "kind": kind,
                "name": name,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_bot(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        bot = _parse_bot(d.pop("bot"))

        entrant = d.pop("entrant")

        kind = EntrantKind(d.pop("kind"))

        name = d.pop("name")

        entrant = cls(
            bot=bot,
            entrant=entrant,
            kind=kind,
            name=name,
        )

        return entrant
