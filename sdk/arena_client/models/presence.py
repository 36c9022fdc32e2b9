from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="Presence")


@_attrs_define
class Presence:
    """
    Attributes:
        seconds (float): How long from now the lease runs; renew it before it lapses.
        capacity (int | None | Unset): How many matches the host's live workers can play at once: no more matches with
            one of these entrants play at once (0: none starts). null (or left out): no cap. Each renewal says it anew.
        entrants (list[int] | None | Unset): The entrants it holds (numbers); null: every named entrant.
        lost (list[str] | Unset): Matches of this tournament playing whose worker died while it played them (not stopped
            by the host): each is void `worker_lost` and played again, not scored. Ids of other matches are ignored (the
            answer's `lost` says which were taken). Left out: none.
        session (None | str | Unset): The host process's session: a name it picks at random when it starts and sends on
            every renewal. A program's timeout is scored only if the session renewing after it was already renewing when the
            program asked for its match; a session that began later (the host was restarted within its lease) has the match
            void `runner_lost`. null (or left out): any renewal after the timeout scores it.
    """

    seconds: float
    capacity: int | None | Unset = UNSET
    entrants: list[int] | None | Unset = UNSET
    lost: list[str] | Unset = UNSET
    session: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        seconds = self.seconds

        capacity: int | None | Unset
        if isinstance(self.capacity, Unset):
            capacity = UNSET
        else:
            capacity = self.capacity

        entrants: list[int] | None | Unset
        if isinstance(self.entrants, Unset):
            entrants = UNSET
        elif isinstance(self.entrants, list):
            entrants = self.entrants

        else:
            entrants = self.entrants

        lost: list[str] | Unset = UNSET
        if not isinstance(self.lost, Unset):
            lost = self.lost

        session: None | str | Unset
        if isinstance(self.session, Unset):
            session = UNSET
        else:
            session = self.session

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "seconds": seconds,
            }
        )
        if capacity is not UNSET:
            field_dict["capacity"] = capacity
        if entrants is not UNSET:
            field_dict["entrants"] = entrants
        if lost is not UNSET:
            field_dict["lost"] = lost
        if session is not UNSET:
            field_dict["session"] = session

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        seconds = d.pop("seconds")

        def _parse_capacity(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        capacity = _parse_capacity(d.pop("capacity", UNSET))

        def _parse_entrants(data: object) -> list[int] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                entrants_type_0 = cast(list[int], data)

                return entrants_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[int] | None | Unset, data)

        entrants = _parse_entrants(d.pop("entrants", UNSET))

        lost = cast(list[str], d.pop("lost", UNSET))

        def _parse_session(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        session = _parse_session(d.pop("session", UNSET))

        presence = cls(
            seconds=seconds,
            capacity=capacity,
            entrants=entrants,
            lost=lost,
            session=session,
        )

        return presence
