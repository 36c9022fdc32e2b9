from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.event_data import EventData


T = TypeVar("T", bound="Event")


@_attrs_define
class Event:
    """
    Attributes:
        data (EventData):
        kind (str):
        version (int):
        visible_to (list[int] | None): null for public events.
    """

    data: EventData
    kind: str
    version: int
    visible_to: list[int] | None

    def to_dict(self) -> dict[str, Any]:
        data = self.data.to_dict()

        kind = self.kind

        version = self.version

        visible_to: list[int] | None
        if isinstance(self.visible_to, list):
            visible_to = self.visible_to

        else:
            visible_to = self.visible_to

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "data": data,
                "kind": kind,
                "version": version,
                "visible_to": visible_to,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.event_data import EventData

        d = dict(src_dict)
        data = EventData.from_dict(d.pop("data"))

        kind = d.pop("kind")

        version = d.pop("version")

        def _parse_visible_to(data: object) -> list[int] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                visible_to_type_0 = cast(list[int], data)

                return visible_to_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[int] | None, data)

        visible_to = _parse_visible_to(d.pop("visible_to"))

        event = cls(
            data=data,
            kind=kind,
            version=version,
            visible_to=visible_to,
        )

        return event
