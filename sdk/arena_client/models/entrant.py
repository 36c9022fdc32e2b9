from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.entrant_kind import EntrantKind

if TYPE_CHECKING:
    from ..models.time_control import TimeControl


T = TypeVar("T", bound="Entrant")


@_attrs_define
class Entrant:
    """
    Attributes:
        bot (None | str):
        concurrency (int | None): At most this many of its matches play at once; null: any number (a server bot).
        entrant (int):
        kind (EntrantKind):
        lease_until (float | None): Until when the host's presence lease on this entrant runs (epoch seconds); null:
            never leased. Once a lease has lapsed, no match of the entrant starts until it is renewed.
        name (str):
        time_control (None | TimeControl): The entrant's own clock, over the tournament's; null: the tournament's.
    """

    bot: None | str
    concurrency: int | None
    entrant: int
    kind: EntrantKind
    lease_until: float | None
    name: str
    time_control: None | TimeControl

    def to_dict(self) -> dict[str, Any]:
        from ..models.time_control import TimeControl

        bot: None | str
        bot = self.bot

        concurrency: int | None
        concurrency = self.concurrency

        entrant = self.entrant

        kind = self.kind.value

        lease_until: float | None
        lease_until = self.lease_until

        name = self.name

        time_control: dict[str, Any] | None
        if isinstance(self.time_control, TimeControl):
            time_control = self.time_control.to_dict()
        else:
            time_control = self.time_control

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "bot": bot,
                "concurrency": concurrency,
                "entrant": entrant,
                "kind": kind,
                "lease_until": lease_until,
                "name": name,
                "time_control": time_control,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.time_control import TimeControl

        d = dict(src_dict)

        def _parse_bot(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        bot = _parse_bot(d.pop("bot"))

        def _parse_concurrency(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        concurrency = _parse_concurrency(d.pop("concurrency"))

        entrant = d.pop("entrant")

        kind = EntrantKind(d.pop("kind"))

        def _parse_lease_until(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        lease_until = _parse_lease_until(d.pop("lease_until"))

        name = d.pop("name")

        def _parse_time_control(data: object) -> None | TimeControl:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                time_control_type_0 = TimeControl.from_dict(data)

                return time_control_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TimeControl, data)

        time_control = _parse_time_control(d.pop("time_control"))

        entrant = cls(
            bot=bot,
            concurrency=concurrency,
            entrant=entrant,
            kind=kind,
            lease_until=lease_until,
            name=name,
            time_control=time_control,
        )

        return entrant
