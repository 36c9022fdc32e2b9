from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.error_code import ErrorCode

if TYPE_CHECKING:
    from ..models.error_details import ErrorDetails


T = TypeVar("T", bound="Error")


@_attrs_define
class Error:
    """
    Attributes:
        code (ErrorCode): Stable machine-readable error code (docs/api.md#errors lists what each means). A client should
            expect codes added in later versions and fall back on `status` for one it does not know.
        details (ErrorDetails): Structured extras: the rule broken, the current version, field errors.
        message (str): What went wrong, for people.
        status (int): The HTTP status code.
    """

    code: ErrorCode
    details: ErrorDetails
    message: str
    status: int

    def to_dict(self) -> dict[str, Any]:
        code = self.code.value

        details = self.details.to_dict()

        message = self.message

        status = self.status

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "code": code,
                "details": details,
                "message": message,
                "status": status,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.error_details import ErrorDetails

        d = dict(src_dict)
        code = ErrorCode(d.pop("code"))

        details = ErrorDetails.from_dict(d.pop("details"))

        message = d.pop("message")

        status = d.pop("status")

        error = cls(
            code=code,
            details=details,
            message=message,
            status=status,
        )

        return error
