from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.socket_move_action import SocketMoveAction


T = TypeVar("T", bound="SocketMove")


@_attrs_define
class SocketMove:
    """
    Attributes:
        action (SocketMoveAction): An `Action` of the match's game.
        version (int): The version the action was decided at (as `If-Match`).
        key (None | str | Unset): The move's idempotency key (as `Idempotency-Key`): a resend replays its answer.
    """

    action: SocketMoveAction
    version: int
    key: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        action = self.action.to_dict()

        version = self.version

        key: None | str | Unset
        if isinstance(self.key, Unset):
            key = UNSET
        else:
            key = self.key

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "action": action,
                "version": version,
            }
        )
        if key is not UNSET:
            field_dict["key"] = key

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.socket_move_action import SocketMoveAction

        d = dict(src_dict)
        action = SocketMoveAction.from_dict(d.pop("action"))

        version = d.pop("version")

        def _parse_key(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        key = _parse_key(d.pop("key", UNSET))

        socket_move = cls(
            action=action,
            version=version,
            key=key,
        )

        return socket_move
