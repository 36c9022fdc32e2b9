from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.match_summary import MatchSummary


T = TypeVar("T", bound="MatchList")


@_attrs_define
class MatchList:
    """
    Attributes:
        matches (list[MatchSummary]):
        next_cursor (None | str): Pass as `cursor` for the next page; null at the end.
    """

    matches: list[MatchSummary]
    next_cursor: None | str

    def to_dict(self) -> dict[str, Any]:
        matches = []
        for matches_item_data in self.matches:
            matches_item = matches_item_data.to_dict()
            matches.append(matches_item)

        next_cursor: None | str
        next_cursor = self.next_cursor

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "matches": matches,
                "next_cursor": next_cursor,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.match_summary import MatchSummary

        d = dict(src_dict)
        matches = []
        _matches = d.pop("matches")
        for matches_item_data in _matches:
            matches_item = MatchSummary.from_dict(matches_item_data)

            matches.append(matches_item)

        def _parse_next_cursor(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_cursor = _parse_next_cursor(d.pop("next_cursor"))

        match_list = cls(
            matches=matches,
            next_cursor=next_cursor,
        )

        return match_list
