from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.action_record_action import ActionRecordAction


T = TypeVar("T", bound="ActionRecord")


@_attrs_define
class ActionRecord:
    """
    Attributes:
        action (ActionRecordAction): The action as submitted, or `{type, hidden: true}` for a secret choice the reader
            may not know yet (it is shown once the game reveals it).
        label (None | str): Its text; null while hidden.
        seat (int): The seat that acted (or the server for it).
        version (int):
    """

    action: ActionRecordAction
    label: None | str
    seat: int
    version: int

    def to_dict(self) -> dict[str, Any]:
        action = self.action.to_dict()

        label: None | str
        label = self.label

        seat = self.seat

        version = self.version

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "action": action,
                "label": label,
                "seat": seat,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.action_record_action import ActionRecordAction

        d = dict(src_dict)
        action = ActionRecordAction.from_dict(d.pop("action"))

        def _parse_label(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        label = _parse_label(d.pop("label"))

        seat = d.pop("seat")

        version = d.pop("version")

        action_record = cls(
            action=action,
            label=label,
            seat=seat,
            version=version,
        )

        return action_record
