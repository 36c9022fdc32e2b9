from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

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


T = TypeVar("T", bound="LegalActions")


@_attrs_define
class LegalActions:
    """
    Attributes:
        actions (list[GirafferaffePass | GirafferaffePlay | PiliPiliBet | PiliPiliChoosePartner | PiliPiliExchangeWith |
            PiliPiliGive | PiliPiliPass | PiliPiliPlay | PiliPiliPlaySlot | PipifaxFlip | TaigaFlip | TaigaPass |
            TaigaTake]):
        labels (list[str]): A short text for each action, parallel to `actions` (e.g. `flip card 7 (red back)`).
        limit (int):
        offset (int):
        sample_seed (int | None): With `sample`: the seed the sample was drawn with (the same seed draws it again).
        total (int): How many legal actions there are in all.
        version (int): The version these actions are legal at.
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
    labels: list[str]
    limit: int
    offset: int
    sample_seed: int | None
    total: int
    version: int

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

        labels = self.labels

        limit = self.limit

        offset = self.offset

        sample_seed: int | None
        sample_seed = self.sample_seed

        total = self.total

        version = self.version

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "actions": actions,
                "labels": labels,
                "limit": limit,
                "offset": offset,
                "sample_seed": sample_seed,
                "total": total,
                "version": version,
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

        labels = cast(list[str], d.pop("labels"))

        limit = d.pop("limit")

        offset = d.pop("offset")

        def _parse_sample_seed(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        sample_seed = _parse_sample_seed(d.pop("sample_seed"))

        total = d.pop("total")

        version = d.pop("version")

        legal_actions = cls(
            actions=actions,
            labels=labels,
            limit=limit,
            offset=offset,
            sample_seed=sample_seed,
            total=total,
            version=version,
        )

        return legal_actions
