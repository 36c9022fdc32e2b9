from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.match_over_event_status import MatchOverEventStatus

if TYPE_CHECKING:
    from ..models.result import Result


T = TypeVar("T", bound="MatchOverEvent")


@_attrs_define
class MatchOverEvent:
    """
    Attributes:
        result (None | Result):
        status (MatchOverEventStatus):
        version (int):
    """

    result: None | Result
    status: MatchOverEventStatus
    version: int

    def to_dict(self) -> dict[str, Any]:
        from ..models.result import Result

        result: dict[str, Any] | None
        if isinstance(self.result, Result):
            result = self.result.to_dict()
        else:
            result = self.result

        status = self.status.value

        version = self.version

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "result": result,
                "status": status,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.result import Result

        d = dict(src_dict)

        def _parse_result(data: object) -> None | Result:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                result_type_0 = Result.from_dict(data)

                return result_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Result, data)

        result = _parse_result(d.pop("result"))

        status = MatchOverEventStatus(d.pop("status"))

        version = d.pop("version")

        match_over_event = cls(
            result=result,
            status=status,
            version=version,
        )

        return match_over_event
