from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.girafferaffe_pass import GirafferaffePass
    from ..models.girafferaffe_play import GirafferaffePlay
    from ..models.pili_pili_bet import PiliPiliBet
    from ..models.pili_pili_choose_partner import PiliPiliChoosePartner
    from ..models.pili_pili_exchange_with import PiliPiliExchangeWith
    from ..models.pili_pili_give import PiliPiliGive
    from ..models.pili_pili_pass import PiliPiliPass
    from ..models.pili_pili_play import PiliPiliPlay
    from ..models.pili_pili_play_slot import PiliPiliPlaySlot
    from ..models.pipifax_flip import PipifaxFlip
    from ..models.taiga_flip import TaigaFlip
    from ..models.taiga_pass import TaigaPass
    from ..models.taiga_take import TaigaTake


T = TypeVar("T", bound="TurnLegalActions")


@_attrs_define
class TurnLegalActions:
    """
    Attributes:
        actions (list[GirafferaffePass | GirafferaffePlay | PiliPiliBet | PiliPiliChoosePartner | PiliPiliExchangeWith |
            PiliPiliGive | PiliPiliPass | PiliPiliPlay | PiliPiliPlaySlot | PipifaxFlip | TaigaFlip | TaigaPass |
            TaigaTake]): All of them, or a uniform sample of `legal_limit` when there are more.
        total (int): How many legal actions there are in all.
    """

    actions: list[
        GirafferaffePass
        | GirafferaffePlay
        | PiliPiliBet
        | PiliPiliChoosePartner
        | PiliPiliExchangeWith
        | PiliPiliGive
        | PiliPiliPass
        | PiliPiliPlay
        | PiliPiliPlaySlot
        | PipifaxFlip
        | TaigaFlip
        | TaigaPass
        | TaigaTake
    ]
    total: int

    def to_dict(self) -> dict[str, Any]:
        from ..models.girafferaffe_pass import GirafferaffePass
        from ..models.girafferaffe_play import GirafferaffePlay
        from ..models.pili_pili_bet import PiliPiliBet
        from ..models.pili_pili_choose_partner import PiliPiliChoosePartner
        from ..models.pili_pili_exchange_with import PiliPiliExchangeWith
        from ..models.pili_pili_give import PiliPiliGive
        from ..models.pili_pili_pass import PiliPiliPass
        from ..models.pili_pili_play import PiliPiliPlay
        from ..models.pili_pili_play_slot import PiliPiliPlaySlot
        from ..models.pipifax_flip import PipifaxFlip
        from ..models.taiga_flip import TaigaFlip
        from ..models.taiga_pass import TaigaPass

        actions = []
        for actions_item_data in self.actions:
            actions_item: dict[str, Any]
            if (
                isinstance(actions_item_data, GirafferaffePlay)
                or isinstance(actions_item_data, GirafferaffePass)
                or isinstance(actions_item_data, PiliPiliBet)
                or isinstance(actions_item_data, PiliPiliPlay)
                or isinstance(actions_item_data, PiliPiliPlaySlot)
                or isinstance(actions_item_data, PiliPiliPass)
                or isinstance(actions_item_data, PiliPiliChoosePartner)
                or isinstance(actions_item_data, PiliPiliExchangeWith)
                or isinstance(actions_item_data, PiliPiliGive)
                or isinstance(actions_item_data, PipifaxFlip)
                or isinstance(actions_item_data, TaigaFlip)
                or isinstance(actions_item_data, TaigaPass)
            ):
                actions_item = actions_item_data.to_dict()
            else:
                actions_item = actions_item_data.to_dict()

            actions.append(actions_item)

        total = self.total

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "actions": actions,
                "total": total,
            }
        )

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
        from ..models.pili_pili_play import PiliPiliPlay
        from ..models.pili_pili_play_slot import PiliPiliPlaySlot
        from ..models.pipifax_flip import PipifaxFlip
        from ..models.taiga_flip import TaigaFlip
        from ..models.taiga_pass import TaigaPass
        from ..models.taiga_take import TaigaTake

        d = dict(src_dict)
        actions = []
        _actions = d.pop("actions")
        for actions_item_data in _actions:

            def _parse_actions_item(
                data: object,
            ) -> (
                GirafferaffePass
                | GirafferaffePlay
                | PiliPiliBet
                | PiliPiliChoosePartner
                | PiliPiliExchangeWith
                | PiliPiliGive
                | PiliPiliPass
                | PiliPiliPlay
                | PiliPiliPlaySlot
                | PipifaxFlip
                | TaigaFlip
                | TaigaPass
                | TaigaTake
            ):
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_action_type_0 = GirafferaffePlay.from_dict(data)

                    return componentsschemas_action_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_action_type_1 = GirafferaffePass.from_dict(data)

                    return componentsschemas_action_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_action_type_2 = PiliPiliBet.from_dict(data)

                    return componentsschemas_action_type_2
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_action_type_3 = PiliPiliPlay.from_dict(data)

                    return componentsschemas_action_type_3
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_action_type_4 = PiliPiliPlaySlot.from_dict(data)

                    return componentsschemas_action_type_4
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_action_type_5 = PiliPiliPass.from_dict(data)

                    return componentsschemas_action_type_5
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_action_type_6 = PiliPiliChoosePartner.from_dict(
                        data
                    )

                    return componentsschemas_action_type_6
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_action_type_7 = PiliPiliExchangeWith.from_dict(
                        data
                    )

                    return componentsschemas_action_type_7
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_action_type_8 = PiliPiliGive.from_dict(data)

                    return componentsschemas_action_type_8
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_action_type_9 = PipifaxFlip.from_dict(data)

                    return componentsschemas_action_type_9
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_action_type_10 = TaigaFlip.from_dict(data)

                    return componentsschemas_action_type_10
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_action_type_11 = TaigaPass.from_dict(data)

                    return componentsschemas_action_type_11
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_type_12 = TaigaTake.from_dict(data)

                return componentsschemas_action_type_12

            actions_item = _parse_actions_item(actions_item_data)

            actions.append(actions_item)

        total = d.pop("total")

        turn_legal_actions = cls(
            actions=actions,
            total=total,
        )

        return turn_legal_actions
