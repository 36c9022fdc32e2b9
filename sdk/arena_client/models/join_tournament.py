from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="JoinTournament")


@_attrs_define
class JoinTournament:
    """
    Attributes:
        name (str): Unique within the tournament.
        concurrency (int | None | Unset): At most this many of the entrant's matches play at once (default: 1 for a
            program, any number for a server bot). A program that says k gets up to k matches at once: each `GET .../next`
            hands out one it has not asked for yet.
    """

    name: str
    concurrency: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        concurrency: int | None | Unset
        if isinstance(self.concurrency, Unset):
            concurrency = UNSET
        else:
            concurrency = self.concurrency

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
            }
        )
        if concurrency is not UNSET:
            field_dict["concurrency"] = concurrency

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        name = d.pop("name")

        def _parse_concurrency(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        concurrency = _parse_concurrency(d.pop("concurrency", UNSET))

        join_tournament = cls(
            name=name,
            concurrency=concurrency,
        )

        return join_tournament
