from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="TaigaDiscView")


@_attrs_define
class TaigaDiscView:
    """
    Attributes:
        disc (int):
        down (None | str):
        up (str):
    """

    disc: int
    down: None | str
    up: str

    def to_dict(self) -> dict[str, Any]:
        disc = self.disc

        down: None | str
        down = self.down

        up = self.up

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "disc": disc,
                "down": down,
                "up": up,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        disc = d.pop("disc")

        def _parse_down(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        down = _parse_down(d.pop("down"))

        up = d.pop("up")

        taiga_disc_view = cls(
            disc=disc,
            down=down,
            up=up,
        )

        return taiga_disc_view
