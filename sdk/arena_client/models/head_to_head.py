from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="HeadToHead")


@_attrs_define
class HeadToHead:
    """
    Attributes:
        ahead (int):
        behind (int):
        level (int):
    """

    ahead: int
    behind: int
    level: int

    def to_dict(self) -> dict[str, Any]:
        ahead = self.ahead

        behind = self.behind

        level = self.level

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "ahead": ahead,
                "behind": behind,
                "level": level,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        ahead = d.pop("ahead")

        behind = d.pop("behind")

        level = d.pop("level")

        head_to_head = cls(
            ahead=ahead,
            behind=behind,
            level=level,
        )

        return head_to_head
