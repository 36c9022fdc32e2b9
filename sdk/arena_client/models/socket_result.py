from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.socket_result_type import SocketResultType

if TYPE_CHECKING:
    from ..models.move_result import MoveResult


T = TypeVar("T", bound="SocketResult")


@_attrs_define
class SocketResult:
    """
    Attributes:
        data (MoveResult):
        key (None | str):
        replayed (bool):
        status (int):
        type_ (SocketResultType):
    """

    data: MoveResult
    key: None | str
    replayed: bool
    status: int
    type_: SocketResultType

    def to_dict(self) -> dict[str, Any]:
        data = self.data.to_dict()

        key: None | str
        key = self.key

        replayed = self.replayed

        status = self.status

        type_ = self.type_.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "data": data,
                "key": key,
                "replayed": replayed,
                "status": status,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.move_result import MoveResult

        d = dict(src_dict)
        data = MoveResult.from_dict(d.pop("data"))

        def _parse_key(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        key = _parse_key(d.pop("key"))

        replayed = d.pop("replayed")

        status = d.pop("status")

        type_ = SocketResultType(d.pop("type"))

        socket_result = cls(
            data=data,
            key=key,
            replayed=replayed,
            status=status,
            type_=type_,
        )

        return socket_result
