from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.girafferaffe_pass import GirafferaffePass
    from ..models.girafferaffe_play import GirafferaffePlay
    from ..models.pili_pili_bet import PiliPiliBet
    from ..models.pili_pili_choose_partner import PiliPiliChoosePartner
    from ..models.pili_pili_exchange_with import PiliPiliExchangeWith
    from ..models.pili_pili_give import PiliPiliGive
    from ..models.pili_pili_pass import PiliPiliPass
    from ..models.pili_pili_play_request import PiliPiliPlayRequest
    from ..models.pili_pili_play_slot import PiliPiliPlaySlot
    from ..models.pipifax_flip import PipifaxFlip
    from ..models.taiga_flip import TaigaFlip
    from ..models.taiga_pass import TaigaPass
    from ..models.taiga_take import TaigaTake


T = TypeVar("T", bound="SocketMove")


@_attrs_define
class SocketMove:
    """
    Attributes:
        action (GirafferaffePass | GirafferaffePlay | PiliPiliBet | PiliPiliChoosePartner | PiliPiliExchangeWith |
            PiliPiliGive | PiliPiliPass | PiliPiliPlayRequest | PiliPiliPlaySlot | PipifaxFlip | TaigaFlip | TaigaPass |
            TaigaTake):
        version (int): The version the action was decided at (as `If-Match`).
        key (None | str | Unset): The move's idempotency key (as `Idempotency-Key`): a resend replays its answer.
    """

    action: (
        GirafferaffePass
        | GirafferaffePlay
        | PiliPiliBet
        | PiliPiliChoosePartner
        | PiliPiliExchangeWith
        | PiliPiliGive
        | PiliPiliPass
        | PiliPiliPlayRequest
        | PiliPiliPlaySlot
        | PipifaxFlip
        | TaigaFlip
        | TaigaPass
        | TaigaTake
    )
    version: int
    key: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.girafferaffe_pass import GirafferaffePass
        from ..models.girafferaffe_play import GirafferaffePlay
        from ..models.pili_pili_bet import PiliPiliBet
        from ..models.pili_pili_choose_partner import PiliPiliChoosePartner
        from ..models.pili_pili_exchange_with import PiliPiliExchangeWith
        from ..models.pili_pili_give import PiliPiliGive
        from ..models.pili_pili_pass import PiliPiliPass
        from ..models.pili_pili_play_request import PiliPiliPlayRequest
        from ..models.pili_pili_play_slot import PiliPiliPlaySlot
        from ..models.pipifax_flip import PipifaxFlip
        from ..models.taiga_flip import TaigaFlip
        from ..models.taiga_pass import TaigaPass

        action: dict[str, Any]
        if (
            isinstance(self.action, GirafferaffePlay)
            or isinstance(self.action, GirafferaffePass)
            or isinstance(self.action, PiliPiliBet)
            or isinstance(self.action, PiliPiliPlayRequest)
            or isinstance(self.action, PiliPiliPlaySlot)
            or isinstance(self.action, PiliPiliPass)
            or isinstance(self.action, PiliPiliChoosePartner)
            or isinstance(self.action, PiliPiliExchangeWith)
            or isinstance(self.action, PiliPiliGive)
            or isinstance(self.action, PipifaxFlip)
            or isinstance(self.action, TaigaFlip)
            or isinstance(self.action, TaigaPass)
        ):
            action = self.action.to_dict()
        else:
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
        from ..models.girafferaffe_pass import GirafferaffePass
        from ..models.girafferaffe_play import GirafferaffePlay
        from ..models.pili_pili_bet import PiliPiliBet
        from ..models.pili_pili_choose_partner import PiliPiliChoosePartner
        from ..models.pili_pili_exchange_with import PiliPiliExchangeWith
        from ..models.pili_pili_give import PiliPiliGive
        from ..models.pili_pili_pass import PiliPiliPass
        from ..models.pili_pili_play_request import PiliPiliPlayRequest
        from ..models.pili_pili_play_slot import PiliPiliPlaySlot
        from ..models.pipifax_flip import PipifaxFlip
        from ..models.taiga_flip import TaigaFlip
        from ..models.taiga_pass import TaigaPass
        from ..models.taiga_take import TaigaTake

        d = dict(src_dict)

        def _parse_action(
            data: object,
        ) -> (
            GirafferaffePass
            | GirafferaffePlay
            | PiliPiliBet
            | PiliPiliChoosePartner
            | PiliPiliExchangeWith
            | PiliPiliGive
            | PiliPiliPass
            | PiliPiliPlayRequest
            | PiliPiliPlaySlot
            | PipifaxFlip
            | TaigaFlip
            | TaigaPass
            | TaigaTake
        ):
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_request_type_0 = GirafferaffePlay.from_dict(
                    data
                )

                return componentsschemas_action_request_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_request_type_1 = GirafferaffePass.from_dict(
                    data
                )

                return componentsschemas_action_request_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_request_type_2 = PiliPiliBet.from_dict(data)

                return componentsschemas_action_request_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_request_type_3 = PiliPiliPlayRequest.from_dict(
                    data
                )

                return componentsschemas_action_request_type_3
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_request_type_4 = PiliPiliPlaySlot.from_dict(
                    data
                )

                return componentsschemas_action_request_type_4
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_request_type_5 = PiliPiliPass.from_dict(data)

                return componentsschemas_action_request_type_5
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_request_type_6 = (
                    PiliPiliChoosePartner.from_dict(data)
                )

                return componentsschemas_action_request_type_6
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_request_type_7 = (
                    PiliPiliExchangeWith.from_dict(data)
                )

                return componentsschemas_action_request_type_7
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_request_type_8 = PiliPiliGive.from_dict(data)

                return componentsschemas_action_request_type_8
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_request_type_9 = PipifaxFlip.from_dict(data)

                return componentsschemas_action_request_type_9
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_request_type_10 = TaigaFlip.from_dict(data)

                return componentsschemas_action_request_type_10
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_request_type_11 = TaigaPass.from_dict(data)

                return componentsschemas_action_request_type_11
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_action_request_type_12 = TaigaTake.from_dict(data)

            return componentsschemas_action_request_type_12

        action = _parse_action(d.pop("action"))

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
