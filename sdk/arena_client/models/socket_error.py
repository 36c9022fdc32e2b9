from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.socket_error_type import SocketErrorType

if TYPE_CHECKING:
    from ..models.error import Error


T = TypeVar("T", bound="SocketError")


@_attrs_define
class SocketError:
    """
    Attributes:
        error (Error):
        key (None | str):
        status (int):
        type_ (SocketErrorType):
    """

    error: Error
    key: None | str
    status: int
    type_: SocketErrorType

    def to_dict(self) -> dict[str, Any]:
        error = self.error.to_dict()

        key: None | str
        key = self.key

        status = self.status

        type_ = self.type_.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "error": error,
                "key": key,
                "status": status,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.error import Error

        d = dict(src_dict)
        error = Error.from_dict(d.pop("error"))

        def _parse_key(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        key = _parse_key(d.pop("key"))

        status = d.pop("status")

        type_ = SocketErrorType(d.pop("type"))

        socket_error = cls(
            error=error,
            key=key,
            status=status,
            type_=type_,
        )

        return socket_error
